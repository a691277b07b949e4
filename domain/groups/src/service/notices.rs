//! What the groups tell the notifications domain, and what it asks back: whether someone may
//! still read what a notice is about (a notice never shows content its recipient can no longer
//! read) and whether they may read a group (to complete a mention); many subjects at once are
//! `readable.rs`'s.

use super::GroupsService;
use crate::error::GroupsError;
use crate::model::{Article, ArticleStatus, JoinRequest, Reply, ReplyId, notice_excerpt};
use kernel::notice::{Audience, Notice, NoticeKind, Subject, mentioned_usernames};
use kernel::{ArticleId, GroupId, UserId};

/// These people, each once, in the order given.
pub(super) fn users(people: impl IntoIterator<Item = UserId>) -> Audience {
    let mut once: Vec<UserId> = Vec::new();
    for p in people {
        if !once.contains(&p) {
            once.push(p);
        }
    }
    Audience::Users(once)
}

/// The names `@`-mentioned in `new` that `old` did not mention, as a text of mentions for
/// [`Audience::MentionedIn`]; `None` when there is no new one (an edit tells only those).
pub(super) fn new_mentions(old: &str, new: &str) -> Option<String> {
    let before = mentioned_usernames(old);
    let added: Vec<String> = mentioned_usernames(new)
        .into_iter()
        .filter(|n| !before.contains(n))
        .map(|n| format!("@{n}"))
        .collect();
    (!added.is_empty()).then(|| added.join(" "))
}

/// `Ok(false)` for the refusals that mean "not for this viewer"; other errors stay errors.
fn refused_is_false(result: Result<bool, GroupsError>) -> Result<bool, GroupsError> {
    match result {
        Err(GroupsError::NotFound | GroupsError::MembersOnly | GroupsError::ReplyNotFound) => {
            Ok(false)
        }
        other => other,
    }
}

impl GroupsService {
    /// Tells the notifications domain what `actor` did, after the write is stored; telling
    /// never fails the write (the notifier logs its own failures).
    pub(super) async fn tell(
        &self,
        kind: NoticeKind,
        to: Audience,
        actor: UserId,
        subject: Subject,
        detail: Option<String>,
    ) {
        if matches!(&to, Audience::Users(people) if people.is_empty()) {
            return;
        }
        self.ports
            .notifier
            .notify(Notice {
                kind,
                to,
                actor: Some(actor),
                subject,
                detail,
                at: self.ports.clock.now(),
            })
            .await;
    }

    /// A new join request: `JoinRequested` to the group's owner and admins (who decide it),
    /// with an excerpt of its message. A failure to find them is logged, never the request's.
    pub(super) async fn tell_of_request(&self, request: &JoinRequest) {
        let group = request.group;
        let managers = match self.ports.groups.managers(group).await {
            Ok(m) => m,
            Err(e) => {
                tracing::warn!(error = %e, %group, "the managers to tell of a join request");
                return;
            }
        };
        let excerpt = Some(request.message.as_str())
            .filter(|m| !m.is_empty())
            .map(notice_excerpt);
        self.tell(
            NoticeKind::JoinRequested,
            users(managers),
            request.person.id,
            Subject::Group { group },
            excerpt,
        )
        .await;
    }

    /// Whether the group exists.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn group_exists(&self, group: GroupId) -> Result<bool, GroupsError> {
        Ok(self.ports.groups.find(group, None).await?.is_some())
    }

    /// Whether `viewer` may read the group's content now: a public group, or one they are an
    /// active member of ([`super::readable`]); `false` for a group that is gone.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn may_read_group(
        &self,
        viewer: UserId,
        group: GroupId,
    ) -> Result<bool, GroupsError> {
        refused_is_false(self.view(Some(viewer), group).await.map(|v| v.can_read))
    }

    /// Whether `viewer` may read the article now: they may read its group, and it is
    /// published (a draft is no notice's subject, even for its author).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn article_readable(
        &self,
        viewer: Option<UserId>,
        group: GroupId,
        article: ArticleId,
    ) -> Result<bool, GroupsError> {
        refused_is_false(
            self.visible_article(viewer, group, article)
                .await
                .map(|(_, a)| a.status == ArticleStatus::Published),
        )
    }

    /// Whether `viewer` may read the reply now: [`GroupsService::article_readable`], and the
    /// reply is the article's and not deleted.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn reply_readable(
        &self,
        viewer: Option<UserId>,
        group: GroupId,
        article: ArticleId,
        reply: ReplyId,
    ) -> Result<bool, GroupsError> {
        let found = match self.visible_article(viewer, group, article).await {
            Ok((_, found)) => found,
            Err(GroupsError::NotFound | GroupsError::MembersOnly | GroupsError::ReplyNotFound) => {
                return Ok(false);
            }
            Err(e) => return Err(e),
        };
        Ok(self
            .ports
            .replies
            .find(reply)
            .await?
            .is_some_and(|r| reply_shown(&found, &r)))
    }
}

/// The reply's own rule, once its article is visible to the viewer: the article is published
/// (a draft is no notice's subject, even for its author), the reply is the article's and not
/// deleted. Asked by [`GroupsService::reply_readable`] and [`GroupsService::readable_among`].
pub(super) fn reply_shown(article: &Article, reply: &Reply) -> bool {
    article.status == ArticleStatus::Published
        && reply.article == article.id
        && reply.deleted_at.is_none()
}
