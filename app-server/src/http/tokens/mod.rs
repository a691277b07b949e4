//! Personal access tokens of the signed-in user (`/api/tokens/*`, the developer portal's
//! `/developers/pat`). A browser session only: a token cannot make, list or revoke tokens.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct Tokens;

impl Area for Tokens {
    const NAME: &'static str = "tokens";

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
