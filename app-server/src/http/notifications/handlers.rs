//! The signed-in user's notifications: the inbox, read marks, preferences, the live stream and
//! the people they may mention.

use super::dto::{
    InboxQuery, MentionQuery, MentionSuggestionsResponse, NotificationDto, NotificationEvent,
    NotificationPreferencesRequest, NotificationPreferencesResponse, NotificationStreamEvent,
    NotificationsResponse, ReadAllRequest, ReadResponse, StreamQuery, UnreadEvent, UnreadResponse,
};
use super::errors::unknown_kind;
use crate::http::dto::{PersonDto, check_limit};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::SignedIn;
use crate::lifecycle::{Shutdown, end_on_shutdown, retry_hint};
use actix_web::http::header::{self, ContentEncoding};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use futures_util::StreamExt;
use kernel::{GroupId, NoticeKind};
use notifications::{NotificationsService, Preferences, StreamEvent};
use std::convert::Infallible;
use std::time::Duration;

/// A stream lives this long, then ends; the browser reconnects at once with `Last-Event-ID`,
/// and the credential is checked again (a signed-out session or a revoked token stops there).
const STREAM_LIFETIME: Duration = Duration::from_secs(30 * 60);

/// The most people one suggestion list holds.
const MENTION_SUGGESTIONS: u64 = 8;

fn cursor_seq(raw: Option<&str>) -> Result<Option<i64>, ApiError> {
    match raw.filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(raw) => raw
            .parse::<i64>()
            .ok()
            .filter(|n| *n > 0)
            .map(Some)
            .ok_or_else(ApiError::invalid_cursor),
    }
}

#[utoipa::path(
    tag = "notifications",
    summary = "My notifications",
    description = "Newest first, by cursor. A notification about something its recipient may no longer read (a deleted post, a private group they left) stays, without its content (`subject.readable: false`, no `title` or `detail`).",
    params(InboxQuery),
    responses(
        (status = 200, description = "A page of the inbox", body = NotificationsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_limit`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["notifications:read"]))
)]
#[get("/notifications")]
pub async fn list_notifications(
    service: web::Data<NotificationsService>,
    me: SignedIn,
    query: web::Query<InboxQuery>,
) -> Result<HttpResponse, ApiError> {
    let before = cursor_seq(query.cursor.as_deref())?;
    let limit = check_limit(query.limit)?.unwrap_or(kernel::PageRequest::DEFAULT_LIMIT);
    let page = service.inbox(me.user.id, before, limit).await?;
    let unread = service.unread(me.user.id).await?;
    Ok(HttpResponse::Ok().json(NotificationsResponse {
        success: true,
        notifications: page.items.iter().map(NotificationDto::from).collect(),
        next_cursor: page.next.map(|seq| seq.to_string()),
        unread,
    }))
}

#[utoipa::path(
    tag = "notifications",
    summary = "How many of my notifications are unread",
    responses(
        (status = 200, description = "How many are unread", body = UnreadResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["notifications:read"]))
)]
#[get("/notifications/unread-count")]
pub async fn unread_count(
    service: web::Data<NotificationsService>,
    me: SignedIn,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(UnreadResponse {
        success: true,
        unread: service.unread(me.user.id).await?,
    }))
}

fn event_bytes(event: &StreamEvent) -> Bytes {
    fn data(name: &str, id: Option<i64>, json: &impl serde::Serialize) -> Bytes {
        let mut out = Vec::with_capacity(256);
        if let Some(id) = id {
            out.extend_from_slice(format!("id: {id}\n").as_bytes());
        }
        out.extend_from_slice(format!("event: {name}\ndata: ").as_bytes());
        // Serialising these plain structs cannot fail.
        let _ = serde_json::to_writer(&mut out, json);
        out.extend_from_slice(b"\n\n");
        Bytes::from(out)
    }
    match event {
        StreamEvent::Notification(view) => data(
            "notification",
            Some(view.notification.seq),
            &NotificationEvent {
                notification: NotificationDto::from(view.as_ref()),
            },
        ),
        StreamEvent::Unread(unread) => data("unread", None, &UnreadEvent { unread: *unread }),
        StreamEvent::PlazaPosted => data("plaza", None, &serde_json::json!({})),
        StreamEvent::KeepAlive => Bytes::from_static(b": keep-alive\n\n"),
    }
}

#[utoipa::path(
    tag = "notifications",
    summary = "The live stream of my notifications (server-sent events)",
    description = "`text/event-stream`. It starts with `retry: 3000` and an `unread` event, then sends each new notification as an `notification` event whose `id:` is its `seq` (a folded like that grows comes again with the same `notification.id` and a new `seq`), an `unread` event whenever the count changes (in any tab), and a `plaza` event when a plaza post is published. Quiet streams get a `: keep-alive` comment every `NOTIFICATIONS_KEEP_ALIVE_SECS` (15 s). A reconnect sends `Last-Event-ID` (or `?lastEventId=`) and receives every notification after it exactly once; without one the stream starts now (the inbox holds the rest). One user holds at most `NOTIFICATIONS_STREAMS_PER_USER` (5) streams per instance: a newer one ends the oldest. A stream ends after 30 minutes, and the browser reconnects with its credential checked again. A server that stops ends its streams at once with a `retry:` of 1–5 s (a different one for each stream), and the browser reconnects, to another instance, with `Last-Event-ID`.",
    params(
        StreamQuery,
        ("Last-Event-ID" = Option<i64>, Header, description = "The last event id received: resume after it."),
    ),
    responses(
        (status = 200, description = "`text/event-stream`: `notification`, `unread` and `plaza` events", content(
            ("text/event-stream", item_schema = NotificationStreamEvent),
        )),
        (status = 400, description = "`invalid_cursor` (a `Last-Event-ID` that is no event id)", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["notifications:read"]))
)]
#[get("/notifications/stream")]
pub async fn notification_stream(
    req: HttpRequest,
    service: web::Data<NotificationsService>,
    shutdown: web::Data<Shutdown>,
    me: SignedIn,
    query: web::Query<StreamQuery>,
) -> Result<HttpResponse, ApiError> {
    let header = req
        .headers()
        .get("Last-Event-ID")
        .map(|v| v.to_str().unwrap_or("x").trim().to_owned())
        .filter(|v| !v.is_empty());
    let resume = match header {
        Some(raw) => Some(
            raw.parse::<i64>()
                .ok()
                .filter(|n| *n >= 0)
                .ok_or_else(ApiError::invalid_cursor)?,
        ),
        None => query.last_event_id.filter(|n| *n >= 0),
    };
    let service = service.into_inner();
    let events = service.stream(me.user.id, resume).await?;
    let deadline = tokio::time::sleep(STREAM_LIFETIME);
    let body = futures_util::stream::once(async {
        Ok::<_, Infallible>(Bytes::from_static(b"retry: 3000\n\n"))
    })
    .chain(events.map(|e| Ok::<_, Infallible>(event_bytes(&e))))
    .take_until(deadline);
    // A stopping server ends the stream with a reconnect hint: the browser comes back (to
    // another instance) with `Last-Event-ID` and misses nothing.
    let body = end_on_shutdown(Box::pin(body), &shutdown, Ok(Bytes::from(retry_hint())));
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache, no-transform"))
        // nginx and similar proxies pass each event on at once instead of buffering.
        .insert_header(("X-Accel-Buffering", "no"))
        // Compression would hold events back until a block fills.
        .insert_header(ContentEncoding::Identity)
        .streaming(body))
}

#[utoipa::path(
    tag = "notifications",
    summary = "Mark one notification read",
    params(("id" = uuid::Uuid, Path, description = "The notification's id")),
    responses(
        (status = 200, description = "Marked (also when it was read already)", body = ReadResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["notifications:write"]))
)]
#[post("/notifications/{id}/read")]
pub async fn mark_read(
    service: web::Data<NotificationsService>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: uuid::Uuid = crate::http::extract::path_id(&id)?;
    service.mark_read(me.user.id, id).await?;
    Ok(HttpResponse::Ok().json(ReadResponse {
        success: true,
        changed: 1,
        unread: service.unread(me.user.id).await?,
    }))
}

#[utoipa::path(
    tag = "notifications",
    summary = "Mark my notifications read",
    description = "Every notification up to `upTo` (the newest `seq` the reader saw): one that arrived since stays unread.",
    request_body = ReadAllRequest,
    responses(
        (status = 200, description = "Marked", body = ReadResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["notifications:write"]))
)]
#[post("/notifications/read-all")]
pub async fn read_all(
    service: web::Data<NotificationsService>,
    me: SignedIn,
    body: web::Json<ReadAllRequest>,
) -> Result<HttpResponse, ApiError> {
    let up_to = body.up_to.map(|n| n.max(0));
    let changed = service.mark_all_read(me.user.id, up_to).await?;
    Ok(HttpResponse::Ok().json(ReadResponse {
        success: true,
        changed,
        unread: service.unread(me.user.id).await?,
    }))
}

#[utoipa::path(
    tag = "notifications",
    summary = "Which kinds of notification I get",
    responses(
        (status = 200, description = "Every kind, on or off", body = NotificationPreferencesResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["notifications:read"]))
)]
#[get("/notifications/preferences")]
pub async fn get_preferences(
    service: web::Data<NotificationsService>,
    me: SignedIn,
) -> Result<HttpResponse, ApiError> {
    let prefs = service.preferences(me.user.id).await?;
    Ok(HttpResponse::Ok().json(NotificationPreferencesResponse::of(&prefs)))
}

#[utoipa::path(
    tag = "notifications",
    summary = "Choose which kinds of notification I get",
    description = "The kinds listed in `muted` are turned off, every other kind on. A kind turned off is not recorded at all while it is off.",
    request_body = NotificationPreferencesRequest,
    responses(
        (status = 200, description = "Saved", body = NotificationPreferencesResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 422, description = "`invalid_notification_preferences` (an unknown kind, with `fields`)", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["notifications:write"]))
)]
#[put("/notifications/preferences")]
pub async fn set_preferences(
    service: web::Data<NotificationsService>,
    me: SignedIn,
    body: web::Json<NotificationPreferencesRequest>,
) -> Result<HttpResponse, ApiError> {
    let muted = body
        .muted
        .iter()
        .enumerate()
        .map(|(i, k)| NoticeKind::parse(k.trim()).ok_or_else(|| unknown_kind(i)))
        .collect::<Result<Vec<_>, _>>()?;
    let prefs = service
        .set_preferences(me.user.id, Preferences { muted })
        .await?;
    Ok(HttpResponse::Ok().json(NotificationPreferencesResponse::of(&prefs)))
}

#[utoipa::path(
    tag = "notifications",
    summary = "People I may mention",
    description = "Up to 8 people whose username starts with `q` or whose nickname holds it, for `@` completion. With `groupId`, only the group's members, and only when the caller may read the group (a private group's members are its members' to see).",
    params(MentionQuery),
    responses(
        (status = 200, description = "Suggestions, usernames that start with `q` first", body = MentionSuggestionsResponse),
        (status = 400, description = "`invalid_mention_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found` (no such group, or a private one the caller is not in)", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["notifications:read"]))
)]
#[get("/mentions/suggestions")]
pub async fn mention_suggestions(
    service: web::Data<NotificationsService>,
    me: SignedIn,
    query: web::Query<MentionQuery>,
) -> Result<HttpResponse, ApiError> {
    let people = service
        .mention_suggestions(
            me.user.id,
            &query.q,
            query.group_id.map(GroupId),
            MENTION_SUGGESTIONS,
        )
        .await?;
    Ok(HttpResponse::Ok().json(MentionSuggestionsResponse {
        success: true,
        people: people.iter().map(PersonDto::from).collect(),
    }))
}
