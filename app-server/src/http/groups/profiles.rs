//! A person's groups and articles, for their profile (`/api/users/{id}/groups`, `/articles`):
//! only what the asker may read — nothing of a private group the asker is not an active member
//! of (the domain's one visibility rule decides).

use super::dto::{
    AuthoredArticleDto, AuthoredArticlesResponse, MemberGroupDto, MemberGroupsResponse,
};
use crate::http::dto::{PageQuery, next_cursor};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{MaybeSignedIn, path_id};
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use groups::GroupsService;
use kernel::UserId;

/// The user of the path; 404 when it is not an id or names no account.
async fn existing_user(state: &AppState, raw: &str) -> Result<UserId, ApiError> {
    let id: UserId = path_id(raw)?;
    state
        .accounts
        .find_user(id)
        .await?
        .map(|u| u.id)
        .ok_or_else(ApiError::not_found)
}

#[utoipa::path(
    tag = "profiles",
    summary = "A person's groups",
    description = "The groups the person is an active member of that the asker may read — public groups, and private ones the asker is an active member of too — most recently joined first, with the person's role there.",
    params(("id" = uuid::Uuid, Path, description = "The user's id"), PageQuery),
    responses(
        (status = 200, description = "A page of groups", body = MemberGroupsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 404, description = "`not_found` (no such user, or not an id)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/users/{id}/groups")]
pub async fn member_groups(
    state: web::Data<AppState>,
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let user = existing_user(&state, &id).await?;
    let found = groups.groups_of_member(me.user_id(), user, page).await?;
    Ok(HttpResponse::Ok().json(MemberGroupsResponse {
        success: true,
        groups: found.items.iter().map(MemberGroupDto::from).collect(),
        next_cursor: next_cursor(&found),
    }))
}

#[utoipa::path(
    tag = "profiles",
    summary = "A person's articles",
    description = "The person's published articles in the groups the asker may read, most recently published first, each with its group's name. Drafts are never listed.",
    params(("id" = uuid::Uuid, Path, description = "The user's id"), PageQuery),
    responses(
        (status = 200, description = "A page of articles (no bodies)", body = AuthoredArticlesResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 404, description = "`not_found` (no such user, or not an id)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/users/{id}/articles")]
pub async fn authored_articles(
    state: web::Data<AppState>,
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let user = existing_user(&state, &id).await?;
    let found = groups.articles_by_author(me.user_id(), user, page).await?;
    Ok(HttpResponse::Ok().json(AuthoredArticlesResponse {
        success: true,
        articles: found.items.iter().map(AuthoredArticleDto::from).collect(),
        next_cursor: next_cursor(&found),
    }))
}
