//! The two file formats of an import and an export, CSV and TXT, read into [`ImportRow`]s that
//! keep the line of the uploaded file each came from, and written back so that an export imports
//! as "everything unchanged".
//!
//! - **CSV** (RFC 4180, UTF-8, an optional byte-order mark): records `phrase,action[,note]`;
//!   an optional header (a first record with a field `phrase`) naming the columns `phrase`,
//!   `action`, `note` in any order, only `phrase` required. `action` is `refuse` or `hold`, blank is `refuse`. A field the export
//!   guarded against spreadsheet formulas (`'=…`; [`kernel::csv`]) is read without its guard.
//! - **TXT** (UTF-8): one phrase per line; blank lines and lines starting with `#` are skipped;
//!   a tab after the phrase and `hold` (or `refuse`) sets the action, which is `refuse`
//!   otherwise. A TXT file has no notes: an export in TXT leaves them out.
//!
//! A file that cannot be read as its format at all is a [`FormatError`] (the whole file is
//! refused); a line that reads but breaks a rule is the import plan's business.

use crate::import::ImportRow;
use crate::model::{WordEntry, action_name};
use kernel::WordAction;
use thiserror::Error;

/// The most entries the list may hold, and so the most lines an import may have.
pub const MAX_ENTRIES: usize = 20_000;
/// The largest file an import reads (2 MiB).
pub const MAX_FILE_BYTES: usize = 2 * 1024 * 1024;
/// The columns of a CSV file, in the order an export writes them.
pub const CSV_COLUMNS: [&str; 3] = ["phrase", "action", "note"];

/// Why a file could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatError {
    /// Nothing but blank lines, comments or a header.
    #[error("the file has no entries")]
    Empty,
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    #[error("the file is larger than {max} bytes")]
    TooLarge { max: usize },
    #[error("the file has more than {max} entries")]
    TooManyRows { max: usize },
    #[error("the CSV header names an unknown or repeated column {0:?}")]
    UnknownColumn(String),
    #[error("line {line}: not CSV (a quote is not closed)")]
    BadCsv { line: usize },
    #[error("line {line}: {found} fields where at most 3 are read (phrase, action, note)")]
    FieldCount { line: usize, found: usize },
}

impl FormatError {
    /// The line of the file the fault is on, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Self::BadCsv { line } | Self::FieldCount { line, .. } => Some(*line),
            _ => None,
        }
    }
}

fn text(bytes: &[u8]) -> Result<&str, FormatError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(FormatError::TooLarge {
            max: MAX_FILE_BYTES,
        });
    }
    let s = std::str::from_utf8(bytes).map_err(|_| FormatError::NotUtf8)?;
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    if s.trim().is_empty() {
        return Err(FormatError::Empty);
    }
    Ok(s)
}

/// The 1-based line a record starts on, from the reader's byte offset (the end of the record
/// before, so blank lines between them are stepped over; the reader's own line count does not
/// count them).
fn line_at(s: &str, offset: usize) -> usize {
    let bytes = s.as_bytes();
    let mut offset = offset.min(bytes.len());
    while offset < bytes.len() && matches!(bytes[offset], b'\r' | b'\n') {
        offset += 1;
    }
    bytes[..offset].iter().filter(|&&b| b == b'\n').count() + 1
}

fn push(rows: &mut Vec<ImportRow>, row: ImportRow) -> Result<(), FormatError> {
    if rows.len() == MAX_ENTRIES {
        return Err(FormatError::TooManyRows { max: MAX_ENTRIES });
    }
    rows.push(row);
    Ok(())
}

/// Reads a CSV file (see the module's documentation).
///
/// # Errors
/// A [`FormatError`] when the file is too large, not UTF-8, has a broken quote, a record of
/// more than three fields, an unknown header column, or too many entries.
pub fn parse_csv(bytes: &[u8]) -> Result<Vec<ImportRow>, FormatError> {
    let s = text(bytes)?;
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(s.as_bytes());
    // Where phrase, action and note are among a record's fields.
    let mut index: [Option<usize>; 3] = [Some(0), Some(1), Some(2)];
    let mut rows = Vec::new();
    let mut first = true;
    for record in reader.records() {
        let record = record.map_err(|e| FormatError::BadCsv {
            line: e.position().map_or(1, |p| line_at(s, p.byte() as usize)),
        })?;
        let line = record
            .position()
            .map_or(1, |p| line_at(s, p.byte() as usize));
        if first {
            first = false;
            if record
                .iter()
                .any(|f| f.trim().eq_ignore_ascii_case("phrase"))
            {
                index = [None; 3];
                for (i, name) in record.iter().enumerate() {
                    let name = name.trim().to_ascii_lowercase();
                    let Some(k) = CSV_COLUMNS.iter().position(|c| *c == name) else {
                        return Err(FormatError::UnknownColumn(name));
                    };
                    if index[k].replace(i).is_some() {
                        return Err(FormatError::UnknownColumn(name));
                    }
                }
                continue;
            }
        }
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if record.len() > CSV_COLUMNS.len() {
            return Err(FormatError::FieldCount {
                line,
                found: record.len(),
            });
        }
        let field = |k: usize| {
            index[k]
                .and_then(|i| record.get(i))
                .map(|f| kernel::csv::unguard(f).to_owned())
                .unwrap_or_default()
        };
        push(
            &mut rows,
            ImportRow {
                line,
                phrase: field(0),
                action: field(1),
                note: field(2),
            },
        )?;
    }
    if rows.is_empty() {
        return Err(FormatError::Empty);
    }
    Ok(rows)
}

/// Reads a TXT file (see the module's documentation).
///
/// # Errors
/// A [`FormatError`] when the file is too large, not UTF-8, or has too many entries.
pub fn parse_txt(bytes: &[u8]) -> Result<Vec<ImportRow>, FormatError> {
    let s = text(bytes)?;
    let mut rows = Vec::new();
    for (i, raw) in s.lines().enumerate() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (phrase, action) = match raw.rsplit_once('\t') {
            Some((phrase, action)) if !phrase.trim().is_empty() => (phrase, action),
            _ => (raw, ""),
        };
        push(
            &mut rows,
            ImportRow {
                line: i + 1,
                phrase: phrase.trim().to_owned(),
                action: action.trim().to_owned(),
                note: String::new(),
            },
        )?;
    }
    if rows.is_empty() {
        return Err(FormatError::Empty);
    }
    Ok(rows)
}

/// The entries as a CSV file with the header [`CSV_COLUMNS`] (CRLF line ends), by the one
/// writer of every export, [`kernel::csv::write`].
pub fn to_csv(entries: &[WordEntry]) -> String {
    kernel::csv::write(
        &CSV_COLUMNS,
        entries.iter().map(|e| {
            [
                e.phrase.as_str().to_owned(),
                action_name(e.action).to_owned(),
                e.note.clone().unwrap_or_default(),
            ]
        }),
    )
}

/// The entries as a TXT file: a comment saying the format, then one phrase per line, a tab and
/// `hold` after the phrases held for review (notes are left out).
pub fn to_txt(entries: &[WordEntry]) -> String {
    let mut out = String::from(
        "# Courtyard word list: one phrase per line; a tab and \"hold\" after a phrase holds \
         for review, otherwise refused.\n",
    );
    for e in entries {
        out.push_str(e.phrase.as_str());
        if e.action == WordAction::Hold {
            out.push_str("\thold");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::import::plan;
    use crate::model::Phrase;
    use chrono::{TimeZone, Utc};
    use std::collections::HashMap;

    fn lines(rows: &[ImportRow]) -> Vec<usize> {
        rows.iter().map(|r| r.line).collect()
    }

    #[test]
    fn csv_reads_with_or_without_a_header_keeping_the_files_lines() {
        let plain =
            parse_csv("foo,refuse\n\n法轮,hold,\"a note, quoted\"\nbar\n".as_bytes()).unwrap();
        assert_eq!(lines(&plain), vec![1, 3, 4]);
        assert_eq!(plain[1].phrase, "法轮");
        assert_eq!(plain[1].action, "hold");
        assert_eq!(plain[1].note, "a note, quoted");
        assert_eq!(plain[2].action, "", "blank: refuse, the plan says");
        let headed = parse_csv("\u{feff}Note,phrase\r\nwhy,foo\r\n".as_bytes()).unwrap();
        assert_eq!(lines(&headed), vec![2]);
        assert_eq!(
            (headed[0].phrase.as_str(), headed[0].note.as_str()),
            ("foo", "why")
        );
        assert_eq!(
            parse_csv(b"phrase,level\n"),
            Err(FormatError::UnknownColumn("level".into()))
        );
    }

    #[test]
    fn the_error_messages_state_the_bounds_of_the_code() {
        assert!(
            crate::ModerationError::TooManyEntries { max: MAX_ENTRIES }
                .to_string()
                .contains("20000")
        );
        assert_eq!(MAX_FILE_BYTES, 2 * 1024 * 1024);
    }

    #[test]
    fn garbage_is_refused_as_a_whole_with_its_line() {
        assert_eq!(parse_csv(b""), Err(FormatError::Empty));
        assert_eq!(parse_txt(b" \n\t\n"), Err(FormatError::Empty));
        assert_eq!(parse_txt(b"# only a comment\n"), Err(FormatError::Empty));
        assert_eq!(parse_csv(b"phrase,action\n"), Err(FormatError::Empty));
        assert_eq!(parse_txt(&[0xff, 0xfe, 0x00]), Err(FormatError::NotUtf8));
        assert_eq!(
            parse_csv(b"foo,refuse\nbar,hold,x,y\n"),
            Err(FormatError::FieldCount { line: 2, found: 4 })
        );
        let big = vec![b'a'; MAX_FILE_BYTES + 1];
        assert_eq!(
            parse_txt(&big),
            Err(FormatError::TooLarge {
                max: MAX_FILE_BYTES
            })
        );
        let many = "w\n".repeat(MAX_ENTRIES + 1);
        assert_eq!(
            parse_txt(many.as_bytes()),
            Err(FormatError::TooManyRows { max: MAX_ENTRIES })
        );
    }

    #[test]
    fn txt_has_comments_blank_lines_and_a_tab_before_the_action() {
        let rows =
            parse_txt("# the list\n法轮\n\n  foo bar  \t hold\r\nbaz\trefuse\n#x\tq\n".as_bytes())
                .unwrap();
        assert_eq!(lines(&rows), vec![2, 4, 5]);
        assert_eq!(
            (rows[1].phrase.as_str(), rows[1].action.as_str()),
            ("foo bar", "hold")
        );
        assert_eq!(rows[0].action, "");
        assert_eq!(rows[2].action, "refuse");
    }

    #[test]
    fn an_export_in_either_format_imports_as_unchanged() {
        let at = Utc.with_ymd_and_hms(2026, 11, 28, 0, 0, 0).unwrap();
        let entry = |p: &str, action, note: Option<&str>| WordEntry {
            phrase: Phrase::parse(p).unwrap(),
            action,
            note: note.map(str::to_owned),
            created_at: at,
        };
        let entries = vec![
            entry("法轮", WordAction::Refuse, Some("规则 3, \"引号\"")),
            entry("=cmd()", WordAction::Hold, None),
            entry("foo bar", WordAction::Hold, Some("@SUM(1)")),
        ];
        let csv = to_csv(&entries);
        assert!(csv.contains("'=cmd()") && csv.contains("'@SUM(1)"), "{csv}");
        let existing: HashMap<String, WordEntry> = entries
            .iter()
            .map(|e| (e.phrase.key().to_owned(), e.clone()))
            .collect();
        let p = plan(&parse_csv(csv.as_bytes()).unwrap(), &existing, at);
        assert_eq!(p.unchanged, 3, "{:?}", p);
        // TXT keeps no notes: imported over entries without notes it is unchanged too.
        let bare: Vec<WordEntry> = entries
            .iter()
            .map(|e| WordEntry {
                note: None,
                ..e.clone()
            })
            .collect();
        let existing: HashMap<String, WordEntry> = bare
            .iter()
            .map(|e| (e.phrase.key().to_owned(), e.clone()))
            .collect();
        let p = plan(&parse_txt(to_txt(&bare).as_bytes()).unwrap(), &existing, at);
        assert_eq!(p.unchanged, 3, "{:?}", p);
        assert!(p.added.is_empty() && p.changed.is_empty() && p.applicable());
    }
}
