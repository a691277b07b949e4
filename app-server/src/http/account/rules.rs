//! The account area's input rules as OpenAPI schemas (the profile's fields), built from
//! `accounts`' own constants; the builders and shared rules are in [`crate::http::rules`].

use crate::http::rules::{nullable, username_pattern};
use accounts::model::{Bio, Nickname, Username};
use serde_json::json;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// The shared rules this area's bodies use too.
pub use crate::http::rules::role;

/// A new nickname for `PATCH /api/account/profile`; `null` or left out keeps it.
pub fn optional_profile_nickname() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .min_length(Some(1))
        .max_length(Some(Nickname::MAX_CHARS))
        .pattern(Some(
            r"^[^\u0000-\u001F\u007F-\u009F]*[^\s\u0000-\u001F\u007F-\u009F][^\u0000-\u001F\u007F-\u009F]*$",
        ))
        .description(Some(format!(
            "1–{} characters without control characters; `null` or left out: unchanged.",
            Nickname::MAX_CHARS
        )))
        .examples([json!("小明")])
        .build()
        .into()
}

/// A new username for `PATCH /api/account/profile`; `null` or left out keeps it.
pub fn optional_username() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .min_length(Some(Username::MIN_CHARS))
        .max_length(Some(Username::MAX_CHARS))
        .pattern(Some(username_pattern()))
        .description(Some(format!(
            "{}–{} of `a-z`, `0-9`, `_` and `-` (upper case folded), not a reserved name; `null` or left out: unchanged.",
            Username::MIN_CHARS,
            Username::MAX_CHARS
        )))
        .examples([json!("xiaoming")])
        .build()
        .into()
}

/// `Bio::parse`: at most 280 characters, line breaks but no other control characters.
pub fn optional_bio() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(Bio::MAX_CHARS))
        .pattern(Some(
            r"^[^\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]*$",
        ))
        .description(Some(format!(
            "At most {} characters; blank clears it; `null` or left out: unchanged.",
            Bio::MAX_CHARS
        )))
        .examples([json!("喜欢爬山和摄影")])
        .build()
        .into()
}
