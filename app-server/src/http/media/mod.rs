//! Stored images (`/api/media/*`): served with their content type, `nosniff`, a long public
//! cache for files anyone may read and `private, no-store` for the rest; the owning domain
//! decides who may read a file (a private group's files: its active members only).

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
pub mod settings;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Media;

impl Area for Media {
    const NAME: &'static str = "media";
    const TAG: Option<Tag> = Some(Tag {
        name: "media",
        en: "Stored images (a private group's for its members only)",
        zh: "已存储的图片（私密小组的图片仅对其成员可见）",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::MediaCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::keep_uploads)
            .service(handlers::media_original)
            .service(handlers::media_thumbnail)
    }
}
