//! The WeChat official account: sign-in (OAuth), the central access token and the custom menu,
//! over WeChat's API; nothing when WeChat is not configured.

use super::{Wiring, instance_name};
use crate::recorded::RecordedWechat;
use accounts::ports::WechatOAuth;
use adapter_wechat::WechatClient;
use std::sync::Arc;
use wechat::service::{AccessTokenPolicy, AccessTokenService, MenuService};

/// WeChat's three services, all `None` when it is not configured.
#[derive(Default)]
pub struct Wechat {
    pub oauth: Option<Arc<dyn WechatOAuth>>,
    pub token: Option<Arc<AccessTokenService>>,
    pub menu: Option<Arc<MenuService>>,
}

/// # Errors
/// When WeChat's HTTP client cannot be built.
pub fn wire(w: &Wiring<'_>) -> anyhow::Result<Wechat> {
    let Some(c) = &w.config.wechat else {
        return Ok(Wechat::default());
    };
    let db = w.db;
    let client = Arc::new(RecordedWechat {
        inner: Arc::new(WechatClient::new(c.clone())?),
        recorder: w.recorder.clone(),
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
    Ok(Wechat {
        oauth: Some(oauth),
        token: Some(token),
        menu: Some(Arc::new(menu)),
    })
}
