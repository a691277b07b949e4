//! Planning an import (CSV or TXT, read into [`ImportRow`]s by [`crate::format`]): each line is
//! checked against the rules and against what is listed, and the plan says what would be added,
//! changed, left alone or refused, line by line with the reason. Applying is all or nothing: a
//! plan with a refusal may not be applied ([`ImportPlan::applicable`]). An import adds and
//! changes entries; it never removes one.

use crate::error::ModerationError;
use crate::model::{Phrase, WordEntry, parse_action, parse_note};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

/// One line of an import as read: raw text, so every fault can be reported with its line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportRow {
    /// The file's 1-based line.
    pub line: usize,
    pub phrase: String,
    pub action: String,
    pub note: String,
}

/// Why a line was refused.
#[derive(Debug, PartialEq)]
pub enum Refusal {
    /// A field broke a rule (one of the entry rules of [`ModerationError`]).
    Invalid(ModerationError),
    /// The same phrase (once folded: `ＦＯＯ` is `foo`) came earlier in the file, at this line.
    Duplicate { first_line: usize },
}

impl Refusal {
    /// The stable snake_case code of the refusal.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Invalid(e) => e.rule_code().unwrap_or("invalid_entry"),
            Self::Duplicate { .. } => "duplicate_phrase",
        }
    }
}

/// What an import would do.
#[derive(Debug, Default, PartialEq)]
pub struct ImportPlan {
    /// New entries, with their lines.
    pub added: Vec<(usize, WordEntry)>,
    /// Listed entries whose action, note or spelling differ: the line, as they are, as they
    /// would be.
    pub changed: Vec<(usize, WordEntry, WordEntry)>,
    /// Lines identical to what is listed.
    pub unchanged: usize,
    /// Refused lines (the raw phrase as written, and why).
    pub refused: Vec<(usize, String, Refusal)>,
}

impl ImportPlan {
    /// Only a plan that refuses nothing may be applied (all or nothing).
    pub fn applicable(&self) -> bool {
        self.refused.is_empty()
    }

    /// The entries applying it writes (added and changed, new state).
    pub fn writes(&self) -> Vec<WordEntry> {
        self.added
            .iter()
            .map(|(_, e)| e.clone())
            .chain(self.changed.iter().map(|(_, _, e)| e.clone()))
            .collect()
    }
}

fn row_to_entry(row: &ImportRow, now: DateTime<Utc>) -> Result<WordEntry, ModerationError> {
    Ok(WordEntry {
        phrase: Phrase::parse(&row.phrase)?,
        action: parse_action(&row.action)?,
        note: parse_note(&row.note)?,
        created_at: now,
    })
}

/// Plans `rows` against `existing` (every listed entry, by key); an added entry is created
/// `now`, a changed one keeps when it was created.
pub fn plan(
    rows: &[ImportRow],
    existing: &HashMap<String, WordEntry>,
    now: DateTime<Utc>,
) -> ImportPlan {
    let mut plan = ImportPlan::default();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for row in rows {
        let entry = match row_to_entry(row, now) {
            Ok(entry) => entry,
            Err(why) => {
                plan.refused.push((
                    row.line,
                    row.phrase.trim().to_owned(),
                    Refusal::Invalid(why),
                ));
                continue;
            }
        };
        if let Some(&first_line) = seen.get(entry.phrase.key()) {
            plan.refused.push((
                row.line,
                entry.phrase.to_string(),
                Refusal::Duplicate { first_line },
            ));
            continue;
        }
        seen.insert(entry.phrase.key().to_owned(), row.line);
        match existing.get(entry.phrase.key()) {
            None => plan.added.push((row.line, entry)),
            Some(old) if old.same_as(&entry) => plan.unchanged += 1,
            Some(old) => {
                let new = WordEntry {
                    created_at: old.created_at,
                    ..entry
                };
                plan.changed.push((row.line, old.clone(), new));
            }
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use chrono::TimeZone;
    use kernel::WordAction;

    fn row(line: usize, phrase: &str, action: &str) -> ImportRow {
        ImportRow {
            line,
            phrase: phrase.into(),
            action: action.into(),
            note: String::new(),
        }
    }

    fn t(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, day, 0, 0, 0).unwrap()
    }

    fn listed() -> HashMap<String, WordEntry> {
        [("foo", WordAction::Refuse), ("法轮", WordAction::Hold)]
            .into_iter()
            .map(|(p, action)| {
                let e = WordEntry {
                    phrase: Phrase::parse(p).unwrap(),
                    action,
                    note: None,
                    created_at: t(1),
                };
                (e.phrase.key().to_owned(), e)
            })
            .collect()
    }

    #[test]
    fn new_changed_unchanged_and_refused_lines_are_told_apart() {
        let rows = [
            row(1, "foo", "refuse"),
            row(2, "法轮", "refuse"),
            row(3, "new word", "hold"),
            row(4, "…!", "refuse"),
            row(5, "bar", "ban"),
            row(6, "ＮＥＷ　ＷＯＲＤ", ""),
            row(7, &"长".repeat(101), ""),
        ];
        let p = plan(&rows, &listed(), t(28));
        assert_eq!(p.unchanged, 1);
        assert_eq!(p.changed.len(), 1);
        assert_eq!(p.changed[0].0, 2);
        assert_eq!(p.changed[0].1.action, WordAction::Hold);
        assert_eq!(p.changed[0].2.action, WordAction::Refuse);
        assert_eq!(
            p.changed[0].2.created_at,
            t(1),
            "a change keeps its creation"
        );
        assert_eq!(p.added.len(), 1);
        assert_eq!(p.added[0].1.created_at, t(28));
        assert_eq!(
            p.refused
                .iter()
                .map(|(l, _, r)| (*l, r.code()))
                .collect::<Vec<_>>(),
            vec![
                (4, "empty_phrase"),
                (5, "invalid_action"),
                (6, "duplicate_phrase"),
                (7, "phrase_too_long")
            ]
        );
        assert_eq!(p.refused[2].2, Refusal::Duplicate { first_line: 3 });
        assert!(
            !p.applicable(),
            "all or nothing: one bad line stops the import"
        );
        assert_eq!(p.writes().len(), 2);
    }

    #[test]
    fn a_new_spelling_of_a_listed_phrase_changes_it() {
        let p = plan(&[row(1, "ＦＯＯ", "refuse")], &listed(), t(28));
        assert_eq!(p.changed.len(), 1);
        assert_eq!(p.changed[0].2.phrase.as_str(), "ＦＯＯ");
        assert!(p.applicable());
    }
}
