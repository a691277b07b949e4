//! Bodies more than one area answers or accepts: the user as clients see them, the answer to a
//! sign-in or an account change, a phone number (with its code), a code sent, a plain message.
//! An area's own bodies live in its `dto.rs`; what two areas share lives here, never in one of
//! them (docs/architecture.md, "The HTTP layer").

use crate::http::error::{ApiError, SharedCode};
use crate::http::extract::session_cookie;
use crate::http::rules;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use accounts::model::{PhoneNumber, User, VerificationCode};
use accounts::{IssuedSession, SentCode};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A user as every client sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: uuid::Uuid,
    #[schema(example = "xiaoming")]
    pub username: String,
    #[schema(example = "小明")]
    pub nickname: String,
    #[schema(schema_with = rules::role)]
    pub role: String,
    /// The avatar: the uploaded one's original, else one from WeChat; `null` when there is
    /// none (clients show initials).
    #[schema(required = true)]
    pub avatar_url: Option<String>,
    /// The avatar's thumbnail, for small places (the header, lists).
    #[schema(required = true)]
    pub avatar_thumbnail_url: Option<String>,
    /// What the user says about themselves (at most 280 characters).
    #[schema(required = true)]
    pub bio: Option<String>,
    /// The colour mode and language saved for the user (applied on a device at sign-in).
    pub appearance: AppearanceDto,
    /// Whether the account can sign in with a password.
    pub has_password: bool,
    /// The bound phone number, masked.
    #[schema(required = true)]
    pub phone: Option<PhoneDto>,
    pub wechat_linked: bool,
    pub created_at: DateTime<Utc>,
}

/// The colour mode and language saved for a user; `null` where they never chose (the
/// device's own choice stands).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppearanceDto {
    #[schema(required = true, value_type = Option<String>, pattern = "^(light|dark|system)$", example = "dark")]
    pub color_mode: Option<String>,
    #[schema(required = true, value_type = Option<String>, pattern = "^(zh|en|system)$", example = "zh")]
    pub language: Option<String>,
}

impl From<accounts::model::Appearance> for AppearanceDto {
    fn from(a: accounts::model::Appearance) -> Self {
        Self {
            color_mode: a.color_mode.map(|m| m.as_str().to_owned()),
            language: a.language.map(|l| l.as_str().to_owned()),
        }
    }
}

/// Where an avatar is shown from: the uploaded file's variant, else the URL from elsewhere.
pub fn avatar_url(
    avatar: Option<kernel::MediaId>,
    external: Option<&String>,
    variant: media::Variant,
) -> Option<String> {
    avatar
        .map(|id| media_url(id, variant))
        .or_else(|| external.cloned())
}

/// A phone number as screens show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneDto {
    #[schema(schema_with = rules::calling_code)]
    pub prefix: &'static str,
    #[schema(example = "138****8000")]
    pub masked: String,
}

impl From<&User> for UserDto {
    fn from(u: &User) -> Self {
        Self {
            id: u.id.0,
            username: u.username.as_str().to_owned(),
            nickname: u.nickname.as_str().to_owned(),
            role: u.role.as_str().to_owned(),
            avatar_url: avatar_url(u.avatar, u.avatar_url.as_ref(), media::Variant::Original),
            avatar_thumbnail_url: avatar_url(
                u.avatar,
                u.avatar_url.as_ref(),
                media::Variant::Thumbnail,
            ),
            bio: u.bio.as_ref().map(|b| b.as_str().to_owned()),
            appearance: AppearanceDto::from(u.appearance),
            has_password: u.has_password,
            phone: u.phone.as_ref().map(|p| PhoneDto {
                prefix: p.region().prefix(),
                masked: p.masked(),
            }),
            wechat_linked: u.wechat.is_some(),
            created_at: u.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    #[schema(example = true)]
    pub success: bool,
    pub user: UserDto,
    pub message: &'static str,
}

impl AuthResponse {
    pub fn new(user: &User, message: &'static str) -> Self {
        Self {
            success: true,
            user: UserDto::from(user),
            message,
        }
    }

    /// The answer to every successful sign-in: this body and the new session's cookie.
    pub fn signed_in(
        req: &HttpRequest,
        state: &AppState,
        status: StatusCode,
        user: &User,
        issued: &IssuedSession,
        message: &'static str,
    ) -> HttpResponse {
        HttpResponse::build(status)
            .insert_header(("Cache-Control", "no-store"))
            .cookie(session_cookie(req, state, &issued.token))
            .json(Self::new(user, message))
    }
}

/// A phone number as typed, with its calling code.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneRequest {
    #[schema(schema_with = rules::phone_prefix)]
    pub phone_prefix: String,
    #[schema(schema_with = rules::phone_number)]
    pub phone_number: String,
}

impl PhoneRequest {
    /// # Errors
    /// 422 `unsupported_phone_region` or `invalid_phone`.
    pub fn try_into_domain(&self) -> Result<PhoneNumber, ApiError> {
        Ok(PhoneNumber::parse(&self.phone_prefix, &self.phone_number)?)
    }
}

/// A phone number and the code sent to it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneCodeRequest {
    #[schema(schema_with = rules::phone_prefix)]
    pub phone_prefix: String,
    #[schema(schema_with = rules::phone_number)]
    pub phone_number: String,
    #[schema(schema_with = rules::verification_code)]
    pub verification_code: String,
}

impl PhoneCodeRequest {
    /// # Errors
    /// 422 `unsupported_phone_region`, `invalid_phone` or `invalid_verification_code`.
    pub fn try_into_domain(&self) -> Result<(PhoneNumber, VerificationCode), ApiError> {
        let phone = PhoneNumber::parse(&self.phone_prefix, &self.phone_number)?;
        let code = VerificationCode::parse(&self.verification_code)?;
        Ok((phone, code))
    }
}

/// A code was sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSentResponse {
    pub success: bool,
    pub message: &'static str,
    /// When it was sent; the resend countdown runs from here.
    pub sent_at: DateTime<Utc>,
    #[schema(example = 60)]
    pub resend_after_secs: u64,
    #[schema(example = 300)]
    pub expires_in_secs: i64,
}

impl CodeSentResponse {
    /// The answer to every code sent (login, binding, re-authentication).
    pub fn new(sent: &SentCode, lang: Lang) -> Self {
        Self {
            success: true,
            message: Msg::CodeSent.text(lang),
            sent_at: sent.sent_at,
            resend_after_secs: sent.resend_after_secs,
            expires_in_secs: sent.expires_in_secs,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    #[schema(example = true)]
    pub success: bool,
    pub message: &'static str,
}

impl MessageResponse {
    /// A success saying `msg` in `lang`.
    pub fn new(msg: Msg, lang: Lang) -> Self {
        Self {
            success: true,
            message: msg.text(lang),
        }
    }
}

/// Someone as shown beside what they did (an article's author, a member, a requester).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonDto {
    pub id: uuid::Uuid,
    #[schema(example = "xiaoming")]
    pub username: String,
    #[schema(example = "小明")]
    pub nickname: String,
    #[schema(required = true)]
    pub avatar_url: Option<String>,
}

impl From<&kernel::Person> for PersonDto {
    fn from(p: &kernel::Person) -> Self {
        Self {
            id: p.id.0,
            username: p.username.clone(),
            nickname: p.nickname.clone(),
            avatar_url: avatar_url(p.avatar, p.avatar_url.as_ref(), media::Variant::Thumbnail),
        }
    }
}

/// Why what someone wrote is shown to its author only (docs/moderation.md, "Hold and hide"):
/// `held` while the word list holds it for review (shown as 审核中 / "under review"),
/// `hidden` once a moderator hid it. Only its author ever reads such an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WithheldDto {
    Held,
    Hidden,
}

impl From<kernel::Withheld> for WithheldDto {
    fn from(w: kernel::Withheld) -> Self {
        match w {
            kernel::Withheld::Held => Self::Held,
            kernel::Withheld::Hidden => Self::Hidden,
        }
    }
}

/// The raw bytes of one image upload (JPEG, PNG, WebP or GIF, judged by content).
#[derive(Debug, ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ImageBytes(pub Vec<u8>);

/// Where a stored image is served (`GET /api/media/{id}` and its thumbnail).
pub fn media_url(id: kernel::MediaId, variant: media::Variant) -> String {
    match variant {
        media::Variant::Original => format!("/api/media/{id}"),
        media::Variant::Thumbnail => format!("/api/media/{id}/thumbnail"),
    }
}

/// A page of a list: where to start and how many (every list is paged by cursor).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

impl PageQuery {
    pub fn page(&self) -> Result<kernel::PageRequest, ApiError> {
        page_request(self.cursor.as_deref(), self.limit)
    }
}

/// The most items a page holds, and the fewest one may ask for.
pub const PAGE_LIMIT: std::ops::RangeInclusive<u32> = 1..=50;

/// A query's `limit` as asked: 400 `invalid_limit` outside 1–50 (every paged list, so the
/// document's `minimum` and `maximum` are what the server enforces, not a silent clamp).
pub fn check_limit(limit: Option<u32>) -> Result<Option<u32>, ApiError> {
    match limit {
        Some(n) if !PAGE_LIMIT.contains(&n) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            SharedCode::InvalidLimit,
            Msg::InvalidLimit,
        )
        .with_field("limit", Msg::InvalidLimit)),
        _ => Ok(limit),
    }
}

/// A page request from a query's `cursor` and `limit`: 400 `invalid_cursor` for a cursor this
/// server did not write, 400 `invalid_limit` for a limit outside 1–50 ([`check_limit`]).
pub fn page_request(
    cursor: Option<&str>,
    limit: Option<u32>,
) -> Result<kernel::PageRequest, ApiError> {
    let limit = check_limit(limit)?;
    let after = match cursor.filter(|c| !c.is_empty()) {
        None => None,
        Some(raw) => Some(kernel::Cursor::decode(raw).ok_or_else(ApiError::invalid_cursor)?),
    };
    Ok(kernel::PageRequest::new(after, limit))
}

/// The `nextCursor` of a page.
pub fn next_cursor<T>(page: &kernel::Page<T>) -> Option<String> {
    page.next.map(|c| c.encode())
}

// The audit log's pages (`admin`) and the overview's latest events (`overview`) show it.

/// One audit event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEventDto {
    pub id: uuid::Uuid,
    pub at: DateTime<Utc>,
    #[schema(schema_with = rules::audit_action)]
    pub action: String,
    /// The acting user's id; `null` for anonymous actions (a failed sign-in).
    #[schema(required = true)]
    pub actor_id: Option<uuid::Uuid>,
    /// The acting user's username, when the account still exists.
    #[schema(required = true)]
    pub actor_username: Option<String>,
    /// The acting user's nickname, when the account still exists.
    #[schema(required = true)]
    pub actor_nickname: Option<String>,
    /// What the action was done to: a username, a masked phone number, an id.
    #[schema(required = true)]
    pub target: Option<String>,
    /// The client's address, when known.
    #[schema(required = true)]
    pub ip: Option<String>,
    /// A short, secret-free detail.
    #[schema(required = true)]
    pub detail: Option<String>,
}

impl From<&audit::AuditEntry> for AuditEventDto {
    fn from(e: &audit::AuditEntry) -> Self {
        Self {
            id: e.id,
            at: e.event.at,
            action: e.event.action.clone(),
            actor_id: e.event.actor.map(|a| a.0),
            actor_username: e.actor_name.as_ref().map(|n| n.username.clone()),
            actor_nickname: e.actor_name.as_ref().map(|n| n.nickname.clone()),
            target: e.event.target.clone(),
            ip: e.event.ip.clone(),
            detail: e.event.detail.clone(),
        }
    }
}
