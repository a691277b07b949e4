//! `/api/admin/wechat/*`: the WeChat official account's shared access token and its custom
//! menu (check, publish, delete, versions, rollback). The rules are the domain's
//! (`wechat::service::{AccessTokenService, MenuService}`).

use super::dto::{
    MenuBody, MenuResponse, TokenRefreshedResponse, TokenResponse, TokenStateDto,
    ValidationResponse, VersionResponse, VersionsResponse,
};
use crate::http::dto::MessageResponse;
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal, MenuFaultDto};
use crate::http::extract::{AdminUser, client_context};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use wechat::WechatError;
use wechat::menu::Menu;
use wechat::ports::MenuVersionId;
use wechat::service::{AccessTokenService, AdminActor, MenuService};

/// The administrator and their address, for the audit log.
fn actor(admin: &AdminUser, req: &HttpRequest, state: &AppState) -> AdminActor {
    AdminActor {
        id: admin.0.user.id,
        username: admin.0.user.username.as_str().to_owned(),
        ip: client_context(req, &state.config.trusted_proxies).ip,
    }
}

/// A WeChat service: provided only when WeChat is configured (`wiring::wechat`), else 503
/// `wechat_not_configured`.
fn configured<T: ?Sized>(service: Option<web::Data<T>>) -> Result<web::Data<T>, ApiError> {
    service.ok_or_else(|| WechatError::NotConfigured.into())
}

#[utoipa::path(
    operation_id = "get_wechat_token",
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
    access: Option<web::Data<AccessTokenService>>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let token = match &access {
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
    operation_id = "refresh_wechat_token",
    tag = "admin",
    summary = "WeChat access token: force a refresh",
    description = "Asks WeChat for a new token now (stable_token with force_refresh). WeChat allows this once every 30 s and 20 times a day.",
    responses(
        (status = 200, description = "Refreshed", body = TokenRefreshedResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 429, description = "`rate_limited` with `retryAfter`; `wechat_rate_limited` (WeChat's own call quota)", body = ErrorBody),
        (status = 502, description = "`wechat_error`, `wechat_invalid_credential`, `wechat_unavailable`", body = ErrorBody),
        (status = 503, description = "`wechat_not_configured`, `wechat_refresh_busy`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/wechat/token/refresh")]
pub async fn refresh_token(
    state: web::Data<AppState>,
    access: Option<web::Data<AccessTokenService>>,
    admin: AdminUser,
    req: HttpRequest,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let status = configured(access)?
        .force_refresh(&actor(&admin, &req, &state))
        .await?;
    tracing::info!(admin = %admin.0.user.id, "WeChat access token force-refreshed");
    Ok(HttpResponse::Ok().json(TokenRefreshedResponse {
        success: true,
        message: Msg::TokenRefreshed.text(lang),
        token: status.into(),
    }))
}

#[utoipa::path(
    operation_id = "current_wechat_menu",
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
    menus: Option<web::Data<MenuService>>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let menu = configured(menus)?.current_menu().await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(MenuResponse {
            success: true,
            menu,
        }))
}

#[utoipa::path(
    operation_id = "validate_wechat_menu",
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
    operation_id = "publish_wechat_menu",
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
    menus: Option<web::Data<MenuService>>,
    admin: AdminUser,
    req: HttpRequest,
    body: web::Json<MenuBody>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let menu = Menu {
        button: body.into_inner().button,
    };
    let version = configured(menus)?
        .publish_menu(&menu, &actor(&admin, &req, &state))
        .await?;
    tracing::info!(admin = %admin.0.user.id, version = %version.id, "WeChat menu published");
    Ok(HttpResponse::Ok().json(VersionResponse {
        success: true,
        message: Msg::MenuPublished.text(lang),
        version: version.into(),
    }))
}

#[utoipa::path(
    operation_id = "delete_wechat_menu",
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
    menus: Option<web::Data<MenuService>>,
    admin: AdminUser,
    req: HttpRequest,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    configured(menus)?
        .delete_menu(&actor(&admin, &req, &state))
        .await?;
    tracing::info!(admin = %admin.0.user.id, "WeChat menu deleted");
    Ok(HttpResponse::Ok().json(MessageResponse {
        success: true,
        message: Msg::MenuDeleted.text(lang),
    }))
}

#[utoipa::path(
    operation_id = "list_wechat_menu_versions",
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
    menus: Option<web::Data<MenuService>>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let versions = configured(menus)?.versions(100).await?;
    Ok(HttpResponse::Ok().json(VersionsResponse {
        success: true,
        versions: versions.into_iter().map(Into::into).collect(),
    }))
}

#[utoipa::path(
    operation_id = "rollback_wechat_menu",
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
    menus: Option<web::Data<MenuService>>,
    admin: AdminUser,
    req: HttpRequest,
    id: web::Path<String>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let service = configured(menus)?;
    let id: MenuVersionId = id
        .parse()
        .map_err(|_| ApiError::from(WechatError::VersionNotFound))?;
    let version = service.rollback(id, &actor(&admin, &req, &state)).await?;
    tracing::info!(admin = %admin.0.user.id, version = %version.id, "WeChat menu rolled back");
    Ok(HttpResponse::Ok().json(VersionResponse {
        success: true,
        message: Msg::MenuRolledBack.text(lang),
        version: version.into(),
    }))
}
