//! The signed-in user's own account: binding or changing the phone number.

use crate::http::dto::{AuthResponse, CodeSentResponse, PhoneCodeRequest, PhoneRequest};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, client_context};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, post, put, web};

#[utoipa::path(
    tag = "account",
    summary = "Send a code to bind a phone number",
    description = "Like the login code, but for binding the number to the signed-in account. A browser session only, with recent proof of the account (signed in, or re-authenticated with `POST /api/auth/reauthenticate`, within `REAUTH_WINDOW_MINUTES`, 10 minutes by default). The answer never says whether another account has the number: that is told after the right code, by `PUT /api/account/phone`. Limited per account (10 an hour) besides the limits of every code.",
    request_body = PhoneRequest,
    responses(
        (status = 200, description = "Sent", body = CodeSentResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`reauthentication_required`, `token_not_allowed`", body = ErrorBody),
        (status = 422, description = "`invalid_phone`, `unsupported_phone_region`", body = ErrorBody),
        (status = 429, description = "`code_resend_too_soon`, `rate_limited`, `sms_provider_throttled`", body = ErrorBody),
        (status = 502, description = "`sms_provider_error`", body = ErrorBody),
        (status = 503, description = "`sms_unavailable`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []))
)]
#[post("/account/phone/sendVerification")]
pub async fn send_bind_code(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: SignedIn,
    body: web::Json<PhoneRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let phone = body.try_into_domain()?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let sent = state
        .accounts
        .send_bind_code(me.session()?, &phone, &ctx)
        .await?;
    Ok(HttpResponse::Ok().json(CodeSentResponse::new(&sent, lang)))
}

#[utoipa::path(
    tag = "account",
    summary = "Bind or change my phone number",
    description = "A browser session only, with recent proof of the account (as for the code). The code is checked first; `phone_taken` comes only after the right code.",
    request_body = PhoneCodeRequest,
    responses(
        (status = 200, description = "Bound", body = AuthResponse),
        (status = 401, description = "`unauthorized`, `wrong_verification_code`, `verification_code_exhausted`", body = ErrorBody),
        (status = 403, description = "`reauthentication_required`, `token_not_allowed`", body = ErrorBody),
        (status = 409, description = "`phone_taken`", body = ErrorBody),
        (status = 422, description = "`invalid_phone`, `unsupported_phone_region`, `invalid_verification_code`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []))
)]
#[put("/account/phone")]
pub async fn bind_phone(
    state: web::Data<AppState>,
    me: SignedIn,
    body: web::Json<PhoneCodeRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let (phone, code) = body.try_into_domain()?;
    let user = state
        .accounts
        .bind_phone(me.session()?, &phone, &code)
        .await?;
    tracing::info!(user = %user.id, "phone bound");
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::PhoneBound.text(lang))))
}
