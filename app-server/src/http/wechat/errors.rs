//! The WeChat domain's errors as HTTP (the official account's menu and access token): status,
//! typed code and sentence. A broken menu rule's sentence is in `messages.rs`.

use crate::http::error::{ApiError, MenuFaultDto, SharedCode, error_codes};
use crate::i18n::{Lang, Msg};
use actix_web::http::StatusCode;
use wechat::WechatError;

error_codes! {
    /// The WeChat official account's codes (its menu and access token).
    pub enum WechatCode {
        WechatRateLimited = "wechat_rate_limited" => WechatRateLimited,
        WechatInvalidCredential = "wechat_invalid_credential" => WechatInvalidCredential,
        InvalidMenu = "invalid_menu" => InvalidMenu,
        WechatRefreshBusy = "wechat_refresh_busy" => WechatRefreshBusy,
        MenuVersionNotFound = "menu_version_not_found" => MenuVersionNotFound,
    }
}

impl From<WechatError> for ApiError {
    fn from(e: WechatError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            WechatError::NotConfigured => {
                return ApiError::new(
                    S::SERVICE_UNAVAILABLE,
                    SharedCode::WechatNotConfigured,
                    Msg::WechatNotConfigured,
                );
            }
            WechatError::AccessTokenInvalid => {
                return ApiError::new(S::BAD_GATEWAY, SharedCode::WechatError, Msg::WechatError);
            }
            WechatError::UpstreamRateLimited => (
                S::TOO_MANY_REQUESTS,
                WechatCode::WechatRateLimited,
                Msg::WechatRateLimited,
            ),
            WechatError::InvalidCredential { code, message } => {
                return ApiError::new(
                    S::BAD_GATEWAY,
                    WechatCode::WechatInvalidCredential,
                    Msg::WechatInvalidCredential,
                )
                .with_detail(format!("{code}: {message}"));
            }
            WechatError::Upstream { code, message } => {
                tracing::warn!(code, message, "WeChat answered with an error");
                return ApiError::new(S::BAD_GATEWAY, SharedCode::WechatError, Msg::WechatError)
                    .with_detail(format!("{code}: {message}"));
            }
            WechatError::Unavailable(cause) => {
                tracing::error!(error = format!("{cause:#}"), "WeChat cannot be reached");
                return ApiError::new(
                    S::BAD_GATEWAY,
                    SharedCode::WechatUnavailable,
                    Msg::WechatUnavailable,
                );
            }
            WechatError::InvalidMenu(faults) => {
                let texts = |lang| faults.iter().map(|f| MenuFaultDto::new(f, lang)).collect();
                return ApiError::new(
                    S::UNPROCESSABLE_ENTITY,
                    WechatCode::InvalidMenu,
                    Msg::InvalidMenu,
                )
                .with_faults(texts(Lang::Zh), texts(Lang::En));
            }
            WechatError::RefreshLimited { retry_after_secs } => {
                return ApiError::rate_limited(retry_after_secs)
                    .with_msg(Msg::WechatRefreshLimited);
            }
            WechatError::RefreshBusy => (
                S::SERVICE_UNAVAILABLE,
                WechatCode::WechatRefreshBusy,
                Msg::WechatRefreshBusy,
            ),
            WechatError::VersionNotFound => (
                S::NOT_FOUND,
                WechatCode::MenuVersionNotFound,
                Msg::MenuVersionNotFound,
            ),
            WechatError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}
