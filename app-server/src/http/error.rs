//! The single table from failures to HTTP: each domain error gets a status and a stable
//! snake_case code here, and nowhere else. The message is rendered in the request's language by
//! the [`localize_errors`] middleware; a 5xx logs its cause and says nothing more.

use crate::i18n::{Lang, Msg};
use accounts::AccountsError;
use actix_web::body::BoxBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use chat::error::ChatValidation;
use chat::{ChatError, LlmError};
use groups::GroupsError;
use media::MediaError;
use plaza::PlazaError;
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;
use utoipa::ToSchema;
use wechat::WechatError;
use wechat::menu::MenuFault;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// Always `false`.
    #[schema(example = false)]
    pub success: bool,
    /// Stable machine code, never translated.
    #[schema(example = "invalid_credentials")]
    pub code: &'static str,
    /// What went wrong, in the request's language. On 429 it ends with when to try again
    /// ("Try again in 30 s", the `Retry-After` wait).
    #[schema(example = "Wrong username or password", value_type = String)]
    pub message: Cow<'static, str>,
    /// Per-field messages for validation failures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<std::collections::BTreeMap<String, &'static str>>,
    /// Seconds to wait, on 429 and on a 503 that names one (also in the `Retry-After` header).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// An outside provider's own error code or text (untranslated), when it helps an admin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Every broken menu rule, on 422 `invalid_menu`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faults: Option<Vec<MenuFaultDto>>,
    /// What was not found, on 404 `not_found` at an existing route (absent for a path that is
    /// no endpoint at all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource: Option<Resource>,
    /// The scope a token would need, on 403 `insufficient_scope`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "account:read")]
    pub required_scope: Option<&'static str>,
}

/// What every endpoint that reads a JSON body may answer before its handler runs (the
/// `web::JsonConfig` error handler in `startup.rs`); each such operation lists these in its
/// `responses(...)`.
#[derive(utoipa::IntoResponses)]
pub enum JsonBodyRefusal {
    /// `invalid_json` (not JSON at all) or `invalid_body` (missing or mistyped fields)
    #[response(status = 400)]
    Malformed(ErrorBody),
    /// `payload_too_large`: over `JSON_BODY_LIMIT_BYTES`
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// `unsupported_media_type`: no body, or one that is not `application/json`
    #[response(status = 415)]
    NotJson(ErrorBody),
    /// `request_too_slow`: the body did not arrive within `REQUEST_BODY_TIMEOUT_SECS` or at
    /// `REQUEST_BODY_MIN_BYTES_PER_SEC`
    #[response(status = 408)]
    TooSlow(ErrorBody),
}

/// One broken WeChat menu rule.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MenuFaultDto {
    /// Where: `button[1].sub_button[0].name`.
    #[schema(example = "button[0].name")]
    pub path: String,
    /// Stable code: `name_too_long`, `url_invalid`, …
    #[schema(example = "name_too_long")]
    pub code: &'static str,
    /// What to fix, in the request's language.
    pub message: String,
}

impl MenuFaultDto {
    pub fn new(fault: &MenuFault, lang: Lang) -> Self {
        Self {
            path: fault.path.clone(),
            code: fault.kind.code(),
            message: crate::i18n::menu_fault(&fault.kind, lang),
        }
    }
}

/// What a 404 `not_found` says is missing. The domain's error names it where the domain knows
/// (a group, a user, an image, a post); where it does not (a path parameter that does not parse,
/// the groups domain's one `NotFound` for everything inside a group) the route's path does:
/// the word before its last parameter (`…/articles/{articleId}` → `article`). A path that is no
/// route at all stays "No such API endpoint", without `resource`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    Group,
    Article,
    User,
    /// A member of a group.
    Member,
    /// The caller's own membership of a group.
    Membership,
    /// A ban of a group (the user is not banned).
    Ban,
    /// A request to join a group.
    JoinRequest,
    /// An image (any stored media file).
    Media,
    /// A plaza post or comment.
    Post,
    /// A personal access token.
    Token,
    District,
}

impl Resource {
    pub const ALL: [Resource; 11] = [
        Resource::Group,
        Resource::Article,
        Resource::User,
        Resource::Member,
        Resource::Membership,
        Resource::Ban,
        Resource::JoinRequest,
        Resource::Media,
        Resource::Post,
        Resource::Token,
        Resource::District,
    ];

    pub fn msg(self) -> Msg {
        match self {
            Resource::Group => Msg::GroupNotFound,
            Resource::Article => Msg::ArticleNotFound,
            Resource::User => Msg::UserNotFound,
            Resource::Member => Msg::MemberNotFound,
            Resource::Membership => Msg::MembershipNotFound,
            Resource::Ban => Msg::BanNotFound,
            Resource::JoinRequest => Msg::JoinRequestNotFound,
            Resource::Media => Msg::MediaNotFound,
            Resource::Post => Msg::PostNotFound,
            Resource::Token => Msg::TokenNotFound,
            Resource::District => Msg::UnknownDistrict,
        }
    }

    /// The thing a route's path addresses (`/api/groups/{id}/articles/{articleId}` → `Article`).
    pub fn of_route(pattern: &str) -> Option<Self> {
        let segments: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
        if segments.last() == Some(&"membership") {
            return Some(Resource::Membership);
        }
        let last_param = segments.iter().rposition(|s| s.starts_with('{'))?;
        let word = segments.get(last_param.checked_sub(1)?)?;
        Some(match *word {
            "groups" => Resource::Group,
            "articles" => Resource::Article,
            "users" => Resource::User,
            "members" => Resource::Member,
            "bans" => Resource::Ban,
            "requests" => Resource::JoinRequest,
            "media" | "gallery" => Resource::Media,
            "posts" | "comments" => Resource::Post,
            "tokens" => Resource::Token,
            "districts" => Resource::District,
            _ => return None,
        })
    }
}

/// How long to wait, in words: seconds below two minutes, then minutes, then hours (rounded up).
pub fn wait_words(secs: u64, lang: Lang) -> String {
    let (n, zh_unit, en_unit) = if secs < 120 {
        (secs.max(1), "秒", "s")
    } else if secs < 2 * 3600 {
        (secs.div_ceil(60), "分钟", "min")
    } else {
        (secs.div_ceil(3600), "小时", "h")
    };
    match lang {
        Lang::Zh => format!("{n} {zh_unit}"),
        Lang::En => format!("{n} {en_unit}"),
    }
}

/// A 429's message with when to try again: a vague "try again later" at its end is replaced by
/// the wait, any other message gets it appended.
pub fn with_wait(message: &str, secs: u64, lang: Lang) -> String {
    let wait = wait_words(secs, lang);
    match lang {
        Lang::Zh => match message.strip_suffix("，请稍后再试") {
            Some(head) => format!("{head}，请 {wait}后再试"),
            None => format!("{message}（请 {wait}后再试）"),
        },
        Lang::En => {
            let head = ["; please try again later", "; please try again shortly"]
                .iter()
                .find_map(|tail| message.strip_suffix(tail));
            match head {
                Some(head) => format!("{head}; try again in {wait}"),
                None => format!("{message} (try again in {wait})"),
            }
        }
    }
}

/// An outside system whose absence is a 503 rather than a 500 (see [`ApiError::internal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dependency {
    /// The database: the pool found no connection within its acquire timeout, or a connection
    /// broke mid-statement (a restart, a failover, a network cut).
    Database,
    /// The object store behind uploaded images.
    MediaStore,
}

/// `Retry-After` on 503 `database_unavailable`: a restarting PostgreSQL is usually back in
/// seconds.
pub const DATABASE_RETRY_AFTER_SECS: u64 = 5;
/// `Retry-After` on 503 `media_store_unavailable`.
pub const MEDIA_STORE_RETRY_AFTER_SECS: u64 = 10;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    msg: Msg,
    fields: Vec<(String, Msg)>,
    retry_after: Option<u64>,
    detail: Option<String>,
    faults: Box<[MenuFault]>,
    required_scope: Option<&'static str>,
    resource: Option<Resource>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, msg: Msg) -> Self {
        Self {
            status,
            code,
            msg,
            fields: Vec::new(),
            retry_after: None,
            detail: None,
            faults: Box::default(),
            required_scope: None,
            resource: None,
        }
    }

    /// 404 `not_found` naming what is missing.
    pub fn missing(resource: Resource) -> Self {
        let mut e = Self::new(StatusCode::NOT_FOUND, "not_found", resource.msg());
        e.resource = Some(resource);
        e
    }

    /// A `not_found` named by the route that answered it (see [`Resource`]): one that names
    /// nothing gets the route's thing, as does the groups domain's (one `NotFound` for a group
    /// and everything in it); a path that matched no route stays "No such API endpoint".
    pub fn named_by_route(mut self, pattern: Option<&str>) -> Self {
        if self.code != "not_found" || self.status != StatusCode::NOT_FOUND {
            return self;
        }
        let Some(by_route) = pattern.and_then(Resource::of_route) else {
            return self;
        };
        let rename = match self.resource {
            None => self.msg == Msg::NotFound,
            Some(Resource::Group) => true,
            Some(_) => false,
        };
        if rename {
            self.resource = Some(by_route);
            self.msg = by_route.msg();
        }
        self
    }

    /// Names the scope a token lacked (403 `insufficient_scope`).
    pub fn with_required_scope(mut self, scope: &'static str) -> Self {
        self.required_scope = Some(scope);
        self
    }

    pub fn with_retry_after(mut self, secs: u64) -> Self {
        self.retry_after = Some(secs);
        self
    }

    pub fn with_detail(mut self, detail: String) -> Self {
        self.detail = Some(detail);
        self
    }

    /// The same error with another sentence (e.g. a 401 that says what sign-in is for).
    pub fn with_msg(mut self, msg: Msg) -> Self {
        self.msg = msg;
        self
    }

    pub fn unprocessable(code: &'static str, msg: Msg) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, msg)
    }

    /// The sentence in `lang`.
    pub fn message(&self, lang: Lang) -> &'static str {
        self.msg.text(lang)
    }

    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", Msg::Forbidden)
    }

    pub fn with_field(mut self, field: &str, msg: Msg) -> Self {
        self.fields.push((field.to_owned(), msg));
        self
    }

    /// 401 for a bearer token that is malformed, unknown, revoked or expired.
    pub fn invalid_token() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "invalid_token", Msg::InvalidToken)
    }

    /// 403: the endpoint needs a signed-in browser session, not a token.
    pub fn token_not_allowed() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "token_not_allowed",
            Msg::TokenNotAllowed,
        )
    }

    /// 403: a new username needs a browser session. The operation takes a token (a nickname or
    /// bio change), so this is a refusal of the change, not of the credential: a rename is a
    /// change of how someone signs in, which is a session's alone.
    pub fn username_change_needs_session() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "username_change_needs_session",
            Msg::UsernameChangeNeedsSession,
        )
    }

    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", Msg::Unauthorized)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", Msg::NotFound)
    }

    /// 422 for a role a body may not name.
    pub fn invalid_role() -> Self {
        Self::unprocessable("invalid_role", Msg::InvalidRole).with_field("role", Msg::InvalidRole)
    }

    /// 400 for a query parameter outside its listed values.
    pub fn invalid_query() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_query", Msg::InvalidQuery)
    }

    pub fn cross_origin() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "cross_origin_request",
            Msg::CrossOriginRequest,
        )
    }

    /// A failure no rule foresaw: 500 `internal_error`, with its cause logged — unless the
    /// cause is an outside system the server cannot reach ([`Dependency`], as its adapter
    /// classifies it): then 503 with `Retry-After`, since trying again soon is the right thing
    /// for a client to do, and a message that says what is down. The request's own answer is
    /// otherwise unchanged: nothing was written that the adapter did not undo.
    pub fn internal(cause: &anyhow::Error) -> Self {
        if let Some(dependency) = crate::startup::unreachable_dependency(cause) {
            return Self::unavailable(dependency, cause);
        }
        tracing::error!(error = format!("{cause:#}"), "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            Msg::InternalError,
        )
    }

    /// 503 for an outside system that cannot be reached, with `Retry-After`.
    pub fn unavailable(dependency: Dependency, cause: &anyhow::Error) -> Self {
        let (code, msg, retry_after) = match dependency {
            Dependency::Database => (
                "database_unavailable",
                Msg::DatabaseUnavailable,
                DATABASE_RETRY_AFTER_SECS,
            ),
            Dependency::MediaStore => (
                "media_store_unavailable",
                Msg::MediaStoreUnavailable,
                MEDIA_STORE_RETRY_AFTER_SECS,
            ),
        };
        // `warn`, not `error`: one outage answers many requests, and the outage is what to
        // alert on (health checks, the pool's own logs), not each request it refused.
        tracing::warn!(
            error = format!("{cause:#}"),
            code,
            "an outside system is unreachable"
        );
        Self::new(StatusCode::SERVICE_UNAVAILABLE, code, msg).with_retry_after(retry_after)
    }

    pub fn render(&self, lang: Lang) -> HttpResponse {
        let fields = (!self.fields.is_empty()).then(|| {
            self.fields
                .iter()
                .map(|(f, m)| (f.clone(), m.text(lang)))
                .collect()
        });
        let message = match self.retry_after {
            Some(secs) if self.status == StatusCode::TOO_MANY_REQUESTS => {
                Cow::Owned(with_wait(self.msg.text(lang), secs, lang))
            }
            _ => Cow::Borrowed(self.msg.text(lang)),
        };
        let body = ErrorBody {
            success: false,
            code: self.code,
            message,
            resource: self.resource,
            fields,
            retry_after: self.retry_after,
            detail: self.detail.clone(),
            faults: (!self.faults.is_empty()).then(|| {
                self.faults
                    .iter()
                    .map(|f| MenuFaultDto::new(f, lang))
                    .collect()
            }),
            required_scope: self.required_scope,
        };
        let mut res = HttpResponse::build(self.status);
        // RFC 6750 §3: a refused bearer token gets a challenge naming the error.
        if matches!(self.code, "invalid_token" | "insufficient_scope") {
            res.insert_header((
                header::WWW_AUTHENTICATE,
                format!("Bearer realm=\"courtyard\", error=\"{}\"", self.code),
            ));
        }
        if let Some(secs) = self.retry_after {
            res.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        res.insert_header((header::CONTENT_LANGUAGE, lang.as_str()))
            .json(body)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.code)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        self.render(Lang::En)
    }
}

impl From<AccountsError> for ApiError {
    fn from(e: AccountsError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            AccountsError::InvalidUsername => (
                S::UNPROCESSABLE_ENTITY,
                "invalid_username",
                Msg::InvalidUsername,
            ),
            AccountsError::ReservedUsername => (
                S::UNPROCESSABLE_ENTITY,
                "reserved_username",
                Msg::ReservedUsername,
            ),
            AccountsError::InvalidNickname => (
                S::UNPROCESSABLE_ENTITY,
                "invalid_nickname",
                Msg::InvalidNickname,
            ),
            AccountsError::InvalidPassword => (
                S::UNPROCESSABLE_ENTITY,
                "invalid_password",
                Msg::InvalidPassword,
            ),
            AccountsError::InvalidBio => {
                return ApiError::unprocessable("invalid_bio", Msg::InvalidBio)
                    .with_field("bio", Msg::InvalidBio);
            }
            AccountsError::AvatarNotUsable => {
                return ApiError::unprocessable("avatar_not_usable", Msg::AvatarNotUsable)
                    .with_field("mediaId", Msg::AvatarNotUsable);
            }
            AccountsError::PasswordTooCommon => (
                S::UNPROCESSABLE_ENTITY,
                "password_too_common",
                Msg::PasswordTooCommon,
            ),
            AccountsError::Busy { retry_after_secs } => {
                return ApiError::new(S::SERVICE_UNAVAILABLE, "server_busy", Msg::ServerBusy)
                    .with_retry_after(retry_after_secs);
            }
            AccountsError::UsernameTaken => (S::CONFLICT, "username_taken", Msg::UsernameTaken),
            AccountsError::InvalidCredentials => (
                S::UNAUTHORIZED,
                "invalid_credentials",
                Msg::InvalidCredentials,
            ),
            AccountsError::WrongPassword => (S::FORBIDDEN, "wrong_password", Msg::WrongPassword),
            AccountsError::AccountDisabled => {
                (S::FORBIDDEN, "account_disabled", Msg::AccountDisabled)
            }
            AccountsError::UserNotFound => return ApiError::missing(Resource::User),
            AccountsError::AdminOnly => (S::FORBIDDEN, "forbidden", Msg::Forbidden),
            AccountsError::CannotDisableSelf => {
                (S::CONFLICT, "cannot_disable_self", Msg::CannotDisableSelf)
            }
            AccountsError::SessionNotFound => {
                (S::NOT_FOUND, "session_not_found", Msg::SessionNotFound)
            }
            AccountsError::RateLimited { retry_after_secs } => {
                return ApiError::new(S::TOO_MANY_REQUESTS, "rate_limited", Msg::RateLimited)
                    .with_retry_after(retry_after_secs);
            }
            AccountsError::CodeResendTooSoon { retry_after_secs } => {
                return ApiError::new(
                    S::TOO_MANY_REQUESTS,
                    "code_resend_too_soon",
                    Msg::CodeResendTooSoon,
                )
                .with_retry_after(retry_after_secs);
            }
            AccountsError::UnsupportedPhoneRegion => (
                S::UNPROCESSABLE_ENTITY,
                "unsupported_phone_region",
                Msg::UnsupportedPhoneRegion,
            ),
            AccountsError::InvalidPhone => {
                return ApiError::new(S::UNPROCESSABLE_ENTITY, "invalid_phone", Msg::InvalidPhone)
                    .with_field("phoneNumber", Msg::InvalidPhone);
            }
            AccountsError::InvalidVerificationCode => {
                return ApiError::new(
                    S::UNPROCESSABLE_ENTITY,
                    "invalid_verification_code",
                    Msg::InvalidVerificationCode,
                )
                .with_field("verificationCode", Msg::InvalidVerificationCode);
            }
            AccountsError::WrongVerificationCode => (
                S::UNAUTHORIZED,
                "wrong_verification_code",
                Msg::WrongVerificationCode,
            ),
            AccountsError::VerificationCodeExhausted => (
                S::UNAUTHORIZED,
                "verification_code_exhausted",
                Msg::VerificationCodeExhausted,
            ),
            AccountsError::SmsThrottled => (
                S::TOO_MANY_REQUESTS,
                "sms_provider_throttled",
                Msg::SmsThrottled,
            ),
            AccountsError::SmsRejected { provider_code } => {
                tracing::error!(provider_code, "the SMS provider refused a message");
                return ApiError::new(S::BAD_GATEWAY, "sms_provider_error", Msg::SmsProviderError);
            }
            AccountsError::SmsUnavailable(cause) => {
                tracing::error!(error = format!("{cause:#}"), "the SMS provider failed");
                (
                    S::SERVICE_UNAVAILABLE,
                    "sms_unavailable",
                    Msg::SmsUnavailable,
                )
            }
            AccountsError::PhoneTaken => (S::CONFLICT, "phone_taken", Msg::PhoneTaken),
            AccountsError::WechatTaken => (S::CONFLICT, "wechat_already_linked", Msg::WechatTaken),
            AccountsError::WechatAlreadyBound => {
                (S::CONFLICT, "wechat_already_bound", Msg::WechatAlreadyBound)
            }
            AccountsError::WechatNotLinked => {
                (S::NOT_FOUND, "wechat_not_linked", Msg::WechatNotLinked)
            }
            AccountsError::WechatCodeRejected => (
                S::UNAUTHORIZED,
                "wechat_code_rejected",
                Msg::WechatCodeRejected,
            ),
            AccountsError::WechatUnavailable(cause) => {
                tracing::error!(error = format!("{cause:#}"), "WeChat OAuth failed");
                (S::BAD_GATEWAY, "wechat_error", Msg::WechatUnavailable)
            }
            AccountsError::LastSignInMethod => {
                (S::CONFLICT, "last_sign_in_method", Msg::LastSignInMethod)
            }
            AccountsError::ReauthenticationRequired => (
                S::FORBIDDEN,
                "reauthentication_required",
                Msg::ReauthenticationRequired,
            ),
            AccountsError::NoPhoneBound => (S::CONFLICT, "no_phone_bound", Msg::NoPhoneBound),
            AccountsError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}

impl From<GroupsError> for ApiError {
    fn from(e: GroupsError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            GroupsError::InvalidName => {
                return ApiError::unprocessable(
                    "invalid_group_settings",
                    Msg::InvalidGroupSettings,
                )
                .with_field("name", Msg::InvalidGroupName);
            }
            GroupsError::InvalidDescription => {
                return ApiError::unprocessable(
                    "invalid_group_settings",
                    Msg::InvalidGroupSettings,
                )
                .with_field("description", Msg::InvalidGroupDescription);
            }
            GroupsError::PrivateGroupCannotBeOpen => {
                return ApiError::unprocessable(
                    "private_group_cannot_be_open",
                    Msg::PrivateGroupCannotBeOpen,
                )
                .with_field("joinPolicy", Msg::PrivateGroupCannotBeOpen);
            }
            GroupsError::InvalidTitle => {
                return ApiError::unprocessable("invalid_article_title", Msg::InvalidArticleTitle)
                    .with_field("title", Msg::InvalidArticleTitle);
            }
            GroupsError::InvalidBody => {
                return ApiError::unprocessable("invalid_article_body", Msg::InvalidArticleBody)
                    .with_field("body", Msg::InvalidArticleBody);
            }
            GroupsError::InvalidMessage => (
                S::UNPROCESSABLE_ENTITY,
                "invalid_message",
                Msg::InvalidGroupMessage,
            ),
            GroupsError::WrongInviteCode => {
                (S::FORBIDDEN, "wrong_invite_code", Msg::WrongInviteCode)
            }
            GroupsError::NotFound => return ApiError::missing(Resource::Group),
            GroupsError::MembersOnly => (S::FORBIDDEN, "members_only", Msg::MembersOnly),
            GroupsError::NotAllowed => (
                S::FORBIDDEN,
                "group_role_not_allowed",
                Msg::GroupRoleNotAllowed,
            ),
            GroupsError::AlreadyMember => (S::CONFLICT, "already_member", Msg::AlreadyMember),
            GroupsError::RequestPending => (S::CONFLICT, "request_pending", Msg::RequestPending),
            GroupsError::Banned => (S::FORBIDDEN, "banned_from_group", Msg::BannedFromGroup),
            GroupsError::OwnerCannotLeave => {
                (S::CONFLICT, "owner_cannot_leave", Msg::OwnerCannotLeave)
            }
            GroupsError::OwnerUntouchable => {
                (S::CONFLICT, "owner_untouchable", Msg::OwnerUntouchable)
            }
            GroupsError::NotAMember => (S::UNPROCESSABLE_ENTITY, "not_a_member", Msg::NotAMember),
            GroupsError::RequestDecided => (S::CONFLICT, "request_decided", Msg::RequestDecided),
            GroupsError::TooManyGroups { .. } => {
                (S::CONFLICT, "too_many_groups", Msg::TooManyGroups)
            }
            GroupsError::TransferOfferPending => (
                S::CONFLICT,
                "transfer_offer_pending",
                Msg::TransferOfferPending,
            ),
            GroupsError::NoTransferOffer => (S::NOT_FOUND, "not_found", Msg::NoTransferOffer),
            GroupsError::ArticleQuotaExceeded { max } => {
                return ApiError::unprocessable(
                    "article_quota_exceeded",
                    Msg::ArticleQuotaExceeded,
                )
                .with_detail(max.to_string());
            }
            GroupsError::RateLimited { retry_after_secs } => {
                return ApiError::new(S::TOO_MANY_REQUESTS, "rate_limited", Msg::RateLimited)
                    .with_retry_after(retry_after_secs);
            }
            GroupsError::EditConflict { .. } => (S::CONFLICT, "edit_conflict", Msg::EditConflict),
            GroupsError::Media(e) => return e.into(),
            GroupsError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}

impl From<PlazaError> for ApiError {
    fn from(e: PlazaError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            PlazaError::InvalidBody => {
                return ApiError::unprocessable("invalid_post_body", Msg::InvalidPostBody)
                    .with_field("body", Msg::InvalidPostBody);
            }
            PlazaError::InvalidComment => {
                return ApiError::unprocessable("invalid_comment", Msg::InvalidComment)
                    .with_field("body", Msg::InvalidComment);
            }
            PlazaError::TooManyImages => {
                return ApiError::unprocessable("too_many_images", Msg::TooManyPostImages)
                    .with_field("imageIds", Msg::TooManyPostImages);
            }
            PlazaError::ImageNotUsable => {
                return ApiError::unprocessable("image_not_usable", Msg::ImageNotUsable)
                    .with_field("imageIds", Msg::ImageNotUsable);
            }
            PlazaError::UnknownDistrict => (
                S::UNPROCESSABLE_ENTITY,
                "unknown_district",
                Msg::UnknownDistrict,
            ),
            PlazaError::NotFound => return ApiError::missing(Resource::Post),
            PlazaError::NotAllowed => (S::FORBIDDEN, "forbidden", Msg::NotYours),
            PlazaError::RateLimited { retry_after_secs } => {
                return ApiError::new(S::TOO_MANY_REQUESTS, "rate_limited", Msg::RateLimited)
                    .with_retry_after(retry_after_secs);
            }
            PlazaError::Media(e) => return e.into(),
            PlazaError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}

impl From<MediaError> for ApiError {
    fn from(e: MediaError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            MediaError::UnsupportedType => (
                S::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_image_type",
                Msg::UnsupportedImageType,
            ),
            MediaError::TooLarge { max_bytes } => {
                return ApiError::new(S::PAYLOAD_TOO_LARGE, "image_too_large", Msg::ImageTooLarge)
                    .with_detail(max_bytes.to_string());
            }
            MediaError::TooManyPixels { max_pixels } => {
                return ApiError::unprocessable("image_too_many_pixels", Msg::ImageTooManyPixels)
                    .with_detail(max_pixels.to_string());
            }
            MediaError::AnimationTooLarge { max_pixels } => {
                return ApiError::unprocessable("animation_too_large", Msg::AnimationTooLarge)
                    .with_detail(max_pixels.to_string());
            }
            MediaError::Corrupt => (S::UNPROCESSABLE_ENTITY, "image_corrupt", Msg::ImageCorrupt),
            MediaError::QuotaExceeded { quota_bytes } => {
                return ApiError::unprocessable(
                    "storage_quota_exceeded",
                    Msg::StorageQuotaExceeded,
                )
                .with_detail(quota_bytes.to_string());
            }
            MediaError::RateLimited { retry_after_secs } => {
                return ApiError::new(S::TOO_MANY_REQUESTS, "rate_limited", Msg::RateLimited)
                    .with_retry_after(retry_after_secs);
            }
            MediaError::Busy { retry_after_secs } => {
                return ApiError::new(S::SERVICE_UNAVAILABLE, "server_busy", Msg::ServerBusy)
                    .with_retry_after(retry_after_secs);
            }
            MediaError::InvalidRange => (S::BAD_REQUEST, "invalid_range", Msg::InvalidDateRange),
            MediaError::TooManyToKeep { .. } => {
                return ApiError::unprocessable("too_many_images", Msg::TooManyKeptImages)
                    .with_field("ids", Msg::TooManyKeptImages);
            }
            MediaError::NotFound => return ApiError::missing(Resource::Media),
            MediaError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}

impl From<WechatError> for ApiError {
    fn from(e: WechatError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            WechatError::NotConfigured => (
                S::SERVICE_UNAVAILABLE,
                "wechat_not_configured",
                Msg::WechatNotConfigured,
            ),
            WechatError::AccessTokenInvalid => (S::BAD_GATEWAY, "wechat_error", Msg::WechatError),
            WechatError::UpstreamRateLimited => (
                S::TOO_MANY_REQUESTS,
                "wechat_rate_limited",
                Msg::WechatRateLimited,
            ),
            WechatError::InvalidCredential { code, message } => {
                return ApiError::new(
                    S::BAD_GATEWAY,
                    "wechat_invalid_credential",
                    Msg::WechatInvalidCredential,
                )
                .with_detail(format!("{code}: {message}"));
            }
            WechatError::Upstream { code, message } => {
                tracing::warn!(code, message, "WeChat answered with an error");
                return ApiError::new(S::BAD_GATEWAY, "wechat_error", Msg::WechatError)
                    .with_detail(format!("{code}: {message}"));
            }
            WechatError::Unavailable(cause) => {
                tracing::error!(error = format!("{cause:#}"), "WeChat cannot be reached");
                (S::BAD_GATEWAY, "wechat_unavailable", Msg::WechatUnavailable)
            }
            WechatError::InvalidMenu(faults) => {
                let mut err =
                    ApiError::new(S::UNPROCESSABLE_ENTITY, "invalid_menu", Msg::InvalidMenu);
                err.faults = faults.into_boxed_slice();
                return err;
            }
            WechatError::RefreshLimited { retry_after_secs } => {
                return ApiError::new(
                    S::TOO_MANY_REQUESTS,
                    "rate_limited",
                    Msg::WechatRefreshLimited,
                )
                .with_retry_after(retry_after_secs);
            }
            WechatError::RefreshBusy => (
                S::SERVICE_UNAVAILABLE,
                "wechat_refresh_busy",
                Msg::WechatRefreshBusy,
            ),
            WechatError::VersionNotFound => (
                S::NOT_FOUND,
                "menu_version_not_found",
                Msg::MenuVersionNotFound,
            ),
            WechatError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}

/// Whether a body-read error is the cut-off of `middleware::body_read_deadline` (a body that
/// arrived too slowly: `TimedOut`).
pub fn is_body_timeout(e: &actix_web::error::PayloadError) -> bool {
    matches!(e, actix_web::error::PayloadError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut)
}

impl From<&JsonPayloadError> for ApiError {
    fn from(e: &JsonPayloadError) -> Self {
        use StatusCode as S;
        match e {
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::new(
                    S::PAYLOAD_TOO_LARGE,
                    "payload_too_large",
                    Msg::PayloadTooLarge,
                )
            }
            JsonPayloadError::Payload(p) if is_body_timeout(p) => {
                ApiError::new(S::REQUEST_TIMEOUT, "request_too_slow", Msg::RequestTooSlow)
            }
            JsonPayloadError::ContentType => ApiError::new(
                S::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                Msg::UnsupportedMediaType,
            ),
            JsonPayloadError::Deserialize(de) if de.is_data() => {
                ApiError::new(S::BAD_REQUEST, "invalid_body", Msg::InvalidBody)
            }
            JsonPayloadError::Deserialize(_) => {
                ApiError::new(S::BAD_REQUEST, "invalid_json", Msg::InvalidJson)
            }
            _ => ApiError::new(S::BAD_REQUEST, "invalid_body", Msg::InvalidBody),
        }
    }
}

impl From<&PathError> for ApiError {
    fn from(_: &PathError) -> Self {
        ApiError::not_found()
    }
}

impl From<&QueryPayloadError> for ApiError {
    fn from(_: &QueryPayloadError) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "invalid_query", Msg::InvalidQuery)
    }
}

impl From<validator::ValidationErrors> for ApiError {
    fn from(errors: validator::ValidationErrors) -> Self {
        let mut api = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            Msg::ValidationFailed,
        );
        let mut fields: Vec<_> = errors.field_errors().into_iter().collect();
        fields.sort_by(|a, b| a.0.cmp(&b.0));
        for (field, errs) in fields {
            let msg = if errs.iter().any(|e| e.code == "required") {
                Msg::FieldRequired
            } else {
                Msg::FieldTooLong
            };
            api = api.with_field(&field, msg);
        }
        api
    }
}

/// Renders every [`ApiError`] (from a handler, an extractor or a middleware) in the request's
/// language, and turns any other 4xx/5xx from under `/api` into the same JSON shape.
pub async fn localize_errors(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let lang = Lang::of(req.request());
    let res = next.call(req).await?;
    if let Some(api) = res
        .response()
        .error()
        .and_then(|e| e.as_error::<ApiError>())
    {
        let pattern = res.request().match_pattern();
        let rendered = api.clone().named_by_route(pattern.as_deref()).render(lang);
        return Ok(res.into_response(rendered));
    }
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if res.request().path().starts_with("/api/") && status.as_u16() >= 400 && !is_json {
        let api = match status {
            StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED => ApiError::not_found(),
            StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(status, "payload_too_large", Msg::PayloadTooLarge)
            }
            s if s.is_client_error() => ApiError::new(s, "bad_request", Msg::InvalidBody),
            _ => ApiError::internal(&anyhow::anyhow!(
                "unhandled {status} from {}",
                res.request().path()
            )),
        };
        let rendered = api.render(lang);
        return Ok(res.into_response(rendered));
    }
    Ok(res)
}

impl From<ChatError> for ApiError {
    fn from(e: ChatError) -> Self {
        use StatusCode as S;
        match e {
            ChatError::Unavailable => {
                ApiError::new(S::SERVICE_UNAVAILABLE, "ai_unavailable", Msg::AiUnavailable)
            }
            ChatError::SignInRequired => ApiError::unauthorized().with_msg(Msg::AiSignInRequired),
            ChatError::Invalid(v) => v.into(),
            ChatError::RateLimited { retry_after_secs } => {
                ApiError::new(S::TOO_MANY_REQUESTS, "ai_rate_limited", Msg::AiRateLimited)
                    .with_retry_after(retry_after_secs)
            }
            ChatError::TooManyStreams { .. } => ApiError::new(
                S::TOO_MANY_REQUESTS,
                "ai_too_many_streams",
                Msg::AiTooManyStreams,
            )
            .with_retry_after(1),
            ChatError::QuotaExhausted { retry_after_secs } => ApiError::new(
                S::TOO_MANY_REQUESTS,
                "ai_quota_exhausted",
                Msg::AiQuotaExhausted,
            )
            .with_retry_after(retry_after_secs),
            ChatError::Provider(e) => e.into(),
            ChatError::Unexpected(cause) => ApiError::internal(&cause),
        }
    }
}

impl From<ChatValidation> for ApiError {
    fn from(v: ChatValidation) -> Self {
        let (code, msg, field) = match &v {
            ChatValidation::UnknownModel { .. } => {
                ("unknown_model", Msg::AiUnknownModel, "model".to_owned())
            }
            ChatValidation::NoMessages => (
                "invalid_chat_request",
                Msg::AiNoMessages,
                "messages".to_owned(),
            ),
            ChatValidation::TooManyMessages { .. } => (
                "invalid_chat_request",
                Msg::AiTooManyMessages,
                "messages".to_owned(),
            ),
            ChatValidation::EmptyMessage { index } => (
                "invalid_chat_request",
                Msg::AiEmptyMessage,
                format!("messages[{index}].content"),
            ),
            ChatValidation::MessageTooLong { index, .. } => (
                "invalid_chat_request",
                Msg::AiMessageTooLong,
                format!("messages[{index}].content"),
            ),
            ChatValidation::ConversationTooLong { .. } => (
                "invalid_chat_request",
                Msg::AiConversationTooLong,
                "messages".to_owned(),
            ),
            ChatValidation::LastMessageNotFromUser => (
                "invalid_chat_request",
                Msg::AiLastMessageNotFromUser,
                "messages".to_owned(),
            ),
            ChatValidation::TemperatureOutOfRange { .. } => (
                "invalid_chat_request",
                Msg::AiTemperatureOutOfRange,
                "temperature".to_owned(),
            ),
            ChatValidation::MaxTokensOutOfRange { .. } => (
                "invalid_chat_request",
                Msg::AiMaxTokensOutOfRange,
                "max_tokens".to_owned(),
            ),
        };
        // The rule with its bound, for integrators (English, like the OpenAPI document).
        ApiError::unprocessable(code, msg)
            .with_field(&field, msg)
            .with_detail(v.to_string())
    }
}

impl From<LlmError> for ApiError {
    fn from(e: LlmError) -> Self {
        use StatusCode as S;
        match e {
            LlmError::Unauthorized { status } => {
                tracing::error!(
                    status,
                    "the AI provider refused our credentials: check LLM_API_KEY"
                );
                ApiError::new(S::BAD_GATEWAY, "ai_upstream_error", Msg::AiUpstreamAuth)
            }
            LlmError::RateLimited { retry_after_secs } => {
                tracing::warn!("the AI provider is rate limiting");
                let err = ApiError::new(
                    S::SERVICE_UNAVAILABLE,
                    "ai_provider_busy",
                    Msg::AiProviderBusy,
                );
                err.with_retry_after(retry_after_secs.unwrap_or(10))
            }
            LlmError::Rejected { status, message } => {
                // The provider's text may quote the conversation: it goes to the user, not the log.
                tracing::warn!(status, "the AI provider refused a request");
                ApiError::unprocessable("ai_request_rejected", Msg::AiUpstreamRejected)
                    .with_detail(message)
            }
            LlmError::Upstream { status } => {
                tracing::warn!(status, "the AI provider failed");
                ApiError::new(S::BAD_GATEWAY, "ai_upstream_error", Msg::AiUpstreamError)
                    .with_detail(format!("HTTP {status}"))
            }
            LlmError::Unreachable(cause) => {
                tracing::error!(
                    error = format!("{cause:#}"),
                    "the AI provider cannot be reached"
                );
                ApiError::new(
                    S::BAD_GATEWAY,
                    "ai_upstream_unreachable",
                    Msg::AiUpstreamUnreachable,
                )
            }
            LlmError::Timeout => {
                tracing::warn!("the AI provider did not answer in time");
                ApiError::new(
                    S::GATEWAY_TIMEOUT,
                    "ai_upstream_timeout",
                    Msg::AiUpstreamTimeout,
                )
            }
            LlmError::Malformed(what) => {
                tracing::warn!(what, "the AI provider sent something that is not a stream");
                ApiError::new(
                    S::BAD_GATEWAY,
                    "ai_upstream_invalid",
                    Msg::AiUpstreamInvalid,
                )
            }
            LlmError::Dropped(cause) => {
                tracing::warn!(
                    error = format!("{cause:#}"),
                    "the AI provider's stream broke off"
                );
                ApiError::new(
                    S::BAD_GATEWAY,
                    "ai_stream_interrupted",
                    Msg::AiStreamInterrupted,
                )
            }
        }
    }
}

impl From<tokens::TokensError> for ApiError {
    fn from(e: tokens::TokensError) -> Self {
        use tokens::TokensError as E;
        let invalid = |field: &str, msg: Msg| {
            ApiError::unprocessable("invalid_token_request", Msg::InvalidTokenRequest)
                .with_field(field, msg)
        };
        match e {
            E::InvalidName { .. } => invalid("name", Msg::TokenNameInvalid),
            E::InvalidScopes(_) => invalid("scopes", Msg::TokenScopesInvalid),
            E::InvalidExpiry => invalid("expiresInDays", Msg::TokenExpiryInvalid),
            E::AdminTokenNeedsExpiry => {
                ApiError::unprocessable("admin_token_needs_expiry", Msg::AdminTokenNeedsExpiry)
                    .with_field("expiresInDays", Msg::AdminTokenNeedsExpiry)
            }
            E::ScopeNotAllowed(scope) => ApiError::new(
                StatusCode::FORBIDDEN,
                "scope_not_allowed",
                Msg::ScopeNotAllowed,
            )
            .with_field("scopes", Msg::ScopeNotAllowed)
            .with_required_scope(scope.as_str()),
            E::TooManyTokens { .. } => {
                ApiError::unprocessable("too_many_tokens", Msg::TooManyTokens)
            }
            E::InvalidToken => ApiError::invalid_token(),
            E::NotFound => ApiError::missing(Resource::Token),
            E::Unexpected(e) => ApiError::internal(&e),
        }
    }
}

/// The audit log: a time range that ends before it starts is 400 `invalid_range`.
impl From<audit::AuditError> for ApiError {
    fn from(e: audit::AuditError) -> Self {
        match e {
            audit::AuditError::InvalidRange => ApiError::new(
                StatusCode::BAD_REQUEST,
                "invalid_range",
                Msg::InvalidDateRange,
            ),
            audit::AuditError::Unexpected(cause) => ApiError::internal(&cause),
        }
    }
}

impl From<districts::DistrictsError> for ApiError {
    fn from(e: districts::DistrictsError) -> Self {
        use districts::DistrictError as D;
        use districts::DistrictsError as E;
        match e {
            E::Invalid(D::MissingParent(_)) => {
                ApiError::unprocessable("missing_parent", Msg::MissingParentDistrict)
                    .with_field("code", Msg::MissingParentDistrict)
            }
            E::Invalid(d) => {
                let field = match d {
                    D::InvalidCode | D::MissingParent(_) => "code",
                    D::InvalidNameZh => "nameZh",
                    D::InvalidNameEn => "nameEn",
                    D::InvalidCoordinates => "lat",
                    D::InvalidTile => "tile",
                };
                ApiError::unprocessable("invalid_district", Msg::InvalidDistrict)
                    .with_field(field, crate::i18n::district_error(&d))
            }
            E::NotFound => ApiError::missing(Resource::District),
            E::AlreadyExists => {
                ApiError::new(StatusCode::CONFLICT, "district_exists", Msg::DistrictExists)
                    .with_field("code", Msg::DistrictExists)
            }
            E::TooManyRows { max } => ApiError::new(
                StatusCode::BAD_REQUEST,
                "invalid_import_file",
                Msg::ImportTooManyLines,
            )
            .with_detail(max.to_string()),
            E::Unexpected(cause) => ApiError::internal(&cause),
        }
    }
}

/// A file an import cannot read: 400 `invalid_import_file`, with the line (or the column) in
/// `detail` where there is one.
impl From<districts::format::FormatError> for ApiError {
    fn from(e: districts::format::FormatError) -> Self {
        use districts::format::FormatError as F;
        let msg = match &e {
            F::Empty => Msg::ImportFileEmpty,
            F::NotUtf8 => Msg::ImportNotUtf8,
            F::TooManyRows { .. } => Msg::ImportTooManyLines,
            F::MissingColumn(_) => Msg::ImportMissingColumn,
            F::UnknownColumn(_) => Msg::ImportUnknownColumn,
            F::BadQuoting { .. } => Msg::ImportBadQuoting,
            F::FieldCount { .. } => Msg::ImportFieldCount,
            F::NotJson { .. } => Msg::ImportNotJson,
            F::NotAnArray => Msg::ImportNotAnArray,
            F::NotAnObject { .. } => Msg::ImportNotAnObject,
            F::BadValue { .. } => Msg::ImportBadValue,
        };
        let detail = match &e {
            F::MissingColumn(c) => Some((*c).to_owned()),
            F::UnknownColumn(c) => Some(c.chars().take(40).collect()),
            F::TooManyRows { max } => Some(max.to_string()),
            _ => e.line().map(|l| l.to_string()),
        };
        let api = ApiError::new(StatusCode::BAD_REQUEST, "invalid_import_file", msg);
        match detail {
            Some(d) => api.with_detail(d),
            None => api,
        }
    }
}

#[cfg(test)]
mod wait_and_resource_tests {
    use super::*;

    #[test]
    fn a_429_message_says_when_to_try_again() {
        assert_eq!(wait_words(0, Lang::En), "1 s");
        assert_eq!(wait_words(30, Lang::Zh), "30 秒");
        assert_eq!(wait_words(119, Lang::En), "119 s");
        assert_eq!(wait_words(120, Lang::En), "2 min");
        assert_eq!(wait_words(591, Lang::Zh), "10 分钟");
        assert_eq!(wait_words(7200, Lang::En), "2 h");
        assert_eq!(wait_words(7201, Lang::Zh), "3 小时");
        assert_eq!(
            with_wait("尝试次数过多，请稍后再试", 30, Lang::Zh),
            "尝试次数过多，请 30 秒后再试"
        );
        assert_eq!(
            with_wait("Too many attempts; please try again later", 30, Lang::En),
            "Too many attempts; try again in 30 s"
        );
        assert_eq!(
            with_wait("Forced refreshes are limited", 25, Lang::En),
            "Forced refreshes are limited (try again in 25 s)"
        );
        assert_eq!(
            with_wait("强制刷新过于频繁", 25, Lang::Zh),
            "强制刷新过于频繁（请 25 秒后再试）"
        );
        // Only a 429 carries the wait in its message.
        let busy = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "server_busy",
            Msg::RateLimited,
        )
        .with_retry_after(5);
        let r = busy.render(Lang::En);
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn a_route_names_the_thing_its_last_parameter_addresses() {
        let of = Resource::of_route;
        assert_eq!(of("/api/groups/{id}"), Some(Resource::Group));
        assert_eq!(
            of("/api/groups/{id}/articles/{articleId}/publish"),
            Some(Resource::Article)
        );
        assert_eq!(
            of("/api/groups/{id}/gallery/{mediaId}"),
            Some(Resource::Media)
        );
        assert_eq!(
            of("/api/groups/{id}/members/{userId}/role"),
            Some(Resource::Member)
        );
        assert_eq!(
            of("/api/groups/{id}/membership"),
            Some(Resource::Membership)
        );
        assert_eq!(of("/api/plaza/comments/{id}"), Some(Resource::Post));
        assert_eq!(of("/api/admin/users/{id}/disable"), Some(Resource::User));
        assert_eq!(of("/api/groups"), None);
        assert_eq!(of("/api/admin/wechat/menu/versions/{id}/rollback"), None);
        // The groups domain's NotFound inside a group is named by the route; another domain's
        // own name stands; a code other than not_found is left alone.
        let named = ApiError::missing(Resource::Group)
            .named_by_route(Some("/api/groups/{id}/articles/{articleId}"));
        assert_eq!(named.resource, Some(Resource::Article));
        let post = ApiError::missing(Resource::Post).named_by_route(Some("/api/users/{id}"));
        assert_eq!(post.resource, Some(Resource::Post));
        let endpoint = ApiError::not_found().named_by_route(None);
        assert_eq!((endpoint.resource, endpoint.msg), (None, Msg::NotFound));
        for r in Resource::ALL {
            assert_ne!(r.msg(), Msg::NotFound, "{r:?} names itself");
        }
    }
}
