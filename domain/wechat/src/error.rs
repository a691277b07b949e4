//! The one error type of the WeChat domain. The server maps each variant to a status and a
//! stable code in `app-server/src/http/error.rs`.

use crate::model::menu::MenuFault;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum WechatError {
    /// No app id / secret configured.
    #[error("WeChat is not configured")]
    NotConfigured,
    /// The access token was refused (40001, 40014, 42001): refresh and retry once.
    #[error("WeChat refused the access token")]
    AccessTokenInvalid,
    /// WeChat's frequency limits (45009, 45011, …).
    #[error("WeChat's rate limit was reached")]
    UpstreamRateLimited,
    /// The app id or secret is wrong, or this server's IP is not allowed (40013, 40125, 40164…).
    #[error("WeChat refused the app credentials ({code})")]
    InvalidCredential { code: i64, message: String },
    /// Any other WeChat error code.
    #[error("WeChat error {code}: {message}")]
    Upstream { code: i64, message: String },
    /// Time-outs, network failures, unreadable answers.
    #[error("WeChat cannot be reached")]
    Unavailable(#[source] anyhow::Error),
    /// The menu breaks WeChat's rules; every fault is listed.
    #[error("the menu breaks WeChat's rules")]
    InvalidMenu(Vec<MenuFault>),
    /// A forced refresh too soon after the last, or past the daily allowance.
    #[error("forced refresh limited; retry after {retry_after_secs} s")]
    RefreshLimited { retry_after_secs: u64 },
    /// Another instance is refreshing the token and did not finish in time.
    #[error("the access token is being refreshed elsewhere")]
    RefreshBusy,
    #[error("no such menu version")]
    VersionNotFound,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
