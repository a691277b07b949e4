//! `/api/admin/directory/*`: find a user or a group by name, so the audit log's and the
//! gallery's filters (which take ids) can be driven by what an administrator remembers.

use super::dto::{DirectoryEntryDto, DirectoryQuery, DirectoryResponse};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::AdminUser;
use actix_web::{HttpResponse, get, web};
use system::SystemService;

fn respond(found: Vec<system::DirectoryEntry>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(DirectoryResponse {
            success: true,
            items: found
                .into_iter()
                .map(|e| DirectoryEntryDto {
                    id: e.id,
                    name: e.name,
                    detail: e.detail,
                })
                .collect(),
        })
}

#[utoipa::path(
    operation_id = "find_users_by_name",
    tag = "admin",
    summary = "Find users by username or nickname",
    description = "For the audit log's and the gallery's user filters: up to 10 users whose username or nickname contains `q` (case-insensitive; a leading `@` is ignored), an exact username first.",
    params(DirectoryQuery),
    responses(
        (status = 200, description = "The users found", body = DirectoryResponse),
        (status = 400, description = "`invalid_query` (`q` empty or longer than 100 characters)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/directory/users")]
pub async fn find_users(
    system: web::Data<SystemService>,
    _admin: AdminUser,
    query: web::Query<DirectoryQuery>,
) -> Result<HttpResponse, ApiError> {
    let found = system
        .find_users(query.text()?)
        .await
        .map_err(|e| ApiError::internal(&e))?;
    Ok(respond(found))
}

#[utoipa::path(
    operation_id = "find_groups_by_name",
    tag = "admin",
    summary = "Find groups by name",
    description = "For the gallery's group filter: up to 10 groups (private ones too) whose name contains `q` (case-insensitive), an exact name first.",
    params(DirectoryQuery),
    responses(
        (status = 200, description = "The groups found", body = DirectoryResponse),
        (status = 400, description = "`invalid_query` (`q` empty or longer than 100 characters)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/directory/groups")]
pub async fn find_groups(
    system: web::Data<SystemService>,
    _admin: AdminUser,
    query: web::Query<DirectoryQuery>,
) -> Result<HttpResponse, ApiError> {
    let found = system
        .find_groups(query.text()?)
        .await
        .map_err(|e| ApiError::internal(&e))?;
    Ok(respond(found))
}
