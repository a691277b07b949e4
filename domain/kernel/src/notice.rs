//! The port every domain tells people through ([`Notifier`]), and what it tells ([`Notice`]).
//!
//! A domain calls [`Notifier::notify`] after its write is stored. The notifications domain
//! decides who is told (recipients' preferences, who may still read the subject, no one about
//! their own act), folds likes into one notice, stores the rows and wakes the streams. Telling
//! never fails the write that caused it: a notifier logs its own failures.
//!
//! Kinds are a registry like the audit log's: the OpenAPI document lists them as an enum and
//! the frontend's locale test fails when one has no zh or en text.

use crate::{ArticleId, GroupId, UserId};
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Declares the registry: each kind and its stable name.
macro_rules! notice_kinds {
    ($($(#[$meta:meta])* $variant:ident => $name:literal,)+) => {
        /// Every kind of notification (docs/notifications.md).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum NoticeKind {
            $($(#[$meta])* $variant,)+
        }

        impl NoticeKind {
            /// Every kind, in the registry's order.
            pub const ALL: &'static [NoticeKind] = &[$(NoticeKind::$variant,)+];

            /// Every kind's stable name, in the registry's order.
            pub const NAMES: &'static [&'static str] = &[$($name,)+];

            /// The stable name stored and sent.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(NoticeKind::$variant => $name,)+
                }
            }

            /// The kind of a stored name; `None` for a name the registry does not have.
            pub fn parse(raw: &str) -> Option<Self> {
                match raw {
                    $($name => Some(NoticeKind::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

notice_kinds! {
    /// Someone answered my post, article, comment or reply (a comment, a reply, a quote).
    Replied => "replied",
    /// Someone wrote `@me` in a post, comment, article or reply.
    Mentioned => "mentioned",
    /// Someone liked my post; folded: one notice per subject while it is unread.
    Liked => "liked",
    /// For a group's managers: someone asked to join.
    JoinRequested => "join_requested",
    /// For the requester: the join request was approved (`detail`: `approved`) or rejected.
    JoinDecided => "join_decided",
    /// My role in a group changed (`detail`: the new role).
    RoleChanged => "role_changed",
    /// I was removed from a group.
    Removed => "removed",
    /// I was banned from a group.
    Banned => "banned",
    /// A group's owner offered me the ownership.
    TransferOffered => "transfer_offered",
    /// A manager or an administrator hid or deleted what I wrote (`detail`: the reason).
    ContentRemoved => "content_removed",
    /// For a reporter: the case of what I reported was closed (`detail`: the action —
    /// `dismiss`, `hide`, `delete`, `ban` or `disable`); never who closed it.
    ReportDecided => "report_decided",
}

/// What a notice is about, and where it leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subject {
    /// A plaza post (`/plaza/post/{post}`).
    PlazaPost { post: Uuid },
    /// A comment under a plaza post.
    PlazaComment { post: Uuid, comment: Uuid },
    /// A group's article.
    Article { group: GroupId, article: ArticleId },
    /// A reply to a group's article (`#reply-{reply}` on the article's page).
    Reply {
        group: GroupId,
        article: ArticleId,
        reply: Uuid,
    },
    /// A group itself (a join request, a role, a removal, an offered ownership).
    Group { group: GroupId },
    /// A person (`/profile/{user}`): a report of them, or of their plaza image.
    Person { user: UserId },
}

impl Subject {
    /// The group the subject belongs to, if any: its privacy decides who may be told.
    pub fn group(&self) -> Option<GroupId> {
        match self {
            Subject::PlazaPost { .. } | Subject::PlazaComment { .. } | Subject::Person { .. } => {
                None
            }
            Subject::Article { group, .. }
            | Subject::Reply { group, .. }
            | Subject::Group { group } => Some(*group),
        }
    }
}

/// Who is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// These people (the author of what was answered, a group's managers, the requester …).
    Users(Vec<UserId>),
    /// Everyone named `@username` in this text who may read the subject.
    MentionedIn(String),
}

/// One thing that happened that someone should hear of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub kind: NoticeKind,
    pub to: Audience,
    /// Who did it; never told about their own act. `None` for the system.
    pub actor: Option<UserId>,
    pub subject: Subject,
    /// A short text shown with it: an excerpt of the answer, the new role, a reason.
    pub detail: Option<String>,
    pub at: DateTime<Utc>,
}

/// Tells people. Implemented by the notifications domain; a no-op [`Silent`] where nobody
/// listens (domain unit tests).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait Notifier: Send + Sync {
    /// Records `notice` for its audience and wakes their streams. Never fails the caller: an
    /// implementation logs what it could not store.
    async fn notify(&self, notice: Notice);

    /// Tells every open stream that `news` happened (nothing is stored for it).
    async fn announce(&self, news: News);
}

/// Something every open stream hears of at once, stored nowhere by the notifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum News {
    /// A plaza post was published: feeds ask again how many posts are above their head.
    PlazaPosted,
}

/// A notifier that tells nobody.
#[derive(Debug, Default, Clone, Copy)]
pub struct Silent;

#[async_trait::async_trait]
impl Notifier for Silent {
    async fn notify(&self, _notice: Notice) {}
    async fn announce(&self, _news: News) {}
}

/// A notifier whose receiver is connected after the services that tell it are built (the
/// notifications domain reads the groups' and the plaza's rules, which tell it). Until it is
/// connected it tells nobody.
#[derive(Default)]
pub struct Relay {
    to: std::sync::OnceLock<std::sync::Arc<dyn Notifier>>,
}

impl Relay {
    /// Connects the receiver; a second connection is ignored (the first one stays).
    pub fn connect(&self, to: std::sync::Arc<dyn Notifier>) {
        let _ = self.to.set(to);
    }
}

#[async_trait::async_trait]
impl Notifier for Relay {
    async fn notify(&self, notice: Notice) {
        match self.to.get() {
            Some(to) => to.notify(notice).await,
            None => tracing::warn!(
                kind = notice.kind.as_str(),
                "a notice before notifications were connected"
            ),
        }
    }
    async fn announce(&self, news: News) {
        if let Some(to) = self.to.get() {
            to.announce(news).await;
        }
    }
}

/// The usernames written as `@name` in `text`, each once, in order of first appearance.
///
/// A name is what a username may hold (ASCII letters, digits, `_`, `-`; accounts' `Username`),
/// folded to lower case; it starts after a character no name holds and ends at the first one a
/// name may not hold. An e-mail address (`a@b.c`) is no mention. At most [`MAX_MENTIONS`]
/// names are taken from one text.
pub fn mentioned_usernames(text: &str) -> Vec<String> {
    fn is_name_char(c: char) -> bool {
        c.is_ascii_alphanumeric() || matches!(c, '_' | '-')
    }
    let mut names: Vec<String> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '@' && (i == 0 || !(is_name_char(chars[i - 1]) || chars[i - 1] == '.')) {
            let start = i + 1;
            let mut end = start;
            while end < chars.len() && is_name_char(chars[end]) {
                end += 1;
            }
            let name: String = chars[start..end]
                .iter()
                .collect::<String>()
                .to_ascii_lowercase();
            if !name.is_empty() && !names.contains(&name) {
                names.push(name);
                if names.len() == MAX_MENTIONS {
                    break;
                }
            }
            i = end;
        } else {
            i += 1;
        }
    }
    names
}

/// The most people one text can mention (more are not told: a list of names is no message).
pub const MAX_MENTIONS: usize = 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_are_names_after_an_at_sign_once_each() {
        assert_eq!(
            mentioned_usernames("hi @alice and @bob_2, also @Alice again. @carol."),
            vec!["alice", "bob_2", "carol"]
        );
    }

    #[test]
    fn an_email_address_or_a_bare_at_sign_is_no_mention() {
        assert!(mentioned_usernames("write to a@example.com or @ nobody").is_empty());
    }

    #[test]
    fn mentions_follow_chinese_text_and_punctuation() {
        assert_eq!(
            mentioned_usernames("谢谢@li_lei，还有（@han-mei）"),
            vec!["li_lei", "han-mei"]
        );
    }

    #[test]
    fn one_text_mentions_at_most_the_cap() {
        let text: String = (0..30).map(|i| format!("@user{i} ")).collect();
        let names = mentioned_usernames(&text);
        assert_eq!(names.len(), MAX_MENTIONS);
        assert_eq!(names[0], "user0");
    }

    #[test]
    fn every_kind_round_trips_through_its_name() {
        for kind in NoticeKind::ALL {
            assert_eq!(NoticeKind::parse(kind.as_str()), Some(*kind));
        }
        assert_eq!(NoticeKind::parse("nonsense"), None);
    }
}
