//! Phone + SMS code sign-in (spec §2.3, §7): send a code, log in with it.

use super::dto::PhoneLoginResponse;
use crate::http::dto::{CodeSentResponse, PhoneCodeRequest, PhoneRequest, UserDto};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{client_context, session_cookie};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, post, web};

#[utoipa::path(
    tag = "auth",
    summary = "Send a login code by SMS",
    description = "Sends a 6-digit code, valid 5 minutes, to a +86 or +1 number. One code per number every 60 s; at most 5 per number and 20 per client IP an hour.",
    request_body = PhoneRequest,
    responses(
        (status = 200, description = "Sent", body = CodeSentResponse),
        (status = 422, description = "`invalid_phone`, `unsupported_phone_region`", body = ErrorBody),
        (status = 429, description = "`code_resend_too_soon`, `rate_limited`, `sms_provider_throttled`; `retryAfter` says how long to wait", body = ErrorBody),
        (status = 502, description = "`sms_provider_error`", body = ErrorBody),
        (status = 503, description = "`sms_unavailable`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(())
)]
#[post("/auth/phone/sendVerification")]
pub async fn send_verification(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<PhoneRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let phone = body.try_into_domain()?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let sent = state.accounts.send_login_code(&phone, &ctx).await?;
    Ok(HttpResponse::Ok().json(CodeSentResponse::new(&sent, lang)))
}

#[utoipa::path(
    tag = "auth",
    summary = "Log in with a phone number and SMS code",
    description = "Signs in (sets the session cookie); the first login of a number creates its account. A code is single use and dies after 5 wrong tries.",
    request_body = PhoneCodeRequest,
    responses(
        (status = 200, description = "Signed in; `created` tells whether the account is new", body = PhoneLoginResponse),
        (status = 401, description = "`wrong_verification_code`, `verification_code_exhausted`", body = ErrorBody),
        (status = 403, description = "`account_disabled`", body = ErrorBody),
        (status = 422, description = "`invalid_phone`, `unsupported_phone_region`, `invalid_verification_code`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(())
)]
#[post("/auth/phone/login")]
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<PhoneCodeRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let (phone, code) = body.try_into_domain()?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let (user, issued, created) = state.accounts.login_with_phone(&phone, &code, &ctx).await?;
    tracing::info!(user = %user.id, created, "logged in by phone");
    Ok(HttpResponse::Ok()
        .cookie(session_cookie(&req, &state, &issued.token))
        .json(PhoneLoginResponse {
            success: true,
            user: UserDto::from(&user),
            message: if created {
                Msg::Registered.text(lang)
            } else {
                Msg::LoggedIn.text(lang)
            },
            created,
        }))
}
