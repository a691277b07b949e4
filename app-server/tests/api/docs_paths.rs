//! docs/architecture.md points each rule at a file in the repository; every path it writes from
//! the repository's root (`frontend/src/lib/reauth.ts`, `domain/wechat/src/service/{a,b}.rs`)
//! must exist, so a renamed or mistyped file cannot leave the document pointing at nothing.

use std::path::Path;

fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// `dir/{a,b}.rs` → `dir/a.rs`, `dir/b.rs`; a path without braces is itself.
fn expand(path: &str) -> Vec<String> {
    match (path.find('{'), path.find('}')) {
        (Some(open), Some(close)) if open < close => path[open + 1..close]
            .split(',')
            .flat_map(|choice| expand(&format!("{}{choice}{}", &path[..open], &path[close + 1..])))
            .collect(),
        _ => vec![path.to_owned()],
    }
}

/// The inline code spans of `doc` that name something under one of `top`'s folders
/// (`app-server/src/http/error.rs`, `frontend/e2e/`), without a trailing `::item`.
fn cited_paths(doc: &str, top: &[String]) -> Vec<String> {
    doc.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| !span.contains(char::is_whitespace))
        .filter(|span| {
            span.split_once('/')
                .is_some_and(|(first, _)| top.iter().any(|t| t == first))
        })
        .map(|span| span.split("::").next().unwrap_or(span))
        .flat_map(expand)
        .collect()
}

#[test]
fn every_path_the_architecture_document_cites_exists() {
    let root = repo_root();
    let top: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.') && name != "target" && name != "node_modules")
        .collect();
    assert!(top.iter().any(|t| t == "frontend"), "{top:?}");
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let cited = cited_paths(&doc, &top);
    assert!(cited.len() > 20, "the document cites files: {cited:?}");
    let missing: Vec<&String> = cited
        .iter()
        .filter(|path| !root.join(path).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md cites paths that do not exist: {missing:?}"
    );
}

#[test]
fn cited_paths_are_read_from_code_spans_with_braces_expanded() {
    let top = vec!["domain".to_owned(), "frontend".to_owned()];
    let doc = "See `frontend/src/lib/reauth.ts` and `domain/wechat/src/{a,b}.rs`, \
               `domain/x.rs::tests::one`; not `http/error.rs`, `other/y.rs` or `a domain/z.rs`.";
    assert_eq!(
        cited_paths(doc, &top),
        [
            "frontend/src/lib/reauth.ts",
            "domain/wechat/src/a.rs",
            "domain/wechat/src/b.rs",
            "domain/x.rs",
        ]
    );
}
