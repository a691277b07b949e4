//! What the groups tell the notifications domain, and what it asks back: whether someone may
//! still read what a notice is about (a notice never shows content its recipient can no longer
//! read) and whether they may read a group (to complete a mention).

use super::GroupsService;
use crate::error::GroupsError;
use crate::model::{ArticleStatus, ReplyId};
use kernel::{ArticleId, GroupId, UserId};

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
        if !self.article_readable(viewer, group, article).await? {
            return Ok(false);
        }
        Ok(self
            .ports
            .replies
            .find(reply)
            .await?
            .is_some_and(|r| r.article == article && r.deleted_at.is_none()))
    }
}
