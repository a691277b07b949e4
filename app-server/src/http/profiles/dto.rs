//! The profile's bodies.

use crate::http::dto::avatar_url;
use crate::http::rules;
use accounts::model::User;
use blocks::{BlockKind, Standing};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// What the asker holds against the person (`blocks::BlockKind`), or `null`.
fn my_block() -> Schema {
    ObjectBuilder::new()
        .schema_type(rules::nullable(Type::String))
        .enum_values(Some(
            BlockKind::ALL
                .map(|k| json!(k.as_str()))
                .into_iter()
                .chain([Value::Null]),
        ))
        .description(Some(
            "What the asker holds against this person: `block`, `mute`, or `null` (nothing, signed out, or their own profile).",
        ))
        .build()
        .into()
}

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
    /// Whether a block stands between the asker and this person (either blocked the other):
    /// then none of their content is shown — `bio` is `null`, and their groups, plaza posts and
    /// articles list nothing. `false` signed out and on one's own profile.
    pub blocked: bool,
    #[schema(schema_with = my_block, required = true)]
    pub my_block: Option<&'static str>,
}

impl ProfileDto {
    /// `u` as `viewer` sees it; `admin`: whether the viewer reads as an administrator (their
    /// session, or their token within `admin:read`); `standing`: where the viewer stands with
    /// them (a block between the two hides the bio).
    pub fn new(u: &User, viewer: Option<kernel::UserId>, admin: bool, standing: Standing) -> Self {
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
            bio: u
                .bio
                .as_ref()
                .filter(|_| !standing.blocked)
                .map(|b| b.as_str().to_owned()),
            role: u.role.as_str().to_owned(),
            created_at: u.created_at,
            disabled: admin.then_some(u.disabled_at.is_some()),
            is_self: viewer == Some(u.id),
            blocked: standing.blocked,
            my_block: standing.mine.map(BlockKind::as_str),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    #[schema(example = true)]
    pub success: bool,
    pub profile: ProfileDto,
}
