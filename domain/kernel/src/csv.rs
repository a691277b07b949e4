//! The one CSV writer of every export (the audit log, the districts), over the `csv` crate:
//! RFC 4180, UTF-8, CRLF line ends, a header row, a field quoted only when it must be.
//!
//! **Formulas.** A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a
//! carriage return as a formula, and exports carry user-chosen text (a district's name, an
//! audit detail). Such a field is written with a leading `'`, which spreadsheets take as
//! "text" and do not show. A plain number (`-0.5`, `+3`) is not a formula and is written as it
//! is. A field that already starts with `'` before such a character gets one more, so
//! [`unguard`] — what every import of our own exports applies — gives back exactly what was
//! written: `guard` and `unguard` are inverse, and a round trip holds for any text.

/// The characters a spreadsheet starts a formula with.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Whether `raw`, once any leading `'` are set aside, would run as a formula.
fn needs_guard(raw: &str) -> bool {
    let rest = raw.trim_start_matches('\'');
    rest.starts_with(FORMULA_STARTS) && rest.trim().parse::<f64>().is_err()
}

/// The field as an export writes it: `'` before anything a spreadsheet would run.
pub fn guard(raw: &str) -> std::borrow::Cow<'_, str> {
    if needs_guard(raw) {
        std::borrow::Cow::Owned(format!("'{raw}"))
    } else {
        std::borrow::Cow::Borrowed(raw)
    }
}

/// The field as it was before [`guard`]: the inverse, for imports of an export.
pub fn unguard(field: &str) -> &str {
    match field.strip_prefix('\'') {
        Some(rest) if needs_guard(rest) => rest,
        _ => field,
    }
}

/// A CSV file of `header` and `rows`, every field passed through [`guard`].
pub fn write<R, F>(header: &[&str], rows: R) -> String
where
    R: IntoIterator<Item = F>,
    F: IntoIterator,
    F::Item: AsRef<str>,
{
    let mut writer = ::csv::WriterBuilder::new()
        .terminator(::csv::Terminator::CRLF)
        .quote_style(::csv::QuoteStyle::Necessary)
        .flexible(true)
        .from_writer(Vec::new());
    // Writing into a Vec cannot fail, and every field is a `str`, so the output is UTF-8.
    let _ = writer.write_record(header.iter().map(|h| guard(h).into_owned()));
    for row in rows {
        let fields: Vec<String> = row
            .into_iter()
            .map(|f| guard(f.as_ref()).into_owned())
            .collect();
        let _ = writer.write_record(&fields);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn formulas_are_guarded_and_numbers_and_text_are_not() {
        for (raw, written) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
            ("+1+2", "'+1+2"),
            ("-2+3", "'-2+3"),
            ("\tx", "'\tx"),
            ("'=x", "''=x"),
            ("-0.5", "-0.5"),
            ("104.0668", "104.0668"),
            ("成都市", "成都市"),
            ("'quoted'", "'quoted'"),
            ("", ""),
        ] {
            assert_eq!(guard(raw), written, "{raw:?}");
            assert_eq!(unguard(written), raw, "{written:?} reads back");
        }
    }

    #[test]
    fn rows_are_rfc_4180_with_crlf() {
        let csv = write(
            &["a", "b"],
            [vec!["x, \"y\"\nz", "=1+1"], vec!["plain", "-1"]],
        );
        assert_eq!(csv, "a,b\r\n\"x, \"\"y\"\"\nz\",'=1+1\r\nplain,-1\r\n");
    }
}
