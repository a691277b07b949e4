//! What each page's first screen needs, so that its HTML can start it at once: the route's code
//! chunks, the language's message chunks, and the API GETs the route's loaders make. Without
//! these, a phone asks for each only after the one before has arrived and run (the app, then the
//! page's code, then its data): a round trip apiece.
//!
//! The table is the build's `.courtyard/first-screen.json` (hidden from the static files),
//! written by `frontend/vite-plugins/first-screen.ts` from the bundle and from
//! `frontend/src/app/first-screen.ts`, which a frontend test holds to the routes' loaders. A
//! build without it (or an unreadable one) preloads nothing.

use crate::i18n::Lang;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;

/// Where the build writes the table, relative to the static folder.
pub const FILE: &str = ".courtyard/first-screen.json";

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FirstScreens {
    /// Per language (`zh`, `en`): its message chunk and its lazy namespaces' chunks.
    #[serde(default)]
    locales: HashMap<String, Locale>,
    /// The routes, most specific first (a static segment before a parameter).
    #[serde(default)]
    routes: Vec<Route>,
    /// API GETs every page makes at start (the session).
    #[serde(default)]
    every_page_fetch: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Locale {
    messages: Option<String>,
    #[serde(default)]
    namespaces: HashMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Route {
    /// As the route tree spells it: `/group/$groupId/article/$articleId/display`.
    path: String,
    /// The route's chunks and what they import, beyond what the app's entry loads.
    #[serde(default)]
    modules: Vec<String>,
    /// Lazy message namespaces its loaders wait for.
    #[serde(default)]
    namespaces: Vec<String>,
    /// API paths its loaders GET, `$name` standing for the address's segment.
    #[serde(default)]
    fetch: Vec<String>,
}

impl FirstScreens {
    /// The build's table, or an empty one (with a warning when the file is there but unusable).
    pub fn load(static_dir: &Path) -> Self {
        let file = static_dir.join(FILE);
        let Ok(text) = std::fs::read_to_string(&file) else {
            return Self::default();
        };
        serde_json::from_str(&text).unwrap_or_else(|e| {
            tracing::warn!(file = %file.display(), error = %e, "unreadable first-screen table; no preloads");
            Self::default()
        })
    }

    /// The scripts a page at `path` in `lang` needs first, beyond the app's entry: the
    /// language's messages, the route's chunks, the namespaces its loaders wait for.
    pub fn modules(&self, lang: Lang, path: &str) -> Vec<&str> {
        let locale = self.locales.get(lang.as_str());
        let mut out: Vec<&str> = locale
            .and_then(|l| l.messages.as_deref())
            .into_iter()
            .collect();
        if let Some((route, _)) = self.route(path) {
            out.extend(route.modules.iter().map(String::as_str));
            if let Some(locale) = locale {
                out.extend(
                    route
                        .namespaces
                        .iter()
                        .filter_map(|ns| locale.namespaces.get(ns).map(String::as_str)),
                );
            }
        }
        out
    }

    /// The API GETs a page at `path` starts, its parameters filled in. A parameter that is not
    /// a plain segment (letters, digits, `-`, `_`) preloads none of its route's: the page will
    /// not ask for them either (its validation fails first). Nor does an address with a query
    /// string (`/plaza?district=…`): its loaders may ask for other URLs than the table's.
    pub fn fetches(&self, path: &str, query: &str) -> Vec<String> {
        let mut out = self.every_page_fetch.clone();
        if !query.is_empty() {
            return out;
        }
        if let Some((route, params)) = self.route(path) {
            let plain = params.iter().all(|(_, v)| {
                v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            });
            if plain {
                out.extend(route.fetch.iter().map(|f| fill(f, &params)));
            }
        }
        out
    }

    fn route<'a, 'p>(&'a self, path: &'p str) -> Option<(&'a Route, Vec<(&'a str, &'p str)>)> {
        let wanted: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        'routes: for route in &self.routes {
            let pattern: Vec<&str> = route.path.split('/').filter(|s| !s.is_empty()).collect();
            if pattern.len() != wanted.len() {
                continue;
            }
            let mut params = Vec::new();
            for (p, w) in pattern.iter().zip(&wanted) {
                if let Some(name) = p.strip_prefix('$') {
                    params.push((name, *w));
                } else if p != w {
                    continue 'routes;
                }
            }
            return Some((route, params));
        }
        None
    }
}

/// `/api/groups/$groupId` with `groupId` filled in (longest names first, so `$id` never eats
/// the start of `$idx`).
fn fill(template: &str, params: &[(&str, &str)]) -> String {
    let mut sorted = params.to_vec();
    sorted.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
    let mut out = template.to_owned();
    for (name, value) in sorted {
        out = out.replace(&format!("${name}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> FirstScreens {
        serde_json::from_str(
            r#"{
              "locales": {
                "en": { "messages": "/assets/en.js", "namespaces": { "groups": "/assets/groups-en.js" } },
                "zh": { "messages": "/assets/zh.js", "namespaces": { "groups": "/assets/groups-zh.js" } }
              },
              "everyPageFetch": ["/api/auth/token"],
              "routes": [
                { "path": "/group/new", "modules": ["/assets/new.js"] },
                { "path": "/group/$groupId", "modules": ["/assets/group.js"],
                  "namespaces": ["groups"], "fetch": ["/api/groups/$groupId"] }
              ]
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn a_page_gets_its_route_and_language() {
        let t = table();
        assert_eq!(
            t.modules(Lang::Zh, "/group/abc-1/"),
            ["/assets/zh.js", "/assets/group.js", "/assets/groups-zh.js"]
        );
        assert_eq!(
            t.fetches("/group/abc-1", ""),
            ["/api/auth/token", "/api/groups/abc-1"]
        );
        assert_eq!(t.fetches("/group/abc-1", "tab=x"), ["/api/auth/token"]);
        // The first route that matches: a static segment is listed before a parameter.
        assert_eq!(
            t.modules(Lang::En, "/group/new"),
            ["/assets/en.js", "/assets/new.js"]
        );
        // Unknown pages get the language and the session only.
        assert_eq!(t.modules(Lang::En, "/nowhere"), ["/assets/en.js"]);
        assert_eq!(t.fetches("/nowhere", ""), ["/api/auth/token"]);
    }

    #[test]
    fn odd_parameters_preload_no_api_answers() {
        assert_eq!(table().fetches("/group/a%2Fb", ""), ["/api/auth/token"]);
        assert_eq!(table().fetches("/group/...", ""), ["/api/auth/token"]);
    }

    #[test]
    fn a_missing_table_is_empty() {
        let t = FirstScreens::load(Path::new("/nonexistent-courtyard-dir"));
        assert!(t.modules(Lang::En, "/").is_empty());
        assert!(t.fetches("/", "").is_empty());
    }
}
