use super::*;
use crate::model::{CSV_COLUMNS, to_csv};
use crate::ports::MockAuditReader;
use chrono::{TimeZone, Utc};
use kernel::AuditEvent;
use uuid::Uuid;

fn entry(detail: &str) -> AuditEntry {
    AuditEntry {
        id: Uuid::nil(),
        event: AuditEvent::new(
            AuditAction::SignInFailed,
            Utc.with_ymd_and_hms(2026, 11, 26, 8, 0, 0).unwrap(),
        )
        .target("alice")
        .ip(Some("192.0.2.1".into()))
        .detail(detail),
        actor_name: None,
    }
}

#[test]
fn csv_quotes_what_needs_it_and_defuses_formulas() {
    let csv = to_csv(&[entry("a, \"b\"\nc"), entry("=HYPERLINK(1)")]);
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(lines[0], CSV_COLUMNS.join(","));
    assert_eq!(
        lines[1],
        "2026-11-26T08:00:00.000000Z,auth.sign_in_failed,,,,alice,192.0.2.1,\"a, \"\"b\"\"\nc\",00000000-0000-0000-0000-000000000000"
    );
    assert!(lines[2].contains(",'=HYPERLINK(1),"), "{}", lines[2]);
    assert_eq!(lines.len(), 4, "header, two rows, the final CRLF");
}

#[tokio::test]
async fn a_range_that_ends_before_it_starts_is_refused_before_reading() {
    let mut reader = MockAuditReader::new();
    reader.expect_find().never();
    reader.expect_find_all().never();
    let service = AuditService::new(Arc::new(reader));
    let t = Utc.with_ymd_and_hms(2026, 11, 26, 8, 0, 0).unwrap();
    let filter = AuditFilter {
        from: Some(t),
        to: Some(t),
        ..AuditFilter::default()
    };
    assert!(matches!(
        service.list(&filter, PageRequest::first(5)).await,
        Err(AuditError::InvalidRange)
    ));
    assert!(matches!(
        service.export(&filter).await,
        Err(AuditError::InvalidRange)
    ));
}

#[tokio::test]
async fn an_export_past_the_cap_says_it_was_cut() {
    let mut reader = MockAuditReader::new();
    reader
        .expect_find_all()
        .withf(|_, limit| *limit == EXPORT_MAX_ROWS + 1)
        .returning(|_, limit| Ok(vec![entry("x"); usize::try_from(limit).unwrap()]));
    let export = AuditService::new(Arc::new(reader))
        .export(&AuditFilter::default())
        .await
        .unwrap();
    assert!(export.truncated);
    assert_eq!(export.rows.len() as u64, EXPORT_MAX_ROWS);
}
