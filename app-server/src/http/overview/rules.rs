//! The values the admin overview answers with, as OpenAPI enums; the builders are in
//! [`crate::http::rules`].

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
