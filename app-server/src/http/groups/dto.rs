//! Request and response bodies of the group endpoints.

use super::errors::GroupsCode;
use super::rules;
use crate::http::dto::{PersonDto, WithheldDto, media_url};
use crate::http::error::ApiError;
use crate::i18n::Msg;
use chrono::{DateTime, Utc};
use groups::model::{
    Article, ArticleSummary, Group, GroupDescription, GroupListing, GroupName, GroupSettings,
    JoinPolicy, JoinRequest, Member, MemberRole, Membership, Quote, Reply, ReplyId, ReplyThread,
    ReplyVersion, TransferOffer, Visibility,
};
use groups::ports::SeenBy;
use groups::service::{GroupHome, GroupView};
use media::{Media, Variant};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The viewer's standing in a group.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MembershipDto {
    #[schema(schema_with = rules::member_role)]
    pub role: &'static str,
    #[schema(schema_with = rules::member_state)]
    pub state: &'static str,
    /// When the request, the join or the ban began.
    pub since: DateTime<Utc>,
}

impl From<&Membership> for MembershipDto {
    fn from(m: &Membership) -> Self {
        Self {
            role: m.role.as_str(),
            state: m.state.as_str(),
            since: m.since,
        }
    }
}

/// A group as the asker sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupDto {
    pub id: uuid::Uuid,
    #[schema(example = "周末读书会")]
    pub name: String,
    pub description: String,
    /// The cover image (for those who may read the group), or `null`.
    #[schema(required = true)]
    pub cover_url: Option<String>,
    #[schema(required = true)]
    pub cover_thumbnail_url: Option<String>,
    #[schema(schema_with = rules::group_visibility)]
    pub visibility: &'static str,
    #[schema(schema_with = rules::join_policy)]
    pub join_policy: &'static str,
    /// Active members, the owner included.
    pub member_count: u32,
    pub owner_id: uuid::Uuid,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The invite code, for the group's owner and admins only (`null` for everyone else).
    #[schema(required = true, example = "7KQ2MZ9P")]
    pub invite_code: Option<String>,
    /// The asker's membership of any state; `null` for strangers and visitors.
    #[schema(required = true)]
    pub membership: Option<MembershipDto>,
    /// Whether the asker may read the group's articles, gallery and members.
    pub can_read: bool,
    /// Whether the asker may change its settings and manage its members.
    pub can_manage: bool,
    /// The owner's offer of the group waiting for its recipient's answer, for the two of
    /// them (`null` for everyone else, and when none is waiting).
    #[schema(required = true)]
    pub transfer_offer: Option<TransferOfferDto>,
}

/// An offer of a group's ownership, waiting for the recipient to accept or decline.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferOfferDto {
    /// The owner who made it.
    pub from: PersonDto,
    /// The member who may accept or decline it.
    pub to: PersonDto,
    pub created_at: DateTime<Utc>,
}

impl From<&TransferOffer> for TransferOfferDto {
    fn from(o: &TransferOffer) -> Self {
        Self {
            from: PersonDto::from(&o.from),
            to: PersonDto::from(&o.to),
            created_at: o.created_at,
        }
    }
}

impl GroupDto {
    pub fn new(group: &Group, membership: Option<&Membership>) -> Self {
        let can_read = groups::service::readable(group, membership);
        let can_manage = membership.is_some_and(Membership::manages);
        let cover = group.cover.filter(|_| can_read);
        Self {
            id: group.id.0,
            name: group.name.clone(),
            description: group.description.clone(),
            cover_url: cover.map(|id| media_url(id, Variant::Original)),
            cover_thumbnail_url: cover.map(|id| media_url(id, Variant::Thumbnail)),
            visibility: group.visibility.as_str(),
            join_policy: group.join_policy.as_str(),
            member_count: group.member_count,
            owner_id: group.owner.0,
            created_at: group.created_at,
            updated_at: group.updated_at,
            invite_code: can_manage.then(|| group.invite_code.clone()),
            membership: membership.map(MembershipDto::from),
            can_read,
            can_manage,
            transfer_offer: None,
        }
    }

    /// With the group's waiting offer, when the asker made it or may answer it.
    pub fn with_offer(mut self, offer: Option<&TransferOffer>) -> Self {
        self.transfer_offer = offer.map(TransferOfferDto::from);
        self
    }

    pub fn of_view(view: &GroupView) -> Self {
        Self::new(&view.group, view.membership.as_ref())
    }

    pub fn of_listing(listing: &GroupListing) -> Self {
        Self::new(&listing.group, listing.membership.as_ref())
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GroupResponse {
    #[schema(example = true)]
    pub success: bool,
    pub group: GroupDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupsResponse {
    #[schema(example = true)]
    pub success: bool,
    pub groups: Vec<GroupDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A group's home: the group and, for those who may read it, its latest articles, images
/// and members (empty otherwise).
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupHomeResponse {
    #[schema(example = true)]
    pub success: bool,
    pub group: GroupDto,
    pub articles: Vec<ArticleSummaryDto>,
    pub gallery: Vec<ImageDto>,
    pub members: Vec<MemberDto>,
}

impl From<GroupHome> for GroupHomeResponse {
    fn from(home: GroupHome) -> Self {
        Self {
            success: true,
            group: GroupDto::of_view(&home.view).with_offer(home.offer.as_ref()),
            articles: home.articles.iter().map(ArticleSummaryDto::from).collect(),
            gallery: home.gallery.iter().map(ImageDto::from).collect(),
            members: home.members.iter().map(MemberDto::from).collect(),
        }
    }
}

/// A group's settings (creating one, or changing them).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GroupSettingsRequest {
    #[schema(schema_with = rules::group_name)]
    pub name: String,
    #[serde(default)]
    #[schema(schema_with = rules::group_description)]
    pub description: Option<String>,
    #[schema(schema_with = rules::group_visibility)]
    pub visibility: String,
    #[schema(schema_with = rules::join_policy)]
    pub join_policy: String,
}

impl GroupSettingsRequest {
    pub fn try_into_domain(self) -> Result<GroupSettings, ApiError> {
        let name = GroupName::parse(&self.name).ok();
        let description = GroupDescription::parse(self.description.as_deref().unwrap_or("")).ok();
        let visibility = Visibility::parse(&self.visibility);
        let policy = JoinPolicy::parse(&self.join_policy);
        let mut error =
            ApiError::unprocessable(GroupsCode::InvalidGroupSettings, Msg::InvalidGroupSettings);
        if name.is_none() {
            error = error.with_field("name", Msg::InvalidGroupName);
        }
        if description.is_none() {
            error = error.with_field("description", Msg::InvalidGroupDescription);
        }
        if visibility.is_none() {
            error = error.with_field("visibility", Msg::InvalidChoice);
        }
        if policy.is_none() {
            error = error.with_field("joinPolicy", Msg::InvalidChoice);
        }
        match (name, description, visibility, policy) {
            (Some(n), Some(d), Some(v), Some(p)) => Ok(GroupSettings::new(n, d, v, p)?),
            _ => Err(error),
        }
    }
}

/// Where to start a page and how long it is.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct GroupSearchQuery {
    /// Only groups whose name contains this (Chinese or English; case-insensitive for Latin
    /// letters).
    #[param(max_length = 40)]
    pub q: Option<String>,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// How to join (both optional: an open group needs neither).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JoinBody {
    /// For a group that approves requests: what the owner and admins will read.
    #[serde(default)]
    #[schema(schema_with = rules::group_message)]
    pub message: Option<String>,
    /// The group's invite code (from an invite link's `?code=`); admits under any policy.
    #[serde(default)]
    #[schema(schema_with = rules::invite_code)]
    pub code: Option<String>,
}

/// What joining did: `joined` (an active member now) or `requested` (waiting for a decision).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinResponse {
    #[schema(example = true)]
    pub success: bool,
    #[schema(schema_with = rules::join_outcome)]
    pub outcome: &'static str,
    pub group: GroupDto,
}

/// Someone's place in a group.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberDto {
    pub user: PersonDto,
    #[schema(schema_with = rules::member_role)]
    pub role: &'static str,
    #[schema(schema_with = rules::member_state)]
    pub state: &'static str,
    pub since: DateTime<Utc>,
}

impl From<&Member> for MemberDto {
    fn from(m: &Member) -> Self {
        Self {
            user: PersonDto::from(&m.person),
            role: m.role.as_str(),
            state: m.state.as_str(),
            since: m.since,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MembersResponse {
    #[schema(example = true)]
    pub success: bool,
    pub members: Vec<MemberDto>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A request to join and, once decided, its outcome.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinRequestDto {
    pub id: uuid::Uuid,
    pub user: PersonDto,
    pub message: String,
    #[schema(schema_with = rules::request_status)]
    pub status: &'static str,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub decided_by: Option<uuid::Uuid>,
    #[schema(required = true)]
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was rejected, when a reason was given.
    #[schema(required = true)]
    pub reason: Option<String>,
    /// The role it was approved with.
    #[schema(required = true, schema_with = rules::granted_role)]
    pub granted_role: Option<&'static str>,
}

impl From<&JoinRequest> for JoinRequestDto {
    fn from(r: &JoinRequest) -> Self {
        Self {
            id: r.id.0,
            user: PersonDto::from(&r.person),
            message: r.message.clone(),
            status: r.status.as_str(),
            created_at: r.created_at,
            decided_by: r.decided_by.map(|u| u.0),
            decided_at: r.decided_at,
            reason: r.reason.clone(),
            granted_role: r.granted_role.map(MemberRole::as_str),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinRequestsResponse {
    #[schema(example = true)]
    pub success: bool,
    pub requests: Vec<JoinRequestDto>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JoinRequestResponse {
    #[schema(example = true)]
    pub success: bool,
    pub request: JoinRequestDto,
}

/// Which requests to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RequestsQuery {
    /// `pending` (the default): waiting for a decision; `all`: the whole history.
    #[param(inline, schema_with = rules::requests_filter)]
    pub status: Option<String>,
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// Approving: the role the person gets (`member` by default; only the owner grants `admin`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApproveBody {
    #[serde(default)]
    #[schema(schema_with = rules::grantable_role)]
    pub role: Option<String>,
}

/// Rejecting: an optional reason, kept in the history.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RejectBody {
    #[serde(default)]
    #[schema(schema_with = rules::group_message)]
    pub reason: Option<String>,
}

/// A member's new role.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RoleBody {
    #[schema(schema_with = rules::grantable_role_required)]
    pub role: String,
}

/// Whom the group is offered to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TransferBody {
    /// An active member's user id (not the owner's own).
    pub user_id: uuid::Uuid,
}

/// An article as listed (no body).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleSummaryDto {
    pub id: uuid::Uuid,
    pub group_id: uuid::Uuid,
    pub title: String,
    /// The first words, as plain text.
    pub excerpt: String,
    #[schema(schema_with = rules::article_status)]
    pub status: &'static str,
    pub author: PersonDto,
    pub updated_at: DateTime<Utc>,
    #[schema(required = true)]
    pub published_at: Option<DateTime<Utc>>,
    /// Its replies (deleted ones not counted).
    #[schema(example = 3)]
    pub reply_count: u32,
    /// Shown to its author only: `held` for review by the word list, `hidden` by a moderator;
    /// `null` for what everyone allowed may read.
    #[schema(required = true)]
    pub withheld: Option<WithheldDto>,
}

impl From<&ArticleSummary> for ArticleSummaryDto {
    fn from(a: &ArticleSummary) -> Self {
        Self {
            id: a.id.0,
            group_id: a.group.0,
            title: a.title.clone(),
            excerpt: a.excerpt.clone(),
            status: a.status.as_str(),
            author: PersonDto::from(&a.author),
            updated_at: a.updated_at,
            published_at: a.published_at,
            reply_count: a.replies.count,
            withheld: a.withheld.map(Into::into),
        }
    }
}

/// An article in full.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleDto {
    pub id: uuid::Uuid,
    pub group_id: uuid::Uuid,
    pub title: String,
    /// Markdown, as written.
    pub body: String,
    pub excerpt: String,
    #[schema(schema_with = rules::article_status)]
    pub status: &'static str,
    pub author: PersonDto,
    /// Send it back with a save: a save from an older version is refused with 409.
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    #[schema(required = true)]
    pub published_at: Option<DateTime<Utc>>,
    /// Whether the asker may edit, publish, unpublish and delete it (and lock its replies).
    pub may_edit: bool,
    /// Its replies (deleted ones not counted).
    #[schema(example = 3)]
    pub reply_count: u32,
    /// Whether its replies are locked: no new ones.
    pub replies_locked: bool,
    /// Shown to its author only: `held` for review by the word list, `hidden` by a moderator;
    /// `null` for what everyone allowed may read.
    #[schema(required = true)]
    pub withheld: Option<WithheldDto>,
}

impl ArticleDto {
    pub fn new(a: &Article, may_edit: bool) -> Self {
        Self {
            id: a.id.0,
            group_id: a.group.0,
            title: a.title.clone(),
            body: a.body.clone(),
            excerpt: a.excerpt.clone(),
            status: a.status.as_str(),
            author: PersonDto::from(&a.author),
            version: a.version,
            created_at: a.created_at,
            updated_at: a.updated_at,
            published_at: a.published_at,
            may_edit,
            reply_count: a.replies.count,
            replies_locked: a.replies.locked,
            withheld: a.withheld.map(Into::into),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ArticleResponse {
    #[schema(example = true)]
    pub success: bool,
    pub article: ArticleDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticlesResponse {
    #[schema(example = true)]
    pub success: bool,
    pub articles: Vec<ArticleSummaryDto>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A new draft.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewArticleBody {
    #[schema(schema_with = rules::article_title)]
    pub title: String,
    #[serde(default)]
    #[schema(schema_with = rules::article_body)]
    pub body: String,
}

/// A save: title and body, and the version the editor started from.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SaveArticleBody {
    #[schema(schema_with = rules::article_title)]
    pub title: String,
    #[schema(schema_with = rules::article_body)]
    pub body: String,
    /// The `version` the editor loaded or last saved.
    #[schema(minimum = 1)]
    pub version: i64,
}

/// 409 `edit_conflict`: someone saved since this editor's version; nothing was written.
#[derive(Debug, Serialize, ToSchema)]
pub struct ArticleConflictBody {
    #[schema(example = false)]
    pub success: bool,
    #[schema(example = "edit_conflict")]
    pub code: &'static str,
    pub message: &'static str,
    /// The article as it is now (its `version` is the one to save from).
    pub current: ArticleDto,
}

/// A stored image.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageDto {
    pub id: uuid::Uuid,
    /// The image, re-encoded without metadata.
    #[schema(example = "/api/media/0f8c…")]
    pub url: String,
    /// A JPEG at most 480 px on its longer edge.
    pub thumbnail_url: String,
    pub width: u32,
    pub height: u32,
    pub thumb_width: u32,
    pub thumb_height: u32,
    #[schema(example = "image/jpeg")]
    pub content_type: &'static str,
    /// Bytes stored, original and thumbnail.
    pub bytes: u64,
    pub owner_id: uuid::Uuid,
    /// The article it was uploaded for (it goes when the article goes).
    #[schema(required = true)]
    pub article_id: Option<uuid::Uuid>,
    pub created_at: DateTime<Utc>,
}

impl From<&Media> for ImageDto {
    fn from(m: &Media) -> Self {
        Self {
            id: m.id.0,
            url: media_url(m.id, Variant::Original),
            thumbnail_url: media_url(m.id, Variant::Thumbnail),
            width: m.width,
            height: m.height,
            thumb_width: m.thumb_width,
            thumb_height: m.thumb_height,
            content_type: m.content_type(Variant::Original),
            bytes: m.bytes,
            owner_id: m.owner.0,
            article_id: m.article.map(|a| a.0),
            created_at: m.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImageResponse {
    #[schema(example = true)]
    pub success: bool,
    pub image: ImageDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GalleryResponse {
    #[schema(example = true)]
    pub success: bool,
    pub images: Vec<ImageDto>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// An upload to the gallery.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// The article whose editor uploads it (the author or the group's managers only).
    pub article_id: Option<uuid::Uuid>,
}

pub fn is_pending_filter(raw: Option<&str>) -> Option<bool> {
    match raw {
        None | Some("pending") => Some(true),
        Some("all") => Some(false),
        Some(_) => None,
    }
}

/// One of a person's groups, as their profile lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberGroupDto {
    /// The group as the asker sees it (their own membership, `canRead`, …).
    pub group: GroupDto,
    /// The person's role in the group.
    #[schema(schema_with = rules::member_role)]
    pub role: &'static str,
    /// When the person joined.
    pub since: DateTime<Utc>,
}

impl From<&SeenBy<Membership>> for MemberGroupDto {
    fn from(row: &SeenBy<Membership>) -> Self {
        Self {
            group: GroupDto::new(&row.group, row.viewer.as_ref()),
            role: row.item.role.as_str(),
            since: row.item.since,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberGroupsResponse {
    #[schema(example = true)]
    pub success: bool,
    pub groups: Vec<MemberGroupDto>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A published article with its group's name, as a profile lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthoredArticleDto {
    pub article: ArticleSummaryDto,
    #[schema(example = "周末读书会")]
    pub group_name: String,
    #[schema(schema_with = rules::group_visibility)]
    pub group_visibility: &'static str,
}

impl From<&SeenBy<ArticleSummary>> for AuthoredArticleDto {
    fn from(row: &SeenBy<ArticleSummary>) -> Self {
        Self {
            article: ArticleSummaryDto::from(&row.item),
            group_name: row.group.name.clone(),
            group_visibility: row.group.visibility.as_str(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthoredArticlesResponse {
    #[schema(example = true)]
    pub success: bool,
    pub articles: Vec<AuthoredArticleDto>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A new reply.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewReplyBody {
    #[schema(schema_with = rules::reply_body)]
    pub body: String,
    /// The id of another reply of the same article to quote (one level: a reply quoting a
    /// quote shows only the reply it names).
    #[serde(default)]
    pub quote_id: Option<uuid::Uuid>,
}

impl NewReplyBody {
    /// The quoted reply's id, if any.
    pub fn quote(&self) -> Option<ReplyId> {
        self.quote_id.map(ReplyId)
    }
}

/// The reply a reply quotes: its author and first words, or only its id once deleted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteDto {
    pub id: uuid::Uuid,
    /// The quoted reply was deleted: no author, no excerpt.
    pub deleted: bool,
    #[schema(required = true)]
    pub author: Option<PersonDto>,
    /// Its first words, as plain text.
    #[schema(required = true)]
    pub excerpt: Option<String>,
}

impl From<&Quote> for QuoteDto {
    fn from(q: &Quote) -> Self {
        match q {
            Quote::Shown {
                id,
                author,
                excerpt,
            } => Self {
                id: id.0,
                deleted: false,
                author: Some(PersonDto::from(author)),
                excerpt: Some(excerpt.clone()),
            },
            Quote::Deleted { id } => Self {
                id: id.0,
                deleted: true,
                author: None,
                excerpt: None,
            },
        }
    }
}

/// A reply to an article.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyDto {
    pub id: uuid::Uuid,
    pub article_id: uuid::Uuid,
    pub author: PersonDto,
    /// Markdown, as written (trimmed).
    pub body: String,
    #[schema(required = true)]
    pub quote: Option<QuoteDto>,
    pub created_at: DateTime<Utc>,
    /// 1, and one more with every edit: an edit sends the version it started from.
    #[schema(minimum = 1)]
    pub version: i64,
    /// When it was last edited (shown as "edited"); `null` for a reply never edited.
    #[schema(required = true)]
    pub edited_at: Option<DateTime<Utc>>,
    /// Shown to its author only: `held` for review by the word list, `hidden` by a moderator;
    /// `null` for what everyone allowed may read.
    #[schema(required = true)]
    pub withheld: Option<WithheldDto>,
}

impl From<&Reply> for ReplyDto {
    fn from(r: &Reply) -> Self {
        Self {
            id: r.id.0,
            article_id: r.article.0,
            author: PersonDto::from(&r.author),
            body: r.body.clone(),
            quote: r.quote.as_ref().map(QuoteDto::from),
            created_at: r.created_at,
            version: r.version,
            edited_at: r.edited_at,
            withheld: r.withheld.map(Into::into),
        }
    }
}

/// An edit of one's own reply.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EditReplyBody {
    #[schema(schema_with = rules::reply_body)]
    pub body: String,
    /// The reply's `version` the editor started from.
    #[schema(minimum = 1)]
    pub version: i64,
}

/// 409 `edit_conflict`: the reply was edited since this editor's version; nothing was written.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReplyConflictBody {
    #[schema(example = false)]
    pub success: bool,
    #[schema(example = "edit_conflict")]
    pub code: &'static str,
    pub message: &'static str,
    /// The reply as it is now (its `version` is the one to edit from).
    pub current: ReplyDto,
}

/// An earlier version of a reply.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyVersionDto {
    #[schema(minimum = 1)]
    pub version: i64,
    /// Markdown, as it was.
    pub body: String,
    /// When this version was written (the reply's creation, or the edit that wrote it).
    pub written_at: DateTime<Utc>,
}

impl From<&ReplyVersion> for ReplyVersionDto {
    fn from(v: &ReplyVersion) -> Self {
        Self {
            version: v.version,
            body: v.body.clone(),
            written_at: v.written_at,
        }
    }
}

/// A reply and its earlier versions, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReplyVersionsResponse {
    #[schema(example = true)]
    pub success: bool,
    /// The reply as it is now.
    pub reply: ReplyDto,
    /// Its earlier versions, newest first (empty when it was never edited).
    pub versions: Vec<ReplyVersionDto>,
}

/// Why a manager removes another's content, told to its author.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ReasonQuery {
    /// At most 500 characters (trimmed); told to the author when a manager deletes what they wrote (ignored for one's own).
    #[param(max_length = 500)]
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReplyResponse {
    #[schema(example = true)]
    pub success: bool,
    pub reply: ReplyDto,
}

/// A page of an article's replies, oldest first, with the article's thread.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepliesResponse {
    #[schema(example = true)]
    pub success: bool,
    pub replies: Vec<ReplyDto>,
    /// The article's replies in all (deleted ones not counted).
    pub reply_count: u32,
    /// Whether its replies are locked: no new ones.
    pub replies_locked: bool,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// Lock or unlock an article's replies.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplyLockBody {
    /// `true`: no new replies; `false`: replies welcome again.
    pub locked: bool,
}

/// An article's thread after locking or unlocking it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyThreadResponse {
    #[schema(example = true)]
    pub success: bool,
    /// The article's replies in all (deleted ones not counted).
    pub reply_count: u32,
    /// Whether its replies are locked: no new ones.
    pub replies_locked: bool,
}

impl From<ReplyThread> for ReplyThreadResponse {
    fn from(t: ReplyThread) -> Self {
        Self {
            success: true,
            reply_count: t.count,
            replies_locked: t.locked,
        }
    }
}
