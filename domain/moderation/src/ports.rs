//! What the word list needs from the outside world.

use crate::model::WordEntry;
use async_trait::async_trait;

/// Where the list is kept (the database), with a **version** every write bumps in the same
/// transaction: every instance polls it and reloads the list when it moved.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait WordListStore: Send + Sync {
    /// The list's version: 0 before the first write, then one more per write.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn version(&self) -> Result<u64, anyhow::Error>;

    /// The version, then every entry. The version MUST be read before the entries: a write
    /// between the two reads then shows as a version that moved, and the next poll reloads.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn all(&self) -> Result<(u64, Vec<WordEntry>), anyhow::Error>;

    /// How many entries there are.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn count(&self) -> Result<u64, anyhow::Error>;

    /// Entries in key order, the first `limit` whose key is greater than `after`; with
    /// `contains`, only those whose key contains it (`%` and `_` match themselves).
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn page(
        &self,
        contains: Option<String>,
        after: Option<String>,
        limit: u64,
    ) -> Result<Vec<WordEntry>, anyhow::Error>;

    /// The entry of this key, if listed.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn find(&self, key: String) -> Result<Option<WordEntry>, anyhow::Error>;

    /// Adds one entry and bumps the version; `false` (and nothing written) when an entry of the
    /// same key is listed.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn add(&self, entry: WordEntry) -> Result<bool, anyhow::Error>;

    /// Removes the entry of this key and bumps the version; `false` when none was listed.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn remove(&self, key: String) -> Result<bool, anyhow::Error>;

    /// Inserts or updates (by key) every entry and bumps the version, in one transaction: all
    /// of them or none.
    ///
    /// # Errors
    /// When the store cannot be reached or refuses a write (then nothing is written).
    async fn apply(&self, writes: Vec<WordEntry>) -> Result<(), anyhow::Error>;
}
