//! Folding a text before it is compared: what the word list's matcher and the search index see.
//!
//! The text is cut into **units**: a character and the combining marks that follow it (so a
//! decomposed `é` is one unit, as it is to a reader). Each unit is put through Unicode NFKC
//! (full-width `ＡＢＣ` and half-width `ｶﾀｶﾅ` forms, circled `①`, parenthesised `㈱`, ligatures
//! `ﬁ` and the like fold to their plain characters), then lower-cased; of what comes out only
//! letters and digits (Unicode `Alphabetic` or `Numeric`) are kept: punctuation, symbols, emoji
//! and white space are left out, wherever they stand. Every folded character remembers the unit
//! of the original text it came from, so a match is shown to the writer as they wrote it.
//!
//! NFKC is applied unit by unit, not across units: what the list needs (width, compatibility
//! forms, composed accents) is within a unit, and a unit by unit fold keeps the way back to the
//! original text exact.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};

/// A folded text and where each of its bytes came from in the original.
#[derive(Debug, Default)]
pub struct Folded {
    /// The folded text: lower-case NFKC letters and digits only.
    pub text: String,
    /// For each byte of `text`, the index in `units` of the unit it came from.
    origin: Vec<u32>,
    /// Each unit's byte range in the original text (only units that left something).
    units: Vec<(usize, usize)>,
}

impl Folded {
    /// The byte range of the original text that the folded bytes `start..end` came from (from
    /// the start of the first unit to the end of the last one).
    pub fn original_range(&self, start: usize, end: usize) -> (usize, usize) {
        let first = self.units[self.origin[start] as usize];
        let last = self.units[self.origin[end - 1] as usize];
        (first.0, last.1)
    }

    /// Whether the folded bytes at `a` and `b` came from the same unit of the original.
    pub fn same_unit(&self, a: usize, b: usize) -> bool {
        self.origin[a] == self.origin[b]
    }

    /// Whether the folded characters at bytes `a` and `b` (`a` before `b`) stood side by side
    /// in the original: in one unit, or in units with nothing left out between them (no space,
    /// punctuation or symbol) — the two are of one word.
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        let (ua, ub) = (self.origin[a] as usize, self.origin[b] as usize);
        ua == ub || self.units[ua].1 == self.units[ub].0
    }
}

/// Whether `c` is of a script written without spaces between words (Chinese, Japanese kana,
/// Korean, Thai): an entry of it matches anywhere, not only as a whole word.
pub fn is_unspaced(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0EFF          // Thai, Lao
        | 0x1100..=0x11FF        // Hangul Jamo
        | 0x2E80..=0x2FDF        // CJK radicals, Kangxi radicals
        | 0x3005..=0x3007        // 々 〆 〇
        | 0x3021..=0x3029        // Hangzhou numerals
        | 0x3038..=0x303C
        | 0x3040..=0x30FF        // Hiragana, Katakana
        | 0x3100..=0x312F        // Bopomofo
        | 0x3130..=0x318F        // Hangul compatibility Jamo
        | 0x31A0..=0x31FF
        | 0x3400..=0x4DBF        // CJK extension A
        | 0x4E00..=0x9FFF        // CJK unified ideographs
        | 0xA960..=0xA97F
        | 0xAC00..=0xD7FF        // Hangul syllables
        | 0xF900..=0xFAFF        // CJK compatibility ideographs
        | 0xFF66..=0xFF9F        // half-width Katakana
        | 0x20000..=0x3FFFF // CJK extensions B and later
    )
}

/// Whether `c` continues a word of a spaced script (Latin, Cyrillic, digits, …): a letter or
/// digit not of an [unspaced](is_unspaced) script, or a combining mark (it belongs to the
/// letter before it).
pub fn is_word_char(c: char) -> bool {
    (c.is_alphanumeric() && !is_unspaced(c)) || is_combining_mark(c)
}

fn keep(c: char, out: &mut String) {
    for l in c.to_lowercase() {
        if l.is_alphanumeric() {
            out.push(l);
        }
    }
}

/// Folds one unit (a character and its combining marks) onto `out`.
fn fold_unit(unit: &str, out: &mut String) {
    let mut chars = unit.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                out.push(c.to_ascii_lowercase());
            }
            return;
        }
        if is_nfkc_quick(std::iter::once(c)) == IsNormalized::Yes {
            keep(c, out);
            return;
        }
    }
    for c in unit.nfkc() {
        keep(c, out);
    }
}

/// Folds `text`, keeping the way back to it.
pub fn fold(text: &str) -> Folded {
    let mut folded = Folded {
        text: String::with_capacity(text.len()),
        origin: Vec::with_capacity(text.len()),
        units: Vec::new(),
    };
    let mut iter = text.char_indices().peekable();
    while let Some((start, c)) = iter.next() {
        let mut end = start + c.len_utf8();
        while let Some(&(i, m)) = iter.peek() {
            if !is_combining_mark(m) {
                break;
            }
            end = i + m.len_utf8();
            iter.next();
        }
        let before = folded.text.len();
        fold_unit(&text[start..end], &mut folded.text);
        let added = folded.text.len() - before;
        if added > 0 {
            let unit = folded.units.len() as u32;
            folded.units.push((start, end));
            folded.origin.extend(std::iter::repeat_n(unit, added));
        }
    }
    folded
}

/// The folded form of `text` alone (an entry's key).
pub fn key(text: &str) -> String {
    fold(text).text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_case_and_compatibility_forms_fold_to_plain_lower_case() {
        assert_eq!(key("ＦＯＯ"), "foo");
        assert_eq!(key("FoO"), "foo");
        assert_eq!(key("ｶﾀｶﾅ"), "カタカナ");
        assert_eq!(key("①②"), "12");
        assert_eq!(key("㈱"), "株");
        assert_eq!(key("ﬁne"), "fine");
        assert_eq!(key("Ⅻ"), "xii");
        assert_eq!(key("cafe\u{301}"), key("café"));
    }

    #[test]
    fn punctuation_symbols_emoji_and_spaces_are_left_out() {
        assert_eq!(key("法 轮"), "法轮");
        assert_eq!(key("法.轮"), "法轮");
        assert_eq!(key("法　，轮！"), "法轮");
        assert_eq!(key("f-o-o"), "foo");
        assert_eq!(key("a_b*c😀d\te\n"), "abcde");
        assert_eq!(key(" ,.!? "), "");
    }

    #[test]
    fn every_folded_byte_leads_back_to_its_place_in_the_original() {
        let text = "说 ＡＢ，c";
        let f = fold(text);
        assert_eq!(f.text, "说abc");
        // "ab" are bytes 3..5 of the folded text; "ＡＢ" bytes 4..10 of the original.
        let (s, e) = f.original_range(3, 5);
        assert_eq!(&text[s..e], "ＡＢ");
        let (s, e) = f.original_range(0, f.text.len());
        assert_eq!(&text[s..e], "说 ＡＢ，c");
        let lig = fold("xﬁy");
        assert!(lig.same_unit(1, 2), "f and i come from one ligature");
        assert!(!lig.same_unit(0, 1));
        assert!(lig.adjacent(0, 1) && lig.adjacent(1, 2));
        let apart = fold("北京，上海 ab");
        assert_eq!(apart.text, "北京上海ab");
        assert!(apart.adjacent(0, 3), "北 and 京 stand side by side");
        assert!(!apart.adjacent(3, 6), "a comma stands between 京 and 上");
        assert!(!apart.adjacent(9, 12), "a space stands between 海 and a");
    }

    #[test]
    fn word_characters_are_those_of_spaced_scripts() {
        assert!(is_word_char('a') && is_word_char('Ａ') && is_word_char('7'));
        assert!(is_word_char('é') && is_word_char('ж'));
        assert!(!is_word_char('中') && !is_word_char('か') && !is_word_char('한'));
        assert!(!is_word_char(' ') && !is_word_char('.') && !is_word_char('！'));
    }
}
