//! Blocking and muting's errors as HTTP: status, typed code and sentence.

use crate::http::error::{ApiError, Resource, SharedCode, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use blocks::BlocksError;

error_codes! {
    /// The blocks' codes: whom one may block, the kind, the lists' bound.
    pub enum BlocksCode {
        CannotBlockSelf = "cannot_block_self" => CannotBlockSelf,
        InvalidBlockKind = "invalid_block_kind" => InvalidBlockKind,
        BlocksFull = "blocks_full" => BlocksFull,
    }
}

impl From<BlocksError> for ApiError {
    fn from(e: BlocksError) -> Self {
        match e {
            BlocksError::OwnAccount => {
                ApiError::unprocessable(BlocksCode::CannotBlockSelf, Msg::CannotBlockSelf)
            }
            BlocksError::InvalidKind => {
                ApiError::unprocessable(BlocksCode::InvalidBlockKind, Msg::InvalidBlockKind)
                    .with_field("kind", Msg::InvalidBlockKind)
            }
            BlocksError::TooMany { max } => {
                ApiError::unprocessable(BlocksCode::BlocksFull, Msg::BlocksFull)
                    .with_detail(max.to_string())
            }
            BlocksError::NoSuchPerson => ApiError::missing(Resource::User),
            BlocksError::NotListed => {
                ApiError::new(StatusCode::NOT_FOUND, SharedCode::NotFound, Msg::NotBlocked)
            }
            BlocksError::RateLimited { retry_after_secs } => {
                ApiError::rate_limited(retry_after_secs)
            }
            BlocksError::Unexpected(cause) => ApiError::internal(&cause),
        }
    }
}
