//! Replies to a group's articles: reading them (whoever may read the article), replying and
//! quoting (the group's active members), deleting (the author; the group's managers, audited)
//! and locking an article's replies (its author and the managers), editing one's own reply
//! from the version the editor loaded and reading its earlier versions (its author and the
//! managers).

use super::articles::ids;
use super::dto::{
    EditReplyBody, NewReplyBody, ReasonQuery, RepliesResponse, ReplyConflictBody, ReplyDto,
    ReplyLockBody, ReplyResponse, ReplyThreadResponse, ReplyVersionDto, ReplyVersionsResponse,
};
use super::errors::GroupsCode;
use crate::http::dto::{MessageResponse, PageQuery, next_cursor};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{MaybeSignedIn, SignedIn, path_id};
use crate::i18n::{Lang, Msg};
use actix_web::http::header::CONTENT_LANGUAGE;
use actix_web::{HttpResponse, delete, get, patch, post, put, web};
use groups::GroupsService;
use groups::model::{ReplyEdit, ReplyId};
use kernel::{ArticleId, GroupId};

fn reply_ids(path: (String, String, String)) -> Result<(GroupId, ArticleId, ReplyId), ApiError> {
    let (group, article, reply) = path;
    let (id, article) = ids((group, article))?;
    Ok((id, article, path_id(&reply)?))
}

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
        (status = 403, description = "`members_only`, `group_role_not_allowed` (not a member), `banned_from_group`, `blocked` (a block stands between the replier and the article's author, the quoted reply's author or someone the reply mentions)", body = ErrorBody),
        (status = 404, description = "`not_found` (the article, or the quoted reply)", body = ErrorBody),
        (status = 409, description = "`replies_locked`, `article_not_published`", body = ErrorBody),
        (status = 422, description = "`invalid_reply`, `words_refused` (with `words`)", body = ErrorBody),
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
    description = "Its author, or the group's owner and admins (recorded in the audit log when it is not their own, and its author told, with the `reason` when given). It leaves every list, with its earlier versions; a reply quoting it shows it as deleted.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
        ("replyId" = uuid::Uuid, Path, description = "The reply's id"),
        ReasonQuery,
    ),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 400, description = "`invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_message` (the reason)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/articles/{articleId}/replies/{replyId}")]
pub async fn delete_reply(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String, String)>,
    query: web::Query<ReasonQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, article, reply) = reply_ids(path.into_inner())?;
    groups
        .delete_reply(me.user.id, id, article, reply, query.reason.as_deref())
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::ReplyDeleted, lang)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Edit my reply",
    description = "Its author, from the `version` their editor loaded, while they may reply there (an active member, the article published, its replies not locked). The reply shows `editedAt`; the body it replaces is kept as an earlier version. If it was edited since, nothing is written and the answer is 409 `edit_conflict` with the reply as it is now. Names newly mentioned are told. Limited per person (`RATE_GROUP_REPLY_EDITS`).",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
        ("replyId" = uuid::Uuid, Path, description = "The reply's id"),
    ),
    request_body = EditReplyBody,
    responses(
        (status = 200, description = "Edited, with its new `version`", body = ReplyResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed` (not the author, not a member), `banned_from_group`, `blocked` (it newly mentions someone a block stands between the author and)", body = ErrorBody),
        (status = 404, description = "`not_found` (the article, or the reply)", body = ErrorBody),
        (status = 409, description = "`edit_conflict` (with the reply as it is), `replies_locked`, `article_not_published`", body = ReplyConflictBody),
        (status = 422, description = "`invalid_reply`, `words_refused` (with `words`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[patch("/groups/{id}/articles/{articleId}/replies/{replyId}")]
pub async fn edit_reply(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String, String)>,
    body: web::Json<EditReplyBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, article, reply) = reply_ids(path.into_inner())?;
    match groups
        .edit_reply(me.user.id, id, article, reply, &body.body, body.version)
        .await?
    {
        ReplyEdit::Saved(saved) => Ok(HttpResponse::Ok().json(ReplyResponse {
            success: true,
            reply: ReplyDto::from(&saved),
        })),
        ReplyEdit::Conflict(current) => Ok(HttpResponse::Conflict()
            .insert_header((CONTENT_LANGUAGE, lang.as_str()))
            .json(ReplyConflictBody {
                success: false,
                code: GroupsCode::EditConflict.as_str(),
                message: Msg::ReplyEditConflict.text(lang),
                current: ReplyDto::from(&current),
            })),
    }
}

#[utoipa::path(
    tag = "groups",
    summary = "A reply's earlier versions",
    description = "The reply as it is and the bodies its edits replaced, newest first: for its author and the group's owner and admins, while they may read the article (anyone else: 403).",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
        ("replyId" = uuid::Uuid, Path, description = "The reply's id"),
    ),
    responses(
        (status = 200, description = "The reply and its earlier versions", body = ReplyVersionsResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found` (the article, or the reply)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/articles/{articleId}/replies/{replyId}/versions")]
pub async fn reply_versions(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, article, reply) = reply_ids(path.into_inner())?;
    let history = groups
        .reply_versions(me.user.id, id, article, reply)
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ReplyVersionsResponse {
            success: true,
            reply: ReplyDto::from(&history.reply),
            versions: history.versions.iter().map(ReplyVersionDto::from).collect(),
        }))
}
