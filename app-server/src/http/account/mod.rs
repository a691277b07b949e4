//! The signed-in user's own account (`/api/account/*`): binding or changing the phone number,
//! the profile (nickname, username, bio, avatar), the saved appearance and the basics.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;
pub mod settings;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Account;

impl Area for Account {
    const NAME: &'static str = "account";
    const TAG: Option<Tag> = Some(Tag {
        name: "account",
        en: "The signed-in user's own account",
        zh: "当前登录用户自己的账户",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::AccountCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::send_bind_code)
            .service(handlers::bind_phone)
            .service(handlers::update_profile)
            .service(handlers::upload_avatar)
            .service(handlers::set_avatar)
            .service(handlers::remove_avatar)
            .service(handlers::get_appearance)
            .service(handlers::save_appearance)
            .service(handlers::get_basics)
    }
}
