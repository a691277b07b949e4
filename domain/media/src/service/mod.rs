//! The media use cases: upload, read with an access check, delete, sweep.

use crate::error::MediaError;
use crate::model::{ImageFormat, ImageLimits, Media, MediaKind, MediaState, Variant};
use crate::ports::{ImageProcessor, MediaAccess, MediaRepository, MediaStore, Readable};
use chrono::{DateTime, Duration, Utc};
use kernel::{
    ArticleId, Clock, GroupId, MediaId, Page, PageRequest, RateDecision, RateLimitRule,
    RateLimiter, UserId,
};
use std::sync::Arc;

/// The limits of uploads (docs/configuration.md, `MEDIA_*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaPolicy {
    /// Bytes one upload may have.
    pub max_upload_bytes: u64,
    /// Pixels (width × height) one image may have.
    pub max_pixels: u64,
    /// Pixels an animated GIF may have over all its frames (frames × width × height).
    pub max_animation_pixels: u64,
    /// The longer edge of a thumbnail, in pixels.
    pub thumb_max_edge: u32,
    /// Bytes one user may have stored, originals and thumbnails together.
    pub user_quota_bytes: u64,
    /// Uploads per user.
    pub upload_rate: RateLimitRule,
    /// A pending or never attached file is swept once this much older (than its upload, or
    /// than the last time a draft kept it).
    pub sweep_after_secs: i64,
    /// "Keep these uploads of my draft" calls per user.
    pub keep_rate: RateLimitRule,
}

impl Default for MediaPolicy {
    fn default() -> Self {
        Self {
            max_upload_bytes: 20 * 1024 * 1024,
            max_pixels: 50_000_000,
            max_animation_pixels: 100_000_000,
            thumb_max_edge: 480,
            user_quota_bytes: 1024 * 1024 * 1024,
            upload_rate: RateLimitRule {
                limit: 120,
                window_secs: 3600,
            },
            sweep_after_secs: 24 * 3600,
            keep_rate: RateLimitRule {
                limit: 240,
                window_secs: 3600,
            },
        }
    }
}

pub struct MediaPorts {
    pub store: Arc<dyn MediaStore>,
    pub repo: Arc<dyn MediaRepository>,
    pub processor: Arc<dyn ImageProcessor>,
    pub access: Arc<dyn MediaAccess>,
    pub limiter: Arc<dyn RateLimiter>,
    pub clock: Arc<dyn Clock>,
}

/// An upload as it arrives: who, for what, and the bytes.
#[derive(Clone)]
pub struct NewUpload {
    pub owner: UserId,
    pub group: Option<GroupId>,
    pub article: Option<ArticleId>,
    pub kind: MediaKind,
    /// `Attached` for files in use at once (a gallery image, a cover); `Unattached` for files
    /// waiting for what will use them.
    pub attach: bool,
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for NewUpload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewUpload")
            .field("owner", &self.owner)
            .field("group", &self.group)
            .field("kind", &self.kind)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// A file to serve.
#[derive(Debug, Clone)]
pub struct StoredFile {
    pub media: Media,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
    /// Anyone may read it (caches may keep it); else only this viewer.
    pub public: bool,
}

/// Uploads one [`MediaService::keep`] call may name (a plaza draft holds at most nine).
pub const MAX_KEEP_PER_CALL: usize = 9;

/// What [`MediaService::keep`] answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptUploads {
    /// The asker's unattached uploads among those named, now safe from the sweep until
    /// `keep_until`.
    pub kept: Vec<MediaId>,
    /// The others, in the order named: gone (swept, deleted), never theirs, or already in use.
    pub missing: Vec<MediaId>,
    /// When the sweep may take the kept uploads unless they are kept again.
    pub keep_until: DateTime<Utc>,
}

/// Rows handled per batch when a group's or an article's files are deleted.
const DELETE_BATCH: u64 = 100;

pub struct MediaService {
    ports: MediaPorts,
    policy: MediaPolicy,
}

impl MediaService {
    pub fn new(ports: MediaPorts, policy: MediaPolicy) -> Self {
        Self { ports, policy }
    }

    pub fn policy(&self) -> &MediaPolicy {
        &self.policy
    }

    /// Where the files are kept (`filesystem`, `s3`), for the admin overview.
    pub fn store_kind(&self) -> &'static str {
        self.ports.store.kind()
    }

    /// Whether the store answers now (the readiness check): [`MediaStore::check`].
    ///
    /// # Errors
    /// `Unexpected` when it cannot be reached or refuses.
    ///
    /// [`MediaStore::check`]: crate::ports::MediaStore::check
    #[tracing::instrument(skip(self))]
    pub async fn check_store(&self) -> Result<(), MediaError> {
        self.ports.store.check().await
    }

    /// The checks of [`MediaService::upload`] that need no bytes, for `owner` about to send
    /// one of `declared` bytes (its `Content-Length`, when it has one): the size, the rate
    /// (peeked, not counted: the upload counts it) and the quota. Run before an upload takes one
    /// of the instance's places, so a refused one never holds a place while its body arrives.
    ///
    /// # Errors
    /// `TooLarge`, `RateLimited`, `QuotaExceeded`; `Unexpected`.
    pub async fn admit(&self, owner: UserId, declared: Option<u64>) -> Result<(), MediaError> {
        if declared.is_some_and(|n| n > self.policy.max_upload_bytes) {
            return Err(MediaError::TooLarge {
                max_bytes: self.policy.max_upload_bytes,
            });
        }
        let now = self.ports.clock.now();
        let key = format!("media:upload:{owner}");
        if let RateDecision::Limited { retry_after_secs } = self
            .ports
            .limiter
            .peek(&key, self.policy.upload_rate, now)
            .await?
        {
            return Err(MediaError::RateLimited { retry_after_secs });
        }
        let used = self.ports.repo.bytes_of_owner(owner).await?;
        // An upload of unknown size needs at least a byte of room.
        if used.saturating_add(declared.unwrap_or(1).max(1)) > self.policy.user_quota_bytes {
            return Err(MediaError::QuotaExceeded {
                quota_bytes: self.policy.user_quota_bytes,
            });
        }
        Ok(())
    }

    /// Checks, cleans and stores an upload; its row first (`Pending`), then its objects, then
    /// the row's final state. Whatever fails after the row was written is undone here, or, if
    /// the process dies, by [`MediaService::sweep`].
    ///
    /// # Errors
    /// `TooLarge`, `UnsupportedType` (by content), `RateLimited`, `QuotaExceeded`, and the
    /// processor's `TooManyPixels`, `Corrupt`, `Busy`; `Unexpected`.
    #[tracing::instrument(skip_all, fields(owner = %upload.owner, kind = upload.kind.as_str(), bytes = upload.bytes.len()))]
    pub async fn upload(&self, upload: NewUpload) -> Result<Media, MediaError> {
        let size = upload.bytes.len() as u64;
        if size > self.policy.max_upload_bytes {
            return Err(MediaError::TooLarge {
                max_bytes: self.policy.max_upload_bytes,
            });
        }
        if ImageFormat::sniff(&upload.bytes).is_none() {
            return Err(MediaError::UnsupportedType);
        }
        let now = self.ports.clock.now();
        let key = format!("media:upload:{}", upload.owner);
        if let RateDecision::Limited { retry_after_secs } = self
            .ports
            .limiter
            .hit(&key, self.policy.upload_rate, now)
            .await?
        {
            return Err(MediaError::RateLimited { retry_after_secs });
        }
        let used = self.ports.repo.bytes_of_owner(upload.owner).await?;
        if used.saturating_add(size) > self.policy.user_quota_bytes {
            return Err(MediaError::QuotaExceeded {
                quota_bytes: self.policy.user_quota_bytes,
            });
        }
        let image = self
            .ports
            .processor
            .process(
                upload.bytes,
                ImageLimits {
                    max_pixels: self.policy.max_pixels,
                    max_animation_pixels: self.policy.max_animation_pixels,
                    thumb_max_edge: self.policy.thumb_max_edge,
                },
            )
            .await?;
        let stored = (image.original.len() + image.thumbnail.len()) as u64;
        if used.saturating_add(stored) > self.policy.user_quota_bytes {
            return Err(MediaError::QuotaExceeded {
                quota_bytes: self.policy.user_quota_bytes,
            });
        }
        let mut media = Media {
            id: MediaId::new_random(),
            owner: upload.owner,
            group: upload.group,
            article: upload.article,
            kind: upload.kind,
            state: MediaState::Pending,
            format: image.format,
            width: image.width,
            height: image.height,
            thumb_width: image.thumb_width,
            thumb_height: image.thumb_height,
            bytes: stored,
            created_at: now,
            hidden_at: None,
        };
        self.ports.repo.insert(&media).await?;
        let final_state = if upload.attach {
            MediaState::Attached
        } else {
            MediaState::Unattached
        };
        let written = async {
            self.ports
                .store
                .put(
                    &media.key(Variant::Original),
                    image.original,
                    media.content_type(Variant::Original),
                )
                .await?;
            self.ports
                .store
                .put(
                    &media.key(Variant::Thumbnail),
                    image.thumbnail,
                    media.content_type(Variant::Thumbnail),
                )
                .await?;
            self.ports.repo.set_state(media.id, final_state).await
        }
        .await;
        match written {
            Ok(true) => {
                media.state = final_state;
                Ok(media)
            }
            Ok(false) => {
                // The row went away while the objects were written (its group was deleted).
                self.remove_objects(&media).await?;
                Err(MediaError::NotFound)
            }
            Err(e) => {
                if let Err(undo) = self.remove(&media).await {
                    tracing::warn!(error = %undo, media = %media.id, "an upload could not be undone; the sweep will");
                }
                Err(e)
            }
        }
    }

    /// The row of a file, whatever its state.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn find(&self, id: MediaId) -> Result<Option<Media>, MediaError> {
        self.ports.repo.find(id).await
    }

    /// A file for `viewer`, if they may read it.
    ///
    /// # Errors
    /// `NotFound` for a file that does not exist, is not stored yet, or that the viewer may not
    /// read (one answer for all three); `Unexpected`.
    /// A file an admin hid is not found for anyone here ([`MediaService::read_as_admin`]).
    pub async fn read(
        &self,
        viewer: Option<UserId>,
        id: MediaId,
        variant: Variant,
    ) -> Result<StoredFile, MediaError> {
        let media = self
            .ports
            .repo
            .find(id)
            .await?
            .filter(|m| m.state != MediaState::Pending && m.hidden_at.is_none())
            .ok_or(MediaError::NotFound)?;
        let public = match self.ports.access.readable(viewer, &media).await? {
            Readable::Public => true,
            Readable::Private => false,
            Readable::No => return Err(MediaError::NotFound),
        };
        self.load(media, variant, public).await
    }

    /// A file for an administrator (the caller has checked the role): any stored file,
    /// hidden or in a private group, never cacheable by others.
    ///
    /// # Errors
    /// `NotFound` for a file that does not exist or is not stored yet; `Unexpected`.
    pub async fn read_as_admin(
        &self,
        id: MediaId,
        variant: Variant,
    ) -> Result<StoredFile, MediaError> {
        let media = self
            .ports
            .repo
            .find(id)
            .await?
            .filter(|m| m.state != MediaState::Pending)
            .ok_or(MediaError::NotFound)?;
        self.load(media, variant, false).await
    }

    async fn load(
        &self,
        media: Media,
        variant: Variant,
        public: bool,
    ) -> Result<StoredFile, MediaError> {
        let Some(bytes) = self.ports.store.get(&media.key(variant)).await? else {
            // Deleted or swept between finding its row and reading its object (the row is
            // marked pending before the objects go): gone, not broken. Only a row still
            // served without its object is a fault.
            let still_served = self
                .ports
                .repo
                .find(media.id)
                .await?
                .is_some_and(|m| m.state != MediaState::Pending);
            return Err(if still_served {
                MediaError::Unexpected(anyhow::anyhow!("the object of {} is missing", media.id))
            } else {
                MediaError::NotFound
            });
        };
        Ok(StoredFile {
            content_type: media.content_type(variant),
            media,
            bytes,
            public,
        })
    }

    /// A group's gallery, newest first, with the images of unpublished articles that
    /// `unpublished` says. The caller has checked that the viewer may see it.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn gallery(
        &self,
        group: GroupId,
        unpublished: crate::model::UnpublishedImages,
        page: PageRequest,
    ) -> Result<Page<Media>, MediaError> {
        self.ports.repo.gallery(group, unpublished, page).await
    }

    /// Deletes a file: its row is marked pending (never served again, and swept if this is
    /// interrupted), its objects go, then its row. The caller decides who may.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn delete(&self, media: &Media) -> Result<(), MediaError> {
        self.ports
            .repo
            .set_state(media.id, MediaState::Pending)
            .await?;
        self.remove(media).await
    }

    /// Deletes every file of a group (before the group itself goes).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn delete_of_group(&self, group: GroupId) -> Result<usize, MediaError> {
        let mut deleted = 0;
        loop {
            let batch = self.ports.repo.of_group(group, DELETE_BATCH).await?;
            if batch.is_empty() {
                return Ok(deleted);
            }
            for media in &batch {
                self.delete(media).await?;
            }
            deleted += batch.len();
        }
    }

    /// Deletes every file uploaded for an article.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn delete_of_article(&self, article: ArticleId) -> Result<usize, MediaError> {
        let mut deleted = 0;
        loop {
            let batch = self.ports.repo.of_article(article, DELETE_BATCH).await?;
            if batch.is_empty() {
                return Ok(deleted);
            }
            for media in &batch {
                self.delete(media).await?;
            }
            deleted += batch.len();
        }
    }

    /// "These uploads are still in my draft": `owner`'s unattached uploads among `ids` are
    /// marked kept now, so the sweep measures their grace period from now instead of from the
    /// upload. Bounded: at most [`MAX_KEEP_PER_CALL`] ids (repeats count once), rate-limited
    /// per user. An id that is not the owner's is answered as missing, exactly as one that
    /// does not exist, so nothing leaks.
    ///
    /// # Errors
    /// `TooManyToKeep`, `RateLimited`; `Unexpected`.
    #[tracing::instrument(skip(self, ids), fields(ids = ids.len()))]
    pub async fn keep(&self, owner: UserId, ids: &[MediaId]) -> Result<KeptUploads, MediaError> {
        let mut unique: Vec<MediaId> = Vec::with_capacity(ids.len());
        for id in ids {
            if !unique.contains(id) {
                unique.push(*id);
            }
        }
        if unique.len() > MAX_KEEP_PER_CALL {
            return Err(MediaError::TooManyToKeep {
                max: MAX_KEEP_PER_CALL,
            });
        }
        let now = self.ports.clock.now();
        let key = format!("media:keep:{owner}");
        if let RateDecision::Limited { retry_after_secs } = self
            .ports
            .limiter
            .hit(&key, self.policy.keep_rate, now)
            .await?
        {
            return Err(MediaError::RateLimited { retry_after_secs });
        }
        let kept = if unique.is_empty() {
            Vec::new()
        } else {
            self.ports.repo.keep(owner, &unique, now).await?
        };
        let missing = unique.into_iter().filter(|id| !kept.contains(id)).collect();
        Ok(KeptUploads {
            kept,
            missing,
            keep_until: now + Duration::seconds(self.policy.sweep_after_secs),
        })
    }

    /// Removes files left pending (an interrupted upload or delete) or never attached, once
    /// older than the grace period (counted from the last time a draft kept them, if one did);
    /// how many went.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn sweep(&self) -> Result<usize, MediaError> {
        let before = self.ports.clock.now() - Duration::seconds(self.policy.sweep_after_secs);
        let mut swept = 0;
        loop {
            let batch = self.ports.repo.stale(before, DELETE_BATCH).await?;
            if batch.is_empty() {
                return Ok(swept);
            }
            // Marked pending first, as a delete does: never served again while its objects
            // go (a read in between found the row and not the file: a 500).
            for media in &batch {
                self.delete(media).await?;
            }
            swept += batch.len();
        }
    }

    async fn remove_objects(&self, media: &Media) -> Result<(), MediaError> {
        for key in media.keys() {
            self.ports.store.delete(&key).await?;
        }
        Ok(())
    }

    /// Objects first, then the row: never a row without its objects being on their way out.
    async fn remove(&self, media: &Media) -> Result<(), MediaError> {
        self.remove_objects(media).await?;
        self.ports.repo.delete(media.id).await
    }
}

pub mod admin;

#[cfg(test)]
mod tests;
