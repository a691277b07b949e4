//! Search's queries and answers.

use super::rules;
use crate::http::dto::PersonDto;
use chrono::{DateTime, Utc};
use search::model::{Named, Place};
use search::{Hit, Segment, Since};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// How far back a search looks.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SearchSince {
    Day,
    Week,
    Month,
    Year,
}

impl From<SearchSince> for Since {
    fn from(s: SearchSince) -> Self {
        match s {
            SearchSince::Day => Since::Day,
            SearchSince::Week => Since::Week,
            SearchSince::Month => Since::Month,
            SearchSince::Year => Since::Year,
        }
    }
}

/// A search of groups or people.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    #[param(schema_with = rules::query)]
    pub q: String,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Results per page, 1–50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// A search of plaza posts.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PostSearchQuery {
    #[param(schema_with = rules::query)]
    pub q: String,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Results per page, 1–50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
    /// Only posts written in the last day, week, month or year.
    #[param(inline)]
    pub since: Option<SearchSince>,
    /// Only posts tagged with this district or one within it (a province takes its cities
    /// and counties), as the feed's filter.
    #[param(schema_with = crate::http::rules::district_code)]
    pub district: Option<String>,
}

/// A search of articles or replies.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContentSearchQuery {
    #[param(schema_with = rules::query)]
    pub q: String,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Results per page, 1–50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
    /// Only what was written (an article: published) in the last day, week, month or year.
    #[param(inline)]
    pub since: Option<SearchSince>,
    /// Only one group's.
    pub group: Option<uuid::Uuid>,
}

/// A stretch of shown text; `hit` when the query matched it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchSegmentDto {
    pub text: String,
    pub hit: bool,
}

impl From<&Segment> for SearchSegmentDto {
    fn from(s: &Segment) -> Self {
        Self {
            text: s.text.clone(),
            hit: s.hit,
        }
    }
}

/// A group or an article a result belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchNamedDto {
    pub id: uuid::Uuid,
    pub name: String,
}

impl From<&Named> for SearchNamedDto {
    fn from(n: &Named) -> Self {
        Self {
            id: n.id,
            name: n.name.clone(),
        }
    }
}

/// A post's district.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchPlaceDto {
    #[schema(example = "510000")]
    pub code: String,
    #[schema(example = "四川省")]
    pub name_zh: String,
    #[schema(example = "Sichuan")]
    pub name_en: String,
}

impl From<&Place> for SearchPlaceDto {
    fn from(p: &Place) -> Self {
        Self {
            code: p.code.clone(),
            name_zh: p.name_zh.clone(),
            name_en: p.name_en.clone(),
        }
    }
}

/// One result.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchHitDto {
    pub id: uuid::Uuid,
    /// When it was written (an article: published; a group: created; a person: joined).
    pub created_at: DateTime<Utc>,
    /// The author of a post, article or reply; a group's owner; the person found.
    pub author: PersonDto,
    /// An article's title, a group's name, a person's nickname, with the matched words
    /// marked; `null` for posts and replies.
    #[schema(required = true)]
    pub title: Option<Vec<SearchSegmentDto>>,
    /// At most 160 characters of the text (an article or a reply as plain text, a group's
    /// description, a person's bio) around the first match, cut ends marked with `…`.
    pub excerpt: Vec<SearchSegmentDto>,
    /// The group of an article or a reply.
    #[schema(required = true)]
    pub group: Option<SearchNamedDto>,
    /// The article a reply answers (its `name` is the title).
    #[schema(required = true)]
    pub article: Option<SearchNamedDto>,
    /// A post's district.
    #[schema(required = true)]
    pub district: Option<SearchPlaceDto>,
}

impl SearchHitDto {
    pub fn of(hit: &Hit) -> Self {
        let segments = |s: &[Segment]| s.iter().map(SearchSegmentDto::from).collect();
        Self {
            id: hit.id,
            created_at: hit.created_at,
            author: PersonDto::from(&hit.author),
            title: hit.title.as_deref().map(segments),
            excerpt: segments(&hit.excerpt),
            group: hit.group.as_ref().map(SearchNamedDto::from),
            article: hit.article.as_ref().map(SearchNamedDto::from),
            district: hit.district.as_ref().map(SearchPlaceDto::from),
        }
    }
}

/// A page of results, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResponse {
    pub success: bool,
    pub hits: Vec<SearchHitDto>,
    /// Pass as `cursor` for the next (older) page; `null` on the last.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}
