//! What an area of the API (`http/<area>/`) gives the rest of the server, and the one line of
//! the route table (`http/mod.rs`, `AREAS`) that registers it: its routes, in the order the
//! router tries them, and its Chinese OpenAPI texts. An area implements [`Area`] in its
//! `mod.rs` on a unit struct named after it (`auth::Auth`); nothing shared names an area.

use crate::http::error::{RegisteredCode, SharedCode};
use actix_web::dev::{HttpServiceFactory, ServiceFactory, ServiceRequest};
use utoipa_actix_web::OpenApiFactory;

/// Where an area mounts its handlers: utoipa's scope, which also collects each handler's
/// `#[utoipa::path]` into the document, or actix-web's plain scope, which each worker serves
/// (so that no worker builds the document only to drop it; docs/benchmarks.md, "Idle RSS").
pub trait Routes: Sized {
    /// Mounts one handler (`#[get(..)]` with `#[utoipa::path]`) after those mounted before.
    #[must_use]
    fn service<F>(self, handler: F) -> Self
    where
        F: HttpServiceFactory + OpenApiFactory + 'static;
}

impl<T> Routes for actix_web::Scope<T>
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    fn service<F>(self, handler: F) -> Self
    where
        F: HttpServiceFactory + OpenApiFactory + 'static,
    {
        actix_web::Scope::service(self, handler)
    }
}

impl<T> Routes for utoipa_actix_web::scope::Scope<T>
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    fn service<F>(self, handler: F) -> Self
    where
        F: HttpServiceFactory + OpenApiFactory + 'static,
    {
        utoipa_actix_web::scope::Scope::service(self, handler)
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

/// The plain scope each worker serves (`actix_web::web::scope`).
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
    served_routes: fn(PlainScope) -> PlainScope,
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
            served_routes: A::routes::<PlainScope>,
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

/// Every area's routes on the plain scope, in the table's order.
pub fn served_routes(areas: &[Registered], scope: PlainScope) -> PlainScope {
    areas
        .iter()
        .fold(scope, |scope, area| (area.served_routes)(scope))
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
