//! The JSON API under `/api`, its OpenAPI document, and the rules every request passes.

pub mod access;
pub mod account;
pub mod admin;
pub mod ai;
pub mod auth;
pub mod error;
pub mod extract;
pub mod health;
pub mod middleware;
pub mod openapi_zh;
pub mod signed;
pub mod tokens;

use crate::i18n::Lang;
use actix_web::{HttpResponse, get, web};
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
    tags(
        (name = "auth", description = "Accounts, sign-in and sessions"),
        (name = "account", description = "The signed-in user's own account"),
        (name = "tokens", description = "Personal access tokens (a browser session only)"),
        (name = "admin", description = "The admin console (admins only)"),
        (name = "ai", description = "The AI assistant"),
        (name = "system", description = "Health and the API description itself"),
    ),
    // Only what the handlers' `responses(...)` do not bring in themselves.
    components(schemas(ai::ChatStreamEvent)),
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
        document_bearer_refusal(&mut doc);
        doc
    }
}

/// Any operation answers 401 `invalid_token` to a bad bearer token, public ones too
/// (`access::authenticate_bearer`): say so where a handler's own list has no 401.
fn document_bearer_refusal(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
    for item in doc.paths.paths.values_mut() {
        for op in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
        {
            op.responses
                .responses
                .entry("401".to_owned())
                .or_insert_with(|| {
                    RefOr::T(
                        ResponseBuilder::new()
                            .description(
                                "`invalid_token`: a bearer token that is malformed, unknown, revoked or expired",
                            )
                            .content(
                                "application/json",
                                ContentBuilder::new()
                                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                                    .build(),
                            )
                            .build(),
                    )
                });
        }
    }
}

/// Every documented endpoint, mounted under `/api`.
pub fn api_scope() -> Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    utoipa_actix_web::scope("/api")
        .service(auth::handlers::register)
        .service(auth::handlers::login)
        .service(auth::handlers::logout)
        .service(auth::handlers::change_password)
        .service(auth::wechat::token_status)
        .service(auth::handlers::list_sessions)
        .service(auth::handlers::revoke_session)
        .service(auth::phone::send_verification)
        .service(auth::phone::login)
        .service(auth::wechat::callback)
        .service(auth::wechat::login)
        .service(auth::wechat::register)
        .service(auth::wechat::bind)
        .service(auth::wechat::unbind)
        .service(account::send_bind_code)
        .service(account::bind_phone)
        .service(tokens::scopes)
        .service(tokens::list)
        .service(tokens::create)
        .service(tokens::revoke)
        .service(ai::models)
        .service(ai::send_chat)
        .service(admin::handlers::overview)
        .service(admin::handlers::token)
        .service(admin::handlers::refresh_token)
        .service(admin::handlers::current_menu)
        .service(admin::handlers::validate_menu)
        .service(admin::handlers::publish_menu)
        .service(admin::handlers::delete_menu)
        .service(admin::handlers::menu_versions)
        .service(admin::handlers::rollback_menu)
        .service(health::health)
        .service(openapi_json)
}

#[utoipa::path(
    tag = "system",
    summary = "This API's OpenAPI document",
    responses((status = 200, description = "OpenAPI 3.1 JSON", content_type = "application/json")),
    security(())
)]
#[get("/docs.json")]
pub async fn openapi_json(docs: web::Data<DocsJson>, lang: Lang) -> HttpResponse {
    let body = match lang {
        Lang::Zh => docs.zh.clone(),
        Lang::En => docs.en.clone(),
    };
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("Vary", "Accept-Language, Cookie"))
        .insert_header((actix_web::http::header::CONTENT_LANGUAGE, lang.as_str()))
        .content_type("application/json")
        .body(body)
}

/// `/api/docs.json` in both languages, serialised once at start.
pub struct DocsJson {
    pub en: actix_web::web::Bytes,
    pub zh: actix_web::web::Bytes,
}

impl DocsJson {
    /// # Errors
    /// When the document cannot be serialised (never, for a document utoipa built).
    pub fn new(doc: &utoipa::openapi::OpenApi) -> anyhow::Result<Self> {
        let en = serde_json::to_value(doc)?;
        let zh = openapi_zh::localize(en.clone());
        Ok(Self {
            en: serde_json::to_vec(&en)?.into(),
            zh: serde_json::to_vec(&zh)?.into(),
        })
    }
}
