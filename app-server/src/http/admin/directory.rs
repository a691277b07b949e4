//! `/api/admin/directory/*`: find a user or a group by name, so the audit log's and the
//! gallery's filters (which take ids) can be driven by what an administrator remembers.

use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::AdminUser;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The longest text a lookup takes.
const MAX_QUERY_CHARS: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DirectoryQuery {
    /// Part of a username or nickname (users), or of a group's name (groups); case-insensitive.
    #[param(min_length = 1, max_length = 100, example = "alice")]
    pub q: String,
}

impl DirectoryQuery {
    fn text(&self) -> Result<&str, ApiError> {
        let q = self.q.trim();
        if q.is_empty() || q.chars().count() > MAX_QUERY_CHARS {
            return Err(ApiError::invalid_query());
        }
        Ok(q)
    }
}

/// A user (username and nickname) or a group (its name) found by name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryEntryDto {
    pub id: uuid::Uuid,
    /// The username, or the group's name.
    pub name: String,
    /// The user's nickname; `null` for a group.
    #[schema(required = true)]
    pub detail: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryResponse {
    pub success: bool,
    /// At most 10, an exact name first.
    pub items: Vec<DirectoryEntryDto>,
}

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
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<DirectoryQuery>,
) -> Result<HttpResponse, ApiError> {
    let found = state
        .system
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
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<DirectoryQuery>,
) -> Result<HttpResponse, ApiError> {
    let found = state
        .system
        .find_groups(query.text()?)
        .await
        .map_err(|e| ApiError::internal(&e))?;
    Ok(respond(found))
}
