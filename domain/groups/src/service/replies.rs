//! Replies to articles (Douban's 回应): whoever may read a published article may read its
//! replies; its group's active members may reply, quoting another reply of it (one level);
//! authors delete their own, the group's managers any (audited); the article's author (and the
//! managers, who may edit it) lock and unlock its replies. A private group's replies are its
//! active members', in every answer: every use case here starts from the article as the viewer
//! may see it (`visible_article`), so the article's own rule is the replies' rule.

use super::GroupsService;
use super::articles::may_edit;
use crate::error::GroupsError;
use crate::model::{
    ArticleStatus, MemberState, NewReply, Reply, ReplyBody, ReplyId, ReplyThread, WithReplies,
};
use kernel::{ArticleId, AuditAction, GroupId, Page, PageRequest, UserId};
use std::collections::HashMap;

impl GroupsService {
    /// The reply threads of `items`' articles (each a default thread when its article is gone).
    pub(super) async fn with_replies<T>(
        &self,
        items: Vec<T>,
        article: impl Fn(&T) -> ArticleId,
    ) -> Result<Vec<WithReplies<T>>, GroupsError> {
        if items.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<ArticleId> = items.iter().map(&article).collect();
        let threads: HashMap<ArticleId, ReplyThread> = self
            .ports
            .replies
            .threads(&ids)
            .await?
            .into_iter()
            .collect();
        Ok(items
            .into_iter()
            .map(|item| {
                let replies = threads.get(&article(&item)).copied().unwrap_or_default();
                WithReplies { item, replies }
            })
            .collect())
    }

    /// One article's reply thread.
    pub(super) async fn thread(&self, article: ArticleId) -> Result<ReplyThread, GroupsError> {
        Ok(self
            .ports
            .replies
            .threads(&[article])
            .await?
            .into_iter()
            .find(|(id, _)| *id == article)
            .map(|(_, t)| t)
            .unwrap_or_default())
    }

    /// A page of `page` with each item's reply thread.
    pub(super) async fn page_with_replies<T>(
        &self,
        page: Page<T>,
        article: impl Fn(&T) -> ArticleId,
    ) -> Result<Page<WithReplies<T>>, GroupsError> {
        Ok(Page {
            items: self.with_replies(page.items, article).await?,
            next: page.next,
        })
    }

    /// Replies to a published article the actor may read, as an active member of its group,
    /// unless its replies are locked; with `quote`, quoting another (not deleted) reply of the
    /// same article — its own id only, so a quote of a quote shows one level. Limited per
    /// person ([`super::GroupsPolicy::reply_rate`]).
    ///
    /// # Errors
    /// `InvalidReply`, `NotFound`, `MembersOnly`, `Banned` (a banned person of a public group),
    /// `NotAllowed` (not a member), `ArticleNotPublished`, `RepliesLocked`, `ReplyNotFound` (the
    /// quoted reply), `RateLimited`, `Unexpected`.
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
        if view.active_role().is_none() {
            let banned = view
                .membership
                .as_ref()
                .is_some_and(|m| m.state == MemberState::Banned);
            return Err(if banned {
                GroupsError::Banned
            } else {
                GroupsError::NotAllowed
            });
        }
        if article.status != ArticleStatus::Published {
            return Err(GroupsError::ArticleNotPublished);
        }
        if self.thread(article.id).await?.locked {
            return Err(GroupsError::RepliesLocked);
        }
        self.limit(format!("groups:replies:{actor}"), self.policy.reply_rate)
            .await?;
        let quote = match quote {
            Some(q) => Some(self.live_reply(article.id, q).await?.id),
            None => None,
        };
        let reply = NewReply {
            id: ReplyId::new_random(),
            article: article.id,
            author: actor,
            body,
            quote,
            created_at: self.ports.clock.now(),
        };
        self.ports.replies.insert(&reply).await?;
        // The stored reply, with its author and quote as the repository shows them.
        self.ports
            .replies
            .find(reply.id)
            .await?
            .ok_or(GroupsError::ReplyNotFound)
    }

    /// A reply of `article` that is not deleted; else `ReplyNotFound`.
    async fn live_reply(&self, article: ArticleId, reply: ReplyId) -> Result<Reply, GroupsError> {
        self.ports
            .replies
            .find(reply)
            .await?
            .filter(|r| r.article == article && r.deleted_at.is_none())
            .ok_or(GroupsError::ReplyNotFound)
    }

    /// The article's replies, oldest first (newest last), for whoever may read the article,
    /// with its thread (the count and the lock).
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
        let item = self.ports.replies.of_article(article.id, page).await?;
        let replies = self.thread(article.id).await?;
        Ok(WithReplies { item, replies })
    }

    /// Deletes a reply: the author their own, the group's managers any (audited when it is not
    /// their own). A deleted reply leaves every list; a reply quoting it shows it as deleted.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `ReplyNotFound`, `NotAllowed`, `Unexpected`.
    pub async fn delete_reply(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        reply: ReplyId,
    ) -> Result<(), GroupsError> {
        let (view, article) = self.visible_article(Some(actor), id, article).await?;
        let reply = self.live_reply(article.id, reply).await?;
        let own = reply.author.id == actor;
        if !own && !view.manages() {
            return Err(GroupsError::NotAllowed);
        }
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
        }
        Ok(())
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
        self.thread(article.id).await
    }
}
