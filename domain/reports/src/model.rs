//! What is reported, why, and the case it becomes.

use crate::error::ReportsError;
use chrono::{DateTime, Duration, Utc};
use kernel::{Cursor, GroupId, Person, UserId, typed_id};
use uuid::Uuid;

typed_id!(
    /// Identifies a case: every report of one item while it is open.
    CaseId
);

/// The most characters of a note (a report's, or a moderator's on closing).
pub const MAX_NOTE_CHARS: usize = 500;
/// How long a group's managers have before their open case also reaches the administrators.
pub const ESCALATE_AFTER: Duration = Duration::hours(48);

/// What kind of thing is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubjectKind {
    Post,
    Comment,
    Article,
    Reply,
    Image,
    Group,
    Person,
}

impl SubjectKind {
    pub const ALL: [Self; 7] = [
        Self::Post,
        Self::Comment,
        Self::Article,
        Self::Reply,
        Self::Image,
        Self::Group,
        Self::Person,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Post => "post",
            Self::Comment => "comment",
            Self::Article => "article",
            Self::Reply => "reply",
            Self::Image => "image",
            Self::Group => "group",
            Self::Person => "person",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw)
    }
}

/// What is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Subject {
    pub kind: SubjectKind,
    pub id: Uuid,
}

/// Why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    Spam,
    Abuse,
    Illegal,
    Privacy,
    /// With a note saying what.
    Other,
}

impl Reason {
    pub const ALL: [Self; 5] = [
        Self::Spam,
        Self::Abuse,
        Self::Illegal,
        Self::Privacy,
        Self::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Spam => "spam",
            Self::Abuse => "abuse",
            Self::Illegal => "illegal",
            Self::Privacy => "privacy",
            Self::Other => "other",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == raw)
    }
}

/// A note, trimmed (empty is none): at most [`MAX_NOTE_CHARS`]; required with
/// [`Reason::Other`] when `reason` is given.
///
/// # Errors
/// `NoteTooLong`, `NoteRequired`.
pub fn parse_note(
    raw: Option<&str>,
    reason: Option<Reason>,
) -> Result<Option<String>, ReportsError> {
    let note = raw.map(str::trim).filter(|n| !n.is_empty());
    if note.is_some_and(|n| n.chars().count() > MAX_NOTE_CHARS) {
        return Err(ReportsError::NoteTooLong);
    }
    if note.is_none() && reason == Some(Reason::Other) {
        return Err(ReportsError::NoteRequired);
    }
    Ok(note.map(str::to_owned))
}

/// What a subject is, as the one reporting it may see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Who wrote or uploaded it; for a person, the person; for a group, its owner.
    pub author: UserId,
    /// The group it belongs to (a group itself included): its managers handle the case.
    pub group: Option<GroupId>,
    /// What it belongs to: a reply's article, a comment's post.
    pub parent: Option<Uuid>,
    /// Its text as it is (or a group's name, a person's nickname), for the queue.
    pub excerpt: String,
}

/// One report as it is filed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReport {
    pub subject: Subject,
    pub reporter: UserId,
    pub reason: Reason,
    pub note: Option<String>,
    pub at: DateTime<Utc>,
}

/// What a report became.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filed {
    pub case: CaseId,
    /// `false` when this reporter had reported this open case already (counted once).
    pub counted: bool,
}

/// What a moderator did with a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Nothing wrong: the case closes, the content stays (shown again, when the word list
    /// held it).
    Dismiss,
    /// The content stays, shown to its author only (a post, a comment, an article, a reply).
    Hide,
    /// The content is deleted (a post, a comment, an article, a reply, an image).
    Delete,
    /// The author is banned from the group (and removed from it).
    Ban,
    /// The author's account is disabled (administrators only).
    Disable,
}

impl Action {
    pub const ALL: [Self; 5] = [
        Self::Dismiss,
        Self::Hide,
        Self::Delete,
        Self::Ban,
        Self::Disable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Dismiss => "dismiss",
            Self::Hide => "hide",
            Self::Delete => "delete",
            Self::Ban => "ban",
            Self::Disable => "disable",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == raw)
    }
}

/// How a case was closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closed {
    pub action: Action,
    pub by: UserId,
    pub at: DateTime<Utc>,
    /// Why, as the moderator put it (told to the author).
    pub note: Option<String>,
}

/// Every report of one item while it is open, counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub id: CaseId,
    pub subject: Subject,
    /// Who wrote it (a group's owner, the person reported).
    pub author: Person,
    pub group: Option<GroupId>,
    /// A reply's article, a comment's post.
    pub parent: Option<Uuid>,
    pub excerpt: String,
    /// How many people reported it.
    pub reports: u32,
    /// Each reason given, with how many gave it, most given first.
    pub reasons: Vec<(Reason, u32)>,
    pub opened_at: DateTime<Utc>,
    pub last_reported_at: DateTime<Utc>,
    pub closed: Option<Closed>,
    /// The listed words that held the item for review: a case the word list opened (it goes to
    /// the site's administrators at once, whatever the item's group). `None` for reports alone.
    pub held_words: Option<Vec<String>>,
}

impl Case {
    /// Whether the site's administrators see it in their queue at `now`: what belongs to no
    /// group at once, a group's case once its managers left it open for [`ESCALATE_AFTER`].
    pub fn in_site_queue(&self, now: DateTime<Utc>) -> bool {
        self.group.is_none()
            || self.held_words.is_some()
            || (self.closed.is_none() && now - self.opened_at >= ESCALATE_AFTER)
    }

    /// Whether a group's managers see it in their group's queue: a report of their group's
    /// content, never what the operator's word list held (the operator's to review).
    pub fn in_group_queue(&self, group: GroupId) -> bool {
        self.group == Some(group) && self.held_words.is_none()
    }

    /// Whether the case's item can be hidden (kept for its author only).
    pub fn hideable(&self) -> bool {
        matches!(
            self.subject.kind,
            SubjectKind::Post | SubjectKind::Comment | SubjectKind::Article | SubjectKind::Reply
        )
    }

    /// Its place in a queue (oldest first: time opened, then id).
    pub fn cursor(&self) -> Cursor {
        Cursor::new(self.opened_at, self.id.0)
    }
}

/// Who asks to see a queue or act on a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moderator {
    pub user: UserId,
    /// A site administrator (with a session, or a token within its admin scopes: decided
    /// where the caller is identified).
    pub admin: bool,
    /// Where they asked from, for the audit log.
    pub ip: Option<String>,
}

/// Which queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queue {
    /// The administrators': no group's, what the word list held, and a group's opened before
    /// `escalated_before`.
    Site { escalated_before: DateTime<Utc> },
    /// One group's managers': its reported content (not what the word list held).
    Group(GroupId),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_is_trimmed_bounded_and_needed_for_other() {
        assert_eq!(parse_note(Some("  "), Some(Reason::Spam)).ok(), Some(None));
        assert_eq!(
            parse_note(Some(" ads "), Some(Reason::Other)).ok(),
            Some(Some("ads".into()))
        );
        assert!(matches!(
            parse_note(None, Some(Reason::Other)),
            Err(ReportsError::NoteRequired)
        ));
        assert!(matches!(
            parse_note(Some(&"字".repeat(MAX_NOTE_CHARS + 1)), None),
            Err(ReportsError::NoteTooLong)
        ));
        assert!(parse_note(Some(&"字".repeat(MAX_NOTE_CHARS)), None).is_ok());
    }

    #[test]
    fn names_parse_back() {
        for k in SubjectKind::ALL {
            assert_eq!(SubjectKind::parse(k.as_str()), Some(k));
        }
        for r in Reason::ALL {
            assert_eq!(Reason::parse(r.as_str()), Some(r));
        }
        for a in Action::ALL {
            assert_eq!(Action::parse(a.as_str()), Some(a));
        }
        assert_eq!(Reason::parse("SPAM"), None);
    }
}
