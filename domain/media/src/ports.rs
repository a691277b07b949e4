//! What the media use cases need from the outside world.

use crate::error::MediaError;
use crate::model::catalog::{CatalogEntry, CatalogFilter, StorageUsage};
use crate::model::{ImageLimits, Media, MediaState, ProcessedImage};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{ArticleId, GroupId, MediaId, Page, PageRequest, UserId};

/// Where the bytes live: a folder, or an S3-compatible bucket shared by every instance.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait MediaStore: Send + Sync {
    /// Writes (or overwrites) the object at `key`.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached or refuses the write.
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), MediaError>;

    /// The object at `key`, or `None` when there is none.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError>;

    /// Removes the object at `key`; removing one that is not there succeeds.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    async fn delete(&self, key: &str) -> Result<(), MediaError>;

    /// `filesystem` or `s3`, for the admin overview.
    fn kind(&self) -> &'static str;

    /// Whether the store answers now, for the readiness check: cheap, and no object is read or
    /// written (a folder that is there; a bucket that answers one request about a key).
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached or refuses (a folder gone, wrong keys).
    async fn check(&self) -> Result<(), MediaError>;
}

/// Decodes, checks, cleans and thumbnails an upload, off the async executor and with a fixed
/// number of decodings at once.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ImageProcessor: Send + Sync {
    /// The upload re-encoded without metadata (EXIF orientation applied first), and its
    /// thumbnail. The caller has checked the format by [`crate::ImageFormat::sniff`].
    ///
    /// # Errors
    /// `TooManyPixels` past `limits.max_pixels` (judged from the header, before decoding);
    /// `Corrupt` when the bytes do not decode; `UnsupportedType` when they are not an image of
    /// ours; `Busy` when no worker freed up within the processor's wait.
    async fn process(
        &self,
        bytes: Vec<u8>,
        limits: ImageLimits,
    ) -> Result<ProcessedImage, MediaError>;
}

/// The rows that describe stored files.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait MediaRepository: Send + Sync {
    /// Inserts a row (its state as given: `Pending` before its objects are written).
    ///
    /// # Errors
    /// `Unexpected` only (a group or article that is gone included).
    async fn insert(&self, media: &Media) -> Result<(), MediaError>;

    /// Moves a row to `state`; `false` when there is no such row.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn set_state(&self, id: MediaId, state: MediaState) -> Result<bool, MediaError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find(&self, id: MediaId) -> Result<Option<Media>, MediaError>;

    /// Deletes the row; deleting one that is gone succeeds.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete(&self, id: MediaId) -> Result<(), MediaError>;

    /// Bytes stored for `owner` (every state: pending files hold space too).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn bytes_of_owner(&self, owner: UserId) -> Result<u64, MediaError>;

    /// A group's attached gallery images, newest first (`created_at`, then id); of the images
    /// uploaded for an article that is not published, only those `unpublished` says.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn gallery(
        &self,
        group: GroupId,
        unpublished: crate::model::UnpublishedImages,
        page: PageRequest,
    ) -> Result<Page<Media>, MediaError>;

    /// Up to `limit` rows of a group, of any kind and state (to delete them all in batches).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn of_group(&self, group: GroupId, limit: u64) -> Result<Vec<Media>, MediaError>;

    /// Up to `limit` rows uploaded for an article.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn of_article(&self, article: ArticleId, limit: u64) -> Result<Vec<Media>, MediaError>;

    /// Up to `limit` rows that are `Pending` or `Unattached` and were last touched before
    /// `before`: kept at (see [`MediaRepository::keep`]) when they were kept, else created at.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn stale(&self, before: DateTime<Utc>, limit: u64) -> Result<Vec<Media>, MediaError>;

    /// Marks those of `ids` that `owner` owns and that are `Unattached` as kept at `at` (a
    /// draft still holds them: the sweep measures their age from `at`); answers which were.
    /// Another owner's rows, attached or pending ones and ids that do not exist are left alone
    /// and left out of the answer alike.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn keep(
        &self,
        owner: UserId,
        ids: &[MediaId],
        at: DateTime<Utc>,
    ) -> Result<Vec<MediaId>, MediaError>;
}

/// The admin gallery's reading and marking of every row (the same table as
/// [`MediaRepository`], seen whole).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait MediaCatalog: Send + Sync {
    /// The rows `filter` selects, of every kind and owner, newest first (`created_at`, then
    /// id), hidden ones included and `Pending` ones (being written or deleted) left out; each
    /// with its owner, its group's name and the plaza post showing it.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn list(
        &self,
        filter: &CatalogFilter,
        page: PageRequest,
    ) -> Result<Page<CatalogEntry>, MediaError>;

    /// Bytes and files stored, every row counted (pending ones hold space too).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn usage(&self) -> Result<StorageUsage, MediaError>;

    /// Sets or clears (`None`) when the row was hidden; `false` when there is no such row.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn set_hidden(
        &self,
        id: MediaId,
        hidden_at: Option<DateTime<Utc>>,
    ) -> Result<bool, MediaError>;
}

/// Who may read a stored file: the domain that owns its context answers (groups for a group's
/// files). Wired in the composition root.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait MediaAccess: Send + Sync {
    /// Whether `viewer` (`None`: signed out) may read `media`, and whether anyone may
    /// (`Readable::Public`, which lets caches keep it).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn readable(&self, viewer: Option<UserId>, media: &Media)
    -> Result<Readable, MediaError>;
}

/// A [`MediaAccess`] answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readable {
    /// Anyone may read it.
    Public,
    /// This viewer may, others may not.
    Private,
    /// This viewer may not.
    No,
}

/// Routes the question to the domain that owns each kind of file (groups for galleries and
/// covers, the plaza for its images); a kind nobody claimed is refused (fail closed).
pub struct AccessByKind {
    routes: Vec<(crate::model::MediaKind, std::sync::Arc<dyn MediaAccess>)>,
}

impl AccessByKind {
    pub fn new(routes: Vec<(crate::model::MediaKind, std::sync::Arc<dyn MediaAccess>)>) -> Self {
        Self { routes }
    }
}

#[async_trait]
impl MediaAccess for AccessByKind {
    async fn readable(
        &self,
        viewer: Option<UserId>,
        media: &Media,
    ) -> Result<Readable, MediaError> {
        match self.routes.iter().find(|(kind, _)| *kind == media.kind) {
            Some((_, access)) => access.readable(viewer, media).await,
            None => Ok(Readable::No),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::model::{ImageFormat, MediaKind};
    use std::sync::Arc;

    fn file(kind: MediaKind) -> Media {
        Media {
            id: MediaId::new_random(),
            owner: UserId::new_random(),
            group: None,
            article: None,
            kind,
            state: MediaState::Attached,
            format: ImageFormat::Png,
            width: 1,
            height: 1,
            thumb_width: 1,
            thumb_height: 1,
            bytes: 1,
            created_at: chrono::Utc::now(),
            hidden_at: None,
        }
    }

    #[tokio::test]
    async fn each_kind_is_judged_by_its_owner_and_an_unclaimed_kind_by_nobody() {
        let mut groups = MockMediaAccess::new();
        groups
            .expect_readable()
            .withf(|_, m| m.kind == MediaKind::Cover)
            .times(1)
            .returning(|_, _| Ok(Readable::Public));
        let access = AccessByKind::new(vec![(MediaKind::Cover, Arc::new(groups))]);
        assert_eq!(
            access
                .readable(None, &file(MediaKind::Cover))
                .await
                .unwrap(),
            Readable::Public
        );
        assert_eq!(
            access
                .readable(None, &file(MediaKind::Plaza))
                .await
                .unwrap(),
            Readable::No
        );
    }
}
