//! The system area: whether the server answers (`/api/health/live`), whether it should be sent
//! requests (`/api/health/ready`: its database and media store answer), the older
//! `/api/health` (the server and its database), and this API's own OpenAPI document.
//! docs/operations.md says which probe to point where.

use super::dto::{Health, Liveness, Readiness};
use crate::http::error::ApiError;
use crate::http::error::ErrorBody;
use crate::i18n::Lang;
use actix_web::http::header::{
    AcceptEncoding, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_LANGUAGE, Encoding, Preference,
    Quality, RETRY_AFTER, VARY,
};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, get, web};
use media::MediaService;
use std::io::Read;
use std::time::Duration;
use system::SystemService;

/// How long each readiness check may take; one that takes longer has failed (a probe gives up
/// after a few seconds, and a database that needs more is not serving anyway).
const CHECK_DEADLINE: Duration = Duration::from_secs(2);

/// How soon to ask again after a 503 from the readiness check.
const NOT_READY_RETRY_SECS: u32 = 5;

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
    operation_id = "health_live",
    tag = "system",
    summary = "Liveness: the process answers",
    description = "Touches nothing: no database, no media store. It answers 200 as long as the server's workers do, whatever else is down. A container platform's liveness probe goes here (restart the instance when it fails); readiness is `/api/health/ready`.",
    responses((status = 200, description = "The process answers", body = Liveness)),
    security(())
)]
#[get("/health/live")]
pub async fn live() -> HttpResponse {
    HttpResponse::Ok().json(Liveness {
        success: true,
        status: "alive",
        version: env!("CARGO_PKG_VERSION"),
    })
}

#[utoipa::path(
    operation_id = "health_ready",
    tag = "system",
    summary = "Readiness: this instance may be sent requests",
    description = "Checks, together and each within 2 s, that the database answers a round trip and that the media store answers (its folder is there, or its bucket answers one `HEAD` about a key that is never written: nothing is read, written or listed). A container platform's readiness probe or a load balancer's health check goes here: send this instance requests only while it answers 200. A server that begins to stop closes its listener at once, so from then on the probe's connection is refused.",
    responses(
        (status = 200, description = "Ready: every check passed", body = Readiness),
        (status = 503, description = "Not ready: `failed` names each check that failed", body = Readiness),
    ),
    security(())
)]
#[get("/health/ready")]
pub async fn ready(
    system: web::Data<SystemService>,
    media: web::Data<MediaService>,
) -> HttpResponse {
    let database = async {
        match tokio::time::timeout(CHECK_DEADLINE, system.health()).await {
            Ok(found) => found.database_reachable,
            Err(_) => {
                tracing::warn!("readiness: the database did not answer within 2 s");
                false
            }
        }
    };
    let media_store = async {
        match tokio::time::timeout(CHECK_DEADLINE, media.check_store()).await {
            Ok(Ok(())) => true,
            Ok(Err(e)) => {
                tracing::warn!(
                    error = format!("{e:#}"),
                    "readiness: the media store failed"
                );
                false
            }
            Err(_) => {
                tracing::warn!("readiness: the media store did not answer within 2 s");
                false
            }
        }
    };
    let (database, media_store) = futures_util::join!(database, media_store);
    let failed: Vec<&'static str> = [
        (!database).then_some("database"),
        (!media_store).then_some("mediaStore"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let ready = failed.is_empty();
    let body = Readiness {
        success: ready,
        status: if ready { "ready" } else { "not_ready" },
        database,
        media_store,
        failed,
    };
    if ready {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable()
            .insert_header((RETRY_AFTER, NOT_READY_RETRY_SECS))
            .json(body)
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
pub async fn openapi_json(
    req: HttpRequest,
    docs: web::Data<DocsJson>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let gzipped = match lang {
        Lang::Zh => &docs.zh,
        Lang::En => &docs.en,
    };
    let mut res = HttpResponse::Ok();
    res.insert_header((CACHE_CONTROL, "no-cache"))
        .insert_header((VARY, "Accept-Language, Cookie, Accept-Encoding"))
        .insert_header((CONTENT_LANGUAGE, lang.as_str()))
        .content_type("application/json");
    if accepts_gzip(&req) {
        // As kept; the compression layer leaves an answer that names its encoding alone.
        res.insert_header((CONTENT_ENCODING, "gzip"));
        return Ok(res.body(gzipped.clone()));
    }
    let mut json = Vec::new();
    flate2::read::GzDecoder::new(&gzipped[..])
        .read_to_end(&mut json)
        .map_err(|e| ApiError::internal(&anyhow::anyhow!("the kept API document: {e}")))?;
    Ok(res.body(json))
}

/// Whether the request's `Accept-Encoding` takes gzip (with a weight above zero).
fn accepts_gzip(req: &HttpRequest) -> bool {
    req.get_header::<AcceptEncoding>().is_some_and(|accepted| {
        accepted
            .iter()
            .any(|q| q.item == Preference::Specific(Encoding::gzip()) && q.quality > Quality::ZERO)
    })
}

/// `/api/docs.json` in both languages, serialised and gzipped once at start: 2 × 600 KB of
/// JSON kept as 2 × about 80 KB, sent as kept to every browser (all take gzip), unpacked for a
/// client that does not — and no longer compressed again for each request.
pub struct DocsJson {
    pub en: actix_web::web::Bytes,
    pub zh: actix_web::web::Bytes,
}

impl DocsJson {
    /// # Errors
    /// When the document cannot be serialised (never, for a document utoipa built).
    pub fn new(doc: &utoipa::openapi::OpenApi) -> anyhow::Result<Self> {
        let gzip = |lang| -> anyhow::Result<actix_web::web::Bytes> {
            let json = crate::http::document_json(doc, lang)?;
            let mut packed =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            serde_json::to_writer(&mut packed, &json)?;
            Ok(packed.finish()?.into())
        };
        Ok(Self {
            en: gzip(Lang::En)?,
            zh: gzip(Lang::Zh)?,
        })
    }
}
