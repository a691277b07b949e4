//! The two file formats of an import and an export, CSV and JSON, read into [`ImportRow`]s
//! that keep the line of the uploaded file each came from, and written back so that an export
//! imports as "everything unchanged".
//!
//! - **CSV** (RFC 4180, UTF-8, an optional byte-order mark): a header naming the columns
//!   `code`, `name_zh`, `name_en`, `lat`, `lon` and optionally `tile_col`, `tile_row`, in any
//!   order; fields may be quoted (`"…"`, `""` for a quote, line breaks inside). A record's line
//!   is the file's line it starts on (the header is line 1). Blank lines are skipped. A field
//!   the export guarded against spreadsheet formulas (`'=…`, `'@…`; [`kernel::csv`]) is read
//!   without its guard.
//! - **JSON**: an array of objects `{code, nameZh, nameEn, lat, lon, tile: {col, row} | null}`;
//!   values may be strings or numbers, other keys are ignored. An object's line is the file's
//!   line its `{` is on.
//!
//! A file that cannot be read as its format at all is a [`FormatError`] (the whole file is
//! refused); a line that reads but breaks a rule is the import plan's business.

use crate::import::ImportRow;
use crate::model::District;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use thiserror::Error;

/// The most lines an import may have (GB/T 2260 has about 3,200 divisions in all).
pub const MAX_ROWS: usize = 5_000;

/// The columns of a CSV file, in the order an export writes them.
pub const CSV_COLUMNS: [&str; 7] = [
    "code", "name_zh", "name_en", "lat", "lon", "tile_col", "tile_row",
];
const REQUIRED_COLUMNS: [&str; 5] = ["code", "name_zh", "name_en", "lat", "lon"];

/// Why a file could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatError {
    #[error("the file is empty")]
    Empty,
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    #[error("the file has more than {max} lines")]
    TooManyRows { max: usize },
    #[error("the CSV header lacks the column {0}")]
    MissingColumn(&'static str),
    #[error("the CSV header names an unknown or repeated column {0:?}")]
    UnknownColumn(String),
    #[error("line {line}: a quoted CSV field is not closed, or text follows its closing quote")]
    BadQuoting { line: usize },
    #[error("line {line}: {found} fields where the header has {expected}")]
    FieldCount {
        line: usize,
        expected: usize,
        found: usize,
    },
    #[error("line {line}: not JSON")]
    NotJson { line: usize },
    #[error("the JSON file is not an array of districts")]
    NotAnArray,
    #[error("line {line}: an entry of the JSON array is not an object")]
    NotAnObject { line: usize },
    #[error("line {line}: the field {field} is neither a string nor a number")]
    BadValue { line: usize, field: &'static str },
}

impl FormatError {
    /// The line of the file the fault is on, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Self::BadQuoting { line }
            | Self::FieldCount { line, .. }
            | Self::NotJson { line }
            | Self::NotAnObject { line }
            | Self::BadValue { line, .. } => Some(*line),
            _ => None,
        }
    }
}

fn text(bytes: &[u8]) -> Result<&str, FormatError> {
    let s = std::str::from_utf8(bytes).map_err(|_| FormatError::NotUtf8)?;
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    if s.trim().is_empty() {
        return Err(FormatError::Empty);
    }
    Ok(s)
}

/// The records of a CSV text, each with the line it starts on; blank lines are skipped.
fn csv_records(s: &str) -> Result<Vec<(usize, Vec<String>)>, FormatError> {
    let mut records = Vec::new();
    let mut chars = s.chars().peekable();
    let mut line = 1;
    while chars.peek().is_some() {
        let start = line;
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut quoted_field = false;
        loop {
            match chars.next() {
                None => {
                    fields.push(std::mem::take(&mut field));
                    break;
                }
                Some('"') if field.is_empty() && !quoted_field => {
                    quoted_field = true;
                    loop {
                        match chars.next() {
                            None => return Err(FormatError::BadQuoting { line: start }),
                            Some('"') if chars.peek() == Some(&'"') => {
                                chars.next();
                                field.push('"');
                            }
                            Some('"') => break,
                            Some(c) => {
                                if c == '\n' {
                                    line += 1;
                                }
                                field.push(c);
                            }
                        }
                    }
                    if !matches!(chars.peek(), None | Some(',' | '\n' | '\r')) {
                        return Err(FormatError::BadQuoting { line: start });
                    }
                }
                Some(',') => {
                    fields.push(std::mem::take(&mut field));
                    quoted_field = false;
                }
                Some('\r') if chars.peek() == Some(&'\n') => {}
                Some('\n' | '\r') => {
                    line += 1;
                    fields.push(std::mem::take(&mut field));
                    break;
                }
                Some('"') => return Err(FormatError::BadQuoting { line }),
                Some(c) => field.push(c),
            }
        }
        let blank = fields.len() == 1 && fields[0].trim().is_empty() && !quoted_field;
        if !blank {
            records.push((start, fields));
        }
    }
    Ok(records)
}

/// Reads a CSV file (see the module's documentation).
///
/// # Errors
/// A [`FormatError`] when the file is not UTF-8, has no usable header, a broken quote or a
/// record with another number of fields than the header, or too many lines.
pub fn parse_csv(bytes: &[u8]) -> Result<Vec<ImportRow>, FormatError> {
    let mut records = csv_records(text(bytes)?)?.into_iter();
    let Some((_, header)) = records.next() else {
        return Err(FormatError::Empty);
    };
    let mut index: [Option<usize>; 7] = [None; 7];
    for (i, name) in header.iter().enumerate() {
        let name = name.trim().to_ascii_lowercase();
        let Some(k) = CSV_COLUMNS.iter().position(|c| *c == name) else {
            return Err(FormatError::UnknownColumn(name));
        };
        if index[k].replace(i).is_some() {
            return Err(FormatError::UnknownColumn(name));
        }
    }
    for (k, column) in CSV_COLUMNS.iter().enumerate() {
        if index[k].is_none() && REQUIRED_COLUMNS.contains(column) {
            return Err(FormatError::MissingColumn(column));
        }
    }
    let mut rows = Vec::new();
    for (line, fields) in records {
        if fields.len() != header.len() {
            return Err(FormatError::FieldCount {
                line,
                expected: header.len(),
                found: fields.len(),
            });
        }
        if rows.len() == MAX_ROWS {
            return Err(FormatError::TooManyRows { max: MAX_ROWS });
        }
        // An export's formula guard (`'=…`) is read back: a round trip keeps every name.
        let field = |k: usize| {
            index[k]
                .map(|i| kernel::csv::unguard(&fields[i]).to_owned())
                .unwrap_or_default()
        };
        rows.push(ImportRow {
            line,
            code: field(0),
            name_zh: field(1),
            name_en: field(2),
            lat: field(3),
            lon: field(4),
            tile_col: field(5),
            tile_row: field(6),
        });
    }
    Ok(rows)
}

/// The 1-based line of byte `offset` of `s`.
fn line_at(s: &str, offset: usize) -> usize {
    s.as_bytes()[..offset.min(s.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// A JSON value as an import reads it: a string as written, a number as its text, absent or
/// `null` as empty.
fn scalar(
    object: &Map<String, Value>,
    key: &str,
    field: &'static str,
    line: usize,
) -> Result<String, FormatError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        Some(_) => Err(FormatError::BadValue { line, field }),
    }
}

/// Reads a JSON file (see the module's documentation).
///
/// # Errors
/// A [`FormatError`] when the file is not UTF-8 or not JSON, not an array, holds something
/// other than objects or a value that is neither a string nor a number, or has too many lines.
pub fn parse_json(bytes: &[u8]) -> Result<Vec<ImportRow>, FormatError> {
    let s = text(bytes)?;
    let entries: Vec<&RawValue> = serde_json::from_str(s).map_err(|e| {
        if e.is_data() {
            FormatError::NotAnArray
        } else {
            FormatError::NotJson { line: e.line() }
        }
    })?;
    if entries.len() > MAX_ROWS {
        return Err(FormatError::TooManyRows { max: MAX_ROWS });
    }
    let mut rows = Vec::with_capacity(entries.len());
    for raw in entries {
        // The raw value is a slice of `s`: its offset there gives its line.
        let offset = (raw.get().as_ptr() as usize).saturating_sub(s.as_ptr() as usize);
        let line = line_at(s, offset);
        let Ok(Value::Object(object)) = serde_json::from_str::<Value>(raw.get()) else {
            return Err(FormatError::NotAnObject { line });
        };
        let (tile_col, tile_row) = match object.get("tile") {
            None | Some(Value::Null) => (String::new(), String::new()),
            Some(Value::Object(tile)) => (
                scalar(tile, "col", "tile.col", line)?,
                scalar(tile, "row", "tile.row", line)?,
            ),
            Some(_) => {
                return Err(FormatError::BadValue {
                    line,
                    field: "tile",
                });
            }
        };
        rows.push(ImportRow {
            line,
            code: scalar(&object, "code", "code", line)?,
            name_zh: scalar(&object, "nameZh", "nameZh", line)?,
            name_en: scalar(&object, "nameEn", "nameEn", line)?,
            lat: scalar(&object, "lat", "lat", line)?,
            lon: scalar(&object, "lon", "lon", line)?,
            tile_col,
            tile_row,
        });
    }
    Ok(rows)
}

/// The districts as a CSV file with the header [`CSV_COLUMNS`] (CRLF line ends, as RFC 4180
/// and spreadsheet programs want), by the one writer of every export,
/// [`kernel::csv::write`]: a name a spreadsheet would run as a formula is written with a
/// leading `'`, which [`parse_csv`] takes off again.
pub fn to_csv(districts: &[District]) -> String {
    kernel::csv::write(
        &CSV_COLUMNS,
        districts.iter().map(|d| {
            let (col, row) = d
                .tile
                .map(|t| (t.col.to_string(), t.row.to_string()))
                .unwrap_or_default();
            [
                d.code.as_str().to_owned(),
                d.name_zh.clone(),
                d.name_en.clone(),
                d.lat.to_string(),
                d.lon.to_string(),
                col,
                row,
            ]
        }),
    )
}

#[derive(Serialize)]
struct JsonTile {
    col: u8,
    row: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonDistrict<'a> {
    code: &'a str,
    name_zh: &'a str,
    name_en: &'a str,
    lat: f64,
    lon: f64,
    tile: Option<JsonTile>,
}

/// The districts as a JSON file (an array, one object per district).
///
/// # Errors
/// Never for districts (they hold only strings and finite numbers).
pub fn to_json(districts: &[District]) -> Result<String, serde_json::Error> {
    let entries: Vec<JsonDistrict<'_>> = districts
        .iter()
        .map(|d| JsonDistrict {
            code: d.code.as_str(),
            name_zh: &d.name_zh,
            name_en: &d.name_en,
            lat: d.lat,
            lon: d.lon,
            tile: d.tile.map(|t| JsonTile {
                col: t.col,
                row: t.row,
            }),
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&entries)?;
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::import::plan;
    use crate::model::DistrictCode;
    use crate::provinces::provinces;
    use std::collections::HashMap;

    #[test]
    fn csv_lines_are_the_files_lines_with_quotes_blank_lines_and_a_bom() {
        let file = "\u{feff}code,name_zh,name_en,lat,lon\r\n\
                    510100,成都市,Chengdu,30.5728,104.0668\r\n\
                    \r\n\
                    510700,绵阳市,\"Mianyang, \"\"Science City\"\"\",31.46,104.67\n\
                    510800,广元市,\"Guang\nyuan\",32.43,105.84\n\
                    510900,遂宁市,Suining,30.53,105.59";
        let rows = parse_csv(file.as_bytes()).unwrap();
        assert_eq!(
            rows.iter().map(|r| r.line).collect::<Vec<_>>(),
            vec![2, 4, 5, 7]
        );
        assert_eq!(rows[1].name_en, "Mianyang, \"Science City\"");
        assert_eq!(rows[2].name_en, "Guang\nyuan");
        assert_eq!(rows[3].lon, "105.59");
        assert_eq!(rows[0].tile_col, "", "absent optional columns are empty");
    }

    #[test]
    fn csv_columns_may_come_in_any_order_but_must_all_be_known() {
        let rows =
            parse_csv(b"lon,lat,Name_EN,name_zh,code,tile_row,tile_col\n1,2,B,Bj,110000,3,4\n")
                .unwrap();
        assert_eq!(
            (
                rows[0].code.as_str(),
                rows[0].lat.as_str(),
                rows[0].tile_col.as_str()
            ),
            ("110000", "2", "4")
        );
        assert_eq!(
            parse_csv(b"code,name_zh,name_en,lat\n"),
            Err(FormatError::MissingColumn("lon"))
        );
        assert_eq!(
            parse_csv(b"code,name,name_en,lat,lon\n"),
            Err(FormatError::UnknownColumn("name".into()))
        );
        assert_eq!(
            parse_csv(b"code,code,name_zh,name_en,lat,lon\n"),
            Err(FormatError::UnknownColumn("code".into()))
        );
    }

    #[test]
    fn garbage_is_refused_as_a_whole_with_its_line() {
        assert_eq!(parse_csv(b""), Err(FormatError::Empty));
        assert_eq!(parse_csv(b" \n "), Err(FormatError::Empty));
        assert_eq!(parse_csv(&[0xff, 0xfe, 0x00]), Err(FormatError::NotUtf8));
        assert_eq!(
            parse_csv(b"code,name_zh,name_en,lat,lon\n1,2,3,4,5\n1,2,3\n"),
            Err(FormatError::FieldCount {
                line: 3,
                expected: 5,
                found: 3
            })
        );
        assert_eq!(
            parse_csv(b"code,name_zh,name_en,lat,lon\n1,\"2,3,4,5\n"),
            Err(FormatError::BadQuoting { line: 2 })
        );
        assert_eq!(
            parse_csv(b"code,name_zh,name_en,lat,lon\n1,\"2\"x,3,4,5\n"),
            Err(FormatError::BadQuoting { line: 2 })
        );
        assert_eq!(
            parse_json(b"[\n{\"code\": 1},\n{oops}\n]"),
            Err(FormatError::NotJson { line: 3 })
        );
        assert_eq!(
            parse_json(b"{\"code\":\"110000\"}"),
            Err(FormatError::NotAnArray)
        );
        assert_eq!(
            parse_json(b"[\n  {\"code\":\"110000\"},\n  42\n]"),
            Err(FormatError::NotAnObject { line: 3 })
        );
        assert_eq!(
            parse_json(b"[{\"code\": [1]}]"),
            Err(FormatError::BadValue {
                line: 1,
                field: "code"
            })
        );
        let many = format!(
            "code,name_zh,name_en,lat,lon\n{}",
            "110000,a,b,1,2\n".repeat(MAX_ROWS + 1)
        );
        assert_eq!(
            parse_csv(many.as_bytes()),
            Err(FormatError::TooManyRows { max: MAX_ROWS })
        );
    }

    #[test]
    fn json_entries_carry_the_line_of_their_brace_and_accept_numbers() {
        let file = "[\n  {\"code\": \"510100\", \"nameZh\": \"成都市\", \"nameEn\": \"Chengdu\",\n   \"lat\": 30.5728, \"lon\": \"104.0668\"},\n\n  {\"code\": 510000, \"tile\": {\"col\": 2, \"row\": \"4\"}, \"level\": \"province\"}\n]";
        let rows = parse_json(file.as_bytes()).unwrap();
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), vec![2, 5]);
        assert_eq!(rows[0].lat, "30.5728");
        assert_eq!(rows[0].lon, "104.0668");
        assert_eq!(rows[1].code, "510000");
        assert_eq!(
            (rows[1].tile_col.as_str(), rows[1].tile_row.as_str()),
            ("2", "4")
        );
        assert_eq!(
            rows[1].name_zh, "",
            "absent is empty (then refused by the plan)"
        );
        assert_eq!(parse_json(b"[]"), Ok(vec![]));
    }

    #[test]
    fn an_export_in_either_format_imports_as_unchanged() {
        let all = provinces().unwrap();
        let mut odd = District::new(
            DistrictCode::parse("510100").unwrap(),
            "成都市",
            "Chengdu, \"Rong\"",
            30.5728,
            -0.1,
            None,
        )
        .unwrap();
        odd.lat = 1.0 / 3.0;
        let formulas = District::new(
            DistrictCode::parse("510700").unwrap(),
            "=HYPERLINK(\"http://evil.example\",\"绵阳\")",
            "@SUM(1+1)",
            31.46,
            104.67,
            None,
        )
        .unwrap();
        let csv = to_csv(std::slice::from_ref(&formulas));
        assert!(
            csv.contains(",\"'=HYPERLINK(") && csv.contains(",'@SUM(1+1),"),
            "guarded against spreadsheets: {csv}"
        );
        let mut districts = all.clone();
        districts.push(odd);
        districts.push(formulas);
        let existing: HashMap<DistrictCode, District> = districts
            .iter()
            .map(|d| (d.code.clone(), d.clone()))
            .collect();
        for rows in [
            parse_csv(to_csv(&districts).as_bytes()).unwrap(),
            parse_json(to_json(&districts).unwrap().as_bytes()).unwrap(),
        ] {
            let plan = plan(&rows, &existing);
            assert_eq!(plan.unchanged, districts.len(), "{:?}", plan.refused);
            assert!(plan.added.is_empty() && plan.changed.is_empty() && plan.refused.is_empty());
        }
    }
}
