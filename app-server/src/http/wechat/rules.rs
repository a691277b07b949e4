//! The WeChat admin's values as OpenAPI schemas (the token's state, a menu button's type, from
//! `wechat::menu`); the menu's own shape is in `dto.rs`. The builders are in
//! [`crate::http::rules`].

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
