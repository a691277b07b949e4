//! `/api/plaza/*`: the feed, posts, their images, likes and comments.

use super::dto::{
    CommentConflictBody, CommentDto, CommentResponse, CommentsResponse, DeleteQuery,
    EditCommentRequest, EditPostRequest, FeedQuery, LikeResponse, NewCommentRequest, NewCountQuery,
    NewCountResponse, NewPostRequest, PlazaImageResponse, PlazaVersionDto, PlazaVersionsResponse,
    PostConflictBody, PostDto, PostImageDto, PostResponse, PostsResponse, Viewer,
};
use super::errors::PlazaCode;
use crate::http::dto::{ImageBytes, MessageResponse, PageQuery, next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal, SharedCode};
use crate::http::extract::{MaybeSignedIn, SignedIn, client_context, path_id};
use crate::http::upload;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::http::header::CONTENT_LANGUAGE;
use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};
use kernel::Cursor;
use media::MediaService;
use plaza::model::{CommentId, EditOutcome, PostId, TextVersion};
use plaza::service::Actor;
use plaza::{PlazaError, PlazaService};
use tokens::model::Access;

pub(super) fn viewer(me: &MaybeSignedIn) -> Viewer {
    Viewer {
        id: me.user_id(),
        role: me.role(Access::Write),
    }
}

fn signed_viewer(me: &SignedIn) -> Viewer {
    Viewer {
        id: Some(me.user.id),
        role: Some(me.role(Access::Write)),
    }
}

fn actor(req: &HttpRequest, state: &AppState, me: &SignedIn) -> Actor {
    Actor {
        id: me.user.id,
        role: me.role(Access::Write),
        ip: client_context(req, &state.config.trusted_proxies).ip,
    }
}

/// A reader of earlier versions: its author, or an administrator reading as one.
fn reader(me: &SignedIn) -> Actor {
    Actor {
        id: me.user.id,
        role: me.role(Access::Read),
        ip: None,
    }
}

/// `NotAllowed` said as `message` (who may edit, who may read versions), the rest as always.
fn refused(message: Msg) -> impl Fn(PlazaError) -> ApiError {
    move |e| match e {
        PlazaError::NotAllowed => {
            ApiError::new(StatusCode::FORBIDDEN, SharedCode::Forbidden, message)
        }
        e => e.into(),
    }
}

fn versions_response(versions: &[TextVersion]) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PlazaVersionsResponse {
            success: true,
            versions: versions.iter().map(PlazaVersionDto::from).collect(),
        })
}

#[utoipa::path(
    tag = "plaza",
    summary = "The plaza feed",
    description = "Posts newest first, of one district with `district`. The cursor is the last post's position, so posts written meanwhile never repeat or skip a post on later pages; they appear above `headCursor` (see `GET /api/plaza/posts/new-count`).",
    params(FeedQuery),
    responses(
        (status = 200, description = "A page of posts", body = PostsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 422, description = "`unknown_district` (a malformed district code)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/plaza/posts")]
pub async fn list_plaza_posts(
    plaza: web::Data<PlazaService>,
    me: MaybeSignedIn,
    query: web::Query<FeedQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = page_request(query.cursor.as_deref(), query.limit)?;
    let found = plaza
        .feed(me.user_id(), query.district.as_deref(), page)
        .await?;
    let who = viewer(&me);
    Ok(HttpResponse::Ok().json(PostsResponse {
        success: true,
        head_cursor: found.items.first().map(|p| p.cursor().encode()),
        next_cursor: next_cursor(&found),
        posts: found.items.iter().map(|p| PostDto::of(p, who)).collect(),
    }))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Count new posts",
    description = "How many posts were written above a feed's `headCursor` (at most 99), for the \"N new posts\" banner.",
    params(NewCountQuery),
    responses(
        (status = 200, description = "The count", body = NewCountResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query`", body = ErrorBody),
        (status = 422, description = "`unknown_district`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/plaza/posts/new-count")]
pub async fn count_new_plaza_posts(
    plaza: web::Data<PlazaService>,
    me: MaybeSignedIn,
    query: web::Query<NewCountQuery>,
) -> Result<HttpResponse, ApiError> {
    let head = Cursor::decode(&query.since).ok_or_else(ApiError::invalid_cursor)?;
    let count = plaza
        .count_newer(me.user_id(), head, query.district.as_deref())
        .await?;
    Ok(HttpResponse::Ok().json(NewCountResponse {
        success: true,
        count,
    }))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Write a post",
    description = "Text (at most 2000 characters) and up to 9 images uploaded first with `POST /api/plaza/images`, optionally tagged with a district. Limited per person (`RATE_PLAZA_POSTS`).",
    request_body = NewPostRequest,
    responses(
        (status = 201, description = "Posted", body = PostResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`blocked`: it mentions someone a block stands between the writer and (either blocked the other)", body = ErrorBody),
        (status = 422, description = "`invalid_post_body`, `too_many_images`, `image_not_usable` (with `fields`), `unknown_district`, `words_refused` (with `words`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[post("/plaza/posts")]
pub async fn create_plaza_post(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    body: web::Json<NewPostRequest>,
) -> Result<HttpResponse, ApiError> {
    let post = plaza
        .create(me.user.id, body.into_inner().into_domain())
        .await?;
    Ok(HttpResponse::Created().json(PostResponse {
        success: true,
        post: PostDto::of(&post, signed_viewer(&me)),
    }))
}

#[utoipa::path(
    tag = "plaza",
    summary = "A post",
    params(("id" = uuid::Uuid, Path, description = "The post's id")),
    responses(
        (status = 200, description = "The post", body = PostResponse),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/plaza/posts/{id}")]
pub async fn get_plaza_post(
    plaza: web::Data<PlazaService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    let post = plaza.post(me.user_id(), id).await?;
    Ok(HttpResponse::Ok().json(PostResponse {
        success: true,
        post: PostDto::of(&post, viewer(&me)),
    }))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Delete a post",
    description = "Its author may, and an administrator (recorded in the audit log; the author is told, with `reason` when given). Its images, likes, comments and earlier versions go with it.",
    params(("id" = uuid::Uuid, Path, description = "The post's id"), DeleteQuery),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 400, description = "`invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden` (someone else's post)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_reason` (with `fields`)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[delete("/plaza/posts/{id}")]
pub async fn delete_plaza_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    lang: Lang,
    id: web::Path<String>,
    query: web::Query<DeleteQuery>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    plaza
        .delete(&actor(&req, &state, &me), id, query.reason.as_deref())
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::PostDeleted, lang)))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Upload an image for a post",
    description = "The raw bytes of one image (JPEG, PNG, WebP or GIF, judged by content), checked and cleaned as every upload. Only its owner sees it until a post takes it (`imageIds`); one no post takes within a day is removed.",
    request_body(content = ImageBytes, content_type = "application/octet-stream"),
    responses(
        (status = 201, description = "Stored", body = PlazaImageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 408, description = "`upload_too_slow`: the body did not arrive within `MEDIA_UPLOAD_TIMEOUT_SECS` or at `MEDIA_UPLOAD_MIN_BYTES_PER_SEC`", body = ErrorBody),
        (status = 413, description = "`image_too_large`", body = ErrorBody),
        (status = 415, description = "`unsupported_image_type`", body = ErrorBody),
        (status = 422, description = "`image_too_many_pixels`, `animation_too_large`, `image_corrupt`, `storage_quota_exceeded`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        (status = 503, description = "`server_busy`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[post("/plaza/images")]
pub async fn upload_plaza_image(
    req: HttpRequest,
    state: web::Data<AppState>,
    media: web::Data<MediaService>,
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let declared = upload::declared_size(&req, &state)?;
    media.admit(me.user.id, declared).await?;
    let (_place, bytes) = upload::receive(&req, payload, &state, me.user.id).await?;
    let media = plaza.upload_image(me.user.id, bytes).await?;
    Ok(HttpResponse::Created().json(PlazaImageResponse {
        success: true,
        image: PostImageDto::from(&media),
    }))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Like a post",
    description = "Once per person: liking again changes nothing.",
    params(("id" = uuid::Uuid, Path, description = "The post's id")),
    responses(
        (status = 200, description = "Liked", body = LikeResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`blocked`: a block stands between the asker and the post's author (either blocked the other)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[put("/plaza/posts/{id}/like")]
pub async fn like_plaza_post(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    let liked = plaza.like(me.user.id, id).await?;
    Ok(HttpResponse::Ok().json(LikeResponse::from(liked)))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Take a like back",
    description = "Without a like, nothing changes.",
    params(("id" = uuid::Uuid, Path, description = "The post's id")),
    responses(
        (status = 200, description = "Not liked", body = LikeResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[delete("/plaza/posts/{id}/like")]
pub async fn unlike_plaza_post(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    let state_after = plaza.unlike(me.user.id, id).await?;
    Ok(HttpResponse::Ok().json(LikeResponse::from(state_after)))
}

#[utoipa::path(
    tag = "plaza",
    summary = "A post's comments",
    description = "Oldest first (newest last), by cursor.",
    params(("id" = uuid::Uuid, Path, description = "The post's id"), PageQuery),
    responses(
        (status = 200, description = "A page of comments", body = CommentsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/plaza/posts/{id}/comments")]
pub async fn list_plaza_comments(
    plaza: web::Data<PlazaService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    let found = plaza.comments(me.user_id(), id, query.page()?).await?;
    let who = viewer(&me);
    Ok(HttpResponse::Ok().json(CommentsResponse {
        success: true,
        comments: found.items.iter().map(|c| CommentDto::of(c, who)).collect(),
        next_cursor: next_cursor(&found),
    }))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Comment on a post",
    description = "1–500 characters. Limited per person (`RATE_PLAZA_COMMENTS`).",
    params(("id" = uuid::Uuid, Path, description = "The post's id")),
    request_body = NewCommentRequest,
    responses(
        (status = 201, description = "Commented", body = CommentResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`blocked`: a block stands between the commenter and the post's author or someone the comment mentions", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_comment` (with `fields`), `words_refused` (with `words`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[post("/plaza/posts/{id}/comments")]
pub async fn create_plaza_comment(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    id: web::Path<String>,
    body: web::Json<NewCommentRequest>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    let comment = plaza.comment(me.user.id, id, &body.body).await?;
    Ok(HttpResponse::Created().json(CommentResponse {
        success: true,
        comment: CommentDto::of(&comment, signed_viewer(&me)),
    }))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Delete a comment",
    description = "Its author may, and an administrator (recorded in the audit log; the author is told, with `reason` when given).",
    params(("id" = uuid::Uuid, Path, description = "The comment's id"), DeleteQuery),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 400, description = "`invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden` (someone else's comment)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_reason` (with `fields`)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[delete("/plaza/comments/{id}")]
pub async fn delete_plaza_comment(
    req: HttpRequest,
    state: web::Data<AppState>,
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    lang: Lang,
    id: web::Path<String>,
    query: web::Query<DeleteQuery>,
) -> Result<HttpResponse, ApiError> {
    let id: CommentId = path_id(&id)?;
    plaza
        .delete_comment(&actor(&req, &state, &me), id, query.reason.as_deref())
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::CommentDeleted, lang)))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Edit a post",
    description = "A new text for one's own post, from the `version` the editor loaded; its images and district stay. The text it replaces is kept (`GET /api/plaza/posts/{id}/versions`) and the post shows `editedAt`. If it was edited since, nothing is written and the answer is 409 `plaza_edit_conflict` with the post as it is now. An unchanged text writes nothing. Those the new text names with `@username` and the old one did not are told. Limited per person (`RATE_PLAZA_EDITS`).",
    params(("id" = uuid::Uuid, Path, description = "The post's id")),
    request_body = EditPostRequest,
    responses(
        (status = 200, description = "Saved, with its new `version`", body = PostResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden` (someone else's post), `blocked` (it newly mentions someone a block stands between the author and)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`plaza_edit_conflict`", body = PostConflictBody),
        (status = 422, description = "`invalid_post_body` (with `fields`), `words_refused` (with `words`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[patch("/plaza/posts/{id}")]
pub async fn edit_plaza_post(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    lang: Lang,
    id: web::Path<String>,
    body: web::Json<EditPostRequest>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    let outcome = plaza
        .edit_post(me.user.id, id, &body.body, body.version)
        .await
        .map_err(refused(Msg::NotYourText))?;
    let who = signed_viewer(&me);
    Ok(edit_answer(
        outcome,
        lang,
        |post| PostResponse {
            success: true,
            post: PostDto::of(&post, who),
        },
        |current, code, message| PostConflictBody {
            success: false,
            code,
            message,
            current: PostDto::of(&current, who),
        },
    ))
}

/// 200 with the saved text, or 409 `plaza_edit_conflict` (in the asker's language) with the
/// post or comment as it is now.
fn edit_answer<T, Saved: serde::Serialize, Conflict: serde::Serialize>(
    outcome: EditOutcome<T>,
    lang: Lang,
    saved: impl FnOnce(T) -> Saved,
    conflict: impl FnOnce(T, &'static str, &'static str) -> Conflict,
) -> HttpResponse {
    match outcome {
        EditOutcome::Saved(item) => HttpResponse::Ok().json(saved(item)),
        EditOutcome::Conflict(current) => HttpResponse::Conflict()
            .insert_header((CONTENT_LANGUAGE, lang.as_str()))
            .json(conflict(
                current,
                PlazaCode::EditConflict.as_str(),
                Msg::PlazaEditConflict.text(lang),
            )),
    }
}

#[utoipa::path(
    tag = "plaza",
    summary = "A post's versions",
    description = "Every text of the post, newest first: the current one, then those its edits replaced. For its author and administrators.",
    params(("id" = uuid::Uuid, Path, description = "The post's id")),
    responses(
        (status = 200, description = "The versions", body = PlazaVersionsResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden` (neither its author nor an administrator)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/plaza/posts/{id}/versions")]
pub async fn plaza_post_versions(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: PostId = path_id(&id)?;
    let versions = plaza
        .post_versions(&reader(&me), id)
        .await
        .map_err(refused(Msg::NoVersionsForYou))?;
    Ok(versions_response(&versions))
}

#[utoipa::path(
    tag = "plaza",
    summary = "Edit a comment",
    description = "A new text for one's own comment, from the `version` the editor loaded. The text it replaces is kept (`GET /api/plaza/comments/{id}/versions`) and the comment shows `editedAt`. If it was edited since, nothing is written and the answer is 409 `plaza_edit_conflict` with the comment as it is now. An unchanged text writes nothing. Those the new text names with `@username` and the old one did not are told. Limited per person (`RATE_PLAZA_EDITS`).",
    params(("id" = uuid::Uuid, Path, description = "The comment's id")),
    request_body = EditCommentRequest,
    responses(
        (status = 200, description = "Saved, with its new `version`", body = CommentResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden` (someone else's comment), `blocked` (it newly mentions someone a block stands between the author and)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`plaza_edit_conflict`", body = CommentConflictBody),
        (status = 422, description = "`invalid_comment` (with `fields`), `words_refused` (with `words`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["plaza:write"]))
)]
#[patch("/plaza/comments/{id}")]
pub async fn edit_plaza_comment(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    lang: Lang,
    id: web::Path<String>,
    body: web::Json<EditCommentRequest>,
) -> Result<HttpResponse, ApiError> {
    let id: CommentId = path_id(&id)?;
    let outcome = plaza
        .edit_comment(me.user.id, id, &body.body, body.version)
        .await
        .map_err(refused(Msg::NotYourText))?;
    let who = signed_viewer(&me);
    Ok(edit_answer(
        outcome,
        lang,
        |comment| CommentResponse {
            success: true,
            comment: CommentDto::of(&comment, who),
        },
        |current, code, message| CommentConflictBody {
            success: false,
            code,
            message,
            current: CommentDto::of(&current, who),
        },
    ))
}

#[utoipa::path(
    tag = "plaza",
    summary = "A comment's versions",
    description = "Every text of the comment, newest first: the current one, then those its edits replaced. For its author and administrators.",
    params(("id" = uuid::Uuid, Path, description = "The comment's id")),
    responses(
        (status = 200, description = "The versions", body = PlazaVersionsResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden` (neither its author nor an administrator)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/plaza/comments/{id}/versions")]
pub async fn plaza_comment_versions(
    plaza: web::Data<PlazaService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: CommentId = path_id(&id)?;
    let versions = plaza
        .comment_versions(&reader(&me), id)
        .await
        .map_err(refused(Msg::NoVersionsForYou))?;
    Ok(versions_response(&versions))
}
