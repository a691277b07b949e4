//! Blocking and muting (`/api/blocks*`, docs/moderation.md "Blocking and muting"): the
//! signed-in person's two lists, a block or a mute set on someone, and its undo. Every rule is
//! the `blocks` domain's (`blocks::BlocksService`); what a block hides and refuses elsewhere is
//! decided by the areas that show and take people's writing.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Blocks;

impl Area for Blocks {
    const NAME: &'static str = "blocks";
    const TAG: Option<Tag> = Some(Tag {
        name: "blocks",
        en: "Blocking and muting: a block hides both ways and stops answers, mentions and likes between the two; a mute only hides, silently",
        zh: "屏蔽与静音：屏蔽对双方都隐藏内容，并禁止双方互相回复、提及和点赞；静音只是悄悄隐藏",
    });
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const CLOSED_SCHEMAS: &'static [&'static str] = &["SetBlockBody"];

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::BlocksCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::list_blocks)
            .service(handlers::set_block)
            .service(handlers::remove_block)
    }
}
