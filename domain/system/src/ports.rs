//! What the system's use cases need from the outside world (the database).

use crate::model::{ContentCounts, DatabaseKind, DirectoryEntry, Integration, IntegrationState};
use chrono::{DateTime, Utc};

/// The store every instance shares, as the operator sees it (the database).
#[async_trait::async_trait]
pub trait SystemStore: Send + Sync {
    fn database_kind(&self) -> DatabaseKind;

    /// A cheap round trip.
    ///
    /// # Errors
    /// When the store does not answer.
    async fn ping(&self) -> Result<(), anyhow::Error>;

    /// Deletes the rate-limit counters whose window began before `before`; says how many.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn purge_rate_counters(&self, before: DateTime<Utc>) -> Result<u64, anyhow::Error>;

    /// The community's row counts.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn content_counts(&self) -> Result<ContentCounts, anyhow::Error>;
}

/// The integrations' last attempts, kept where every instance sees them (the database).
#[async_trait::async_trait]
pub trait IntegrationStateStore: Send + Sync {
    /// Records one attempt: one upsert of the integration's row. An attempt older than the one
    /// stored (another instance's, recorded first) changes nothing.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn record(
        &self,
        integration: Integration,
        at: DateTime<Utc>,
        error: Option<&'static str>,
    ) -> Result<(), anyhow::Error>;

    /// Every integration's state that was ever recorded.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn states(&self) -> Result<Vec<IntegrationState>, anyhow::Error>;
}

/// Users and groups found by name, for the admin console.
#[async_trait::async_trait]
pub trait AdminDirectory: Send + Sync {
    /// Users whose username or nickname contains `text` (case-insensitive), exact usernames
    /// first, then by username; at most `limit`.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn find_users(
        &self,
        text: &str,
        limit: u64,
    ) -> Result<Vec<DirectoryEntry>, anyhow::Error>;

    /// Groups whose name contains `text` (case-insensitive), exact names first, then by name;
    /// at most `limit`.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn find_groups(
        &self,
        text: &str,
        limit: u64,
    ) -> Result<Vec<DirectoryEntry>, anyhow::Error>;
}

/// At most this many users or groups per name lookup.
pub const DIRECTORY_LIMIT: u64 = 10;
