//! The WeChat official account: sign-in (OAuth), the central access token and the custom menu,
//! over WeChat's API; nothing when WeChat is not configured.

use super::{Wiring, instance_name};
use crate::config::AreaSettings;
use crate::config::env::Env;
use crate::recorded::RecordedWechat;
use accounts::ports::WechatOAuth;
use adapter_wechat::{WechatClient, WechatConfig};
use std::sync::Arc;
use std::time::Duration;
use wechat::service::{AccessTokenPolicy, AccessTokenService, MenuService};

/// Sign-in through WeChat's OAuth (what `AppState::wechat_oauth` holds), `None` when WeChat
/// is not configured.
pub struct WechatSignIn(pub Option<Arc<dyn WechatOAuth>>);

/// # Errors
/// When WeChat's HTTP client cannot be built.
/// The official account's app id, secret and addresses.
///
/// # Errors
/// One of the app id and secret without the other, or a malformed timeout.
pub fn settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    areas.read::<Option<WechatConfig>>(env)
}

/// Provides nothing when WeChat is not configured: its handlers then answer
/// `wechat_not_configured`.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let config = w.config;
    let Some(c) = config.areas.get::<Option<WechatConfig>>() else {
        w.provide(Arc::new(WechatSignIn(None)));
        return Ok(());
    };
    let db = w.db;
    let client = Arc::new(RecordedWechat {
        inner: Arc::new(WechatClient::new(c.clone())?),
        recorder: w.recorder()?,
    });
    let token = Arc::new(AccessTokenService::new(
        client.clone(),
        Arc::new(db.wechat_tokens()),
        Arc::new(db.rate_limiter()),
        w.clock.clone(),
        Arc::new(db.audit_log()),
        // WeChat's stable_token hands out a new token only in the last five minutes of the old
        // one; refreshing earlier just returns the same token again.
        AccessTokenPolicy {
            refresh_ahead_secs: 240,
            ..AccessTokenPolicy::default()
        },
        instance_name(),
    ));
    let menu = MenuService::new(
        client.clone(),
        token.clone(),
        Arc::new(db.menu_versions()),
        w.clock.clone(),
        Arc::new(db.audit_log()),
    );
    let oauth: Arc<dyn WechatOAuth> = client;
    w.provide(Arc::new(WechatSignIn(Some(oauth))));
    w.provide(Arc::new(menu));
    let token = w.provide(token);
    // Ahead of expiry, one instance at a time (the database lease decides which).
    w.every(Duration::from_secs(60), move || {
        let token = token.clone();
        async move {
            match token.refresh_if_due().await {
                Ok(true) => tracing::info!("WeChat access token refreshed ahead of expiry"),
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "refreshing the WeChat access token failed"),
            }
        }
    });
    Ok(())
}
