//! The AI assistant's input rules as OpenAPI schemas, built from `chat`'s own limits; the
//! builders are in [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::{optional_range, string};
use chat::model::{ChatLimits, ChatRole, DEFAULT_MAX_TOKENS, DEFAULT_TEMPERATURE};
use serde_json::json;
use utoipa::openapi::KnownFormat;
use utoipa::openapi::schema::{Schema, Type};

/// `ChatRequest::new`: who said a message.
pub fn chat_role() -> Schema {
    string()
        .enum_values(Some(ChatRole::ALL.map(ChatRole::as_str)))
        .description(Some("The last message must be the user's."))
        .examples([json!("user")])
        .build()
        .into()
}

/// `ChatRequest::new`: a message's text (the server's limits are configurable; these are the
/// defaults).
pub fn chat_content() -> Schema {
    let limits = ChatLimits::default();
    string()
        .min_length(Some(1))
        .max_length(Some(limits.max_message_chars))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "Not blank; at most {} characters (all messages together at most {}; `AI_MAX_MESSAGE_CHARS` and `AI_MAX_TOTAL_CHARS` may lower both).",
            limits.max_message_chars, limits.max_total_chars
        )))
        .examples([json!("用一句话介绍庭院")])
        .build()
        .into()
}

pub fn chat_temperature() -> Schema {
    let limits = ChatLimits::default();
    optional_range(
        Type::Number,
        KnownFormat::Float,
        0.0,
        f64::from(limits.max_temperature),
        DEFAULT_TEMPERATURE.to_string(),
    )
}

pub fn chat_max_tokens() -> Schema {
    let limits = ChatLimits::default();
    optional_range(
        Type::Integer,
        KnownFormat::Int32,
        1.0,
        f64::from(limits.max_tokens),
        DEFAULT_MAX_TOKENS.to_string(),
    )
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "ChatRole",
        &["user", "assistant"],
        "对话消息的发送方",
        "Who wrote a chat message",
    ),
    named(
        "StreamDone",
        &["[DONE]"],
        "流的最后一个事件",
        "The last event of a stream",
    ),
];
