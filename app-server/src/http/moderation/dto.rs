//! Request and response bodies of the word list.

use super::messages::word_refusal;
use super::rules;
use crate::i18n::Lang;
use chrono::{DateTime, Utc};
use kernel::WordHit;
use moderation::WordEntry;
use moderation::import::ImportPlan;
use moderation::model::action_name;
use moderation::service::{ImportOutcome, WordPage};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// One entry of the word list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WordDto {
    /// As listed.
    #[schema(example = "法轮")]
    pub phrase: String,
    /// Its folded form (NFKC, lower case, letters and digits only): what names the entry and
    /// what is looked for. Pass it to remove the entry.
    #[schema(example = "法轮")]
    pub key: String,
    #[schema(schema_with = rules::word_action)]
    pub action: &'static str,
    /// Why it is listed (`null`: no note).
    #[schema(required = true)]
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<&WordEntry> for WordDto {
    fn from(e: &WordEntry) -> Self {
        Self {
            phrase: e.phrase.as_str().to_owned(),
            key: e.phrase.key().to_owned(),
            action: action_name(e.action),
            note: e.note.clone(),
            created_at: e.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WordsResponse {
    pub success: bool,
    pub words: Vec<WordDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    /// How many entries the whole list holds.
    pub total: u64,
}

impl WordsResponse {
    pub fn new(page: WordPage, total: u64) -> Self {
        Self {
            success: true,
            words: page.items.iter().map(WordDto::from).collect(),
            next_cursor: page.next,
            total,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WordResponse {
    pub success: bool,
    pub word: WordDto,
}

/// A page of the list, in key order.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WordsQuery {
    /// Only entries whose folded form contains this, folded the same way (`ＦＯＯ` finds
    /// `foo`); blank for all.
    #[param(max_length = 100, example = "法")]
    pub q: Option<String>,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 400)]
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// A phrase to list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewWordBody {
    #[schema(schema_with = rules::word_phrase)]
    pub phrase: String,
    #[schema(schema_with = rules::word_action)]
    pub action: String,
    /// Why it is listed; left out or blank for none.
    #[serde(default)]
    #[schema(schema_with = rules::word_note)]
    pub note: Option<String>,
}

/// A text to check against the list as this instance holds it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WordCheckBody {
    /// At most 20000 characters.
    #[schema(max_length = 20000, example = "这是法.轮的例子")]
    pub text: String,
}

/// A listed word found in a text.
#[derive(Debug, Serialize, ToSchema)]
pub struct WordHitDto {
    /// The entry as listed.
    pub phrase: String,
    /// The text as written where it was found.
    pub found: String,
    #[schema(schema_with = rules::word_action)]
    pub action: &'static str,
}

impl From<&WordHit> for WordHitDto {
    fn from(h: &WordHit) -> Self {
        Self {
            phrase: h.phrase.clone(),
            found: h.found.clone(),
            action: action_name(h.action),
        }
    }
}

/// What the list finds in a text.
#[derive(Debug, Serialize, ToSchema)]
pub struct WordCheckResponse {
    pub success: bool,
    /// The version of the list this instance checked with (`null`: not loaded yet, every
    /// text passes).
    #[schema(required = true)]
    pub version: Option<u64>,
    /// Every listed word found, in the order of the text, each once.
    pub hits: Vec<WordHitDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WordImportQuery {
    /// `true` (the default): only plan. `false`: apply when no line is refused (all or
    /// nothing).
    pub dry_run: Option<bool>,
}

/// What a word-list file is written as.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum WordListFormat {
    Csv,
    Txt,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WordExportQuery {
    /// `csv` or `txt`.
    #[param(inline)]
    pub format: WordListFormat,
}

/// A line an import adds.
#[derive(Debug, Serialize, ToSchema)]
pub struct WordAddedLineDto {
    /// Its line in the uploaded file.
    pub line: u64,
    pub word: WordDto,
}

/// A line an import changes: the entry as it is and as it would be.
#[derive(Debug, Serialize, ToSchema)]
pub struct WordChangedLineDto {
    pub line: u64,
    pub before: WordDto,
    pub after: WordDto,
}

/// A line an import refuses, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct WordRefusedLineDto {
    pub line: u64,
    /// The phrase as written on the line.
    #[schema(example = "…!")]
    pub phrase: String,
    /// Stable code: `empty_phrase`, `phrase_too_long`, `invalid_action`, `note_too_long`,
    /// `duplicate_phrase`.
    #[schema(schema_with = rules::word_refusal)]
    pub reason: &'static str,
    /// What to fix, in the request's language.
    pub message: String,
}

/// The plan of a word-list import, and whether it was applied.
#[derive(Debug, Serialize, ToSchema)]
pub struct WordImportPlanResponse {
    pub success: bool,
    /// Whether it was written (never for a dry run).
    pub applied: bool,
    pub added: Vec<WordAddedLineDto>,
    pub changed: Vec<WordChangedLineDto>,
    /// Lines identical to what is listed.
    pub unchanged: u64,
    /// Refused lines in file order; only a plan without any may be applied.
    pub refused: Vec<WordRefusedLineDto>,
}

fn line(n: usize) -> u64 {
    n as u64
}

impl WordImportPlanResponse {
    pub fn new(plan: &ImportPlan, applied: bool, lang: Lang) -> Self {
        Self {
            success: true,
            applied,
            added: plan
                .added
                .iter()
                .map(|(l, e)| WordAddedLineDto {
                    line: line(*l),
                    word: e.into(),
                })
                .collect(),
            changed: plan
                .changed
                .iter()
                .map(|(l, before, after)| WordChangedLineDto {
                    line: line(*l),
                    before: before.into(),
                    after: after.into(),
                })
                .collect(),
            unchanged: plan.unchanged as u64,
            refused: plan
                .refused
                .iter()
                .map(|(l, phrase, why)| WordRefusedLineDto {
                    line: line(*l),
                    phrase: phrase.clone(),
                    reason: why.code(),
                    message: word_refusal(why, lang),
                })
                .collect(),
        }
    }

    pub fn of(outcome: &ImportOutcome, lang: Lang) -> Self {
        Self::new(&outcome.plan, outcome.applied, lang)
    }
}
