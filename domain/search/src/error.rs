//! Why a search failed.

use thiserror::Error;

/// Why a search (or a drain of the index's changes) failed.
#[derive(Debug, Error)]
pub enum SearchError {
    /// Empty, or only punctuation and symbols.
    #[error("type a word to search for")]
    EmptyQuery,
    #[error("a search has at most 100 characters")]
    QueryTooLong,
    #[error("no such district code")]
    InvalidDistrict,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
