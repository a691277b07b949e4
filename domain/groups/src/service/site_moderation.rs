//! A site administrator's acts in a group they may not manage: the moderation queue's case of a
//! group's content that its managers left open for 48 hours reaches the administrators
//! (docs/moderation.md, "Routing"), who may then delete the content or ban its author as the
//! group's managers could. Audited and told exactly as the managers' own acts.

use super::GroupsService;
use crate::error::GroupsError;
use crate::model::{MemberRole, ReplyId, parse_reason};
use kernel::{ArticleId, GroupId, MediaId, UserId};
use media::MediaKind;

/// What a site administrator does in a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteAct {
    DeleteArticle(ArticleId),
    DeleteReply {
        article: ArticleId,
        reply: ReplyId,
    },
    DeleteImage(MediaId),
    /// Bans a member or a requester (never the owner).
    Ban(UserId),
}

impl GroupsService {
    /// Carries `act` out in group `id` as the site administrator `admin`, telling the author
    /// `reason` with a deletion. Whether `admin` is one was decided where they were identified
    /// (a session, or a token within its admin scopes); this use case takes it as given.
    /// Something already gone is `NotFound` (`ReplyNotFound`).
    ///
    /// # Errors
    /// `InvalidMessage` (the reason), `NotFound`, `ReplyNotFound`, `OwnerUntouchable`,
    /// `Unexpected`.
    pub async fn act_as_site_admin(
        &self,
        admin: UserId,
        id: GroupId,
        act: SiteAct,
        reason: Option<&str>,
    ) -> Result<(), GroupsError> {
        let reason = parse_reason(reason)?;
        match act {
            SiteAct::DeleteArticle(article) => {
                let current = self.article_of(id, article).await?;
                self.remove_article(admin, &current, reason).await
            }
            SiteAct::DeleteReply { article, reply } => {
                let article = self.article_of(id, article).await?;
                let reply = self.live_reply(article.id, reply).await?;
                self.remove_reply(admin, &article, &reply, reason).await
            }
            SiteAct::DeleteImage(media) => {
                let media = self
                    .media
                    .find(media)
                    .await?
                    .filter(|m| m.group == Some(id) && m.kind == MediaKind::Gallery)
                    .ok_or(GroupsError::NotFound)?;
                Ok(self.media.delete(&media).await?)
            }
            SiteAct::Ban(target) => {
                let (_, membership) = self
                    .ports
                    .groups
                    .find(id, Some(target))
                    .await?
                    .ok_or(GroupsError::NotFound)?;
                if membership.is_some_and(|m| m.role == MemberRole::Owner) {
                    return Err(GroupsError::OwnerUntouchable);
                }
                self.ban_member(admin, id, target).await
            }
        }
    }
}
