//! What the audit log's reading knows: the filters, an entry with its actor's name, an export
//! and its CSV.

use chrono::{DateTime, SecondsFormat, Utc};
use kernel::{AuditAction, AuditEvent, Cursor, UserId};
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
