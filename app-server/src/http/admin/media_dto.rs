//! The admin gallery's bodies: every stored file with its owner and context, the storage used.

use crate::http::dto::media_url;
use chrono::{DateTime, Utc};
use media::{CatalogEntry, MediaKind, StorageUsage, Variant};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

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

impl From<MediaKindDto> for MediaKind {
    fn from(k: MediaKindDto) -> Self {
        match k {
            MediaKindDto::Gallery => MediaKind::Gallery,
            MediaKindDto::Cover => MediaKind::Cover,
            MediaKindDto::Plaza => MediaKind::Plaza,
            MediaKindDto::Avatar => MediaKind::Avatar,
        }
    }
}

impl From<MediaKind> for MediaKindDto {
    fn from(k: MediaKind) -> Self {
        match k {
            MediaKind::Gallery => MediaKindDto::Gallery,
            MediaKind::Cover => MediaKindDto::Cover,
            MediaKind::Plaza => MediaKindDto::Plaza,
            MediaKind::Avatar => MediaKindDto::Avatar,
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
    /// Items per page, 1–50 (default 20).
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

impl From<&CatalogEntry> for AdminMediaDto {
    fn from(e: &CatalogEntry) -> Self {
        let m = &e.media;
        Self {
            id: m.id.0,
            kind: m.kind.into(),
            url: media_url(m.id, Variant::Original),
            thumbnail_url: media_url(m.id, Variant::Thumbnail),
            width: m.width,
            height: m.height,
            bytes: m.bytes,
            content_type: m.content_type(Variant::Original),
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

impl From<StorageUsage> for StorageUsageDto {
    fn from(u: StorageUsage) -> Self {
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
