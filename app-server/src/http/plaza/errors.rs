//! The plaza domain's errors as HTTP: status, typed code and sentence.

use crate::http::error::{ApiError, Resource, SharedCode, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use plaza::PlazaError;

error_codes! {
    /// The plaza's codes: posts, comments and their images.
    pub enum PlazaCode {
        InvalidPostBody = "invalid_post_body" => InvalidPostBody,
        InvalidComment = "invalid_comment" => InvalidComment,
        ImageNotUsable = "image_not_usable" => ImageNotUsable,
        UnknownDistrict = "unknown_district" => UnknownDistrict,
        InvalidReason = "invalid_reason" => InvalidReason,
        EditConflict = "plaza_edit_conflict" => PlazaEditConflict,
    }
}

impl From<PlazaError> for ApiError {
    fn from(e: PlazaError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            PlazaError::InvalidBody => {
                return ApiError::unprocessable(PlazaCode::InvalidPostBody, Msg::InvalidPostBody)
                    .with_field("body", Msg::InvalidPostBody);
            }
            PlazaError::InvalidComment => {
                return ApiError::unprocessable(PlazaCode::InvalidComment, Msg::InvalidComment)
                    .with_field("body", Msg::InvalidComment);
            }
            PlazaError::WordsRefused(found) => return ApiError::words_refused(found, Some("body")),
            PlazaError::TooManyImages => {
                return ApiError::unprocessable(SharedCode::TooManyImages, Msg::TooManyPostImages)
                    .with_field("imageIds", Msg::TooManyPostImages);
            }
            PlazaError::ImageNotUsable => {
                return ApiError::unprocessable(PlazaCode::ImageNotUsable, Msg::ImageNotUsable)
                    .with_field("imageIds", Msg::ImageNotUsable);
            }
            PlazaError::UnknownDistrict => (
                S::UNPROCESSABLE_ENTITY,
                PlazaCode::UnknownDistrict,
                Msg::UnknownDistrict,
            ),
            PlazaError::InvalidReason => {
                return ApiError::unprocessable(PlazaCode::InvalidReason, Msg::InvalidReason)
                    .with_field("reason", Msg::InvalidReason);
            }
            PlazaError::NotFound => return ApiError::missing(Resource::Post),
            PlazaError::Blocked => {
                return ApiError::new(S::FORBIDDEN, SharedCode::Blocked, Msg::Blocked);
            }
            PlazaError::NotAllowed => {
                return ApiError::new(S::FORBIDDEN, SharedCode::Forbidden, Msg::NotYours);
            }
            PlazaError::RateLimited { retry_after_secs } => {
                return ApiError::rate_limited(retry_after_secs);
            }
            PlazaError::Media(e) => return e.into(),
            PlazaError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}
