//! The shape of `app-server/src/http`, read from the source: every area has `http/<area>/mod.rs`,
//! `dto.rs` and `handlers.rs`; an area never imports another area; a shared module (`http/*.rs`)
//! never imports an area, and shared modules import each other without a cycle (every import,
//! as [`crate::imports`] reads the workspace); nothing under `http/` holds the database
//! (handlers call services).

use crate::imports::{Graph, crate_graph, cycles, graph};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One import from a module of `http/` to another: (from, to, file).
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
        } else if name != "mod" && path.extension().is_some_and(|e| e == "rs") {
            shared.insert(name);
        }
    }
    (areas, shared)
}

/// The module of `http/` a file belongs to: its area (`groups/handlers.rs` → `groups`) or the
/// shared module it is (`error.rs` → `error`); `None` for `mod.rs` of `http/` itself, the root
/// that mounts everything, and for files outside `http/`.
fn module_of(file: &str, http: &str) -> Option<String> {
    let rel = file.strip_prefix(http)?.strip_prefix('/')?;
    match rel.split_once('/') {
        Some((area, _)) => Some(area.to_owned()),
        None if rel == "mod.rs" => None,
        None => Some(rel.trim_end_matches(".rs").to_owned()),
    }
}

/// Every import from one module of `http/` to another, as the workspace's import reader
/// ([`crate::imports`]) sees it in `graph`: `use` trees, re-exports and inline paths alike.
fn edges_in(graph: &Graph, http: &str) -> Vec<Edge> {
    let mut edges = Vec::new();
    for (file, targets) in graph {
        let Some(from) = module_of(file, http) else {
            continue;
        };
        for to_file in targets.keys() {
            if let Some(to) = module_of(to_file, http)
                && to != from
            {
                edges.push((from.clone(), to, file.clone()));
            }
        }
    }
    edges
}

fn edges() -> Vec<Edge> {
    edges_in(&graph(), "app-server/src/http")
}

/// A cycle among the edges, as the modules along it, if there is one.
fn find_cycle(edges: &[Edge]) -> Option<String> {
    let mut graph = Graph::new();
    for (from, to, file) in edges {
        graph
            .entry(from.clone())
            .or_default()
            .entry(to.clone())
            .or_default()
            .insert(file.clone());
    }
    cycles(&graph).into_iter().next()
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
    let edges = edges();
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
    if let Some(cycle) = find_cycle(&edges()) {
        panic!("an import cycle among the modules of http/: {cycle}");
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let edge = |a: &str, b: &str| (a.to_owned(), b.to_owned(), format!("{a}.rs"));
    assert_eq!(
        find_cycle(&[edge("extract", "access"), edge("access", "error")]),
        None
    );
    let cycle = find_cycle(&[
        edge("dto", "extract"),
        edge("extract", "access"),
        edge("access", "dto"),
    ])
    .expect("a cycle");
    assert!(
        cycle.starts_with("3 files (access, dto, extract)"),
        "{cycle}"
    );
}

/// The modules of `http/` as the import reader sees them in a made-up tree: `state.rs` and
/// other files outside `http/` are no module here, a `crate::http::` group and a
/// `super::super::` path are imports, a comment is not.
#[test]
fn the_scan_sees_an_area_reaching_into_another() {
    let dir = std::env::temp_dir().join(format!("http-scan-{}", std::process::id()));
    let write = |file: &str, code: &str| {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, code).unwrap();
    };
    write("lib.rs", "pub mod http;\npub mod state;\n");
    write("state.rs", "pub struct AppState;\n");
    write(
        "http/mod.rs",
        "pub mod groups;\npub mod plaza;\npub mod dto;\n",
    );
    write(
        "http/dto.rs",
        "// crate::http::plaza::dto::PostDto in a comment does not count\n\
         pub struct UserDto;\nuse crate::state::AppState;\n",
    );
    write("http/groups/mod.rs", "pub mod dto;\npub mod handlers;\n");
    write(
        "http/groups/dto.rs",
        "pub struct A;\npub struct GroupDto;\n",
    );
    write(
        "http/groups/handlers.rs",
        "use super::dto::A;\nuse crate::http::{dto::UserDto, plaza::dto::PostDto};\n",
    );
    write("http/plaza/mod.rs", "pub mod dto;\npub mod handlers;\n");
    write(
        "http/plaza/dto.rs",
        "pub struct PostDto;\nuse super::super::groups::dto::GroupDto;\n",
    );
    write("http/plaza/handlers.rs", "use super::dto::PostDto;\n");
    let graph = crate_graph(&dir.join("lib.rs"));
    std::fs::remove_dir_all(&dir).unwrap();
    let mut found: Vec<(String, String)> = edges_in(&graph, "http")
        .into_iter()
        .map(|(from, to, _)| (from, to))
        .collect();
    found.sort();
    found.dedup();
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
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

/// The named fields of `pub struct <name> { … }` in `source`.
fn struct_fields(source: &str, name: &str) -> Vec<String> {
    let start = source
        .find(&format!("pub struct {name} {{"))
        .unwrap_or_else(|| panic!("no struct {name}"));
    let body = &source[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find("\n}").unwrap()];
    body.lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("pub "))
        .filter_map(|l| l.split_once(':').map(|(f, _)| f.trim().to_owned()))
        .collect()
}

#[test]
fn a_new_area_adds_no_field_to_the_state_or_the_configuration() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // An area's services reach its handlers as `web::Data<TheService>` (`wiring::Wiring::provide`);
    // the state keeps only what every area's extractors use.
    let state = std::fs::read_to_string(src.join("state.rs")).unwrap();
    assert_eq!(
        struct_fields(&state, "AppState"),
        [
            "config",
            "accounts",
            "tokens",
            "signer",
            "wechat_oauth",
            "uploads"
        ],
        "a service of one area is provided by its wiring, not a field of AppState"
    );
    // An area's settings are a `Settings` type its wiring names, kept in `Config::areas`.
    for file in rust_files(&src.join("config")) {
        let source = std::fs::read_to_string(&file).unwrap();
        assert!(
            !source.contains("crate::http"),
            "{} names an area: its settings belong in http/<area>/settings.rs",
            file.display()
        );
    }
    let config = std::fs::read_to_string(src.join("config/mod.rs")).unwrap();
    assert!(struct_fields(&config, "Config").contains(&"areas".to_owned()));
}
