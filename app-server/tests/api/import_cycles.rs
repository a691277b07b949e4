//! No import cycle in any crate of the workspace (issue 23): every file's imports — `use`
//! trees, re-exports and paths written inline — read by [`crate::imports`], and any loop among
//! files named with the paths that tie it. The frontend's own check is
//! `frontend/src/structure.test.ts`.

use crate::imports::{Graph, cycles, graph, members};

#[test]
fn no_file_of_the_workspace_imports_itself_through_others() {
    let graph = graph();
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "import cycles ({}):\n{}",
        found.len(),
        found.join("\n\n")
    );
}

/// The reader sees what a cycle is made of: the modules of every member are read (the app
/// server's HTTP areas, each domain crate's service), and the kinds of path that tie files —
/// a `use` group, an inline `crate::` call, a re-export followed to its definition, a child
/// module's path in a macro — all come out as arrows.
#[test]
fn the_reader_sees_every_kind_of_import() {
    let graph = graph();
    assert!(members().len() >= 15, "members: {:?}", members());
    let arrow = |from: &str, to: &str| -> bool {
        graph
            .get(from)
            .is_some_and(|targets: &std::collections::BTreeMap<_, _>| targets.contains_key(to))
    };
    let files = graph.len();
    assert!(files > 300, "only {files} files read");
    // `use crate::http::error::ApiError` (a use tree) in an area's handlers.
    assert!(arrow(
        "app-server/src/http/groups/handlers.rs",
        "app-server/src/http/error.rs"
    ));
    // The route table names each area's handlers in a macro (`auth::handlers::register`).
    assert!(
        graph["app-server/src/http/mod.rs"]
            .keys()
            .any(|to| to.starts_with("app-server/src/http/auth/")),
        "{:?}",
        graph["app-server/src/http/mod.rs"]
    );
    // A re-exported name resolves to the file that defines it, not to the `lib.rs` that hands
    // it on: the groups adapter's `groups::GroupsError` is a path into another crate (no
    // arrow), while the domain's own `crate::GroupsError` leads to `error.rs`.
    let service = "domain/groups/src/service/mod.rs";
    assert!(
        arrow(service, "domain/groups/src/error.rs"),
        "{:?}",
        graph[service]
    );
    assert!(
        !arrow(service, "domain/groups/src/lib.rs"),
        "{:?}",
        graph[service]
    );
}

/// A loop is found and named; a graph without one passes.
#[test]
fn a_loop_is_named_with_the_paths_that_make_it() {
    fn tie(g: &mut Graph, a: &str, b: &str, name: &str) {
        g.entry(a.into())
            .or_default()
            .entry(b.into())
            .or_default()
            .insert(name.into());
    }
    let mut g = Graph::new();
    tie(&mut g, "a.rs", "b.rs", "crate::b::f");
    tie(&mut g, "b.rs", "c.rs", "crate::c::g");
    tie(&mut g, "c.rs", "d.rs", "crate::d::h");
    assert!(cycles(&g).is_empty());
    tie(&mut g, "c.rs", "a.rs", "crate::a::back");
    let found = cycles(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("3 files (a.rs, b.rs, c.rs)"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("-> a.rs (crate::a::back)"),
        "{}",
        found[0]
    );
}

/// A made-up crate with one of each kind of tie, and the things that are no tie.
#[test]
fn the_reader_follows_uses_reexports_and_inline_paths_and_skips_the_rest() {
    let dir = std::env::temp_dir().join(format!("import-reader-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("area")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write(
        "lib.rs",
        "//! crate::nowhere::in_a_comment\n\
         mod area;\nmod error;\nmod model;\nmod shared;\nmod wiring;\n\
         pub use error::Failure;\npub use model::*;\n",
    );
    write(
        "error.rs",
        "/// [`crate::model::Thing`] in a doc link is no tie\n\
         pub struct Failure;\n\
         const TEXT: &str = \"crate::wiring::start\";\n\
         #[cfg(test)]\nmod tests { use super::*; fn t() { let _ = Failure; } }\n",
    );
    write(
        "model.rs",
        "use crate::{shared::Clock, Failure};\npub struct Thing;\n\
         pub fn make() -> Result<Thing, Failure> { let _ = r#\"crate::wiring::x\"#; Ok(Thing) }\n",
    );
    write("shared.rs", "pub struct Clock;\n");
    write("area/mod.rs", "mod handlers;\npub fn helper() {}\n");
    write(
        "area/handlers.rs",
        "use super::helper;\npub fn go() { crate::wiring::start(); let _ = crate::Thing; }\n",
    );
    write(
        "wiring.rs",
        "pub fn start() {}\nmacro_rules! routes { () => { area::handlers::go() } }\n\
         use crate::area;\n",
    );
    let graph = crate::imports::crate_graph(&dir.join("lib.rs"));
    let arrows = |from: &str| -> Vec<String> {
        graph
            .get(from)
            .map(|t| t.keys().cloned().collect())
            .unwrap_or_default()
    };
    // Re-exports are arrows of the file that hands them on.
    assert_eq!(arrows("lib.rs"), ["error.rs", "model.rs"]);
    // A use group; `Failure` through `lib.rs`'s re-export leads to where it is defined.
    assert_eq!(arrows("model.rs"), ["error.rs", "shared.rs"]);
    // Comments, doc links, strings and the file's own test module are no ties.
    assert!(arrows("error.rs").is_empty(), "{:?}", graph["error.rs"]);
    // An inline call, and a glob re-export followed to its file; `super::helper` reaches the
    // folder that holds the file (no arrow).
    assert_eq!(arrows("area/handlers.rs"), ["model.rs", "wiring.rs"]);
    // A child module's path written in a macro; `use crate::area;` alone names a module.
    assert_eq!(arrows("wiring.rs"), ["area/handlers.rs"]);
    assert_eq!(
        crate::imports::cycles(&graph),
        [String::from(
            "2 files (area/handlers.rs, wiring.rs):\n  area/handlers.rs\n  \
             -> wiring.rs (crate::wiring::start)\n  -> area/handlers.rs (area::handlers::go)"
        )]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
