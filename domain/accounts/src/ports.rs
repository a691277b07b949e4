//! What the accounts domain needs from the outside world. Adapters implement these; the
//! adapter's own tests check each `# Errors` list below.

use crate::AccountsError;
use crate::model::{
    NewUser, Password, PasswordHash, Session, SessionToken, SessionTokenHash, User, Username,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{SessionId, UserId};

/// Stores accounts.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// # Errors
    /// MUST return `UsernameTaken` when the username exists; `Unexpected` otherwise.
    async fn insert(&self, user: NewUser) -> Result<User, AccountsError>;

    /// The user and their password hash (None for accounts without a password).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_by_username(
        &self,
        username: &Username,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find_by_id(
        &self,
        id: UserId,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError>;

    /// # Errors
    /// `Unexpected` only (a missing user is not an error: nothing changes).
    async fn set_password_hash(
        &self,
        id: UserId,
        hash: PasswordHash,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError>;
}

/// Stores sessions, keyed by the hash of their token.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SessionRepository: Send + Sync {
    /// # Errors
    /// `Unexpected` only.
    async fn insert(&self, session: Session) -> Result<(), AccountsError>;

    /// A session that has not expired at `now`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_live(
        &self,
        token_hash: &SessionTokenHash,
        now: DateTime<Utc>,
    ) -> Result<Option<Session>, AccountsError>;

    /// Records use: sets `last_seen_at` and `expires_at`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn touch(
        &self,
        id: SessionId,
        last_seen_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), AccountsError>;

    /// The user's sessions that have not expired, newest first.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn list_live_for_user(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Session>, AccountsError>;

    /// Deletes one session of one user; `false` when there was none.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete_for_user(&self, user_id: UserId, id: SessionId) -> Result<bool, AccountsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn delete_by_token_hash(
        &self,
        token_hash: &SessionTokenHash,
    ) -> Result<(), AccountsError>;

    /// Deletes every session of the user except `keep`; returns how many went.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete_others(&self, user_id: UserId, keep: SessionId) -> Result<u64, AccountsError>;

    /// Deletes sessions that expired before `now`; returns how many went.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, AccountsError>;
}

/// Slow, salted password hashing (argon2id in production). Implementations run the work off
/// the async executor.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// # Errors
    /// `Unexpected` only.
    async fn hash(&self, password: &Password) -> Result<PasswordHash, AccountsError>;

    /// `Ok(false)` for a wrong password.
    ///
    /// # Errors
    /// `Unexpected` when the stored hash is not a valid PHC string.
    async fn verify(&self, password: &Password, hash: &PasswordHash)
    -> Result<bool, AccountsError>;
}

/// Fresh secrets from a CSPRNG.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait TokenGenerator: Send + Sync {
    /// A session token carrying 256 random bits.
    fn session_token(&self) -> SessionToken;
}
