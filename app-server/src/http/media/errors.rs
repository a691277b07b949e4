//! The media domain's errors as HTTP: status, typed code and sentence. Groups, the plaza and
//! avatars upload through the media domain, so their areas answer these too.

use crate::http::error::{ApiError, Resource, SharedCode, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use media::MediaError;

error_codes! {
    /// The media area's codes: what an image may be, and the storage quota.
    pub enum MediaCode {
        ImageTooManyPixels = "image_too_many_pixels" => ImageTooManyPixels,
        AnimationTooLarge = "animation_too_large" => AnimationTooLarge,
        ImageCorrupt = "image_corrupt" => ImageCorrupt,
        StorageQuotaExceeded = "storage_quota_exceeded" => StorageQuotaExceeded,
    }
}

impl From<MediaError> for ApiError {
    fn from(e: MediaError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            MediaError::UnsupportedType => {
                return ApiError::new(
                    S::UNSUPPORTED_MEDIA_TYPE,
                    SharedCode::UnsupportedImageType,
                    Msg::UnsupportedImageType,
                );
            }
            MediaError::TooLarge { max_bytes } => {
                return ApiError::new(
                    S::PAYLOAD_TOO_LARGE,
                    SharedCode::ImageTooLarge,
                    Msg::ImageTooLarge,
                )
                .with_detail(max_bytes.to_string());
            }
            MediaError::TooManyPixels { max_pixels } => {
                return ApiError::unprocessable(
                    MediaCode::ImageTooManyPixels,
                    Msg::ImageTooManyPixels,
                )
                .with_detail(max_pixels.to_string());
            }
            MediaError::AnimationTooLarge { max_pixels } => {
                return ApiError::unprocessable(
                    MediaCode::AnimationTooLarge,
                    Msg::AnimationTooLarge,
                )
                .with_detail(max_pixels.to_string());
            }
            MediaError::Corrupt => (
                S::UNPROCESSABLE_ENTITY,
                MediaCode::ImageCorrupt,
                Msg::ImageCorrupt,
            ),
            MediaError::QuotaExceeded { quota_bytes } => {
                return ApiError::unprocessable(
                    MediaCode::StorageQuotaExceeded,
                    Msg::StorageQuotaExceeded,
                )
                .with_detail(quota_bytes.to_string());
            }
            MediaError::RateLimited { retry_after_secs } => {
                return ApiError::rate_limited(retry_after_secs);
            }
            MediaError::Busy { retry_after_secs } => {
                return ApiError::server_busy(retry_after_secs);
            }
            MediaError::InvalidRange => {
                return ApiError::new(
                    S::BAD_REQUEST,
                    SharedCode::InvalidRange,
                    Msg::InvalidDateRange,
                );
            }
            MediaError::TooManyToKeep { .. } => {
                return ApiError::unprocessable(SharedCode::TooManyImages, Msg::TooManyKeptImages)
                    .with_field("ids", Msg::TooManyKeptImages);
            }
            MediaError::NotFound => return ApiError::missing(Resource::Media),
            MediaError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}
