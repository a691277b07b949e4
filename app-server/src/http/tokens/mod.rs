//! Personal access tokens of the signed-in user (`/api/tokens/*`, the developer portal's
//! `/developers/pat`). A browser session only: a token cannot make, list or revoke tokens.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Tokens;

impl Area for Tokens {
    const NAME: &'static str = "tokens";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const TAG: Option<Tag> = Some(Tag {
        name: "tokens",
        en: "Personal access tokens: made, listed and revoked with a browser session; a token reads itself",
        zh: "个人访问令牌：用浏览器会话创建、列出和吊销；令牌可以查看自身",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::TokensCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::scopes)
            .service(handlers::list)
            .service(handlers::create)
            .service(handlers::current_token)
            .service(handlers::revoke)
    }
}
