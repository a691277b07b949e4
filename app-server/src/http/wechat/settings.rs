//! The WeChat official account (`WECHAT_*`), for signing in with WeChat (the `auth` area) and
//! the admin's WeChat pages (this area). Read at start by its wiring ([`crate::config::Settings`]) through the loader;
//! every variable is in `docs/configuration.md`.

use crate::config::env::Env;
use crate::config::settings::Settings;
use adapter_wechat::WechatConfig;
use anyhow::bail;
use secrecy::SecretString;
use std::time::Duration;

/// The WeChat official account: `None` when neither `WECHAT_APP_ID` nor `WECHAT_APP_SECRET` is
/// set (sign-in with WeChat and the admin's WeChat pages say "not configured").
///
/// # Errors
/// Only one of the two set, or a timeout that is not a number.
pub fn read(env: Env<'_>) -> anyhow::Result<Option<WechatConfig>> {
    let (id, secret) = match (env.get("WECHAT_APP_ID"), env.get("WECHAT_APP_SECRET")) {
        (None, None) => return Ok(None),
        (Some(id), Some(secret)) => (id, secret),
        _ => bail!("WECHAT_APP_ID and WECHAT_APP_SECRET are set together or not at all"),
    };
    let mut c = WechatConfig::new(id.trim(), SecretString::from(secret));
    if let Some(base) = env.url("WECHAT_API_BASE") {
        c.api_base = base;
    }
    if let Some(base) = env.url("WECHAT_OAUTH_BASE") {
        c.oauth_base = base;
    }
    c.timeout = env.millis("WECHAT_TIMEOUT_MS", Duration::from_secs(10))?;
    Ok(Some(c))
}

impl Settings for Option<WechatConfig> {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        read(env)
    }
}
