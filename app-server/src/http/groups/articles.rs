//! A group's articles: published ones, my drafts, writing, saving without overwriting
//! another save, publishing and deleting.

use super::dto::{
    ArticleConflictBody, ArticleDto, ArticleResponse, ArticleSummaryDto, ArticlesResponse,
    NewArticleBody, ReasonQuery, SaveArticleBody,
};
use super::errors::GroupsCode;
use super::handlers::group_id;
use crate::http::dto::{MessageResponse, PageQuery, next_cursor};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{MaybeSignedIn, SignedIn, path_id};
use crate::i18n::{Lang, Msg};
use actix_web::http::header::CONTENT_LANGUAGE;
use actix_web::{HttpResponse, delete, get, post, put, web};
use groups::GroupsService;
use groups::model::{Article, ArticleStatus, ArticleSummary};
use groups::ports::SaveOutcome;
use kernel::{ArticleId, GroupId, Page};

fn articles_response(page: &Page<ArticleSummary>) -> HttpResponse {
    HttpResponse::Ok().json(ArticlesResponse {
        success: true,
        articles: page.items.iter().map(ArticleSummaryDto::from).collect(),
        next_cursor: next_cursor(page),
    })
}

pub(super) fn ids(path: (String, String)) -> Result<(GroupId, ArticleId), ApiError> {
    Ok((group_id(&path.0)?, path_id(&path.1)?))
}

#[utoipa::path(
    tag = "groups",
    summary = "A group's published articles",
    description = "Most recently published first.",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), PageQuery),
    responses(
        (status = 200, description = "A page of articles (no bodies)", body = ArticlesResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 403, description = "`members_only`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/articles")]
pub async fn published_articles(
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = groups
        .published_articles(me.user_id(), group_id(&id)?, query.page()?)
        .await?;
    Ok(articles_response(&page))
}

#[utoipa::path(
    tag = "groups",
    summary = "My drafts in a group",
    description = "Most recently changed first.",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), PageQuery),
    responses(
        (status = 200, description = "A page of my drafts", body = ArticlesResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/articles/drafts")]
pub async fn my_drafts(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = groups
        .my_drafts(me.user.id, group_id(&id)?, query.page()?)
        .await?;
    Ok(articles_response(&page))
}

#[utoipa::path(
    tag = "groups",
    summary = "Start an article",
    description = "A draft, seen by its author and the group's managers until published (any active member). Limited per person (`RATE_GROUP_ARTICLES_CREATE`); every article one person has written counts against `GROUPS_ARTICLE_CHARS_PER_USER`.",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    request_body = NewArticleBody,
    responses(
        (status = 201, description = "The draft", body = ArticleResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_article_title`, `invalid_article_body`, `article_quota_exceeded`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/articles")]
pub async fn create_article(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    body: web::Json<NewArticleBody>,
) -> Result<HttpResponse, ApiError> {
    let article = groups
        .create_article(me.user.id, group_id(&id)?, &body.title, &body.body)
        .await?;
    Ok(HttpResponse::Created().json(ArticleResponse {
        success: true,
        article: ArticleDto::new(&article, true),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "An article",
    description = "A published article for the group's readers; a draft for its author and the group's managers only (404 for everyone else).",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
    ),
    responses(
        (status = 200, description = "The article, Markdown as written", body = ArticleResponse),
        (status = 403, description = "`members_only`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/articles/{articleId}")]
pub async fn show_article(
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path.into_inner())?;
    let view = groups.article(me.user_id(), id, article).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ArticleResponse {
            success: true,
            article: ArticleDto::new(&view.article, view.may_edit),
        }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Save an article",
    description = "Title and body, from the `version` the editor loaded. If someone saved since, nothing is written and the answer is 409 `edit_conflict` with the article as it is now (the author and the group's managers). Saves are limited per person (`RATE_GROUP_ARTICLE_SAVES`); a save that makes the article longer counts against its author's `GROUPS_ARTICLE_CHARS_PER_USER`.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
    ),
    request_body = SaveArticleBody,
    responses(
        (status = 200, description = "Saved, with its new `version`", body = ArticleResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`, `blocked` (a published article newly mentions someone a block stands between the writer and)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`edit_conflict`", body = ArticleConflictBody),
        (status = 422, description = "`invalid_article_title`, `invalid_article_body`, `article_quota_exceeded`, `words_refused` (with `words`; a published article's text)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[put("/groups/{id}/articles/{articleId}")]
pub async fn save_article(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String)>,
    body: web::Json<SaveArticleBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path.into_inner())?;
    let outcome = groups
        .save_article(
            me.user.id,
            id,
            article,
            &body.title,
            &body.body,
            body.version,
        )
        .await?;
    match outcome {
        SaveOutcome::Saved(saved) => Ok(HttpResponse::Ok().json(ArticleResponse {
            success: true,
            article: ArticleDto::new(&saved, true),
        })),
        SaveOutcome::Conflict(current) => Ok(HttpResponse::Conflict()
            .insert_header((CONTENT_LANGUAGE, lang.as_str()))
            .json(ArticleConflictBody {
                success: false,
                code: GroupsCode::EditConflict.as_str(),
                message: Msg::EditConflict.text(lang),
                current: ArticleDto::new(&current, true),
            })),
    }
}

async fn set_status(
    groups: &::groups::GroupsService,
    me: &SignedIn,
    path: (String, String),
    status: ArticleStatus,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path)?;
    let changed = groups
        .set_article_status(me.user.id, id, article, status)
        .await?;
    Ok(article_answer(&changed))
}

/// 200 with the article as its editors see it.
fn article_answer(changed: &Article) -> HttpResponse {
    HttpResponse::Ok().json(ArticleResponse {
        success: true,
        article: ArticleDto::new(changed, true),
    })
}

#[utoipa::path(
    tag = "groups",
    summary = "Publish an article",
    description = "The group's readers see it from now on; it keeps its first publishing time (the author and the group's managers).",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
    ),
    responses(
        (status = 200, description = "Published", body = ArticleResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`, `blocked` (it mentions someone a block stands between the publisher and)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`words_refused` (with `words`)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/articles/{articleId}/publish")]
pub async fn publish_article(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    set_status(&groups, &me, path.into_inner(), ArticleStatus::Published).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Unpublish an article",
    description = "Back to a draft (the author and the group's managers). A manager unpublishing another's article hides it from its readers: its author is told, with the `reason` when given.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
        ReasonQuery,
    ),
    responses(
        (status = 200, description = "A draft again", body = ArticleResponse),
        (status = 400, description = "`invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_message` (the reason)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/articles/{articleId}/unpublish")]
pub async fn unpublish_article(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
    query: web::Query<ReasonQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path.into_inner())?;
    let changed = groups
        .unpublish_article(me.user.id, id, article, query.reason.as_deref())
        .await?;
    Ok(article_answer(&changed))
}

#[utoipa::path(
    tag = "groups",
    summary = "Delete an article",
    description = "With the images uploaded in its editor (the author and the group's managers). A manager deleting another's article is recorded in the audit log and its author told, with the `reason` when given.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("articleId" = uuid::Uuid, Path, description = "The article's id"),
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
#[delete("/groups/{id}/articles/{articleId}")]
pub async fn delete_article(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String)>,
    query: web::Query<ReasonQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, article) = ids(path.into_inner())?;
    groups
        .delete_article(me.user.id, id, article, query.reason.as_deref())
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::ArticleDeleted, lang)))
}
