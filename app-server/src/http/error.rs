//! The mechanism from failures to HTTP: [`ApiError`] (a status, a typed code, a sentence), the
//! status policy of the failures no area owns (the framework's: JSON bodies, paths, queries,
//! validation; an unreachable dependency), the registry of codes, and the [`localize_errors`]
//! middleware that renders a message in the request's language (a 5xx logs its cause and says
//! nothing more). Each area maps its own domain errors in `http/<area>/errors.rs`, with its
//! codes declared there by [`error_codes!`].

use crate::i18n::{Lang, Msg};
use actix_web::body::BoxBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// Always `false`.
    #[schema(example = false)]
    pub success: bool,
    /// Stable machine code, never translated. Each operation's error responses name the codes
    /// it answers; any operation may also answer `internal_error` (500), `bad_request` (another
    /// 4xx the framework refuses), `method_not_allowed` (405, with `Allow`) and, where it reads
    /// or writes images, `media_store_unavailable` (503). The WeChat callback names its failure
    /// in its redirect (`/?wechatError=`): `invalid_state`, `wechat_denied`,
    /// `wechat_code_rejected`, `wechat_error`, `wechat_not_configured` or `internal_error`.
    #[schema(example = "invalid_credentials")]
    pub code: &'static str,
    /// What went wrong, in the request's language. On 429 it ends with when to try again
    /// ("Try again in 30 s", the `Retry-After` wait).
    #[schema(example = "Wrong username or password", value_type = String)]
    pub message: Cow<'static, str>,
    /// Per-field messages for validation failures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<std::collections::BTreeMap<String, Cow<'static, str>>>,
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
    /// On 422 `words_refused`: the words of the operator's list found in the text, each as
    /// written there (with what was put between its characters), also named in `message`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<Vec<String>>,
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

// `MenuFaultDto::new`, with the rule's sentence, is the WeChat area's (`http/wechat/messages.rs`).
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

/// A stable snake_case error code: one of the typed codes [`error_codes!`] declares (an
/// area's, or [`SharedCode`]). [`ApiError`] takes nothing else, so no code is a bare string.
pub trait ErrorCode: Copy {
    fn as_str(self) -> &'static str;
}

/// One code of the registry: what the client sees, how the source names it, and the code's own
/// sentence (a mapping may say something more precise under the same code).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisteredCode {
    pub code: &'static str,
    /// `GroupsCode::WrongInviteCode`.
    pub name: &'static str,
    pub msg: Msg,
}

/// Declares a set of error codes: an enum whose variants name a snake_case code and the code's
/// own sentence, with `as_str` and `CODES` (the registry's entries for it).
///
/// ```ignore
/// error_codes! {
///     /// The groups area's codes.
///     pub enum GroupsCode {
///         WrongInviteCode = "wrong_invite_code" => WrongInviteCode,
///     }
/// }
/// ```
macro_rules! error_codes {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $code:literal => $msg:ident,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every code of the set, as the registry lists it.
            pub const CODES: &'static [$crate::http::error::RegisteredCode] = &[$(
                $crate::http::error::RegisteredCode {
                    code: $code,
                    name: concat!(stringify!($name), "::", stringify!($variant)),
                    msg: $crate::i18n::Msg::$msg,
                },
            )+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)+
                }
            }
        }

        impl $crate::http::error::ErrorCode for $name {
            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }
        }
    };
}
pub(crate) use error_codes;

error_codes! {
    /// The codes no single area owns: the framework's refusals, access, limits and outages,
    /// and the few two areas answer alike.
    pub enum SharedCode {
        InvalidJson = "invalid_json" => InvalidJson,
        InvalidBody = "invalid_body" => InvalidBody,
        BadRequest = "bad_request" => InvalidBody,
        UnsupportedMediaType = "unsupported_media_type" => UnsupportedMediaType,
        PayloadTooLarge = "payload_too_large" => PayloadTooLarge,
        RequestTooSlow = "request_too_slow" => RequestTooSlow,
        ValidationFailed = "validation_failed" => ValidationFailed,
        InvalidQuery = "invalid_query" => InvalidQuery,
        InvalidCursor = "invalid_cursor" => InvalidCursor,
        InvalidLimit = "invalid_limit" => InvalidLimit,
        InvalidRange = "invalid_range" => InvalidDateRange,
        InvalidRole = "invalid_role" => InvalidRole,
        NotFound = "not_found" => NotFound,
        MethodNotAllowed = "method_not_allowed" => MethodNotAllowed,
        Unauthorized = "unauthorized" => Unauthorized,
        Forbidden = "forbidden" => Forbidden,
        CrossOriginRequest = "cross_origin_request" => CrossOriginRequest,
        InvalidToken = "invalid_token" => InvalidToken,
        InsufficientScope = "insufficient_scope" => InsufficientScope,
        TokenNotAllowed = "token_not_allowed" => TokenNotAllowed,
        UsernameChangeNeedsSession = "username_change_needs_session" => UsernameChangeNeedsSession,
        RateLimited = "rate_limited" => RateLimited,
        /// A text with words of the operator's list (posts, comments, articles, replies,
        /// names, bios): every area that takes text answers it alike.
        WordsRefused = "words_refused" => WordsRefused,
        /// A block stands between the writer and the one answered, mentioned or liked (the
        /// plaza, the groups: docs/moderation.md, "Blocking and muting").
        Blocked = "blocked" => Blocked,
        ServerBusy = "server_busy" => ServerBusy,
        InternalError = "internal_error" => InternalError,
        DatabaseUnavailable = "database_unavailable" => DatabaseUnavailable,
        MediaStoreUnavailable = "media_store_unavailable" => MediaStoreUnavailable,
        UnsupportedImageType = "unsupported_image_type" => UnsupportedImageType,
        ImageTooLarge = "image_too_large" => ImageTooLarge,
        UploadTooSlow = "upload_too_slow" => UploadTooSlow,
        /// A post's images (plaza) and the draft images kept at once (media).
        TooManyImages = "too_many_images" => TooManyPostImages,
        /// WeChat answered with an error: at sign-in (auth) and for the official account (admin).
        WechatError = "wechat_error" => WechatError,
        /// WeChat cannot be reached (the official account's API).
        WechatUnavailable = "wechat_unavailable" => WechatUnavailable,
        /// No WeChat app is configured: at sign-in (auth) and for the official account (admin).
        WechatNotConfigured = "wechat_not_configured" => WechatNotConfigured,
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
    /// One of the caller's notifications.
    Notification,
}

impl Resource {
    pub const ALL: [Resource; 12] = [
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
        Resource::Notification,
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
            Resource::Notification => Msg::NotificationNotFound,
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
            "notifications" => Resource::Notification,
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

/// `message` followed by `words`, quoted as each language quotes: `…：「甲」「乙」`,
/// `…: "a", "b"`.
pub fn naming_words(message: &str, words: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh => {
            let quoted: String = words.iter().map(|w| format!("「{w}」")).collect();
            format!("{message}：{quoted}")
        }
        Lang::En => {
            let quoted: Vec<String> = words
                .iter()
                .map(|w| format!("\u{201c}{w}\u{201d}"))
                .collect();
            format!("{message}: {}", quoted.join(", "))
        }
    }
}

/// An outside system whose absence is a 503 rather than a 500 (see [`ApiError::internal`]): its
/// adapter marks the error ([`kernel::outage`]).
pub use kernel::outage::Dependency;

/// `Retry-After` on 503 `database_unavailable`: a restarting PostgreSQL is usually back in
/// seconds.
pub const DATABASE_RETRY_AFTER_SECS: u64 = 5;
/// `Retry-After` on 503 `media_store_unavailable`.
pub const MEDIA_STORE_RETRY_AFTER_SECS: u64 = 10;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    /// The code as the client sees it (set from a typed [`ErrorCode`] only).
    pub code: &'static str,
    msg: Msg,
    fields: Vec<(String, Msg)>,
    retry_after: Option<u64>,
    detail: Option<String>,
    /// What few answers carry besides the message (boxed: an `ApiError` is every handler's
    /// error, kept small).
    extras: Option<Box<Extras>>,
    required_scope: Option<&'static str>,
    resource: Option<Resource>,
}

/// The rarer parts of an [`ApiError`].
#[derive(Debug, Clone, Default)]
struct Extras {
    /// Every broken menu rule, in Chinese and in English (422 `invalid_menu`).
    faults: Option<(Vec<MenuFaultDto>, Vec<MenuFaultDto>)>,
    /// The listed words found, as written (422 `words_refused`).
    words: Option<Vec<String>>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: impl ErrorCode, msg: Msg) -> Self {
        Self {
            status,
            code: code.as_str(),
            msg,
            fields: Vec::new(),
            retry_after: None,
            detail: None,
            extras: None,
            required_scope: None,
            resource: None,
        }
    }

    /// 422 `words_refused`: the text holds words the operator's list refuses; `found` (as
    /// written) is named in the message and in `words`, so the writer can change them. On
    /// `field` when the form has one.
    pub fn words_refused(found: Vec<String>, field: Option<&str>) -> Self {
        let mut e = Self::unprocessable(SharedCode::WordsRefused, Msg::WordsRefused);
        if let Some(field) = field {
            e = e.with_field(field, Msg::WordsRefused);
        }
        e.extras.get_or_insert_default().words = Some(found);
        e
    }

    /// 404 `not_found` naming what is missing.
    pub fn missing(resource: Resource) -> Self {
        let mut e = Self::new(StatusCode::NOT_FOUND, SharedCode::NotFound, resource.msg());
        e.resource = Some(resource);
        e
    }

    /// A `not_found` named by the route that answered it (see [`Resource`]): one that names
    /// nothing gets the route's thing, as does the groups domain's (one `NotFound` for a group
    /// and everything in it); a path that matched no route stays "No such API endpoint".
    pub fn named_by_route(mut self, pattern: Option<&str>) -> Self {
        if self.code != SharedCode::NotFound.as_str() || self.status != StatusCode::NOT_FOUND {
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

    /// Every broken menu rule, in both languages (422 `invalid_menu`).
    pub fn with_faults(mut self, zh: Vec<MenuFaultDto>, en: Vec<MenuFaultDto>) -> Self {
        self.extras.get_or_insert_default().faults = Some((zh, en));
        self
    }

    pub fn unprocessable(code: impl ErrorCode, msg: Msg) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, msg)
    }

    /// 400 `invalid_cursor`: a cursor this server did not write.
    pub fn invalid_cursor() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            SharedCode::InvalidCursor,
            Msg::InvalidCursor,
        )
    }

    /// 429 `rate_limited`, with when to try again.
    pub fn rate_limited(retry_after_secs: u64) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            SharedCode::RateLimited,
            Msg::RateLimited,
        )
        .with_retry_after(retry_after_secs)
    }

    /// 503 `server_busy`: no worker (a password hasher, an image decoder, an upload place) was
    /// free in time.
    pub fn server_busy(retry_after_secs: u64) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            SharedCode::ServerBusy,
            Msg::ServerBusy,
        )
        .with_retry_after(retry_after_secs)
    }

    /// 413 `payload_too_large`: a body past its limit.
    pub fn payload_too_large() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            SharedCode::PayloadTooLarge,
            Msg::PayloadTooLarge,
        )
    }

    /// The sentence in `lang`.
    pub fn message(&self, lang: Lang) -> &'static str {
        self.msg.text(lang)
    }

    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, SharedCode::Forbidden, Msg::Forbidden)
    }

    pub fn with_field(mut self, field: &str, msg: Msg) -> Self {
        self.fields.push((field.to_owned(), msg));
        self
    }

    /// 401 for a bearer token that is malformed, unknown, revoked or expired.
    pub fn invalid_token() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            SharedCode::InvalidToken,
            Msg::InvalidToken,
        )
    }

    /// 403: the endpoint needs a signed-in browser session, not a token.
    pub fn token_not_allowed() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            SharedCode::TokenNotAllowed,
            Msg::TokenNotAllowed,
        )
    }

    /// 403: a new username needs a browser session. The operation takes a token (a nickname or
    /// bio change), so this is a refusal of the change, not of the credential: a rename is a
    /// change of how someone signs in, which is a session's alone.
    pub fn username_change_needs_session() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            SharedCode::UsernameChangeNeedsSession,
            Msg::UsernameChangeNeedsSession,
        )
    }

    pub fn unauthorized() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            SharedCode::Unauthorized,
            Msg::Unauthorized,
        )
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, SharedCode::NotFound, Msg::NotFound)
    }

    /// 422 for a role a body may not name.
    pub fn invalid_role() -> Self {
        Self::unprocessable(SharedCode::InvalidRole, Msg::InvalidRole)
            .with_field("role", Msg::InvalidRole)
    }

    /// 400 for a query parameter outside its listed values.
    pub fn invalid_query() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            SharedCode::InvalidQuery,
            Msg::InvalidQuery,
        )
    }

    pub fn cross_origin() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            SharedCode::CrossOriginRequest,
            Msg::CrossOriginRequest,
        )
    }

    /// A failure no rule foresaw: 500 `internal_error`, with its cause logged — unless the
    /// cause is an outside system the server cannot reach ([`Dependency`], as its adapter
    /// classifies it): then 503 with `Retry-After`, since trying again soon is the right thing
    /// for a client to do, and a message that says what is down. The request's own answer is
    /// otherwise unchanged: nothing was written that the adapter did not undo.
    pub fn internal(cause: &anyhow::Error) -> Self {
        if let Some(dependency) = kernel::outage::unreachable(cause) {
            return Self::unavailable(dependency, cause);
        }
        tracing::error!(error = format!("{cause:#}"), "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            SharedCode::InternalError,
            Msg::InternalError,
        )
    }

    /// 503 for an outside system that cannot be reached, with `Retry-After`.
    pub fn unavailable(dependency: Dependency, cause: &anyhow::Error) -> Self {
        let (code, msg, retry_after): (SharedCode, _, _) = match dependency {
            Dependency::Database => (
                SharedCode::DatabaseUnavailable,
                Msg::DatabaseUnavailable,
                DATABASE_RETRY_AFTER_SECS,
            ),
            Dependency::MediaStore => (
                SharedCode::MediaStoreUnavailable,
                Msg::MediaStoreUnavailable,
                MEDIA_STORE_RETRY_AFTER_SECS,
            ),
        };
        // `warn`, not `error`: one outage answers many requests, and the outage is what to
        // alert on (health checks, the pool's own logs), not each request it refused.
        tracing::warn!(
            error = format!("{cause:#}"),
            code = code.as_str(),
            "an outside system is unreachable"
        );
        Self::new(StatusCode::SERVICE_UNAVAILABLE, code, msg).with_retry_after(retry_after)
    }

    pub fn render(&self, lang: Lang) -> HttpResponse {
        // A field refused for its words names them there too, where the form shows it.
        let words = self.extras.as_ref().and_then(|x| x.words.as_ref());
        let field_text = |m: Msg| match words {
            Some(words) if m == Msg::WordsRefused => {
                Cow::Owned(naming_words(m.text(lang), words, lang))
            }
            _ => Cow::Borrowed(m.text(lang)),
        };
        let fields = (!self.fields.is_empty()).then(|| {
            self.fields
                .iter()
                .map(|(f, m)| (f.clone(), field_text(*m)))
                .collect()
        });
        let message = match (self.retry_after, words) {
            (Some(secs), _) if self.status == StatusCode::TOO_MANY_REQUESTS => {
                Cow::Owned(with_wait(self.msg.text(lang), secs, lang))
            }
            (_, Some(words)) => Cow::Owned(naming_words(self.msg.text(lang), words, lang)),
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
            faults: self.extras.as_ref().and_then(|x| x.faults.as_ref()).map(
                |(zh, en)| match lang {
                    Lang::Zh => zh.clone(),
                    Lang::En => en.clone(),
                },
            ),
            required_scope: self.required_scope,
            words: words.cloned(),
        };
        let mut res = HttpResponse::build(self.status);
        // RFC 6750 §3: a refused bearer token gets a challenge naming the error.
        let challenged = [SharedCode::InvalidToken, SharedCode::InsufficientScope];
        if challenged.iter().any(|c| c.as_str() == self.code) {
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

/// Whether a body-read error is the cut-off of `middleware::admit` (a body that
/// arrived too slowly: `TimedOut`).
pub fn is_body_timeout(e: &actix_web::error::PayloadError) -> bool {
    matches!(e, actix_web::error::PayloadError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut)
}

impl From<&JsonPayloadError> for ApiError {
    fn from(e: &JsonPayloadError) -> Self {
        use StatusCode as S;
        match e {
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::payload_too_large()
            }
            JsonPayloadError::Payload(p) if is_body_timeout(p) => ApiError::new(
                S::REQUEST_TIMEOUT,
                SharedCode::RequestTooSlow,
                Msg::RequestTooSlow,
            ),
            JsonPayloadError::ContentType => ApiError::new(
                S::UNSUPPORTED_MEDIA_TYPE,
                SharedCode::UnsupportedMediaType,
                Msg::UnsupportedMediaType,
            ),
            JsonPayloadError::Deserialize(de) if de.is_data() => {
                ApiError::new(S::BAD_REQUEST, SharedCode::InvalidBody, Msg::InvalidBody)
            }
            JsonPayloadError::Deserialize(_) => {
                ApiError::new(S::BAD_REQUEST, SharedCode::InvalidJson, Msg::InvalidJson)
            }
            _ => ApiError::new(S::BAD_REQUEST, SharedCode::InvalidBody, Msg::InvalidBody),
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
        ApiError::invalid_query()
    }
}

impl From<validator::ValidationErrors> for ApiError {
    fn from(errors: validator::ValidationErrors) -> Self {
        let mut api = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            SharedCode::ValidationFailed,
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
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::payload_too_large(),
            s if s.is_client_error() => ApiError::new(s, SharedCode::BadRequest, Msg::InvalidBody),
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
            SharedCode::ServerBusy,
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
