//! The values the admin overview answers with, as OpenAPI enums; the builders are in
//! [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::one_of;
use utoipa::openapi::schema::Schema;

/// `postgres` or `sqlite`.
pub fn database_kind() -> Schema {
    use system::DatabaseKind;
    one_of(
        [DatabaseKind::Postgres, DatabaseKind::Sqlite].map(DatabaseKind::as_str),
        "The database in use.",
    )
}

/// The SMS senders `adapter-sms` has (`log`: development, codes in the server log).
pub fn sms_provider() -> Schema {
    one_of(
        ["aliyun", "log", "none"],
        "`aliyun`, `log` (development: codes in the server log) or `none`.",
    )
}

/// The media stores `adapter-media` has.
pub fn media_store_kind() -> Schema {
    one_of(["filesystem", "s3"], "`filesystem` or `s3`.")
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "DatabaseKind",
        &["postgres", "sqlite"],
        "服务器使用的数据库",
        "The database the server uses",
    ),
    named(
        "MediaStoreKind",
        &["filesystem", "s3"],
        "图片存储的位置",
        "Where images are stored",
    ),
    named(
        "SmsProviderKind",
        &["aliyun", "log", "none"],
        "短信的发送方式",
        "How text messages are sent",
    ),
];
