//! The auth endpoints. Each handler: extract, convert the DTO, call one use case, answer.

use super::dto::{
    ChangePasswordRequest, ChangePasswordResponse, LoginRequest, RegisterRequest, SessionDto,
    SessionsResponse,
};
use crate::http::dto::{AuthResponse, MessageResponse};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, client_context, removal_cookie, session_token};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use kernel::SessionId;

#[utoipa::path(
    tag = "auth",
    summary = "Register with a username and password",
    description = "Creates an account and signs it in (sets the session cookie). Limited per client IP.",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Registered and signed in", body = AuthResponse),
        (status = 409, description = "`username_taken`", body = ErrorBody),
        (status = 422, description = "`invalid_username`, `reserved_username`, `invalid_password`, `password_too_common` (one of the 10,000 most common passwords), `invalid_nickname`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        (status = 503, description = "`server_busy`: too many passwords are being hashed; with Retry-After", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(())
)]
#[post("/auth/username/register")]
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RegisterRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let reg = body.into_inner().try_into_domain()?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let (user, issued) = state.accounts.register(reg, &ctx).await?;
    tracing::info!(user = %user.id, "registered");
    Ok(AuthResponse::signed_in(
        &req,
        &state,
        StatusCode::CREATED,
        &user,
        &issued,
        Msg::Registered.text(lang),
    ))
}

#[utoipa::path(
    tag = "auth",
    summary = "Log in with a username and password",
    description = "Sets a new session cookie. Attempts are limited per client IP; failures per account and client together (that pair is refused for the window), and past a per-account ceiling every attempt on the account waits a delay that doubles with each further failure (never a lock for the whole window).",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = AuthResponse),
        (status = 401, description = "`invalid_credentials`", body = ErrorBody),
        (status = 403, description = "`account_disabled`", body = ErrorBody),
        (status = 429, description = "`rate_limited`, with Retry-After", body = ErrorBody),
        (status = 503, description = "`server_busy`: too many passwords are being checked; with Retry-After", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(())
)]
#[post("/auth/username/login")]
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let (username, password) = body.into_inner().try_into_domain()?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let (user, issued) = state
        .accounts
        .login_with_password(&username, &password, &ctx)
        .await?;
    tracing::info!(user = %user.id, "logged in");
    Ok(AuthResponse::signed_in(
        &req,
        &state,
        StatusCode::OK,
        &user,
        &issued,
        Msg::LoggedIn.text(lang),
    ))
}

#[utoipa::path(
    operation_id = "log_out",
    tag = "auth",
    summary = "Log out",
    description = "Ends this browser's session and clears its cookie, and forgets a proven WeChat identity (its proof is spent, its cookie removed). Succeeds when not signed in, too.",
    responses(
        (status = 200, description = "Signed out", body = MessageResponse),
        (status = 403, description = "`token_not_allowed`", body = ErrorBody),
    ),
    security(("session" = []))
)]
#[post("/auth/logout")]
pub async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    if let Some(token) = session_token(&req) {
        state.accounts.logout(&token).await?;
    }
    // A proven WeChat identity must not outlive the logout: spend it and drop its cookie.
    super::wechat::forget_proof(&req, &state).await;
    Ok(HttpResponse::Ok()
        .cookie(removal_cookie(&req, &state))
        .cookie(super::wechat::wechat_cookie_removal(&req, &state))
        .json(MessageResponse {
            success: true,
            message: Msg::LoggedOut.text(lang),
        }))
}

#[utoipa::path(
    tag = "auth",
    summary = "Change the password",
    description = "Checks the current password, sets the new one and signs out every other session of the user. With `revokeTokens: true` it also revokes every personal access token of the user (each audited); `tokensRevoked` says how many.",
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "Changed", body = ChangePasswordResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`wrong_password`, `token_not_allowed`", body = ErrorBody),
        (status = 422, description = "`invalid_password`, `password_too_common`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        (status = 503, description = "`server_busy`, with Retry-After", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []))
)]
#[post("/auth/password/change")]
pub async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: SignedIn,
    body: web::Json<ChangePasswordRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let revoke_tokens = body.revoke_tokens;
    let (current, new) = body.try_into_domain()?;
    let revoked = state
        .accounts
        .change_password(me.user.id, me.session()?.id, &current, &new)
        .await?;
    let tokens_revoked = if revoke_tokens {
        let ip = client_context(&req, &state.config.trusted_proxies).ip;
        state
            .tokens
            .revoke_all(me.user.id, ip, "password_change")
            .await?
    } else {
        0
    };
    tracing::info!(user = %me.user.id, revoked, tokens_revoked, "password changed");
    Ok(HttpResponse::Ok().json(ChangePasswordResponse {
        success: true,
        message: if revoke_tokens {
            Msg::PasswordChangedTokensRevoked.text(lang)
        } else {
            Msg::PasswordChanged.text(lang)
        },
        tokens_revoked,
    }))
}

#[utoipa::path(
    tag = "auth",
    summary = "List my signed-in devices",
    responses(
        (status = 200, description = "Live sessions, newest first", body = SessionsResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:read"]))
)]
#[get("/auth/sessions")]
pub async fn list_sessions(
    state: web::Data<AppState>,
    me: SignedIn,
) -> Result<HttpResponse, ApiError> {
    let sessions = state.accounts.list_sessions(me.user.id).await?;
    let current = me.session().ok();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(SessionsResponse {
            success: true,
            sessions: sessions
                .iter()
                .map(|s| SessionDto::new(s, current))
                .collect(),
        }))
}

#[utoipa::path(
    tag = "auth",
    summary = "Sign out one of my devices",
    params(("id" = uuid::Uuid, Path, description = "The session's id")),
    responses(
        (status = 200, description = "Signed out", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`session_not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[delete("/auth/sessions/{id}")]
pub async fn revoke_session(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: SignedIn,
    id: web::Path<String>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let id: SessionId = id
        .parse()
        .map_err(|_| ApiError::from(accounts::AccountsError::SessionNotFound))?;
    state.accounts.revoke_session(me.user.id, id).await?;
    let mut res = HttpResponse::Ok();
    if me.session().is_ok_and(|s| s.id == id) {
        res.cookie(removal_cookie(&req, &state));
    }
    Ok(res.json(MessageResponse {
        success: true,
        message: Msg::SessionRevoked.text(lang),
    }))
}
