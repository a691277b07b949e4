//! What a notification is, as stored and as its recipient sees it.

use chrono::{DateTime, Utc};
use kernel::{NoticeKind, Person, Subject, UserId};
use uuid::Uuid;

/// A notification's place in its recipient's sequence: strictly increasing per recipient, in
/// the order the rows were committed (the recipient's counter row is locked while it is taken).
/// A stream's event id; a folded notification takes a new one each time it grows.
pub type Seq = i64;

/// One notification as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    /// Stable for the notification's life (a folded one keeps it as it grows).
    pub id: Uuid,
    pub recipient: UserId,
    pub seq: Seq,
    pub kind: NoticeKind,
    /// The latest actor (a folded like's newest liker).
    pub actor: Option<UserId>,
    /// How many other distinct people folded into it ("A and 12 others liked your post").
    pub others: u32,
    pub subject: Subject,
    pub detail: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub read: bool,
}

/// A row to record: one recipient of one notice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewNotification {
    pub id: Uuid,
    pub recipient: UserId,
    pub kind: NoticeKind,
    pub actor: Option<UserId>,
    pub subject: Subject,
    pub detail: Option<String>,
    pub at: DateTime<Utc>,
}

impl NewNotification {
    /// Folded kinds grow one unread row per recipient and subject instead of adding rows.
    pub fn folds(&self) -> bool {
        self.kind == NoticeKind::Liked
    }

    /// Whether a block or a mute between its recipient and its actor leaves the row out
    /// (docs/moderation.md, "Blocking and muting"): the recipient blocked or muted the actor,
    /// or the actor blocked the recipient. Every kind but the decisions taken about the
    /// recipient in a role — a removal of what they wrote, their new role, their removal or
    /// ban, the answer to their request to join, the outcome of their report — which they hear
    /// of whoever took them; and never a notice without an actor.
    pub fn heeds_blocks(&self) -> bool {
        self.actor.is_some()
            && !matches!(
                self.kind,
                NoticeKind::ContentRemoved
                    | NoticeKind::RoleChanged
                    | NoticeKind::Removed
                    | NoticeKind::Banned
                    | NoticeKind::JoinDecided
                    | NoticeKind::ReportDecided
            )
    }
}

/// What the recipient may see of a subject now.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubjectView {
    /// Whether the recipient may read the subject now (it exists, and its group lets them).
    pub readable: bool,
    /// A title to show (the article's title, the group's name), only when readable.
    pub title: Option<String>,
}

/// A notification as its recipient sees it: what they may no longer read is withheld, the
/// notification itself stays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationView {
    pub notification: Notification,
    pub actor: Option<Person>,
    pub subject: SubjectView,
}

impl NotificationView {
    /// The notification with its subject's content withheld unless `subject.readable`.
    pub fn new(
        mut notification: Notification,
        actor: Option<Person>,
        subject: SubjectView,
    ) -> Self {
        // A removal's detail is the reason, a report's outcome the action; neither is the
        // content: they stay.
        if !subject.readable && needs_reader(notification.kind) {
            notification.detail = None;
        }
        let subject = if subject.readable {
            subject
        } else {
            SubjectView::default()
        };
        Self {
            notification,
            actor,
            subject,
        }
    }
}

/// A user's choices: the kinds they do not want.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Preferences {
    pub muted: Vec<NoticeKind>,
}

impl Preferences {
    pub fn wants(&self, kind: NoticeKind) -> bool {
        !self.muted.contains(&kind)
    }
}

/// One page of the inbox, newest first, and the sequence number the next page starts below.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboxPage {
    pub items: Vec<NotificationView>,
    pub next: Option<Seq>,
}

/// What a live stream carries, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamEvent {
    /// A new notification, or a folded one that grew (same `id`, a new `seq`).
    Notification(Box<NotificationView>),
    /// The recipient's unread count, after a change of it (and once when the stream opens).
    Unread(u64),
    /// A plaza post was published.
    PlazaPosted,
    /// Nothing happened for a while: a comment that keeps proxies from closing the stream.
    KeepAlive,
}

/// What wakes the streams, carried between instances by the bus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wake {
    /// This user's notifications or unread count changed.
    User(UserId),
    /// A plaza post was published.
    Plaza,
    /// The bus may have lost wake-ups (its connection was cut): every stream reads again.
    Everyone,
}

impl Wake {
    /// The compact text form carried by a bus: `u<uuid>`, `p` or `*`.
    pub fn encode(&self) -> String {
        match self {
            Wake::User(id) => format!("u{}", id.0.simple()),
            Wake::Plaza => "p".into(),
            Wake::Everyone => "*".into(),
        }
    }

    /// Parses [`Wake::encode`]'s form; `None` for anything else.
    pub fn decode(raw: &str) -> Option<Self> {
        match raw {
            "p" => Some(Wake::Plaza),
            "*" => Some(Wake::Everyone),
            _ => {
                let id = raw.strip_prefix('u')?;
                Uuid::try_parse(id).ok().map(|id| Wake::User(UserId(id)))
            }
        }
    }

    /// Several wake-ups in one message (`,`-separated), as batched on a bus.
    pub fn encode_batch(wakes: &[Wake]) -> String {
        wakes.iter().map(Wake::encode).collect::<Vec<_>>().join(",")
    }

    /// The wake-ups of a batch; malformed parts are skipped.
    pub fn decode_batch(raw: &str) -> Vec<Wake> {
        raw.split(',').filter_map(Wake::decode).collect()
    }
}

/// The most characters of a detail (an excerpt) that are stored.
pub const DETAIL_CHARS: usize = 140;

/// An excerpt: whitespace folded, cut at [`DETAIL_CHARS`] with an ellipsis.
pub fn excerpt(text: &str) -> String {
    kernel::markdown::excerpt(text, DETAIL_CHARS)
}

/// Whether the recipient must be able to read the subject to be told. Not so for a removal of
/// what they wrote: it is gone for everyone, and they are told that it is (with the reason,
/// never its content); nor for a reporter told the outcome (the item may be gone, and the
/// notice carries the action, never the content).
pub fn needs_reader(kind: kernel::NoticeKind) -> bool {
    !matches!(
        kind,
        kernel::NoticeKind::ContentRemoved | kernel::NoticeKind::ReportDecided
    )
}
