//! The signed-in user's own account: binding or changing the phone number.

use crate::http::auth::dto::CodeSentResponse;
use crate::http::auth::dto::{AuthResponse, PhoneCodeRequest, PhoneRequest};
use crate::http::auth::phone::code_sent;
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, client_context};
use crate::i18n::{Lang, Msg};
use crate::startup::AppState;
use actix_web::{HttpRequest, HttpResponse, post, put, web};

#[utoipa::path(
    tag = "account",
    summary = "Send a code to bind a phone number",
    description = "Like the login code, but for binding the number to the signed-in account. Refused when another account has the number.",
    request_body = PhoneRequest,
    responses(
        (status = 200, description = "Sent", body = CodeSentResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 409, description = "`phone_taken`", body = ErrorBody),
        (status = 422, description = "`invalid_phone`, `unsupported_phone_region`", body = ErrorBody),
        (status = 429, description = "`code_resend_too_soon`, `rate_limited`, `sms_provider_throttled`", body = ErrorBody),
        (status = 502, description = "`sms_provider_error`", body = ErrorBody),
        (status = 503, description = "`sms_unavailable`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
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
    let ctx = client_context(&req, state.config.trust_proxy);
    let sent = state
        .accounts
        .send_bind_code(me.user.id, &phone, &ctx)
        .await?;
    Ok(HttpResponse::Ok().json(code_sent(&sent, lang)))
}

#[utoipa::path(
    tag = "account",
    summary = "Bind or change my phone number",
    request_body = PhoneCodeRequest,
    responses(
        (status = 200, description = "Bound", body = AuthResponse),
        (status = 401, description = "`unauthorized`, `wrong_verification_code`, `verification_code_exhausted`", body = ErrorBody),
        (status = 409, description = "`phone_taken`", body = ErrorBody),
        (status = 422, description = "`invalid_phone`, `unsupported_phone_region`, `invalid_verification_code`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[put("/account/phone")]
pub async fn bind_phone(
    state: web::Data<AppState>,
    me: SignedIn,
    body: web::Json<PhoneCodeRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let (phone, code) = body.try_into_domain()?;
    let user = state.accounts.bind_phone(me.user.id, &phone, &code).await?;
    tracing::info!(user = %user.id, "phone bound");
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::PhoneBound.text(lang))))
}
