//! The bodies of blocking and muting.

use super::rules;
use crate::http::dto::PersonDto;
use crate::http::error::ApiError;
use blocks::{BlockKind, Blocked, BlocksError};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// One entry of my lists: the person, and what I did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockDto {
    pub person: PersonDto,
    #[schema(schema_with = rules::block_kind)]
    pub kind: &'static str,
    /// When it became this kind (a mute turned into a block is dated by the block).
    pub created_at: DateTime<Utc>,
}

impl From<&Blocked> for BlockDto {
    fn from(b: &Blocked) -> Self {
        Self {
            person: PersonDto::from(&b.person),
            kind: b.kind.as_str(),
            created_at: b.created_at,
        }
    }
}

/// A page of one of my lists, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlocksResponse {
    pub success: bool,
    pub blocks: Vec<BlockDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlockResponse {
    pub success: bool,
    pub block: BlockDto,
}

/// Which list, and where the page starts.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BlocksQuery {
    #[param(schema_with = rules::block_kind)]
    pub kind: String,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

impl BlocksQuery {
    /// The list asked for: 400 `invalid_query` (with `fields`) for another kind.
    pub fn kind(&self) -> Result<BlockKind, ApiError> {
        BlockKind::parse(&self.kind).ok_or_else(|| {
            ApiError::invalid_query().with_field("kind", crate::i18n::Msg::InvalidBlockKind)
        })
    }
}

/// Block or mute someone: what to set (it replaces a mute by a block, or a block by a mute).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetBlockBody {
    #[schema(schema_with = rules::block_kind)]
    pub kind: String,
}

impl SetBlockBody {
    /// The kind: 422 `invalid_block_kind` (with `fields`) for another.
    pub fn try_into_domain(&self) -> Result<BlockKind, BlocksError> {
        blocks::parse_kind(&self.kind)
    }
}
