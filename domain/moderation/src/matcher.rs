//! The matcher: one Aho-Corasick automaton over the folded keys of the whole list, and one pass
//! over a folded text.
//!
//! **Overlapping, not leftmost-longest.** The automaton reports every occurrence of every key
//! (`MatchKind::Standard`, overlapping search), and the whole-word rule is judged on each. A
//! leftmost-longest search reports one match per place: a longer entry that fails the
//! whole-word rule would hide a shorter one that passes (`xass` hiding `ass` in `xass`… or an
//! entry `法轮功` hiding `法轮`), and overlapping entries would not both be told. The price is
//! a few more matches to look at, which the benchmark measures.
//!
//! **Whole words for spaced scripts.** An entry whose first folded character is a
//! [word character](kernel::fold::is_word_char) (Latin, Cyrillic, a digit …) only matches where the
//! original text has no word character right before the match; one whose last folded character
//! is one, only where none follows. Judged on the original text: `ass` is not found in
//! `class` nor in `pass sword` (its `a` follows a `p`), and is found in `ass`, `a.s.s` and
//! `ＡＳＳ!`. Chinese, Japanese, Korean and Thai have no spaces between words: an entry of them
//! matches anywhere. An entry that mixes them (`法轮gong`) is judged end by end.
//!
//! **One hit per entry**: the first place it is found, in the order of the text (a longer
//! entry before a shorter one starting at the same place).

use aho_corasick::{AhoCorasick, MatchKind};
use kernel::fold::{self as normalize, Folded, is_word_char};
use kernel::{WordAction, WordFilter, WordHit};

struct Pattern {
    phrase: String,
    action: WordAction,
    /// The entry must start at a word boundary of the original text.
    word_start: bool,
    /// The entry must end at a word boundary of the original text.
    word_end: bool,
}

/// The whole list, built once and shared by every check.
pub struct WordMatcher {
    automaton: Option<AhoCorasick>,
    patterns: Vec<Pattern>,
}

impl std::fmt::Debug for WordMatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WordMatcher")
            .field("entries", &self.patterns.len())
            .finish()
    }
}

impl WordMatcher {
    /// An empty list: every text passes.
    pub fn empty() -> Self {
        Self {
            automaton: None,
            patterns: Vec::new(),
        }
    }

    /// Builds the automaton of `entries` (as listed, their folded key, their action); an entry
    /// with an empty key (never one [`crate::Phrase::parse`] made) is left out.
    ///
    /// # Errors
    /// When the automaton cannot be built (a list far past the bounds of an import).
    pub fn build<'a>(
        entries: impl IntoIterator<Item = (&'a str, &'a str, WordAction)>,
    ) -> Result<Self, anyhow::Error> {
        let mut keys: Vec<&str> = Vec::new();
        let mut patterns = Vec::new();
        for (listed, key, action) in entries {
            let (Some(first), Some(last)) = (key.chars().next(), key.chars().next_back()) else {
                continue;
            };
            keys.push(key);
            patterns.push(Pattern {
                phrase: listed.to_owned(),
                action,
                word_start: is_word_char(first),
                word_end: is_word_char(last),
            });
        }
        if keys.is_empty() {
            return Ok(Self::empty());
        }
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(&keys)?;
        Ok(Self {
            automaton: Some(automaton),
            patterns,
        })
    }

    /// How many entries it holds.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The heap the automaton and the entries take, in bytes (an estimate).
    pub fn memory_usage(&self) -> usize {
        let automaton = self.automaton.as_ref().map_or(0, AhoCorasick::memory_usage);
        let patterns: usize = self
            .patterns
            .iter()
            .map(|p| std::mem::size_of::<Pattern>() + p.phrase.len())
            .sum();
        automaton + patterns
    }

    /// Whether the folded match `start..end` stands as whole words where its entry asks so.
    fn on_boundaries(
        pattern: &Pattern,
        text: &str,
        folded: &Folded,
        start: usize,
        end: usize,
    ) -> bool {
        let (from, to) = folded.original_range(start, end);
        if pattern.word_start {
            // A letter folded out of the same character (a ligature) counts as before it.
            let before = if start > 0 && folded.same_unit(start - 1, start) {
                folded.text[..start].chars().next_back()
            } else {
                text[..from].chars().next_back()
            };
            if before.is_some_and(is_word_char) {
                return false;
            }
        }
        if pattern.word_end {
            let after = if end < folded.text.len() && folded.same_unit(end - 1, end) {
                folded.text[end..].chars().next()
            } else {
                text[to..].chars().next()
            };
            if after.is_some_and(is_word_char) {
                return false;
            }
        }
        true
    }
}

impl WordFilter for WordMatcher {
    fn check(&self, text: &str) -> Vec<WordHit> {
        let Some(automaton) = &self.automaton else {
            return Vec::new();
        };
        let folded = normalize::fold(text);
        // (original start, original end, entry) of every match that stands.
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        for m in automaton.find_overlapping_iter(&folded.text) {
            let id = m.pattern().as_usize();
            let pattern = &self.patterns[id];
            if Self::on_boundaries(pattern, text, &folded, m.start(), m.end()) {
                let (from, to) = folded.original_range(m.start(), m.end());
                found.push((from, to, id));
            }
        }
        // In the order of the text, a longer match first; each entry once, where first found.
        found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        let mut told = std::collections::HashSet::new();
        found
            .into_iter()
            .filter(|(_, _, id)| told.insert(*id))
            .map(|(from, to, id)| WordHit {
                phrase: self.patterns[id].phrase.clone(),
                found: text[from..to].to_owned(),
                action: self.patterns[id].action,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::fold::key;

    fn matcher(entries: &[(&str, WordAction)]) -> WordMatcher {
        let keys: Vec<(String, String, WordAction)> = entries
            .iter()
            .map(|(p, a)| ((*p).to_owned(), key(p), *a))
            .collect();
        WordMatcher::build(keys.iter().map(|(p, k, a)| (p.as_str(), k.as_str(), *a)))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    fn found(m: &WordMatcher, text: &str) -> Vec<(String, String)> {
        m.check(text)
            .into_iter()
            .map(|h| (h.phrase, h.found))
            .collect()
    }

    fn pair(phrase: &str, found: &str) -> (String, String) {
        (phrase.to_owned(), found.to_owned())
    }

    use WordAction::{Hold, Refuse};

    #[test]
    fn width_and_case_do_not_hide_a_word() {
        let m = matcher(&[("foo", Refuse), ("法轮", Hold)]);
        assert_eq!(found(&m, "ＦＯＯ"), vec![pair("foo", "ＦＯＯ")]);
        assert_eq!(found(&m, "say FoO now"), vec![pair("foo", "FoO")]);
        assert_eq!(found(&m, "ｆｏｏ"), vec![pair("foo", "ｆｏｏ")]);
        let hits = m.check("法轮");
        assert_eq!(hits[0].action, Hold);
    }

    #[test]
    fn compatibility_forms_fold_in_the_text_and_in_the_entries() {
        let m = matcher(&[("1984", Refuse), ("株", Refuse), ("ＳＥＣＲＥＴ", Refuse)]);
        assert_eq!(found(&m, "①⑨⑧④"), vec![pair("1984", "①⑨⑧④")]);
        assert_eq!(found(&m, "我们㈱公司"), vec![pair("株", "㈱")]);
        assert_eq!(
            found(&m, "a secret."),
            vec![pair("ＳＥＣＲＥＴ", "secret")],
            "the entry is folded at build time too"
        );
    }

    #[test]
    fn punctuation_and_spaces_put_between_the_characters_are_seen_through() {
        let m = matcher(&[("法轮", Refuse), ("foo", Refuse)]);
        assert_eq!(found(&m, "法 轮"), vec![pair("法轮", "法 轮")]);
        assert_eq!(found(&m, "这是法.轮。"), vec![pair("法轮", "法.轮")]);
        assert_eq!(found(&m, "法　*　轮"), vec![pair("法轮", "法　*　轮")]);
        assert_eq!(found(&m, "f-o-o"), vec![pair("foo", "f-o-o")]);
        assert_eq!(found(&m, "(f o o)"), vec![pair("foo", "f o o")]);
    }

    #[test]
    fn latin_entries_match_whole_words_of_the_original_only() {
        let m = matcher(&[("ass", Refuse)]);
        for clean in [
            "class",
            "pass sword",
            "assess",
            "brass.",
            "a classic",
            "mass-ass2",
        ] {
            assert!(m.check(clean).is_empty(), "{clean}");
        }
        assert_eq!(found(&m, "ass"), vec![pair("ass", "ass")]);
        assert_eq!(found(&m, "you a.s.s"), vec![pair("ass", "a.s.s")]);
        assert_eq!(found(&m, "ＡＳＳ!"), vec![pair("ass", "ＡＳＳ")]);
        assert_eq!(found(&m, "kick-ass move"), vec![pair("ass", "ass")]);
        assert_eq!(
            found(&m, "中文ass中文"),
            vec![pair("ass", "ass")],
            "CJK is a boundary"
        );
        let digits = matcher(&[("64", Refuse)]);
        assert!(digits.check("1964").is_empty());
        assert_eq!(found(&digits, "六月4日 6.4"), vec![pair("64", "6.4")]);
    }

    #[test]
    fn a_failed_longer_match_does_not_hide_a_shorter_one() {
        let m = matcher(&[("ass", Refuse), ("sass", Refuse)]);
        assert_eq!(found(&m, "xsass ass"), vec![pair("ass", "ass")]);
    }

    #[test]
    fn a_ligature_is_judged_by_the_letters_it_holds() {
        let fi = matcher(&[("fi", Refuse), ("i", Refuse)]);
        assert_eq!(
            found(&fi, "ﬁ"),
            vec![pair("fi", "ﬁ")],
            "the i is inside a word fi"
        );
    }

    #[test]
    fn cjk_entries_match_anywhere() {
        let m = matcher(&[("法轮", Refuse), ("カタカナ", Hold)]);
        assert_eq!(found(&m, "他说法轮功"), vec![pair("法轮", "法轮")]);
        assert_eq!(found(&m, "abc法轮def"), vec![pair("法轮", "法轮")]);
        assert_eq!(found(&m, "ｶﾀｶﾅです"), vec![pair("カタカナ", "ｶﾀｶﾅ")]);
    }

    #[test]
    fn overlapping_entries_are_all_found_in_the_order_of_the_text() {
        let m = matcher(&[
            ("法轮", Refuse),
            ("法轮功", Hold),
            ("轮功", Refuse),
            ("bad", Hold),
        ]);
        let hits = m.check("bad 法轮功 法轮");
        let names: Vec<&str> = hits.iter().map(|h| h.phrase.as_str()).collect();
        assert_eq!(
            names,
            vec!["bad", "法轮功", "法轮", "轮功"],
            "each entry once"
        );
        assert!(matches!(
            kernel::Verdict::of(&hits),
            kernel::Verdict::Refuse(found) if found.len() == 4
        ));
    }

    #[test]
    fn found_is_the_text_as_written_with_multi_byte_characters_around_it() {
        let m = matcher(&[("foo", Refuse), ("我们", Refuse)]);
        let text = "😀说：Ｆ．Ｏ．Ｏ！我 们😀";
        let hits = m.check(text);
        assert_eq!(hits[0].found, "Ｆ．Ｏ．Ｏ");
        assert_eq!(hits[1].found, "我 们");
        for h in &hits {
            assert!(text.contains(&h.found));
        }
    }

    #[test]
    fn an_empty_list_passes_everything() {
        let m = matcher(&[]);
        assert!(m.is_empty());
        assert!(m.check("法轮 ass").is_empty());
    }
}
