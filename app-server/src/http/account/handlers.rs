//! The signed-in user's own account: binding or changing the phone number, the profile
//! (nickname, username, bio, avatar), the saved appearance and the basics.

use super::dto::{AvatarRequest, AvatarUploadDto, AvatarUploadResponse, BasicsDto, ProfileRequest};
use crate::http::dto::{
    AppearanceDto, AuthResponse, CodeSentResponse, ImageBytes, PhoneCodeRequest, PhoneRequest,
};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, client_context};
use crate::http::upload;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use accounts::ProfileService;
use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};
use kernel::MediaId;
use media::MediaService;

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

#[utoipa::path(
    tag = "account",
    summary = "Change my profile",
    description = "Nickname, username and bio; each field sent is changed, each left out kept. A new username follows registration's rules (unique whatever the case, no reserved name, not held for someone else) and, since it changes how the owner signs in, needs a browser session with recent proof of the account (signed in, or re-authenticated with `POST /api/auth/reauthenticate`, within `REAUTH_WINDOW_MINUTES`): a token may change the nickname and bio only. The name given up is held for its former owner for `USERNAME_HOLD_DAYS` (30 by default): nobody else may register or rename to it meanwhile, the former owner may take it back. Sessions and tokens keep working after a rename.",
    request_body = ProfileRequest,
    responses(
        (status = 200, description = "Saved", body = AuthResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`username_change_needs_session` (a rename with a token), `reauthentication_required` (a rename without recent proof)", body = ErrorBody),
        (status = 409, description = "`username_taken` (another account has it, or holds it after a rename)", body = ErrorBody),
        (status = 422, description = "`invalid_nickname`, `invalid_username`, `reserved_username`, `invalid_bio`, `words_refused` (with `words`)", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[patch("/account/profile")]
pub async fn update_profile(
    state: web::Data<AppState>,
    profiles: web::Data<ProfileService>,
    me: SignedIn,
    body: web::Json<ProfileRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let change = body.into_inner().try_into_domain()?;
    if change.renames(&me.user) {
        // A rename changes how the owner signs in: a browser session with fresh proof only.
        let session = me
            .session()
            .map_err(|_| ApiError::username_change_needs_session())?;
        state.accounts.require_fresh_proof(session)?;
    }
    let user = profiles.update_profile(&me.user, change).await?;
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::ProfileSaved.text(lang))))
}

#[utoipa::path(
    tag = "account",
    summary = "Upload an avatar image",
    description = "The raw bytes of one image (JPEG, PNG, WebP or GIF, judged by content; clients crop it square first), re-encoded without metadata and thumbnailed as every upload. Only its owner sees it until `PUT /api/account/avatar` makes it the avatar; one never set within a day is removed.",
    request_body(content = ImageBytes, content_type = "application/octet-stream"),
    responses(
        (status = 201, description = "Stored", body = AvatarUploadResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 408, description = "`upload_too_slow`: the body did not arrive within `MEDIA_UPLOAD_TIMEOUT_SECS` or at `MEDIA_UPLOAD_MIN_BYTES_PER_SEC`", body = ErrorBody),
        (status = 413, description = "`image_too_large`", body = ErrorBody),
        (status = 415, description = "`unsupported_image_type`", body = ErrorBody),
        (status = 422, description = "`image_too_many_pixels`, `animation_too_large`, `image_corrupt`, `storage_quota_exceeded`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        (status = 503, description = "`server_busy`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[post("/account/avatar/upload")]
pub async fn upload_avatar(
    req: HttpRequest,
    state: web::Data<AppState>,
    media: web::Data<MediaService>,
    profiles: web::Data<ProfileService>,
    me: SignedIn,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let declared = upload::declared_size(&req, &state)?;
    media.admit(me.user.id, declared).await?;
    let (_place, bytes) = upload::receive(&req, payload, &state, me.user.id).await?;
    let media = profiles.upload_avatar(me.user.id, bytes).await?;
    Ok(HttpResponse::Created().json(AvatarUploadResponse {
        success: true,
        image: AvatarUploadDto::from(&media),
    }))
}

#[utoipa::path(
    tag = "account",
    summary = "Set my avatar",
    description = "Makes one of my own unused avatar uploads my avatar (public from then on); the previous avatar's file is deleted.",
    request_body = AvatarRequest,
    responses(
        (status = 200, description = "Set", body = AuthResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 422, description = "`avatar_not_usable`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[put("/account/avatar")]
pub async fn set_avatar(
    profiles: web::Data<ProfileService>,
    me: SignedIn,
    body: web::Json<AvatarRequest>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let user = profiles
        .set_avatar(me.user.id, MediaId(body.media_id))
        .await?;
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::AvatarSet.text(lang))))
}

#[utoipa::path(
    tag = "account",
    summary = "Remove my avatar",
    description = "Deletes the avatar's file; initials are shown instead. Removing when there is none succeeds.",
    responses(
        (status = 200, description = "Removed", body = AuthResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[delete("/account/avatar")]
pub async fn remove_avatar(
    profiles: web::Data<ProfileService>,
    me: SignedIn,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let user = profiles.remove_avatar(me.user.id).await?;
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::AvatarRemoved.text(lang))))
}

#[utoipa::path(
    tag = "account",
    summary = "My saved appearance",
    description = "The colour mode and language saved for me; `null` where I never chose. A client applies them at sign-in.",
    responses(
        (status = 200, description = "Saved appearance", body = AppearanceDto),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:read"]))
)]
#[get("/account/appearance")]
pub async fn get_appearance(me: SignedIn) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(AppearanceDto::from(me.user.appearance)))
}

#[utoipa::path(
    tag = "account",
    summary = "Save my appearance",
    description = "Saves the colour mode (`light`, `dark`, `system`: follow the device) and language (`zh`, `en`, `system`: follow the browser) chosen on one device, for my other devices to pick up at sign-in; `null` clears a choice (each device keeps its own). A value outside these is 422 `invalid_appearance`, with its message under the field it belongs to.",
    request_body = AppearanceDto,
    responses(
        (status = 200, description = "Saved", body = AppearanceDto),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 422, description = "`invalid_appearance`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[put("/account/appearance")]
pub async fn save_appearance(
    profiles: web::Data<ProfileService>,
    me: SignedIn,
    body: web::Json<AppearanceDto>,
) -> Result<HttpResponse, ApiError> {
    let appearance = body.try_into_domain()?;
    let saved = profiles.save_appearance(me.user.id, appearance).await?;
    Ok(HttpResponse::Ok().json(AppearanceDto::from(saved)))
}

#[utoipa::path(
    tag = "account",
    summary = "My account's basics",
    description = "Id, username, role, when the account was made, and which ways of signing in are bound (password, phone, WeChat).",
    responses(
        (status = 200, description = "The basics", body = BasicsDto),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:read"]))
)]
#[get("/account/basics")]
pub async fn get_basics(me: SignedIn) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(BasicsDto::from(&me.user)))
}
