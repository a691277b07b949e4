//! The system area: liveness and readiness in one (the server answers and its database answers),
//! and this API's own OpenAPI document.

use super::dto::Health;
use crate::http::error::ErrorBody;
use crate::i18n::Lang;
use actix_web::{HttpResponse, get, web};
use system::SystemService;

#[utoipa::path(
    operation_id = "health_check",
    tag = "system",
    summary = "Health check",
    responses(
        (status = 200, description = "Serving, database reachable", body = Health),
        (status = 503, description = "Database unreachable", body = ErrorBody),
    ),
    security(())
)]
#[get("/health")]
pub async fn health(system: web::Data<SystemService>) -> HttpResponse {
    let health = system.health().await;
    let db_ok = health.database_reachable;
    let body = Health {
        success: db_ok,
        status: if db_ok { "ok" } else { "degraded" },
        database: health.database.as_str(),
        version: env!("CARGO_PKG_VERSION"),
    };
    if db_ok {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}

#[utoipa::path(
    operation_id = "openapi_document",
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
        let en = crate::http::document_json(doc, Lang::En)?;
        let zh = crate::http::document_json(doc, Lang::Zh)?;
        Ok(Self {
            en: serde_json::to_vec(&en)?.into(),
            zh: serde_json::to_vec(&zh)?.into(),
        })
    }
}
