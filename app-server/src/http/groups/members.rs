//! A group's members, bans and requests to join.

use super::dto::{
    ApproveBody, JoinRequestDto, JoinRequestResponse, JoinRequestsResponse, MemberDto,
    MembersResponse, RejectBody, RequestsQuery, RoleBody, is_pending_filter,
};
use super::handlers::group_id;
use crate::http::dto::{MessageResponse, PageQuery, next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{MaybeSignedIn, SignedIn, path_id};
use crate::i18n::{Lang, Msg};
use actix_web::{HttpResponse, delete, get, post, put, web};
use groups::GroupsService;
use groups::model::{Decision, JoinRequestId, MemberRole};
use kernel::UserId;

fn members_response(page: &kernel::Page<groups::model::Member>) -> HttpResponse {
    HttpResponse::Ok().json(MembersResponse {
        success: true,
        members: page.items.iter().map(MemberDto::from).collect(),
        next_cursor: next_cursor(page),
    })
}

#[utoipa::path(
    tag = "groups",
    summary = "A group's members",
    description = "Active members with their roles, first joined first.",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), PageQuery),
    responses(
        (status = 200, description = "A page of members", body = MembersResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 403, description = "`members_only`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/members")]
pub async fn group_members(
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = groups
        .members(me.user_id(), group_id(&id)?, query.page()?)
        .await?;
    Ok(members_response(&page))
}

fn ids(path: (String, String)) -> Result<(kernel::GroupId, UserId), ApiError> {
    Ok((group_id(&path.0)?, path_id(&path.1)?))
}

#[utoipa::path(
    tag = "groups",
    summary = "Change a member's role",
    description = "`admin` or `member` (the owner only; ownership moves by transfer).",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("userId" = uuid::Uuid, Path, description = "The member's user id"),
    ),
    request_body = RoleBody,
    responses(
        (status = 200, description = "Changed", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`owner_untouchable`", body = ErrorBody),
        (status = 422, description = "`invalid_role`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[put("/groups/{id}/members/{userId}/role")]
pub async fn set_role(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String)>,
    body: web::Json<RoleBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, user) = ids(path.into_inner())?;
    let role = MemberRole::parse(&body.role)
        .filter(|r| *r != MemberRole::Owner)
        .ok_or_else(ApiError::invalid_role)?;
    groups.set_role(me.user.id, id, user, role).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::RoleChanged, lang)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Remove a member",
    description = "They may join again by the group's policy. The owner removes anyone else; admins remove members.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("userId" = uuid::Uuid, Path, description = "The member's user id"),
    ),
    responses(
        (status = 200, description = "Removed", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`owner_untouchable`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/members/{userId}")]
pub async fn remove_member(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, user) = ids(path.into_inner())?;
    groups.remove_member(me.user.id, id, user).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::MemberRemoved, lang)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Banned people",
    description = "Most recently banned first (the owner and admins).",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), PageQuery),
    responses(
        (status = 200, description = "A page of banned people", body = MembersResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/bans")]
pub async fn banned_members(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = groups
        .banned(me.user.id, group_id(&id)?, query.page()?)
        .await?;
    Ok(members_response(&page))
}

#[utoipa::path(
    tag = "groups",
    summary = "Ban someone",
    description = "A member or a requester: they leave, and cannot join or ask again until unbanned. The owner bans anyone else; admins ban members.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("userId" = uuid::Uuid, Path, description = "The person's user id"),
    ),
    responses(
        (status = 200, description = "Banned", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`owner_untouchable`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[put("/groups/{id}/bans/{userId}")]
pub async fn ban_member(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, user) = ids(path.into_inner())?;
    groups.ban(me.user.id, id, user).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::MemberBanned, lang)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Lift a ban",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("userId" = uuid::Uuid, Path, description = "The person's user id"),
    ),
    responses(
        (status = 200, description = "Unbanned", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found` (not banned)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/bans/{userId}")]
pub async fn unban_member(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, user) = ids(path.into_inner())?;
    groups.unban(me.user.id, id, user).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::MemberUnbanned, lang)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Requests to join",
    description = "Newest first: the pending ones, or with `status=all` the whole history with each outcome (the owner and admins).",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), RequestsQuery),
    responses(
        (status = 200, description = "A page of requests", body = JoinRequestsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed or unknown query parameter value)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/requests")]
pub async fn join_requests(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    query: web::Query<RequestsQuery>,
) -> Result<HttpResponse, ApiError> {
    let pending = is_pending_filter(query.status.as_deref()).ok_or_else(ApiError::invalid_query)?;
    let page = page_request(query.cursor.as_deref(), query.limit)?;
    let found = groups
        .requests(me.user.id, group_id(&id)?, pending, page)
        .await?;
    Ok(HttpResponse::Ok().json(JoinRequestsResponse {
        success: true,
        requests: found.items.iter().map(JoinRequestDto::from).collect(),
        next_cursor: next_cursor(&found),
    }))
}

fn request_ids(path: (String, String)) -> Result<(kernel::GroupId, JoinRequestId), ApiError> {
    Ok((group_id(&path.0)?, path_id(&path.1)?))
}

#[utoipa::path(
    tag = "groups",
    summary = "Approve a request to join",
    description = "With the role the person gets (`member` by default; only the owner grants `admin`). Decided once: a second decision gets 409 `request_decided`.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("requestId" = uuid::Uuid, Path, description = "The request's id"),
    ),
    request_body = ApproveBody,
    responses(
        (status = 200, description = "Approved", body = JoinRequestResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`request_decided`", body = ErrorBody),
        (status = 422, description = "`invalid_role`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/requests/{requestId}/approve")]
pub async fn approve_request(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
    body: web::Json<ApproveBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, request) = request_ids(path.into_inner())?;
    let role = match body.role.as_deref() {
        None => MemberRole::Member,
        Some(raw) => MemberRole::parse(raw)
            .filter(|r| *r != MemberRole::Owner)
            .ok_or_else(ApiError::invalid_role)?,
    };
    let decided = groups
        .decide(me.user.id, id, request, Decision::Approve(role))
        .await?;
    Ok(HttpResponse::Ok().json(JoinRequestResponse {
        success: true,
        request: JoinRequestDto::from(&decided),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Reject a request to join",
    description = "With an optional reason, kept in the history; the person may ask again.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("requestId" = uuid::Uuid, Path, description = "The request's id"),
    ),
    request_body = RejectBody,
    responses(
        (status = 200, description = "Rejected", body = JoinRequestResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`request_decided`", body = ErrorBody),
        (status = 422, description = "`invalid_message`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/requests/{requestId}/reject")]
pub async fn reject_request(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
    body: web::Json<RejectBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, request) = request_ids(path.into_inner())?;
    let decided = groups
        .decide(
            me.user.id,
            id,
            request,
            Decision::Reject(body.into_inner().reason),
        )
        .await?;
    Ok(HttpResponse::Ok().json(JoinRequestResponse {
        success: true,
        request: JoinRequestDto::from(&decided),
    }))
}
