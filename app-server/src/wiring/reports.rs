//! Reports and the moderation queue over the database (docs/moderation.md, "Reports"), and the
//! enforcer that carries a moderator's action out through the use cases that own the content:
//! the plaza's and the groups' deletions (each tells the author why, and audits), the groups'
//! ban, the accounts' disabling, the media administration's deletion.

use super::Wiring;
use accounts::moderation::{ModerationService, Moderator as AccountsModerator};
use async_trait::async_trait;
use groups::GroupsService;
use groups::model::ReplyId;
use groups::service::SiteAct;
use kernel::{ArticleId, GroupId, MediaId, Role, UserId};
use media::MediaAdminService;
use media::service::admin::AdminAction;
use plaza::PlazaService;
use plaza::model::{CommentId, PostId};
use plaza::service::Actor;
use reports::model::Case;
use reports::model::Moderator;
use reports::ports::Enforcer;
use reports::{ReportsError, ReportsPorts, ReportsService, SubjectKind};
use std::sync::Arc;

/// Provides [`ReportsService`].
///
/// # Errors
/// Never: reports need the database and the services wired before them.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let enforcer = ServicesEnforcer {
        plaza: w.service::<PlazaService>()?,
        groups: w.service::<GroupsService>()?,
        accounts: w.service::<ModerationService>()?,
        media: w.service::<MediaAdminService>()?,
    };
    w.provide(Arc::new(ReportsService::new(ReportsPorts {
        cases: Arc::new(w.db.report_cases()),
        subjects: Arc::new(w.db.report_subjects()),
        managers: Arc::new(w.db.group_managers()),
        enforcer: Arc::new(enforcer),
        limiter: Arc::new(w.db.rate_limiter()),
        audit: Arc::new(w.db.audit_log()),
        clock: w.clock.clone(),
        notifier: w.service::<kernel::notice::Relay>()?,
    })));
    Ok(())
}

/// [`Enforcer`] through the services that own the content.
struct ServicesEnforcer {
    plaza: Arc<PlazaService>,
    groups: Arc<GroupsService>,
    accounts: Arc<ModerationService>,
    media: Arc<MediaAdminService>,
}

/// A refusal of the owning use case is the moderator's (`NotAllowed`); anything else is
/// unexpected.
fn refused(allowed: bool, e: impl std::fmt::Display) -> ReportsError {
    if allowed {
        ReportsError::Unexpected(anyhow::anyhow!("{e}"))
    } else {
        ReportsError::NotAllowed
    }
}

fn group_of(case: &Case) -> Result<GroupId, ReportsError> {
    case.group.ok_or(ReportsError::ActionNotApplicable)
}

#[async_trait]
impl Enforcer for ServicesEnforcer {
    async fn delete(
        &self,
        case: &Case,
        by: &Moderator,
        reason: Option<String>,
    ) -> Result<(), ReportsError> {
        use groups::GroupsError as G;
        use plaza::PlazaError as P;
        let reason = reason.as_deref();
        let actor = Actor {
            id: by.user,
            role: if by.admin { Role::Admin } else { Role::User },
            ip: by.ip.clone(),
        };
        let id = case.subject.id;
        let plaza = |r: Result<(), P>| match r {
            // Gone already (its author deleted it): nothing is left to do.
            Ok(()) | Err(P::NotFound) => Ok(()),
            Err(e @ (P::NotAllowed | P::InvalidReason)) => Err(refused(false, e)),
            Err(e) => Err(refused(true, e)),
        };
        let groups = |r: Result<(), G>| match r {
            Ok(()) | Err(G::NotFound | G::ReplyNotFound) => Ok(()),
            Err(e @ (G::NotAllowed | G::MembersOnly | G::InvalidMessage)) => Err(refused(false, e)),
            Err(e) => Err(refused(true, e)),
        };
        match case.subject.kind {
            SubjectKind::Post => plaza(self.plaza.delete(&actor, PostId(id), reason).await),
            SubjectKind::Comment => plaza(
                self.plaza
                    .delete_comment(&actor, CommentId(id), reason)
                    .await,
            ),
            // An administrator acts in a group's case (one its managers left open) as the site's,
            // a manager as the group's.
            SubjectKind::Article if by.admin => groups(
                self.groups
                    .act_as_site_admin(
                        by.user,
                        group_of(case)?,
                        SiteAct::DeleteArticle(ArticleId(id)),
                        reason,
                    )
                    .await,
            ),
            SubjectKind::Article => groups(
                self.groups
                    .delete_article(by.user, group_of(case)?, ArticleId(id), reason)
                    .await,
            ),
            SubjectKind::Reply => {
                let article = ArticleId(case.parent.ok_or(ReportsError::ActionNotApplicable)?);
                let group = group_of(case)?;
                let reply = ReplyId(id);
                groups(if by.admin {
                    self.groups
                        .act_as_site_admin(
                            by.user,
                            group,
                            SiteAct::DeleteReply { article, reply },
                            reason,
                        )
                        .await
                } else {
                    self.groups
                        .delete_reply(by.user, group, article, reply, reason)
                        .await
                })
            }
            SubjectKind::Image => match case.group {
                Some(group) if by.admin => groups(
                    self.groups
                        .act_as_site_admin(by.user, group, SiteAct::DeleteImage(MediaId(id)), None)
                        .await,
                ),
                Some(group) => groups(self.groups.delete_image(by.user, group, MediaId(id)).await),
                None if by.admin => {
                    let admin = AdminAction {
                        admin: by.user,
                        ip: by.ip.clone(),
                    };
                    match self.media.delete(&admin, MediaId(id)).await {
                        Ok(()) | Err(media::MediaError::NotFound) => Ok(()),
                        Err(e) => Err(refused(true, e)),
                    }
                }
                None => Err(ReportsError::NotAllowed),
            },
            SubjectKind::Group | SubjectKind::Person => Err(ReportsError::ActionNotApplicable),
        }
    }

    async fn ban(&self, group: GroupId, user: UserId, by: &Moderator) -> Result<(), ReportsError> {
        use groups::GroupsError as G;
        let banned = if by.admin {
            self.groups
                .act_as_site_admin(by.user, group, SiteAct::Ban(user), None)
                .await
        } else {
            self.groups.ban(by.user, group, user).await
        };
        match banned {
            Ok(()) => Ok(()),
            Err(e @ (G::NotAllowed | G::MembersOnly | G::OwnerUntouchable | G::NotFound)) => {
                Err(refused(false, e))
            }
            Err(e) => Err(refused(true, e)),
        }
    }

    async fn disable(&self, user: UserId, by: &Moderator) -> Result<(), ReportsError> {
        use accounts::AccountsError as A;
        let moderator = AccountsModerator {
            id: by.user,
            role: if by.admin { Role::Admin } else { Role::User },
            ip: by.ip.clone(),
        };
        match self.accounts.disable(&moderator, user).await {
            Ok(_) => Ok(()),
            Err(e @ (A::AdminOnly | A::CannotDisableSelf | A::UserNotFound)) => {
                Err(refused(false, e))
            }
            Err(e) => Err(refused(true, e)),
        }
    }
}
