//! The domain's input rules as OpenAPI schemas, so the document states every rule the server
//! enforces and a client built from it sends only what is accepted (issue 11).
//!
//! A request field the domain parses takes its schema from its area's `rules.rs`
//! (`http/auth/rules.rs`: `#[schema(schema_with = rules::username)]`), and each schema is built
//! from the domain's own constants (`Username::MAX_CHARS`, `Expiry::DAYS`, `Scope::all()`, …): a
//! rule changed in the domain changes the document with it. Where a schema says more than a
//! constant can (a pattern), tests beside it prove that every value the schema allows, the domain
//! accepts. Enumerations the server answers with (a role, a token's state) are there too, so the
//! frontend's generated types name the values instead of `string`.
//!
//! This module holds the builders every area's rules use ([`string`], [`nullable`], [`one_of`],
//! [`optional_range`]) and the rules of the bodies several areas share (`http/dto.rs`: a phone
//! number with its code, a user's role, an audit event; the district code a plaza post and a
//! district both carry). It imports no area.
//!
//! `schema_with` replaces the field's whole schema: its description and example are given here,
//! not by the field's doc comment.

use accounts::model::{PhoneRegion, Username, VerificationCode};
use kernel::Role;
use serde_json::json;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{KnownFormat, SchemaFormat};

/// A mainland mobile number, national digits.
const CN_NATIONAL: &str = "1[3-9][0-9]{9}";
/// A NANP number, national digits (`NXX NXX XXXX`, N is 2–9).
const NANP_NATIONAL: &str = "[2-9][0-9]{2}[2-9][0-9]{6}";

/// A string.
pub fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

/// `ty` or `null`.
pub fn nullable(ty: Type) -> SchemaType {
    SchemaType::Array(vec![ty, Type::Null])
}

/// A string that is one of `values`.
pub fn one_of<I: IntoIterator<Item = &'static str>>(values: I, description: &str) -> Schema {
    string()
        .enum_values(Some(values))
        .description(Some(description))
        .build()
        .into()
}

/// `Username::parse`: 3–32 of `a-z0-9_-` after trimming and folding upper case to lower case.
pub fn username_pattern() -> String {
    format!(
        "^[A-Za-z0-9_-]{{{},{}}}$",
        Username::MIN_CHARS,
        Username::MAX_CHARS
    )
}

/// A bound number's calling code, as answered.
pub fn calling_code() -> Schema {
    one_of(
        PhoneRegion::ALL.map(PhoneRegion::prefix),
        "The calling code without `+`.",
    )
}

/// `PhoneRegion::parse`: the calling codes served.
pub fn phone_prefix() -> Schema {
    string()
        .enum_values(Some(PhoneRegion::ALL.map(PhoneRegion::prefix)))
        .description(Some(
            "The calling code without `+` (a leading `+` is accepted too).",
        ))
        .examples([json!("86")])
        .build()
        .into()
}

fn phone_number_pattern() -> String {
    format!("^(?:(?:86)?{CN_NATIONAL}|1?{NANP_NATIONAL})$")
}

/// `PhoneNumber::parse`, per region; the pattern allows either region's format.
pub fn phone_number() -> Schema {
    string()
        .pattern(Some(phone_number_pattern()))
        .description(Some(
            "The digits: for `86` a mainland mobile number, 11 digits `1[3-9]…`; for `1` a NANP number, 10 digits `NXX NXX XXXX` (N is 2–9). Spaces, `-`, `.`, `(` and `)` are also accepted, and so is the calling code repeated in front.",
        ))
        .examples([json!("13800138000")])
        .build()
        .into()
}

/// `VerificationCode::parse`.
pub fn verification_code() -> Schema {
    string()
        .min_length(Some(VerificationCode::LEN))
        .max_length(Some(VerificationCode::LEN))
        .pattern(Some(format!("^[0-9]{{{}}}$", VerificationCode::LEN)))
        .description(Some(format!(
            "The {} digits from the SMS.",
            VerificationCode::LEN
        )))
        .examples([json!("123456")])
        .build()
        .into()
}

/// `kernel::AuditAction`: every name of the audit log's registry.
pub fn audit_action() -> Schema {
    one_of(
        kernel::AuditAction::ALL.iter().map(|a| a.as_str()),
        "A name of the audit log's registry (kernel::audit::AuditAction).",
    )
}

pub fn role() -> Schema {
    one_of(
        [Role::User, Role::Admin].map(Role::as_str),
        "`user` or `admin`.",
    )
}

/// An optional number within `min..=max`; the default applies when it is left out or null.
pub fn optional_range(
    ty: Type,
    format: KnownFormat,
    min: f64,
    max: f64,
    default: String,
) -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(ty))
        .format(Some(SchemaFormat::KnownFormat(format)))
        .minimum(Some(min))
        .maximum(Some(max))
        .description(Some(format!("{min}–{max}, default {default}.")))
        .build()
        .into()
}

// ---- groups (issue 12) ----

/// A GB/T 2260 district code: six digits.
pub fn district_code() -> Schema {
    string()
        .pattern(Some("^[0-9]{6}$"))
        .description(Some(
            "A GB/T 2260 code: six digits (`510000` a province, `510100` a city, `510104` a county).",
        ))
        .examples([json!("510000")])
        .build()
        .into()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use accounts::model::PhoneNumber;
    use proptest::prelude::*;

    /// The pattern without its anchors, for proptest's generator (which anchors itself).
    fn unanchored(pattern: &str) -> String {
        pattern
            .trim_start_matches('^')
            .trim_end_matches('$')
            .to_owned()
    }

    proptest! {
        #[test]
        fn every_username_the_document_allows_parses(
            name in proptest::string::string_regex(&unanchored(&username_pattern())).unwrap()
        ) {
            prop_assert!(Username::parse(&name).is_ok(), "{name:?}");
        }

        #[test]
        fn every_mainland_number_the_document_allows_parses(
            number in proptest::string::string_regex(&format!("(86)?{CN_NATIONAL}")).unwrap()
        ) {
            prop_assert!(PhoneNumber::parse("86", &number).is_ok(), "{number:?}");
        }

        #[test]
        fn every_nanp_number_the_document_allows_parses(
            number in proptest::string::string_regex(&format!("1?{NANP_NATIONAL}")).unwrap()
        ) {
            prop_assert!(PhoneNumber::parse("1", &number).is_ok(), "{number:?}");
        }

        #[test]
        fn every_code_the_document_allows_parses(code in "[0-9]{6}") {
            prop_assert!(VerificationCode::parse(&code).is_ok());
        }
    }

    #[test]
    fn the_phone_pattern_is_both_regions_and_nothing_else() {
        assert_eq!(
            phone_number_pattern(),
            format!("^(?:(?:86)?{CN_NATIONAL}|1?{NANP_NATIONAL})$")
        );
        for region in PhoneRegion::ALL {
            assert!(PhoneRegion::parse(region.prefix()).is_ok());
        }
    }
}
