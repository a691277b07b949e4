//! Groups themselves: discovery, a group's home and settings, its cover and invite code,
//! transfer and deletion, joining and leaving, and its gallery.

use super::dto::{
    GalleryResponse, GroupDto, GroupHomeResponse, GroupResponse, GroupSearchQuery,
    GroupSettingsRequest, GroupsResponse, ImageDto, ImageResponse, JoinBody, JoinResponse,
    TransferBody, UploadQuery,
};
use crate::http::dto::{ImageBytes, MessageResponse, PageQuery, next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{MaybeSignedIn, SignedIn, path_id};
use crate::http::upload;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use groups::GroupsService;
use groups::service::{JoinAttempt, JoinOutcome};
use kernel::{ArticleId, GroupId, MediaId};

/// The group of the path.
pub(super) fn group_id(raw: &str) -> Result<GroupId, ApiError> {
    path_id(raw)
}

/// The longest group search (`GroupSearchQuery::q`'s `max_length`).
const MAX_SEARCH_CHARS: usize = 40;

#[utoipa::path(
    tag = "groups",
    summary = "Discover groups",
    description = "Public groups, and the private ones the asker is an active member of, newest first. With `q`, only those whose name contains it.",
    params(GroupSearchQuery),
    responses(
        (status = 200, description = "A page of groups", body = GroupsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups")]
pub async fn discover_groups(
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    query: web::Query<GroupSearchQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = page_request(query.cursor.as_deref(), query.limit)?;
    // The document's `maxLength`, enforced rather than read past.
    if query
        .q
        .as_deref()
        .is_some_and(|q| q.chars().count() > MAX_SEARCH_CHARS)
    {
        return Err(ApiError::invalid_query());
    }
    let found = groups
        .discover(me.user_id(), query.q.as_deref(), page)
        .await?;
    Ok(HttpResponse::Ok().json(GroupsResponse {
        success: true,
        groups: found.items.iter().map(GroupDto::of_listing).collect(),
        next_cursor: next_cursor(&found),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "My groups",
    description = "The groups I am an active member of or have asked to join, most recent first. A group I was offered (or offered to someone) carries its `transferOffer`.",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of my groups", body = GroupsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/mine")]
pub async fn my_groups(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let found = groups.mine(me.user.id, query.page()?).await?;
    let offers = groups.transfer_offers_of(me.user.id).await?;
    let offer_of = |id: GroupId| offers.iter().find(|o| o.group == id);
    Ok(HttpResponse::Ok().json(GroupsResponse {
        success: true,
        groups: found
            .items
            .iter()
            .map(|l| GroupDto::of_listing(l).with_offer(offer_of(l.group.id)))
            .collect(),
        next_cursor: next_cursor(&found),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Create a group",
    description = "The creator becomes its owner and only member. Limited per person (`RATE_GROUPS_CREATE`) and capped per owner (`GROUPS_MAX_OWNED_PER_USER`). A private group cannot be `open`.",
    request_body = GroupSettingsRequest,
    responses(
        (status = 201, description = "Created", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 409, description = "`too_many_groups`", body = ErrorBody),
        (status = 422, description = "`invalid_group_settings` (with `fields`), `private_group_cannot_be_open`, `words_refused` (with `words`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups")]
pub async fn create_group(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    body: web::Json<GroupSettingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let settings = body.into_inner().try_into_domain()?;
    let group = groups.create(me.user.id, settings).await?;
    let view = groups.get(Some(me.user.id), group.id).await?;
    Ok(HttpResponse::Created().json(GroupResponse {
        success: true,
        group: GroupDto::of_view(&view),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "A group's home",
    description = "The group as the asker sees it; for those who may read it (anyone for a public group, active members for a private one) also its latest published articles, images and members — empty lists for everyone else.",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "The group", body = GroupHomeResponse),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}")]
pub async fn group_home(
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    let home = groups.home(me.user_id(), id).await?;
    Ok(HttpResponse::Ok().json(GroupHomeResponse::from(home)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Change a group's settings",
    description = "Name, description, visibility and join policy (the owner and admins).",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    request_body = GroupSettingsRequest,
    responses(
        (status = 200, description = "Saved", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_group_settings` (with `fields`), `private_group_cannot_be_open`, `words_refused` (with `words`)", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[put("/groups/{id}")]
pub async fn update_group(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    body: web::Json<GroupSettingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    let settings = body.into_inner().try_into_domain()?;
    groups.update_settings(me.user.id, id, settings).await?;
    group_response(&groups, &me, id).await
}

async fn group_response(
    groups: &::groups::GroupsService,
    me: &SignedIn,
    id: GroupId,
) -> Result<HttpResponse, ApiError> {
    let view = groups.get(Some(me.user.id), id).await?;
    let offer = groups.transfer_offer(Some(me.user.id), id).await?;
    Ok(HttpResponse::Ok().json(GroupResponse {
        success: true,
        group: GroupDto::of_view(&view).with_offer(offer.as_ref()),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Delete a group",
    description = "With its articles, requests, members and every file (the owner only).",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}")]
pub async fn delete_group(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    groups.delete(me.user.id, group_id(&id)?).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::GroupDeleted, lang)))
}

#[utoipa::path(
    tag = "groups",
    summary = "Set a group's cover image",
    description = "The body is the image itself (JPEG, PNG, WebP or GIF, judged by content; `MEDIA_MAX_UPLOAD_BYTES`). It is re-encoded without metadata and replaces the old cover (the owner and admins).",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    request_body(content = ImageBytes, content_type = "application/octet-stream"),
    responses(
        (status = 200, description = "The group with its new cover", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 408, description = "`upload_too_slow`: the body did not arrive within `MEDIA_UPLOAD_TIMEOUT_SECS` or at `MEDIA_UPLOAD_MIN_BYTES_PER_SEC`", body = ErrorBody),
        (status = 413, description = "`image_too_large`", body = ErrorBody),
        (status = 415, description = "`unsupported_image_type`", body = ErrorBody),
        (status = 422, description = "`image_too_many_pixels`, `animation_too_large`, `image_corrupt`, `storage_quota_exceeded`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        (status = 503, description = "`server_busy`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[put("/groups/{id}/cover")]
pub async fn set_cover(
    req: HttpRequest,
    state: web::Data<AppState>,
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    let declared = upload::declared_size(&req, &state)?;
    groups.admit_cover(me.user.id, id, declared).await?;
    let (_place, bytes) = upload::receive(&req, payload, &state, me.user.id).await?;
    groups.set_cover(me.user.id, id, bytes).await?;
    group_response(&groups, &me, id).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Remove a group's cover image",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "The group without a cover", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/cover")]
pub async fn remove_cover(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    groups.remove_cover(me.user.id, id).await?;
    group_response(&groups, &me, id).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Make a new invite code",
    description = "The old code (and every link with it) stops working (the owner and admins).",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "The group with its new `inviteCode`", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/invite-code")]
pub async fn regenerate_invite_code(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    groups.regenerate_invite_code(me.user.id, id).await?;
    group_response(&groups, &me, id).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Offer ownership",
    description = "Offers the group to an active member (the owner only). Nothing changes hands until they accept (`POST …/transfer/accept`); the owner may withdraw it (`DELETE …/transfer`). One offer waits at a time; a member who owns `GROUPS_MAX_OWNED_PER_USER` groups already cannot be offered one.",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    request_body = TransferBody,
    responses(
        (status = 200, description = "Offered: the group with its `transferOffer`", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`transfer_offer_pending`, `too_many_groups` (the member owns the most groups allowed)", body = ErrorBody),
        (status = 422, description = "`not_a_member`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/transfer")]
pub async fn transfer_group(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    body: web::Json<TransferBody>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    groups
        .offer_transfer(me.user.id, id, kernel::UserId(body.user_id))
        .await?;
    group_response(&groups, &me, id).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Withdraw an offer of ownership",
    description = "The group's waiting offer is withdrawn (the owner only).",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Withdrawn: the group", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found` (no such group, or no offer waiting)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/transfer")]
pub async fn cancel_transfer(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    groups.cancel_transfer(me.user.id, id).await?;
    group_response(&groups, &me, id).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Accept an offer of ownership",
    description = "The offer's recipient becomes the group's owner, the old owner an admin — if they are still an active member and own fewer than `GROUPS_MAX_OWNED_PER_USER` groups (otherwise the offer stays, to be declined or accepted later).",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Accepted: the group, now mine", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found` (no such group, or no offer waiting for me)", body = ErrorBody),
        (status = 409, description = "`too_many_groups`", body = ErrorBody),
        (status = 422, description = "`not_a_member`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/transfer/accept")]
pub async fn accept_transfer(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    groups.accept_transfer(me.user.id, id).await?;
    group_response(&groups, &me, id).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Decline an offer of ownership",
    description = "The group stays with its owner (the offer's recipient only).",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Declined: the group", body = GroupResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found` (no such group, or no offer waiting for me)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/transfer/decline")]
pub async fn decline_transfer(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    groups.decline_transfer(me.user.id, id).await?;
    group_response(&groups, &me, id).await
}

#[utoipa::path(
    tag = "groups",
    summary = "Join a group",
    description = "By its policy: an `open` group at once; an `approval` group takes a request (with `message`) that the owner or an admin decides; an `invite_code` group needs its `code`. A right invite code admits under any policy. Someone banned cannot join or ask until unbanned.",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    request_body = JoinBody,
    responses(
        (status = 200, description = "`joined` or `requested`", body = JoinResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`banned_from_group`, `wrong_invite_code`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`already_member`, `request_pending`", body = ErrorBody),
        (status = 422, description = "`invalid_message`", body = ErrorBody),
        (status = 429, description = "`rate_limited` (invite-code guesses)", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/join")]
pub async fn join_group(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    body: web::Json<JoinBody>,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    let body = body.into_inner();
    let outcome = groups
        .join(
            me.user.id,
            id,
            JoinAttempt {
                message: body.message,
                code: body.code,
            },
        )
        .await?;
    let view = groups.get(Some(me.user.id), id).await?;
    Ok(HttpResponse::Ok().json(JoinResponse {
        success: true,
        outcome: match outcome {
            JoinOutcome::Joined(_) => "joined",
            JoinOutcome::Requested(_) => "requested",
        },
        group: GroupDto::of_view(&view),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Leave a group",
    description = "Or withdraw my pending request. The owner transfers ownership first.",
    params(("id" = uuid::Uuid, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Left", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`banned_from_group`", body = ErrorBody),
        (status = 404, description = "`not_found` (no such group, or not a member)", body = ErrorBody),
        (status = 409, description = "`owner_cannot_leave`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/membership")]
pub async fn leave_group(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    groups.leave(me.user.id, group_id(&id)?).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::LeftGroup, lang)))
}

#[utoipa::path(
    tag = "groups",
    summary = "A group's gallery",
    description = "Its images, newest first (articles' images included).",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), PageQuery),
    responses(
        (status = 200, description = "A page of images", body = GalleryResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
        (status = 403, description = "`members_only`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/gallery")]
pub async fn group_gallery(
    groups: web::Data<GroupsService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = groups
        .gallery(me.user_id(), group_id(&id)?, query.page()?)
        .await?;
    Ok(HttpResponse::Ok().json(GalleryResponse {
        success: true,
        images: page.items.iter().map(ImageDto::from).collect(),
        next_cursor: next_cursor(&page),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Upload an image to the gallery",
    description = "The body is the image itself (JPEG, PNG, WebP or GIF, judged by content; `MEDIA_MAX_UPLOAD_BYTES`, `MEDIA_MAX_PIXELS`). It is re-encoded without EXIF or GPS and gets a thumbnail. Any active member; with `articleId`, uploaded in that article's editor (its author or the group's managers) or in a reply to it (any active member while it is published and its replies are open), and deleted with it. Counted against the uploader's quota and upload rate.",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), UploadQuery),
    request_body(content = ImageBytes, content_type = "application/octet-stream"),
    responses(
        (status = 201, description = "Stored", body = ImageResponse),
        (status = 400, description = "`invalid_query` (a malformed `articleId`)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 408, description = "`upload_too_slow`: the body did not arrive within `MEDIA_UPLOAD_TIMEOUT_SECS` or at `MEDIA_UPLOAD_MIN_BYTES_PER_SEC`", body = ErrorBody),
        (status = 409, description = "`replies_locked`: with `articleId` of an article whose replies are closed, for one who may not edit it", body = ErrorBody),
        (status = 413, description = "`image_too_large`", body = ErrorBody),
        (status = 415, description = "`unsupported_image_type`", body = ErrorBody),
        (status = 422, description = "`image_too_many_pixels`, `animation_too_large`, `image_corrupt`, `storage_quota_exceeded`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        (status = 503, description = "`server_busy`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/gallery")]
pub async fn upload_image(
    req: HttpRequest,
    state: web::Data<AppState>,
    groups: web::Data<GroupsService>,
    me: SignedIn,
    id: web::Path<String>,
    query: web::Query<UploadQuery>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let id = group_id(&id)?;
    let article = query.article_id.map(ArticleId);
    let declared = upload::declared_size(&req, &state)?;
    groups
        .admit_image(me.user.id, id, article, declared)
        .await?;
    let (_place, bytes) = upload::receive(&req, payload, &state, me.user.id).await?;
    let media = groups.upload_image(me.user.id, id, article, bytes).await?;
    Ok(HttpResponse::Created().json(ImageResponse {
        success: true,
        image: ImageDto::from(&media),
    }))
}

#[utoipa::path(
    tag = "groups",
    summary = "Delete a gallery image",
    description = "One's own, or any for the group's owner and admins; the file goes at once.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("mediaId" = uuid::Uuid, Path, description = "The image's id"),
    ),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`members_only`, `group_role_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[delete("/groups/{id}/gallery/{mediaId}")]
pub async fn delete_gallery_image(
    groups: web::Data<GroupsService>,
    me: SignedIn,
    lang: Lang,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, media) = path.into_inner();
    let media: MediaId = path_id(&media)?;
    groups
        .delete_image(me.user.id, group_id(&id)?, media)
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(Msg::ImageDeleted, lang)))
}
