//! A listed phrase and an entry of the list.

use crate::error::ModerationError;
use chrono::{DateTime, Utc};
use kernel::WordAction;
use kernel::fold as normalize;

/// The longest note an entry may carry, in characters.
pub const MAX_NOTE_CHARS: usize = 200;

/// A phrase as the administrator listed it (trimmed) and its folded **key**
/// ([`normalize::key`]): the key names the entry, so `ＦＯＯ` and `foo` are one entry, and is
/// what the matcher looks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phrase {
    listed: String,
    key: String,
}

impl Phrase {
    /// The longest phrase, in characters as listed.
    pub const MAX_CHARS: usize = 100;

    /// # Errors
    /// `PhraseTooLong` past [`Self::MAX_CHARS`]; `EmptyPhrase` when nothing is left once
    /// folded (only punctuation, symbols or spaces).
    pub fn parse(raw: &str) -> Result<Self, ModerationError> {
        let listed = raw.trim();
        if listed.chars().count() > Self::MAX_CHARS {
            return Err(ModerationError::PhraseTooLong);
        }
        let key = normalize::key(listed);
        if key.is_empty() {
            return Err(ModerationError::EmptyPhrase);
        }
        Ok(Self {
            listed: listed.to_owned(),
            key,
        })
    }

    /// As listed.
    pub fn as_str(&self) -> &str {
        &self.listed
    }

    /// The folded form that names the entry.
    pub fn key(&self) -> &str {
        &self.key
    }
}

impl std::fmt::Display for Phrase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.listed)
    }
}

/// Reads an action as written in a file or a form: `refuse` or `hold` (any case; `拒绝` and
/// `审核` too); blank is `refuse`.
///
/// # Errors
/// `InvalidAction` for anything else.
pub fn parse_action(raw: &str) -> Result<WordAction, ModerationError> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "" | "refuse" | "拒绝" => Ok(WordAction::Refuse),
        "hold" | "审核" => Ok(WordAction::Hold),
        _ => Err(ModerationError::InvalidAction),
    }
}

/// The action as files and the API write it.
pub fn action_name(action: WordAction) -> &'static str {
    match action {
        WordAction::Refuse => "refuse",
        WordAction::Hold => "hold",
    }
}

/// A note as typed: trimmed, blank is none.
///
/// # Errors
/// `NoteTooLong` past [`MAX_NOTE_CHARS`].
pub fn parse_note(raw: &str) -> Result<Option<String>, ModerationError> {
    let note = raw.trim();
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(ModerationError::NoteTooLong);
    }
    Ok((!note.is_empty()).then(|| note.to_owned()))
}

/// One entry of the word list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordEntry {
    pub phrase: Phrase,
    pub action: WordAction,
    /// Why it is listed, for the administrators (never shown to a writer).
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl WordEntry {
    /// Whether `other` says the same (phrase as listed, action, note): an import line that
    /// does is "unchanged".
    pub fn same_as(&self, other: &WordEntry) -> bool {
        self.phrase == other.phrase && self.action == other.action && self.note == other.note
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrase_is_named_by_its_folded_key() {
        let wide = Phrase::parse("  ＦＯＯ ").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(wide.as_str(), "ＦＯＯ");
        assert_eq!(wide.key(), "foo");
        assert_eq!(Phrase::parse("--!"), Err(ModerationError::EmptyPhrase));
        assert_eq!(Phrase::parse("   "), Err(ModerationError::EmptyPhrase));
        assert!(Phrase::parse(&"字".repeat(Phrase::MAX_CHARS)).is_ok());
        assert_eq!(
            Phrase::parse(&"字".repeat(Phrase::MAX_CHARS + 1)),
            Err(ModerationError::PhraseTooLong)
        );
    }

    #[test]
    fn actions_and_notes_read_as_typed() {
        assert_eq!(parse_action(" Hold "), Ok(WordAction::Hold));
        assert_eq!(parse_action(""), Ok(WordAction::Refuse));
        assert_eq!(parse_action("审核"), Ok(WordAction::Hold));
        assert_eq!(parse_action("ban"), Err(ModerationError::InvalidAction));
        assert_eq!(parse_note("  "), Ok(None));
        assert_eq!(parse_note(" spam "), Ok(Some("spam".into())));
        assert_eq!(
            parse_note(&"x".repeat(MAX_NOTE_CHARS + 1)),
            Err(ModerationError::NoteTooLong)
        );
    }

    #[test]
    fn the_error_messages_state_the_limits_of_the_code() {
        assert!(
            ModerationError::PhraseTooLong
                .to_string()
                .contains(&Phrase::MAX_CHARS.to_string())
        );
        assert!(
            ModerationError::NoteTooLong
                .to_string()
                .contains(&MAX_NOTE_CHARS.to_string())
        );
    }
}
