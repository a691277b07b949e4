//! `/api/admin/metrics`: this instance's metrics in the Prometheus text format, for an
//! administrator's token (`admin:read`) or session (docs/operations.md, "Metrics"). The same
//! text is served without credentials on `METRICS_ADDR` when that is set.

use crate::http::error::ErrorBody;
use crate::http::extract::AdminUser;
use crate::metrics::Metrics;
use actix_web::{HttpResponse, get, web};

#[utoipa::path(
    operation_id = "read_metrics",
    tag = "admin",
    summary = "Metrics (Prometheus)",
    description = "This instance's metrics in the Prometheus text exposition format (`text/plain; version=0.0.4`), for a scraper holding an administrator's token with `admin:read`: requests by route template, method and status with a latency histogram; the database pool; open event streams; the upload gate and the password-hashing queue; calls to outside services by result. Each instance counts its own: scrape every instance. Every metric is listed in docs/operations.md.",
    responses(
        (status = 200, description = "The metrics, in the Prometheus text format", content_type = "text/plain", body = String),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/metrics")]
pub async fn read_metrics(metrics: web::Data<Metrics>, _admin: AdminUser) -> HttpResponse {
    crate::metrics::scrape(metrics).await
}
