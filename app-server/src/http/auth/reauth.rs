//! Proving the account again on the signed-in session (GitHub's "sudo mode"): changing how an
//! account signs in needs a recent sign-in or this. A browser session only.

use super::dto::{ReauthenticateRequest, ReauthenticatedResponse};
use crate::http::dto::CodeSentResponse;
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, client_context};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, post, web};

#[utoipa::path(
    operation_id = "reauthenticate_session",
    tag = "auth",
    summary = "Confirm it's me",
    description = "Proves the account again on this browser session, with the current password or a code sent to the number already bound (`POST /api/auth/reauthenticate/sendVerification`). For the next few minutes (`REAUTH_WINDOW_MINUTES`, 10 by default) the session may change how the account signs in: bind or change the phone number, link or unlink WeChat, rename. A fresh sign-in counts the same; a WeChat-only account signs in again. Wrong passwords and codes are limited per account.",
    request_body = ReauthenticateRequest,
    responses(
        (status = 200, description = "Proven; `reauthenticatedUntil` says until when", body = ReauthenticatedResponse),
        (status = 401, description = "`unauthorized`, `wrong_verification_code`, `verification_code_exhausted`", body = ErrorBody),
        (status = 403, description = "`wrong_password`, `token_not_allowed`", body = ErrorBody),
        (status = 409, description = "`no_phone_bound` (a code for an account without a number)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (not exactly one of `password` and `code`), `invalid_verification_code`", body = ErrorBody),
        (status = 429, description = "`rate_limited`, with Retry-After", body = ErrorBody),
        (status = 503, description = "`server_busy`: too many passwords are being checked; with Retry-After", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []))
)]
#[post("/auth/reauthenticate")]
pub async fn reauthenticate(
    state: web::Data<AppState>,
    me: SignedIn,
    body: web::Json<ReauthenticateRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let session = me.session()?;
    let proof = body.into_inner().try_into_domain()?;
    let until = state.accounts.reauthenticate(session, &proof).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ReauthenticatedResponse {
            success: true,
            message: Msg::Reauthenticated.text(lang),
            reauthenticated_until: until,
        }))
}

#[utoipa::path(
    tag = "auth",
    summary = "Send a code to confirm it's me",
    description = "Sends a code to the phone number already bound to the signed-in account, for `POST /api/auth/reauthenticate` (accounts without a password). The limits of every code apply.",
    responses(
        (status = 200, description = "Sent", body = CodeSentResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`", body = ErrorBody),
        (status = 409, description = "`no_phone_bound`", body = ErrorBody),
        (status = 429, description = "`code_resend_too_soon`, `rate_limited`, `sms_provider_throttled`", body = ErrorBody),
        (status = 502, description = "`sms_provider_error`", body = ErrorBody),
        (status = 503, description = "`sms_unavailable`", body = ErrorBody),
    ),
    security(("session" = []))
)]
#[post("/auth/reauthenticate/sendVerification")]
pub async fn send_verification(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: SignedIn,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let session = me.session()?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let sent = state.accounts.send_reauth_code(session, &ctx).await?;
    Ok(HttpResponse::Ok().json(CodeSentResponse::new(&sent, lang)))
}
