//! The media area answers files, and one JSON call: keeping a draft's uploads.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{KnownFormat, RefOr, SchemaFormat};

/// An image's bytes.
#[derive(Debug, ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ImageFile(pub Vec<u8>);

/// The uploads a draft still holds (`POST /api/media/keep`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KeepUploadsRequest {
    #[schema(schema_with = kept_ids)]
    pub ids: Vec<uuid::Uuid>,
}

/// The ids a keep names (`media::MAX_KEEP_PER_CALL`).
fn kept_ids() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid)))
                .build()
                .into(),
        ))
        .max_items(Some(media::MAX_KEEP_PER_CALL))
        .description(Some(format!(
            "Ids of the asker's uploads still in a draft, at most {} (repeats count once; none keeps nothing).",
            media::MAX_KEEP_PER_CALL
        )))
        .build()
        .into()
}

/// What was kept, and what the draft should drop.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeepUploadsResponse {
    pub success: bool,
    /// The asker's uploads, still waiting for what will use them: safe until `keepUntil`.
    pub kept: Vec<uuid::Uuid>,
    /// Gone (swept, deleted by an admin), not the asker's, or already in use: a draft drops
    /// these instead of sending them.
    pub missing: Vec<uuid::Uuid>,
    /// When the sweep may remove the kept uploads, unless they are kept again before.
    pub keep_until: chrono::DateTime<chrono::Utc>,
}

impl From<media::KeptUploads> for KeepUploadsResponse {
    fn from(k: media::KeptUploads) -> Self {
        Self {
            success: true,
            kept: k.kept.into_iter().map(|id| id.0).collect(),
            missing: k.missing.into_iter().map(|id| id.0).collect(),
            keep_until: k.keep_until,
        }
    }
}
