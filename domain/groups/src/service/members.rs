//! Members, bans and requests: who may manage whom.

use super::notices::users;
use super::{GroupView, GroupsService};
use crate::error::GroupsError;
use crate::model::{Decision, JoinRequest, JoinRequestId, Member, MemberRole, parse_reason};
use kernel::notice::{NoticeKind, Subject};
use kernel::{AuditAction, GroupId, Page, PageRequest, UserId};

impl GroupsService {
    /// Active members, first joined first.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `Unexpected`.
    pub async fn members(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
        page: PageRequest,
    ) -> Result<Page<Member>, GroupsError> {
        self.readable_view(viewer, id).await?;
        self.ports.groups.members(id, page).await
    }

    /// Banned people (owner or admin).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn banned(
        &self,
        actor: UserId,
        id: GroupId,
        page: PageRequest,
    ) -> Result<Page<Member>, GroupsError> {
        self.managed_view(actor, id).await?;
        self.ports.groups.banned(id, page).await
    }

    /// Requests to join (owner or admin): the pending ones, or the whole history.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn requests(
        &self,
        actor: UserId,
        id: GroupId,
        pending_only: bool,
        page: PageRequest,
    ) -> Result<Page<JoinRequest>, GroupsError> {
        self.managed_view(actor, id).await?;
        self.ports.groups.requests(id, pending_only, page).await
    }

    /// Approves a request with a role, or rejects it with an optional reason. Admins approve as
    /// members; only the owner approves as admin. Decided once, however many managers click.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `RequestDecided`, `InvalidMessage`, `Unexpected`.
    pub async fn decide(
        &self,
        actor: UserId,
        id: GroupId,
        request: JoinRequestId,
        decision: Decision,
    ) -> Result<JoinRequest, GroupsError> {
        let view = self.managed_view(actor, id).await?;
        let decision = match decision {
            Decision::Approve(MemberRole::Owner) => return Err(GroupsError::NotAllowed),
            Decision::Approve(MemberRole::Admin)
                if view.active_role() != Some(MemberRole::Owner) =>
            {
                return Err(GroupsError::NotAllowed);
            }
            Decision::Approve(role) => Decision::Approve(role),
            Decision::Reject(reason) => Decision::Reject(parse_reason(reason.as_deref())?),
        };
        let found = self
            .ports
            .groups
            .find_request(request)
            .await?
            .filter(|r| r.group == id)
            .ok_or(GroupsError::NotFound)?;
        let decided = self
            .ports
            .groups
            .decide(found.id, &decision, actor, self.ports.clock.now())
            .await?
            .ok_or(GroupsError::RequestDecided)?;
        let (action, detail) = match &decision {
            Decision::Approve(role) => (
                AuditAction::GroupRequestApproved,
                format!("role {}", role.as_str()),
            ),
            Decision::Reject(_) => (
                AuditAction::GroupRequestRejected,
                format!("request {}", decided.id),
            ),
        };
        self.audit(
            action,
            actor,
            id,
            decided.person.id.to_string(),
            Some(detail),
        )
        .await;
        let outcome = match &decision {
            Decision::Approve(_) => "approved",
            Decision::Reject(_) => "rejected",
        };
        self.tell(
            NoticeKind::JoinDecided,
            users([decided.person.id]),
            actor,
            Subject::Group { group: id },
            Some(outcome.to_owned()),
        )
        .await;
        Ok(decided)
    }

    /// What `actor` may do to `target`'s membership: the owner is untouchable; admins act on
    /// members only; nobody acts on themselves here (they leave).
    async fn manage_target(
        &self,
        actor: UserId,
        id: GroupId,
        target: UserId,
    ) -> Result<GroupView, GroupsError> {
        let view = self.managed_view(actor, id).await?;
        if target == actor {
            return Err(GroupsError::NotAllowed);
        }
        let (_, membership) = self
            .ports
            .groups
            .find(id, Some(target))
            .await?
            .ok_or(GroupsError::NotFound)?;
        let membership = membership.ok_or(GroupsError::NotFound)?;
        if membership.role == MemberRole::Owner {
            return Err(GroupsError::OwnerUntouchable);
        }
        if membership.role == MemberRole::Admin && view.active_role() != Some(MemberRole::Owner) {
            return Err(GroupsError::NotAllowed);
        }
        Ok(view)
    }

    /// Promotes a member to admin or demotes an admin (owner only; ownership moves by transfer).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `OwnerUntouchable`, `Unexpected`.
    pub async fn set_role(
        &self,
        actor: UserId,
        id: GroupId,
        target: UserId,
        role: MemberRole,
    ) -> Result<(), GroupsError> {
        if role == MemberRole::Owner {
            return Err(GroupsError::NotAllowed);
        }
        let view = self.manage_target(actor, id, target).await?;
        if view.active_role() != Some(MemberRole::Owner) {
            return Err(GroupsError::NotAllowed);
        }
        if !self.ports.groups.set_role(id, target, role).await? {
            return Err(GroupsError::NotFound);
        }
        self.audit(
            AuditAction::GroupRoleChanged,
            actor,
            id,
            target.to_string(),
            Some(format!("role {}", role.as_str())),
        )
        .await;
        self.tell(
            NoticeKind::RoleChanged,
            users([target]),
            actor,
            Subject::Group { group: id },
            Some(role.as_str().to_owned()),
        )
        .await;
        Ok(())
    }

    /// Removes a member (they may join again by the policy). Owner: anyone but themself;
    /// admins: members.
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `OwnerUntouchable`, `Unexpected`.
    pub async fn remove_member(
        &self,
        actor: UserId,
        id: GroupId,
        target: UserId,
    ) -> Result<(), GroupsError> {
        self.manage_target(actor, id, target).await?;
        if !self
            .ports
            .groups
            .remove(id, target, self.ports.clock.now())
            .await?
        {
            return Err(GroupsError::NotFound);
        }
        self.audit(
            AuditAction::GroupMemberRemoved,
            actor,
            id,
            target.to_string(),
            None,
        )
        .await;
        self.tell(
            NoticeKind::Removed,
            users([target]),
            actor,
            Subject::Group { group: id },
            None,
        )
        .await;
        Ok(())
    }

    /// Bans a member or a requester: they leave, and cannot join or ask again until unbanned.
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `OwnerUntouchable`, `Unexpected`.
    pub async fn ban(&self, actor: UserId, id: GroupId, target: UserId) -> Result<(), GroupsError> {
        self.manage_target(actor, id, target).await?;
        self.ban_member(actor, id, target).await
    }

    /// Bans `target` as `actor` (a manager who may, or a site administrator), audited and
    /// told.
    pub(super) async fn ban_member(
        &self,
        actor: UserId,
        id: GroupId,
        target: UserId,
    ) -> Result<(), GroupsError> {
        self.ports
            .groups
            .ban(id, target, self.ports.clock.now())
            .await?;
        self.audit(
            AuditAction::GroupMemberBanned,
            actor,
            id,
            target.to_string(),
            None,
        )
        .await;
        self.tell(
            NoticeKind::Banned,
            users([target]),
            actor,
            Subject::Group { group: id },
            None,
        )
        .await;
        Ok(())
    }

    /// Lifts a ban (owner or admin).
    ///
    /// # Errors
    /// `NotFound` (not banned), `NotAllowed`, `Unexpected`.
    pub async fn unban(
        &self,
        actor: UserId,
        id: GroupId,
        target: UserId,
    ) -> Result<(), GroupsError> {
        self.managed_view(actor, id).await?;
        if !self.ports.groups.unban(id, target).await? {
            return Err(GroupsError::NotFound);
        }
        self.audit(
            AuditAction::GroupMemberUnbanned,
            actor,
            id,
            target.to_string(),
            None,
        )
        .await;
        Ok(())
    }
}
