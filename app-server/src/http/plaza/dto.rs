//! The plaza's bodies.

use super::rules;
use crate::http::dto::{PersonDto, WithheldDto, media_url};
use chrono::{DateTime, Utc};
use kernel::{MediaId, Role};
use media::{Media, Variant};
use plaza::model::{Comment, LikeState, Post, PostImage, TextVersion};
use plaza::service::NewPostInput;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// An image of a post.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostImageDto {
    pub id: uuid::Uuid,
    /// The image, re-encoded without metadata.
    #[schema(example = "/api/media/0f8c…")]
    pub url: String,
    /// A JPEG at most 480 px on its longer edge.
    pub thumbnail_url: String,
    pub width: u32,
    pub height: u32,
}

impl From<&PostImage> for PostImageDto {
    fn from(i: &PostImage) -> Self {
        Self {
            id: i.media.0,
            url: media_url(i.media, Variant::Original),
            thumbnail_url: media_url(i.media, Variant::Thumbnail),
            width: i.width,
            height: i.height,
        }
    }
}

impl From<&Media> for PostImageDto {
    fn from(m: &Media) -> Self {
        Self {
            id: m.id.0,
            url: media_url(m.id, Variant::Original),
            thumbnail_url: media_url(m.id, Variant::Thumbnail),
            width: m.width,
            height: m.height,
        }
    }
}

/// The district a post is tagged with.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostDistrictDto {
    #[schema(example = "510000")]
    pub code: String,
    #[schema(example = "四川省")]
    pub name_zh: String,
    #[schema(example = "Sichuan")]
    pub name_en: String,
}

/// A post as the asker sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostDto {
    pub id: uuid::Uuid,
    pub author: PersonDto,
    #[schema(example = "成都今天出太阳了 ☀️")]
    pub body: String,
    /// In the author's order, at most 9.
    pub images: Vec<PostImageDto>,
    /// Images an administrator hid or deleted since it was posted (shown as "image removed").
    pub removed_images: u32,
    #[schema(required = true)]
    pub district: Option<PostDistrictDto>,
    pub created_at: DateTime<Utc>,
    pub like_count: u32,
    pub comment_count: u32,
    /// Whether the asker likes it (`false` signed out).
    pub liked: bool,
    /// Whether the asker may delete it (its author, or an administrator).
    pub can_delete: bool,
    /// 1 when written, one more per edit: send it with an edit (`PATCH`).
    #[schema(minimum = 1, example = 1)]
    pub version: u32,
    /// When its text was last edited; `null` when never (shown as "edited").
    #[schema(required = true)]
    pub edited_at: Option<DateTime<Utc>>,
    /// Shown to its author only: `held` for review by the word list, `hidden` by a moderator;
    /// `null` for what everyone allowed may read.
    #[schema(required = true)]
    pub withheld: Option<WithheldDto>,
    /// Whether the asker may edit its text (its author).
    pub can_edit: bool,
    /// Whether the asker may read its earlier texts (its author, or an administrator).
    pub can_see_versions: bool,
}

/// Who asks, for `liked` and `canDelete`: `role` is the role in force for deleting
/// ([`SignedIn::role`](crate::http::extract::SignedIn::role) with `Write`).
#[derive(Debug, Clone, Copy)]
pub struct Viewer {
    pub id: Option<kernel::UserId>,
    pub role: Option<Role>,
}

impl Viewer {
    fn may_delete(self, author: kernel::UserId) -> bool {
        self.id == Some(author) || self.role == Some(Role::Admin)
    }
}

impl PostDto {
    pub fn of(post: &Post, viewer: Viewer) -> Self {
        Self {
            id: post.id.0,
            author: PersonDto::from(&post.author),
            body: post.body.clone(),
            images: post.images.iter().map(PostImageDto::from).collect(),
            removed_images: post.removed_images,
            district: post.district.as_ref().map(|d| PostDistrictDto {
                code: d.code.clone(),
                name_zh: d.name_zh.clone(),
                name_en: d.name_en.clone(),
            }),
            created_at: post.created_at,
            like_count: post.like_count,
            comment_count: post.comment_count,
            liked: post.liked,
            can_delete: viewer.may_delete(post.author.id),
            version: post.version,
            edited_at: post.edited_at,
            withheld: post.withheld.map(Into::into),
            can_edit: viewer.id == Some(post.author.id),
            can_see_versions: viewer.may_delete(post.author.id),
        }
    }
}

/// The feed's query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FeedQuery {
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Posts per page, 1–50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
    /// Only posts tagged with this district (a GB/T 2260 code).
    #[param(schema_with = rules::district_code)]
    pub district: Option<String>,
}

/// A page of the feed, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostsResponse {
    pub success: bool,
    pub posts: Vec<PostDto>,
    /// Pass as `cursor` for the next (older) page; `null` on the last.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    /// The first post's position: pass as `since` to `GET /api/plaza/posts/new-count` to learn
    /// how many arrived above it; `null` for an empty page.
    #[schema(required = true)]
    pub head_cursor: Option<String>,
}

/// The query of the "N new posts" count.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct NewCountQuery {
    /// A `headCursor` from the feed.
    #[param(max_length = 64)]
    pub since: String,
    /// Only posts tagged with this district.
    #[param(schema_with = rules::district_code)]
    pub district: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCountResponse {
    pub success: bool,
    /// Posts newer than `since`, counted up to 99.
    #[schema(maximum = 99)]
    pub count: u32,
}

/// A post to write.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewPostRequest {
    #[serde(default)]
    #[schema(schema_with = rules::post_body)]
    pub body: String,
    #[serde(default)]
    #[schema(schema_with = rules::post_image_ids)]
    pub image_ids: Vec<uuid::Uuid>,
    #[serde(default)]
    #[schema(schema_with = rules::district_code_or_none)]
    pub district: Option<String>,
}

impl NewPostRequest {
    /// The post as the domain takes it. The text and the place stay raw: `PlazaService::create`
    /// checks them with the images (how many, whose, once each), in its order, so nothing here
    /// can fail.
    pub fn into_domain(self) -> NewPostInput {
        NewPostInput {
            body: self.body,
            images: self.image_ids.into_iter().map(MediaId).collect(),
            district: self.district,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PostResponse {
    pub success: bool,
    pub post: PostDto,
}

/// An image stored for a post being written (its owner alone sees it until it is posted).
#[derive(Debug, Serialize, ToSchema)]
pub struct PlazaImageResponse {
    pub success: bool,
    pub image: PostImageDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeResponse {
    pub success: bool,
    pub liked: bool,
    pub like_count: u32,
}

impl From<LikeState> for LikeResponse {
    fn from(s: LikeState) -> Self {
        Self {
            success: true,
            liked: s.liked,
            like_count: s.like_count,
        }
    }
}

/// A comment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentDto {
    pub id: uuid::Uuid,
    pub post_id: uuid::Uuid,
    pub author: PersonDto,
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// Whether the asker may delete it (its author, or an administrator).
    pub can_delete: bool,
    /// 1 when written, one more per edit: send it with an edit (`PATCH`).
    #[schema(minimum = 1, example = 1)]
    pub version: u32,
    /// When its text was last edited; `null` when never (shown as "edited").
    #[schema(required = true)]
    pub edited_at: Option<DateTime<Utc>>,
    /// Shown to its author only: `held` for review by the word list, `hidden` by a moderator;
    /// `null` for what everyone allowed may read.
    #[schema(required = true)]
    pub withheld: Option<WithheldDto>,
    /// Whether the asker may edit its text (its author).
    pub can_edit: bool,
    /// Whether the asker may read its earlier texts (its author, or an administrator).
    pub can_see_versions: bool,
}

impl CommentDto {
    pub fn of(c: &Comment, viewer: Viewer) -> Self {
        Self {
            id: c.id.0,
            post_id: c.post.0,
            author: PersonDto::from(&c.author),
            body: c.body.clone(),
            created_at: c.created_at,
            can_delete: viewer.may_delete(c.author.id),
            version: c.version,
            edited_at: c.edited_at,
            withheld: c.withheld.map(Into::into),
            can_edit: viewer.id == Some(c.author.id),
            can_see_versions: viewer.may_delete(c.author.id),
        }
    }
}

/// A page of a post's comments, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentsResponse {
    pub success: bool,
    pub comments: Vec<CommentDto>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCommentRequest {
    #[schema(schema_with = rules::comment_body)]
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommentResponse {
    pub success: bool,
    pub comment: CommentDto,
}

/// A new text for one's own post, from the version the editor loaded. Its images and district
/// stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EditPostRequest {
    #[schema(schema_with = rules::post_body)]
    pub body: String,
    /// The `version` of the post the editor loaded.
    #[schema(minimum = 1, example = 1)]
    pub version: u32,
}

/// A new text for one's own comment, from the version the editor loaded.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EditCommentRequest {
    #[schema(schema_with = rules::comment_body)]
    pub body: String,
    /// The `version` of the comment the editor loaded.
    #[schema(minimum = 1, example = 1)]
    pub version: u32,
}

/// 409 `plaza_edit_conflict`: the post was edited since this editor's version; nothing was
/// written.
#[derive(Debug, Serialize, ToSchema)]
pub struct PostConflictBody {
    #[schema(example = false)]
    pub success: bool,
    #[schema(example = "plaza_edit_conflict")]
    pub code: &'static str,
    pub message: &'static str,
    /// The post as it is now (its `version` is the one to edit from).
    pub current: PostDto,
}

/// 409 `plaza_edit_conflict`: the comment was edited since this editor's version; nothing was
/// written.
#[derive(Debug, Serialize, ToSchema)]
pub struct CommentConflictBody {
    #[schema(example = false)]
    pub success: bool,
    #[schema(example = "plaza_edit_conflict")]
    pub code: &'static str,
    pub message: &'static str,
    /// The comment as it is now (its `version` is the one to edit from).
    pub current: CommentDto,
}

/// One text of a post or a comment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlazaVersionDto {
    #[schema(minimum = 1, example = 1)]
    pub version: u32,
    pub body: String,
    /// When this text was written: the item's creation for version 1, its edit for later ones.
    pub written_at: DateTime<Utc>,
}

impl From<&TextVersion> for PlazaVersionDto {
    fn from(v: &TextVersion) -> Self {
        Self {
            version: v.version,
            body: v.body.clone(),
            written_at: v.written_at,
        }
    }
}

/// Every text of a post or a comment, newest first: the current one, then those edits
/// replaced.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlazaVersionsResponse {
    pub success: bool,
    pub versions: Vec<PlazaVersionDto>,
}

/// Deleting someone else's post or comment (an administrator): why, told to its author.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeleteQuery {
    /// Why an administrator removes someone else's post or comment, told to its author (at
    /// most 200 characters; ignored for one's own).
    #[param(max_length = 200)]
    pub reason: Option<String>,
}
