//! The import graph of every Rust crate in the workspace, read from the source: which file uses
//! which. Each crate (a `lib.rs`, `main.rs`, `src/bin/*`, test, bench or example) is read from
//! its root along its `mod` declarations (`#[path]` included, inline `mod x { … }` too), and
//! every path in its code — `use` trees (re-exports included), and paths written inline such as
//! `crate::startup::unreachable_dependency(…)` or `auth::handlers::register` in a macro — is
//! resolved to the file that defines what it names. A name re-exported by another module
//! (`pub use error::GroupsError;` in `lib.rs`) resolves to the file that defines it, so a crate
//! whose files import each other's names through `crate::` has no cycle through its `lib.rs`
//! unless the files themselves form one. Comments, strings and doc links are not imports.
//!
//! `mod x;` is containment, not an import: a parent declaring a child does not depend on it.
//! Likewise a module naming one of its own ancestors (`super::GroupsService` in
//! `service/articles.rs` adding methods to the type its `service/mod.rs` defines, `crate::…` to
//! an item of `lib.rs`) reaches into the room that holds it, which is no arrow either: what an
//! ancestor hands on from a child is the child's. Every other path is an arrow — to a sibling
//! (`super::dto::Login`), a cousin, a child, through `use` or written inline.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("app-server lives in the workspace")
        .to_path_buf()
}

/// File → file it imports → the paths (as written) that tie them. Files are relative to the
/// workspace root.
pub type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Str(String),
    ColonColon,
    Punct(char),
}

/// Rust source as tokens: comments dropped, strings kept whole (a `#[path = "…"]` needs them),
/// lifetimes and numbers reduced to punctuation so they never extend a path.
fn tokens(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            let (s, next) = quoted(&chars, i + 1);
            out.push(Token::Str(s));
            i = next;
        } else if c == '\'' {
            // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a, 'static).
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
            out.push(Token::Punct('\''));
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token::ColonColon);
            i += 2;
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Punct('0'));
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // Raw and byte strings: r"…", r#"…"#, b"…", br#"…"#, c"…".
            if matches!(word.as_str(), "r" | "br" | "cr") && matches!(at(i), '"' | '#') {
                let mut hashes = 0;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                if at(i) == '"' {
                    i += 1;
                    let start = i;
                    loop {
                        if i >= chars.len() {
                            break;
                        }
                        if chars[i] == '"' && (0..hashes).all(|k| at(i + 1 + k) == '#') {
                            break;
                        }
                        i += 1;
                    }
                    out.push(Token::Str(
                        chars[start..i.min(chars.len())].iter().collect(),
                    ));
                    i += 1 + hashes;
                } else {
                    // `r#ident`: a raw identifier.
                    let start = i;
                    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                        i += 1;
                    }
                    out.push(Token::Ident(chars[start..i].iter().collect()));
                }
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                let (s, next) = quoted(&chars, i + 1);
                out.push(Token::Str(s));
                i = next;
            } else if word == "b" && at(i) == '\'' {
                // b'x' or b'\n'
                i += 1;
                if at(i) == '\\' {
                    i += 1;
                }
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(Token::Punct('\''));
            } else {
                out.push(Token::Ident(word));
            }
        } else {
            out.push(Token::Punct(c));
            i += 1;
        }
    }
    out
}

/// The text of a "…" literal starting after its opening quote, and the index after its end.
fn quoted(chars: &[char], mut i: usize) -> (String, usize) {
    let mut s = String::new();
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                if let Some(&c) = chars.get(i + 1) {
                    s.push(c);
                }
                i += 2;
            }
            '"' => return (s, i + 1),
            c => {
                s.push(c);
                i += 1;
            }
        }
    }
    (s, i)
}

/// One `use` of a module: the full path and the name it binds (`None` for a glob).
#[derive(Debug, Clone)]
struct Use {
    path: Vec<String>,
    binds: Option<String>,
}

#[derive(Debug, Default)]
struct Module {
    file: PathBuf,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Items defined here (struct, enum, fn, trait, type, const, static, macro_rules).
    items: BTreeSet<String>,
    uses: Vec<Use>,
    /// Every path written in this module, `use` paths included, each with whether it is a
    /// non-glob `use` (whose path alone may name a module, which ties nothing: what is used
    /// through the name it binds does).
    paths: Vec<(Vec<String>, bool)>,
}

struct Crate {
    modules: Vec<Module>,
}

/// The file of `mod name;` declared in `file` (whose module owns its folder when it is the
/// crate's root or a `mod.rs`).
fn child_file(
    file: &Path,
    is_root: bool,
    inline: &[String],
    name: &str,
    path_attr: Option<&str>,
) -> PathBuf {
    let dir = file.parent().unwrap();
    let stem = file.file_stem().unwrap().to_string_lossy();
    let owns_dir = is_root || stem == "mod";
    let mut base = if owns_dir {
        dir.to_path_buf()
    } else {
        dir.join(stem.as_ref())
    };
    if let Some(p) = path_attr {
        // `#[path]` is relative to the declaring file's folder (for a non-inline module).
        return dir.join(p);
    }
    for m in inline {
        base = base.join(m);
    }
    let flat = base.join(format!("{name}.rs"));
    if flat.exists() {
        flat
    } else {
        base.join(name).join("mod.rs")
    }
}

impl Crate {
    fn read(root: &Path) -> Self {
        let mut krate = Crate {
            modules: vec![Module {
                file: root.to_path_buf(),
                ..Module::default()
            }],
        };
        let mut pending = vec![0usize];
        while let Some(m) = pending.pop() {
            let file = krate.modules[m].file.clone();
            let Ok(src) = std::fs::read_to_string(&file) else {
                continue;
            };
            krate.parse(m, &file, &tokens(&src), &mut pending);
        }
        krate
    }

    fn parse(&mut self, top: usize, file: &Path, toks: &[Token], pending: &mut Vec<usize>) {
        let ident = |i: usize| match toks.get(i) {
            Some(Token::Ident(s)) => Some(s.as_str()),
            _ => None,
        };
        let punct = |i: usize, c: char| toks.get(i) == Some(&Token::Punct(c));
        // (module, brace depth at which it closes, its name) of the inline modules we are in.
        let mut stack: Vec<(usize, usize, String)> = Vec::new();
        let mut depth = 0usize;
        let mut path_attr: Option<String> = None;
        let mut i = 0;
        let current = |stack: &Vec<(usize, usize, String)>| stack.last().map_or(top, |s| s.0);
        while i < toks.len() {
            let here = current(&stack);
            match &toks[i] {
                Token::Punct('{') => {
                    depth += 1;
                    i += 1;
                }
                Token::Punct('}') => {
                    if stack.last().is_some_and(|s| s.1 == depth) {
                        stack.pop();
                    }
                    depth = depth.saturating_sub(1);
                    i += 1;
                }
                Token::Punct('#') if punct(i + 1, '[') && ident(i + 2) == Some("path") => {
                    if let Some(Token::Str(p)) = toks.get(i + 4) {
                        path_attr = Some(p.clone());
                    }
                    i += 5;
                }
                Token::Ident(w) if w == "mod" && ident(i + 1).is_some() => {
                    let name = ident(i + 1).unwrap().to_owned();
                    if punct(i + 2, ';') {
                        let inline: Vec<String> = stack.iter().map(|s| s.2.clone()).collect();
                        let child = self.modules.len();
                        self.modules.push(Module {
                            file: child_file(file, top == 0, &inline, &name, path_attr.as_deref()),
                            parent: Some(here),
                            ..Module::default()
                        });
                        self.modules[here].children.insert(name, child);
                        pending.push(child);
                        i += 3;
                    } else if punct(i + 2, '{') {
                        let child = self.modules.len();
                        self.modules.push(Module {
                            file: file.to_path_buf(),
                            parent: Some(here),
                            ..Module::default()
                        });
                        self.modules[here].children.insert(name.clone(), child);
                        depth += 1;
                        stack.push((child, depth, name));
                        i += 3;
                    } else {
                        i += 1;
                    }
                    path_attr = None;
                }
                Token::Ident(w) if w == "use" => {
                    let mut j = i + 1;
                    let mut uses = Vec::new();
                    use_tree(toks, &mut j, Vec::new(), &mut uses);
                    for u in uses {
                        let named = u.binds.is_some();
                        self.modules[here].paths.push((u.path.clone(), named));
                        self.modules[here].uses.push(u);
                    }
                    i = j;
                }
                Token::Ident(w)
                    if matches!(
                        w.as_str(),
                        "struct" | "enum" | "fn" | "trait" | "type" | "const" | "static" | "union"
                    ) && ident(i + 1).is_some() =>
                {
                    self.modules[here]
                        .items
                        .insert(ident(i + 1).unwrap().to_owned());
                    i += 2;
                }
                Token::Ident(w) if w == "macro_rules" && punct(i + 1, '!') => {
                    if let Some(name) = ident(i + 2) {
                        self.modules[here].items.insert(name.to_owned());
                    }
                    i += 3;
                }
                Token::Ident(first) if toks.get(i + 1) == Some(&Token::ColonColon) => {
                    let mut path = vec![first.clone()];
                    let mut j = i + 1;
                    while toks.get(j) == Some(&Token::ColonColon) {
                        match toks.get(j + 1) {
                            Some(Token::Ident(s)) => {
                                path.push(s.clone());
                                j += 2;
                            }
                            _ => break,
                        }
                    }
                    self.modules[here].paths.push((path, false));
                    i = j;
                }
                _ => i += 1,
            }
        }
    }

    /// The module and item a path written in module `from` names, following `use`s and
    /// re-exports to where the item is defined; `None` for another crate's path.
    fn resolve(&self, from: usize, path: &[String], hops: usize) -> Option<usize> {
        if hops > 16 || path.is_empty() {
            return None;
        }
        let first = path[0].as_str();
        let (mut m, rest) = match first {
            "crate" | "$crate" => (0, &path[1..]),
            "self" => (from, &path[1..]),
            "super" => {
                let mut m = from;
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    m = self.modules[m].parent?;
                    rest = &rest[1..];
                }
                (m, rest)
            }
            name => {
                if let Some(&child) = self.modules[from].children.get(name) {
                    (child, &path[1..])
                } else if let Some(u) = self.modules[from]
                    .uses
                    .iter()
                    .find(|u| u.binds.as_deref() == Some(name))
                {
                    // A name this module imported: `dto::Login` after `use super::dto;`.
                    let mut full = u.path.clone();
                    full.extend(path[1..].iter().cloned());
                    let owner = self.owner_of_use(from, u);
                    return self.resolve(owner, &full, hops + 1);
                } else {
                    return None;
                }
            }
        };
        let mut rest = rest;
        while let Some(seg) = rest.first() {
            match self.modules[m].children.get(seg.as_str()) {
                Some(&child) => {
                    m = child;
                    rest = &rest[1..];
                }
                None => break,
            }
        }
        let Some(item) = rest.first() else {
            return Some(m);
        };
        if self.modules[m].items.contains(item.as_str()) {
            return Some(m);
        }
        // Re-exported (or imported) here: follow it to where it is defined.
        for u in &self.modules[m].uses {
            if u.binds.as_deref() == Some(item.as_str()) {
                return self.resolve(m, &u.path, hops + 1).or(Some(m));
            }
        }
        for u in self.modules[m].uses.iter().filter(|u| u.binds.is_none()) {
            if let Some(target) = self.resolve(m, &u.path, hops + 1)
                && target != m
                && self.defines(target, item, hops + 1)
            {
                return self.resolve(target, &rest[..1], hops + 1).or(Some(target));
            }
        }
        Some(m)
    }

    /// Whether `item` is defined in module `m` or re-exported by it.
    fn defines(&self, m: usize, item: &str, hops: usize) -> bool {
        if hops > 16 {
            return false;
        }
        let module = &self.modules[m];
        module.items.contains(item)
            || module.children.contains_key(item)
            || module.uses.iter().any(|u| u.binds.as_deref() == Some(item))
            || module.uses.iter().filter(|u| u.binds.is_none()).any(|u| {
                self.resolve(m, &u.path, hops + 1)
                    .is_some_and(|t| t != m && self.defines(t, item, hops + 1))
            })
    }

    /// Whether `path`, written in module `from`, names a module (every segment a module).
    fn names_module(&self, from: usize, path: &[String], hops: usize) -> bool {
        if hops > 16 || path.is_empty() {
            return false;
        }
        let (mut m, mut rest) = match path[0].as_str() {
            "crate" | "$crate" => (0, &path[1..]),
            "self" => (from, &path[1..]),
            "super" => {
                let mut m = from;
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    let Some(parent) = self.modules[m].parent else {
                        return false;
                    };
                    m = parent;
                    rest = &rest[1..];
                }
                (m, rest)
            }
            name => match self.modules[from].children.get(name) {
                Some(&child) => (child, &path[1..]),
                None => {
                    return self.modules[from]
                        .uses
                        .iter()
                        .find(|u| u.binds.as_deref() == Some(name))
                        .is_some_and(|u| {
                            let mut full = u.path.clone();
                            full.extend(path[1..].iter().cloned());
                            self.names_module(from, &full, hops + 1)
                        });
                }
            },
        };
        while let Some(seg) = rest.first() {
            match self.modules[m].children.get(seg.as_str()) {
                Some(&child) => {
                    m = child;
                    rest = &rest[1..];
                }
                None => return false,
            }
        }
        true
    }

    /// Whether module `outer` is `inner` or holds it (its parent, grandparent …).
    fn encloses(&self, outer: usize, inner: usize) -> bool {
        let mut m = Some(inner);
        while let Some(here) = m {
            if here == outer {
                return true;
            }
            m = self.modules[here].parent;
        }
        false
    }

    /// `use` paths are written relative to the module that holds the `use`.
    fn owner_of_use(&self, from: usize, _u: &Use) -> usize {
        from
    }
}

/// Reads a `use` tree starting at `toks[*j]` up to its `;`, pushing every full path.
fn use_tree(toks: &[Token], j: &mut usize, prefix: Vec<String>, out: &mut Vec<Use>) {
    let mut path = prefix;
    loop {
        match toks.get(*j) {
            Some(Token::Ident(s)) if s == "as" => {
                // `use a::b as c;`: the path stays, the bound name is the alias.
                *j += 1;
                let alias = match toks.get(*j) {
                    Some(Token::Ident(a)) => Some(a.clone()),
                    _ => None,
                };
                *j += 1;
                out.push(Use {
                    path: path.clone(),
                    binds: alias.filter(|a| a != "_"),
                });
                return;
            }
            Some(Token::Ident(s)) => {
                path.push(s.clone());
                *j += 1;
            }
            Some(Token::ColonColon) => *j += 1,
            Some(Token::Punct('*')) => {
                *j += 1;
                out.push(Use {
                    path: path.clone(),
                    binds: None,
                });
                return;
            }
            Some(Token::Punct('{')) => {
                *j += 1;
                loop {
                    match toks.get(*j) {
                        Some(Token::Punct('}')) => {
                            *j += 1;
                            break;
                        }
                        Some(Token::Punct(',')) => *j += 1,
                        None => return,
                        _ => use_tree(toks, j, path.clone(), out),
                    }
                }
                return;
            }
            _ => {
                // `;`, `,` or `}` ends this branch.
                if let Some(last) = path.last() {
                    let binds = if last == "self" {
                        path.pop();
                        path.last().cloned()
                    } else {
                        Some(last.clone())
                    };
                    out.push(Use {
                        path: path.clone(),
                        binds,
                    });
                }
                if toks.get(*j) == Some(&Token::Punct(';')) {
                    *j += 1;
                }
                return;
            }
        }
    }
}

/// Every crate root of a workspace member: its library, binaries, tests, benches, examples.
fn crate_roots(member: &Path) -> Vec<PathBuf> {
    let mut roots = Vec::new();
    for f in ["src/lib.rs", "src/main.rs"] {
        let p = member.join(f);
        if p.exists() {
            roots.push(p);
        }
    }
    for dir in ["src/bin", "tests", "benches", "examples"] {
        let Ok(entries) = std::fs::read_dir(member.join(dir)) else {
            continue;
        };
        for entry in entries {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "rs") {
                roots.push(p);
            } else if p.join("main.rs").exists() {
                roots.push(p.join("main.rs"));
            }
        }
    }
    roots.sort();
    roots
}

/// The workspace's members, from the root `Cargo.toml` (`domain/*` globs expanded).
pub fn members() -> Vec<PathBuf> {
    let root = workspace_root();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let list = manifest
        .split("members")
        .nth(1)
        .and_then(|s| s.split('[').nth(1))
        .and_then(|s| s.split(']').next())
        .expect("the workspace lists its members");
    let mut out = Vec::new();
    for entry in list.split(',') {
        let entry = entry.trim().trim_matches('"');
        if entry.is_empty() {
            continue;
        }
        if let Some(dir) = entry.strip_suffix("/*") {
            let mut found: Vec<_> = std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.join("Cargo.toml").exists())
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(root.join(entry));
        }
    }
    out
}

/// The import graph of every crate of every workspace member.
pub fn graph() -> Graph {
    let root = workspace_root();
    let mut graph = Graph::new();
    for member in members() {
        for crate_root in crate_roots(&member) {
            add_crate(&mut graph, &crate_root, &root);
        }
    }
    graph
}

/// The import graph of the one crate whose root file is `crate_root`, its files named relative
/// to the folder of that file.
pub fn crate_graph(crate_root: &Path) -> Graph {
    let mut graph = Graph::new();
    add_crate(&mut graph, crate_root, crate_root.parent().unwrap());
    graph
}

fn add_crate(graph: &mut Graph, crate_root: &Path, base: &Path) {
    let base = base.canonicalize().unwrap();
    let rel = |p: &Path| {
        let p = p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        p.strip_prefix(&base)
            .map(Path::to_path_buf)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned()
    };
    let krate = Crate::read(crate_root);
    for (m, module) in krate.modules.iter().enumerate() {
        let from = rel(&module.file);
        graph.entry(from.clone()).or_default();
        for (path, named_use) in &module.paths {
            if *named_use && krate.names_module(m, path, 0) {
                continue;
            }
            let Some(target) = krate.resolve(m, path, 0) else {
                continue;
            };
            if krate.encloses(target, m) {
                continue;
            }
            let to = rel(&krate.modules[target].file);
            if to != from {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_default()
                    .insert(path.join("::"));
            }
        }
    }
}

/// Every cycle of `graph`: its strongly connected parts of more than one file, each written as
/// one loop through it, `a -> b (the::path) -> … -> a`.
pub fn cycles(graph: &Graph) -> Vec<String> {
    let nodes: Vec<&String> = graph.keys().collect();
    let index: BTreeMap<&String, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let adj: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            graph[*n]
                .keys()
                .filter_map(|t| index.get(t).copied())
                .collect()
        })
        .collect();
    // Tarjan's strongly connected components, iteratively.
    let n = nodes.len();
    let (mut idx, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut comps, mut next) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if idx[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut edge)) = work.last_mut() {
            if *edge == 0 && idx[v] == usize::MAX {
                idx[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = adj[v].get(*edge) {
                *edge += 1;
                if idx[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(idx[w]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == idx[v] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    if comp.len() > 1 {
                        comps.push(comp);
                    }
                }
            }
        }
    }
    comps
        .into_iter()
        .map(|comp| {
            let inside: BTreeSet<usize> = comp.iter().copied().collect();
            let start = *inside.iter().next().unwrap();
            // The shortest loop from `start` back to itself within the component.
            let mut prev = vec![usize::MAX; n];
            let mut queue = std::collections::VecDeque::from([start]);
            let mut end = None;
            'search: while let Some(v) = queue.pop_front() {
                for &w in &adj[v] {
                    if !inside.contains(&w) {
                        continue;
                    }
                    if w == start {
                        end = Some(v);
                        break 'search;
                    }
                    if prev[w] == usize::MAX {
                        prev[w] = v;
                        queue.push_back(w);
                    }
                }
            }
            let mut loop_ = vec![start];
            let mut v = end.unwrap();
            while v != start {
                loop_.push(v);
                v = prev[v];
            }
            loop_[1..].reverse();
            loop_.push(start);
            let mut text = format!(
                "{} files ({}):\n  {}",
                comp.len(),
                comp.iter()
                    .map(|&i| nodes[i].as_str())
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect::<Vec<_>>()
                    .join(", "),
                nodes[loop_[0]]
            );
            for pair in loop_.windows(2) {
                let names = &graph[nodes[pair[0]]][nodes[pair[1]]];
                let names: Vec<&str> = names.iter().map(String::as_str).take(3).collect();
                text.push_str(&format!("\n  -> {} ({})", nodes[pair[1]], names.join(", ")));
            }
            text
        })
        .collect()
}
