//! `/api/blocks*`: the signed-in person's lists of people they blocked and muted.

use super::dto::{BlockDto, BlockResponse, BlocksQuery, BlocksResponse, SetBlockBody};
use crate::http::dto::{next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, path_id};
use actix_web::http::header;
use actix_web::{HttpResponse, delete, get, put, web};
use blocks::BlocksService;
use kernel::UserId;

#[utoipa::path(
    tag = "blocks",
    summary = "People I blocked or muted",
    description = "One list at a time (`kind`), newest first, each entry with the person. A block hides both ways — neither sees the other's posts, comments, replies and articles, nor their profile's content — and neither may reply to, comment on, mention or like the other's writing, nor is told of the other's acts. A mute only hides the person's writing from me and tells me nothing of their acts; they are told nothing and refused nothing.",
    params(BlocksQuery),
    responses(
        (status = 200, description = "A page of the list", body = BlocksResponse),
        (status = 400, description = "`invalid_query` (a missing or unknown `kind`, with `fields`), `invalid_cursor`, `invalid_limit`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:read"]))
)]
#[get("/blocks")]
pub async fn list_blocks(
    blocks: web::Data<BlocksService>,
    me: SignedIn,
    query: web::Query<BlocksQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = query.kind()?;
    let page = page_request(query.cursor.as_deref(), query.limit)?;
    let found = blocks.list(me.user.id, kind, page).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(BlocksResponse {
            success: true,
            blocks: found.items.iter().map(BlockDto::from).collect(),
            next_cursor: next_cursor(&found),
        }))
}

#[utoipa::path(
    tag = "blocks",
    summary = "Block or mute someone",
    description = "Sets my entry against this person to `kind`: blocking someone I muted turns the mute into a block, muting someone I blocked softens the block into a mute (dated now); asking again for the kind it has changes nothing. It takes effect at once everywhere (feeds, comments, replies, group pages, search, profiles, mention suggestions, notifications). Nobody is told. At most 1000 people blocked and muted together; limited per person.",
    params(("userId" = uuid::Uuid, Path, description = "The user's id")),
    request_body = SetBlockBody,
    responses(
        (status = 200, description = "The entry as it is now", body = BlockResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found` (no such user)", body = ErrorBody),
        (status = 422, description = "`cannot_block_self`, `invalid_block_kind` (with `fields`), `blocks_full` (the bound in `detail`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[put("/blocks/{userId}")]
pub async fn set_block(
    blocks: web::Data<BlocksService>,
    me: SignedIn,
    user_id: web::Path<String>,
    body: web::Json<SetBlockBody>,
) -> Result<HttpResponse, ApiError> {
    let target: UserId = path_id(&user_id)?;
    let kind = body.try_into_domain()?;
    let entry = blocks.set(me.user.id, target, kind).await?;
    Ok(HttpResponse::Ok().json(BlockResponse {
        success: true,
        block: BlockDto::from(&entry),
    }))
}

#[utoipa::path(
    tag = "blocks",
    summary = "Unblock or unmute someone",
    description = "Removes my block or mute of this person: everything it hid shows again, and they may answer, mention and like me again. Nobody is told. Limited per person, as a block is.",
    params(("userId" = uuid::Uuid, Path, description = "The user's id")),
    responses(
        (status = 204, description = "Undone"),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found` (neither blocked nor muted)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[delete("/blocks/{userId}")]
pub async fn remove_block(
    blocks: web::Data<BlocksService>,
    me: SignedIn,
    user_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let target: UserId = path_id(&user_id)?;
    blocks.remove(me.user.id, target).await?;
    Ok(HttpResponse::NoContent().finish())
}
