//! Why a word-list use case failed: the one error enum of the crate. The limits in its messages
//! are written out; they are `Phrase::MAX_CHARS`, `model::MAX_NOTE_CHARS`,
//! `format::MAX_ENTRIES` (tests in `model` and `format` hold them together).

use thiserror::Error;

/// Why a word-list use case failed. The first four variants are the rules an entry keeps (each
/// a stable code, [`ModerationError::rule_code`]); an import refuses a line with one of them.
#[derive(Debug, Error)]
pub enum ModerationError {
    /// Nothing is left of the phrase once punctuation, symbols and spaces are left out.
    #[error("a phrase needs at least one letter or digit")]
    EmptyPhrase,
    #[error("a phrase has at most 100 characters")]
    PhraseTooLong,
    #[error("the action is refuse or hold")]
    InvalidAction,
    #[error("a note has at most 200 characters")]
    NoteTooLong,
    #[error("no such entry in the word list")]
    NotFound,
    #[error("the word list has this phrase already")]
    AlreadyListed,
    #[error("the word list holds at most {max} entries")]
    TooManyEntries { max: usize },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ModerationError {
    /// The stable snake_case code of a broken entry rule (an import's refusal of a line says
    /// it); `None` for a failure that is no entry's rule.
    pub fn rule_code(&self) -> Option<&'static str> {
        match self {
            Self::EmptyPhrase => Some("empty_phrase"),
            Self::PhraseTooLong => Some("phrase_too_long"),
            Self::InvalidAction => Some("invalid_action"),
            Self::NoteTooLong => Some("note_too_long"),
            Self::NotFound
            | Self::AlreadyListed
            | Self::TooManyEntries { .. }
            | Self::Unexpected(_) => None,
        }
    }
}

/// Equal when the same rule is broken; an unexpected failure equals nothing.
impl PartialEq for ModerationError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Unexpected(_), _) | (_, Self::Unexpected(_)) => false,
            (Self::TooManyEntries { max: a }, Self::TooManyEntries { max: b }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}
