//! The registry of error codes (`http::area::error_codes`: the shared codes, then each area's
//! from its line in the route table): every code is registered once, constructed by the server's
//! source, documented in the OpenAPI document, and has its sentence in Chinese and in English.

use app_server::http::area::error_codes;
use app_server::http::error::RegisteredCode;
use app_server::http::{AREAS, ApiDoc};
use app_server::i18n::Lang;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn registry() -> Vec<RegisteredCode> {
    error_codes(AREAS)
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The server's source without comments: where a code is constructed (`GroupsCode::X`).
fn source() -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = String::new();
    for file in rust_files(&src) {
        for line in std::fs::read_to_string(&file).unwrap().lines() {
            if !line.trim_start().starts_with("//") {
                all.push_str(line);
                all.push('\n');
            }
        }
    }
    all
}

#[test]
fn every_code_is_registered_once_in_snake_case() {
    let codes = registry();
    let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
    for c in &codes {
        assert!(
            !c.code.is_empty()
                && c.code
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch == '_')
                && !c.code.starts_with('_')
                && !c.code.ends_with('_'),
            "{} ({}) is not snake_case",
            c.code,
            c.name
        );
        if let Some(first) = seen.insert(c.code, c.name) {
            panic!(
                "`{}` is registered twice ({first} and {}): a code two areas answer is a \
                 SharedCode",
                c.code, c.name
            );
        }
    }
    // The shared codes and at least the areas that map a domain's errors.
    assert!(codes.len() > 100, "only {} codes registered", codes.len());
    for code in [
        "not_found",
        "invalid_cursor",
        "wrong_invite_code",
        "invalid_menu",
    ] {
        assert!(seen.contains_key(code), "`{code}` is not registered");
    }
}

#[test]
fn every_code_is_constructed_by_the_server() {
    let source = source();
    let unused: Vec<_> = registry()
        .into_iter()
        .filter(|c| !source.contains(c.name))
        .map(|c| format!("{} (`{}`)", c.name, c.code))
        .collect();
    assert!(
        unused.is_empty(),
        "registered but never constructed — remove them or use them: {unused:?}"
    );
}

#[test]
fn every_code_is_documented_in_the_openapi_document() {
    for lang in [Lang::En, Lang::Zh] {
        let doc = ApiDoc::json(lang).unwrap().to_string();
        let missing: Vec<_> = registry()
            .into_iter()
            .filter(|c| !doc.contains(&format!("`{}`", c.code)))
            .map(|c| c.code)
            .collect();
        assert!(
            missing.is_empty(),
            "not named in the {} OpenAPI document (an operation's response description, or \
             ErrorBody.code for what any operation may answer): {missing:?}",
            lang.as_str()
        );
    }
}

#[test]
fn every_code_has_its_sentence_in_chinese_and_in_english() {
    let is_chinese = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    for c in registry() {
        let (zh, en) = (c.msg.text(Lang::Zh), c.msg.text(Lang::En));
        assert!(is_chinese(zh), "{}: the Chinese text {zh:?}", c.code);
        assert!(
            !en.trim().is_empty() && !is_chinese(en),
            "{}: the English text {en:?}",
            c.code
        );
    }
}
