//! The profile's bodies.

use crate::http::dto::avatar_url;
use crate::http::rules;
use accounts::model::User;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// A person as their profile shows them to anyone (no sign-in methods, no phone).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileDto {
    pub id: uuid::Uuid,
    #[schema(example = "xiaoming")]
    pub username: String,
    #[schema(example = "小明")]
    pub nickname: String,
    /// The avatar's original; `null` when there is none (clients show initials).
    #[schema(required = true)]
    pub avatar_url: Option<String>,
    #[schema(required = true)]
    pub avatar_thumbnail_url: Option<String>,
    #[schema(required = true)]
    pub bio: Option<String>,
    #[schema(schema_with = rules::role)]
    pub role: String,
    /// When the account was created (joined).
    pub created_at: DateTime<Utc>,
    /// Whether the account is disabled: for administrators only (`null` for everyone else).
    #[schema(required = true)]
    pub disabled: Option<bool>,
    /// Whether this is the asker's own profile.
    pub is_self: bool,
}

impl ProfileDto {
    /// `u` as `viewer` sees it; `admin`: whether the viewer reads as an administrator (their
    /// session, or their token within `admin:read`).
    pub fn new(u: &User, viewer: Option<kernel::UserId>, admin: bool) -> Self {
        Self {
            id: u.id.0,
            username: u.username.as_str().to_owned(),
            nickname: u.nickname.as_str().to_owned(),
            avatar_url: avatar_url(u.avatar, u.avatar_url.as_ref(), media::Variant::Original),
            avatar_thumbnail_url: avatar_url(
                u.avatar,
                u.avatar_url.as_ref(),
                media::Variant::Thumbnail,
            ),
            bio: u.bio.as_ref().map(|b| b.as_str().to_owned()),
            role: u.role.as_str().to_owned(),
            created_at: u.created_at,
            disabled: admin.then_some(u.disabled_at.is_some()),
            is_self: viewer == Some(u.id),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    #[schema(example = true)]
    pub success: bool,
    pub profile: ProfileDto,
}
