//! Replies to a group's articles: reading them (whoever may read the article), replying and
//! quoting (the group's active members), deleting (the author; the group's managers, audited)
//! and locking an article's replies (its author and the managers).

use super::articles::ids;
use super::dto::{
    NewReplyBody, RepliesResponse, ReplyDto, ReplyLockBody, ReplyResponse, ReplyThreadResponse,
};
use crate::http::dto::{MessageResponse, PageQuery, next_cursor};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{MaybeSignedIn, SignedIn, path_id};
use crate::i18n::{Lang, Msg};
use actix_web::{HttpResponse, delete, get, post, put, web};
use groups::GroupsService;
use groups::model::ReplyId;

#[utoipa::path(
    tag = "groups",
    summary = "An article's replies",
    description = "Oldest first (the newest last), for whoever may read the article (a private group's: its active members only); deleted replies are left out. Each reply carries the reply it quotes, or only its id once that was deleted. With the article's `replyCount` and `repliesLocked`.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
        PageQuery,
    ),
    responses(
        (status = 200, description = "A page of replies", body = RepliesResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 403, description = "`members_only`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/articles/{articleId}/replies")]
pub async fn article_replies(
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    path: web::Path<(String, String)>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path.into_inner())?;
    let found = groups
        .replies(me.user_id(), id, article, query.page()?)
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(RepliesResponse {
            success: true,
            replies: found.item.items.iter().map(ReplyDto::from).collect(),
            reply_count: found.replies.count,
            replies_locked: found.replies.locked,
            next_cursor: next_cursor(&found.item),
        }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Reply to an article",
    description = "Any active member of the group may reply to a published article whose replies are not locked, optionally quoting another reply of it (`quoteId`). Limited per person (`RATE_GROUP_REPLIES`).",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
    ),
    request_body = NewReplyBody,
    responses(
        (status = 201, description = "The reply", body = ReplyResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed` (not a member), `banned_from_group`", body = ErrorBody),
        (status = 404, description = "`not_found` (the article, or the quoted reply)", body = ErrorBody),
        (status = 409, description = "`replies_locked`, `article_not_published`", body = ErrorBody),
        (status = 422, description = "`invalid_reply`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/articles/{articleId}/replies")]
pub async fn create_reply(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
    body: web::Json<NewReplyBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path.into_inner())?;
    let reply = groups
        .reply(me.user.id, id, article, &body.body, body.quote())
        .await?;
    Ok(HttpResponse::Created().json(ReplyResponse {
        success: true,
        reply: ReplyDto::from(&reply),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Lock or unlock an article's replies",
    description = "A locked article takes no new replies; those it has stay (the article's author and the group's managers).",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
    ),
    request_body = ReplyLockBody,
    responses(
        (status = 200, description = "The article's replies, locked or not", body = ReplyThreadResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[put("/groups/{id}/articles/{articleId}/replies/lock")]
pub async fn lock_replies(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
    body: web::Json<ReplyLockBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path.into_inner())?;
    let thread = groups
        .lock_replies(me.user.id, id, article, body.locked)
        .await?;
    Ok(HttpResponse::Ok().json(ReplyThreadResponse::from(thread)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Delete a reply",
    description = "Its author, or the group's owner and admins (recorded in the audit log when it is not their own). It leaves every list; a reply quoting it shows it as deleted.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
        ("replyId" = uuid::Uuid, Path, description = "The reply's id"),
    ),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/articles/{articleId}/replies/{replyId}")]
pub async fn delete_reply(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (group, article, reply) = path.into_inner();
    let (id, article) = ids((group, article))?;
    let reply: ReplyId = path_id(&reply)?;
    groups.delete_reply(me.user.id, id, article, reply).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::ReplyDeleted, lang)))
}
