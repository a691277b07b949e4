//! The WeChat official account in the admin console (`/api/admin/wechat/*`): the access token
//! every instance shares, and the custom menu with its published versions. Admins only (the
//! `admin` tag). Signing in with WeChat is the `auth` area's.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;
pub mod settings;

use crate::http::area::{Area, OpenApiZh, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct Wechat;

impl Area for Wechat {
    const NAME: &'static str = "wechat";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    /// WeChat's menu objects name every field the server reads (`wechat::menu::Button`); anything
    /// else would be dropped unread, so the document closes them (`additionalProperties: false`)
    /// and a client built from it sends only what counts. (Open objects also made schemathesis draw
    /// arbitrary nested JSON for the extra keys, which crashes CPython 3.11's parser in Hypothesis.)
    const CLOSED_SCHEMAS: &'static [&'static str] =
        &["MenuBody", "Menu", "MenuButton", "MenuSubButton"];

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::WechatCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::token)
            .service(handlers::refresh_token)
            .service(handlers::current_menu)
            .service(handlers::validate_menu)
            .service(handlers::publish_menu)
            .service(handlers::delete_menu)
            .service(handlers::menu_versions)
            .service(handlers::rollback_menu)
    }
}
