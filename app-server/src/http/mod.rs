//! The JSON API under `/api`, its OpenAPI document, and the rules every request passes.

pub mod account;
pub mod admin;
pub mod ai;
pub mod auth;
pub mod error;
pub mod extract;
pub mod health;
pub mod middleware;
pub mod signed;

use actix_web::{HttpResponse, get, web};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::scope::Scope;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Courtyard API",
        description = "The REST API of Courtyard (庭院). Every response is JSON with a `success` flag; errors add a stable `code` and a `message` in the request's language (`Accept-Language` or the `preference_language` cookie).",
        license(name = "MIT")
    ),
    tags(
        (name = "auth", description = "Accounts, sign-in and sessions"),
        (name = "account", description = "The signed-in user's own account"),
        (name = "admin", description = "The admin console (admins only)"),
        (name = "ai", description = "The AI assistant"),
        (name = "system", description = "Health and the API description itself"),
    ),
    modifiers(&SecuritySchemes)
)]
pub struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(extract::SESSION_COOKIE))),
        );
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
    responses((status = 200, description = "OpenAPI 3.1 JSON", content_type = "application/json"))
)]
#[get("/docs.json")]
pub async fn openapi_json(doc: web::Data<utoipa::openapi::OpenApi>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .json(doc.get_ref())
}
