//! Search (`/api/search/*`, docs/search.md): plaza posts, published articles, their replies,
//! groups and people, each kind its own operation (and its token scope), with the matched
//! words marked. Every rule is the domain's (`search::SearchService`) and the index's: a
//! handler says who asks and what.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Search;

impl Area for Search {
    const NAME: &'static str = "search";
    const TAG: Option<Tag> = Some(Tag {
        name: "search",
        en: "Search: posts, articles, replies, groups and people, in Chinese and English",
        zh: "搜索：中英文的帖子、文章、回复、小组和用户",
    });
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::SearchCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::search_posts)
            .service(handlers::search_articles)
            .service(handlers::search_replies)
            .service(handlers::search_groups)
            .service(handlers::search_people)
    }
}
