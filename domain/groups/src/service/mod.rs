//! The group use cases. Every read takes the viewer and applies the one visibility rule
//! ([`readable`]); every write takes the actor and checks their role here, never in HTTP code.

use crate::error::GroupsError;
use crate::model::{
    ArticleSummary, Group, GroupListing, GroupName, GroupSettings, JoinPolicy, JoinRequest,
    JoinRequestId, Member, MemberRole, MemberState, Membership, Person, RequestStatus,
    TransferOffer, Visibility, normalize_invite_code, parse_message,
};
use crate::ports::{ArticleRepository, GroupRepository, InviteCodes, ReplyRepository};
use async_trait::async_trait;
use kernel::{
    ArticleId, AuditAction, AuditEvent, AuditLog, Clock, GroupId, MediaId, Page, PageRequest,
    RateDecision, RateLimitRule, RateLimiter, UserId, Verdict,
};
use media::ports::{MediaAccess, Readable};
use media::{Media, MediaError, MediaKind, MediaService, NewUpload, UnpublishedImages};
use std::sync::Arc;

mod articles;
mod members;
mod notices;
mod profiles;
mod readable;
mod replies;
mod site_moderation;

pub use site_moderation::SiteAct;

pub use articles::ArticleView;
pub use readable::ReadableAmong;
pub use replies::ReplyHistory;

/// The group limits (docs/configuration.md, `GROUPS_*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupsPolicy {
    /// Groups one person may own.
    pub max_owned_per_user: u32,
    /// Groups one person may create per window.
    pub create_rate: RateLimitRule,
    /// Invite-code guesses per person and group per window.
    pub invite_attempts: RateLimitRule,
    /// Articles (drafts) one person may start per window, over every group.
    pub article_create_rate: RateLimitRule,
    /// Saves of articles one person may make per window (the editor autosaves).
    pub article_save_rate: RateLimitRule,
    /// Characters (title and body) of every article, draft or published, one person may
    /// have written, over every group; `0` turns the bound off.
    pub article_chars_per_user: u64,
    /// Replies one person may post per window, over every article.
    pub reply_rate: RateLimitRule,
    /// Edits of replies one person may make per window, over every article.
    pub reply_edit_rate: RateLimitRule,
}

impl Default for GroupsPolicy {
    fn default() -> Self {
        Self {
            max_owned_per_user: 10,
            create_rate: RateLimitRule {
                limit: 5,
                window_secs: 3600,
            },
            invite_attempts: RateLimitRule {
                limit: 10,
                window_secs: 900,
            },
            article_create_rate: RateLimitRule {
                limit: 30,
                window_secs: 3600,
            },
            article_save_rate: RateLimitRule {
                limit: 1200,
                window_secs: 3600,
            },
            article_chars_per_user: 5_000_000,
            reply_rate: RateLimitRule {
                limit: 120,
                window_secs: 3600,
            },
            reply_edit_rate: RateLimitRule {
                limit: 300,
                window_secs: 3600,
            },
        }
    }
}

pub struct GroupsPorts {
    pub groups: Arc<dyn GroupRepository>,
    pub articles: Arc<dyn ArticleRepository>,
    /// Replies to articles, and each article's reply count and lock.
    pub replies: Arc<dyn ReplyRepository>,
    pub codes: Arc<dyn InviteCodes>,
    pub limiter: Arc<dyn RateLimiter>,
    pub clock: Arc<dyn Clock>,
    /// Moderation: decided requests, role changes, removals, bans, transfers, deletions.
    pub audit: Arc<dyn AuditLog>,
    /// Tells people of replies, mentions, requests and decisions (after the write is stored).
    pub notifier: Arc<dyn kernel::Notifier>,
    /// The operator's word list: asked of group names and descriptions, what is published and
    /// replies (a draft is its author's own until it is published).
    pub words: Arc<dyn kernel::WordFilter>,
    /// Who blocked whom: asked before a reply, or a text that mentions people, is stored.
    pub blocks: Arc<dyn kernel::Blocks>,
}

/// The one visibility rule: a public group's content is anyone's; a private group's is its
/// active members'.
pub fn readable(group: &Group, membership: Option<&Membership>) -> bool {
    group.visibility == Visibility::Public || membership.is_some_and(Membership::is_active)
}

/// A group as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupView {
    pub group: Group,
    /// The viewer's membership of any state (`None` for strangers and signed-out visitors).
    pub membership: Option<Membership>,
    /// Whether the viewer may read the group's content.
    pub can_read: bool,
}

impl GroupView {
    fn new(group: Group, membership: Option<Membership>) -> Self {
        let can_read = readable(&group, membership.as_ref());
        Self {
            group,
            membership,
            can_read,
        }
    }

    /// The viewer's role when they are an active member.
    pub fn active_role(&self) -> Option<MemberRole> {
        self.membership
            .as_ref()
            .filter(|m| m.is_active())
            .map(|m| m.role)
    }

    /// Owner or admin (active).
    pub fn manages(&self) -> bool {
        self.active_role().is_some_and(MemberRole::manages)
    }

    /// Which images of unpublished articles this viewer's gallery shows: those of the drafts
    /// they may see (`articles::may_edit`: the managers see every draft, an active member
    /// their own), none for anyone else.
    fn unpublished_images(&self, viewer: Option<UserId>) -> UnpublishedImages {
        match viewer {
            _ if self.manages() => UnpublishedImages::Shown,
            Some(v) if self.active_role().is_some() => UnpublishedImages::OfAuthor(v),
            _ => UnpublishedImages::Hidden,
        }
    }
}

/// A group's home page: the group and, when the viewer may read it, its latest content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupHome {
    pub view: GroupView,
    /// The group's pending offer of ownership, when the viewer made it or may answer it.
    pub offer: Option<TransferOffer>,
    /// The latest published articles, each with its reply thread.
    pub articles: Vec<ArticleSummary>,
    pub gallery: Vec<Media>,
    pub members: Vec<Member>,
}

/// Items of each preview on a group's home page.
pub const HOME_PREVIEW: u32 = 6;

/// What a join attempt brings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JoinAttempt {
    /// For a request (approval policy).
    pub message: Option<String>,
    /// An invite code (from the link's `?code=` or typed).
    pub code: Option<String>,
}

/// What joining did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinOutcome {
    Joined(Membership),
    Requested(JoinRequest),
}

pub struct GroupsService {
    ports: GroupsPorts,
    media: Arc<MediaService>,
    policy: GroupsPolicy,
}

impl GroupsService {
    pub fn new(ports: GroupsPorts, media: Arc<MediaService>, policy: GroupsPolicy) -> Self {
        Self {
            ports,
            media,
            policy,
        }
    }

    /// What someone wrote (an article's title and body, a reply): refuses the first of
    /// `fields` that holds a word the operator's list refuses; the words that hold it for
    /// review when the fields hold only such.
    pub(crate) fn screen_writing(
        &self,
        fields: &[(&'static str, &str)],
    ) -> Result<Option<Vec<String>>, GroupsError> {
        let mut verdict = Verdict::Clear;
        for (field, text) in fields {
            match Verdict::of(&self.ports.words.check(text)) {
                Verdict::Refuse(found) => return Err(GroupsError::WordsRefused { field, found }),
                other => verdict = verdict.and(other),
            }
        }
        Ok(match verdict {
            Verdict::Hold(words) => Some(words),
            Verdict::Clear | Verdict::Refuse(_) => None,
        })
    }

    /// A group's name or description: refuses the first of `fields` (name, text) that holds
    /// a listed word, held ones too (`kernel::words::refused_words`).
    pub(crate) fn screen(&self, fields: &[(&'static str, &str)]) -> Result<(), GroupsError> {
        for (field, text) in fields {
            let found = kernel::words::refused_words(&self.ports.words.check(text));
            if !found.is_empty() {
                return Err(GroupsError::WordsRefused { field, found });
            }
        }
        Ok(())
    }

    /// Refuses when a block stands between `actor` and `other` (either blocked the other).
    pub(crate) async fn refuse_blocked(
        &self,
        actor: UserId,
        other: UserId,
    ) -> Result<(), GroupsError> {
        if actor != other && self.ports.blocks.is_blocked(actor, other).await? {
            return Err(GroupsError::Blocked);
        }
        Ok(())
    }

    /// Refuses a text that mentions someone a block stands between `actor` and.
    pub(crate) async fn refuse_blocked_mentions(
        &self,
        actor: UserId,
        text: &str,
    ) -> Result<(), GroupsError> {
        let names = kernel::notice::mentioned_usernames(text);
        if names.is_empty()
            || self
                .ports
                .blocks
                .blocked_among(actor, names)
                .await?
                .is_empty()
        {
            Ok(())
        } else {
            Err(GroupsError::Blocked)
        }
    }

    async fn limit(&self, key: String, rule: RateLimitRule) -> Result<(), GroupsError> {
        let now = self.ports.clock.now();
        match self.ports.limiter.hit(&key, rule, now).await? {
            RateDecision::Allowed => Ok(()),
            RateDecision::Limited { retry_after_secs } => {
                Err(GroupsError::RateLimited { retry_after_secs })
            }
        }
    }

    /// Records a moderation event by `actor` in group `id` (groups take no client address, so
    /// the event has none); a log that cannot be written never fails the action.
    async fn audit(
        &self,
        action: AuditAction,
        actor: UserId,
        id: GroupId,
        target: String,
        detail: Option<String>,
    ) {
        let detail = match detail {
            Some(d) => format!("group {id}; {d}"),
            None => format!("group {id}"),
        };
        let event = AuditEvent::new(action, self.ports.clock.now())
            .actor(actor)
            .target(target)
            .detail(detail);
        kernel::audit::record_or_log(self.ports.audit.as_ref(), event).await;
    }

    /// The group and the viewer's standing; `NotFound` when there is none.
    async fn view(&self, viewer: Option<UserId>, id: GroupId) -> Result<GroupView, GroupsError> {
        let (group, membership) = self
            .ports
            .groups
            .find(id, viewer)
            .await?
            .ok_or(GroupsError::NotFound)?;
        Ok(GroupView::new(group, membership))
    }

    /// The view, if the viewer may read the group's content; else `MembersOnly`.
    async fn readable_view(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
    ) -> Result<GroupView, GroupsError> {
        let view = self.view(viewer, id).await?;
        if !view.can_read {
            return Err(GroupsError::MembersOnly);
        }
        Ok(view)
    }

    /// The view, if the actor is an active owner or admin; else `NotAllowed`.
    async fn managed_view(&self, actor: UserId, id: GroupId) -> Result<GroupView, GroupsError> {
        let view = self.view(Some(actor), id).await?;
        if !view.manages() {
            return Err(if view.can_read {
                GroupsError::NotAllowed
            } else {
                GroupsError::MembersOnly
            });
        }
        Ok(view)
    }

    /// The view, if the actor is the group's owner; else `NotAllowed`.
    async fn owned_view(&self, actor: UserId, id: GroupId) -> Result<GroupView, GroupsError> {
        let view = self.managed_view(actor, id).await?;
        if view.active_role() != Some(MemberRole::Owner) {
            return Err(GroupsError::NotAllowed);
        }
        Ok(view)
    }

    /// Creates a group owned by `actor`, its only member.
    ///
    /// # Errors
    /// `RateLimited`, `TooManyGroups`, `Unexpected`.
    #[tracing::instrument(skip(self, settings), fields(group.name = settings.name.as_str()))]
    pub async fn create(
        &self,
        actor: UserId,
        settings: GroupSettings,
    ) -> Result<Group, GroupsError> {
        self.screen(&[
            ("name", settings.name.as_str()),
            ("description", settings.description.as_str()),
        ])?;
        self.limit(format!("groups:create:{actor}"), self.policy.create_rate)
            .await?;
        self.below_owned_cap(actor).await?;
        let now = self.ports.clock.now();
        let group = Group {
            id: GroupId::new_random(),
            name: settings.name.into_inner(),
            description: settings.description.into_inner(),
            cover: None,
            visibility: settings.visibility,
            join_policy: settings.join_policy,
            invite_code: self.ports.codes.generate(),
            owner: actor,
            member_count: 1,
            created_at: now,
            updated_at: now,
        };
        self.ports.groups.create(&group).await?;
        Ok(group)
    }

    /// A group as the viewer sees it (its card is shown to anyone with the link, so they can
    /// ask to join; its content only when [`GroupView::can_read`]).
    ///
    /// # Errors
    /// `NotFound`, `Unexpected`.
    pub async fn get(&self, viewer: Option<UserId>, id: GroupId) -> Result<GroupView, GroupsError> {
        self.view(viewer, id).await
    }

    /// The group's home: its card (with the pending offer of ownership when the viewer made
    /// it or may answer it), and for readers its latest articles, images and members.
    ///
    /// # Errors
    /// `NotFound`, `Unexpected`.
    pub async fn home(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
    ) -> Result<GroupHome, GroupsError> {
        let found = self
            .ports
            .groups
            .find_with_offer(id, viewer)
            .await?
            .ok_or(GroupsError::NotFound)?;
        let offer = found
            .offer
            .filter(|o| viewer.is_some_and(|v| o.concerns(v)));
        let view = GroupView::new(found.group, found.membership);
        if !view.can_read {
            return Ok(GroupHome {
                view,
                offer,
                articles: Vec::new(),
                gallery: Vec::new(),
                members: Vec::new(),
            });
        }
        let preview = PageRequest::first(HOME_PREVIEW);
        let (articles, gallery, members) = futures_util::future::join3(
            self.ports.articles.published(id, viewer, preview),
            self.media
                .gallery(id, view.unpublished_images(viewer), preview),
            self.ports.groups.members(id, preview),
        )
        .await;
        Ok(GroupHome {
            view,
            offer,
            articles: articles?.items,
            gallery: gallery?.items,
            members: members?.items,
        })
    }

    /// Groups to discover, newest first; with a query, those whose name contains it.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn discover(
        &self,
        viewer: Option<UserId>,
        query: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError> {
        let query = query
            .map(str::trim)
            .filter(|q| !q.is_empty())
            .map(|q| q.chars().take(GroupName::MAX_CHARS).collect::<String>());
        self.ports.groups.discover(query, viewer, page).await
    }

    /// The actor's groups (active, and pending requests), most recent first.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn mine(
        &self,
        actor: UserId,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError> {
        self.ports.groups.of_member(actor, page).await
    }

    /// Changes a group's settings (owner or admin).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn update_settings(
        &self,
        actor: UserId,
        id: GroupId,
        settings: GroupSettings,
    ) -> Result<Group, GroupsError> {
        let mut group = self.managed_view(actor, id).await?.group;
        // What is kept as it was is not asked again (it may have been listed since).
        let asked: Vec<(&'static str, &str)> = [
            ("name", group.name.as_str(), settings.name.as_str()),
            (
                "description",
                group.description.as_str(),
                settings.description.as_str(),
            ),
        ]
        .into_iter()
        .filter(|(_, old, new)| old != new)
        .map(|(field, _, new)| (field, new))
        .collect();
        self.screen(&asked)?;
        group.name = settings.name.into_inner();
        group.description = settings.description.into_inner();
        group.visibility = settings.visibility;
        group.join_policy = settings.join_policy;
        self.save_group(group).await
    }

    async fn save_group(&self, mut group: Group) -> Result<Group, GroupsError> {
        group.updated_at = self.ports.clock.now();
        if !self.ports.groups.update(&group).await? {
            return Err(GroupsError::NotFound);
        }
        Ok(group)
    }

    /// A new invite code; the old one stops working (owner or admin).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn regenerate_invite_code(
        &self,
        actor: UserId,
        id: GroupId,
    ) -> Result<Group, GroupsError> {
        let mut group = self.managed_view(actor, id).await?.group;
        group.invite_code = self.ports.codes.generate();
        self.save_group(group).await
    }

    /// The checks of [`GroupsService::set_cover`] that need no bytes (the role, then the
    /// upload's size, rate and quota: `MediaService::admit`), before the body is read.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, the upload's `TooLarge`, `RateLimited`,
    /// `QuotaExceeded`; `Unexpected`.
    pub async fn admit_cover(
        &self,
        actor: UserId,
        id: GroupId,
        declared: Option<u64>,
    ) -> Result<(), GroupsError> {
        self.managed_view(actor, id).await?;
        Ok(self.media.admit(actor, declared).await?)
    }

    /// Stores a new cover image and drops the old one (owner or admin).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, the upload's refusals, `Unexpected`.
    pub async fn set_cover(
        &self,
        actor: UserId,
        id: GroupId,
        bytes: Vec<u8>,
    ) -> Result<Group, GroupsError> {
        let mut group = self.managed_view(actor, id).await?.group;
        let media = self
            .media
            .upload(NewUpload {
                owner: actor,
                group: Some(id),
                article: None,
                kind: MediaKind::Cover,
                attach: true,
                bytes,
            })
            .await?;
        let old = group.cover.replace(media.id);
        let group = match self.save_group(group).await {
            Ok(g) => g,
            Err(e) => {
                self.media.delete(&media).await?;
                return Err(e);
            }
        };
        self.drop_media(old).await?;
        Ok(group)
    }

    /// Removes the cover image (owner or admin).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn remove_cover(&self, actor: UserId, id: GroupId) -> Result<Group, GroupsError> {
        let mut group = self.managed_view(actor, id).await?.group;
        let old = group.cover.take();
        let group = self.save_group(group).await?;
        self.drop_media(old).await?;
        Ok(group)
    }

    async fn drop_media(&self, id: Option<MediaId>) -> Result<(), GroupsError> {
        if let Some(id) = id
            && let Some(media) = self.media.find(id).await?
        {
            self.media.delete(&media).await?;
        }
        Ok(())
    }

    /// Refuses when `user` owns the most groups allowed already.
    async fn below_owned_cap(&self, user: UserId) -> Result<(), GroupsError> {
        let max = self.policy.max_owned_per_user;
        if self.ports.groups.count_owned(user).await? >= max {
            return Err(GroupsError::TooManyGroups { max });
        }
        Ok(())
    }

    /// The group's pending offer of ownership, if the viewer made it or may answer it.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn transfer_offer(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
    ) -> Result<Option<TransferOffer>, GroupsError> {
        let Some(viewer) = viewer else {
            return Ok(None);
        };
        Ok(self
            .ports
            .groups
            .transfer_offer(id)
            .await?
            .filter(|o| o.concerns(viewer)))
    }

    /// The pending offers the actor made or may answer, every group.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn transfer_offers_of(
        &self,
        actor: UserId,
    ) -> Result<Vec<TransferOffer>, GroupsError> {
        self.ports.groups.transfer_offers_of(actor).await
    }

    /// Offers the group to another active member (owner only). Nothing changes hands until
    /// they accept; a group has at most one offer waiting. A recipient who owns the most
    /// groups allowed is refused at once (and again on accepting).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `NotAMember`, `TooManyGroups`, `TransferOfferPending`,
    /// `Unexpected`.
    pub async fn offer_transfer(
        &self,
        actor: UserId,
        id: GroupId,
        to: UserId,
    ) -> Result<(), GroupsError> {
        self.owned_view(actor, id).await?;
        if to == actor {
            return Err(GroupsError::NotAMember);
        }
        let recipient = self.view(Some(to), id).await?;
        if recipient.active_role().is_none() {
            return Err(GroupsError::NotAMember);
        }
        self.below_owned_cap(to).await?;
        let now = self.ports.clock.now();
        self.ports.groups.offer_transfer(id, actor, to, now).await?;
        self.audit(
            AuditAction::GroupTransferOffered,
            actor,
            id,
            id.to_string(),
            Some(format!("to {to}")),
        )
        .await;
        self.tell(
            kernel::notice::NoticeKind::TransferOffered,
            notices::users([to]),
            actor,
            kernel::notice::Subject::Group { group: id },
            None,
        )
        .await;
        Ok(())
    }

    /// Withdraws the group's waiting offer (owner only).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `NoTransferOffer`, `Unexpected`.
    pub async fn cancel_transfer(&self, actor: UserId, id: GroupId) -> Result<(), GroupsError> {
        self.owned_view(actor, id).await?;
        let offer = self
            .ports
            .groups
            .transfer_offer(id)
            .await?
            .ok_or(GroupsError::NoTransferOffer)?;
        if !self.ports.groups.withdraw_transfer(id, None).await? {
            return Err(GroupsError::NoTransferOffer);
        }
        self.audit(
            AuditAction::GroupTransferCancelled,
            actor,
            id,
            id.to_string(),
            Some(format!("to {}", offer.to.id)),
        )
        .await;
        Ok(())
    }

    /// The offer of group `id` waiting for `actor` to answer, if they may see the group.
    ///
    /// # Errors
    /// `NotFound`, `NoTransferOffer` (none, or one made to someone else), `Unexpected`.
    async fn offer_waiting_for(
        &self,
        actor: UserId,
        id: GroupId,
    ) -> Result<TransferOffer, GroupsError> {
        self.view(Some(actor), id).await?;
        self.ports
            .groups
            .transfer_offer(id)
            .await?
            .filter(|o| o.to.id == actor)
            .ok_or(GroupsError::NoTransferOffer)
    }

    /// The offer's recipient takes the group: they become its owner and the old owner an
    /// admin — if they still are an active member and own fewer groups than allowed.
    ///
    /// # Errors
    /// `NotFound`, `NoTransferOffer` (none waiting for the actor), `NotAMember`,
    /// `TooManyGroups`, `Unexpected`.
    pub async fn accept_transfer(&self, actor: UserId, id: GroupId) -> Result<(), GroupsError> {
        let offer = self.offer_waiting_for(actor, id).await?;
        self.below_owned_cap(actor).await?;
        self.ports
            .groups
            .accept_transfer(id, offer.from.id, actor, self.policy.max_owned_per_user)
            .await?;
        self.audit(
            AuditAction::GroupTransferred,
            actor,
            id,
            id.to_string(),
            Some(format!("previous owner {}", offer.from.id)),
        )
        .await;
        Ok(())
    }

    /// The offer's recipient says no; the group stays with its owner.
    ///
    /// # Errors
    /// `NotFound`, `NoTransferOffer`, `Unexpected`.
    pub async fn decline_transfer(&self, actor: UserId, id: GroupId) -> Result<(), GroupsError> {
        let offer = self.offer_waiting_for(actor, id).await?;
        if !self.ports.groups.withdraw_transfer(id, Some(actor)).await? {
            return Err(GroupsError::NoTransferOffer);
        }
        self.audit(
            AuditAction::GroupTransferDeclined,
            actor,
            id,
            id.to_string(),
            Some(format!("from {}", offer.from.id)),
        )
        .await;
        Ok(())
    }

    /// Deletes the group, its files first (owner only).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `Unexpected`.
    #[tracing::instrument(skip(self))]
    pub async fn delete(&self, actor: UserId, id: GroupId) -> Result<(), GroupsError> {
        let view = self.owned_view(actor, id).await?;
        self.media.delete_of_group(id).await?;
        self.ports.groups.delete(id).await?;
        self.audit(
            AuditAction::GroupDeleted,
            actor,
            id,
            id.to_string(),
            Some(format!("name {}", view.group.name.as_str())),
        )
        .await;
        Ok(())
    }

    /// Joins by the group's policy: at once (open), by request (approval), or with the invite
    /// code — a right code admits under any policy, as an invite link should.
    ///
    /// # Errors
    /// `NotFound`, `AlreadyMember`, `RequestPending`, `Banned`, `WrongInviteCode`,
    /// `RateLimited` (code guesses), `InvalidMessage`, `Unexpected`.
    pub async fn join(
        &self,
        actor: UserId,
        id: GroupId,
        attempt: JoinAttempt,
    ) -> Result<JoinOutcome, GroupsError> {
        let view = self.view(Some(actor), id).await?;
        if let Some(m) = &view.membership {
            return Err(match m.state {
                MemberState::Active => GroupsError::AlreadyMember,
                MemberState::Pending => GroupsError::RequestPending,
                MemberState::Banned => GroupsError::Banned,
            });
        }
        let now = self.ports.clock.now();
        let join_now = || Membership {
            group: id,
            user: actor,
            role: MemberRole::Member,
            state: MemberState::Active,
            since: now,
        };
        let code = attempt
            .code
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty());
        if let Some(code) = code {
            self.limit(
                format!("groups:code:{actor}:{id}"),
                self.policy.invite_attempts,
            )
            .await?;
            if normalize_invite_code(code).as_deref() != Some(view.group.invite_code.as_str()) {
                return Err(GroupsError::WrongInviteCode);
            }
            let m = join_now();
            self.ports.groups.join(&m).await?;
            return Ok(JoinOutcome::Joined(m));
        }
        match view.group.join_policy {
            JoinPolicy::Open => {
                let m = join_now();
                self.ports.groups.join(&m).await?;
                Ok(JoinOutcome::Joined(m))
            }
            JoinPolicy::InviteCode => Err(GroupsError::WrongInviteCode),
            JoinPolicy::Approval => {
                let message = parse_message(attempt.message.as_deref().unwrap_or(""))?;
                let request = JoinRequest {
                    id: JoinRequestId::new_random(),
                    group: id,
                    person: Person {
                        id: actor,
                        username: String::new(),
                        nickname: String::new(),
                        avatar_url: None,
                        avatar: None,
                    },
                    message,
                    status: RequestStatus::Pending,
                    created_at: now,
                    decided_by: None,
                    decided_at: None,
                    reason: None,
                    granted_role: None,
                };
                self.ports.groups.request(&request).await?;
                self.tell_of_request(&request).await;
                Ok(JoinOutcome::Requested(request))
            }
        }
    }

    /// Leaves the group, or withdraws a pending request. The owner transfers ownership first.
    ///
    /// # Errors
    /// `NotFound` (no membership), `OwnerCannotLeave`, `Banned` (a ban is not left), `Unexpected`.
    pub async fn leave(&self, actor: UserId, id: GroupId) -> Result<(), GroupsError> {
        let view = self.view(Some(actor), id).await?;
        let membership = view.membership.ok_or(GroupsError::NotFound)?;
        match (membership.state, membership.role) {
            (MemberState::Banned, _) => Err(GroupsError::Banned),
            (MemberState::Active, MemberRole::Owner) => Err(GroupsError::OwnerCannotLeave),
            _ => {
                self.ports
                    .groups
                    .remove(id, actor, self.ports.clock.now())
                    .await?;
                Ok(())
            }
        }
    }

    /// A group's gallery, newest first.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `Unexpected`.
    pub async fn gallery(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
        page: PageRequest,
    ) -> Result<Page<Media>, GroupsError> {
        let view = self.readable_view(viewer, id).await?;
        Ok(self
            .media
            .gallery(id, view.unpublished_images(viewer), page)
            .await?)
    }

    /// The checks of [`GroupsService::upload_image`] that need no bytes (membership, the
    /// article, then the upload's size, rate and quota), before the body is read.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, the upload's `TooLarge`, `RateLimited`,
    /// `QuotaExceeded`; `Unexpected`.
    pub async fn admit_image(
        &self,
        actor: UserId,
        id: GroupId,
        article: Option<ArticleId>,
        declared: Option<u64>,
    ) -> Result<(), GroupsError> {
        self.may_add_image(actor, id, article).await?;
        Ok(self.media.admit(actor, declared).await?)
    }

    async fn may_add_image(
        &self,
        actor: UserId,
        id: GroupId,
        article: Option<ArticleId>,
    ) -> Result<(), GroupsError> {
        let view = self.readable_view(Some(actor), id).await?;
        if view.active_role().is_none() {
            return Err(GroupsError::NotAllowed);
        }
        if let Some(article) = article {
            let a = self.article_for_images(&view, actor, article).await?;
            debug_assert_eq!(a.group, id);
        }
        Ok(())
    }

    /// Adds an image to the gallery (any active member); with `article`, it was uploaded in
    /// that article's editor or in a reply to it ([`Self::article_for_images`]), and goes when
    /// the article goes.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `RepliesLocked`, the upload's refusals,
    /// `Unexpected`.
    pub async fn upload_image(
        &self,
        actor: UserId,
        id: GroupId,
        article: Option<ArticleId>,
        bytes: Vec<u8>,
    ) -> Result<Media, GroupsError> {
        self.may_add_image(actor, id, article).await?;
        Ok(self
            .media
            .upload(NewUpload {
                owner: actor,
                group: Some(id),
                article,
                kind: MediaKind::Gallery,
                attach: true,
                bytes,
            })
            .await?)
    }

    /// Deletes a gallery image: one's own, or any for the group's owner and admins.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn delete_image(
        &self,
        actor: UserId,
        id: GroupId,
        media: MediaId,
    ) -> Result<(), GroupsError> {
        let view = self.readable_view(Some(actor), id).await?;
        let media = self
            .media
            .find(media)
            .await?
            .filter(|m| m.group == Some(id) && m.kind == MediaKind::Gallery)
            .ok_or(GroupsError::NotFound)?;
        let own = media.owner == actor && view.active_role().is_some();
        if !own && !view.manages() {
            return Err(GroupsError::NotAllowed);
        }
        Ok(self.media.delete(&media).await?)
    }
}

/// Answers the media domain's question for a group's files: a public group's files are
/// anyone's (and cacheable), a private group's its active members'. An image uploaded for an
/// article that is not published is for those who may see the draft (its author, the group's
/// managers: `articles::may_edit`), never cacheable, until the article is published. Files of
/// no group are refused (fail closed) until a domain claims them.
pub struct GroupMediaAccess {
    groups: Arc<dyn GroupRepository>,
    articles: Arc<dyn ArticleRepository>,
}

impl GroupMediaAccess {
    pub fn new(groups: Arc<dyn GroupRepository>, articles: Arc<dyn ArticleRepository>) -> Self {
        Self { groups, articles }
    }
}

#[async_trait]
impl MediaAccess for GroupMediaAccess {
    async fn readable(
        &self,
        viewer: Option<UserId>,
        media: &Media,
    ) -> Result<Readable, MediaError> {
        let Some(group) = media.group else {
            return Ok(Readable::No);
        };
        let found = self
            .groups
            .find(group, viewer)
            .await
            .map_err(|e| MediaError::Unexpected(anyhow::anyhow!(e)))?;
        let Some((group, membership)) = found else {
            return Ok(Readable::No);
        };
        let view = GroupView::new(group, membership);
        let readable = if !view.can_read {
            return Ok(Readable::No);
        } else if view.group.visibility == Visibility::Public {
            Readable::Public
        } else {
            Readable::Private
        };
        if let Some(article) = media.article {
            let article = self
                .articles
                .find(article)
                .await
                .map_err(|e| MediaError::Unexpected(anyhow::anyhow!(e)))?;
            if let Some(a) = article.filter(|a| a.status == crate::model::ArticleStatus::Draft) {
                return Ok(if articles::may_edit(&view, viewer, &a) {
                    Readable::Private
                } else {
                    Readable::No
                });
            }
        }
        Ok(readable)
    }
}

#[cfg(test)]
mod tests;
