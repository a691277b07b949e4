//! The AI assistant (`/api/ai/*`): the models on offer and the streamed chat.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;
pub mod settings;
mod stream;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Ai;

impl Area for Ai {
    const NAME: &'static str = "ai";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const TAG: Option<Tag> = Some(Tag {
        name: "ai",
        en: "The AI assistant",
        zh: "AI 助手",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::AiCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::models)
            .service(handlers::send_chat)
    }
}
