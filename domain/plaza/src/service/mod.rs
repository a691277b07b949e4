//! The plaza use cases. Reading is anyone's; posting, liking and commenting need an account and
//! are limited per person (counters in the database); a post or comment is deleted by its
//! author or, audited, by an administrator.

use crate::error::PlazaError;
use crate::model::{
    Comment, CommentId, LikeState, MAX_POST_IMAGES, NewComment, NewPost, Post, PostId,
    parse_comment_body, parse_post_body,
};
use crate::ports::PostRepository;
use async_trait::async_trait;
use districts::DistrictCode;
use districts::ports::DistrictRepository;
use kernel::{
    AuditAction, AuditEvent, AuditLog, Clock, Cursor, MediaId, Page, PageRequest, RateDecision,
    RateLimitRule, RateLimiter, Role, UserId,
};
use media::ports::{MediaAccess, Readable};
use media::{Media, MediaError, MediaKind, MediaService, MediaState, NewUpload};
use std::collections::HashSet;
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
        }
    }
}

/// The most new posts the feed's "N new posts" banner counts.
pub const NEW_POSTS_CAP: u32 = 99;

pub struct PlazaPorts {
    pub posts: Arc<dyn PostRepository>,
    pub districts: Arc<dyn DistrictRepository>,
    pub limiter: Arc<dyn RateLimiter>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
    /// Tells people of comments, likes and mentions, and the streams of new posts.
    pub notifier: Arc<dyn kernel::Notifier>,
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
    /// is public, as in the feed.
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

    /// How many posts arrived above `head` (the feed's first post when it was loaded), up to
    /// [`NEW_POSTS_CAP`].
    ///
    /// # Errors
    /// `UnknownDistrict`, `Unexpected`.
    pub async fn count_newer(
        &self,
        head: Cursor,
        district: Option<&str>,
    ) -> Result<u32, PlazaError> {
        let district = Self::district_filter(district)?;
        self.ports
            .posts
            .count_newer(head, district, NEW_POSTS_CAP)
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
    /// `InvalidBody`, `TooManyImages`, `ImageNotUsable`, `UnknownDistrict`, `RateLimited`,
    /// `Unexpected`.
    #[tracing::instrument(skip_all, fields(author = %author))]
    pub async fn create(&self, author: UserId, input: NewPostInput) -> Result<Post, PlazaError> {
        if input.images.len() > MAX_POST_IMAGES {
            return Err(PlazaError::TooManyImages);
        }
        let body = parse_post_body(&input.body, !input.images.is_empty())?;
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
        };
        self.ports.posts.insert(&post).await?;
        tracing::info!(post = %post.id, images = post.images.len(), "plaza post written");
        self.post(Some(author), post.id).await
    }

    /// Deletes a post and its images' files: its author may, and an administrator (audited as
    /// moderation when the post is someone else's).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `Unexpected`.
    pub async fn delete(&self, actor: &Actor, id: PostId) -> Result<(), PlazaError> {
        let post = self.post(Some(actor.id), id).await?;
        let own = post.author.id == actor.id;
        if !own && actor.role != Role::Admin {
            return Err(PlazaError::NotAllowed);
        }
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
                format!("author {}", post.author.id),
            )
            .await;
        }
        Ok(())
    }

    /// Likes a post once: a repeat changes nothing.
    ///
    /// # Errors
    /// `NotFound`, `RateLimited`, `Unexpected`.
    pub async fn like(&self, user: UserId, post: PostId) -> Result<LikeState, PlazaError> {
        self.limit(format!("plaza:like:{user}"), self.policy.like_rate)
            .await?;
        let now = self.ports.clock.now();
        self.ports
            .posts
            .like(post, user, now)
            .await?
            .ok_or(PlazaError::NotFound)
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

    /// A post's comments, oldest first.
    ///
    /// # Errors
    /// `NotFound`, `Unexpected`.
    pub async fn comments(
        &self,
        post: PostId,
        page: PageRequest,
    ) -> Result<Page<Comment>, PlazaError> {
        // A first page of a post that is gone says so rather than looking empty.
        if page.after.is_none() && self.ports.posts.find(post, None).await?.is_none() {
            return Err(PlazaError::NotFound);
        }
        self.ports.posts.comments(post, page).await
    }

    /// Whether `comment` under `post` can still be read: the post and the comment exist (a
    /// deleted one is gone) and the comment is the post's. Every plaza post is public, so
    /// `viewer` changes nothing today; it is asked so the answer can follow the post's rules.
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
        Ok(found.post == post && self.ports.posts.find(post, viewer).await?.is_some())
    }

    /// Comments on a post.
    ///
    /// # Errors
    /// `InvalidComment`, `NotFound`, `RateLimited`, `Unexpected`.
    pub async fn comment(
        &self,
        author: UserId,
        post: PostId,
        body: &str,
    ) -> Result<Comment, PlazaError> {
        let body = parse_comment_body(body)?;
        self.limit(format!("plaza:comment:{author}"), self.policy.comment_rate)
            .await?;
        let comment = NewComment {
            id: CommentId::new_random(),
            post,
            author,
            body,
            created_at: self.ports.clock.now(),
        };
        if !self.ports.posts.insert_comment(&comment).await? {
            return Err(PlazaError::NotFound);
        }
        self.ports
            .posts
            .find_comment(comment.id)
            .await?
            .ok_or(PlazaError::NotFound)
    }

    /// Deletes a comment: its author may, and an administrator (audited when it is someone
    /// else's).
    ///
    /// # Errors
    /// `NotFound`, `NotAllowed`, `Unexpected`.
    pub async fn delete_comment(&self, actor: &Actor, id: CommentId) -> Result<(), PlazaError> {
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
        if !self.ports.posts.delete_comment(id).await? {
            return Err(PlazaError::NotFound);
        }
        if !own {
            self.audit(
                actor,
                AuditAction::PlazaCommentDeleted,
                id.to_string(),
                format!("post {}, author {}", comment.post, comment.author.id),
            )
            .await;
        }
        Ok(())
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
