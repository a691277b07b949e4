//! `/api/search/*`: one operation a kind, each with its area's token scope.

use super::dto::{ContentSearchQuery, PostSearchQuery, SearchHitDto, SearchQuery, SearchResponse};
use crate::http::dto::{next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::MaybeSignedIn;
use actix_web::{HttpResponse, get, web};
use search::{SearchKind, SearchRequest, SearchService};

/// What every kind's operation asks of the service, and its answer.
struct Asked<'a> {
    kind: SearchKind,
    q: &'a str,
    cursor: Option<&'a str>,
    limit: Option<u32>,
    district: Option<&'a str>,
    since: Option<super::dto::SearchSince>,
    group: Option<uuid::Uuid>,
}

async fn answer(
    search: &SearchService,
    me: &MaybeSignedIn,
    asked: Asked<'_>,
) -> Result<HttpResponse, ApiError> {
    let page = page_request(asked.cursor, asked.limit)?;
    let found = search
        .search(
            me.user_id(),
            SearchRequest {
                query: asked.q.to_owned(),
                kind: asked.kind,
                district: asked.district.map(str::to_owned),
                since: asked.since.map(Into::into),
                group: asked.group,
                page,
            },
        )
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(SearchResponse {
            success: true,
            hits: found.items.iter().map(SearchHitDto::of).collect(),
            next_cursor: next_cursor(&found),
        }))
}

#[utoipa::path(
    tag = "search",
    summary = "Search plaza posts",
    description = "Posts holding every word of `q`, newest first, with the matched words marked; of one district (and those within it) with `district`, of the last day, week, month or year with `since`. A post is found within a second of being written or edited, and never once deleted.",
    params(PostSearchQuery),
    responses(
        (status = 200, description = "A page of posts found", body = SearchResponse),
        (status = 400, description = "`invalid_search` (with `fields`: an empty or overlong `q`, a malformed `district`), `invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/search/posts")]
pub async fn search_posts(
    search: web::Data<SearchService>,
    me: MaybeSignedIn,
    query: web::Query<PostSearchQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let asked = Asked {
        kind: SearchKind::Posts,
        q: &q.q,
        cursor: q.cursor.as_deref(),
        limit: q.limit,
        district: q.district.as_deref(),
        since: q.since,
        group: None,
    };
    answer(&search, &me, asked).await
}

#[utoipa::path(
    tag = "search",
    summary = "Search articles",
    description = "Published articles (title and text) holding every word of `q`, of the groups the asker may read — a private group's only for its members — newest published first, with the matched words marked; of one group with `group`, of the last day, week, month or year with `since`.",
    params(ContentSearchQuery),
    responses(
        (status = 200, description = "A page of articles found", body = SearchResponse),
        (status = 400, description = "`invalid_search` (with `fields`), `invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/search/articles")]
pub async fn search_articles(
    search: web::Data<SearchService>,
    me: MaybeSignedIn,
    query: web::Query<ContentSearchQuery>,
) -> Result<HttpResponse, ApiError> {
    content(SearchKind::Articles, &search, &me, query.into_inner()).await
}

#[utoipa::path(
    tag = "search",
    summary = "Search replies to articles",
    description = "Replies holding every word of `q`, to published articles of the groups the asker may read, newest first, with the matched words marked and the article they answer; deleted replies never. Of one group with `group`, of the last day, week, month or year with `since`.",
    params(ContentSearchQuery),
    responses(
        (status = 200, description = "A page of replies found", body = SearchResponse),
        (status = 400, description = "`invalid_search` (with `fields`), `invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/search/replies")]
pub async fn search_replies(
    search: web::Data<SearchService>,
    me: MaybeSignedIn,
    query: web::Query<ContentSearchQuery>,
) -> Result<HttpResponse, ApiError> {
    content(SearchKind::Replies, &search, &me, query.into_inner()).await
}

async fn content(
    kind: SearchKind,
    search: &SearchService,
    me: &MaybeSignedIn,
    q: ContentSearchQuery,
) -> Result<HttpResponse, ApiError> {
    let asked = Asked {
        kind,
        q: &q.q,
        cursor: q.cursor.as_deref(),
        limit: q.limit,
        district: None,
        since: q.since,
        group: q.group,
    };
    answer(search, me, asked).await
}

#[utoipa::path(
    tag = "search",
    summary = "Search groups",
    description = "Groups whose name or description holds every word of `q`, of those the directory shows the asker (a private group only to its members), newest first, with the matched words marked; `author` is the owner.",
    params(SearchQuery),
    responses(
        (status = 200, description = "A page of groups found", body = SearchResponse),
        (status = 400, description = "`invalid_search` (with `fields`), `invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/search/groups")]
pub async fn search_groups(
    search: web::Data<SearchService>,
    me: MaybeSignedIn,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    plain(SearchKind::Groups, &search, &me, query.into_inner()).await
}

#[utoipa::path(
    tag = "search",
    summary = "Search people",
    description = "People whose username, nickname or bio holds every word of `q`, newest accounts first, with the matched words marked (`title` is the nickname, `excerpt` the bio); disabled accounts never.",
    params(SearchQuery),
    responses(
        (status = 200, description = "A page of people found", body = SearchResponse),
        (status = 400, description = "`invalid_search` (with `fields`), `invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["account:read"]))
)]
#[get("/search/people")]
pub async fn search_people(
    search: web::Data<SearchService>,
    me: MaybeSignedIn,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    plain(SearchKind::People, &search, &me, query.into_inner()).await
}

async fn plain(
    kind: SearchKind,
    search: &SearchService,
    me: &MaybeSignedIn,
    q: SearchQuery,
) -> Result<HttpResponse, ApiError> {
    let asked = Asked {
        kind,
        q: &q.q,
        cursor: q.cursor.as_deref(),
        limit: q.limit,
        district: None,
        since: None,
        group: None,
    };
    answer(search, me, asked).await
}
