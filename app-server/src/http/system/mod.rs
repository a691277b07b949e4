//! The system area (`/api/health`, `/api/health/live`, `/api/health/ready`, `/api/docs.json`):
//! whether the server answers, whether it should be sent requests (its database and media store
//! answer), and the API's own description.

pub mod dto;
pub mod handlers;
mod openapi_zh;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct System;

impl Area for System {
    const NAME: &'static str = "system";
    const TAG: Option<Tag> = Some(Tag {
        name: "system",
        en: "Health and the API description itself",
        zh: "健康检查与 API 描述本身",
    });

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::health)
            .service(handlers::live)
            .service(handlers::ready)
            .service(handlers::openapi_json)
    }
}
