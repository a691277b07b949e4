//! Notifications (docs/notifications.md): the inbox, read marks, preferences, the live stream
//! of server-sent events, and the people one may mention. Every operation is the signed-in
//! user's own, with a session or a token holding `notifications:read` (reading, the stream) or
//! `notifications:write` (read marks, preferences).

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
pub mod rules;
pub mod settings;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Notifications;

impl Area for Notifications {
    const NAME: &'static str = "notifications";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const CLOSED_SCHEMAS: &'static [&'static str] =
        &["ReadAllRequest", "NotificationPreferencesRequest"];
    const TAG: Option<Tag> = Some(Tag {
        name: "notifications",
        en: "Notifications: replies, mentions, likes and group decisions, their inbox and live stream",
        zh: "通知：回复、提及、点赞和小组的决定，通知列表与实时推送",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::NotificationsCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            // The literal paths before `{id}`.
            .service(handlers::list_notifications)
            .service(handlers::unread_count)
            .service(handlers::notification_stream)
            .service(handlers::read_all)
            .service(handlers::get_preferences)
            .service(handlers::set_preferences)
            .service(handlers::mark_read)
            .service(handlers::mention_suggestions)
    }
}
