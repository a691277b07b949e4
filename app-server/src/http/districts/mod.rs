//! Administrative divisions: anyone may browse and search them (the plaza's weather map and
//! post places use them); admins add, edit, import and export them (`/api/admin/districts*`,
//! every handler taking an [`AdminUser`](crate::http::extract::AdminUser)).

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Districts;

impl Area for Districts {
    const NAME: &'static str = "districts";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const TAG: Option<Tag> = Some(Tag {
        name: "districts",
        en: "Administrative divisions (GB/T 2260): provinces, cities and counties, to browse and search",
        zh: "行政区划（GB/T 2260）：省、市、县，可浏览和搜索",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::DistrictsCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            // `search`, `import` and `export` before `{code}`: the first route that matches serves.
            .service(handlers::list_districts)
            .service(handlers::search_districts)
            .service(handlers::show_district)
            .service(handlers::create_district)
            .service(handlers::import_districts)
            .service(handlers::export_districts)
            .service(handlers::update_district)
    }
}
