//! `GET /api/users/{id}`, and by username for a mention's link.

use super::dto::{ProfileDto, ProfileResponse};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{MaybeSignedIn, path_id};
use crate::state::AppState;
use accounts::model::ProfileKey;
use actix_web::{HttpResponse, get, web};
use kernel::UserId;

#[utoipa::path(
    tag = "profiles",
    summary = "A person's profile",
    description = "Avatar, nickname, username, bio, role and when they joined; `disabled` for administrators only. Their groups, plaza posts and articles are `GET /api/users/{id}/groups`, `/posts` and `/articles`. Anyone may read it, signed in or not. For a signed-in asker, `myBlock` says whether they blocked or muted this person, and `blocked` whether a block stands between the two (either blocked the other): then the profile shows who they are but none of their content (`bio` is `null`; the three lists are empty).",
    params(("id" = uuid::Uuid, Path, description = "The user's id")),
    responses(
        (status = 200, description = "The profile", body = ProfileResponse),
        (status = 404, description = "`not_found` (no such user, or not an id)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["account:read"]))
)]
#[get("/users/{id}")]
pub async fn user_profile(
    state: web::Data<AppState>,
    me: MaybeSignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: UserId = path_id(&id)?;
    profile(&state, &me, ProfileKey::Id(id)).await
}

/// The profile `who` names as the asker sees it: the person and the asker's standing with them,
/// one statement.
async fn profile(
    state: &AppState,
    me: &MaybeSignedIn,
    who: ProfileKey<'_>,
) -> Result<HttpResponse, ApiError> {
    let (user, standing) = state
        .accounts
        .profile(me.user_id(), who)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let admin = me.role(tokens::model::Access::Read) == Some(kernel::Role::Admin);
    Ok(HttpResponse::Ok().json(ProfileResponse {
        success: true,
        profile: ProfileDto::new(&user, me.user_id(), admin, standing),
    }))
}

#[utoipa::path(
    tag = "profiles",
    summary = "A person's profile, by username",
    description = "As `GET /api/users/{id}`, for a link that names the person by username (an `@username` mention). Usernames are compared folded to lower case.",
    params(("username" = String, Path, description = "The username, without `@`")),
    responses(
        (status = 200, description = "The profile", body = ProfileResponse),
        (status = 404, description = "`not_found` (no such user)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["account:read"]))
)]
#[get("/users/by-username/{username}")]
pub async fn user_profile_by_username(
    state: web::Data<AppState>,
    me: MaybeSignedIn,
    username: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    profile(&state, &me, ProfileKey::Username(&username)).await
}
