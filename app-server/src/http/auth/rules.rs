//! The sign-in area's input rules as OpenAPI schemas (registration, login, password change),
//! built from `accounts`' own constants; the builders and the rules several areas share are
//! in [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::{nullable, string, username_pattern};
use accounts::model::{Nickname, Password, Username};
use serde_json::json;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// The shared rules this area's bodies use too.
pub use crate::http::rules::verification_code;

pub fn username() -> Schema {
    string()
        .min_length(Some(Username::MIN_CHARS))
        .max_length(Some(Username::MAX_CHARS))
        .pattern(Some(username_pattern()))
        .description(Some(format!(
            "{}–{} of `a-z`, `0-9`, `_` and `-`; upper case is folded to lower case.",
            Username::MIN_CHARS,
            Username::MAX_CHARS
        )))
        .examples([json!("xiaoming")])
        .build()
        .into()
}

/// A password being chosen: `Password::parse_new`.
pub fn new_password() -> Schema {
    string()
        .min_length(Some(Password::MIN_CHARS))
        .max_length(Some(Password::MAX_CHARS))
        .description(Some(format!(
            "{}–{} characters (not bytes), and not one of the 10,000 most common passwords.",
            Password::MIN_CHARS,
            Password::MAX_CHARS
        )))
        .examples([json!("correct horse battery")])
        .build()
        .into()
}

/// A password as typed to prove who one is: `Password::for_login` caps it in bytes; a UTF-8
/// character is at most 4 bytes, so this many characters always fit.
pub fn current_password() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(Password::LOGIN_MAX_BYTES / 4))
        .description(Some(format!(
            "The password as it was set; at most {} bytes.",
            Password::LOGIN_MAX_BYTES
        )))
        .examples([json!("correct horse battery")])
        .build()
        .into()
}

/// `Nickname::parse`; blank or absent means the username.
pub fn optional_nickname() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(Nickname::MAX_CHARS))
        .pattern(Some(r"^[^\u0000-\u001F\u007F-\u009F]*$"))
        .description(Some(format!(
            "1–{} characters without control characters; blank or left out: the username.",
            Nickname::MAX_CHARS
        )))
        .examples([json!("小明")])
        .build()
        .into()
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[named(
    "PhonePrefix",
    &["86", "1"],
    "手机号的国家或地区代码",
    "A phone number's country code",
)];

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use proptest::prelude::*;

    proptest! {

        #[test]
        fn every_nickname_the_document_allows_parses(
            nickname in "[^\\x00-\\x1F\\x7F-\\x{9F}]{1,32}"
        ) {
            prop_assume!(!nickname.trim().is_empty());
            prop_assert!(Nickname::parse(&nickname).is_ok(), "{nickname:?}");
        }
    }

    #[test]
    fn the_longest_current_password_allowed_fits_the_login_cap() {
        let longest = "密".repeat(Password::LOGIN_MAX_BYTES / 4);
        assert!(Password::for_login(&longest).is_ok());
        let four_byte = "😀".repeat(Password::LOGIN_MAX_BYTES / 4);
        assert!(Password::for_login(&four_byte).is_ok());
    }
}
