#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The district use cases over mocked ports: what is asked of the store, what is written, and
//! what is audited.

use super::*;
use crate::import::Refusal;
use crate::ports::MockDistrictRepository;
use crate::provinces::provinces;
use chrono::{DateTime, TimeZone, Utc};
use kernel::{FixedClock, MockAuditLog};
use mockall::predicate::eq;
use std::sync::Mutex;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 9, 0, 0).unwrap()
}

fn admin() -> UserId {
    UserId(uuid::Uuid::from_u128(1))
}

fn code(raw: &str) -> DistrictCode {
    DistrictCode::parse(raw).unwrap()
}

fn sichuan() -> District {
    provinces()
        .unwrap()
        .into_iter()
        .find(|d| d.code.as_str() == "510000")
        .unwrap()
}

fn chengdu() -> District {
    District::new(code("510100"), "成都市", "Chengdu", 30.5728, 104.0668, None).unwrap()
}

fn input(zh: &str, en: &str) -> DistrictInput {
    DistrictInput {
        name_zh: zh.into(),
        name_en: en.into(),
        lat: 30.5728,
        lon: 104.0668,
        tile: None,
    }
}

fn row(line: usize, code: &str, zh: &str, en: &str) -> ImportRow {
    ImportRow {
        line,
        code: code.into(),
        name_zh: zh.into(),
        name_en: en.into(),
        lat: "30.5".into(),
        lon: "104.1".into(),
        ..ImportRow::default()
    }
}

/// The audit events recorded, shared with the mock.
type Events = Arc<Mutex<Vec<AuditEvent>>>;

fn service(repo: MockDistrictRepository) -> (DistrictsService, Events) {
    let events: Events = Arc::default();
    let mut audit = MockAuditLog::new();
    let sink = events.clone();
    audit.expect_record().returning(move |e| {
        sink.lock().unwrap().push(e);
        Ok(())
    });
    let service = DistrictsService::new(DistrictsPorts {
        repo: Arc::new(repo),
        audit: Arc::new(audit),
        clock: Arc::new(FixedClock(t0())),
    });
    (service, events)
}

#[tokio::test]
async fn a_page_asks_one_more_than_it_shows_and_names_where_the_next_starts() {
    let mut repo = MockDistrictRepository::new();
    repo.expect_children()
        .with(eq(None), eq(Some(code("110000"))), eq(3))
        .returning(|_, _, _| Ok(provinces().unwrap()[1..4].to_vec()));
    let (s, _) = service(repo);
    let page = s
        .children(
            None,
            DistrictPageRequest {
                after: Some(code("110000")),
                limit: Some(2),
            },
        )
        .await
        .unwrap();
    assert_eq!(
        page.items
            .iter()
            .map(|d| d.code.as_str())
            .collect::<Vec<_>>(),
        vec!["120000", "130000"]
    );
    assert_eq!(page.next, Some(code("130000")));
}

#[tokio::test]
async fn the_last_page_has_no_next_and_limits_are_clamped() {
    let mut repo = MockDistrictRepository::new();
    repo.expect_children()
        .with(eq(Some(code("510000"))), eq(None), eq(51))
        .returning(|_, _, _| Ok(vec![chengdu()]));
    repo.expect_search()
        .with(eq("成都".to_owned()), eq(None), eq(21))
        .returning(|_, _, _| Ok(vec![chengdu()]));
    let (s, _) = service(repo);
    let page = s
        .children(
            Some(code("510000")),
            DistrictPageRequest {
                after: None,
                limit: Some(10_000),
            },
        )
        .await
        .unwrap();
    assert_eq!((page.items.len(), page.next), (1, None));
    let found = s
        .search(" 成都 ", DistrictPageRequest::default())
        .await
        .unwrap();
    assert_eq!(found.items, vec![chengdu()]);
    assert_eq!(
        s.search("   ", DistrictPageRequest::default())
            .await
            .unwrap(),
        DistrictPage::default(),
        "a blank query asks the store nothing"
    );
}

#[tokio::test]
async fn adding_checks_the_rules_the_code_and_the_parent_then_writes_and_audits() {
    let mut repo = MockDistrictRepository::new();
    repo.expect_find()
        .with(eq(code("510100")))
        .returning(|_| Ok(None));
    repo.expect_find()
        .with(eq(code("510000")))
        .returning(|_| Ok(Some(sichuan())));
    repo.expect_write_all()
        .with(eq(vec![chengdu()]))
        .times(1)
        .returning(|_| Ok(()));
    let (s, events) = service(repo);
    let made = s
        .create(
            admin(),
            Some("203.0.113.7".into()),
            "510100",
            input(" 成都市 ", "Chengdu"),
        )
        .await
        .unwrap();
    assert_eq!(made, chengdu());
    let events = events.lock().unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].action, "district.created");
    assert_eq!(events[0].target.as_deref(), Some("510100"));
    assert_eq!(events[0].actor, Some(admin()));
    assert_eq!(events[0].ip.as_deref(), Some("203.0.113.7"));
    assert_eq!(events[0].at, t0());
    assert!(events[0].detail.as_deref().unwrap().contains("Chengdu"));
}

#[tokio::test]
async fn adding_refuses_a_bad_field_an_existing_code_and_a_missing_parent_writing_nothing() {
    let mut repo = MockDistrictRepository::new();
    repo.expect_find()
        .with(eq(code("510100")))
        .returning(|_| Ok(Some(chengdu())));
    repo.expect_find()
        .with(eq(code("440300")))
        .returning(|_| Ok(None));
    repo.expect_find()
        .with(eq(code("440000")))
        .returning(|_| Ok(None));
    repo.expect_write_all().never();
    let (s, events) = service(repo);
    let err = |r: Result<District, DistrictsError>| r.unwrap_err();
    assert!(matches!(
        err(s
            .create(admin(), None, "51010", input("成都市", "Chengdu"))
            .await),
        DistrictsError::InvalidCode
    ));
    assert!(matches!(
        err(s
            .create(admin(), None, "510100", input("", "Chengdu"))
            .await),
        DistrictsError::InvalidNameZh
    ));
    let mut tiled = input("成都市", "Chengdu");
    tiled.tile = Some((1, 1));
    assert!(matches!(
        err(s.create(admin(), None, "510100", tiled).await),
        DistrictsError::InvalidTile
    ));
    assert!(matches!(
        err(s
            .create(admin(), None, "510100", input("成都市", "Chengdu"))
            .await),
        DistrictsError::AlreadyExists
    ));
    match err(s
        .create(admin(), None, "440300", input("深圳市", "Shenzhen"))
        .await)
    {
        DistrictsError::MissingParent(p) => assert_eq!(p, "440000"),
        other => panic!("{other:?}"),
    }
    assert!(events.lock().unwrap().is_empty());
}

#[tokio::test]
async fn editing_writes_and_audits_before_and_after_but_not_when_nothing_changes() {
    let mut repo = MockDistrictRepository::new();
    repo.expect_find()
        .with(eq(code("510100")))
        .returning(|_| Ok(Some(chengdu())));
    repo.expect_find()
        .with(eq(code("510200")))
        .returning(|_| Ok(None));
    let written: Arc<Mutex<Vec<District>>> = Arc::default();
    let sink = written.clone();
    repo.expect_write_all().times(1).returning(move |ds| {
        sink.lock().unwrap().extend(ds);
        Ok(())
    });
    let (s, events) = service(repo);
    let same = s
        .update(admin(), None, code("510100"), input("成都市", "Chengdu"))
        .await
        .unwrap();
    assert_eq!(same, chengdu());
    let renamed = s
        .update(
            admin(),
            None,
            code("510100"),
            input("成都市", "Chengdu City"),
        )
        .await
        .unwrap();
    assert_eq!(renamed.name_en, "Chengdu City");
    assert_eq!(*written.lock().unwrap(), vec![renamed]);
    assert!(matches!(
        s.update(admin(), None, code("510200"), input("x", "y"))
            .await
            .unwrap_err(),
        DistrictsError::NotFound
    ));
    let events = events.lock().unwrap();
    assert_eq!(events.len(), 1, "the unchanged save is not audited");
    assert_eq!(events[0].action, "district.updated");
    assert_eq!(events[0].target.as_deref(), Some("510100"));
    let detail = events[0].detail.as_deref().unwrap();
    assert!(
        detail.contains("Chengdu (") && detail.contains("→ 成都市 / Chengdu City"),
        "{detail}"
    );
}

/// A store holding the provinces, which expects `find_many` for exactly `asked`.
fn store_with_provinces(asked: Vec<&'static str>) -> MockDistrictRepository {
    let mut repo = MockDistrictRepository::new();
    let asked: Vec<DistrictCode> = asked.into_iter().map(code).collect();
    repo.expect_find_many().with(eq(asked)).returning(|codes| {
        Ok(provinces()
            .unwrap()
            .into_iter()
            .filter(|d| codes.contains(&d.code))
            .collect())
    });
    repo
}

#[tokio::test]
async fn a_dry_run_asks_for_the_named_codes_and_their_parents_and_writes_nothing() {
    let mut repo = store_with_provinces(vec!["510000", "510100", "510700"]);
    repo.expect_write_all().never();
    let (s, events) = service(repo);
    let plan = s
        .import_plan(&[
            row(2, "510100", "成都市", "Chengdu"),
            row(3, "510700", "绵阳市", "Mianyang"),
            row(4, "5107", "?", "?"),
        ])
        .await
        .unwrap();
    assert_eq!(plan.added.len(), 2);
    assert_eq!(
        plan.refused,
        vec![(
            4,
            "5107".to_owned(),
            Refusal::Invalid(DistrictsError::InvalidCode)
        )]
    );
    assert!(events.lock().unwrap().is_empty());
}

#[tokio::test]
async fn applying_with_one_bad_line_writes_nothing_and_audits_nothing() {
    let mut repo = store_with_provinces(vec!["440000", "440300", "510000", "510100"]);
    repo.expect_write_all().never();
    let (s, events) = service(repo);
    let outcome = s
        .import_apply(
            admin(),
            None,
            &[
                row(2, "510100", "成都市", "Chengdu"),
                row(3, "440300", "深圳市", ""),
            ],
        )
        .await
        .unwrap();
    assert!(!outcome.applied);
    assert_eq!(outcome.plan.refused[0].2.code(), "invalid_name_en");
    assert!(events.lock().unwrap().is_empty());
}

#[tokio::test]
async fn applying_a_clean_file_writes_parents_first_in_one_call_and_audits_the_counts() {
    let mut repo = store_with_provinces(vec!["110000", "510000", "510100", "510104"]);
    let written: Arc<Mutex<Vec<Vec<District>>>> = Arc::default();
    let sink = written.clone();
    repo.expect_write_all().times(1).returning(move |ds| {
        sink.lock().unwrap().push(ds);
        Ok(())
    });
    let (s, events) = service(repo);
    let beijing = provinces().unwrap()[0].clone();
    let outcome = s
        .import_apply(
            admin(),
            Some("198.51.100.1".into()),
            &[
                row(2, "510104", "锦江区", "Jinjiang"),
                row(3, "510100", "成都市", "Chengdu"),
                ImportRow {
                    line: 4,
                    code: "110000".into(),
                    name_zh: beijing.name_zh.clone(),
                    name_en: beijing.name_en.clone(),
                    lat: beijing.lat.to_string(),
                    lon: beijing.lon.to_string(),
                    tile_col: "5".into(),
                    tile_row: "2".into(),
                },
            ],
        )
        .await
        .unwrap();
    assert!(outcome.applied);
    assert_eq!(outcome.plan.unchanged, 1);
    let written = written.lock().unwrap();
    assert_eq!(
        written[0]
            .iter()
            .map(|d| d.code.as_str())
            .collect::<Vec<_>>(),
        vec!["510100", "510104"],
        "one transaction, parents first, the unchanged line not rewritten"
    );
    let events = events.lock().unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].action, "district.imported");
    assert_eq!(
        events[0].detail.as_deref(),
        Some("added 2, changed 0, unchanged 1")
    );
    assert_eq!(events[0].ip.as_deref(), Some("198.51.100.1"));
}

#[tokio::test]
async fn a_failed_write_is_an_error_and_is_not_audited() {
    let mut repo = store_with_provinces(vec!["510000", "510100"]);
    repo.expect_write_all()
        .returning(|_| Err(anyhow::anyhow!("foreign key")));
    let (s, events) = service(repo);
    let err = s
        .import_apply(admin(), None, &[row(2, "510100", "成都市", "Chengdu")])
        .await
        .unwrap_err();
    assert!(matches!(err, DistrictsError::Unexpected(_)));
    assert!(events.lock().unwrap().is_empty());
}

#[tokio::test]
async fn too_many_lines_are_refused_before_the_store_is_asked() {
    let (s, _) = service(MockDistrictRepository::new());
    let rows = vec![row(2, "510100", "成都市", "Chengdu"); MAX_ROWS + 1];
    assert!(matches!(
        s.import_plan(&rows).await.unwrap_err(),
        DistrictsError::TooManyRows { max: MAX_ROWS }
    ));
}

#[tokio::test]
async fn an_export_reads_every_district_in_batches_in_code_order() {
    let mut repo = MockDistrictRepository::new();
    let all: Vec<District> = (0..1_500)
        .map(|i| {
            District::new(
                code(&format!("51{:02}{:02}", 1 + i / 99, 1 + i % 99)),
                "区",
                "D",
                30.0,
                104.0,
                None,
            )
            .unwrap()
        })
        .collect();
    let calls = Arc::new(Mutex::new(Vec::new()));
    let seen = calls.clone();
    repo.expect_search().returning(move |q, after, limit| {
        assert_eq!(q, "");
        seen.lock().unwrap().push(after.clone());
        Ok(all
            .iter()
            .filter(|d| after.as_ref().is_none_or(|a| d.code > *a))
            .take(limit as usize)
            .cloned()
            .collect())
    });
    let (s, _) = service(repo);
    let exported = s.export().await.unwrap();
    assert_eq!(exported.len(), 1_500);
    assert!(exported.windows(2).all(|w| w[0].code < w[1].code));
    let calls = calls.lock().unwrap();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[1], Some(exported[999].code.clone()));
}
