//! The operator's word list, as the areas that take text see it: one check of a text against
//! the whole list (docs/moderation.md). The list, its matching rules and its upkeep live in the
//! `moderation` domain; an area only asks [`WordFilter::check`] before it stores what someone
//! wrote.

use serde::{Deserialize, Serialize};

/// What a listed word does to a text that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WordAction {
    /// The write is refused (422) with a message that names the word found.
    Refuse,
    /// The item is stored for its author only, under review, and a case is opened.
    Hold,
}

/// One listed word found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordHit {
    /// The entry as listed.
    pub phrase: String,
    /// The text as written where it was found (with the spacing or punctuation put between its
    /// characters, if any), to show the writer.
    pub found: String,
    pub action: WordAction,
}

/// Checks texts against the word list in memory: one pass over the text for the whole list,
/// no I/O (the list is kept current in the background).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait WordFilter: Send + Sync {
    /// Every listed word found in `text`, in the order found.
    fn check(&self, text: &str) -> Vec<WordHit>;
}

/// The first word of `hits` that refuses, if any.
pub fn refusing(hits: &[WordHit]) -> Option<&WordHit> {
    hits.iter().find(|h| h.action == WordAction::Refuse)
}

/// What the writer is shown of the words of `hits` that stop the write (each as written, once,
/// in the order found); empty when none does.
///
/// A held word stops it too, for now: holding an item for its author alone needs the review
/// queue (issue 25, reports), which is not built yet, and until then a word the operator wants
/// reviewed is not published unreviewed (docs/moderation.md, "Hold").
pub fn refused_words(hits: &[WordHit]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for hit in hits {
        if !found.contains(&hit.found) {
            found.push(hit.found.clone());
        }
    }
    found
}

/// No list: every text passes (tests, and areas wired before the list).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoWords;

impl WordFilter for NoWords {
    fn check(&self, _text: &str) -> Vec<WordHit> {
        Vec::new()
    }
}

/// For the areas' tests: refuses a text that holds one of its words as written (plain
/// substrings; the real matching rules are the `moderation` domain's and tested there).
#[cfg(any(test, feature = "mocks"))]
#[derive(Debug, Clone, Copy)]
pub struct RefusedWords(pub &'static [&'static str]);

#[cfg(any(test, feature = "mocks"))]
impl WordFilter for RefusedWords {
    fn check(&self, text: &str) -> Vec<WordHit> {
        self.0
            .iter()
            .filter(|w| text.contains(**w))
            .map(|w| WordHit {
                phrase: (*w).to_owned(),
                found: (*w).to_owned(),
                action: WordAction::Refuse,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(phrase: &str, action: WordAction) -> WordHit {
        WordHit {
            phrase: phrase.into(),
            found: phrase.into(),
            action,
        }
    }

    #[test]
    fn the_first_refusing_hit_is_found_past_held_ones() {
        let hits = [
            hit("a", WordAction::Hold),
            hit("b", WordAction::Refuse),
            hit("c", WordAction::Refuse),
        ];
        assert_eq!(refusing(&hits).map(|h| h.phrase.as_str()), Some("b"));
        assert_eq!(refusing(&hits[..1]), None);
        assert!(NoWords.check("anything at all").is_empty());
        let refused = RefusedWords(&["禁词"]).check("有禁词的话");
        assert_eq!(refusing(&refused).map(|h| h.found.as_str()), Some("禁词"));
        // Each found text once; a held word stops the write as well (no review queue yet).
        let mut twice = hits.to_vec();
        twice.push(hit("b", WordAction::Refuse));
        assert_eq!(refused_words(&twice), ["a", "b", "c"]);
        assert!(refused_words(&[]).is_empty());
    }
}
