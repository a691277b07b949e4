//! The plaza use cases. Reading is anyone's; posting, liking and commenting need an account and
//! are limited per person (counters in the database); a post or comment is deleted by its
//! author or, audited, by an administrator. Where a block stands between two people (either
//! blocked the other) neither may comment on or like the other's post or mention the other
//! (`Blocked`); what a block or a mute hides from the lists is the repository's.

use crate::error::PlazaError;
use crate::model::{
    Comment, CommentId, EditOutcome, LikeState, MAX_POST_IMAGES, NewComment, NewPost, Post, PostId,
    PostText, TextVersion, excerpt, parse_comment_body, parse_post_body,
};
use crate::ports::PostRepository;
use async_trait::async_trait;
use districts::DistrictCode;
use districts::ports::DistrictRepository;
use kernel::notice::{Audience, News, Notice, NoticeKind, Subject, mentioned_usernames};
use kernel::{
    AuditAction, AuditEvent, AuditLog, Clock, Cursor, MediaId, Page, PageRequest, RateDecision,
    RateLimitRule, RateLimiter, Role, UserId, Verdict,
};
use media::ports::{MediaAccess, Readable};
use media::{Media, MediaError, MediaKind, MediaService, MediaState, NewUpload};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The plaza's limits (docs/configuration.md, `PLAZA_*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlazaPolicy {
    /// Posts one person may write per window.
    pub post_rate: RateLimitRule,
    /// Comments one person may write per window.
    pub comment_rate: RateLimitRule,
    /// Likes and unlikes one person may give per window.
    pub like_rate: RateLimitRule,
    /// Edits of posts and comments one person may make per window.
    pub edit_rate: RateLimitRule,
}

impl Default for PlazaPolicy {
    fn default() -> Self {
        Self {
            post_rate: RateLimitRule {
                limit: 10,
                window_secs: 600,
            },
            comment_rate: RateLimitRule {
                limit: 30,
                window_secs: 600,
            },
            like_rate: RateLimitRule {
                limit: 120,
                window_secs: 60,
            },
            edit_rate: RateLimitRule {
                limit: 30,
                window_secs: 600,
            },
        }
    }
}

/// The most new posts the feed's "N new posts" banner counts.
pub const NEW_POSTS_CAP: u32 = 99;

/// The most characters of the reason an administrator gives for removing someone's writing.
pub const MAX_REASON_CHARS: usize = 200;

/// A moderator's reason: trimmed, at most [`MAX_REASON_CHARS`]; empty is none.
///
/// # Errors
/// `InvalidReason`.
pub fn parse_reason(raw: Option<&str>) -> Result<Option<String>, PlazaError> {
    let Some(reason) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(PlazaError::InvalidReason);
    }
    Ok(Some(reason.to_owned()))
}

/// `@name` for each name in `now` that `before` did not mention: the text an edit's
/// `Mentioned` notice is about, so only the newly named are told.
fn new_mentions(before: &str, now: &str) -> Option<String> {
    let old = mentioned_usernames(before);
    let fresh: Vec<String> = mentioned_usernames(now)
        .into_iter()
        .filter(|name| !old.contains(name))
        .map(|name| format!("@{name}"))
        .collect();
    (!fresh.is_empty()).then(|| fresh.join(" "))
}

pub struct PlazaPorts {
    pub posts: Arc<dyn PostRepository>,
    pub districts: Arc<dyn DistrictRepository>,
    pub limiter: Arc<dyn RateLimiter>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
    /// Tells people of comments, likes and mentions, and the streams of new posts.
    pub notifier: Arc<dyn kernel::Notifier>,
    /// The operator's word list, asked before a text is stored.
    pub words: Arc<dyn kernel::WordFilter>,
    /// Who blocked whom, asked before a comment, a like or a mention is stored.
    pub blocks: Arc<dyn kernel::Blocks>,
}

/// Who acts, and from where (for the audit log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub id: UserId,
    pub role: Role,
    pub ip: Option<String>,
}

/// A post as its author sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPostInput {
    pub body: String,
    /// Uploads from [`PlazaService::upload_image`], in the order to show them.
    pub images: Vec<MediaId>,
    pub district: Option<String>,
}

pub struct PlazaService {
    ports: PlazaPorts,
    media: Arc<MediaService>,
    policy: PlazaPolicy,
}

impl PlazaService {
    pub fn new(ports: PlazaPorts, media: Arc<MediaService>, policy: PlazaPolicy) -> Self {
        Self {
            ports,
            media,
            policy,
        }
    }

    /// Tells the notifier; never fails the write that happened.
    async fn tell(
        &self,
        kind: NoticeKind,
        to: Audience,
        actor: UserId,
        subject: Subject,
        detail: Option<String>,
    ) {
        self.ports
            .notifier
            .notify(Notice {
                kind,
                to,
                actor: Some(actor),
                subject,
                detail,
                at: self.ports.clock.now(),
            })
            .await;
    }

    /// Tells those `text` names (only when it names someone).
    async fn tell_mentioned(&self, text: &str, actor: UserId, subject: Subject) {
        if !mentioned_usernames(text).is_empty() {
            self.tell(
                NoticeKind::Mentioned,
                Audience::MentionedIn(text.to_owned()),
                actor,
                subject,
                Some(excerpt(text)),
            )
            .await;
        }
    }

    /// Refuses a text that holds a word the operator's list refuses; the words that hold it
    /// for review when it holds only such.
    fn screen(&self, text: &str) -> Result<Option<Vec<String>>, PlazaError> {
        match Verdict::of(&self.ports.words.check(text)) {
            Verdict::Clear => Ok(None),
            Verdict::Hold(words) => Ok(Some(words)),
            Verdict::Refuse(words) => Err(PlazaError::WordsRefused(words)),
        }
    }

    /// Refuses a text that mentions someone a block stands between `author` and.
    async fn refuse_blocked_mentions(&self, author: UserId, text: &str) -> Result<(), PlazaError> {
        let names = mentioned_usernames(text);
        if names.is_empty() {
            return Ok(());
        }
        if self
            .ports
            .blocks
            .blocked_among(author, names)
            .await?
            .is_empty()
        {
            Ok(())
        } else {
            Err(PlazaError::Blocked)
        }
    }

    /// Refuses when a block stands between `actor` and `other`.
    async fn refuse_blocked(&self, actor: UserId, other: UserId) -> Result<(), PlazaError> {
        if actor != other && self.ports.blocks.is_blocked(actor, other).await? {
            return Err(PlazaError::Blocked);
        }
        Ok(())
    }

    async fn limit(&self, key: String, rule: RateLimitRule) -> Result<(), PlazaError> {
        let now = self.ports.clock.now();
        match self.ports.limiter.hit(&key, rule, now).await? {
            RateDecision::Allowed => Ok(()),
            RateDecision::Limited { retry_after_secs } => {
                Err(PlazaError::RateLimited { retry_after_secs })
            }
        }
    }

    /// A district filter: a well-formed code (not looked up; an unknown one matches no post).
    /// It takes in the divisions within it: a province's posts include its cities' and
    /// counties'.
    fn district_filter(raw: Option<&str>) -> Result<Option<DistrictCode>, PlazaError> {
        raw.map(|raw| DistrictCode::parse(raw.trim()).map_err(|_| PlazaError::UnknownDistrict))
            .transpose()
    }

    /// A district tag: a well-formed code, as written.
    fn district_code(raw: Option<&str>) -> Result<Option<String>, PlazaError> {
        Ok(Self::district_filter(raw)?.map(|c| c.as_str().to_owned()))
    }

    /// The feed, newest first, of one district (and the divisions within it) when given. New
    /// posts never shift a page: the cursor is the last post's time and id.
    ///
    /// # Errors
    /// `UnknownDistrict` (a malformed code), `Unexpected`.
    pub async fn feed(
        &self,
        viewer: Option<UserId>,
        district: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError> {
        let district = Self::district_filter(district)?;
        self.ports.posts.feed(viewer, district, page).await
    }

    /// One person's posts, newest first, as the viewer sees them (a profile's list). Every post
    /// is public, as in the feed; none when a block stands between the two.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn posts_by(
        &self,
        viewer: Option<UserId>,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError> {
        self.ports.posts.by_author(viewer, author, page).await
    }

    /// How many posts of the viewer's feed arrived above `head` (the feed's first post when it
    /// was loaded), up to [`NEW_POSTS_CAP`].
    ///
    /// # Errors
    /// `UnknownDistrict`, `Unexpected`.
    pub async fn count_newer(
        &self,
        viewer: Option<UserId>,
        head: Cursor,
        district: Option<&str>,
    ) -> Result<u32, PlazaError> {
        let district = Self::district_filter(district)?;
        self.ports
            .posts
            .count_newer(viewer, head, district, NEW_POSTS_CAP)
            .await
    }

    /// # Errors
    /// `NotFound`, `Unexpected`.
    pub async fn post(&self, viewer: Option<UserId>, id: PostId) -> Result<Post, PlazaError> {
        self.ports
            .posts
            .find(id, viewer)
            .await?
            .ok_or(PlazaError::NotFound)
    }

    /// Stores an image for a post being written: checked and cleaned as every upload, kept
    /// `Unattached` (only its owner sees it) until a post takes it; swept if none does.
    ///
    /// # Errors
    /// The media store's refusals (`TooLarge`, `UnsupportedType`, `RateLimited`, …).
    pub async fn upload_image(&self, owner: UserId, bytes: Vec<u8>) -> Result<Media, PlazaError> {
        Ok(self
            .media
            .upload(NewUpload {
                owner,
                group: None,
                article: None,
                kind: MediaKind::Plaza,
                attach: false,
                bytes,
            })
            .await?)
    }

    /// Writes a post: text and up to nine of the author's own unused uploads, an optional
    /// district that exists.
    ///
    /// # Errors
    /// `InvalidBody`, `WordsRefused`, `TooManyImages`, `ImageNotUsable`, `UnknownDistrict`,
    /// `Blocked` (it mentions someone a block stands between the author and), `RateLimited`,
    /// `Unexpected`.
    #[tracing::instrument(skip_all, fields(author = %author))]
    pub async fn create(&self, author: UserId, input: NewPostInput) -> Result<Post, PlazaError> {
        if input.images.len() > MAX_POST_IMAGES {
            return Err(PlazaError::TooManyImages);
        }
        let body = parse_post_body(&input.body, !input.images.is_empty())?;
        let held = self.screen(&body)?;
        self.refuse_blocked_mentions(author, &body).await?;
        let unique: HashSet<MediaId> = input.images.iter().copied().collect();
        if unique.len() != input.images.len() {
            return Err(PlazaError::ImageNotUsable);
        }
        let district = Self::district_code(input.district.as_deref())?;
        if let Some(code) = &district {
            let code = DistrictCode::parse(code).map_err(|_| PlazaError::UnknownDistrict)?;
            if self.ports.districts.find(code).await?.is_none() {
                return Err(PlazaError::UnknownDistrict);
            }
        }
        self.limit(format!("plaza:post:{author}"), self.policy.post_rate)
            .await?;
        let post = NewPost {
            id: PostId::new_random(),
            author,
            body,
            images: input.images,
            district,
            created_at: self.ports.clock.now(),
            held,
        };
        self.ports.posts.insert(&post).await?;
        tracing::info!(post = %post.id, images = post.images.len(), held = post.held.is_some(), "plaza post written");
        // A held post is its author's alone until it is reviewed: nobody hears of it.
        if post.held.is_none() {
            self.ports.notifier.announce(News::PlazaPosted).await;
            self.tell_mentioned(&post.body, author, Subject::PlazaPost { post: post.id.0 })
                .await;
        }
        self.post(Some(author), post.id).await
    }

    /// Deletes a post and its images' files: its author may, and an administrator (audited as
    /// moderation when the post is someone else's, whose author is told, with the `reason`
    /// when one is given).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `InvalidReason`, `Unexpected`.
    pub async fn delete(
        &self,
        actor: &Actor,
        id: PostId,
        reason: Option<&str>,
    ) -> Result<(), PlazaError> {
        // As it is, not as the actor sees it: an administrator may remove a post by someone a
        // block stands between them and.
        let post = self
            .ports
            .posts
            .find_any(id)
            .await?
            .ok_or(PlazaError::NotFound)?;
        let own = post.author.id == actor.id;
        if !own && actor.role != Role::Admin {
            return Err(PlazaError::NotAllowed);
        }
        // One's own deletion tells nobody: its reason is not read.
        let reason = {
            // Checked for everyone (a malformed request is refused whoever sends it).
            let reason = parse_reason(reason)?;
            if own { None } else { reason }
        };
        let Some(images) = self.ports.posts.delete(id).await? else {
            return Err(PlazaError::NotFound);
        };
        for image in images {
            if let Some(media) = self.media.find(image).await? {
                // The post is gone either way; a file left behind is the sweep's to remove.
                if let Err(e) = self.media.delete(&media).await {
                    tracing::warn!(media = %image, error = %e, "a deleted post's image stayed");
                }
            }
        }
        if !own {
            self.audit(
                actor,
                AuditAction::PlazaPostDeleted,
                id.to_string(),
                with_reason(format!("author {}", post.author.id), reason.as_deref()),
            )
            .await;
            self.tell(
                NoticeKind::ContentRemoved,
                Audience::Users(vec![post.author.id]),
                actor.id,
                Subject::PlazaPost { post: id.0 },
                reason,
            )
            .await;
        }
        Ok(())
    }

    /// Likes a post once: a repeat changes nothing.
    ///
    /// # Errors
    /// `NotFound`, `Blocked` (a block stands between the two), `RateLimited`, `Unexpected`.
    pub async fn like(&self, user: UserId, post: PostId) -> Result<LikeState, PlazaError> {
        let liked = self
            .ports
            .posts
            .find(post, None)
            .await?
            .ok_or(PlazaError::NotFound)?;
        self.refuse_blocked(user, liked.author.id).await?;
        self.limit(format!("plaza:like:{user}"), self.policy.like_rate)
            .await?;
        let now = self.ports.clock.now();
        let state = self
            .ports
            .posts
            .like(post, user, now)
            .await?
            .ok_or(PlazaError::NotFound)?;
        if state.changed {
            self.tell(
                NoticeKind::Liked,
                Audience::Users(vec![liked.author.id]),
                user,
                Subject::PlazaPost { post: post.0 },
                None,
            )
            .await;
        }
        Ok(state)
    }

    /// Takes a like back: without one, nothing changes.
    ///
    /// # Errors
    /// `NotFound`, `RateLimited`, `Unexpected`.
    pub async fn unlike(&self, user: UserId, post: PostId) -> Result<LikeState, PlazaError> {
        self.limit(format!("plaza:like:{user}"), self.policy.like_rate)
            .await?;
        self.ports
            .posts
            .unlike(post, user)
            .await?
            .ok_or(PlazaError::NotFound)
    }

    /// A post's comments, oldest first, as the viewer sees them: without those of people they
    /// blocked or muted, or who blocked them.
    ///
    /// # Errors
    /// `NotFound` (no such post, or a block stands between the viewer and its author),
    /// `Unexpected`.
    pub async fn comments(
        &self,
        viewer: Option<UserId>,
        post: PostId,
        page: PageRequest,
    ) -> Result<Page<Comment>, PlazaError> {
        // A first page of a post that is gone says so rather than looking empty.
        if page.after.is_none() && self.ports.posts.find(post, viewer).await?.is_none() {
            return Err(PlazaError::NotFound);
        }
        self.ports.posts.comments(post, viewer, page).await
    }

    /// Whether `comment` under `post` can still be read: the post and the comment exist (a
    /// deleted one is gone), the comment is the post's, and no block stands between `viewer`
    /// and the post's author (every plaza post is public otherwise).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn comment_readable(
        &self,
        viewer: Option<UserId>,
        post: PostId,
        comment: CommentId,
    ) -> Result<bool, PlazaError> {
        let Some(found) = self.ports.posts.find_comment(comment).await? else {
            return Ok(false);
        };
        Ok(comment_shown(&found, post, viewer)
            && self.ports.posts.find(post, viewer).await?.is_some())
    }

    /// What `viewer` may read among some posts and some comments (each named with its post),
    /// as [`PlazaService::post`] and [`PlazaService::comment_readable`] decide one by one: two
    /// statements however many, one for the comments and one for the posts (those asked and
    /// the comments' own), and none for a kind not asked. The posts answered are every readable
    /// one of both.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn readable_among(
        &self,
        viewer: Option<UserId>,
        posts: &[PostId],
        comments: &[(PostId, CommentId)],
    ) -> Result<ReadableAmong, PlazaError> {
        let mut post_ids: Vec<PostId> = posts
            .iter()
            .copied()
            .chain(comments.iter().map(|(post, _)| *post))
            .collect();
        post_ids.sort();
        post_ids.dedup();
        let mut comment_ids: Vec<CommentId> = comments.iter().map(|(_, c)| *c).collect();
        comment_ids.sort();
        comment_ids.dedup();
        let found_comments = self.ports.posts.find_comments(&comment_ids).await?;
        let posts: HashMap<PostId, PostText> = self
            .ports
            .posts
            .find_many(&post_ids, viewer)
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
        let found_comments: HashMap<CommentId, Comment> =
            found_comments.into_iter().map(|c| (c.id, c)).collect();
        let comments = comments
            .iter()
            .filter(|(post, comment)| {
                posts.contains_key(post)
                    && found_comments
                        .get(comment)
                        .is_some_and(|found| comment_shown(found, *post, viewer))
            })
            .copied()
            .collect();
        Ok(ReadableAmong { posts, comments })
    }

    /// Comments on a post.
    ///
    /// # Errors
    /// `InvalidComment`, `WordsRefused`, `NotFound`, `Blocked` (a block stands between the
    /// commenter and the post's author, or someone the comment mentions), `RateLimited`,
    /// `Unexpected`.
    pub async fn comment(
        &self,
        author: UserId,
        post: PostId,
        body: &str,
    ) -> Result<Comment, PlazaError> {
        let body = parse_comment_body(body)?;
        let held = self.screen(&body)?;
        let answered = self
            .ports
            .posts
            .find(post, None)
            .await?
            .ok_or(PlazaError::NotFound)?;
        self.refuse_blocked(author, answered.author.id).await?;
        self.refuse_blocked_mentions(author, &body).await?;
        self.limit(format!("plaza:comment:{author}"), self.policy.comment_rate)
            .await?;
        let comment = NewComment {
            id: CommentId::new_random(),
            post,
            author,
            body,
            created_at: self.ports.clock.now(),
            held,
        };
        if !self.ports.posts.insert_comment(&comment).await? {
            return Err(PlazaError::NotFound);
        }
        let subject = Subject::PlazaComment {
            post: post.0,
            comment: comment.id.0,
        };
        if comment.held.is_some() {
            // Its author's alone until it is reviewed: nobody hears of it.
            return self.find_comment(comment.id).await;
        }
        self.tell(
            NoticeKind::Replied,
            Audience::Users(vec![answered.author.id]),
            author,
            subject,
            Some(excerpt(&comment.body)),
        )
        .await;
        self.tell_mentioned(&comment.body, author, subject).await;
        self.ports
            .posts
            .find_comment(comment.id)
            .await?
            .ok_or(PlazaError::NotFound)
    }

    /// Deletes a comment: its author may, and an administrator (audited when it is someone
    /// else's, whose author is told, with the `reason` when one is given).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `InvalidReason`, `Unexpected`.
    pub async fn delete_comment(
        &self,
        actor: &Actor,
        id: CommentId,
        reason: Option<&str>,
    ) -> Result<(), PlazaError> {
        let comment = self
            .ports
            .posts
            .find_comment(id)
            .await?
            .ok_or(PlazaError::NotFound)?;
        let own = comment.author.id == actor.id;
        if !own && actor.role != Role::Admin {
            return Err(PlazaError::NotAllowed);
        }
        // One's own deletion tells nobody: its reason is not read.
        let reason = {
            // Checked for everyone (a malformed request is refused whoever sends it).
            let reason = parse_reason(reason)?;
            if own { None } else { reason }
        };
        if !self.ports.posts.delete_comment(id).await? {
            return Err(PlazaError::NotFound);
        }
        if !own {
            self.audit(
                actor,
                AuditAction::PlazaCommentDeleted,
                id.to_string(),
                with_reason(
                    format!("post {}, author {}", comment.post, comment.author.id),
                    reason.as_deref(),
                ),
            )
            .await;
            self.tell(
                NoticeKind::ContentRemoved,
                Audience::Users(vec![comment.author.id]),
                actor.id,
                Subject::PlazaComment {
                    post: comment.post.0,
                    comment: id.0,
                },
                reason,
            )
            .await;
        }
        Ok(())
    }

    /// Edits the text of one's own post (its images and district stay), made from `from`, the
    /// version the editor loaded: the replaced text is kept as an earlier version. An unchanged
    /// text writes nothing. Those the new text names and the old one did not are told.
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed` (someone else's post), `InvalidBody`, `WordsRefused`, `Blocked`
    /// (it newly mentions someone a block stands between the author and), `RateLimited`,
    /// `Unexpected`. A post at another version than `from` is [`EditOutcome::Conflict`].
    #[tracing::instrument(skip(self, body))]
    pub async fn edit_post(
        &self,
        author: UserId,
        id: PostId,
        body: &str,
        from: u32,
    ) -> Result<EditOutcome<Post>, PlazaError> {
        let post = self.post(Some(author), id).await?;
        if post.author.id != author {
            return Err(PlazaError::NotAllowed);
        }
        let body = parse_post_body(body, !post.images.is_empty())?;
        let held = self.screen(&body)?;
        if let Some(named) = new_mentions(&post.body, &body) {
            self.refuse_blocked_mentions(author, &named).await?;
        }
        self.limit(format!("plaza:edit:{author}"), self.policy.edit_rate)
            .await?;
        if post.version != from {
            return Ok(EditOutcome::Conflict(post));
        }
        if post.body == body {
            return Ok(EditOutcome::Saved(post));
        }
        let at = self.ports.clock.now();
        if !self
            .ports
            .posts
            .edit_post(id, from, &body, at, held.clone())
            .await?
        {
            // A concurrent edit won (or the post was deleted meanwhile).
            return Ok(EditOutcome::Conflict(self.post(Some(author), id).await?));
        }
        tracing::info!(post = %id, version = from + 1, "plaza post edited");
        if post.withheld.is_none()
            && held.is_none()
            && let Some(named) = new_mentions(&post.body, &body)
        {
            self.tell(
                NoticeKind::Mentioned,
                Audience::MentionedIn(named),
                author,
                Subject::PlazaPost { post: id.0 },
                Some(excerpt(&body)),
            )
            .await;
        }
        Ok(EditOutcome::Saved(self.post(Some(author), id).await?))
    }

    /// Every text of a post, newest first (the current one, then those edits replaced): for
    /// its author and administrators.
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `Unexpected`.
    pub async fn post_versions(
        &self,
        viewer: &Actor,
        id: PostId,
    ) -> Result<Vec<TextVersion>, PlazaError> {
        let post = self
            .ports
            .posts
            .find_any(id)
            .await?
            .ok_or(PlazaError::NotFound)?;
        if post.author.id != viewer.id && viewer.role != Role::Admin {
            return Err(PlazaError::NotAllowed);
        }
        let mut versions = vec![TextVersion {
            version: post.version,
            body: post.body,
            written_at: post.edited_at.unwrap_or(post.created_at),
        }];
        versions.extend(self.ports.posts.post_versions(id).await?);
        Ok(versions)
    }

    /// Edits the text of one's own comment, as [`PlazaService::edit_post`] does a post's.
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `InvalidComment`, `WordsRefused`, `Blocked` (as
    /// [`PlazaService::edit_post`]), `RateLimited`, `Unexpected`; a comment at another version
    /// than `from` is [`EditOutcome::Conflict`].
    #[tracing::instrument(skip(self, body))]
    pub async fn edit_comment(
        &self,
        author: UserId,
        id: CommentId,
        body: &str,
        from: u32,
    ) -> Result<EditOutcome<Comment>, PlazaError> {
        let comment = self.find_comment(id).await?;
        if comment.author.id != author {
            return Err(PlazaError::NotAllowed);
        }
        let body = parse_comment_body(body)?;
        let held = self.screen(&body)?;
        if let Some(named) = new_mentions(&comment.body, &body) {
            self.refuse_blocked_mentions(author, &named).await?;
        }
        self.limit(format!("plaza:edit:{author}"), self.policy.edit_rate)
            .await?;
        if comment.version != from {
            return Ok(EditOutcome::Conflict(comment));
        }
        if comment.body == body {
            return Ok(EditOutcome::Saved(comment));
        }
        let at = self.ports.clock.now();
        if !self
            .ports
            .posts
            .edit_comment(id, from, &body, at, held.clone())
            .await?
        {
            return Ok(EditOutcome::Conflict(self.find_comment(id).await?));
        }
        tracing::info!(comment = %id, version = from + 1, "plaza comment edited");
        if comment.withheld.is_none()
            && held.is_none()
            && let Some(named) = new_mentions(&comment.body, &body)
        {
            self.tell(
                NoticeKind::Mentioned,
                Audience::MentionedIn(named),
                author,
                Subject::PlazaComment {
                    post: comment.post.0,
                    comment: id.0,
                },
                Some(excerpt(&body)),
            )
            .await;
        }
        Ok(EditOutcome::Saved(self.find_comment(id).await?))
    }

    /// Every text of a comment, newest first: for its author and administrators.
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `Unexpected`.
    pub async fn comment_versions(
        &self,
        viewer: &Actor,
        id: CommentId,
    ) -> Result<Vec<TextVersion>, PlazaError> {
        let comment = self.find_comment(id).await?;
        if comment.author.id != viewer.id && viewer.role != Role::Admin {
            return Err(PlazaError::NotAllowed);
        }
        let mut versions = vec![TextVersion {
            version: comment.version,
            body: comment.body,
            written_at: comment.edited_at.unwrap_or(comment.created_at),
        }];
        versions.extend(self.ports.posts.comment_versions(id).await?);
        Ok(versions)
    }

    async fn find_comment(&self, id: CommentId) -> Result<Comment, PlazaError> {
        self.ports
            .posts
            .find_comment(id)
            .await?
            .ok_or(PlazaError::NotFound)
    }

    async fn audit(&self, actor: &Actor, action: AuditAction, target: String, detail: String) {
        let event = AuditEvent {
            at: self.ports.clock.now(),
            actor: Some(actor.id),
            action: action.into(),
            target: Some(target),
            ip: actor.ip.clone(),
            detail: Some(detail),
        };
        // The deletion happened; a log that cannot be written is reported, not turned into a
        // failure the moderator would retry.
        if let Err(e) = self.ports.audit.record(event).await {
            tracing::error!(error = %e, action = action.as_str(), "audit event not recorded");
        }
    }
}

/// What [`PlazaService::readable_among`] found readable.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadableAmong {
    /// The posts the viewer may read, by id.
    pub posts: HashMap<PostId, PostText>,
    /// The comments the viewer may read, each with the post it was asked under.
    pub comments: HashSet<(PostId, CommentId)>,
}

/// The comment's own rule, once found: it is `post`'s, and withheld (held or hidden) from
/// everyone but its author. The post's rule is [`PostRepository::find`]'s. Asked by
/// [`PlazaService::comment_readable`] and [`PlazaService::readable_among`] alike.
fn comment_shown(found: &Comment, post: PostId, viewer: Option<UserId>) -> bool {
    found.post == post && (found.withheld.is_none() || Some(found.author.id) == viewer)
}

/// An audit detail with the moderator's reason, when given.
fn with_reason(detail: String, reason: Option<&str>) -> String {
    match reason {
        Some(reason) => format!("{detail}; reason: {reason}"),
        None => detail,
    }
}

/// Answers the media domain's question for the plaza's images: a posted image is anyone's (and
/// cacheable); an upload not yet posted is its owner's alone.
pub struct PlazaMediaAccess;

#[async_trait]
impl MediaAccess for PlazaMediaAccess {
    async fn readable(
        &self,
        viewer: Option<UserId>,
        media: &Media,
    ) -> Result<Readable, MediaError> {
        Ok(match media.state {
            _ if media.kind != MediaKind::Plaza => Readable::No,
            MediaState::Attached => Readable::Public,
            MediaState::Unattached if viewer == Some(media.owner) => Readable::Private,
            MediaState::Unattached | MediaState::Pending => Readable::No,
        })
    }
}

#[cfg(test)]
mod tests;
