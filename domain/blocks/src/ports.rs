//! What blocking and muting need from the outside world.

use crate::model::{Block, BlockKind, Blocked};
use async_trait::async_trait;
use kernel::{Cursor, UserId};

/// Where the entries are kept (the database): one per (blocker, target), of one kind.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait BlockStore: Send + Sync {
    /// `blocker`'s entry against `target`, if any.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn find(&self, blocker: UserId, target: UserId) -> Result<Option<Block>, anyhow::Error>;

    /// How many entries `blocker` holds, both kinds together.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn count(&self, blocker: UserId) -> Result<u64, anyhow::Error>;

    /// Stores `block`, replacing the entry of the same blocker and target (its kind and time)
    /// if there is one; the entry as the list shows it. MUST return `None`, with nothing
    /// written, when `block.target` (or `block.blocker`) has no account.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn put(&self, block: Block) -> Result<Option<Blocked>, anyhow::Error>;

    /// Removes `blocker`'s entry against `target`; `false` when there was none.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn remove(&self, blocker: UserId, target: UserId) -> Result<bool, anyhow::Error>;

    /// `blocker`'s entries of `kind`, newest first (`created_at`, then the person's id),
    /// strictly after `after`, at most `limit`.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn page(
        &self,
        blocker: UserId,
        kind: BlockKind,
        after: Option<Cursor>,
        limit: u64,
    ) -> Result<Vec<Blocked>, anyhow::Error>;
}
