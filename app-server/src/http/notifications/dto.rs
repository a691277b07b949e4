//! The notifications' bodies.

use super::rules;
use crate::http::dto::PersonDto;
use chrono::{DateTime, Utc};
use kernel::Subject;
use notifications::{NotificationView, Preferences};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// What a notification is about, as its recipient may see it now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSubjectDto {
    #[serde(rename = "type")]
    #[schema(schema_with = rules::subject_type)]
    pub kind: &'static str,
    /// Whether the recipient may still read it (it exists, and its group lets them). When not,
    /// the notification stays without its content: no `title`, no `detail`.
    pub readable: bool,
    /// The article's title or the group's name, when readable.
    #[schema(required = true)]
    pub title: Option<String>,
    #[schema(required = true)]
    pub group_id: Option<Uuid>,
    /// The plaza post (`plaza_post`, `plaza_comment`).
    #[schema(required = true)]
    pub post_id: Option<Uuid>,
    #[schema(required = true)]
    pub comment_id: Option<Uuid>,
    /// The article (`article`, `reply`).
    #[schema(required = true)]
    pub article_id: Option<Uuid>,
    #[schema(required = true)]
    pub reply_id: Option<Uuid>,
    /// The person (`person`: a report of them or of their plaza image), for `/profile/{id}`.
    #[schema(required = true)]
    pub user_id: Option<Uuid>,
}

impl NotificationSubjectDto {
    fn of(subject: Subject, readable: bool, title: Option<String>) -> Self {
        let mut dto = Self {
            kind: "",
            readable,
            title,
            group_id: subject.group().map(|g| g.0),
            post_id: None,
            comment_id: None,
            article_id: None,
            reply_id: None,
            user_id: None,
        };
        match subject {
            Subject::PlazaPost { post } => {
                dto.kind = "plaza_post";
                dto.post_id = Some(post);
            }
            Subject::PlazaComment { post, comment } => {
                dto.kind = "plaza_comment";
                dto.post_id = Some(post);
                dto.comment_id = Some(comment);
            }
            Subject::Article { article, .. } => {
                dto.kind = "article";
                dto.article_id = Some(article.0);
            }
            Subject::Reply { article, reply, .. } => {
                dto.kind = "reply";
                dto.article_id = Some(article.0);
                dto.reply_id = Some(reply);
            }
            Subject::Group { .. } => dto.kind = "group",
            Subject::Person { user } => {
                dto.kind = "person";
                dto.user_id = Some(user.0);
            }
        }
        dto
    }
}

/// One notification.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationDto {
    /// Stable for the notification's life (a folded like keeps it as it grows).
    pub id: Uuid,
    /// Its place in the recipient's sequence, the stream's event id; a folded notification
    /// takes a new one each time it grows.
    pub seq: i64,
    #[schema(schema_with = rules::notification_kind)]
    pub kind: &'static str,
    /// Who did it (the newest liker of a folded like); `null` for the system or a deleted
    /// account.
    #[schema(required = true)]
    pub actor: Option<PersonDto>,
    /// How many other people a folded like holds ("A and 12 others").
    pub others: u32,
    pub subject: NotificationSubjectDto,
    /// An excerpt of the reply or mention, the new role, the decision or a reason; `null`
    /// when there is none or the subject is no longer readable.
    #[schema(required = true)]
    pub detail: Option<String>,
    pub read: bool,
    pub created_at: DateTime<Utc>,
    /// When it last grew (a folded like) or was made.
    pub updated_at: DateTime<Utc>,
}

impl From<&NotificationView> for NotificationDto {
    fn from(v: &NotificationView) -> Self {
        let n = &v.notification;
        Self {
            id: n.id,
            seq: n.seq,
            kind: n.kind.as_str(),
            actor: v.actor.as_ref().map(PersonDto::from),
            others: n.others,
            subject: NotificationSubjectDto::of(
                n.subject,
                v.subject.readable,
                v.subject.title.clone(),
            ),
            detail: n.detail.clone(),
            read: n.read,
            created_at: n.created_at,
            updated_at: n.updated_at,
        }
    }
}

/// The inbox's query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    /// The `nextCursor` of the previous page.
    #[param(max_length = 20)]
    pub cursor: Option<String>,
    /// Notifications per page, 1–50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// A page of the inbox, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationsResponse {
    pub success: bool,
    pub notifications: Vec<NotificationDto>,
    /// Pass as `cursor` for the next (older) page; `null` on the last.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    /// How many are unread in all.
    pub unread: u64,
}

/// The unread count.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadResponse {
    pub success: bool,
    pub unread: u64,
}

/// Which notifications to mark read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReadAllRequest {
    /// The highest `seq` the reader saw: later ones stay unread. Left out: everything stored now.
    pub up_to: Option<i64>,
}

/// Marked read.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadResponse {
    pub success: bool,
    /// How many changed.
    pub changed: u64,
    /// How many are unread now.
    pub unread: u64,
}

/// One kind and whether the user gets it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationKindSetting {
    #[schema(schema_with = rules::notification_kind)]
    pub kind: &'static str,
    pub enabled: bool,
}

/// Every kind and whether the user gets it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationPreferencesResponse {
    pub success: bool,
    pub kinds: Vec<NotificationKindSetting>,
}

impl NotificationPreferencesResponse {
    pub fn of(prefs: &Preferences) -> Self {
        Self {
            success: true,
            kinds: kernel::NoticeKind::ALL
                .iter()
                .map(|k| NotificationKindSetting {
                    kind: k.as_str(),
                    enabled: prefs.wants(*k),
                })
                .collect(),
        }
    }
}

/// The kinds the user turns off (every other kind is on).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NotificationPreferencesRequest {
    #[schema(schema_with = rules::muted_kinds)]
    pub muted: Vec<String>,
}

/// The stream's query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Resume after this event id, for clients that cannot send the `Last-Event-ID` header
    /// (the header wins when both are sent).
    #[param(minimum = 0)]
    pub last_event_id: Option<i64>,
}

/// One server-sent event of `GET /api/notifications/stream` (OpenAPI 3.2's `itemSchema` of
/// `text/event-stream`): `event` names it, `data` is JSON — a `NotificationEvent` for
/// `notification` (whose `id` is its `seq`), an `UnreadEvent` for `unread`, `{}` for `plaza`.
/// Keep-alive comments (`:` lines) are not events.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationStreamEvent {
    #[schema(schema_with = rules::stream_event_name)]
    pub event: String,
    /// The event's JSON.
    pub data: String,
    /// The notification's `seq` (`notification` events only).
    pub id: Option<String>,
}

/// The `data` of a stream's `notification` event (its `id:` is the notification's `seq`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationEvent {
    pub notification: NotificationDto,
}

/// The `data` of a stream's `unread` event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadEvent {
    pub unread: u64,
}

/// Who to suggest for `@` as one types.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MentionQuery {
    /// What was typed after `@` (1–32 characters).
    #[param(min_length = 1, max_length = 32)]
    pub q: String,
    /// Writing in this group: only its members are suggested (a private group's, only to its
    /// members).
    pub group_id: Option<Uuid>,
}

/// People one may mention.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentionSuggestionsResponse {
    pub success: bool,
    pub people: Vec<PersonDto>,
}
