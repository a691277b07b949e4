//! Replies to articles (Douban's 回应): whoever may read a published article may read its
//! replies; its group's active members may reply, quoting another reply of it (one level);
//! authors delete their own, the group's managers any (audited); the article's author (and the
//! managers, who may edit it) lock and unlock its replies. A private group's replies are its
//! active members', in every answer: every use case here starts from the article as the viewer
//! may see it (`visible_article`), so the article's own rule is the replies' rule. Where a
//! block stands between two people, neither may reply to the other's article, quote the
//! other's reply or mention the other (`Blocked`); the list leaves out the replies of those the
//! viewer blocked or muted, and of those who blocked the viewer.

use super::articles::may_edit;
use super::notices::{new_mentions, users};
use super::{GroupView, GroupsService};
use crate::error::GroupsError;
use crate::model::{
    Article, ArticleStatus, MemberState, NewReply, Quote, Reply, ReplyBody, ReplyEdit, ReplyId,
    ReplyThread, ReplyVersion, WithReplies, notice_excerpt, parse_reason,
};
use kernel::notice::{Audience, NoticeKind, Subject};
use kernel::{ArticleId, AuditAction, GroupId, Page, PageRequest, UserId};

/// An active member may write; a banned one is told so, anyone else is not allowed.
fn may_write(view: &GroupView) -> Result<(), GroupsError> {
    if view.active_role().is_some() {
        return Ok(());
    }
    let banned = view
        .membership
        .as_ref()
        .is_some_and(|m| m.state == MemberState::Banned);
    Err(if banned {
        GroupsError::Banned
    } else {
        GroupsError::NotAllowed
    })
}

fn reply_subject(article: &Article, reply: ReplyId) -> Subject {
    Subject::Reply {
        group: article.group,
        article: article.id,
        reply: reply.0,
    }
}

/// A reply and its earlier versions, as its author and the group's managers see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyHistory {
    pub reply: Reply,
    /// Newest first; empty for a reply never edited.
    pub versions: Vec<ReplyVersion>,
}

impl GroupsService {
    /// The article an image is uploaded for, so the image goes when the article goes: in its
    /// editor (its author, the group's managers), or in a reply to it — any active member while
    /// it is published and its replies are open, as [`Self::reply`] asks.
    ///
    /// # Errors
    /// `NotFound` (no such article in the group, or a draft the actor may not edit), `Banned`,
    /// `NotAllowed`, `RepliesLocked`, `Unexpected`.
    pub(super) async fn article_for_images(
        &self,
        view: &GroupView,
        actor: UserId,
        article: ArticleId,
    ) -> Result<Article, GroupsError> {
        let article = self.article_of(view.group.id, article).await?;
        if may_edit(view, Some(actor), &article) {
            return Ok(article);
        }
        if article.status != ArticleStatus::Published {
            return Err(GroupsError::NotFound);
        }
        may_write(view)?;
        if article.replies.locked {
            return Err(GroupsError::RepliesLocked);
        }
        Ok(article)
    }

    /// Replies to a published article the actor may read, as an active member of its group,
    /// unless its replies are locked; with `quote`, quoting another (not deleted) reply of the
    /// same article — its own id only, so a quote of a quote shows one level. Limited per
    /// person ([`super::GroupsPolicy::reply_rate`]).
    ///
    /// # Errors
    /// `InvalidReply`, `NotFound`, `MembersOnly`, `Banned` (a banned person of a public group),
    /// `NotAllowed` (not a member), `ArticleNotPublished`, `RepliesLocked`, `ReplyNotFound` (the
    /// quoted reply), `Blocked` (a block stands between the actor and the article's author, the
    /// quoted reply's author or someone the reply mentions), `RateLimited`, `Unexpected`.
    #[tracing::instrument(skip(self, body))]
    pub async fn reply(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        body: &str,
        quote: Option<ReplyId>,
    ) -> Result<Reply, GroupsError> {
        let body = ReplyBody::parse(body)?;
        let (view, article) = self.visible_article(Some(actor), id, article).await?;
        may_write(&view)?;
        let held = self.screen_writing(&[("body", body.as_str())])?;
        if article.status != ArticleStatus::Published {
            return Err(GroupsError::ArticleNotPublished);
        }
        if article.replies.locked {
            return Err(GroupsError::RepliesLocked);
        }
        self.refuse_blocked(actor, article.author.id).await?;
        let quote = match quote {
            Some(q) => {
                let quoted = self.live_reply(article.id, q).await?;
                // What only its author reads cannot be quoted by anyone else.
                if quoted.withheld.is_some() && quoted.author.id != actor {
                    return Err(GroupsError::ReplyNotFound);
                }
                self.refuse_blocked(actor, quoted.author.id).await?;
                Some(quoted.id)
            }
            None => None,
        };
        self.refuse_blocked_mentions(actor, body.as_str()).await?;
        self.limit(format!("groups:replies:{actor}"), self.policy.reply_rate)
            .await?;
        let reply = NewReply {
            id: ReplyId::new_random(),
            article: article.id,
            author: actor,
            body,
            quote,
            created_at: self.ports.clock.now(),
            held,
        };
        self.ports.replies.insert(&reply).await?;
        // The stored reply, with its author and quote as the repository shows them.
        let stored = self
            .ports
            .replies
            .find(reply.id)
            .await?
            .ok_or(GroupsError::ReplyNotFound)?;
        // A held reply is its author's alone until it is reviewed: nobody hears of it.
        if stored.withheld.is_none() {
            self.tell_of_reply(&article, &stored).await;
        }
        Ok(stored)
    }

    /// A new reply: `Replied` to the article's author and the quoted reply's author (once
    /// each), and `Mentioned` to those it names.
    async fn tell_of_reply(&self, article: &Article, reply: &Reply) {
        let actor = reply.author.id;
        let subject = reply_subject(article, reply.id);
        let quoted = match &reply.quote {
            Some(Quote::Shown { author, .. }) => Some(author.id),
            _ => None,
        };
        let answered = users(std::iter::once(article.author.id).chain(quoted));
        let excerpt = Some(notice_excerpt(&reply.body));
        self.tell(
            NoticeKind::Replied,
            answered,
            actor,
            subject,
            excerpt.clone(),
        )
        .await;
        self.tell(
            NoticeKind::Mentioned,
            Audience::MentionedIn(reply.body.clone()),
            actor,
            subject,
            excerpt,
        )
        .await;
    }

    /// A reply of `article` that is not deleted; else `ReplyNotFound`.
    pub(super) async fn live_reply(
        &self,
        article: ArticleId,
        reply: ReplyId,
    ) -> Result<Reply, GroupsError> {
        self.ports
            .replies
            .find(reply)
            .await?
            .filter(|r| r.article == article && r.deleted_at.is_none())
            .ok_or(GroupsError::ReplyNotFound)
    }

    /// The article's replies, oldest first (newest last), for whoever may read the article,
    /// with its thread (the count and the lock); without those by people the viewer blocked or
    /// muted, or who blocked the viewer.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `Unexpected`.
    pub async fn replies(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
        article: ArticleId,
        page: PageRequest,
    ) -> Result<WithReplies<Page<Reply>>, GroupsError> {
        let (_, article) = self.visible_article(viewer, id, article).await?;
        let item = self
            .ports
            .replies
            .of_article(article.id, viewer, page)
            .await?;
        Ok(WithReplies {
            item,
            replies: article.replies,
        })
    }

    /// Deletes a reply: the author their own, the group's managers any (audited when it is not
    /// their own, and its author told, with `reason` when given). A deleted reply leaves every
    /// list; a reply quoting it shows it as deleted.
    ///
    /// # Errors
    /// `InvalidMessage` (the reason), `NotFound`, `MembersOnly`, `ReplyNotFound`, `NotAllowed`,
    /// `Unexpected`.
    pub async fn delete_reply(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        reply: ReplyId,
        reason: Option<&str>,
    ) -> Result<(), GroupsError> {
        let reason = parse_reason(reason)?;
        let (view, article) = self.visible_article(Some(actor), id, article).await?;
        let reply = self.live_reply(article.id, reply).await?;
        if reply.author.id != actor && !view.manages() {
            return Err(GroupsError::NotAllowed);
        }
        self.remove_reply(actor, &article, &reply, reason).await
    }

    /// Deletes `reply` of `article` as `actor` (its author, a manager, a site administrator):
    /// moderation when it is not their own, audited and its author told.
    pub(super) async fn remove_reply(
        &self,
        actor: UserId,
        article: &Article,
        reply: &Reply,
        reason: Option<String>,
    ) -> Result<(), GroupsError> {
        let id = article.group;
        let own = reply.author.id == actor;
        if !self
            .ports
            .replies
            .delete(reply.id, self.ports.clock.now())
            .await?
        {
            return Err(GroupsError::ReplyNotFound);
        }
        if !own {
            self.audit(
                AuditAction::GroupReplyDeleted,
                actor,
                id,
                reply.id.to_string(),
                Some(format!(
                    "article {}; author {}",
                    article.id, reply.author.id
                )),
            )
            .await;
            self.tell(
                NoticeKind::ContentRemoved,
                users([reply.author.id]),
                actor,
                reply_subject(article, reply.id),
                reason,
            )
            .await;
        }
        Ok(())
    }

    /// Edits the actor's own reply from `version` (the one their editor loaded):
    /// [`ReplyEdit::Saved`] with the new version, the replaced body kept as an earlier
    /// version; [`ReplyEdit::Conflict`] with the reply as it is when it was edited since —
    /// nothing written, an answer as a stale article save is. Only while they may reply there:
    /// an active member, the article published and its replies not locked. Limited per person
    /// ([`super::GroupsPolicy::reply_edit_rate`]). Names newly mentioned are told.
    ///
    /// # Errors
    /// `InvalidReply`, `NotFound`, `MembersOnly`, `ReplyNotFound`, `NotAllowed` (another's
    /// reply, not a member), `Banned`, `ArticleNotPublished`, `RepliesLocked`, `Blocked` (it
    /// newly mentions someone a block stands between the actor and), `RateLimited`,
    /// `Unexpected`.
    #[tracing::instrument(skip(self, body))]
    pub async fn edit_reply(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        reply: ReplyId,
        body: &str,
        version: i64,
    ) -> Result<ReplyEdit, GroupsError> {
        let body = ReplyBody::parse(body)?;
        let (view, article) = self.visible_article(Some(actor), id, article).await?;
        let current = self.live_reply(article.id, reply).await?;
        if current.author.id != actor {
            return Err(GroupsError::NotAllowed);
        }
        may_write(&view)?;
        if article.status != ArticleStatus::Published {
            return Err(GroupsError::ArticleNotPublished);
        }
        if article.replies.locked {
            return Err(GroupsError::RepliesLocked);
        }
        let held = self.screen_writing(&[("body", body.as_str())])?;
        if let Some(names) = new_mentions(&current.body, body.as_str()) {
            self.refuse_blocked_mentions(actor, &names).await?;
        }
        self.limit(
            format!("groups:replies:edit:{actor}"),
            self.policy.reply_edit_rate,
        )
        .await?;
        let edit = self
            .ports
            .replies
            .edit(current.id, &body, version, self.ports.clock.now(), held)
            .await?
            .ok_or(GroupsError::ReplyNotFound)?;
        if let ReplyEdit::Saved(saved) = &edit
            && saved.withheld.is_none()
            && let Some(names) = new_mentions(&current.body, &saved.body)
        {
            self.tell(
                NoticeKind::Mentioned,
                Audience::MentionedIn(names),
                actor,
                reply_subject(&article, saved.id),
                Some(notice_excerpt(&saved.body)),
            )
            .await;
        }
        Ok(edit)
    }

    /// A reply with its earlier versions, for its author and the group's managers while they
    /// may read the article.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `ReplyNotFound` (none, or deleted), `NotAllowed`,
    /// `Unexpected`.
    pub async fn reply_versions(
        &self,
        viewer: UserId,
        id: GroupId,
        article: ArticleId,
        reply: ReplyId,
    ) -> Result<ReplyHistory, GroupsError> {
        let (view, article) = self.visible_article(Some(viewer), id, article).await?;
        let reply = self.live_reply(article.id, reply).await?;
        if reply.author.id != viewer && !view.manages() {
            return Err(GroupsError::NotAllowed);
        }
        let versions = self.ports.replies.versions(reply.id).await?;
        Ok(ReplyHistory { reply, versions })
    }

    /// Locks (no new replies) or unlocks an article's replies: its author while an active
    /// member, and the group's managers (who may edit it).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn lock_replies(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        locked: bool,
    ) -> Result<ReplyThread, GroupsError> {
        let (view, article) = self.visible_article(Some(actor), id, article).await?;
        if !may_edit(&view, Some(actor), &article) {
            return Err(GroupsError::NotAllowed);
        }
        if !self.ports.replies.set_locked(article.id, locked).await? {
            return Err(GroupsError::NotFound);
        }
        Ok(ReplyThread {
            locked,
            ..article.replies
        })
    }
}
