//! Groups, memberships, requests and articles as the product knows them.

use crate::error::GroupsError;
use chrono::{DateTime, Utc};
use kernel::{ArticleId, GroupId, MediaId, UserId, Withheld};

kernel::typed_id!(
    /// Identifies one request to join a group.
    JoinRequestId
);
kernel::typed_id!(
    /// Identifies one reply to an article.
    ReplyId
);

fn clean(raw: &str) -> String {
    raw.trim().to_owned()
}

fn has_control(s: &str) -> bool {
    s.chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t')
}

/// A group's name: 2–40 characters after trimming, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupName(String);

impl GroupName {
    pub const MIN_CHARS: usize = 2;
    pub const MAX_CHARS: usize = 40;

    /// # Errors
    /// `InvalidName`.
    pub fn parse(raw: &str) -> Result<Self, GroupsError> {
        let s = clean(raw);
        let n = s.chars().count();
        if !(Self::MIN_CHARS..=Self::MAX_CHARS).contains(&n) || s.chars().any(char::is_control) {
            return Err(GroupsError::InvalidName);
        }
        Ok(Self(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// A group's description: at most 500 characters after trimming (may be empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupDescription(String);

impl GroupDescription {
    pub const MAX_CHARS: usize = 500;

    /// # Errors
    /// `InvalidDescription`.
    pub fn parse(raw: &str) -> Result<Self, GroupsError> {
        let s = clean(raw);
        if s.chars().count() > Self::MAX_CHARS || has_control(&s) {
            return Err(GroupsError::InvalidDescription);
        }
        Ok(Self(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// Who may see a group's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// Anyone, signed in or not.
    Public,
    /// Its active members only (in the API and for its files).
    Private,
}

impl Visibility {
    pub const ALL: [Self; 2] = [Self::Public, Self::Private];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::Private => "private",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == raw)
    }
}

/// How people get in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JoinPolicy {
    /// Anyone signed in joins at once (public groups only).
    Open,
    /// A request, with a message, that the owner or an admin decides.
    Approval,
    /// The group's invite code (also from an invite link).
    InviteCode,
}

impl JoinPolicy {
    pub const ALL: [Self; 3] = [Self::Open, Self::Approval, Self::InviteCode];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Approval => "approval",
            Self::InviteCode => "invite_code",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == raw)
    }
}

/// A group's settings, valid together: a private group cannot be open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupSettings {
    pub name: GroupName,
    pub description: GroupDescription,
    pub visibility: Visibility,
    pub join_policy: JoinPolicy,
}

impl GroupSettings {
    /// # Errors
    /// `PrivateGroupCannotBeOpen`.
    pub fn new(
        name: GroupName,
        description: GroupDescription,
        visibility: Visibility,
        join_policy: JoinPolicy,
    ) -> Result<Self, GroupsError> {
        if visibility == Visibility::Private && join_policy == JoinPolicy::Open {
            return Err(GroupsError::PrivateGroupCannotBeOpen);
        }
        Ok(Self {
            name,
            description,
            visibility,
            join_policy,
        })
    }
}

/// The alphabet of invite codes: no 0/O, 1/I/L, so a code read aloud or copied by hand works.
pub const INVITE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Characters in an invite code.
pub const INVITE_LEN: usize = 8;

/// Reads an invite code as typed (trimmed, upper-cased); `None` when it cannot be one.
pub fn normalize_invite_code(raw: &str) -> Option<String> {
    let s = raw.trim().to_ascii_uppercase();
    (s.len() == INVITE_LEN && s.bytes().all(|b| INVITE_ALPHABET.contains(&b))).then_some(s)
}

/// A group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub id: GroupId,
    pub name: String,
    pub description: String,
    pub cover: Option<MediaId>,
    pub visibility: Visibility,
    pub join_policy: JoinPolicy,
    pub invite_code: String,
    pub owner: UserId,
    /// Active members, the owner included.
    pub member_count: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A member's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MemberRole {
    Member,
    Admin,
    Owner,
}

impl MemberRole {
    pub const ALL: [Self; 3] = [Self::Owner, Self::Admin, Self::Member];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Admin => "admin",
            Self::Member => "member",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == raw)
    }

    /// Owner or admin: decides requests, removes and bans members, edits any article.
    pub fn manages(self) -> bool {
        self >= Self::Admin
    }
}

/// Where someone stands with a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemberState {
    /// Asked to join; waiting for a decision.
    Pending,
    Active,
    /// May not join or ask again until unbanned.
    Banned,
}

impl MemberState {
    pub const ALL: [Self; 3] = [Self::Pending, Self::Active, Self::Banned];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Active => "active",
            Self::Banned => "banned",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == raw)
    }
}

/// One person's membership of one group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Membership {
    pub group: GroupId,
    pub user: UserId,
    pub role: MemberRole,
    pub state: MemberState,
    /// When this membership row began (the request, the join, the ban).
    pub since: DateTime<Utc>,
}

impl Membership {
    pub fn is_active(&self) -> bool {
        self.state == MemberState::Active
    }

    /// Active with a managing role.
    pub fn manages(&self) -> bool {
        self.is_active() && self.role.manages()
    }
}

/// How a person is shown beside what they did (shared with the plaza and profiles).
pub use kernel::Person;

/// A member as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub person: Person,
    pub role: MemberRole,
    pub state: MemberState,
    pub since: DateTime<Utc>,
}

/// What became of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RequestStatus {
    Pending,
    Approved,
    Rejected,
    /// The person left (or was banned) before a decision.
    Withdrawn,
}

impl RequestStatus {
    pub const ALL: [Self; 4] = [
        Self::Pending,
        Self::Approved,
        Self::Rejected,
        Self::Withdrawn,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
            Self::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == raw)
    }
}

/// A request to join and, once decided, its outcome; kept as the group's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinRequest {
    pub id: JoinRequestId,
    pub group: GroupId,
    pub person: Person,
    pub message: String,
    pub status: RequestStatus,
    pub created_at: DateTime<Utc>,
    pub decided_by: Option<UserId>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was rejected (optional).
    pub reason: Option<String>,
    /// The role it was approved with.
    pub granted_role: Option<MemberRole>,
}

/// A decision on a pending request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Approve(MemberRole),
    Reject(Option<String>),
}

/// At most this many characters in a request's message or a rejection's reason.
pub const MAX_MESSAGE_CHARS: usize = 500;

/// A message or reason as typed: trimmed, at most [`MAX_MESSAGE_CHARS`].
///
/// # Errors
/// `InvalidMessage`.
pub fn parse_message(raw: &str) -> Result<String, GroupsError> {
    let s = clean(raw);
    if s.chars().count() > MAX_MESSAGE_CHARS || has_control(&s) {
        return Err(GroupsError::InvalidMessage);
    }
    Ok(s)
}

/// An optional reason or message: [`parse_message`], and empty is none.
///
/// # Errors
/// `InvalidMessage`.
pub fn parse_reason(raw: Option<&str>) -> Result<Option<String>, GroupsError> {
    Ok(raw
        .map(parse_message)
        .transpose()?
        .filter(|r| !r.is_empty()))
}

/// An article's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArticleStatus {
    /// Seen by its author and the group's managers only.
    Draft,
    Published,
}

impl ArticleStatus {
    pub const ALL: [Self; 2] = [Self::Draft, Self::Published];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Published => "published",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == raw)
    }
}

/// An article's title: 1–120 characters after trimming.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleTitle(String);

impl ArticleTitle {
    pub const MAX_CHARS: usize = 120;

    /// # Errors
    /// `InvalidTitle`.
    pub fn parse(raw: &str) -> Result<Self, GroupsError> {
        let s = clean(raw);
        let n = s.chars().count();
        if n == 0 || n > Self::MAX_CHARS || s.chars().any(char::is_control) {
            return Err(GroupsError::InvalidTitle);
        }
        Ok(Self(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An article's Markdown: at most 100 000 characters (kept as written, not trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleBody(String);

impl ArticleBody {
    pub const MAX_CHARS: usize = 100_000;
    /// Characters of the plain-text excerpt shown in lists.
    pub const EXCERPT_CHARS: usize = 160;

    /// # Errors
    /// `InvalidBody`.
    pub fn parse(raw: &str) -> Result<Self, GroupsError> {
        if raw.chars().count() > Self::MAX_CHARS || raw.contains('\0') {
            return Err(GroupsError::InvalidBody);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first words of the body as plain text: Markdown marks, image and link targets
    /// and runs of white space removed, cut at [`Self::EXCERPT_CHARS`] with '…'.
    pub fn excerpt(&self) -> String {
        plain_excerpt(&self.0, Self::EXCERPT_CHARS)
    }
}

/// The first words of Markdown as plain text ([`kernel::markdown::plain`]), cut at `max`
/// characters with '…'.
fn plain_excerpt(markdown: &str, max: usize) -> String {
    let text = kernel::markdown::plain(markdown, Some(max));
    if text.chars().count() > max {
        let cut: String = text.chars().take(max).collect();
        format!("{}…", cut.trim_end())
    } else {
        text
    }
}

/// An article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Article {
    pub id: ArticleId,
    pub group: GroupId,
    pub author: Person,
    pub title: String,
    pub body: String,
    pub excerpt: String,
    pub status: ArticleStatus,
    /// Grows by one with every change; a save names the version it started from.
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub published_at: Option<DateTime<Utc>>,
    /// Shown to its author only: held for review by the word list, or hidden by a moderator.
    pub withheld: Option<Withheld>,
    /// Its replies: how many, and whether new ones are refused (kept on the article's row, so
    /// every read of an article has them).
    pub replies: ReplyThread,
}

/// An article as listed (no body).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleSummary {
    pub id: ArticleId,
    pub group: GroupId,
    pub author: Person,
    pub title: String,
    pub excerpt: String,
    pub status: ArticleStatus,
    pub updated_at: DateTime<Utc>,
    pub published_at: Option<DateTime<Utc>>,
    /// Shown to its author only: held for review by the word list, or hidden by a moderator.
    pub withheld: Option<Withheld>,
    pub replies: ReplyThread,
}

impl From<&Article> for ArticleSummary {
    fn from(a: &Article) -> Self {
        Self {
            id: a.id,
            group: a.group,
            author: a.author.clone(),
            title: a.title.clone(),
            excerpt: a.excerpt.clone(),
            status: a.status,
            updated_at: a.updated_at,
            published_at: a.published_at,
            withheld: a.withheld,
            replies: a.replies,
        }
    }
}

/// A reply's Markdown: 1–5000 characters after trimming, not only white space, no control
/// characters but line breaks and tabs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyBody(String);

impl ReplyBody {
    pub const MIN_CHARS: usize = 1;
    pub const MAX_CHARS: usize = 5_000;
    /// Characters of the plain-text excerpt a quote of the reply shows.
    pub const EXCERPT_CHARS: usize = 100;

    /// # Errors
    /// `InvalidReply`.
    pub fn parse(raw: &str) -> Result<Self, GroupsError> {
        let s = clean(raw);
        let n = s.chars().count();
        if !(Self::MIN_CHARS..=Self::MAX_CHARS).contains(&n) || has_control(&s) {
            return Err(GroupsError::InvalidReply);
        }
        Ok(Self(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first words as plain text, as a quote of the reply shows them.
    pub fn excerpt(&self) -> String {
        plain_excerpt(&self.0, Self::EXCERPT_CHARS)
    }
}

/// An article's replies as its answers show them: how many, and whether new ones are refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReplyThread {
    /// Replies not deleted.
    pub count: u32,
    /// Locked by the article's author (or a manager): no new replies.
    pub locked: bool,
}

/// Something about an article (or a list of them) with its reply thread: what a list or an
/// answer shows beside the article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithReplies<T> {
    pub item: T,
    pub replies: ReplyThread,
}

/// The reply a reply quotes, as shown with it (one level: never the quote's own quote).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Quote {
    Shown {
        id: ReplyId,
        author: Person,
        /// [`ReplyBody::excerpt`] of the quoted reply.
        excerpt: String,
    },
    /// The quoted reply was deleted since: only that it was there.
    Deleted { id: ReplyId },
}

/// A reply to a published article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub id: ReplyId,
    pub article: ArticleId,
    pub author: Person,
    /// Markdown (empty once deleted).
    pub body: String,
    pub quote: Option<Quote>,
    pub created_at: DateTime<Utc>,
    /// When it was deleted (deleted replies are in no list).
    pub deleted_at: Option<DateTime<Utc>>,
    /// Starts at 1 and grows by one with every edit; an edit names the version it started from.
    pub version: i64,
    /// When it was last edited; `None` for a reply never edited.
    pub edited_at: Option<DateTime<Utc>>,
    /// Shown to its author only: held for review by the word list, or hidden by a moderator.
    pub withheld: Option<Withheld>,
}

/// An earlier version of a reply, kept when an edit replaced it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyVersion {
    pub version: i64,
    /// Markdown as it was.
    pub body: String,
    /// When this version was written: the reply's creation, or the edit that wrote it.
    pub written_at: DateTime<Utc>,
}

/// What an edit of a reply found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyEdit {
    /// Saved: the reply with its new version (the replaced body is kept as a version).
    Saved(Reply),
    /// The reply had another version: nothing was written; the reply as it is.
    Conflict(Reply),
}

/// Characters at most of the excerpt a notice shows (of a reply or a request's message).
pub const NOTICE_EXCERPT_CHARS: usize = 140;

/// The first words of `markdown` as plain text, at most [`NOTICE_EXCERPT_CHARS`] characters
/// with the '…' of a cut.
pub fn notice_excerpt(markdown: &str) -> String {
    plain_excerpt(markdown, NOTICE_EXCERPT_CHARS - 1)
}

/// A reply as the use case stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReply {
    pub id: ReplyId,
    pub article: ArticleId,
    pub author: UserId,
    pub body: ReplyBody,
    /// The quoted reply's own id (of the same article, not deleted).
    pub quote: Option<ReplyId>,
    pub created_at: DateTime<Utc>,
    /// The listed words that hold it for review: stored for its author only, and a case is
    /// opened for the administrators in the same write. `None`: shown.
    pub held: Option<Vec<String>>,
}

/// The owner's offer of the group to one of its active members, waiting for their answer
/// (at most one per group). Ownership moves only when the recipient accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferOffer {
    pub group: GroupId,
    /// The owner who made it.
    pub from: Person,
    /// The member it is made to.
    pub to: Person,
    pub created_at: DateTime<Utc>,
}

impl TransferOffer {
    /// Whether `user` made it or may answer it (nobody else is shown it).
    pub fn concerns(&self, user: UserId) -> bool {
        self.from.id == user || self.to.id == user
    }
}

/// A group as listed: with the viewer's membership, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupListing {
    pub group: Group,
    pub membership: Option<Membership>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_count_characters_not_bytes() {
        assert!(GroupName::parse("庭院").is_ok());
        assert!(GroupName::parse(" a ").is_err());
        assert!(GroupName::parse(&"字".repeat(40)).is_ok());
        assert!(GroupName::parse(&"字".repeat(41)).is_err());
        assert!(GroupName::parse("a\u{0}b").is_err());
        assert_eq!(GroupName::parse("  读书会 ").unwrap().as_str(), "读书会");
        assert!(GroupDescription::parse("").is_ok());
        assert!(GroupDescription::parse(&"字".repeat(500)).is_ok());
        assert!(GroupDescription::parse(&"字".repeat(501)).is_err());
    }

    #[test]
    fn a_private_group_cannot_be_open() {
        let name = || GroupName::parse("读书会").unwrap();
        let desc = || GroupDescription::parse("").unwrap();
        assert!(matches!(
            GroupSettings::new(name(), desc(), Visibility::Private, JoinPolicy::Open),
            Err(GroupsError::PrivateGroupCannotBeOpen)
        ));
        for policy in [JoinPolicy::Approval, JoinPolicy::InviteCode] {
            assert!(GroupSettings::new(name(), desc(), Visibility::Private, policy).is_ok());
        }
        for policy in JoinPolicy::ALL {
            assert!(GroupSettings::new(name(), desc(), Visibility::Public, policy).is_ok());
        }
    }

    #[test]
    fn enums_round_trip_through_their_stored_form() {
        for v in Visibility::ALL {
            assert_eq!(Visibility::parse(v.as_str()), Some(v));
        }
        for v in JoinPolicy::ALL {
            assert_eq!(JoinPolicy::parse(v.as_str()), Some(v));
        }
        for v in MemberRole::ALL {
            assert_eq!(MemberRole::parse(v.as_str()), Some(v));
        }
        for v in MemberState::ALL {
            assert_eq!(MemberState::parse(v.as_str()), Some(v));
        }
        for v in RequestStatus::ALL {
            assert_eq!(RequestStatus::parse(v.as_str()), Some(v));
        }
        for v in ArticleStatus::ALL {
            assert_eq!(ArticleStatus::parse(v.as_str()), Some(v));
        }
        assert_eq!(MemberRole::parse("Owner"), None);
        assert!(MemberRole::Owner.manages() && MemberRole::Admin.manages());
        assert!(!MemberRole::Member.manages());
    }

    #[test]
    fn invite_codes_are_read_forgivingly_but_only_from_the_alphabet() {
        assert_eq!(
            normalize_invite_code(" abcd2345 ").as_deref(),
            Some("ABCD2345")
        );
        assert_eq!(normalize_invite_code("ABCD234O"), None, "no letter O");
        assert_eq!(normalize_invite_code("ABCD234"), None);
        assert_eq!(normalize_invite_code("ABCD23456"), None);
    }

    #[test]
    fn excerpts_are_plain_text_cut_at_a_character_count() {
        let body = ArticleBody::parse(
            "# 标题\n\n**粗体** and a [link](https://x.example) and ![图](/api/media/1)\n\n```\ncode\n```\n",
        )
        .unwrap();
        assert_eq!(body.excerpt(), "标题 粗体 and a link and 图 code");
        let long = ArticleBody::parse(&"字".repeat(400)).unwrap();
        let e = long.excerpt();
        assert_eq!(e.chars().count(), ArticleBody::EXCERPT_CHARS + 1);
        assert!(e.ends_with('…'));
        assert!(ArticleBody::parse(&"a".repeat(100_001)).is_err());
        assert!(ArticleTitle::parse("  ").is_err());
        assert!(ArticleTitle::parse(&"题".repeat(120)).is_ok());
        assert!(ArticleTitle::parse(&"题".repeat(121)).is_err());
    }

    #[test]
    fn replies_are_trimmed_not_empty_and_bounded_in_characters() {
        assert_eq!(ReplyBody::parse("  好文 \n").unwrap().as_str(), "好文");
        for bad in ["", "   ", "\n\t ", "a\u{0}b", "a\u{7}b"] {
            assert!(ReplyBody::parse(bad).is_err(), "{bad:?}");
        }
        assert!(ReplyBody::parse(&"字".repeat(ReplyBody::MAX_CHARS)).is_ok());
        assert!(ReplyBody::parse(&"字".repeat(ReplyBody::MAX_CHARS + 1)).is_err());
        assert!(ReplyBody::parse("第一行\n\n> 引用\twith a tab").is_ok());
        let long = ReplyBody::parse(&format!("**{}**", "回".repeat(300))).unwrap();
        let e = long.excerpt();
        assert_eq!(e.chars().count(), ReplyBody::EXCERPT_CHARS + 1);
        assert!(e.starts_with('回') && e.ends_with('…'));
    }

    #[test]
    fn a_notices_excerpt_is_plain_text_of_at_most_140_characters() {
        assert_eq!(notice_excerpt("**好** [文](https://x.example)"), "好 文");
        let e = notice_excerpt(&"回".repeat(300));
        assert_eq!(e.chars().count(), NOTICE_EXCERPT_CHARS);
        assert!(e.ends_with('…'));
        assert_eq!(notice_excerpt(&"回".repeat(139)).chars().count(), 139);
    }
}
