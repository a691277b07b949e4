//! What the group use cases need from the outside world. Each method is one transaction.

use crate::error::GroupsError;
use crate::model::{
    Article, ArticleStatus, ArticleSummary, Decision, Group, GroupListing, JoinRequest,
    JoinRequestId, Member, MemberRole, Membership, NewReply, Reply, ReplyBody, ReplyEdit, ReplyId,
    ReplyVersion, TransferOffer,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{ArticleId, GroupId, Page, PageRequest, UserId};

/// Groups, memberships and join requests.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait GroupRepository: Send + Sync {
    /// Inserts the group and its owner's active membership together (`member_count` 1).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn create(&self, group: &Group) -> Result<(), GroupsError>;

    /// How many groups `owner` owns.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn count_owned(&self, owner: UserId) -> Result<u32, GroupsError>;

    /// The group and the viewer's membership of it (any state), in one query.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find(
        &self,
        id: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<(Group, Option<Membership>)>, GroupsError>;

    /// The groups among `ids`, each with the viewer's membership of it (any state), as
    /// [`Self::find`] reads one, in one statement and in no particular order. An unknown id is
    /// left out; no id, no statement.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_many(
        &self,
        ids: &[GroupId],
        viewer: Option<UserId>,
    ) -> Result<Vec<(Group, Option<Membership>)>, GroupsError>;

    /// As [`Self::find`], with the group's pending offer of ownership (whoever it concerns),
    /// in the same query: what the group's home shows.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_with_offer(
        &self,
        id: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<GroupWithOffer>, GroupsError>;

    /// Writes the group's name, description, visibility, join policy, invite code, cover and
    /// `updated_at`; `false` when it is gone.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn update(&self, group: &Group) -> Result<bool, GroupsError>;

    /// Deletes the group with its memberships, requests and articles.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete(&self, id: GroupId) -> Result<(), GroupsError>;

    /// Groups the viewer may discover, newest first: public ones, and private ones the viewer
    /// is an active member of; with `query`, only those whose name contains it (case-insensitive
    /// for Latin letters; `%` and `_` match themselves).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn discover(
        &self,
        query: Option<String>,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError>;

    /// The groups `user` is an active or pending member of, most recently joined first.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn of_member(
        &self,
        user: UserId,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError>;

    /// The groups `user` is an active member of that `viewer` may read, most recently joined
    /// first (by `user`'s `since`): the list a profile shows. Each comes with `user`'s
    /// membership as the item and the viewer's membership of the group (any state), so the
    /// service can apply [`crate::service::readable`] to every row.
    ///
    /// The statement MUST already leave out every group that rule refuses (a private group
    /// `viewer` is not an active member of), so that pages stay full; the service's check is
    /// the rule's single home, the statement its index. It MUST leave out every group when a
    /// block stands between `viewer` and `user` (either blocked the other): their profile
    /// shows nothing of them.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn of_member_seen_by(
        &self,
        user: UserId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<SeenBy<Membership>>, GroupsError>;

    /// Adds an active membership and counts it.
    ///
    /// # Errors
    /// `AlreadyMember` when the user has a membership row of any state (`Banned` when it is a
    /// ban, `RequestPending` when it is a pending request); `Unexpected`.
    async fn join(&self, membership: &Membership) -> Result<(), GroupsError>;

    /// Adds a pending membership and its request, together.
    ///
    /// # Errors
    /// As [`GroupRepository::join`].
    async fn request(&self, request: &JoinRequest) -> Result<(), GroupsError>;

    /// Active members, first joined first (the owner usually leads).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn members(&self, group: GroupId, page: PageRequest)
    -> Result<Page<Member>, GroupsError>;

    /// Banned people, most recently banned first.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn banned(&self, group: GroupId, page: PageRequest) -> Result<Page<Member>, GroupsError>;

    /// The group's active owner and admins (who decide requests), in no particular order.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn managers(&self, group: GroupId) -> Result<Vec<UserId>, GroupsError>;

    /// Sets an active member's role; `false` when there is no such active member.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn set_role(
        &self,
        group: GroupId,
        user: UserId,
        role: MemberRole,
    ) -> Result<bool, GroupsError>;

    /// Deletes the user's membership of any state and uncounts it if it was active; a pending
    /// request of theirs becomes `Withdrawn`. `false` when there was none.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn remove(
        &self,
        group: GroupId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<bool, GroupsError>;

    /// Makes the user's membership a ban (inserting one if they had none), uncounting an active
    /// one and withdrawing a pending request.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn ban(
        &self,
        group: GroupId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), GroupsError>;

    /// Lifts a ban (deletes the banned membership); `false` when the user was not banned.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn unban(&self, group: GroupId, user: UserId) -> Result<bool, GroupsError>;

    /// Stores the group's pending offer of ownership from `from` to `to`.
    ///
    /// # Errors
    /// MUST return `TransferOfferPending` when the group has a pending offer already;
    /// `Unexpected`.
    async fn offer_transfer(
        &self,
        group: GroupId,
        from: UserId,
        to: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), GroupsError>;

    /// The group's pending offer, with both people.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn transfer_offer(&self, group: GroupId) -> Result<Option<TransferOffer>, GroupsError>;

    /// The pending offers `user` made or may answer, every group.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn transfer_offers_of(&self, user: UserId) -> Result<Vec<TransferOffer>, GroupsError>;

    /// Deletes the group's pending offer (only one made to `to`, when given); `false` when
    /// there was none.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn withdraw_transfer(
        &self,
        group: GroupId,
        to: Option<UserId>,
    ) -> Result<bool, GroupsError>;

    /// Accepts the group's offer from `from` to `to`, in one transaction: deletes the offer,
    /// makes `to` (an active member) the owner and `from` an admin, and the group's owner
    /// `to` — unless `to` owns `max_owned` groups or more, counted in that transaction.
    ///
    /// # Errors
    /// MUST return `NoTransferOffer` when no such offer is waiting (or `from` no longer owns
    /// the group), `NotAMember` when `to` is not an active member, `TooManyGroups` past the
    /// cap (nothing changed in all three); `Unexpected`.
    async fn accept_transfer(
        &self,
        group: GroupId,
        from: UserId,
        to: UserId,
        max_owned: u32,
    ) -> Result<(), GroupsError>;

    /// The group's requests, newest first: pending ones only, or all (the history).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn requests(
        &self,
        group: GroupId,
        pending_only: bool,
        page: PageRequest,
    ) -> Result<Page<JoinRequest>, GroupsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find_request(&self, id: JoinRequestId) -> Result<Option<JoinRequest>, GroupsError>;

    /// Decides a pending request, once: the request's status changes only if it is still
    /// pending (so two managers approving at once count once), and with it the membership —
    /// made active with the role and counted, or deleted on rejection. The request as decided;
    /// `None` when it was not pending any more.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn decide(
        &self,
        id: JoinRequestId,
        decision: &Decision,
        by: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<JoinRequest>, GroupsError>;
}

/// A group, the viewer's membership of it (any state) and its pending offer of ownership.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupWithOffer {
    pub group: Group,
    pub membership: Option<Membership>,
    pub offer: Option<TransferOffer>,
}

/// One row of a list read across groups for a viewer: the item, its group, and the viewer's
/// membership of that group (any state; `None` for strangers and signed-out visitors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenBy<T> {
    pub item: T,
    pub group: Group,
    pub viewer: Option<Membership>,
}

/// What a save found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveOutcome {
    /// Saved; the new version.
    Saved(Article),
    /// The article had another version: nothing was written; the article as it is.
    Conflict(Article),
}

impl SaveOutcome {
    /// The saved article; `None` for a conflict.
    pub fn saved(self) -> Option<Article> {
        match self {
            SaveOutcome::Saved(a) => Some(a),
            SaveOutcome::Conflict(_) => None,
        }
    }
}

/// Articles.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ArticleRepository: Send + Sync {
    /// # Errors
    /// `Unexpected` only.
    async fn insert(&self, article: &Article) -> Result<(), GroupsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find(&self, id: ArticleId) -> Result<Option<Article>, GroupsError>;

    /// The articles among `ids`, as [`Self::find`] reads each (whoever may see them), in one
    /// statement and in no particular order. An unknown id is left out; no id, no statement.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_many(&self, ids: &[ArticleId]) -> Result<Vec<Article>, GroupsError>;

    /// Writes title, body and excerpt only if the stored version is `expected_version`,
    /// raising it by one (one conditional `UPDATE`). `None` when the article is gone. With
    /// `held` (the listed words of a published article's new text) the article is held for
    /// review in the same transaction, and a case opened, unless it is withheld already.
    ///
    /// # Errors
    /// `Unexpected` only.
    #[allow(clippy::too_many_arguments)]
    async fn save(
        &self,
        id: ArticleId,
        title: String,
        body: String,
        excerpt: String,
        expected_version: i64,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<SaveOutcome>, GroupsError>;

    /// Publishes (setting `published_at` the first time) or unpublishes, raising the version;
    /// publishing with `held` holds it for review as [`ArticleRepository::save`] does. `None`
    /// when the article is gone.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn set_status(
        &self,
        id: ArticleId,
        status: ArticleStatus,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<Article>, GroupsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn delete(&self, id: ArticleId) -> Result<(), GroupsError>;

    /// A group's published articles, most recently published first, as `viewer` sees them:
    /// without those by people the viewer blocked or muted, or who blocked the viewer.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn published(
        &self,
        group: GroupId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError>;

    /// `author`'s published articles in every group `viewer` may read, most recently
    /// published first, each with its group and the viewer's membership of it. As
    /// [`GroupRepository::of_member_seen_by`], the statement MUST leave out what
    /// [`crate::service::readable`] refuses, and everything when a block stands between
    /// `viewer` and `author` (a mute hides nothing on a profile).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn published_by_author_seen_by(
        &self,
        author: UserId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<SeenBy<ArticleSummary>>, GroupsError>;

    /// Characters (title plus body, counted as characters, not bytes) of every article
    /// `author` wrote, drafts and published, in every group.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn chars_by_author(&self, author: UserId) -> Result<u64, GroupsError>;

    /// One author's drafts in a group, most recently changed first.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn drafts(
        &self,
        group: GroupId,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError>;
}

/// Replies to articles, and each article's reply thread (its count and lock, kept on the
/// article's row).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ReplyRepository: Send + Sync {
    /// Stores the reply and counts it on its article, in one transaction — unless the article
    /// is locked or gone by then (checked in that transaction), when nothing is written.
    ///
    /// # Errors
    /// MUST return `RepliesLocked` when the article's replies are locked, `NotFound` when the
    /// article is gone; `Unexpected`.
    async fn insert(&self, reply: &NewReply) -> Result<(), GroupsError>;

    /// The reply, deleted or not, with its author and quote.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find(&self, id: ReplyId) -> Result<Option<Reply>, GroupsError>;

    /// The replies among `ids`, as [`Self::find`] reads each (deleted or not), in one
    /// statement and in no particular order. An unknown id is left out; no id, no statement.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_many(&self, ids: &[ReplyId]) -> Result<Vec<Reply>, GroupsError>;

    /// The article's replies that are not deleted, oldest first (newest last), each with the
    /// reply it quotes ([`crate::model::Quote::Deleted`] when that one was deleted), as
    /// `viewer` sees them: without those by people the viewer blocked or muted, or who blocked
    /// the viewer.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn of_article(
        &self,
        article: ArticleId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Reply>, GroupsError>;

    /// Writes a new body if the reply is not deleted and its stored version is
    /// `expected_version`, in one transaction: the body it replaces is kept as a version (with
    /// when it was written), the version rises by one and `edited_at` becomes `now`. Of two
    /// edits from the same version one is saved and the other finds the conflict.
    ///
    /// # Errors
    /// `Unexpected` only. `Ok(None)` when the reply is gone or deleted;
    /// [`ReplyEdit::Conflict`] with the reply as it is when its version is another.
    async fn edit(
        &self,
        id: ReplyId,
        body: &ReplyBody,
        expected_version: i64,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<ReplyEdit>, GroupsError>;

    /// The reply's earlier versions, newest first (none once it is deleted).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn versions(&self, id: ReplyId) -> Result<Vec<ReplyVersion>, GroupsError>;

    /// Marks the reply deleted (its body emptied, its earlier versions dropped) and uncounts
    /// it, once: `false` when it was deleted already or is gone, and then nothing changes.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete(&self, id: ReplyId, now: DateTime<Utc>) -> Result<bool, GroupsError>;

    /// Locks or unlocks the article's replies; `false` when the article is gone.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn set_locked(&self, article: ArticleId, locked: bool) -> Result<bool, GroupsError>;
}

/// Random invite codes from the operating system's CSPRNG.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait InviteCodes: Send + Sync {
    /// [`crate::model::INVITE_LEN`] characters of [`crate::model::INVITE_ALPHABET`].
    fn generate(&self) -> String;
}
