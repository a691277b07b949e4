//! A person's plaza posts, for their profile (`/api/users/{id}/posts`): the feed's shape and
//! order, one author's posts only (every plaza post is public).

use super::dto::{PostDto, PostsResponse};
use super::handlers::viewer;
use crate::http::dto::{PageQuery, next_cursor};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{MaybeSignedIn, path_id};
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use kernel::UserId;
use plaza::PlazaService;

#[utoipa::path(
    tag = "profiles",
    summary = "A person's plaza posts",
    description = "The person's posts, newest first, in the feed's shape (`liked` and `canDelete` for the asker).",
    params(("id" = uuid::Uuid, Path, description = "The user's id"), PageQuery),
    responses(
        (status = 200, description = "A page of posts", body = PostsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 404, description = "`not_found` (no such user, or not an id)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/users/{id}/posts")]
pub async fn user_plaza_posts(
    state: web::Data<AppState>,
    plaza: web::Data<PlazaService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let id: UserId = path_id(&id)?;
    let author = state
        .accounts
        .find_user(id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let found = plaza.posts_by(me.user_id(), author.id, page).await?;
    let who = viewer(&me);
    Ok(HttpResponse::Ok().json(PostsResponse {
        success: true,
        head_cursor: found.items.first().map(|p| p.cursor().encode()),
        next_cursor: next_cursor(&found),
        posts: found.items.iter().map(|p| PostDto::of(p, who)).collect(),
    }))
}
