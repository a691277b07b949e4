//! The reports' bodies.

use super::rules;
use crate::http::dto::PersonDto;
use chrono::{DateTime, Utc};
use reports::Case;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewReportBody {
    #[schema(schema_with = rules::subject_kind)]
    pub kind: String,
    /// The id of what is reported (a post's, a person's …).
    pub id: uuid::Uuid,
    #[schema(schema_with = rules::reason)]
    pub reason: String,
    /// What is wrong, at most 500 characters; needed with `other`.
    #[serde(default)]
    #[schema(max_length = 500, nullable = true)]
    pub note: Option<String>,
}

/// Closing a case.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CloseCaseBody {
    #[schema(schema_with = rules::action)]
    pub action: String,
    /// Why, at most 500 characters: the author is told it with a deletion.
    #[serde(default)]
    #[schema(max_length = 500, nullable = true)]
    pub note: Option<String>,
}

/// Which cases of a queue.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CaseState {
    #[default]
    Open,
    Closed,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CasesQuery {
    /// `open` (the default) or `closed`.
    #[param(inline)]
    pub state: Option<CaseState>,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Cases per page, 1–50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// What a case is about.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseSubjectDto {
    #[schema(schema_with = rules::subject_kind)]
    pub kind: String,
    pub id: uuid::Uuid,
}

/// How many reports gave one reason.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseReasonDto {
    #[schema(schema_with = rules::reason)]
    pub reason: String,
    pub count: u32,
}

/// How a case was closed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseClosedDto {
    #[schema(schema_with = rules::action)]
    pub action: String,
    pub by_id: uuid::Uuid,
    pub at: DateTime<Utc>,
    #[schema(required = true)]
    pub note: Option<String>,
}

/// A case: every report of one item while it was open. Who reported is not shown.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseDto {
    pub id: uuid::Uuid,
    pub subject: CaseSubjectDto,
    /// Who wrote it; a group's owner; the person reported.
    pub author: PersonDto,
    /// The group whose managers handle it.
    #[schema(required = true)]
    pub group_id: Option<uuid::Uuid>,
    /// A reply's article, a comment's post.
    #[schema(required = true)]
    pub parent_id: Option<uuid::Uuid>,
    /// Its text when it was first reported (a group's name, a person's nickname).
    pub excerpt: String,
    /// How many people reported it.
    pub reports: u32,
    /// Each reason given and how often, most given first.
    pub reasons: Vec<CaseReasonDto>,
    pub opened_at: DateTime<Utc>,
    pub last_reported_at: DateTime<Utc>,
    /// `null` while it is open.
    #[schema(required = true)]
    pub closed: Option<CaseClosedDto>,
    /// The operator's listed words that held the item for review, as found in its text: a case
    /// the word list opened (`reports` is 0 until someone reports it too). `null` for a case of
    /// reports alone. Dismissing it shows the item; hiding keeps it for its author only.
    #[schema(required = true)]
    pub held_words: Option<Vec<String>>,
}

impl From<&Case> for CaseDto {
    fn from(c: &Case) -> Self {
        Self {
            id: c.id.0,
            subject: CaseSubjectDto {
                kind: c.subject.kind.as_str().to_owned(),
                id: c.subject.id,
            },
            author: PersonDto::from(&c.author),
            group_id: c.group.map(|g| g.0),
            parent_id: c.parent,
            excerpt: c.excerpt.clone(),
            reports: c.reports,
            reasons: c
                .reasons
                .iter()
                .map(|(reason, count)| CaseReasonDto {
                    reason: reason.as_str().to_owned(),
                    count: *count,
                })
                .collect(),
            opened_at: c.opened_at,
            last_reported_at: c.last_reported_at,
            closed: c.closed.as_ref().map(|closed| CaseClosedDto {
                action: closed.action.as_str().to_owned(),
                by_id: closed.by.0,
                at: closed.at,
                note: closed.note.clone(),
            }),
            held_words: c.held_words.clone(),
        }
    }
}

/// A page of a queue, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CasesResponse {
    pub success: bool,
    pub cases: Vec<CaseDto>,
    /// Pass as `cursor` for the next page; `null` on the last.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// One case.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseResponse {
    pub success: bool,
    pub case: CaseDto,
}
