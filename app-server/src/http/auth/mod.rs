//! Sign-in: username registration and login, phone + SMS code, WeChat, logout, password change,
//! session status and the list of signed-in devices.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
pub mod phone;
pub mod reauth;
mod rules;
pub mod settings;
pub mod wechat;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Auth;

impl Area for Auth {
    const NAME: &'static str = "auth";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const TAG: Option<Tag> = Some(Tag {
        name: "auth",
        en: "Accounts, sign-in and sessions",
        zh: "账户、登录与会话",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::AuthCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::register)
            .service(handlers::login)
            .service(handlers::logout)
            .service(handlers::change_password)
            .service(reauth::reauthenticate)
            .service(reauth::send_verification)
            .service(wechat::sign_in_state)
            .service(handlers::list_sessions)
            .service(handlers::revoke_session)
            .service(phone::send_verification)
            .service(phone::login)
            .service(wechat::callback)
            .service(wechat::login)
            .service(wechat::register)
            .service(wechat::bind)
            .service(wechat::unbind)
    }
}
