//! Liveness and readiness in one: the server answers and its database answers.

use crate::http::error::ErrorBody;
use crate::startup::AppState;
use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub success: bool,
    /// `ok` or `degraded`.
    #[schema(example = "ok")]
    pub status: &'static str,
    /// `postgres` or `sqlite`.
    #[schema(example = "sqlite")]
    pub database: &'static str,
    pub version: &'static str,
}

#[utoipa::path(
    tag = "system",
    summary = "Health check",
    responses(
        (status = 200, description = "Serving, database reachable", body = Health),
        (status = 503, description = "Database unreachable", body = ErrorBody),
    ),
    security(())
)]
#[get("/health")]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let db_ok = state.db.ping().await.is_ok();
    let body = Health {
        success: db_ok,
        status: if db_ok { "ok" } else { "degraded" },
        database: state.db.kind().as_str(),
        version: env!("CARGO_PKG_VERSION"),
    };
    if db_ok {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
