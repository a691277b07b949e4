//! The WeChat admin's values as OpenAPI schemas (the token's state, a menu button's type, from
//! `wechat::menu`); the menu's own shape is in `dto.rs`. The builders are in
//! [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::{one_of, string};
use utoipa::openapi::schema::Schema;

/// Where the shared WeChat access token stands (`wechat`'s token lease).
pub fn wechat_token_state() -> Schema {
    one_of(
        ["missing", "fresh", "expiring", "expired"],
        "`missing`, `fresh`, `expiring` or `expired`.",
    )
}

/// The action types this console edits; WeChat knows more, which validation reports.
pub fn menu_action_type() -> Schema {
    string()
        .enum_values(Some(wechat::menu::SUPPORTED_TYPES))
        .description(Some(
            "Absent on a parent of `sub_button`s; `click` needs `key`, `view` needs `url`, `miniprogram` needs `appid`, `pagepath` and `url`.",
        ))
        .build()
        .into()
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "MenuButtonType",
        &["click", "view", "miniprogram"],
        "微信菜单按钮的类型",
        "The kind of a WeChat menu button",
    ),
    named(
        "WechatTokenState",
        &["missing", "fresh", "expiring", "expired"],
        "服务器持有的微信 access_token 的状态",
        "The state of the WeChat access token the server holds",
    ),
];
