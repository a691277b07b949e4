//! What an area of the API (`http/<area>/`) gives the rest of the server, and the one line of
//! the route table (`http/mod.rs`, `AREAS`) that registers it: its routes, in the order the
//! router tries them, and its Chinese OpenAPI texts. An area implements [`Area`] in its
//! `mod.rs` on a unit struct named after it (`auth::Auth`); nothing shared names an area.

use crate::http::error::{RegisteredCode, SharedCode};
use actix_web::dev::{
    AppService, HttpServiceFactory, ResourceDef, ResourceMap, ServiceFactory, ServiceRequest, Url,
};
use actix_web::guard::{Guard, GuardContext};
use utoipa_actix_web::OpenApiFactory;

/// Where an area mounts its handlers: utoipa's scope, which also collects each handler's
/// `#[utoipa::path]` into the document, or the plain scopes each worker serves ([`Grouped`]; so
/// that no worker builds the document only to drop it: docs/benchmarks.md, "Idle RSS").
pub trait Routes: Sized {
    /// Mounts one handler (`#[get(..)]` with `#[utoipa::path]`) after those mounted before.
    #[must_use]
    fn service<F>(self, handler: F) -> Self
    where
        F: HttpServiceFactory + OpenApiFactory + utoipa::Path + 'static;
}

impl<T> Routes for utoipa_actix_web::scope::Scope<T>
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    fn service<F>(self, handler: F) -> Self
    where
        F: HttpServiceFactory + OpenApiFactory + utoipa::Path + 'static,
    {
        utoipa_actix_web::scope::Scope::service(self, handler)
    }
}

/// The handlers each worker serves, grouped by the first segment of their path (`auth` of
/// `/auth/token`, `groups` of `/groups/{id}`): one actix-web scope per segment, in the order the
/// segments first appear, each keeping the table's order within it. actix-web's router tries
/// the routes of a scope one after the other, a regex for each pattern with a `{…}`; with the
/// groups it first compares the request's segment with each group's (a string comparison, a
/// score of them), then tries only that group's patterns — `GET /api/ai/models` no longer pays
/// for the hundred routes mounted before it (docs/benchmarks.md, "Targets missed").
///
/// A request can only match a pattern whose first segment is its own (every pattern's first
/// segment is a literal: [`first_segment`]), so the router picks the same handler as it would
/// from one flat list. A request whose segment no group has, or that no route of its group
/// matches, gets the mount's default service, as before.
///
/// actix-web also finds a request's pattern without the router (`match_pattern` before routing,
/// or for a request a middleware answered: a 405, a refused token), by walking its map of
/// patterns, which stops at the first scope whose own path matches — every group's, empty.
/// So the mount's first node is [`Grouped::finish`]'s map of every pattern in the table's order
/// ([`PatternMap`]), which the router never enters, and that walk finds what it found before.
pub struct Grouped {
    mount: &'static str,
    groups: Vec<(Box<str>, PlainScope)>,
    patterns: Vec<String>,
}

impl Grouped {
    /// No handler yet; the groups will be mounted under `mount` (`/api`).
    pub fn new(mount: &'static str) -> Self {
        Self {
            mount,
            groups: Vec::new(),
            patterns: Vec::new(),
        }
    }

    /// What to mount under the mount's path, in this order: the map of every pattern (no
    /// handler, never routed to: [`PatternMap`]), then each group by its segment, guarded by it
    /// (the scopes' own paths are empty, so their routes keep their patterns, and
    /// `match_pattern` the full one).
    pub fn finish(self) -> (PatternMap, Vec<(Box<str>, PlainScope)>) {
        let map = PatternMap::of(self.patterns);
        let mount = self.mount;
        let groups = self
            .groups
            .into_iter()
            .map(|(segment, scope)| {
                let guard = FirstSegment {
                    mount,
                    segment: segment.clone(),
                };
                (segment, scope.guard(guard))
            })
            .collect();
        (map, groups)
    }
}

/// Every route's pattern in the table's order, as a node of actix-web's map of patterns with no
/// service behind it: the router never enters it (its guard admits nothing), and the walk that
/// finds a request's pattern without the router finds it here ([`Grouped`]). Its patterns are
/// compiled once for the process and shared by every worker (a compiled pattern is ~10 KiB).
pub struct PatternMap(Vec<ResourceDef>);

impl PatternMap {
    fn of(patterns: Vec<String>) -> Self {
        static COMPILED: std::sync::OnceLock<(Vec<String>, Vec<ResourceDef>)> =
            std::sync::OnceLock::new();
        let compile = |patterns: &[String]| -> Vec<ResourceDef> {
            patterns
                .iter()
                .map(|p| ResourceDef::new(p.as_str()))
                .collect()
        };
        let (shared, defs) = COMPILED.get_or_init(|| (patterns.clone(), compile(&patterns)));
        if *shared == patterns {
            Self(defs.clone())
        } else {
            Self(compile(&patterns))
        }
    }
}

impl HttpServiceFactory for PatternMap {
    fn register(self, config: &mut AppService) {
        let mut map = ResourceMap::new(ResourceDef::root_prefix(""));
        for mut def in self.0 {
            map.add(&mut def, None);
        }
        let never: Box<dyn Guard> = Box::new(actix_web::guard::fn_guard(|_| false));
        config.register_service(
            ResourceDef::root_prefix(""),
            Some(vec![never]),
            actix_web::dev::fn_service(|req: ServiceRequest| async {
                Ok(req.into_response(actix_web::HttpResponse::NotFound()))
            }),
            Some(std::rc::Rc::new(map)),
        );
    }
}

impl Routes for Grouped {
    fn service<F>(mut self, handler: F) -> Self
    where
        F: HttpServiceFactory + OpenApiFactory + utoipa::Path + 'static,
    {
        let path = F::path();
        let segment = first_segment(&path).unwrap_or_else(|| {
            panic!("{path}: a route's first segment must be a literal (http/area.rs, Grouped)")
        });
        let at = match self.groups.iter().position(|(s, _)| **s == *segment) {
            Some(at) => at,
            None => {
                self.groups
                    .push((segment.into(), actix_web::web::scope("")));
                self.groups.len() - 1
            }
        };
        let group = &mut self.groups[at].1;
        let scope = std::mem::replace(group, actix_web::web::scope(""));
        *group = scope.service(handler);
        self.patterns.push(path);
        self
    }
}

/// The first segment of a route's path (`auth` of `/auth/token`, `docs.json` of `/docs.json`);
/// `None` when it holds a `{…}`, which could match any segment.
pub fn first_segment(path: &str) -> Option<&str> {
    let rest = path.strip_prefix('/')?;
    let segment = rest.split('/').next().unwrap_or_default();
    (!segment.contains(['{', '}'])).then_some(segment)
}

/// Admits a request whose path under `mount` starts with `segment`: `/api/auth` and
/// `/api/auth/…` for `auth`. It reads the path as the router does, percent-decoded except for
/// `%`, `/` and `+` (`/api/%61uth/token` is routed as `/api/auth/token`).
struct FirstSegment {
    mount: &'static str,
    segment: Box<str>,
}

impl FirstSegment {
    fn admits(&self, path: &str) -> bool {
        path.strip_prefix(self.mount)
            .and_then(|rest| rest.strip_prefix('/'))
            .is_some_and(|rest| rest.split('/').next() == Some(&*self.segment))
    }
}

impl Guard for FirstSegment {
    fn check(&self, ctx: &GuardContext<'_>) -> bool {
        let uri = &ctx.head().uri;
        if uri.path().contains('%') {
            self.admits(Url::new(uri.clone()).path())
        } else {
            self.admits(uri.path())
        }
    }
}

/// One operation's Chinese text: `METHOD /path` (as the document writes it), the summary, and
/// the description — `None` exactly where the English operation has none.
pub type OperationZh = (&'static str, &'static str, Option<&'static str>);

/// The Chinese texts an area brings to the OpenAPI document (`http/openapi_zh.rs` applies
/// them): its operations', and the descriptions of its parameters, schemas and their fields.
pub struct OpenApiZh {
    /// Every operation the area mounts, exactly once.
    pub operations: &'static [OperationZh],
    /// A JSON object, English description → Chinese, for the descriptions of the area's own
    /// parameters, schemas and fields (`include_str!("openapi_zh.json")` beside its `mod.rs`).
    /// A text several areas share lives in the shared table of `http/openapi_zh.rs`.
    pub texts: &'static str,
}

impl OpenApiZh {
    /// An area without Chinese texts of its own.
    pub const NONE: Self = Self {
        operations: &[],
        texts: "{}",
    };
}

/// An OpenAPI tag an area declares: the name its operations give in `#[utoipa::path(tag =
/// …)]` and its description in English and Chinese. The document lists the tags in the route
/// table's order.
#[derive(Debug, Clone, Copy)]
pub struct Tag {
    pub name: &'static str,
    pub en: &'static str,
    pub zh: &'static str,
}

/// A string enum of the document, named: its component name, its values, and what it is
/// (Chinese, English). `http::document` writes every inline enum with these values as a
/// reference to the one component.
pub struct NamedEnum {
    pub name: &'static str,
    pub values: &'static [&'static str],
    /// Also names a longer list that holds every one of `values` (the audit actions grow
    /// with the features that write them).
    pub grows: bool,
    pub zh: &'static str,
    pub en: &'static str,
}

/// A [`NamedEnum`] of exactly `values`.
pub const fn named(
    name: &'static str,
    values: &'static [&'static str],
    zh: &'static str,
    en: &'static str,
) -> NamedEnum {
    NamedEnum {
        name,
        values,
        grows: false,
        zh,
        en,
    }
}

/// One area of the API.
pub trait Area {
    /// The area's name: its folder under `http/` (`auth`).
    const NAME: &'static str;

    /// The tag the area declares, if its operations do not use another area's (the admin
    /// console's areas share `admin`).
    const TAG: Option<Tag> = None;

    /// The string enums the area's bodies hold, named (its `rules.rs`).
    const ENUMS: &'static [NamedEnum] = &[];

    /// The area's schemas that admit no field besides their own (`additionalProperties:
    /// false` in the document), where an unknown field would be dropped unread.
    const CLOSED_SCHEMAS: &'static [&'static str] = &[];

    /// Mounts the area's handlers on `routes`, in the order the router tries them: where two
    /// paths could match one request (`/districts/search` and `/districts/{code}`), the literal
    /// one first.
    fn routes<R: Routes>(routes: R) -> R;

    /// The area's Chinese OpenAPI texts.
    fn openapi_zh() -> OpenApiZh {
        OpenApiZh::NONE
    }

    /// The area's error codes (declared by `error_codes!` in its `errors.rs`): its line in the
    /// route table registers them.
    fn codes() -> &'static [RegisteredCode] {
        &[]
    }
}

/// A plain scope a worker serves (`actix_web::web::scope`).
pub type PlainScope = actix_web::Scope;

/// Names the endpoint type of a scope, which actix-web does not export.
pub trait ScopeEndpoint {
    type Endpoint;
}

impl<T> ScopeEndpoint for actix_web::Scope<T> {
    type Endpoint = T;
}

/// The utoipa scope that collects the document (`utoipa_actix_web::scope`).
pub type DocScope = utoipa_actix_web::scope::Scope<<PlainScope as ScopeEndpoint>::Endpoint>;

/// An area as the route table holds it: what [`Area`] gives, as plain functions.
pub struct Registered {
    /// [`Area::NAME`].
    pub name: &'static str,
    /// [`Area::TAG`].
    pub tag: Option<Tag>,
    /// [`Area::ENUMS`].
    pub enums: &'static [NamedEnum],
    /// [`Area::CLOSED_SCHEMAS`].
    pub closed_schemas: &'static [&'static str],
    document_routes: fn(DocScope) -> DocScope,
    served_routes: fn(Grouped) -> Grouped,
    /// [`Area::openapi_zh`].
    pub openapi_zh: fn() -> OpenApiZh,
    /// [`Area::codes`].
    pub codes: fn() -> &'static [RegisteredCode],
}

impl Registered {
    /// The route table's line for `A`.
    pub const fn area<A: Area>() -> Self {
        Self {
            name: A::NAME,
            tag: A::TAG,
            enums: A::ENUMS,
            closed_schemas: A::CLOSED_SCHEMAS,
            document_routes: A::routes::<DocScope>,
            served_routes: A::routes::<Grouped>,
            openapi_zh: A::openapi_zh,
            codes: A::codes,
        }
    }
}

/// Every area's routes on utoipa's scope, in the table's order.
pub fn document_routes(areas: &[Registered], scope: DocScope) -> DocScope {
    areas
        .iter()
        .fold(scope, |scope, area| (area.document_routes)(scope))
}

/// Every area's routes as each worker serves them under `mount`, in the table's order, grouped
/// by their first segment ([`Grouped`]).
pub fn served_routes(areas: &[Registered], mount: &'static str) -> Grouped {
    areas.iter().fold(Grouped::new(mount), |routes, area| {
        (area.served_routes)(routes)
    })
}

/// The document's tags: every area's, in the table's order.
pub fn tags(areas: &[Registered]) -> impl Iterator<Item = Tag> + '_ {
    areas.iter().filter_map(|area| area.tag)
}

/// The registry of error codes: the shared ones, then every area's in the table's order.
pub fn error_codes(areas: &[Registered]) -> Vec<RegisteredCode> {
    SharedCode::CODES
        .iter()
        .chain(areas.iter().flat_map(|area| (area.codes)()))
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_routes_first_segment_is_its_literal_first_part() {
        assert_eq!(first_segment("/auth/token"), Some("auth"));
        assert_eq!(first_segment("/groups"), Some("groups"));
        assert_eq!(first_segment("/groups/{id}/articles"), Some("groups"));
        assert_eq!(first_segment("/docs.json"), Some("docs.json"));
        assert_eq!(first_segment("/{area}/x"), None);
        assert_eq!(first_segment("auth/token"), None);
    }

    #[test]
    fn a_group_admits_its_segment_under_the_mount_only() {
        let auth = FirstSegment {
            mount: "/api",
            segment: "auth".into(),
        };
        for admitted in [
            "/api/auth",
            "/api/auth/",
            "/api/auth/token",
            "/api/auth/x/y",
        ] {
            assert!(auth.admits(admitted), "{admitted}");
        }
        for refused in [
            "/api/authx/token",
            "/api/autH/token",
            "/api/groups/auth",
            "/api",
            "/api/",
            "/auth/token",
            "/apiauth/token",
            "/api//auth/token",
        ] {
            assert!(!auth.admits(refused), "{refused}");
        }
    }

    #[test]
    fn a_group_reads_the_path_as_the_router_does() {
        let guard = FirstSegment {
            mount: "/api",
            segment: "auth".into(),
        };
        let check = |uri: &str| {
            let req = actix_web::test::TestRequest::get()
                .uri(uri)
                .to_srv_request();
            guard.check(&req.guard_ctx())
        };
        assert!(check("/api/auth/token"));
        assert!(check("/api/%61uth/token"), "an encoded letter is decoded");
        assert!(check("/%61pi/auth/token"));
        assert!(!check("/api/auth%2Fx/token"), "an encoded slash is not");
        assert!(!check("/api/groups/%61uth"));
    }
}
