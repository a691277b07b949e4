//! What the index and a query see of a text (docs/search.md, "Analysis"): both go through the
//! same steps, so a word is found however it was typed.
//!
//! 1. [`kernel::fold`]: Unicode NFKC (full-width `ＫＰＩ` is `kpi`), lower case, and every
//!    character that is not a letter or a digit left out — each folded character keeping its
//!    place in the original text.
//! 2. The folded characters are cut into **pieces**: a *word* is a run of letters and digits of
//!    a spaced script (Latin, Cyrillic, digits …) standing side by side in the original; a *run*
//!    is the same of a script written without spaces (Chinese, kana, Hangul). A space, a comma
//!    or a change of script ends a piece.
//! 3. A run's traditional characters become simplified ones, one for one (`學習` is `学习`).
//! 4. Terms: a word is one term, stemmed by Snowball English when it is ASCII letters
//!    (`running`, `runs` → `run`; `libraries` → `librari`, as `library`); a run gives each of
//!    its characters and each pair of neighbours (`成都人` → `成`, `都`, `人`, `成都`, `都人`).
//!
//! A query is cut the same way, and finds the texts holding **all** its terms: a word's stem,
//! a one-character run's character, a two- or three-character run's pairs (`成都人` → `成都`,
//! `都人`). A run of four or more takes every other pair and the last (`考研复习` → `考研`,
//! `复习`; `乌鲁木齐` → `乌鲁`, `木齐`): Chinese compounds are mostly words of two, so a query
//! of two words typed without a space (`周末加班`) also finds the texts that hold both apart
//! ("周末又要加班"), which all its pairs would not.
//!
//! Pairs need no dictionary: a place name, a new word or slang is found as it is written,
//! where a segmenter's dictionary would miss it, and nothing is loaded at start-up. English
//! gets two steps Snowball lacks: a few dozen irregular forms (`ran` → `run`, `children` →
//! `child`) and an acronym's plural (`KPIs` → `kpi`).

use kernel::fold::{self, is_unspaced};
use rust_stemmers::{Algorithm, Stemmer};

/// The longest word kept as a term, in bytes once folded: a longer run of letters is no word
/// a person searches for (and an index's term has a limit).
pub const MAX_WORD_BYTES: usize = 64;
/// The most characters a query may have.
pub const MAX_QUERY_CHARS: usize = 100;
/// The most terms a query may hold (a query of 100 Chinese characters has 99 pairs).
pub const MAX_QUERY_TERMS: usize = 32;

/// One folded character and the byte range of the original text it came from.
#[derive(Debug, Clone, Copy)]
struct Placed {
    c: char,
    start: usize,
    end: usize,
}

/// A word or a run (module docs, step 2).
#[derive(Debug)]
struct Piece {
    chars: Vec<Placed>,
    run: bool,
}

impl Piece {
    fn text(&self) -> String {
        self.chars.iter().map(|p| p.c).collect()
    }

    fn range(&self) -> (usize, usize) {
        match (self.chars.first(), self.chars.last()) {
            (Some(first), Some(last)) => (first.start, last.end),
            _ => (0, 0),
        }
    }
}

/// The pieces of `text`, runs simplified.
fn pieces(text: &str) -> Vec<Piece> {
    let folded = fold::fold(text);
    let mut out: Vec<Piece> = Vec::new();
    let mut previous: Option<(usize, bool)> = None;
    for (i, c) in folded.text.char_indices() {
        let run = is_unspaced(c);
        let (start, end) = folded.original_range(i, i + c.len_utf8());
        let placed = Placed { c, start, end };
        let joins = previous.is_some_and(|(p, r)| r == run && folded.adjacent(p, i));
        match out.last_mut() {
            Some(piece) if joins => piece.chars.push(placed),
            _ => out.push(Piece {
                chars: vec![placed],
                run,
            }),
        }
        previous = Some((i, run));
    }
    for piece in out.iter_mut().filter(|p| p.run) {
        let simplified = fast2s::convert(&piece.text());
        // One character for one; were it ever not, the run stays as written.
        if simplified.chars().count() == piece.chars.len() {
            for (placed, c) in piece.chars.iter_mut().zip(simplified.chars()) {
                placed.c = c;
            }
        }
    }
    out
}

/// Irregular English forms Snowball leaves alone, and the word they are a form of.
#[rustfmt::skip]
const IRREGULAR: &[(&str, &str)] = &[
    ("ran", "run"), ("went", "go"), ("gone", "go"), ("ate", "eat"), ("eaten", "eat"),
    ("swam", "swim"), ("swum", "swim"), ("drove", "drive"), ("driven", "drive"),
    ("rode", "ride"), ("ridden", "ride"), ("wrote", "write"), ("written", "write"),
    ("took", "take"), ("taken", "take"), ("made", "make"), ("bought", "buy"),
    ("brought", "bring"), ("caught", "catch"), ("taught", "teach"), ("thought", "think"),
    ("fought", "fight"), ("flew", "fly"), ("flown", "fly"), ("seen", "see"), ("felt", "feel"),
    ("met", "meet"), ("sat", "sit"), ("slept", "sleep"), ("spent", "spend"), ("sang", "sing"),
    ("sung", "sing"), ("began", "begin"), ("begun", "begin"), ("broke", "break"),
    ("broken", "break"), ("chose", "choose"), ("chosen", "choose"), ("drank", "drink"),
    ("drunk", "drink"), ("forgot", "forget"), ("forgotten", "forget"), ("gave", "give"),
    ("given", "give"), ("grew", "grow"), ("grown", "grow"), ("knew", "know"),
    ("known", "know"), ("lost", "lose"), ("paid", "pay"), ("said", "say"), ("sold", "sell"),
    ("sent", "send"), ("spoke", "speak"), ("spoken", "speak"), ("stole", "steal"),
    ("stolen", "steal"), ("stood", "stand"), ("told", "tell"), ("threw", "throw"),
    ("thrown", "throw"), ("understood", "understand"), ("woke", "wake"), ("won", "win"),
    ("wore", "wear"), ("worn", "wear"), ("built", "build"), ("found", "find"),
    ("held", "hold"), ("kept", "keep"), ("led", "lead"), ("slid", "slide"), ("hid", "hide"),
    ("children", "child"), ("men", "man"), ("women", "woman"), ("mice", "mouse"),
    ("feet", "foot"), ("teeth", "tooth"), ("geese", "goose"),
];

/// A word's term: an irregular form as its word's, then stemmed when it is ASCII letters;
/// `None` when it is too long to be one. `written` is the word as it stands in the text: an
/// acronym's plural (`KPIs`, `APIs`: capitals, then a small `s`) loses its `s`.
fn word_term(word: &str, written: &str) -> Option<String> {
    if word.len() > MAX_WORD_BYTES {
        return None;
    }
    if !word.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Some(word.to_owned());
    }
    let acronym_plural = written.len() >= 3
        && written.ends_with('s')
        && written[..written.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_uppercase());
    let word = if acronym_plural {
        &word[..word.len() - 1]
    } else {
        IRREGULAR
            .iter()
            .find(|(form, _)| *form == word)
            .map_or(word, |(_, base)| base)
    };
    Some(Stemmer::create(Algorithm::English).stem(word).into_owned())
}

/// A piece's word term (`None` for a run).
fn piece_term(piece: &Piece, text: &str) -> Option<String> {
    let (start, end) = piece.range();
    word_term(&piece.text(), &text[start..end])
}

fn push_unique(terms: &mut Vec<String>, term: String) {
    if !terms.contains(&term) {
        terms.push(term);
    }
}

/// The terms the index keeps of a document made of `texts` (a title and a body, say): every
/// word's and every run's terms (module docs, step 4), each once.
pub fn index_terms(texts: &[&str]) -> Vec<String> {
    let mut terms = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut add = |term: String| {
        if seen.insert(term.clone()) {
            terms.push(term);
        }
    };
    for text in texts {
        for piece in pieces(text) {
            if piece.run {
                let chars: Vec<char> = piece.chars.iter().map(|p| p.c).collect();
                for (i, c) in chars.iter().enumerate() {
                    add(c.to_string());
                    if let Some(next) = chars.get(i + 1) {
                        add([*c, *next].iter().collect());
                    }
                }
            } else if let Some(term) = piece_term(&piece, text) {
                add(term);
            }
        }
    }
    terms
}

/// Why a query cannot be searched for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryProblem {
    /// Nothing to search for: empty, or only punctuation and symbols.
    Empty,
    /// Longer than [`MAX_QUERY_CHARS`] characters.
    TooLong,
}

/// A query, analysed: the terms a text must all hold, and what to highlight in one that does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    terms: Vec<String>,
    /// Each word's term.
    words: Vec<String>,
    /// Each run's terms (characters or pairs), simplified: what is marked in a text.
    spans: Vec<Vec<char>>,
}

impl Query {
    /// # Errors
    /// [`QueryProblem::TooLong`] past [`MAX_QUERY_CHARS`]; [`QueryProblem::Empty`] when it has
    /// no letter or digit.
    pub fn parse(raw: &str) -> Result<Self, QueryProblem> {
        let raw = raw.trim();
        if raw.chars().count() > MAX_QUERY_CHARS {
            return Err(QueryProblem::TooLong);
        }
        let mut query = Self {
            terms: Vec::new(),
            words: Vec::new(),
            spans: Vec::new(),
        };
        for piece in pieces(raw) {
            if piece.run {
                let chars: Vec<char> = piece.chars.iter().map(|p| p.c).collect();
                let taken: Vec<Vec<char>> = match chars.len() {
                    1 => vec![chars],
                    2 | 3 => chars.windows(2).map(<[char]>::to_vec).collect(),
                    n => chars
                        .windows(2)
                        .enumerate()
                        .filter(|(i, _)| i % 2 == 0 || *i == n - 2)
                        .map(|(_, pair)| pair.to_vec())
                        .collect(),
                };
                for span in taken {
                    push_unique(&mut query.terms, span.iter().collect());
                    if !query.spans.contains(&span) {
                        query.spans.push(span);
                    }
                }
            } else if let Some(term) = piece_term(&piece, raw) {
                push_unique(&mut query.terms, term.clone());
                push_unique(&mut query.words, term);
            }
        }
        if query.terms.is_empty() {
            return Err(QueryProblem::Empty);
        }
        // A query of many characters is found by its first terms.
        query.terms.truncate(MAX_QUERY_TERMS);
        Ok(query)
    }

    /// The terms a text must all hold, each once, at most [`MAX_QUERY_TERMS`]: an index finds
    /// the texts whose [`index_terms`] include them all.
    pub fn terms(&self) -> &[String] {
        &self.terms
    }

    /// Whether a document of these [`index_terms`] is found by the query (what an index does,
    /// for tests and the relevance benchmark's check of one).
    pub fn matches(&self, document: &[String]) -> bool {
        self.terms.iter().all(|t| document.contains(t))
    }

    /// The byte ranges of `text` that hold the query's words and terms, in order, overlapping
    /// and touching ones merged: a word whose term is a query word's (`Running` for `runs`),
    /// the characters of a run that spell a query's character or pair (`學習` for `学习`).
    pub fn highlights(&self, text: &str) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        for piece in pieces(text) {
            if piece.run {
                let chars: Vec<char> = piece.chars.iter().map(|p| p.c).collect();
                for span in &self.spans {
                    if span.len() > chars.len() {
                        continue;
                    }
                    for i in 0..=chars.len() - span.len() {
                        if chars[i..i + span.len()] == span[..] {
                            found.push((piece.chars[i].start, piece.chars[i + span.len() - 1].end));
                        }
                    }
                }
            } else if piece_term(&piece, text).is_some_and(|t| self.words.contains(&t)) {
                found.push(piece.range());
            }
        }
        found.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::with_capacity(found.len());
        for (start, end) in found {
            match merged.last_mut() {
                Some(last) if start <= last.1 => last.1 = last.1.max(end),
                _ => merged.push((start, end)),
            }
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(text: &str) -> Vec<String> {
        index_terms(&[text])
    }

    fn found(query: &str, text: &str) -> bool {
        Query::parse(query).is_ok_and(|q| q.matches(&terms(text)))
    }

    fn marked(query: &str, text: &str) -> Vec<String> {
        let q = Query::parse(query).unwrap_or_else(|e| panic!("{query}: {e:?}"));
        q.highlights(text)
            .into_iter()
            .map(|(s, e)| text[s..e].to_owned())
            .collect()
    }

    #[test]
    fn a_run_gives_its_characters_and_their_pairs() {
        assert_eq!(terms("成都人"), ["成", "成都", "都", "都人", "人"]);
        assert_eq!(terms("猫"), ["猫"]);
    }

    #[test]
    fn english_words_are_folded_and_stemmed() {
        assert_eq!(terms("Running runs RUN"), ["run"]);
        assert!(found("library", "Two new libraries opened"));
        assert!(found("cats", "my cat sleeps"));
        assert!(!found("cat", "a category of its own"));
        assert!(!found("run", "an old rune"));
    }

    #[test]
    fn width_case_and_traditional_characters_fold() {
        assert!(found("ＫＰＩ", "this quarter's kpi"));
        assert!(found("kpi", "季度ＫＰＩ又涨了"));
        assert!(found("学习", "今天在圖書館學習"));
        assert!(found("颱風", "台风要来了"));
    }

    #[test]
    fn a_query_finds_texts_holding_all_its_terms() {
        assert!(found("乌鲁木齐", "第一次来乌鲁木齐，大巴扎好热闹"));
        assert!(found("成都 火锅", "在成都吃了三顿火锅"));
        assert!(!found("成都 火锅", "在重庆吃了三顿火锅"));
        assert!(!found("北京", "南京的鸭血粉丝汤"));
        assert!(found("iPhone 摄影", "用iPhone拍的夜景摄影"));
        assert!(found("猫", "我家的猫"));
    }

    #[test]
    fn a_long_run_takes_every_other_pair_so_two_words_typed_together_are_found_apart() {
        let q = Query::parse("考研复习").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(q.terms(), ["考研", "复习"]);
        assert!(found("周末加班", "这周末又要加班"));
        assert!(found("成都火锅", "成都的火锅店"));
        assert!(found("上海迪士尼", "上海迪士尼乐园"));
        assert!(!found("成都火锅", "重庆火锅"));
        assert_eq!(
            marked("考研复习", "考研最后一个月怎么复习"),
            ["考研", "复习"]
        );
        assert_eq!(marked("乌鲁木齐", "乌鲁木齐"), ["乌鲁木齐"]);
    }

    #[test]
    fn irregular_forms_and_an_acronyms_plural_are_their_words() {
        assert!(found("run", "she ran it in four hours"));
        assert!(found("children", "a child of five"));
        assert!(found("KPI", "Our KPIs for Q3"));
        assert!(found("apis", "one API"));
        assert!(
            !found("kpi", "the kpis"),
            "a lower-case plural is no acronym's"
        );
        assert_eq!(marked("run", "I ran, she runs"), ["ran", "runs"]);
    }

    #[test]
    fn punctuation_and_a_change_of_script_end_a_piece() {
        // No pair across the comma: 京上 is no term.
        assert!(!terms("北京，上海").contains(&"京上".to_owned()));
        assert!(terms("2024年").contains(&"2024".to_owned()));
        assert!(terms("2024年").contains(&"年".to_owned()));
        assert!(terms("yyds绝绝子").contains(&"yyd".to_owned()));
    }

    #[test]
    fn an_empty_or_overlong_query_is_refused() {
        assert_eq!(Query::parse("  ").unwrap_err(), QueryProblem::Empty);
        assert_eq!(Query::parse("，。!?").unwrap_err(), QueryProblem::Empty);
        assert_eq!(
            Query::parse(&"字".repeat(MAX_QUERY_CHARS + 1)).unwrap_err(),
            QueryProblem::TooLong
        );
        let distinct: String = (0x4E00..0x4E00 + 90).filter_map(char::from_u32).collect();
        let long = Query::parse(&distinct).map(|q| q.terms().len());
        assert_eq!(long, Ok(MAX_QUERY_TERMS));
    }

    #[test]
    fn an_overlong_word_is_no_term() {
        assert!(terms(&"a".repeat(MAX_WORD_BYTES + 1)).is_empty());
        assert_eq!(terms(&"a".repeat(MAX_WORD_BYTES)).len(), 1);
    }

    #[test]
    fn highlights_show_the_words_as_written() {
        assert_eq!(
            marked("run", "I was Running, she runs."),
            ["Running", "runs"]
        );
        assert_eq!(
            marked("学习", "在圖書館學習，学习使我快乐"),
            ["學習", "学习"]
        );
        assert_eq!(marked("ＫＰＩ", "the KPI, the kpi"), ["KPI", "kpi"]);
        // Overlapping matches merge into one.
        assert_eq!(marked("哈哈", "哈哈哈"), ["哈哈哈"]);
        assert_eq!(marked("成都 火锅", "成都的火锅"), ["成都", "火锅"]);
        assert!(marked("cat", "category").is_empty());
    }
}
