//! The AI assistant (`/api/ai/*`): the models on offer and the streamed chat.

pub mod dto;
pub mod handlers;
mod openapi_zh;
mod rules;
pub mod settings;
mod stream;

use crate::http::area::{Area, OpenApiZh, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct Ai;

impl Area for Ai {
    const NAME: &'static str = "ai";

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::models)
            .service(handlers::send_chat)
    }
}
