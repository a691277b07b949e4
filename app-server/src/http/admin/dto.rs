//! Request and response bodies of the admin console: the audit log, the gallery, disabling
//! users and the directory.

use super::rules;
use crate::http::dto::AuditEventDto;
use crate::http::error::ApiError;
use audit::AuditFilter;
use chrono::{DateTime, Utc};
use kernel::{AuditAction, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

// The audit log (`/api/admin/audit`): a page (its events are `http::dto::AuditEventDto`, which
// the overview shows too), the registry, the filters.

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
