//! The WeChat admin use cases, in two services:
//!
//! - [`AccessTokenService`]: the central access token every server instance shares — its
//!   status, handing it out, refreshing it ahead of expiry under the store's lease, forced
//!   refreshes within WeChat's allowance, and invalidating a token WeChat refused
//!   ([`AccessTokenService::with_token`] runs any WeChat call with it).
//! - [`MenuService`]: the custom menu — read, validate, publish, delete, the published
//!   versions, roll back. It calls WeChat only through the token service.
//!
//! A later WeChat feature (templates, users, …) gets its own service over the same
//! [`AccessTokenService`], never a copy of the lease logic.

mod access_token;
mod custom_menu;
#[cfg(test)]
mod fixtures;

pub use access_token::{
    AccessTokenPolicy, AccessTokenService, AccessTokenState, AccessTokenStatus, FORCE_DAY_KEY,
    FORCE_INTERVAL_KEY, USABLE_MARGIN_SECS, WechatCall,
};
pub use custom_menu::MenuService;

/// The administrator behind a token refresh or a menu change, for the version's
/// `published_by` and the audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminActor {
    pub id: kernel::UserId,
    pub username: String,
    pub ip: Option<String>,
}

/// Records an admin action (a log that cannot be written never fails it).
async fn audit(
    log: &dyn kernel::AuditLog,
    action: kernel::AuditAction,
    at: chrono::DateTime<chrono::Utc>,
    by: &AdminActor,
    target: Option<String>,
) {
    let mut event = kernel::AuditEvent::new(action, at)
        .actor(by.id)
        .ip(by.ip.clone());
    event.target = target;
    kernel::audit::record_or_log(log, event).await;
}
