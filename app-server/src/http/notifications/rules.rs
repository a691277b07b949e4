//! The notifications' enums as OpenAPI schemas, built from the kernel's registry of kinds.

use crate::http::area::{NamedEnum, named};
use crate::http::rules::one_of;
use kernel::NoticeKind;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, Schema};

/// What a notification's subject is: where it leads.
pub const SUBJECT_TYPES: &[&str] = &[
    "plaza_post",
    "plaza_comment",
    "article",
    "reply",
    "group",
    "person",
];

/// The events of the notification stream.
pub const STREAM_EVENTS: &[&str] = &["notification", "unread", "plaza"];

pub const ENUMS: &[NamedEnum] = &[
    named(
        "NotificationStreamEventName",
        STREAM_EVENTS,
        "通知推送中的事件名",
        "An event of the notification stream",
    ),
    named(
        "NotificationKind",
        NoticeKind::NAMES,
        "通知的种类",
        "A kind of notification",
    ),
    named(
        "NotificationSubjectType",
        SUBJECT_TYPES,
        "通知所关于的内容的类型",
        "What a notification is about",
    ),
];

pub fn notification_kind() -> Schema {
    one_of(
        NoticeKind::NAMES.iter().copied(),
        "A kind of notification (docs/notifications.md).",
    )
}

/// The kinds turned off: each a kind, at most every kind once.
pub fn muted_kinds() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(notification_kind()))
        .description(Some("The kinds turned off; every other kind is on."))
        .examples([serde_json::json!(["liked"])])
        .build()
        .into()
}

/// The events of the notification stream.
pub fn stream_event_name() -> Schema {
    one_of(STREAM_EVENTS.iter().copied(), "Which event it is.")
}

pub fn subject_type() -> Schema {
    one_of(
        SUBJECT_TYPES.iter().copied(),
        "What the notification is about.",
    )
}
