//! What the notifications use cases can refuse.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum NotificationsError {
    /// No such notification of the caller's.
    #[error("no such notification")]
    NotFound,
    /// A mention search of no character or more than a username holds.
    #[error("a mention search has 1 to 32 characters")]
    InvalidQuery,
    /// A group that does not exist or that the caller may not read.
    #[error("no such group")]
    GroupNotFound,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
