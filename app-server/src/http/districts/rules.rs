//! Administrative divisions' input rules as OpenAPI schemas (names, coordinates, tile
//! positions, an import's refusals), built from the `districts` domain's own constants; the
//! builders and the district code (the plaza's too) are in [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::{one_of, string};
use serde_json::json;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{KnownFormat, SchemaFormat};

/// The shared rules this area's bodies use too.
pub use crate::http::rules::district_code;

/// A district's level (its code's shape gives it).
pub fn district_level() -> Schema {
    one_of(
        districts::Level::ALL.map(districts::Level::as_str),
        "`province` (`xx0000`), `city` (`xxxx00`) or `county`.",
    )
}

fn district_name(max: usize, example: &str) -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(max))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "1–{max} characters after trimming, no control characters."
        )))
        .examples([json!(example)])
        .build()
        .into()
}

/// `District::new`: a Chinese name.
pub fn district_name_zh() -> Schema {
    district_name(districts::District::MAX_NAME_ZH, "成都市")
}

/// `District::new`: an English name.
pub fn district_name_en() -> Schema {
    district_name(districts::District::MAX_NAME_EN, "Chengdu")
}

fn degrees(max: f64, description: &str, example: f64) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
        .minimum(Some(-max))
        .maximum(Some(max))
        .description(Some(description))
        .examples([json!(example)])
        .build()
        .into()
}

/// The seat's latitude, degrees (WGS 84).
pub fn latitude() -> Schema {
    degrees(
        90.0,
        "The seat's latitude, -90 to 90 (degrees, WGS 84).",
        30.5728,
    )
}

/// The seat's longitude, degrees (WGS 84).
pub fn longitude() -> Schema {
    degrees(
        180.0,
        "The seat's longitude, -180 to 180 (degrees, WGS 84).",
        104.0668,
    )
}

/// A tile-map column or row (`TilePosition::SIZE`).
pub fn district_tile_index() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(0))
        .maximum(Some(districts::TilePosition::SIZE - 1))
        .description(Some(format!(
            "0–{}: columns west → east, rows north → south.",
            districts::TilePosition::SIZE - 1
        )))
        .build()
        .into()
}

/// Why an import refused a line (`districts::import::Refusal::code`).
pub fn district_refusal() -> Schema {
    one_of(
        [
            "invalid_code",
            "invalid_name_zh",
            "invalid_name_en",
            "invalid_coordinates",
            "invalid_tile",
            "missing_parent",
            "duplicate_code",
            "not_a_number",
        ],
        "Why the line was refused.",
    )
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "DistrictLevel",
        &["province", "city", "county"],
        "行政区的级别",
        "A district's level",
    ),
    named(
        "DistrictImportRefusal",
        &[
            "invalid_code",
            "invalid_name_zh",
            "invalid_name_en",
            "invalid_coordinates",
            "invalid_tile",
            "missing_parent",
            "duplicate_code",
            "not_a_number",
        ],
        "导入文件中某一行被拒绝的原因",
        "Why a line of an import file was refused",
    ),
    named(
        "ExportFormat",
        &["csv", "json"],
        "导出文件的格式",
        "The format of an export",
    ),
];
