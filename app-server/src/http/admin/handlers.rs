//! `/api/admin/*`: the overview, the WeChat access-token manager and the custom menu.

use crate::http::auth::dto::MessageResponse;
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal, MenuFaultDto};
use crate::http::extract::AdminUser;
use crate::i18n::{Lang, Msg};
use crate::startup::AppState;
use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;
use wechat::WechatError;
use wechat::menu::Menu;
use wechat::ports::{MenuVersion, MenuVersionId};
use wechat::service::{TokenStatus, WechatAdminService};

fn wechat(state: &AppState) -> Result<Arc<WechatAdminService>, ApiError> {
    state
        .wechat_admin
        .clone()
        .ok_or_else(|| WechatError::NotConfigured.into())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Integrations {
    /// `postgres` or `sqlite`.
    pub database: &'static str,
    /// `aliyun`, `log` (development: codes in the server log) or `none`.
    pub sms: &'static str,
    /// Whether WeChat's app id and secret are configured.
    pub wechat: bool,
    /// The AI assistant's provider (`deepseek`, `openai-compatible`), or `null` when none is
    /// configured.
    pub llm: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OverviewResponse {
    pub success: bool,
    /// How many accounts exist.
    pub users: u64,
    pub integrations: Integrations,
}

#[utoipa::path(
    tag = "admin",
    summary = "Admin overview: counts and integrations",
    responses(
        (status = 200, description = "The overview", body = OverviewResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/overview")]
pub async fn overview(
    state: web::Data<AppState>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(OverviewResponse {
        success: true,
        users: state.accounts.count_users().await?,
        integrations: Integrations {
            database: state.db.kind().as_str(),
            sms: state.accounts.sms_provider(),
            wechat: state.wechat_admin.is_some(),
            llm: state.chat.provider_name().map(str::to_owned),
        },
    }))
}

/// The access token as the admin console shows it (never the token itself).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStateDto {
    pub configured: bool,
    pub app_id: Option<String>,
    /// `missing`, `fresh`, `expiring` or `expired`.
    #[schema(example = "fresh")]
    pub state: &'static str,
    #[schema(example = "81_Ab…x9Z")]
    pub masked_token: Option<String>,
    pub obtained_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub last_error_at: Option<DateTime<Utc>>,
    pub force_refreshes_left_today: u32,
    pub next_force_refresh_at: Option<DateTime<Utc>>,
}

impl TokenStateDto {
    fn not_configured() -> Self {
        Self {
            configured: false,
            app_id: None,
            state: "missing",
            masked_token: None,
            obtained_at: None,
            expires_at: None,
            last_error: None,
            last_error_at: None,
            force_refreshes_left_today: 0,
            next_force_refresh_at: None,
        }
    }
}

impl From<TokenStatus> for TokenStateDto {
    fn from(s: TokenStatus) -> Self {
        Self {
            configured: s.configured,
            app_id: Some(s.app_id),
            state: s.state.as_str(),
            masked_token: s.masked_token,
            obtained_at: s.obtained_at,
            expires_at: s.expires_at,
            last_error: s.last_error,
            last_error_at: s.last_error_at,
            force_refreshes_left_today: s.force_refreshes_left_today,
            next_force_refresh_at: s.next_force_refresh_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    pub success: bool,
    pub token: TokenStateDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenRefreshedResponse {
    pub success: bool,
    pub message: &'static str,
    pub token: TokenStateDto,
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat access token: status",
    description = "The central access token every server instance shares: state, masked token, obtained and expiry times, the last error, and how many forced refreshes are left today.",
    responses(
        (status = 200, description = "The token's state", body = TokenResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/wechat/token")]
pub async fn token(
    state: web::Data<AppState>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let token = match &state.wechat_admin {
        None => TokenStateDto::not_configured(),
        Some(w) => w.token_status().await?.into(),
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(TokenResponse {
            success: true,
            token,
        }))
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat access token: force a refresh",
    description = "Asks WeChat for a new token now (stable_token with force_refresh). WeChat allows this once every 30 s and 20 times a day.",
    responses(
        (status = 200, description = "Refreshed", body = TokenRefreshedResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 429, description = "`rate_limited` with `retryAfter`", body = ErrorBody),
        (status = 502, description = "`wechat_error`, `wechat_invalid_credential`, `wechat_unavailable`", body = ErrorBody),
        (status = 503, description = "`wechat_not_configured`, `wechat_refresh_busy`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/wechat/token/refresh")]
pub async fn refresh_token(
    state: web::Data<AppState>,
    admin: AdminUser,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let status = wechat(&state)?.force_refresh().await?;
    tracing::info!(admin = %admin.0.user.id, "WeChat access token force-refreshed");
    Ok(HttpResponse::Ok().json(TokenRefreshedResponse {
        success: true,
        message: Msg::TokenRefreshed.text(lang),
        token: status.into(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MenuResponse {
    pub success: bool,
    /// WeChat's menu JSON (`{"button": [...]}`); null when no menu is published.
    #[schema(value_type = Option<Object>)]
    pub menu: Option<Menu>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ValidationResponse {
    pub success: bool,
    pub valid: bool,
    pub faults: Vec<MenuFaultDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuVersionDto {
    pub id: uuid::Uuid,
    #[schema(value_type = Object)]
    pub menu: Menu,
    pub published_at: DateTime<Utc>,
    /// The admin's username.
    pub published_by: String,
    pub rolled_back_from: Option<uuid::Uuid>,
}

impl From<MenuVersion> for MenuVersionDto {
    fn from(v: MenuVersion) -> Self {
        Self {
            id: v.id.0,
            menu: v.menu,
            published_at: v.published_at,
            published_by: v.published_by,
            rolled_back_from: v.rolled_back_from.map(|id| id.0),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VersionResponse {
    pub success: bool,
    pub message: &'static str,
    pub version: MenuVersionDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VersionsResponse {
    pub success: bool,
    pub versions: Vec<MenuVersionDto>,
}

/// A menu in WeChat's JSON shape, as the request body of validate and publish.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[schema(example = json!({"button": [{"type": "click", "name": "今日歌曲", "key": "V1001_TODAY_MUSIC"}, {"name": "菜单", "sub_button": [{"type": "view", "name": "搜索", "url": "https://www.soso.com/"}]}]}))]
pub struct MenuBody {
    #[schema(value_type = Vec<Object>)]
    pub button: Vec<wechat::menu::Button>,
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat menu: the current menu",
    responses(
        (status = 200, description = "The menu, or null", body = MenuResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 502, description = "`wechat_error`, `wechat_unavailable`", body = ErrorBody),
        (status = 503, description = "`wechat_not_configured`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/wechat/menu")]
pub async fn current_menu(
    state: web::Data<AppState>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let menu = wechat(&state)?.current_menu().await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(MenuResponse {
            success: true,
            menu,
        }))
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat menu: check a menu against WeChat's rules",
    description = "Lists every broken rule with its path (`button[1].sub_button[0].name`), a stable code and a message. Names count UTF-8 bytes: 16 top level, 60 below (a Chinese character is 3 bytes).",
    request_body = MenuBody,
    responses(
        (status = 200, description = "The verdict", body = ValidationResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/wechat/menu/validate")]
pub async fn validate_menu(
    _admin: AdminUser,
    body: web::Json<MenuBody>,
    lang: Lang,
) -> HttpResponse {
    let menu = Menu {
        button: body.into_inner().button,
    };
    let faults = wechat::menu::validate(&wechat::menu::normalized(&menu));
    HttpResponse::Ok().json(ValidationResponse {
        success: true,
        valid: faults.is_empty(),
        faults: faults.iter().map(|f| MenuFaultDto::new(f, lang)).collect(),
    })
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat menu: publish",
    description = "Validates, publishes at WeChat, and keeps the menu as a new version.",
    request_body = MenuBody,
    responses(
        (status = 200, description = "Published", body = VersionResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 422, description = "`invalid_menu` with `faults`", body = ErrorBody),
        (status = 502, description = "`wechat_error`, `wechat_unavailable`", body = ErrorBody),
        (status = 503, description = "`wechat_not_configured`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[put("/admin/wechat/menu")]
pub async fn publish_menu(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<MenuBody>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let menu = Menu {
        button: body.into_inner().button,
    };
    let version = wechat(&state)?
        .publish_menu(&menu, admin.0.user.username.as_str())
        .await?;
    tracing::info!(admin = %admin.0.user.id, version = %version.id, "WeChat menu published");
    Ok(HttpResponse::Ok().json(VersionResponse {
        success: true,
        message: Msg::MenuPublished.text(lang),
        version: version.into(),
    }))
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat menu: delete",
    description = "Removes the custom menu at WeChat; published versions are kept.",
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 502, description = "`wechat_error`, `wechat_unavailable`", body = ErrorBody),
        (status = 503, description = "`wechat_not_configured`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[delete("/admin/wechat/menu")]
pub async fn delete_menu(
    state: web::Data<AppState>,
    admin: AdminUser,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    wechat(&state)?.delete_menu().await?;
    tracing::info!(admin = %admin.0.user.id, "WeChat menu deleted");
    Ok(HttpResponse::Ok().json(MessageResponse {
        success: true,
        message: Msg::MenuDeleted.text(lang),
    }))
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat menu: published versions",
    responses(
        (status = 200, description = "Newest first", body = VersionsResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 503, description = "`wechat_not_configured`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/wechat/menu/versions")]
pub async fn menu_versions(
    state: web::Data<AppState>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let versions = wechat(&state)?.versions(100).await?;
    Ok(HttpResponse::Ok().json(VersionsResponse {
        success: true,
        versions: versions.into_iter().map(Into::into).collect(),
    }))
}

#[utoipa::path(
    tag = "admin",
    summary = "WeChat menu: roll back to a version",
    description = "Publishes a stored version again, recorded as a new version that names the one it came from.",
    params(("id" = uuid::Uuid, Path, description = "The version's id")),
    responses(
        (status = 200, description = "Rolled back", body = VersionResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`menu_version_not_found`", body = ErrorBody),
        (status = 502, description = "`wechat_error`, `wechat_unavailable`", body = ErrorBody),
        (status = 503, description = "`wechat_not_configured`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/wechat/menu/versions/{id}/rollback")]
pub async fn rollback_menu(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<String>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let service = wechat(&state)?;
    let id: MenuVersionId = id
        .parse()
        .map_err(|_| ApiError::from(WechatError::VersionNotFound))?;
    let version = service.rollback(id, admin.0.user.username.as_str()).await?;
    tracing::info!(admin = %admin.0.user.id, version = %version.id, "WeChat menu rolled back");
    Ok(HttpResponse::Ok().json(VersionResponse {
        success: true,
        message: Msg::MenuRolledBack.text(lang),
        version: version.into(),
    }))
}
