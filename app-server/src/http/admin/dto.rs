//! Request and response bodies of the admin console.

use crate::http::error::ApiError;
use crate::http::error::MenuFaultDto;
use crate::http::rules;
use audit::{AuditEntry, AuditFilter};
use chrono::{DateTime, Utc};
use kernel::{AuditAction, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use wechat::menu::Menu;
use wechat::ports::MenuVersion;
use wechat::service::AccessTokenStatus;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Integrations {
    #[schema(schema_with = rules::database_kind)]
    pub database: &'static str,
    #[schema(schema_with = rules::sms_provider)]
    pub sms: &'static str,
    /// Whether WeChat's app id and secret are configured.
    pub wechat: bool,
    /// The AI assistant's provider (`deepseek`, `openai-compatible`), or `null` when none is
    /// configured.
    #[schema(required = true)]
    pub llm: Option<String>,
    /// Whether the weather provider (Open-Meteo) is turned on.
    pub weather: bool,
    /// Where media files are kept.
    #[schema(schema_with = rules::media_store_kind)]
    pub media_store: &'static str,
    /// What each outside system did when last called, by any instance: `null` for one never
    /// called (not configured, or not used yet).
    pub last_attempts: IntegrationAttempts,
}

/// The last call to each outside system.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationAttempts {
    /// The last verification code sent.
    #[schema(required = true)]
    pub sms: Option<IntegrationAttempt>,
    /// The last OAuth code exchange or access-token request.
    #[schema(required = true)]
    pub wechat: Option<IntegrationAttempt>,
    /// The last question to the language model.
    #[schema(required = true)]
    pub llm: Option<IntegrationAttempt>,
    /// The last weather refresh.
    #[schema(required = true)]
    pub weather: Option<IntegrationAttempt>,
}

/// How a call to an outside system failed. A refusal of the user's own input (a number that is
/// not a mobile, a stale WeChat code) shows the provider answered: it counts as a success.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum IntegrationFailure {
    /// No answer in time.
    Timeout,
    /// It could not be reached (connection, DNS, TLS).
    Unreachable,
    /// Unreachable or unreadable (SMS, WeChat: the adapters do not tell these apart).
    Unavailable,
    /// It answered an error of its own (an HTTP error status, an error code).
    Refused,
    /// It refused the configured credentials (key, app secret, IP allow-list).
    InvalidCredential,
    /// The SMS provider refused to send (signature, template, balance).
    Rejected,
    /// The SMS provider's flow control for a number.
    Throttled,
    /// Its rate limit or capacity.
    RateLimited,
    /// Its answer was not what its documentation promises.
    Malformed,
    /// Anything else.
    Unexpected,
}

impl IntegrationFailure {
    /// The stored kind (`recorded.rs` writes these words), `Unexpected` for any other.
    pub fn from_kind(kind: &str) -> Self {
        match kind {
            "timeout" => Self::Timeout,
            "unreachable" => Self::Unreachable,
            "unavailable" => Self::Unavailable,
            "refused" => Self::Refused,
            "invalid_credential" => Self::InvalidCredential,
            "rejected" => Self::Rejected,
            "throttled" => Self::Throttled,
            "rate_limited" => Self::RateLimited,
            "malformed" => Self::Malformed,
            _ => Self::Unexpected,
        }
    }
}

/// One integration's last call.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationAttempt {
    /// When the call was made.
    pub at: DateTime<Utc>,
    /// Whether it succeeded.
    pub ok: bool,
    /// Why it failed; `null` when it succeeded.
    #[schema(required = true)]
    pub error: Option<IntegrationFailure>,
    /// When a call last succeeded; `null` if none ever did.
    #[schema(required = true)]
    pub last_success_at: Option<DateTime<Utc>>,
}

impl From<&system::IntegrationState> for IntegrationAttempt {
    fn from(s: &system::IntegrationState) -> Self {
        Self {
            at: s.attempted_at,
            ok: s.error.is_none(),
            error: s.error.as_deref().map(IntegrationFailure::from_kind),
            last_success_at: s.succeeded_at,
        }
    }
}

impl IntegrationAttempts {
    pub fn new(states: &[system::IntegrationState]) -> Self {
        let of = |i: system::Integration| {
            states
                .iter()
                .find(|s| s.integration == i)
                .map(IntegrationAttempt::from)
        };
        Self {
            sms: of(system::Integration::Sms),
            wechat: of(system::Integration::Wechat),
            llm: of(system::Integration::Llm),
            weather: of(system::Integration::Weather),
        }
    }
}

/// How much the community holds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverviewCounts {
    pub users: u64,
    pub groups: u64,
    pub plaza_posts: u64,
    /// Articles of every group, drafts included.
    pub articles: u64,
    /// Stored media files (every kind).
    pub media_files: u64,
    /// Bytes the media files take (originals and thumbnails).
    pub storage_bytes: u64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverviewResponse {
    pub success: bool,
    /// How many accounts exist (also in `counts`).
    pub users: u64,
    pub counts: OverviewCounts,
    /// The newest audit events (at most 10).
    pub latest_events: Vec<AuditEventDto>,
    pub integrations: Integrations,
}

/// The access token as the admin console shows it (never the token itself).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStateDto {
    pub configured: bool,
    #[schema(required = true)]
    pub app_id: Option<String>,
    #[schema(schema_with = rules::wechat_token_state)]
    pub state: &'static str,
    #[schema(required = true, example = "81_Ab…x9Z")]
    pub masked_token: Option<String>,
    #[schema(required = true)]
    pub obtained_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub last_error: Option<String>,
    #[schema(required = true)]
    pub last_error_at: Option<DateTime<Utc>>,
    pub force_refreshes_left_today: u32,
    #[schema(required = true)]
    pub next_force_refresh_at: Option<DateTime<Utc>>,
}

impl TokenStateDto {
    pub fn not_configured() -> Self {
        Self {
            configured: false,
            app_id: None,
            state: "missing",
            masked_token: None,
            obtained_at: None,
            expires_at: None,
            last_error: None,
            last_error_at: None,
            force_refreshes_left_today: 0,
            next_force_refresh_at: None,
        }
    }
}

impl From<AccessTokenStatus> for TokenStateDto {
    fn from(s: AccessTokenStatus) -> Self {
        Self {
            configured: s.configured,
            app_id: Some(s.app_id),
            state: s.state.as_str(),
            masked_token: s.masked_token,
            obtained_at: s.obtained_at,
            expires_at: s.expires_at,
            last_error: s.last_error,
            last_error_at: s.last_error_at,
            force_refreshes_left_today: s.force_refreshes_left_today,
            next_force_refresh_at: s.next_force_refresh_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    pub success: bool,
    pub token: TokenStateDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenRefreshedResponse {
    pub success: bool,
    pub message: &'static str,
    pub token: TokenStateDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MenuResponse {
    pub success: bool,
    /// Null when no menu is published.
    #[schema(required = true, value_type = Option<rules::MenuSchema>)]
    pub menu: Option<Menu>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ValidationResponse {
    pub success: bool,
    pub valid: bool,
    pub faults: Vec<MenuFaultDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuVersionDto {
    pub id: uuid::Uuid,
    #[schema(value_type = rules::MenuSchema)]
    pub menu: Menu,
    pub published_at: DateTime<Utc>,
    /// The admin's username.
    pub published_by: String,
    #[schema(required = true)]
    pub rolled_back_from: Option<uuid::Uuid>,
}

impl From<MenuVersion> for MenuVersionDto {
    fn from(v: MenuVersion) -> Self {
        Self {
            id: v.id.0,
            menu: v.menu,
            published_at: v.published_at,
            published_by: v.published_by,
            rolled_back_from: v.rolled_back_from.map(|id| id.0),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VersionResponse {
    pub success: bool,
    pub message: &'static str,
    pub version: MenuVersionDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VersionsResponse {
    pub success: bool,
    pub versions: Vec<MenuVersionDto>,
}

/// A menu in WeChat's JSON shape, as the request body of validate and publish.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[schema(example = json!({"button": [{"type": "click", "name": "今日歌曲", "key": "V1001_TODAY_MUSIC"}, {"name": "菜单", "sub_button": [{"type": "view", "name": "搜索", "url": "https://www.soso.com/"}]}]}))]
pub struct MenuBody {
    /// At most 3 top-level buttons (validation reports more).
    #[schema(value_type = Vec<rules::MenuButtonSchema>, max_items = 3)]
    pub button: Vec<wechat::menu::Button>,
}

// The audit log (`/api/admin/audit`): an event as the console shows it, a page, the registry,
// the filters.

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

impl From<&AuditEntry> for AuditEventDto {
    fn from(e: &AuditEntry) -> Self {
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPageResponse {
    pub success: bool,
    /// Newest first.
    pub items: Vec<AuditEventDto>,
    /// Pass as `cursor` for the next page; `null` on the last.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// The registry of audited actions.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditActionsResponse {
    pub success: bool,
    /// Every action name, in the registry's order.
    #[schema(schema_with = rules::audit_actions)]
    pub actions: Vec<&'static str>,
}

/// The audit log's filters; every one optional, all of them together.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditFilterQuery {
    /// One or several action names, separated by commas (e.g.
    /// `auth.sign_in_failed,auth.sign_in`); see `GET /api/admin/audit/actions`.
    #[param(max_length = 2000, example = "auth.sign_in_failed")]
    pub action: Option<String>,
    /// Only events done by this user.
    pub actor: Option<uuid::Uuid>,
    /// Only events done to exactly this target (a username, a masked phone number, an id).
    #[param(max_length = 200)]
    pub target: Option<String>,
    /// Only events at or after this time (RFC 3339).
    pub from: Option<DateTime<Utc>>,
    /// Only events before this time (RFC 3339); after `from`.
    pub until: Option<DateTime<Utc>>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditPageQuery {
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Events per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

impl AuditFilterQuery {
    /// The filter: 400 `invalid_query` for an action the registry does not have.
    pub fn filter(&self) -> Result<AuditFilter, ApiError> {
        let mut actions = Vec::new();
        for raw in self
            .action
            .as_deref()
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let action = AuditAction::parse(raw).ok_or_else(ApiError::invalid_query)?;
            if !actions.contains(&action) {
                actions.push(action);
            }
        }
        let target = self
            .target
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty());
        if target.is_some_and(|t| t.chars().count() > 200) {
            return Err(ApiError::invalid_query());
        }
        Ok(AuditFilter {
            actions,
            actor: self.actor.map(UserId),
            target: target.map(str::to_owned),
            from: self.from,
            to: self.until,
        })
    }
}

// The admin gallery (`/api/admin/media`, handlers in `media.rs`).

/// What a stored file is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MediaKindDto {
    /// In a group's gallery (articles' images too).
    Gallery,
    /// A group's cover.
    Cover,
    /// An image of a plaza post.
    Plaza,
    /// A user's avatar.
    Avatar,
}

impl From<MediaKindDto> for media::MediaKind {
    fn from(k: MediaKindDto) -> Self {
        match k {
            MediaKindDto::Gallery => media::MediaKind::Gallery,
            MediaKindDto::Cover => media::MediaKind::Cover,
            MediaKindDto::Plaza => media::MediaKind::Plaza,
            MediaKindDto::Avatar => media::MediaKind::Avatar,
        }
    }
}

impl From<media::MediaKind> for MediaKindDto {
    fn from(k: media::MediaKind) -> Self {
        match k {
            media::MediaKind::Gallery => MediaKindDto::Gallery,
            media::MediaKind::Cover => MediaKindDto::Cover,
            media::MediaKind::Plaza => MediaKindDto::Plaza,
            media::MediaKind::Avatar => MediaKindDto::Avatar,
        }
    }
}

/// The admin gallery's filters and page; every filter optional, all of them together.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminMediaQuery {
    /// Only files of this kind.
    pub kind: Option<MediaKindDto>,
    /// Only files of this user.
    pub owner: Option<uuid::Uuid>,
    /// Only files of this group.
    pub group: Option<uuid::Uuid>,
    /// Only files created at or after this time (RFC 3339).
    pub from: Option<DateTime<Utc>>,
    /// Only files created before this time (RFC 3339); after `from`.
    pub until: Option<DateTime<Utc>>,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// A file's owner.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaOwnerDto {
    pub id: uuid::Uuid,
    pub username: String,
    pub nickname: String,
}

/// One stored file as the admin gallery shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminMediaDto {
    pub id: uuid::Uuid,
    pub kind: MediaKindDto,
    /// The image (served to admins even while hidden).
    #[schema(example = "/api/media/0f8c…")]
    pub url: String,
    pub thumbnail_url: String,
    pub width: u32,
    pub height: u32,
    /// Bytes stored, original and thumbnail.
    pub bytes: u64,
    #[schema(example = "image/webp")]
    pub content_type: &'static str,
    pub owner: MediaOwnerDto,
    /// The group it belongs to.
    #[schema(required = true)]
    pub group_id: Option<uuid::Uuid>,
    /// The group's name (`null` without a group).
    #[schema(required = true)]
    pub group_name: Option<String>,
    /// The article it was uploaded for.
    #[schema(required = true)]
    pub article_id: Option<uuid::Uuid>,
    /// The plaza post showing it.
    #[schema(required = true)]
    pub post_id: Option<uuid::Uuid>,
    /// Whether it is in use (`false`: an upload not yet attached to its post).
    pub attached: bool,
    /// When an admin hid it (`null`: visible).
    #[schema(required = true)]
    pub hidden_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<&media::CatalogEntry> for AdminMediaDto {
    fn from(e: &media::CatalogEntry) -> Self {
        let m = &e.media;
        Self {
            id: m.id.0,
            kind: m.kind.into(),
            url: crate::http::dto::media_url(m.id, media::Variant::Original),
            thumbnail_url: crate::http::dto::media_url(m.id, media::Variant::Thumbnail),
            width: m.width,
            height: m.height,
            bytes: m.bytes,
            content_type: m.content_type(media::Variant::Original),
            owner: MediaOwnerDto {
                id: e.owner.id.0,
                username: e.owner.username.clone(),
                nickname: e.owner.nickname.clone(),
            },
            group_id: m.group.map(|g| g.0),
            group_name: e.group_name.clone(),
            article_id: m.article.map(|a| a.0),
            post_id: e.post,
            attached: m.state == media::MediaState::Attached,
            hidden_at: m.hidden_at,
            created_at: m.created_at,
        }
    }
}

/// Storage taken by every stored file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageUsageDto {
    /// Bytes, originals and thumbnails together.
    pub bytes: u64,
    pub files: u64,
}

impl From<media::StorageUsage> for StorageUsageDto {
    fn from(u: media::StorageUsage) -> Self {
        Self {
            bytes: u.bytes,
            files: u.files,
        }
    }
}

/// A page of the admin gallery, with the total storage used.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminMediaListResponse {
    #[schema(example = true)]
    pub success: bool,
    pub items: Vec<AdminMediaDto>,
    /// Pass as `cursor` for the next page; `null` on the last.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    /// Every stored file, whatever the filters.
    pub usage: StorageUsageDto,
}

/// The storage used.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageUsageResponse {
    #[schema(example = true)]
    pub success: bool,
    pub usage: StorageUsageDto,
}

/// One file after a change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminMediaResponse {
    #[schema(example = true)]
    pub success: bool,
    pub message: &'static str,
    pub id: uuid::Uuid,
    /// When it was hidden (`null`: visible).
    #[schema(required = true)]
    pub hidden_at: Option<DateTime<Utc>>,
}

/// What disabling or enabling a user did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserStatusResponse {
    #[schema(example = true)]
    pub success: bool,
    pub user_id: uuid::Uuid,
    /// Whether the account is disabled now.
    pub disabled: bool,
    /// Sessions that were signed out (0 when enabling).
    pub sessions_ended: u64,
    /// Personal access tokens that were revoked (0 when enabling).
    pub tokens_revoked: u64,
    /// What happened, in the asker's language.
    pub message: &'static str,
}

// Finding users and groups by name (`/api/admin/directory/*`, handlers in `directory.rs`).

/// The longest text a lookup takes.
const MAX_QUERY_CHARS: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DirectoryQuery {
    /// Part of a username or nickname (users), or of a group's name (groups); case-insensitive.
    #[param(min_length = 1, max_length = 100, example = "alice")]
    pub q: String,
}

impl DirectoryQuery {
    /// The trimmed text: 400 `invalid_query` when it is empty or too long.
    pub fn text(&self) -> Result<&str, ApiError> {
        let q = self.q.trim();
        if q.is_empty() || q.chars().count() > MAX_QUERY_CHARS {
            return Err(ApiError::invalid_query());
        }
        Ok(q)
    }
}

/// A user (username and nickname) or a group (its name) found by name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryEntryDto {
    pub id: uuid::Uuid,
    /// The username, or the group's name.
    pub name: String,
    /// The user's nickname; `null` for a group.
    #[schema(required = true)]
    pub detail: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryResponse {
    pub success: bool,
    /// At most 10, an exact name first.
    pub items: Vec<DirectoryEntryDto>,
}
