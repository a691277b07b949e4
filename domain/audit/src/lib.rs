//! Reading the audit log (the admin console's `/admin/logs`, docs/architecture.md): the filters,
//! cursor pages newest first, the CSV export with the same filters, and the latest events of the
//! overview.
//!
//! Writing is every domain's own business, through `kernel::AuditLog` with a name of the one
//! registry, `kernel::AuditAction`. This crate only reads, over the [`AuditReader`] port the
//! relational adapter implements. Pure domain: no adapter, web framework or database library.

use async_trait::async_trait;
use chrono::{DateTime, SecondsFormat, Utc};
use kernel::{AuditAction, AuditEvent, Cursor, Page, PageRequest, UserId};
use std::sync::Arc;
use uuid::Uuid;

/// What a list or an export is narrowed to; every part is optional and they all hold together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// Any of these actions (empty: every action).
    pub actions: Vec<AuditAction>,
    /// Done by this user.
    pub actor: Option<UserId>,
    /// Done to exactly this target (a username, a masked phone, an id).
    pub target: Option<String>,
    /// At or after this time.
    pub from: Option<DateTime<Utc>>,
    /// Strictly before this time.
    pub to: Option<DateTime<Utc>>,
}

/// The acting user as the log shows them (`None` when the account is gone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActorName {
    pub username: String,
    pub nickname: String,
}

/// One stored event, with its id (the cursor's tie-breaker) and its actor's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: Uuid,
    pub event: AuditEvent,
    pub actor_name: Option<ActorName>,
}

impl AuditEntry {
    pub fn cursor(&self) -> Cursor {
        Cursor::new(self.event.at, self.id)
    }
}

/// Where the log is read from (the database).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait AuditReader: Send + Sync {
    /// The events matching `filter`, newest first (`at`, then id), strictly after the page's
    /// cursor, at most [`PageRequest::fetch_limit`] of them.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn find(
        &self,
        filter: &AuditFilter,
        page: PageRequest,
    ) -> Result<Page<AuditEntry>, anyhow::Error>;

    /// The events matching `filter`, newest first, at most `limit` (the export).
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn find_all(
        &self,
        filter: &AuditFilter,
        limit: u64,
    ) -> Result<Vec<AuditEntry>, anyhow::Error>;
}

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// `from` is not before `to`.
    #[error("the time range ends before it starts")]
    InvalidRange,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// An export: the rows (at most [`EXPORT_MAX_ROWS`]) and whether more matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    pub rows: Vec<AuditEntry>,
    pub truncated: bool,
}

/// The most rows one CSV export holds; narrow the filters for more (docs/api.md).
pub const EXPORT_MAX_ROWS: u64 = 10_000;

/// The events the admin overview shows.
pub const OVERVIEW_LATEST: u32 = 10;

/// The CSV export's columns, in order.
pub const CSV_COLUMNS: [&str; 9] = [
    "at",
    "action",
    "actor_id",
    "actor_username",
    "actor_nickname",
    "target",
    "ip",
    "detail",
    "id",
];

/// The audit log's read use cases.
pub struct AuditService {
    reader: Arc<dyn AuditReader>,
}

impl AuditService {
    pub fn new(reader: Arc<dyn AuditReader>) -> Self {
        Self { reader }
    }

    /// Every action of the registry (what the filters offer).
    pub fn actions(&self) -> &'static [AuditAction] {
        AuditAction::ALL
    }

    fn check(filter: &AuditFilter) -> Result<(), AuditError> {
        match (filter.from, filter.to) {
            (Some(from), Some(to)) if from >= to => Err(AuditError::InvalidRange),
            _ => Ok(()),
        }
    }

    /// One page of matching events, newest first.
    ///
    /// # Errors
    /// `InvalidRange`; `Unexpected`.
    pub async fn list(
        &self,
        filter: &AuditFilter,
        page: PageRequest,
    ) -> Result<Page<AuditEntry>, AuditError> {
        Self::check(filter)?;
        Ok(self.reader.find(filter, page).await?)
    }

    /// Every matching event, newest first, up to [`EXPORT_MAX_ROWS`].
    ///
    /// # Errors
    /// `InvalidRange`; `Unexpected`.
    pub async fn export(&self, filter: &AuditFilter) -> Result<Export, AuditError> {
        Self::check(filter)?;
        let mut rows = self.reader.find_all(filter, EXPORT_MAX_ROWS + 1).await?;
        let truncated = rows.len() as u64 > EXPORT_MAX_ROWS;
        rows.truncate(usize::try_from(EXPORT_MAX_ROWS).unwrap_or(usize::MAX));
        Ok(Export { rows, truncated })
    }

    /// The newest events, for the overview.
    ///
    /// # Errors
    /// `Unexpected`.
    pub async fn latest(&self) -> Result<Vec<AuditEntry>, AuditError> {
        Ok(self
            .reader
            .find(&AuditFilter::default(), PageRequest::first(OVERVIEW_LATEST))
            .await?
            .items)
    }
}

/// The export as CSV (RFC 4180, CRLF line ends, a header row of [`CSV_COLUMNS`]), written by
/// the one writer of every export, [`kernel::csv::write`]: a field is quoted when it holds a
/// comma, a quote or a line break, and one a spreadsheet would run as a formula (`=`, `+`,
/// `-`, `@`, a tab or a carriage return first; targets and details carry user-chosen text)
/// gets a leading `'`.
pub fn to_csv(rows: &[AuditEntry]) -> String {
    kernel::csv::write(
        &CSV_COLUMNS,
        rows.iter().map(|r| {
            let e = &r.event;
            [
                e.at.to_rfc3339_opts(SecondsFormat::Micros, true),
                e.action.clone(),
                e.actor.map(|a| a.to_string()).unwrap_or_default(),
                r.actor_name
                    .as_ref()
                    .map(|n| n.username.clone())
                    .unwrap_or_default(),
                r.actor_name
                    .as_ref()
                    .map(|n| n.nickname.clone())
                    .unwrap_or_default(),
                e.target.clone().unwrap_or_default(),
                e.ip.clone().unwrap_or_default(),
                e.detail.clone().unwrap_or_default(),
                r.id.to_string(),
            ]
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

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
}
