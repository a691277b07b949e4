//! `/api/admin/audit`: the audit log — filtered pages newest first, the CSV export with the same
//! filters, the registry of actions (docs/api.md, "The audit log").

use super::dto::{AuditActionsResponse, AuditFilterQuery, AuditPageQuery, AuditPageResponse};
use crate::http::dto::{AuditEventDto, next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::AdminUser;
use actix_web::{HttpResponse, get, web};
use audit::AuditService;
use chrono::Utc;

#[utoipa::path(
    operation_id = "list_audit_events",
    tag = "admin",
    summary = "Audit log: a page of events",
    description = "Sign-ins and refused sign-ins, registrations, token creation and revocation, group and plaza moderation, admin actions — newest first, each with its actor's username and nickname. Filtered by `action` (one or several, comma-separated), `actor`, `target` (exact) and a time range (`from` inclusive, `until` exclusive).",
    params(AuditFilterQuery, AuditPageQuery),
    responses(
        (status = 200, description = "A page of events", body = AuditPageResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (an unknown action, a malformed parameter), `invalid_range` (`until` not after `from`)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/audit")]
pub async fn list_audit(
    audit: web::Data<AuditService>,
    _admin: AdminUser,
    filter: web::Query<AuditFilterQuery>,
    page: web::Query<AuditPageQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = filter.filter()?;
    let page = page_request(page.cursor.as_deref(), page.limit)?;
    let found = audit.list(&filter, page).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(AuditPageResponse {
            success: true,
            items: found.items.iter().map(AuditEventDto::from).collect(),
            next_cursor: next_cursor(&found),
        }))
}

#[utoipa::path(
    operation_id = "export_audit_events",
    tag = "admin",
    summary = "Audit log: export as CSV",
    description = "Every event matching the same filters as the list, newest first, as a CSV attachment (UTF-8, CRLF, a header row). Columns: `at` (RFC 3339, UTC, microseconds), `action`, `actor_id`, `actor_username`, `actor_nickname`, `target`, `ip`, `detail`, `id`. At most 10 000 rows; when more matched, the response carries `X-Export-Truncated: true` — narrow the time range. A field starting with `=`, `+`, `-` or `@` is prefixed with `'` so spreadsheets never run it.",
    params(AuditFilterQuery),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String,
            headers(("X-Export-Truncated" = String, description = "`true` when more than 10 000 events matched"))),
        (status = 400, description = "`invalid_query` (an unknown action, a malformed parameter), `invalid_range` (`until` not after `from`)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/audit/export")]
pub async fn export_audit(
    audit: web::Data<AuditService>,
    _admin: AdminUser,
    filter: web::Query<AuditFilterQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = filter.filter()?;
    let export = audit.export(&filter).await?;
    let name = format!("audit-{}.csv", Utc::now().format("%Y%m%d-%H%M%S"));
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{name}\""),
        ))
        .insert_header(("X-Export-Truncated", export.truncated.to_string()))
        .content_type("text/csv; charset=utf-8")
        .body(audit::to_csv(&export.rows)))
}

#[utoipa::path(
    operation_id = "list_audit_actions",
    tag = "admin",
    summary = "Audit log: the actions",
    description = "Every action name the audit log records (the registry the filters offer).",
    responses(
        (status = 200, description = "The registry", body = AuditActionsResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/audit/actions")]
pub async fn audit_actions(
    audit: web::Data<AuditService>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(AuditActionsResponse {
        success: true,
        actions: audit.actions().iter().map(|a| a.as_str()).collect(),
    }))
}
