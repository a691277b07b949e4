//! `/api/admin/users/{id}/disable` and `/enable`: an administrator stops or restores an
//! account (from its profile). Disabling signs out every session and revokes every token of
//! the account at once; both are audited (`user.disabled`, `user.enabled`).

use super::dto::UserStatusResponse;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{AdminUser, client_context, path_id};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use accounts::moderation::ModerationService;
use accounts::moderation::Moderator;
use actix_web::{HttpRequest, HttpResponse, post, web};
use kernel::UserId;

fn moderator(admin: &AdminUser, req: &HttpRequest, state: &AppState) -> Moderator {
    Moderator {
        id: admin.0.user.id,
        role: admin.0.user.role,
        ip: client_context(req, &state.config.trusted_proxies).ip,
    }
}

#[utoipa::path(
    tag = "admin",
    summary = "Disable a user",
    description = "The account can no longer sign in by any door (password, phone, WeChat); every one of its sessions is signed out and every personal access token revoked at once. Audited as `user.disabled`. Disabling a disabled account again ends whatever it still holds. An administrator cannot disable their own account.",
    params(("id" = uuid::Uuid, Path, description = "The user's id")),
    responses(
        (status = 200, description = "Disabled", body = UserStatusResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`cannot_disable_self`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/users/{id}/disable")]
pub async fn disable_user(
    state: web::Data<AppState>,
    moderation: web::Data<ModerationService>,
    admin: AdminUser,
    req: HttpRequest,
    lang: Lang,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: UserId = path_id(&id)?;
    let (user, ended) = moderation
        .disable(&moderator(&admin, &req, &state), id)
        .await?;
    Ok(HttpResponse::Ok().json(UserStatusResponse {
        success: true,
        user_id: user.id.0,
        disabled: user.disabled_at.is_some(),
        sessions_ended: ended.sessions,
        tokens_revoked: ended.tokens,
        message: Msg::UserDisabled.text(lang),
    }))
}

#[utoipa::path(
    tag = "admin",
    summary = "Enable a user",
    description = "The account may sign in again (sessions and tokens ended when it was disabled stay ended). Audited as `user.enabled`.",
    params(("id" = uuid::Uuid, Path, description = "The user's id")),
    responses(
        (status = 200, description = "Enabled", body = UserStatusResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/users/{id}/enable")]
pub async fn enable_user(
    state: web::Data<AppState>,
    moderation: web::Data<ModerationService>,
    admin: AdminUser,
    req: HttpRequest,
    lang: Lang,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: UserId = path_id(&id)?;
    let user = moderation
        .enable(&moderator(&admin, &req, &state), id)
        .await?;
    Ok(HttpResponse::Ok().json(UserStatusResponse {
        success: true,
        user_id: user.id.0,
        disabled: user.disabled_at.is_some(),
        sessions_ended: 0,
        tokens_revoked: 0,
        message: Msg::UserEnabled.text(lang),
    }))
}
