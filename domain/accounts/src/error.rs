//! The one error type of the accounts domain. No HTTP status, no SQL: the server maps each
//! variant to a status and a stable code in `app-server/src/http/error.rs`.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum AccountsError {
    #[error("a username is 3 to 32 characters of a-z, 0-9, '_' and '-'")]
    InvalidUsername,
    #[error("this username is reserved")]
    ReservedUsername,
    #[error("a nickname is 1 to 32 characters")]
    InvalidNickname,
    #[error("a password is 8 to 128 characters")]
    InvalidPassword,
    #[error("the username is taken")]
    UsernameTaken,
    #[error("wrong username or password")]
    InvalidCredentials,
    #[error("the current password is wrong")]
    WrongPassword,
    #[error("the account is disabled")]
    AccountDisabled,
    #[error("no such session")]
    SessionNotFound,
    #[error("too many attempts; retry after {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
