//! The word list's input rules as OpenAPI schemas, built from the `moderation` domain's own
//! constants.

use crate::http::area::{NamedEnum, named};
use crate::http::rules::{nullable, one_of, string};
use moderation::Phrase;
use moderation::model::MAX_NOTE_CHARS;
use serde_json::json;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// What a listed word does to a text that holds it.
pub fn word_action() -> Schema {
    one_of(
        ["refuse", "hold"],
        "`refuse`: the write is refused (422 `words_refused`); `hold`: a post, comment, article or reply is stored for its author only, under review, with a case in the site's queue; a name or a bio is refused (docs/moderation.md, \"Hold and hide\").",
    )
}

/// `Phrase::parse`: a phrase as listed.
pub fn word_phrase() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(Phrase::MAX_CHARS))
        .pattern(Some(r"[\p{L}\p{N}]"))
        .description(Some(format!(
            "1–{} characters after trimming, at least one letter or digit (punctuation, symbols and spaces are not compared).",
            Phrase::MAX_CHARS
        )))
        .examples([json!("法轮")])
        .build()
        .into()
}

/// `parse_note`: why an entry is listed.
pub fn word_note() -> Schema {
    // `null` is taken as none, as left out is.
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(MAX_NOTE_CHARS))
        .description(Some(format!(
            "Why it is listed, for the administrators: at most {MAX_NOTE_CHARS} characters; blank for none."
        )))
        .build()
        .into()
}

/// Why an import refused a line (`moderation::import::Refusal::code`).
pub fn word_refusal() -> Schema {
    one_of(REFUSALS, "Why the line was refused.")
}

const REFUSALS: [&str; 5] = [
    "empty_phrase",
    "phrase_too_long",
    "invalid_action",
    "note_too_long",
    "duplicate_phrase",
];

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "WordAction",
        &["refuse", "hold"],
        "敏感词的处理方式",
        "What a listed word does",
    ),
    named(
        "WordImportRefusal",
        &REFUSALS,
        "敏感词导入文件中某一行被拒绝的原因",
        "Why a line of a word-list file was refused",
    ),
    named(
        "WordListFormat",
        &["csv", "txt"],
        "敏感词表文件的格式",
        "The format of a word-list file",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use moderation::ModerationError;
    use moderation::import::Refusal;

    #[test]
    fn the_refusals_are_the_domains_codes() {
        let domain = [
            Refusal::Invalid(ModerationError::EmptyPhrase).code(),
            Refusal::Invalid(ModerationError::PhraseTooLong).code(),
            Refusal::Invalid(ModerationError::InvalidAction).code(),
            Refusal::Invalid(ModerationError::NoteTooLong).code(),
            Refusal::Duplicate { first_line: 1 }.code(),
        ];
        assert_eq!(domain, REFUSALS);
    }
}
