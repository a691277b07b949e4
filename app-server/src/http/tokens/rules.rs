//! Personal access tokens' rules as OpenAPI schemas (name, scopes, expiry, state), built from
//! the `tokens` domain's own constants; the builders are in [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::{nullable, one_of, string};
use serde_json::{Value, json};
use tokens::model::{Access, Area, Expiry, MAX_NAME_CHARS, Scope, TokenState};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};

/// `TokensService::create`: the name, trimmed, 1–50 characters.
pub fn token_name() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(MAX_NAME_CHARS))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "1–{MAX_NAME_CHARS} characters, not only spaces (trimmed)."
        )))
        .examples([json!("CI deploy")])
        .build()
        .into()
}

fn scope_names() -> Schema {
    string()
        .enum_values(Some(Scope::all().map(Scope::as_str)))
        .build()
        .into()
}

/// `Scopes::parse`: at least one known scope (repeats are dropped).
pub fn token_scopes() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(scope_names()))
        .min_items(Some(1))
        .description(Some(
            "At least one of `GET /api/tokens/scopes` (administrators alone may give `admin:…`).",
        ))
        .examples([json!(["account:read", "ai:write"])])
        .build()
        .into()
}

/// `Expiry::from_days`.
pub fn token_expiry() -> Schema {
    let days = Expiry::DAYS.map(|d| json!(d));
    ObjectBuilder::new()
        .schema_type(nullable(Type::Integer))
        .enum_values(Some(days.into_iter().chain([Value::Null])))
        .description(Some(format!(
            "Days until it expires: one of {:?}; `null` or left out: it never expires.",
            Expiry::DAYS
        )))
        .examples([json!(30)])
        .build()
        .into()
}

/// The scopes of a listed token.
pub fn listed_scopes() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(scope_names()))
        .examples([json!(["account:read", "ai:write"])])
        .build()
        .into()
}

/// One scope, `area:access`.
pub fn scope() -> Schema {
    string()
        .enum_values(Some(Scope::all().map(Scope::as_str)))
        .examples([json!("account:read")])
        .build()
        .into()
}

pub fn scope_area() -> Schema {
    one_of(Area::ALL.map(Area::as_str), "The area of the API.")
}

pub fn scope_access() -> Schema {
    one_of(
        [Access::Read, Access::Write].map(Access::as_str),
        "`write` includes `read`.",
    )
}

pub fn token_state() -> Schema {
    let name = |s: TokenState| match s {
        TokenState::Active => "active",
        TokenState::Expired => "expired",
        TokenState::Revoked => "revoked",
    };
    one_of(
        [TokenState::Active, TokenState::Expired, TokenState::Revoked].map(name),
        "Where the token stands now.",
    )
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "Scope",
        &[
            "account:read",
            "account:write",
            "ai:read",
            "ai:write",
            "groups:read",
            "groups:write",
            "plaza:read",
            "plaza:write",
            "notifications:read",
            "notifications:write",
            "admin:read",
            "admin:write",
        ],
        "个人访问令牌的权限范围（`领域:权限`）",
        "A personal access token's scope (`area:access`)",
    ),
    named(
        "ScopeArea",
        &["account", "ai", "groups", "plaza", "notifications", "admin"],
        "权限范围所属的领域",
        "The area of a scope",
    ),
    named(
        "ScopeAccess",
        &["read", "write"],
        "权限范围的权限：读或写",
        "The access of a scope: read or write",
    ),
    named(
        "TokenState",
        &["active", "expired", "revoked"],
        "个人访问令牌的状态",
        "A personal access token's state",
    ),
];
