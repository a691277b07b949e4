//! What the token use cases can refuse.

use crate::model::Scope;
use thiserror::Error;

/// A refusal of a token use case; the HTTP layer maps each to a status and a message.
#[derive(Debug, Error)]
pub enum TokensError {
    /// The name is empty or longer than the limit (characters, after trimming).
    #[error("a token name has 1 to {max} characters")]
    InvalidName { max: usize },
    /// No scope, or one that does not exist.
    #[error("invalid scopes: {0}")]
    InvalidScopes(String),
    /// An expiry other than the offered ones.
    #[error("a token expires after 7, 30, 90 or 365 days, or never")]
    InvalidExpiry,
    /// A token with an admin scope was asked never to expire.
    #[error("a token with admin scopes must expire")]
    AdminTokenNeedsExpiry,
    /// A scope only administrators may grant.
    #[error("only administrators may grant {0}")]
    ScopeNotAllowed(Scope),
    /// The user already holds the most active tokens allowed.
    #[error("at most {max} active tokens per user")]
    TooManyTokens { max: usize },
    /// Malformed, wrong checksum, unknown, revoked or expired: all the same to the caller.
    #[error("the token is not valid")]
    InvalidToken,
    /// No such token of this user.
    #[error("no such token")]
    NotFound,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
