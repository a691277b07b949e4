//! Search's inputs as OpenAPI schemas, from the `search` domain's own constants.

use crate::http::area::{NamedEnum, named};
use crate::http::rules::string;
use search::analysis::MAX_QUERY_CHARS;
use serde_json::json;
use utoipa::openapi::schema::Schema;

/// `Query::parse`: what is searched for.
pub fn query() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(MAX_QUERY_CHARS))
        .pattern(Some(r"[\p{L}\p{N}]"))
        .description(Some(format!(
            "1–{MAX_QUERY_CHARS} characters, at least one letter or digit. Every word must be \
             in what is found: English words in any form (`runs` finds `running`), Chinese \
             as written in either script (`学习` finds `學習`), full-width and case aside."
        )))
        .examples([json!("成都 火锅")])
        .build()
        .into()
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[named(
    "SearchSince",
    &["day", "week", "month", "year"],
    "搜索的时间范围：最近一天、一周、一个月或一年",
    "How far back a search looks: the last day, week, month or year",
)];
