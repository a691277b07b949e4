//! The official-account API for the wechat domain: the stable access token and the custom
//! menu.
//! <https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/getStableAccessToken.html>,
//! <https://developers.weixin.qq.com/doc/offiaccount/Custom_Menus/Creating_Custom-Defined_Menu.html>

use crate::WechatClient;
use crate::call::{CallError, call};
use async_trait::async_trait;
use secrecy::ExposeSecret as _;
use serde::Deserialize;
use serde::de::IgnoredAny;
use wechat::WechatError;
use wechat::access_token::{IssuedAccessToken, mask_token};
use wechat::menu::Menu;
use wechat::ports::WechatOfficialApi;

/// "No menu is set."
const NO_MENU: i64 = 46003;

/// WeChat's errcode as the wechat domain sees it.
fn classify(code: i64, message: String) -> WechatError {
    match code {
        40001 | 40014 | 42001 => WechatError::AccessTokenInvalid,
        45009 | 45011 | 45033 => WechatError::UpstreamRateLimited,
        40013 | 40125 | 40164 | 41002 | 41004 => WechatError::InvalidCredential { code, message },
        _ => WechatError::Upstream { code, message },
    }
}

fn to_wechat_error(e: CallError, what: &str) -> WechatError {
    match e {
        CallError::Refused { code, message } => {
            tracing::warn!(errcode = code, errmsg = message.as_str(), "{what} refused");
            classify(code, message)
        }
        CallError::Unavailable(e) => {
            tracing::warn!(error = format!("{e:#}"), "{what} failed");
            WechatError::Unavailable(e)
        }
    }
}

/// `/cgi-bin/stable_token`'s answer. No `Debug`: it holds the token.
#[derive(Deserialize)]
struct StableToken {
    access_token: String,
    expires_in: i64,
}

/// `/cgi-bin/menu/get`'s answer; `conditionalmenu` and other keys are ignored.
#[derive(Deserialize)]
struct MenuGet {
    menu: Menu,
}

#[async_trait]
impl WechatOfficialApi for WechatClient {
    fn app_id(&self) -> String {
        self.config.app_id.clone()
    }

    #[tracing::instrument(name = "wechat.stable_token", skip(self), fields(app_id = %self.config.app_id))]
    async fn stable_token(&self, force_refresh: bool) -> Result<IssuedAccessToken, WechatError> {
        const WHAT: &str = "WeChat /cgi-bin/stable_token";
        let body = serde_json::json!({
            "grant_type": "client_credential",
            "appid": self.config.app_id,
            "secret": self.config.app_secret.expose_secret(),
            "force_refresh": force_refresh,
        });
        let request = self
            .http
            .post(self.api_url("/cgi-bin/stable_token"))
            .json(&body);
        let token: StableToken = call(request, WHAT)
            .await
            .map_err(|e| to_wechat_error(e, WHAT))?;
        tracing::info!(
            token = mask_token(&token.access_token),
            expires_in = token.expires_in,
            "stable access token obtained"
        );
        Ok(IssuedAccessToken {
            token: token.access_token,
            expires_in_secs: token.expires_in,
        })
    }

    #[tracing::instrument(name = "wechat.menu.get", skip_all)]
    async fn get_menu(&self, access_token: &str) -> Result<Option<Menu>, WechatError> {
        const WHAT: &str = "WeChat /cgi-bin/menu/get";
        let request = self
            .http
            .get(self.api_url("/cgi-bin/menu/get"))
            .query(&[("access_token", access_token)]);
        match call::<MenuGet>(request, WHAT).await {
            Ok(answer) => Ok(Some(answer.menu)),
            Err(CallError::Refused { code: NO_MENU, .. }) => Ok(None),
            Err(e) => Err(to_wechat_error(e, WHAT)),
        }
    }

    #[tracing::instrument(name = "wechat.menu.create", skip_all, fields(buttons = menu.button.len()))]
    async fn create_menu(&self, access_token: &str, menu: &Menu) -> Result<(), WechatError> {
        const WHAT: &str = "WeChat /cgi-bin/menu/create";
        // serde_json writes non-ASCII as UTF-8, which WeChat needs (no \u escapes).
        let request = self
            .http
            .post(self.api_url("/cgi-bin/menu/create"))
            .query(&[("access_token", access_token)])
            .json(menu);
        call::<IgnoredAny>(request, WHAT)
            .await
            .map_err(|e| to_wechat_error(e, WHAT))?;
        tracing::info!("menu published to WeChat");
        Ok(())
    }

    #[tracing::instrument(name = "wechat.menu.delete", skip_all)]
    async fn delete_menu(&self, access_token: &str) -> Result<(), WechatError> {
        const WHAT: &str = "WeChat /cgi-bin/menu/delete";
        let request = self
            .http
            .get(self.api_url("/cgi-bin/menu/delete"))
            .query(&[("access_token", access_token)]);
        call::<IgnoredAny>(request, WHAT)
            .await
            .map_err(|e| to_wechat_error(e, WHAT))?;
        tracing::info!("menu deleted at WeChat");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errcodes_map_to_the_ports_errors() {
        for code in [40001, 40014, 42001] {
            assert!(matches!(
                classify(code, String::new()),
                WechatError::AccessTokenInvalid
            ));
        }
        for code in [45009, 45011, 45033] {
            assert!(matches!(
                classify(code, String::new()),
                WechatError::UpstreamRateLimited
            ));
        }
        for code in [40013, 40125, 40164, 41002, 41004] {
            assert!(matches!(
                classify(code, "m".into()),
                WechatError::InvalidCredential { code: c, ref message } if c == code && message == "m"
            ));
        }
        for code in [-1, 40016, 65303, 46003] {
            assert!(matches!(
                classify(code, "m".into()),
                WechatError::Upstream { code: c, .. } if c == code
            ));
        }
    }
}
