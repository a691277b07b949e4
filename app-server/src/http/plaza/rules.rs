//! The plaza's input rules as OpenAPI schemas (a post's text, images and place, a comment),
//! built from `plaza::model`'s own constants; the builders are in [`crate::http::rules`].

use crate::http::rules::{nullable, string};
use serde_json::json;
use utoipa::openapi::schema::{ArrayBuilder, Schema, Type};
use utoipa::openapi::{KnownFormat, RefOr, SchemaFormat};

/// The shared rules this area's bodies use too.
pub use crate::http::rules::district_code;

/// A plaza post's text (`plaza::model::parse_post_body`).
pub fn post_body() -> Schema {
    string()
        .max_length(Some(plaza::model::MAX_POST_CHARS))
        .description(Some(format!(
            "At most {} characters after trimming; may be empty only when the post has images.",
            plaza::model::MAX_POST_CHARS
        )))
        .examples([json!("成都今天出太阳了 ☀️")])
        .build()
        .into()
}

/// The images of a post, in order (`plaza::model::MAX_POST_IMAGES`).
pub fn post_image_ids() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(
            string()
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid)))
                .build()
                .into(),
        ))
        .max_items(Some(plaza::model::MAX_POST_IMAGES))
        .unique_items(true)
        .description(Some(format!(
            "Ids of images uploaded with `POST /api/plaza/images` by the author and not yet in a post, at most {}, in the order to show them.",
            plaza::model::MAX_POST_IMAGES
        )))
        .build()
        .into()
}

/// A comment's text (`plaza::model::parse_comment_body`).
pub fn comment_body() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(plaza::model::MAX_COMMENT_CHARS))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "1–{} characters after trimming.",
            plaza::model::MAX_COMMENT_CHARS
        )))
        .examples([json!("好天气！")])
        .build()
        .into()
}

/// A district a post may be tagged with: a code, or `null` (or left out) for none.
pub fn district_code_or_none() -> Schema {
    string()
        .schema_type(nullable(Type::String))
        .pattern(Some("^[0-9]{6}$"))
        .description(Some(
            "A GB/T 2260 code (six digits), or `null` or left out for a post without a place.",
        ))
        .examples([json!("510000")])
        .build()
        .into()
}
