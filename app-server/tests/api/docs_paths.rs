//! The documents point at files in the repository; every path they write from the repository's
//! root (`frontend/src/lib/reauth.ts`, `domain/wechat/src/service/{a,b}.rs`) and every relative
//! link must exist, so a renamed or mistyped file cannot leave a document pointing at nothing.
//! Docs, config and comments cite only what is in the repository: the team's notes outside it
//! (a style guide, a stack list, the product spec) are not named, since a clone does not have them.

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

/// The relative targets of the Markdown links of `doc` (`[x](docs/api.md#anchor)` → `docs/api.md`),
/// not web addresses or anchors within the page.
fn link_targets(doc: &str) -> Vec<String> {
    doc.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|target| {
            target
                .split('#')
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned()
        })
        .filter(|t| {
            // `/api/media/<id>` is an address of the app, not a file.
            !t.is_empty() && !t.contains("://") && !t.starts_with("mailto:") && !t.starts_with('/')
        })
        .collect()
}

/// What the build and the tests write (`/frontend/dist` in .gitignore): a document may name it
/// though a clone does not have it yet.
fn written_by_builds(root: &Path) -> Vec<String> {
    std::fs::read_to_string(root.join(".gitignore"))
        .unwrap()
        .lines()
        .filter_map(|line| line.strip_prefix('/'))
        .map(|p| p.trim_end_matches('/').to_owned())
        .collect()
}

fn top_folders(root: &Path) -> Vec<String> {
    std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.') && name != "target" && name != "node_modules")
        .collect()
}

/// README.md and every docs/*.md.
fn documents(root: &Path) -> Vec<std::path::PathBuf> {
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.push(root.join("README.md"));
    docs.sort();
    docs
}

#[test]
fn every_path_and_link_the_documents_cite_exists() {
    let root = repo_root();
    let top = top_folders(root);
    assert!(top.iter().any(|t| t == "frontend"), "{top:?}");
    let architecture = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    assert!(
        cited_paths(&architecture, &top).len() > 20,
        "the architecture document cites files"
    );
    let built = written_by_builds(root);
    assert!(built.iter().any(|b| b == "frontend/dist"), "{built:?}");
    let mut missing = Vec::new();
    for doc in documents(root) {
        let text = std::fs::read_to_string(&doc).unwrap();
        let name = doc.strip_prefix(root).unwrap().display().to_string();
        for path in cited_paths(&text, &top) {
            // A glob (`frontend/e2e/*.spec.ts`) names files of a kind, not one file.
            let glob = path.contains('*');
            let output = built.iter().any(|b| path.starts_with(b.as_str()));
            if !glob && !output && !root.join(&path).exists() {
                missing.push(format!("{name}: `{path}`"));
            }
        }
        for target in link_targets(&text) {
            if !doc.parent().unwrap().join(&target).exists() {
                missing.push(format!("{name}: link ({target})"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the documents cite paths that do not exist: {missing:#?}"
    );
}

/// Names of documents that live outside the repository (the team's shared notes): a clone has
/// none of them, so nothing in it may send a reader there.
const OUTSIDE: [&str; 6] = [
    "STYLE.md",
    "STACK.md",
    "DEVELOPERS.md",
    "product-spec",
    "product-design",
    "shared/spec",
];

/// Every text file of the repository that a person reads for guidance: docs, config and code
/// with its comments (not lockfiles, generated files or build output).
fn text_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                ".git" | "target" | "node_modules" | "dist" | "data" | "test-results" | "artifacts"
            ) {
                text_files(&path, out);
            }
        } else if !name.ends_with("-lock.json")
            && !name.ends_with(".lock")
            && !name.contains(".gen.")
            && (name == "justfile"
                || name == "run"
                || [
                    ".md", ".rs", ".ts", ".tsx", ".js", ".mjs", ".toml", ".json", ".sh", ".yml",
                ]
                .iter()
                .any(|x| name.ends_with(x)))
        {
            out.push(path);
        }
    }
}

#[test]
fn nothing_cites_a_document_outside_the_repository() {
    let root = repo_root();
    let mut files = Vec::new();
    text_files(root, &mut files);
    assert!(
        files.len() > 200,
        "the walk finds the sources: {}",
        files.len()
    );
    let this_file = Path::new(file!()).file_name().unwrap();
    let cites: Vec<String> = files
        .iter()
        .filter(|f| f.file_name() != Some(this_file))
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            let rel = f.strip_prefix(root).unwrap().display().to_string();
            OUTSIDE
                .iter()
                .filter(move |name| text.contains(**name))
                .map(move |name| format!("{rel}: {name}"))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(cites.is_empty(), "cited outside the repository: {cites:#?}");
}

#[test]
fn link_targets_are_relative_files_without_anchors() {
    let doc = "[a](docs/api.md#x), [b](https://example.com), [c](#here), [d](../README.md), \
               [e](/api/media/<id>)";
    assert_eq!(link_targets(doc), ["docs/api.md", "../README.md"]);
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
