//! What the group use cases can refuse.

use media::MediaError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum GroupsError {
    #[error("a group name has 2 to 40 characters")]
    InvalidName,
    #[error("a group description has at most 500 characters")]
    InvalidDescription,
    /// A private group cannot let anyone in at once.
    #[error("a private group cannot be open to everyone")]
    PrivateGroupCannotBeOpen,
    #[error("an article title has 1 to 120 characters")]
    InvalidTitle,
    #[error("an article has at most 100000 characters")]
    InvalidBody,
    #[error("a reply has 1 to 5000 characters")]
    InvalidReply,
    /// A group's name or description, a published article's title or body, or a reply, with
    /// words the operator's list refuses (each as written); `field` names the field.
    #[error("the {field} holds words that cannot be published")]
    WordsRefused {
        field: &'static str,
        found: Vec<String>,
    },
    /// No such reply of this article (or it was deleted).
    #[error("no such reply")]
    ReplyNotFound,
    /// The article's replies are locked: no new ones.
    #[error("replies to this article are closed")]
    RepliesLocked,
    /// Only a published article takes replies.
    #[error("only a published article takes replies")]
    ArticleNotPublished,
    /// A join request's message or a rejection's reason is too long.
    #[error("at most 500 characters")]
    InvalidMessage,
    /// The invite code is missing or wrong.
    #[error("the invite code is not right")]
    WrongInviteCode,
    /// No such group, article, member or request — or one the viewer may not know of.
    #[error("not found")]
    NotFound,
    /// A private group's content, asked for by someone who is not an active member.
    #[error("only members can see this")]
    MembersOnly,
    /// A block stands between the writer and the one whose article or reply they answer, or
    /// whom they mention (either of them blocked the other).
    #[error("blocked")]
    Blocked,
    /// The viewer's role does not allow this.
    #[error("not allowed")]
    NotAllowed,
    #[error("already a member")]
    AlreadyMember,
    #[error("a request to join is already waiting")]
    RequestPending,
    /// Banned from the group: no joining or requesting until unbanned.
    #[error("banned from this group")]
    Banned,
    /// The owner transfers ownership before leaving.
    #[error("the owner cannot leave; transfer ownership first")]
    OwnerCannotLeave,
    /// The owner's role and membership change only by a transfer.
    #[error("the owner cannot be changed this way")]
    OwnerUntouchable,
    /// Ownership goes to an active member only.
    #[error("not an active member")]
    NotAMember,
    /// The request was decided (or withdrawn) already.
    #[error("this request was already decided")]
    RequestDecided,
    /// The group's owner has an offer of it waiting already.
    #[error("an offer of this group is waiting for an answer")]
    TransferOfferPending,
    /// No offer of the group is waiting (for this person).
    #[error("no offer of this group is waiting")]
    NoTransferOffer,
    #[error("at most {max} groups per owner")]
    TooManyGroups { max: u32 },
    /// The author's articles would hold more characters than the bound allows.
    #[error("at most {max} characters of articles per person")]
    ArticleQuotaExceeded { max: u64 },
    #[error("too many attempts; retry in {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
