//! The notifications domain's errors as HTTP: status, typed code and sentence.

use crate::http::error::{ApiError, Resource, error_codes};
use crate::i18n::Msg;

error_codes! {
    /// The notifications' codes.
    pub enum NotificationsCode {
        InvalidPreferences = "invalid_notification_preferences" => InvalidNotificationPreferences,
        InvalidMentionQuery = "invalid_mention_query" => InvalidMentionQuery,
    }
}

impl From<notifications::NotificationsError> for ApiError {
    fn from(e: notifications::NotificationsError) -> Self {
        use notifications::NotificationsError as E;
        match e {
            E::NotFound => ApiError::missing(Resource::Notification),
            E::GroupNotFound => ApiError::missing(Resource::Group),
            E::InvalidQuery => ApiError::new(
                actix_web::http::StatusCode::BAD_REQUEST,
                NotificationsCode::InvalidMentionQuery,
                Msg::InvalidMentionQuery,
            )
            .with_field("q", Msg::InvalidMentionQuery),
            E::Unexpected(e) => ApiError::internal(&e),
        }
    }
}

/// A preferences body naming a kind there is not.
pub fn unknown_kind(index: usize) -> ApiError {
    ApiError::unprocessable(
        NotificationsCode::InvalidPreferences,
        Msg::InvalidNotificationPreferences,
    )
    .with_field(
        &format!("muted[{index}]"),
        Msg::InvalidNotificationPreferences,
    )
}
