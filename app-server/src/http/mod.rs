//! The JSON API under `/api`, its OpenAPI document, and the rules every request passes.

// Areas: one per tag, each `mod.rs` + `dto.rs` + `handlers.rs`; an area never imports another.
pub mod account;
pub mod admin;
pub mod ai;
pub mod auth;
pub mod blocks;
pub mod districts;
pub mod groups;
pub mod media;
pub mod moderation;
pub mod notifications;
pub mod overview;
pub mod plaza;
pub mod profiles;
pub mod reports;
pub mod search;
pub mod system;
pub mod tokens;
pub mod weather;
pub mod wechat;

// Shared by the areas; none of these imports an area.
pub mod access;
pub mod area;
pub mod document;
pub mod dto;
pub mod error;
pub mod extract;
pub mod middleware;
pub mod openapi_zh;
pub mod rules;
pub mod signed;
pub mod upload;
pub mod upload_gate;

use crate::i18n::Lang;
use area::Registered;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;
use utoipa_actix_web::scope::Scope;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Courtyard API",
        description = "The REST API of Courtyard (庭院). Every response is JSON with a `success` flag; errors add a stable `code` and a `message` in the request's language (`Accept-Language` or the `preference_language` cookie). Call it with a browser session (cookie) or a personal access token from the developer portal (`Authorization: Bearer`). Summaries and descriptions come in Chinese with `Accept-Language: zh`.",
        license(name = "MIT")
    ),
    // Only what the handlers' `responses(...)` do not bring in themselves.
    components(schemas(
        ai::dto::ChatStreamEvent,
        notifications::dto::NotificationEvent,
        notifications::dto::NotificationStreamEvent,
        notifications::dto::UnreadEvent
    )),
    modifiers(&SecuritySchemes)
)]
pub struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            access::SESSION_SCHEME,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                extract::SESSION_COOKIE,
                "The browser session, set by any sign-in.",
            ))),
        );
        components.add_security_scheme(
            access::BEARER_SCHEME,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("cyp_…")
                    .description(Some(
                        "A personal access token from /developers/pat. An operation's bearer requirement lists the scope the token needs; an operation without one refuses tokens.",
                    ))
                    .build(),
            ),
        );
    }
}

impl ApiDoc {
    /// The whole document, with every route of [`api_scope`] — what `/api/docs.json` serves.
    pub fn openapi_with_routes() -> utoipa::openapi::OpenApi {
        let (_, doc) = actix_web::App::new()
            .into_utoipa_app()
            .openapi(Self::openapi())
            .service(api_scope())
            .split_for_parts();
        let mut doc = doc;
        doc.tags = Some(
            area::tags(AREAS)
                .map(|t| {
                    utoipa::openapi::tag::TagBuilder::new()
                        .name(t.name)
                        .description(Some(t.en))
                        .build()
                })
                .collect(),
        );
        unique_operation_ids(&mut doc);
        closed_schemas(&mut doc);
        doc
    }

    /// The document in `lang`, finished ([`document_json`]).
    ///
    /// # Errors
    /// When the document cannot be serialised (never, for a document utoipa built).
    pub fn json(lang: Lang) -> anyhow::Result<serde_json::Value> {
        document_json(&Self::openapi_with_routes(), lang)
    }

    /// The document `/api/docs.json` serves in `lang`, as pretty JSON with its keys sorted and a
    /// final newline: what `app-server openapi` prints and `frontend/src/lib/api/openapi.json`
    /// holds (`just api-types`), so the committed copy changes only where the API does.
    ///
    /// # Errors
    /// When the document cannot be serialised (never, for a document utoipa built).
    pub fn pretty_json(lang: Lang) -> anyhow::Result<String> {
        let mut doc = Self::json(lang)?;
        doc.sort_all_objects();
        let mut out = serde_json::to_string_pretty(&doc)?;
        out.push('\n');
        Ok(out)
    }
}

/// What the server reads from its OpenAPI document, built once at start: who may call what with
/// a token, and `/api/docs.json` in both languages.
///
/// Building them makes ~20 MiB of values that live only while they are built (the document, and
/// its JSON trees in each language). glibc's malloc gives memory back only from the top of a
/// heap, so on the main thread that memory stayed in the server for good, under what was
/// allocated after it (docs/benchmarks.md, "Targets missed": idle RSS). So they are built on a
/// thread of their own, which gets a heap of its own (a glibc arena): the calling thread copies
/// the two results, hands the originals back to be freed there, and once that thread has ended
/// frees the last block it allocated — a block large enough that glibc then gathers the heap's
/// free blocks, all of it by now, into one and gives it back.
///
/// # Errors
/// When an operation's `security` names no known scope, or the document cannot be serialised.
pub fn document_tables() -> anyhow::Result<(access::AccessTable, system::handlers::DocsJson)> {
    use std::sync::mpsc;
    type Built = (access::AccessTable, system::handlers::DocsJson);
    /// Over glibc's 64 KiB at which a free gathers the heap's free blocks and trims it, under
    /// its 128 KiB from which a block is mapped on its own instead.
    const LAST_BLOCK: usize = 96 * 1024;
    let (built_tx, built_rx) = mpsc::channel::<anyhow::Result<Built>>();
    let (back_tx, back_rx) = mpsc::channel::<Built>();
    let thread = std::thread::Builder::new()
        .name("openapi".into())
        .spawn(move || {
            let built = (|| {
                let doc = ApiDoc::openapi_with_routes();
                let access = access::AccessTable::from_openapi(&doc)
                    .map_err(|e| anyhow::anyhow!("the OpenAPI document's security: {e}"))?;
                Ok((access, system::handlers::DocsJson::new(&doc)?))
            })();
            let _ = built_tx.send(built);
            drop(back_rx.recv());
            Vec::<u8>::with_capacity(LAST_BLOCK)
        })?;
    let copied = built_rx
        .recv()
        .map_err(anyhow::Error::from)
        .and_then(|built| {
            let (access, docs) = built?;
            let copied = (
                access.reallocated(),
                system::handlers::DocsJson {
                    en: actix_web::web::Bytes::copy_from_slice(&docs.en),
                    zh: actix_web::web::Bytes::copy_from_slice(&docs.zh),
                },
            );
            let _ = back_tx.send((access, docs));
            Ok(copied)
        });
    drop(back_tx);
    let last = thread
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    drop(last);
    copied
}

/// A document utoipa built ([`ApiDoc::openapi_with_routes`]) as JSON in `lang`: the Chinese
/// text put in ([`openapi_zh::localize`]), then the finishing passes ([`document::finish`]),
/// which write the lines they add in the same language.
///
/// # Errors
/// When the document cannot be serialised (never, for a document utoipa built).
pub fn document_json(
    doc: &utoipa::openapi::OpenApi,
    lang: Lang,
) -> anyhow::Result<serde_json::Value> {
    let en = serde_json::to_value(doc)?;
    let doc = match lang {
        Lang::En => en,
        Lang::Zh => openapi_zh::localize(en, AREAS),
    };
    Ok(document::finish(doc, lang, AREAS))
}

/// The operations of a path, whatever their method.
fn operations(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [
        &mut item.get,
        &mut item.post,
        &mut item.put,
        &mut item.delete,
        &mut item.patch,
    ]
    .into_iter()
    .flatten()
}

/// Closes the schemas the areas name in [`Area::CLOSED_SCHEMAS`](area::Area::CLOSED_SCHEMAS)
/// (`additionalProperties: false`).
fn closed_schemas(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{AdditionalProperties, Schema};
    let Some(components) = doc.components.as_mut() else {
        return;
    };
    for name in AREAS.iter().flat_map(|area| area.closed_schemas) {
        if let Some(RefOr::T(Schema::Object(object))) = components.schemas.get_mut(*name) {
            object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
        }
    }
}

/// utoipa names an operation after its handler, and two areas may both have a `login`: an id that
/// names more than one operation is qualified by its path (`/api/auth/phone/login` →
/// `auth_phone_login`), so a client generated from the document (openapi-typescript's
/// `operations`) keeps every operation.
fn unique_operation_ids(doc: &mut utoipa::openapi::OpenApi) {
    use std::collections::HashMap;
    let mut uses: HashMap<String, usize> = HashMap::new();
    for item in doc.paths.paths.values_mut() {
        for op in operations(item) {
            if let Some(id) = &op.operation_id {
                *uses.entry(id.clone()).or_default() += 1;
            }
        }
    }
    for (path, item) in doc.paths.paths.iter_mut() {
        let segments: Vec<&str> = path
            .trim_start_matches("/api/")
            .split('/')
            .filter(|s| !s.starts_with('{'))
            .collect();
        let prefix = segments[..segments.len().saturating_sub(1)]
            .iter()
            .map(|s| snake_case(s))
            .collect::<Vec<_>>()
            .join("_");
        for op in operations(item) {
            if let Some(id) = op.operation_id.as_mut()
                && uses.get(id.as_str()).is_some_and(|&n| n > 1)
                && !prefix.is_empty()
            {
                *id = format!("{prefix}_{id}");
            }
        }
    }
}

/// `sendVerification` → `send_verification`.
fn snake_case(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len() + 4);
    for c in segment.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else if c == '-' || c == '.' {
            out.push('_');
        } else {
            out.push(c);
        }
    }
    out
}

/// The route table: every area of the API, one line each, in the order the router tries
/// them. An area mounts its own handlers ([`Area::routes`](area::Area::routes), in its
/// `mod.rs`) and brings its Chinese OpenAPI texts. The routes are mounted twice — into utoipa's
/// scope, which also collects each handler's `#[utoipa::path]` into the document ([`api_scope`],
/// built once at start), and into plain actix-web scopes for each worker's `App`
/// ([`api_service`]), which would otherwise build the whole document once per worker thread
/// only to drop it (docs/benchmarks.md, "Idle RSS").
pub const AREAS: &[Registered] = &[
    Registered::area::<auth::Auth>(),
    Registered::area::<account::Account>(),
    Registered::area::<tokens::Tokens>(),
    Registered::area::<overview::Overview>(),
    Registered::area::<admin::Admin>(),
    Registered::area::<wechat::Wechat>(),
    Registered::area::<ai::Ai>(),
    Registered::area::<groups::Groups>(),
    Registered::area::<districts::Districts>(),
    Registered::area::<moderation::Moderation>(),
    Registered::area::<weather::Weather>(),
    Registered::area::<plaza::Plaza>(),
    Registered::area::<media::Media>(),
    Registered::area::<notifications::Notifications>(),
    Registered::area::<blocks::Blocks>(),
    Registered::area::<profiles::Profiles>(),
    Registered::area::<search::Search>(),
    Registered::area::<reports::Reports>(),
    Registered::area::<system::System>(),
];

/// Every documented endpoint, mounted under `/api`, for the OpenAPI document.
pub fn api_scope() -> Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    area::document_routes(AREAS, utoipa_actix_web::scope(API_MOUNT))
}

/// The same endpoints as [`api_scope`], as plain actix-web scopes: what each worker serves, one
/// scope per first segment of the path ([`area::Grouped`]). The admin console's group is where
/// [`admin::require_admin`] stands, so no other request passes through it.
pub fn api_service() -> actix_web::Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let (patterns, groups) = area::served_routes(AREAS, API_MOUNT).finish();
    groups.into_iter().fold(
        actix_web::web::scope(API_MOUNT).service(patterns),
        |api, (segment, group)| {
            if *segment == *admin::SEGMENT {
                api.service(group.wrap(actix_web::middleware::from_fn(admin::require_admin)))
            } else {
                api.service(group)
            }
        },
    )
}

/// Where the API is mounted.
const API_MOUNT: &str = "/api";

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::dev::{Service, ServiceResponse};
    use actix_web::test::{TestRequest, init_service};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A concrete path of a pattern: each `{…}` a value no literal segment has.
    fn concrete(pattern: &str) -> String {
        pattern
            .split('/')
            .map(|s| if s.starts_with('{') { "p1" } else { s })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Every operation of the document, called on the routes the workers serve: the router
    /// reaches the operation's own pattern, and `match_pattern` finds it before routing too
    /// (as the bearer check and a request refused before the router ask), through the groups.
    #[actix_web::test]
    async fn every_operation_is_routed_to_its_pattern_through_the_groups() {
        let before: Rc<RefCell<Option<String>>> = Rc::default();
        let seen = before.clone();
        let app = init_service(
            actix_web::App::new()
                .service(api_service())
                .default_service(actix_web::web::to(actix_web::HttpResponse::NotFound))
                .wrap_fn(move |req, srv| {
                    *seen.borrow_mut() = req.match_pattern();
                    srv.call(req)
                }),
        )
        .await;
        let doc = ApiDoc::openapi_with_routes();
        let mut checked = 0;
        for (pattern, item) in &doc.paths.paths {
            for (method, _) in access::operations(item) {
                let path = concrete(pattern);
                let req = TestRequest::default()
                    .method(method.clone())
                    .uri(&path)
                    .to_request();
                let res: ServiceResponse = app.call(req).await.unwrap();
                assert_eq!(
                    res.request().match_pattern().as_deref(),
                    Some(pattern.as_str()),
                    "{method} {path} was routed elsewhere"
                );
                assert_eq!(
                    before.borrow().as_deref(),
                    Some(pattern.as_str()),
                    "{method} {path}: its pattern before routing"
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} operations");
        // A path under a group that no route of it matches, and one under no group, reach the
        // default service, with no pattern.
        for path in ["/api/auth/nothing-here", "/api/nothing-here", "/api"] {
            let res: ServiceResponse = app
                .call(TestRequest::get().uri(path).to_request())
                .await
                .unwrap();
            assert_eq!(res.status(), 404, "{path}");
            assert_eq!(res.request().match_pattern(), None, "{path}");
        }
        // The router reads the path percent-decoded, and so does a group's guard.
        let res: ServiceResponse = app
            .call(TestRequest::get().uri("/api/%61i/models").to_request())
            .await
            .unwrap();
        assert_eq!(
            res.request().match_pattern().as_deref(),
            Some("/api/ai/models")
        );
    }

    /// The 405 check's one-pass answer (`AccessTable::admits`, asked on every request) is the
    /// one the declared methods give, for every path of the document, a literal one beside a
    /// pattern it fits (`/api/groups/mine`), and paths the document does not know.
    #[test]
    fn the_method_check_admits_what_the_declared_methods_say() {
        use actix_web::http::Method;
        let doc = ApiDoc::openapi_with_routes();
        let table = access::AccessTable::from_openapi(&doc).unwrap();
        let mut paths: Vec<String> = doc.paths.paths.keys().map(|p| concrete(p)).collect();
        paths.extend(doc.paths.paths.keys().cloned());
        paths.extend(["/api/groups/mine", "/api/nothing", "/api", "/", "/plaza"].map(String::from));
        let methods = [
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::DELETE,
            Method::PATCH,
            Method::HEAD,
            Method::OPTIONS,
        ];
        // What the document declares for a path, every pattern compared: the most specific
        // ones that match (the fewest `{…}`), their methods.
        let declared_by_doc = |path: &str| -> Vec<Method> {
            let matching: Vec<(usize, Vec<Method>)> = doc
                .paths
                .paths
                .iter()
                .filter(|(p, _)| actix_web::dev::ResourceDef::new(p.as_str()).is_match(path))
                .map(|(p, item)| {
                    let methods = access::operations(item).map(|(m, _)| m).collect();
                    (p.matches('{').count(), methods)
                })
                .collect();
            let fewest = matching.iter().map(|(n, _)| *n).min().unwrap_or(0);
            let mut methods: Vec<Method> = Vec::new();
            for (_, ms) in matching.into_iter().filter(|(n, _)| *n == fewest) {
                for m in ms {
                    if !methods.contains(&m) {
                        methods.push(m);
                    }
                }
            }
            methods
        };
        let mut refused = 0;
        for path in &paths {
            let declared = table.methods_of(path);
            assert_eq!(declared, declared_by_doc(path), "{path}");
            for m in &methods {
                let expected = declared.is_empty() || declared.contains(m);
                assert_eq!(table.admits(m, path), expected, "{m} {path}");
                refused += usize::from(!expected);
            }
        }
        assert!(refused > 100, "{refused} refusals checked");
        assert!(!table.admits(&Method::PUT, "/api/groups/mine"));
        assert!(table.admits(&Method::GET, "/api/groups/mine"));
    }
}
