//! What the token use cases need from the outside world.

use crate::error::TokensError;
use crate::model::{PersonalAccessToken, TokenDigest, TokenId};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::UserId;

/// Stores tokens by the digest of their secret (never the secret).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait TokenRepository: Send + Sync {
    /// # Errors
    /// `Unexpected` only.
    async fn insert(
        &self,
        token: &PersonalAccessToken,
        digest: &TokenDigest,
    ) -> Result<(), TokensError>;

    /// The user's tokens, newest first, revoked and expired ones included.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn list_for_user(&self, user_id: UserId)
    -> Result<Vec<PersonalAccessToken>, TokensError>;

    /// How many of the user's tokens are neither revoked nor expired at `now`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn count_active(&self, user_id: UserId, now: DateTime<Utc>)
    -> Result<usize, TokensError>;

    /// The token with this digest, whatever its state.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_by_digest(
        &self,
        digest: &TokenDigest,
    ) -> Result<Option<PersonalAccessToken>, TokensError>;

    /// Marks the user's token revoked at `now` unless it already is; the token as it is after,
    /// and whether this call revoked it. `None` when the user has no such token.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn revoke(
        &self,
        user_id: UserId,
        id: TokenId,
        now: DateTime<Utc>,
    ) -> Result<Option<(PersonalAccessToken, bool)>, TokensError>;

    /// Marks every one of the user's active (neither revoked nor expired at `now`) tokens
    /// revoked at `now`; the tokens this call revoked, as they are after.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn revoke_all_active(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<PersonalAccessToken>, TokensError>;

    /// Sets `last_used_at = now` only when it is unset or older than `stale_before`: one
    /// conditional write, so concurrent requests on several instances write at most once a
    /// minute.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn touch(
        &self,
        id: TokenId,
        now: DateTime<Utc>,
        stale_before: DateTime<Utc>,
    ) -> Result<(), TokensError>;
}

/// Random base62 characters for new secrets, from the operating system's CSPRNG.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait SecretSource: Send + Sync {
    /// `len` uniformly random characters of `0-9A-Za-z`.
    fn base62(&self, len: usize) -> String;
}
