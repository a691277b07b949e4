//! Who may call what with a personal access token, read from the OpenAPI document itself: each
//! operation's `security` says whether it is public, needs a session only, or also takes a
//! bearer token and with which scope. One source serves the docs browser (which warns about a
//! missing scope) and the check below, so the two cannot disagree.
//!
//! The table fails closed: a bearer token is accepted only on an operation the document
//! declares. The same document says which methods each path has, so a known path called with
//! another method answers 405 with `Allow` instead of 404.

use super::error::ApiError;
use crate::state::AppState;
use accounts::model::User;
use actix_web::body::BoxBody;
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::{HttpMessage, HttpResponse, web};
use std::collections::HashMap;
use tokens::model::{Scope, TokenGrant};
use utoipa::openapi::OpenApi;
use utoipa::openapi::path::HttpMethod;

/// The security scheme names of the document.
pub const SESSION_SCHEME: &str = "session";
pub const BEARER_SCHEME: &str = "bearer";

/// What one operation asks of the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Access {
    /// No credentials needed (a token, if sent, must still be valid).
    Public,
    /// A browser session only: tokens are refused (creating tokens, changing passwords …).
    SessionOnly,
    /// A session, or a token holding every one of these scopes (none: any valid token).
    SessionOrToken(Vec<Scope>),
}

/// [`Access`] per operation, keyed by method and path pattern (`/api/tokens/{id}`), and the
/// methods each path pattern declares.
#[derive(Debug, Clone, Default)]
pub struct AccessTable {
    operations: HashMap<(Method, String), Access>,
    paths: Vec<PathMethods>,
    /// For each first segment under `/api/` (`auth` of `/api/auth/token`), the indexes in
    /// `paths` of the patterns that start with it: a path can only match those, so a request
    /// compares its own area's patterns and no other (see [`AccessTable::candidates`]).
    by_segment: HashMap<String, Vec<usize>>,
    /// The patterns that do not start with `/api/` and a literal segment: compared with every
    /// path.
    anywhere: Vec<usize>,
}

/// The first segment of a path under `/api/` (`auth` of `/api/auth/token` and `/api/auth`).
fn api_segment(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/")?;
    Some(rest.split('/').next().unwrap_or_default())
}

/// A path pattern of the document and the methods it declares.
#[derive(Debug, Clone)]
struct PathMethods {
    def: ResourceDef,
    /// The pattern up to its first `{`: a path that does not start with it cannot match, and
    /// comparing it costs far less than the pattern's regex (`methods_of` runs on every
    /// request, over every path of the document: it was ~5 % of a request's CPU, issue 15).
    prefix: String,
    /// How many `{…}` segments the pattern has: fewer is more specific.
    params: usize,
    methods: Vec<Method>,
}

impl PathMethods {
    fn matches(&self, path: &str) -> bool {
        path.starts_with(&self.prefix) && self.def.is_match(path)
    }
}

fn method_of(m: &HttpMethod) -> Method {
    match m {
        HttpMethod::Get => Method::GET,
        HttpMethod::Post => Method::POST,
        HttpMethod::Put => Method::PUT,
        HttpMethod::Delete => Method::DELETE,
        HttpMethod::Options => Method::OPTIONS,
        HttpMethod::Head => Method::HEAD,
        HttpMethod::Patch => Method::PATCH,
        HttpMethod::Trace => Method::TRACE,
    }
}

/// What an operation's `security` (as JSON: a list of requirements) asks of the caller; `id`
/// names the operation in the error. Read by the table below and by the pass that declares each
/// operation's refusals in the document (`http::document`), so the two agree.
///
/// # Errors
/// When a requirement names a scope that does not exist.
pub fn access_of(id: &str, security: &serde_json::Value) -> Result<Access, String> {
    let mut session = false;
    let mut bearer: Option<Vec<Scope>> = None;
    for req in security.as_array().into_iter().flatten() {
        let Some(map) = req.as_object() else { continue };
        if map.contains_key(SESSION_SCHEME) {
            session = true;
        }
        if let Some(scopes) = map.get(BEARER_SCHEME) {
            let scopes = scopes
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| {
                    s.as_str()
                        .unwrap_or_default()
                        .parse::<Scope>()
                        .map_err(|e| format!("{id}: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            bearer = Some(scopes);
        }
    }
    Ok(match (session, bearer) {
        (_, Some(scopes)) => Access::SessionOrToken(scopes),
        (true, None) => Access::SessionOnly,
        (false, None) => Access::Public,
    })
}

/// Whether an operation's `security` also admits a caller with no credentials (`{}`).
pub fn admits_anonymous(security: &serde_json::Value) -> bool {
    security
        .as_array()
        .into_iter()
        .flatten()
        .any(|req| req.as_object().is_some_and(serde_json::Map::is_empty))
}

impl AccessTable {
    /// Reads every operation's `security`.
    ///
    /// # Errors
    /// When an operation names a scope that does not exist, or documents no `security` at
    /// all (every endpoint must say; `security(())` is how a public one says it).
    pub fn from_openapi(doc: &OpenApi) -> Result<Self, String> {
        let mut table = HashMap::new();
        let mut paths = Vec::new();
        for (path, item) in &doc.paths.paths {
            paths.push(PathMethods {
                def: ResourceDef::new(path.as_str()),
                prefix: path.split('{').next().unwrap_or_default().to_owned(),
                params: path.matches('{').count(),
                methods: operations(item).map(|(m, _)| m).collect(),
            });
            for (method, op) in operations(item) {
                let id = format!("{} {path}", method.as_str());
                let security = op
                    .security
                    .as_ref()
                    .ok_or_else(|| format!("{id} documents no security"))?;
                let json = serde_json::to_value(security).map_err(|e| e.to_string())?;
                let access = access_of(&id, &json)?;
                table.insert((method, path.clone()), access);
            }
        }
        Ok(Self::indexed(table, paths))
    }

    fn indexed(operations: HashMap<(Method, String), Access>, paths: Vec<PathMethods>) -> Self {
        let mut by_segment: HashMap<String, Vec<usize>> = HashMap::new();
        let mut anywhere = Vec::new();
        for (i, p) in paths.iter().enumerate() {
            let pattern = p.def.pattern().unwrap_or_default();
            match api_segment(pattern).filter(|s| !s.contains(['{', '}'])) {
                Some(segment) => by_segment.entry(segment.to_owned()).or_default().push(i),
                None => anywhere.push(i),
            }
        }
        Self {
            operations,
            paths,
            by_segment,
            anywhere,
        }
    }

    /// The patterns a path could match: those of its first segment under `/api/`, and those
    /// compared with every path, in the document's order (both lists are in it: merged).
    fn candidates<'a>(&'a self, path: &str) -> impl Iterator<Item = &'a PathMethods> + 'a {
        let own = api_segment(path)
            .and_then(|s| self.by_segment.get(s))
            .map_or(&[][..], Vec::as_slice);
        let mut own = own.iter().copied().peekable();
        let mut anywhere = self.anywhere.iter().copied().peekable();
        std::iter::from_fn(move || match (own.peek(), anywhere.peek()) {
            (Some(a), Some(b)) if b < a => anywhere.next(),
            (Some(_), _) => own.next(),
            (None, _) => anywhere.next(),
        })
        .map(|i| &self.paths[i])
    }

    /// The same table in memory allocated by the calling thread: every string copied and every
    /// pattern compiled again (a clone would share the patterns' compiled regexes). See
    /// `http::document_tables`, which builds the table on a thread of its own.
    #[must_use]
    pub fn reallocated(&self) -> Self {
        Self::indexed(
            self.operations
                .iter()
                .map(|((m, p), a)| ((m.clone(), p.as_str().to_owned()), a.clone()))
                .collect(),
            self.paths
                .iter()
                .map(|p| PathMethods {
                    def: ResourceDef::new(p.def.pattern().unwrap_or_default()),
                    prefix: p.prefix.as_str().to_owned(),
                    params: p.params,
                    methods: p.methods.clone(),
                })
                .collect(),
        )
    }

    pub fn get(&self, method: &Method, pattern: &str) -> Option<&Access> {
        self.operations.get(&(method.clone(), pattern.to_owned()))
    }

    /// The operation a request reaches: the pattern the router matched, when it declares the
    /// method; else the most specific pattern of the document that matches the path and
    /// declares it. (A literal path answers only its own methods: `PUT /api/groups/mine` is
    /// refused with 405 by [`undeclared_method`] before this is asked.)
    pub fn operation(&self, method: &Method, matched: Option<&str>, path: &str) -> Option<&Access> {
        if let Some(access) = matched.and_then(|p| self.get(method, p)) {
            return Some(access);
        }
        self.most_specific(path)
            .into_iter()
            .find(|p| p.methods.contains(method))
            .and_then(|p| self.get(method, p.def.pattern()?))
    }

    /// The patterns that match a concrete path and have the fewest `{…}` segments: a literal
    /// path (`/api/groups/mine`) wins over a pattern it also fits (`/api/groups/{id}`), so its
    /// methods are exactly its own.
    fn most_specific(&self, path: &str) -> Vec<&PathMethods> {
        let matching: Vec<&PathMethods> =
            self.candidates(path).filter(|p| p.matches(path)).collect();
        let fewest = matching.iter().map(|p| p.params).min().unwrap_or(0);
        matching
            .into_iter()
            .filter(|p| p.params == fewest)
            .collect()
    }

    /// Whether a request may go on to the router: the path is one the document does not know,
    /// or one of its most specific patterns declares the method — [`methods_of`] is empty or
    /// holds it, found in one pass without allocating (every request asks).
    ///
    /// [`methods_of`]: AccessTable::methods_of
    pub fn admits(&self, method: &Method, path: &str) -> bool {
        let mut fewest: Option<usize> = None;
        let mut declared = false;
        for p in self.candidates(path).filter(|p| p.matches(path)) {
            match fewest {
                Some(f) if p.params > f => {}
                Some(f) if p.params == f => declared |= p.methods.contains(method),
                _ => {
                    fewest = Some(p.params);
                    declared = p.methods.contains(method);
                }
            }
        }
        fewest.is_none() || declared
    }

    /// The methods declared for a concrete request path (`/api/tokens/3f…`), over the most
    /// specific patterns that match it (`/api/groups/mine`: only its own `GET`, not those of
    /// `/api/groups/{id}`), in the document's order (GET, POST, PUT, DELETE, …); empty for a
    /// path the document does not know.
    pub fn methods_of(&self, path: &str) -> Vec<Method> {
        let mut methods: Vec<Method> = Vec::new();
        for p in self.most_specific(path) {
            for m in &p.methods {
                if !methods.contains(m) {
                    methods.push(m.clone());
                }
            }
        }
        methods
    }
}

/// 405 `method_not_allowed` with `Allow` for a path the document knows called with a method
/// it does not declare (instead of the router's 404), in the request's language; `None` for the
/// rest, which go on (to a 404, or the single-page app). Part of [`super::middleware::admit`].
pub fn undeclared_method(req: &ServiceRequest) -> Option<HttpResponse> {
    let Some(table) = req.app_data::<web::Data<AccessTable>>() else {
        let missing = ApiError::internal(&anyhow::anyhow!("AccessTable is not registered"));
        return Some(missing.render(crate::i18n::Lang::of(req.request())));
    };
    if table.admits(req.method(), req.path()) {
        return None;
    }
    let methods = table.methods_of(req.path());
    let allow = methods
        .iter()
        .map(Method::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    let error = ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        crate::http::error::SharedCode::MethodNotAllowed,
        crate::i18n::Msg::MethodNotAllowed,
    );
    // Rendered here (not left to `localize_errors`) so that the `Allow` header stays.
    let mut res = error.render(crate::i18n::Lang::of(req.request()));
    if let Ok(value) = header::HeaderValue::from_str(&allow) {
        res.headers_mut().insert(header::ALLOW, value);
    }
    Some(res)
}

/// Every (method, operation) of a path item.
pub fn operations(
    item: &utoipa::openapi::path::PathItem,
) -> impl Iterator<Item = (Method, &utoipa::openapi::path::Operation)> {
    [
        (HttpMethod::Get, &item.get),
        (HttpMethod::Post, &item.post),
        (HttpMethod::Put, &item.put),
        (HttpMethod::Delete, &item.delete),
        (HttpMethod::Options, &item.options),
        (HttpMethod::Head, &item.head),
        (HttpMethod::Patch, &item.patch),
        (HttpMethod::Trace, &item.trace),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.as_ref().map(|op| (method_of(&m), op)))
}

/// The user a valid bearer token speaks for, put into the request by [`authenticate_bearer`].
#[derive(Debug, Clone)]
pub struct TokenPrincipal {
    pub user: User,
    pub grant: TokenGrant,
}

/// The secret of an `Authorization: Bearer …` header. `Some("")` for a bearer header without
/// a usable secret, so that it is refused rather than ignored.
pub fn bearer_secret(req: &actix_web::HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?;
    let value = value.to_str().unwrap_or_default().trim();
    let (scheme, secret) = value.split_once(' ').unwrap_or((value, ""));
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| secret.trim().to_owned())
}

/// Authenticates `Authorization: Bearer <token>`: 403 `token_not_allowed` on anything the
/// access table does not list (an unknown API path, the single-page app, static files: the table
/// fails closed) and where only a session will do, 401 `invalid_token` for a malformed, unknown,
/// revoked or expired token (or one whose user is disabled), 403 `insufficient_scope` without
/// the operation's scope. A request with a bearer header is judged by the token alone: a session
/// cookie beside it is ignored. The request goes on (`Ok`, with its [`TokenPrincipal`]) or its
/// refusal is the answer (`Err`). Part of [`super::middleware::admit`].
pub async fn authenticate_bearer(
    req: ServiceRequest,
) -> Result<ServiceRequest, ServiceResponse<BoxBody>> {
    let Some(secret) = bearer_secret(req.request()) else {
        return Ok(req);
    };
    let (Some(state), Some(table)) = (
        req.app_data::<web::Data<AppState>>().cloned(),
        req.app_data::<web::Data<AccessTable>>().cloned(),
    ) else {
        let missing = ApiError::internal(&anyhow::anyhow!("AppState is not registered"));
        return Err(req.error_response(missing));
    };
    // Fails closed: no declared operation, no token. Decided before the token is even looked
    // up, so an unknown route never costs a database query.
    let matched = req.match_pattern();
    let Some(access) = table
        .operation(req.method(), matched.as_deref(), req.path())
        .cloned()
    else {
        return Err(req.error_response(ApiError::token_not_allowed()));
    };
    let grant = match state.tokens.authenticate(&secret).await {
        Ok(grant) => grant,
        Err(e) => return Err(req.error_response(ApiError::from(e))),
    };
    let user = match state.accounts.find_user(grant.user_id).await {
        Ok(Some(user)) if user.disabled_at.is_none() => user,
        Ok(_) => return Err(req.error_response(ApiError::invalid_token())),
        Err(e) => return Err(req.error_response(ApiError::from(e))),
    };
    match access {
        Access::SessionOnly => return Err(req.error_response(ApiError::token_not_allowed())),
        Access::SessionOrToken(needed) => {
            if let Some(missing) = needed.iter().find(|s| !grant.scopes.allow(**s)) {
                let error = ApiError::new(
                    actix_web::http::StatusCode::FORBIDDEN,
                    crate::http::error::SharedCode::InsufficientScope,
                    crate::i18n::Msg::InsufficientScope,
                )
                .with_required_scope(missing.as_str());
                return Err(req.error_response(error));
            }
        }
        Access::Public => {}
    }
    req.extensions_mut().insert(TokenPrincipal { user, grant });
    Ok(req)
}
