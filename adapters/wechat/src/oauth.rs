//! The official account's web OAuth (`snsapi_userinfo`) for the accounts domain.
//! <https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html>

use crate::WechatClient;
use crate::call::{CallError, call};
use accounts::AccountsError;
use accounts::model::{WechatIdentity, WechatProfile};
use accounts::ports::WechatOAuth;
use anyhow::anyhow;
use async_trait::async_trait;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use secrecy::ExposeSecret as _;
use serde::Deserialize;

/// Everything but RFC 3986's unreserved characters is encoded.
const QUERY_VALUE: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// The errcodes that mean "this code is no good" (the person can simply sign in again):
/// 40029 invalid code, 40163 code been used, 41008 missing code, 42003 code expired.
const CODE_REJECTED: [i64; 4] = [40029, 40163, 41008, 42003];

/// `/sns/oauth2/access_token`'s answer. No `Debug`: it holds tokens.
#[derive(Deserialize)]
struct OAuthAccessToken {
    access_token: String,
    openid: String,
    #[serde(default)]
    scope: String,
    #[serde(default)]
    unionid: Option<String>,
}

/// `/sns/userinfo`'s answer, the fields we use.
#[derive(Deserialize)]
struct UserInfo {
    #[serde(default)]
    nickname: Option<String>,
    #[serde(default)]
    headimgurl: Option<String>,
    #[serde(default)]
    unionid: Option<String>,
}

fn non_empty(s: Option<String>) -> Option<String> {
    s.filter(|s| !s.trim().is_empty())
}

/// The first characters of an openid, enough to follow one person through the logs.
fn openid_head(openid: &str) -> String {
    openid.chars().take(6).collect()
}

fn rejected_or_unavailable(e: CallError, what: &str) -> AccountsError {
    match e {
        CallError::Refused { code, .. } if CODE_REJECTED.contains(&code) => {
            tracing::info!(errcode = code, "WeChat refused the OAuth code");
            AccountsError::WechatCodeRejected
        }
        CallError::Refused { code, message } => {
            tracing::warn!(errcode = code, errmsg = message.as_str(), "{what} refused");
            AccountsError::WechatUnavailable(anyhow!("{what}: errcode {code}: {message}"))
        }
        CallError::Unavailable(e) => {
            tracing::warn!(error = format!("{e:#}"), "{what} failed");
            AccountsError::WechatUnavailable(e)
        }
    }
}

impl WechatClient {
    async fn user_info(&self, token: &OAuthAccessToken) -> Result<UserInfo, CallError> {
        let request = self.http.get(self.api_url("/sns/userinfo")).query(&[
            ("access_token", token.access_token.as_str()),
            ("openid", token.openid.as_str()),
            ("lang", "zh_CN"),
        ]);
        call(request, "WeChat /sns/userinfo").await
    }
}

#[async_trait]
impl WechatOAuth for WechatClient {
    fn authorize_url(&self, redirect_uri: &str, state: &str) -> String {
        // WeChat requires exactly this parameter order and the `#wechat_redirect` fragment.
        format!(
            "{}/connect/oauth2/authorize?appid={}&redirect_uri={}&response_type=code\
             &scope=snsapi_userinfo&state={}#wechat_redirect",
            self.config.oauth_base.trim_end_matches('/'),
            utf8_percent_encode(&self.config.app_id, QUERY_VALUE),
            utf8_percent_encode(redirect_uri, QUERY_VALUE),
            utf8_percent_encode(state, QUERY_VALUE),
        )
    }

    /// When the profile cannot be read after a good code, the identity alone is returned
    /// (without nickname and avatar) and a warning logged: signing in matters more.
    #[tracing::instrument(name = "wechat.oauth.exchange_code", skip_all)]
    async fn exchange_code(&self, code: &str) -> Result<WechatProfile, AccountsError> {
        let request = self
            .http
            .get(self.api_url("/sns/oauth2/access_token"))
            .query(&[
                ("appid", self.config.app_id.as_str()),
                ("secret", self.config.app_secret.expose_secret()),
                ("code", code),
                ("grant_type", "authorization_code"),
            ]);
        let token: OAuthAccessToken = call(request, "WeChat /sns/oauth2/access_token")
            .await
            .map_err(|e| rejected_or_unavailable(e, "WeChat /sns/oauth2/access_token"))?;

        let identity_only = |token: OAuthAccessToken| WechatProfile {
            identity: WechatIdentity {
                openid: token.openid,
                unionid: non_empty(token.unionid),
            },
            nickname: None,
            avatar_url: None,
        };
        if !token.scope.is_empty() && !token.scope.contains("snsapi_userinfo") {
            tracing::info!(
                scope = token.scope.as_str(),
                "no snsapi_userinfo scope; no profile"
            );
            return Ok(identity_only(token));
        }
        match self.user_info(&token).await {
            Ok(info) => {
                tracing::info!(openid = openid_head(&token.openid), "WeChat profile read");
                Ok(WechatProfile {
                    identity: WechatIdentity {
                        unionid: non_empty(token.unionid).or(non_empty(info.unionid)),
                        openid: token.openid,
                    },
                    nickname: non_empty(info.nickname),
                    avatar_url: non_empty(info.headimgurl),
                })
            }
            Err(e) => {
                let reason = match &e {
                    CallError::Refused { code, message } => format!("errcode {code}: {message}"),
                    CallError::Unavailable(e) => format!("{e:#}"),
                };
                tracing::warn!(
                    openid = openid_head(&token.openid),
                    reason,
                    "WeChat /sns/userinfo failed; signing in without nickname and avatar"
                );
                Ok(identity_only(token))
            }
        }
    }
}
