//! What search needs from the outside world: one index, behind one port.

use crate::error::SearchError;
use crate::model::{Filters, Found, Indexed, Pending, SearchKind};
use async_trait::async_trait;
use kernel::{Page, PageRequest, UserId};

/// The search index (PostgreSQL full-text search, SQLite FTS5; docs/search.md). Every write
/// of a searchable item leaves a change in the database's outbox in the same transaction; the
/// index learns of it from [`SearchIndex::pending`] and keeps what [`SearchIndex::apply`] says.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SearchIndex: Send + Sync {
    /// The items of `kind` whose documents hold every one of `terms`, newest first, that
    /// `viewer` may see — exactly as the feeds and pages show them: a private group's articles
    /// and replies only to its active members, drafts, unpublished articles, deleted replies
    /// and disabled people never — narrowed by `filters`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn search(
        &self,
        kind: SearchKind,
        terms: &[String],
        filters: &Filters,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Found>, SearchError>;

    /// The oldest `limit` changes waiting, each with its item's texts as they are now.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn pending(&self, limit: u32) -> Result<Vec<Pending>, SearchError>;

    /// Keeps (or drops) each change's document, unless the index holds one of a later `seq`,
    /// and clears the changes from the outbox, in one transaction.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn apply(&self, changes: &[Indexed]) -> Result<(), SearchError>;
}
