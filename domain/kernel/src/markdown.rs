//! Markdown as plain text, and the excerpt of a plain text: what an excerpt shows and what the
//! search index reads.

/// The text of `markdown` without its marks: headings', quotes' and lists' leading marks,
/// fenced-code fences, emphasis marks and image and link targets (`![alt](url)` → `alt`,
/// `[text](url)` → `text`) removed, and runs of white space folded to one space. With `stop`,
/// reading stops at the first line that takes the text past `stop` characters (the caller
/// cuts).
pub fn plain(markdown: &str, stop: Option<usize>) -> String {
    let mut text = String::new();
    for line in markdown.lines() {
        let line = line.trim_start_matches(['#', '>', ' ', '\t', '-', '*', '+', '|']);
        if line.starts_with("```") {
            continue;
        }
        let mut rest = line;
        let mut out = String::new();
        // `![alt](url)` → alt, `[text](url)` → text.
        while let Some(open) = rest.find('[') {
            let (before, after) = rest.split_at(open);
            out.push_str(before.trim_end_matches('!'));
            match (after.find("]("), after.find(')')) {
                (Some(close), Some(end)) if close < end => {
                    out.push_str(&after[1..close]);
                    rest = &after[end + 1..];
                }
                _ => {
                    out.push('[');
                    rest = &after[1..];
                }
            }
        }
        out.push_str(rest);
        let cleaned: String = out
            .chars()
            .filter(|c| !matches!(c, '*' | '_' | '`' | '~'))
            .collect();
        if !cleaned.trim().is_empty() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(
                cleaned
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .as_str(),
            );
        }
        if stop.is_some_and(|max| text.chars().count() > max) {
            break;
        }
    }
    text
}

/// At most `max` characters of `text` (`max` ≥ 1), white space folded to single spaces; a cut
/// text ends with `…` within the `max`. A notice's detail, a report case's excerpt.
pub fn excerpt(text: &str, max: usize) -> String {
    let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if folded.chars().count() <= max {
        return folded;
    }
    let mut cut: String = folded.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_and_targets_go_and_the_words_stay() {
        let md = "# Title\n\n**Bold** and _it_ with [a link](https://x.example/y) \
                  and ![a shelf](/api/media/1#2x3).\n\n```\n- item\n> quote";
        assert_eq!(
            plain(md, None),
            "Title Bold and it with a link and a shelf. item quote"
        );
    }

    #[test]
    fn an_excerpt_folds_white_space_and_cuts_within_its_length() {
        assert_eq!(excerpt("  a\n\n b  ", 5), "a b");
        assert_eq!(excerpt("abcdef", 4), "abc…");
        assert_eq!(excerpt("abcd", 4), "abcd");
    }

    #[test]
    fn reading_stops_past_the_stop() {
        let md = "one two\nthree four\nfive";
        assert_eq!(plain(md, Some(3)), "one two");
        assert_eq!(plain(md, None), "one two three four five");
    }
}
