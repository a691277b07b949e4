//! WeChat over HTTP: one [`WechatClient`] for one official account (app id + secret)
//! implements
//!
//! - [`accounts::ports::WechatOAuth`]: the web OAuth of the official account
//!   (`snsapi_userinfo`): the authorize URL, then code → access token → user info;
//! - [`wechat::ports::WechatOfficialApi`]: the official-account API: the stable access token
//!   (`/cgi-bin/stable_token`) and the custom menu (`/cgi-bin/menu/{get,create,delete}`).
//!
//! WeChat answers errors with HTTP 200 and `{"errcode": …, "errmsg": …}`; each port's
//! `# Errors` list decides what a code becomes (see `oauth.rs` and `official.rs`). Time-outs,
//! network failures and unreadable answers are the ports' "unavailable" variants.
//!
//! Never logged: the app secret, the OAuth code, OAuth and API access tokens in full (tokens
//! appear masked by [`wechat::access_token::mask_token`]), and request URLs, which carry them (every
//! transport error is stripped of its URL).
//!
//! This crate implements ports and nothing else: it must not depend on the application
//! server, on actix-web, on storage adapters or on other adapters.

mod call;
mod oauth;
mod official;

use anyhow::Context as _;
use secrecy::SecretString;
use std::time::Duration;

/// Which official account, and where WeChat is. `Debug` hides the secret.
#[derive(Debug, Clone)]
pub struct WechatConfig {
    /// Base URL of the API: [`WechatConfig::DEFAULT_API_BASE`].
    pub api_base: String,
    /// Base URL the browser is sent to for OAuth: [`WechatConfig::DEFAULT_OAUTH_BASE`].
    pub oauth_base: String,
    pub app_id: String,
    pub app_secret: SecretString,
    /// For each HTTP request, connecting included.
    pub timeout: Duration,
}

impl WechatConfig {
    pub const DEFAULT_API_BASE: &'static str = "https://api.weixin.qq.com";
    pub const DEFAULT_OAUTH_BASE: &'static str = "https://open.weixin.qq.com";
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

    /// A configuration with WeChat's real addresses and the default time-out.
    pub fn new(app_id: impl Into<String>, app_secret: SecretString) -> Self {
        Self {
            api_base: Self::DEFAULT_API_BASE.to_owned(),
            oauth_base: Self::DEFAULT_OAUTH_BASE.to_owned(),
            app_id: app_id.into(),
            app_secret,
            timeout: Self::DEFAULT_TIMEOUT,
        }
    }
}

/// The HTTP client of one official account.
#[derive(Debug, Clone)]
pub struct WechatClient {
    http: reqwest::Client,
    config: WechatConfig,
}

impl WechatClient {
    /// # Errors
    /// When the HTTP client cannot be built (TLS set-up).
    pub fn new(config: WechatConfig) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .build()
            .context("building the HTTP client for WeChat")?;
        Ok(Self { http, config })
    }

    fn api_url(&self, path: &str) -> String {
        format!("{}{path}", self.config.api_base.trim_end_matches('/'))
    }
}
