//! `/api/admin/media`: the admin gallery — every stored file, the storage used, hide, unhide
//! and delete (docs/api.md, "The admin gallery").

use super::dto::{
    AdminMediaDto, AdminMediaListResponse, AdminMediaQuery, AdminMediaResponse,
    StorageUsageResponse,
};
use crate::http::dto::{MessageResponse, next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{AdminUser, client_context, path_id};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use kernel::{GroupId, MediaId, UserId};
use media::MediaAdminService;
use media::{AdminAction, CatalogFilter};

fn action(req: &HttpRequest, state: &AppState, admin: &AdminUser) -> AdminAction {
    AdminAction {
        admin: admin.0.user.id,
        ip: client_context(req, &state.config.trusted_proxies).ip,
    }
}

#[utoipa::path(
    tag = "admin",
    summary = "Admin gallery: every stored file",
    description = "Every stored image of every kind (group galleries and covers, plaza posts, avatars), hidden ones included, newest first, with its owner, group and post; filtered by `kind`, `owner`, `group` and a creation time range (`from` inclusive, `until` exclusive). Carries the total storage used, whatever the filters.",
    params(AdminMediaQuery),
    responses(
        (status = 200, description = "A page of files and the storage used", body = AdminMediaListResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed parameter), `invalid_range` (`until` not after `from`)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/media")]
pub async fn list_media(
    media_admin: web::Data<MediaAdminService>,
    _admin: AdminUser,
    query: web::Query<AdminMediaQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let page = page_request(q.cursor.as_deref(), q.limit)?;
    let filter = CatalogFilter::new(
        q.kind.map(Into::into),
        q.owner.map(UserId),
        q.group.map(GroupId),
        q.from,
        q.until,
    )?;
    let (found, usage) = tokio::try_join!(media_admin.list(&filter, page), media_admin.usage())?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(AdminMediaListResponse {
            success: true,
            items: found.items.iter().map(AdminMediaDto::from).collect(),
            next_cursor: next_cursor(&found),
            usage: usage.into(),
        }))
}

#[utoipa::path(
    tag = "admin",
    summary = "Admin gallery: storage used",
    description = "Bytes (originals and thumbnails) and files stored altogether.",
    responses(
        (status = 200, description = "The storage used", body = StorageUsageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/media/usage")]
pub async fn media_usage(
    media_admin: web::Data<MediaAdminService>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(StorageUsageResponse {
            success: true,
            usage: media_admin.usage().await?.into(),
        }))
}

#[utoipa::path(
    tag = "admin",
    summary = "Admin gallery: hide a file",
    description = "From now on the image and its thumbnail answer 404 to everyone but admins, group galleries leave it out and a plaza post counts it among its removed images. Hiding a hidden file changes nothing. Audited (`media.hidden`).",
    params(("id" = uuid::Uuid, Path, description = "The file's id")),
    responses(
        (status = 200, description = "Hidden", body = AdminMediaResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/media/{id}/hide")]
pub async fn hide_media(
    req: HttpRequest,
    state: web::Data<AppState>,
    media_admin: web::Data<MediaAdminService>,
    admin: AdminUser,
    lang: Lang,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: MediaId = path_id(&id)?;
    let media = media_admin.hide(&action(&req, &state, &admin), id).await?;
    Ok(HttpResponse::Ok().json(AdminMediaResponse {
        success: true,
        message: Msg::MediaHidden.text(lang),
        id: media.id.0,
        hidden_at: media.hidden_at,
    }))
}

#[utoipa::path(
    tag = "admin",
    summary = "Admin gallery: show a hidden file again",
    description = "Readers see it again at once, where they may. Unhiding a visible file changes nothing. Audited (`media.unhidden`).",
    params(("id" = uuid::Uuid, Path, description = "The file's id")),
    responses(
        (status = 200, description = "Visible again", body = AdminMediaResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/media/{id}/unhide")]
pub async fn unhide_media(
    req: HttpRequest,
    state: web::Data<AppState>,
    media_admin: web::Data<MediaAdminService>,
    admin: AdminUser,
    lang: Lang,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: MediaId = path_id(&id)?;
    let media = media_admin
        .unhide(&action(&req, &state, &admin), id)
        .await?;
    Ok(HttpResponse::Ok().json(AdminMediaResponse {
        success: true,
        message: Msg::MediaUnhidden.text(lang),
        id: media.id.0,
        hidden_at: media.hidden_at,
    }))
}

#[utoipa::path(
    tag = "admin",
    summary = "Admin gallery: delete a file",
    description = "Deletes the image and its thumbnail from the store, then its row. A plaza post that showed it says an image was removed; an article's link to it shows a placeholder; a group whose cover it was has none; a user whose avatar it was gets initials. Audited (`media.deleted`).",
    params(("id" = uuid::Uuid, Path, description = "The file's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[delete("/admin/media/{id}")]
pub async fn delete_media(
    req: HttpRequest,
    state: web::Data<AppState>,
    media_admin: web::Data<MediaAdminService>,
    admin: AdminUser,
    lang: Lang,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: MediaId = path_id(&id)?;
    media_admin
        .delete(&action(&req, &state, &admin), id)
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::MediaDeleted, lang)))
}
