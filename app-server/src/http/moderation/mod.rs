//! The administrator's word list (`/api/admin/words*`, docs/moderation.md): a page of entries
//! with a filter, add, remove, an import (a dry run, then all or nothing) and an export, and a
//! check of a text against the list as this instance holds it. Admins only (every handler takes
//! an [`AdminUser`](crate::http::extract::AdminUser); a token needs `admin:read` or
//! `admin:write`).

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct Moderation;

impl Area for Moderation {
    const NAME: &'static str = "moderation";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const CLOSED_SCHEMAS: &'static [&'static str] = &["NewWordBody", "WordCheckBody"];

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::ModerationCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            // `import`, `export` and `check` before `{key}`: the first route that matches serves.
            .service(handlers::list_words)
            .service(handlers::add_word)
            .service(handlers::import_words)
            .service(handlers::export_words)
            .service(handlers::check_words)
            .service(handlers::remove_word)
    }
}
