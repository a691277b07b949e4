//! The shape of `app-server/src/http` (docs/architecture.md, "The HTTP layer"), read from the
//! source: every area is `http/<area>/mod.rs` + `dto.rs` + `handlers.rs`; an area never imports
//! another area; a shared module (`http/*.rs`) never imports an area, and shared modules import
//! each other without a cycle; nothing under `http/` holds the database (handlers call services).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One `use`/path reference from a module of `http/` to another: (from, to, file).
type Edge = (String, String, String);

fn http_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http")
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
    files.sort();
    files
}

/// The areas (folders) and the shared modules (files other than `mod.rs`) of `http/`.
fn modules(dir: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut areas, mut shared) = (BTreeSet::new(), BTreeSet::new());
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            areas.insert(name);
        } else if name != "mod" {
            shared.insert(name);
        }
    }
    (areas, shared)
}

/// The first path segment of every `crate::http::…` reference in `code`, and of every `{a, b}`
/// group that follows it.
fn http_paths(code: &str, prefix: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    for piece in code.split(prefix).skip(1) {
        if let Some(group) = piece.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            found.extend(group.split(',').map(ident).filter(|i| !i.is_empty()));
        } else {
            found.push(ident(piece));
        }
    }
    found
}

/// Every reference from one module of `http/` to another, comments left out. `mod.rs` of
/// `http/` itself is the root that mounts everything and is not a module here.
fn edges(dir: &Path) -> Vec<Edge> {
    let (areas, shared) = modules(dir);
    let known = |m: &str| areas.contains(m) || shared.contains(m);
    let mut edges = Vec::new();
    for file in rust_files(dir) {
        let rel = file.strip_prefix(dir).unwrap();
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let (from, in_area_file) = match parts.as_slice() {
            [f] if f == "mod.rs" => continue,
            [f] => (f.trim_end_matches(".rs").to_owned(), false),
            [area, f] => (area.clone(), f != "mod.rs"),
            _ => panic!("{}: areas are one level deep", rel.display()),
        };
        let code: String = std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut targets = http_paths(&code, "crate::http::");
        // `super::` is `http` from a shared module or an area's mod.rs, the area itself from
        // its other files (where `super::super::` is `http`).
        if in_area_file {
            targets.extend(http_paths(&code, "super::super::"));
        } else {
            targets.extend(http_paths(&code, "super::"));
        }
        for to in targets {
            if known(&to) && to != from {
                edges.push((from.clone(), to, rel.display().to_string()));
            }
        }
    }
    edges
}

/// A cycle among the edges, as the modules along it, if there is one.
fn find_cycle(edges: &[Edge]) -> Option<Vec<String>> {
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (from, to, _) in edges {
        graph.entry(from).or_default().insert(to);
    }
    fn visit<'a>(
        node: &'a str,
        graph: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| *n == node) {
            let mut cycle: Vec<String> = path[at..].iter().map(|s| (*s).to_owned()).collect();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if !done.insert(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|start| visit(start, &graph, &mut Vec::new(), &mut done))
}

#[test]
fn every_area_has_the_same_shape_and_its_bodies_live_in_its_dto() {
    let dir = http_dir();
    let (areas, _) = modules(&dir);
    assert!(areas.len() >= 6, "found only the areas {areas:?}");
    for area in &areas {
        for file in ["mod.rs", "dto.rs", "handlers.rs"] {
            assert!(
                dir.join(area).join(file).is_file(),
                "http/{area}/{file} is missing: every area is mod.rs + dto.rs + handlers.rs"
            );
        }
        for file in rust_files(&dir.join(area)) {
            if file.ends_with("dto.rs") {
                continue;
            }
            let source = std::fs::read_to_string(&file).unwrap();
            for line in source.lines().map(str::trim) {
                assert!(
                    !(line.starts_with("#[derive(")
                        && (line.contains("ToSchema") || line.contains("IntoParams"))),
                    "{}: a request or response body belongs in http/{area}/dto.rs",
                    file.display()
                );
            }
        }
    }
}

#[test]
fn areas_do_not_import_each_other_and_shared_modules_import_no_area() {
    let dir = http_dir();
    let (areas, _) = modules(&dir);
    let edges = edges(&dir);
    assert!(edges.len() > 30, "the scan found only {edges:?}");
    for (from, to, file) in &edges {
        if areas.contains(to) {
            let who = if areas.contains(from) {
                "another area"
            } else {
                "a shared module"
            };
            panic!(
                "{file} ({who}) imports the area `{to}`: move what they share to a shared \
                 module (http/dto.rs for bodies)"
            );
        }
    }
}

#[test]
fn the_shared_modules_of_http_import_each_other_without_a_cycle() {
    let edges = edges(&http_dir());
    if let Some(cycle) = find_cycle(&edges) {
        panic!("an import cycle in http/: {}", cycle.join(" → "));
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let edge = |a: &str, b: &str| (a.to_owned(), b.to_owned(), String::new());
    assert_eq!(
        find_cycle(&[edge("extract", "access"), edge("access", "error")]),
        None
    );
    assert_eq!(
        find_cycle(&[
            edge("dto", "extract"),
            edge("extract", "access"),
            edge("access", "dto")
        ]),
        Some(vec![
            "access".to_owned(),
            "dto".to_owned(),
            "extract".to_owned(),
            "access".to_owned()
        ])
    );
    // The scan reads grouped imports and `super::` paths.
    assert_eq!(
        http_paths("use crate::http::{dto::A, extract};", "crate::http::"),
        ["dto", "extract"]
    );
    assert_eq!(
        http_paths("use super::error::ApiError;", "super::"),
        ["error"]
    );
}

#[test]
fn the_scan_sees_an_area_reaching_into_another() {
    let dir = std::env::temp_dir().join(format!("http-scan-{}", std::process::id()));
    let write = |file: &str, code: &str| {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, code).unwrap();
    };
    write("mod.rs", "pub mod groups;\npub mod plaza;\npub mod dto;\n");
    write(
        "dto.rs",
        "// crate::http::plaza:: in a comment does not count\n",
    );
    write("groups/mod.rs", "pub mod dto;\npub mod handlers;\n");
    write("groups/dto.rs", "");
    write(
        "groups/handlers.rs",
        "use super::dto::A;\nuse crate::http::{dto::UserDto, plaza::dto::PostDto};\n",
    );
    write("plaza/mod.rs", "pub mod dto;\npub mod handlers;\n");
    write("plaza/dto.rs", "use super::super::groups::dto::GroupDto;\n");
    write("plaza/handlers.rs", "use super::dto::PostDto;\n");
    let mut found = edges(&dir);
    found.sort();
    std::fs::remove_dir_all(&dir).unwrap();
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|(from, to, _)| (from.as_str(), to.as_str()))
        .collect();
    assert_eq!(
        found,
        [("groups", "dto"), ("groups", "plaza"), ("plaza", "groups")]
    );
}

#[test]
fn handlers_never_hold_the_database() {
    let dir = http_dir();
    for file in rust_files(&dir) {
        let source = std::fs::read_to_string(&file).unwrap();
        for needle in ["adapter_postgres", "sea_orm", "state.db", ".db."] {
            assert!(
                !source.contains(needle),
                "{} uses `{needle}`: handlers call domain services, never the database",
                file.display()
            );
        }
    }
    let state = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/state.rs"))
        .unwrap();
    assert!(
        !state.contains("adapter_postgres") && !state.contains("Database"),
        "AppState holds services, not the database"
    );
}
