//! The AI assistant (`/api/ai/*`): the models on offer and the streamed chat.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;
pub mod settings;
mod stream;

use crate::http::area::{Area, OpenApiZh, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct Ai;

impl Area for Ai {
    const NAME: &'static str = "ai";

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
