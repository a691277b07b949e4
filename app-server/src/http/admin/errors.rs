//! The admin console's domain errors as HTTP: the audit log's. (The accounts domain's, which
//! moderation answers, are mapped in `http/auth/errors.rs`; the media domain's in
//! `http/media/errors.rs`.)

use crate::http::error::{ApiError, SharedCode};
use crate::i18n::Msg;
use actix_web::http::StatusCode;

/// The audit log: a time range that ends before it starts is 400 `invalid_range`.
impl From<audit::AuditError> for ApiError {
    fn from(e: audit::AuditError) -> Self {
        match e {
            audit::AuditError::InvalidRange => ApiError::new(
                StatusCode::BAD_REQUEST,
                SharedCode::InvalidRange,
                Msg::InvalidDateRange,
            ),
            audit::AuditError::Unexpected(cause) => ApiError::internal(&cause),
        }
    }
}
