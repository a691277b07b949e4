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

/// The word list's verdict on what someone is about to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No listed word: stored and shown.
    Clear,
    /// Only words held for review (each as written, once, in the order found): stored for its
    /// author only, under review, with a case opened (docs/moderation.md, "Hold and hide").
    Hold(Vec<String>),
    /// A refused word: not stored. Every word found (each as written, once), held ones too, so
    /// the writer sees all there is to change.
    Refuse(Vec<String>),
}

impl Verdict {
    /// The verdict on `hits`: refused when one of them refuses, held when one holds.
    pub fn of(hits: &[WordHit]) -> Self {
        let found = distinct_found(hits);
        if found.is_empty() {
            Verdict::Clear
        } else if hits.iter().any(|h| h.action == WordAction::Refuse) {
            Verdict::Refuse(found)
        } else {
            Verdict::Hold(found)
        }
    }

    /// The verdict on two texts stored as one item (an article's title and body): the stricter
    /// one, with the words of both when they agree.
    #[must_use]
    pub fn and(self, other: Verdict) -> Verdict {
        match (self, other) {
            (Verdict::Clear, v) | (v, Verdict::Clear) => v,
            (Verdict::Refuse(a), Verdict::Hold(_)) | (Verdict::Hold(_), Verdict::Refuse(a)) => {
                Verdict::Refuse(a)
            }
            (Verdict::Refuse(mut a), Verdict::Refuse(b)) => {
                a.extend(b);
                Verdict::Refuse(a)
            }
            (Verdict::Hold(mut a), Verdict::Hold(b)) => {
                a.extend(b);
                Verdict::Hold(a)
            }
        }
    }
}

fn distinct_found(hits: &[WordHit]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for hit in hits {
        if !found.contains(&hit.found) {
            found.push(hit.found.clone());
        }
    }
    found
}

/// What stops a name or a bio (a nickname, a bio, a group's name or description), each word
/// as written, once, in the order found; empty when none does. A held word stops it as a
/// refused one does: a name is shown beside everything its person or group writes, so it
/// cannot be shown to its owner alone while it is reviewed (docs/moderation.md, "Hold and
/// hide").
pub fn refused_words(hits: &[WordHit]) -> Vec<String> {
    distinct_found(hits)
}

/// Why a piece of writing (a plaza post or comment, an article, a reply) is shown to its
/// author only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Withheld {
    /// The word list held it: under review (审核中) until a moderator releases or hides it.
    Held,
    /// A moderator hid it.
    Hidden,
}

impl Withheld {
    pub fn as_str(self) -> &'static str {
        match self {
            Withheld::Held => "held",
            Withheld::Hidden => "hidden",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "held" => Some(Withheld::Held),
            "hidden" => Some(Withheld::Hidden),
            _ => None,
        }
    }
}

/// No list: every text passes (tests, and areas wired before the list).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoWords;

impl WordFilter for NoWords {
    fn check(&self, _text: &str) -> Vec<WordHit> {
        Vec::new()
    }
}

/// For the areas' tests: a list of words refused and words held, found as written (plain
/// substrings; the real matching rules are the `moderation` domain's and tested there).
#[cfg(any(test, feature = "mocks"))]
#[derive(Debug, Clone, Copy)]
pub struct ListedWords {
    pub refused: &'static [&'static str],
    pub held: &'static [&'static str],
}

#[cfg(any(test, feature = "mocks"))]
impl WordFilter for ListedWords {
    fn check(&self, text: &str) -> Vec<WordHit> {
        let refused = self.refused.iter().map(|w| (w, WordAction::Refuse));
        let held = self.held.iter().map(|w| (w, WordAction::Hold));
        refused
            .chain(held)
            .filter(|(w, _)| text.contains(**w))
            .map(|(w, action)| WordHit {
                phrase: (*w).to_owned(),
                found: (*w).to_owned(),
                action,
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
    fn a_refused_word_outweighs_held_ones_and_every_word_is_named_once() {
        let hits = [
            hit("a", WordAction::Hold),
            hit("b", WordAction::Refuse),
            hit("c", WordAction::Refuse),
            hit("b", WordAction::Refuse),
        ];
        assert_eq!(
            Verdict::of(&hits),
            Verdict::Refuse(vec!["a".into(), "b".into(), "c".into()])
        );
        assert_eq!(Verdict::of(&hits[..1]), Verdict::Hold(vec!["a".into()]));
        assert_eq!(Verdict::of(&[]), Verdict::Clear);
        assert!(NoWords.check("anything at all").is_empty());
        let listed = ListedWords {
            refused: &["禁词"],
            held: &["审词"],
        };
        assert_eq!(
            Verdict::of(&listed.check("有禁词的话")),
            Verdict::Refuse(vec!["禁词".into()])
        );
        assert_eq!(
            Verdict::of(&listed.check("有审词的话")),
            Verdict::Hold(vec!["审词".into()])
        );
        // Names stop at a held word as well.
        assert_eq!(refused_words(&hits[..1]), ["a"]);
    }

    #[test]
    fn two_texts_of_one_item_take_the_stricter_verdict() {
        let hold = |w: &str| Verdict::Hold(vec![w.into()]);
        let refuse = |w: &str| Verdict::Refuse(vec![w.into()]);
        assert_eq!(Verdict::Clear.and(hold("a")), hold("a"));
        assert_eq!(hold("a").and(Verdict::Clear), hold("a"));
        assert_eq!(hold("a").and(refuse("b")), refuse("b"));
        assert_eq!(refuse("b").and(hold("a")), refuse("b"));
        assert_eq!(
            hold("a").and(hold("c")),
            Verdict::Hold(vec!["a".into(), "c".into()])
        );
        assert_eq!(Verdict::Clear.and(Verdict::Clear), Verdict::Clear);
        for w in [Withheld::Held, Withheld::Hidden] {
            assert_eq!(Withheld::parse(w.as_str()), Some(w));
        }
        assert_eq!(Withheld::parse("shown"), None);
    }
}
