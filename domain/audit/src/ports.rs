//! What reading the audit log needs from the outside world.

use crate::model::{AuditEntry, AuditFilter};
use async_trait::async_trait;
use kernel::{Page, PageRequest};

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
