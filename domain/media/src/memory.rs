//! In-memory media ports for tests, this crate's and other domains' (feature `mocks`): a
//! plain model of the store's and the repository's contracts, inspectable by the test.

#![allow(clippy::unwrap_used)]

use crate::error::MediaError;
use crate::model::catalog::{CatalogEntry, CatalogFilter, OwnerRef, StorageUsage};
use crate::model::{Media, MediaKind, MediaState, UnpublishedImages};
use crate::ports::{MediaCatalog, MediaRepository, MediaStore};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{ArticleId, Cursor, GroupId, MediaId, Page, PageRequest, UserId};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// A [`MediaStore`] in memory.
#[derive(Default)]
pub struct MemoryStore {
    /// Every object by key.
    pub objects: Mutex<BTreeMap<String, Vec<u8>>>,
    /// When set, writing a thumbnail fails (a store that fails half-way through an upload).
    pub fail_thumbnail_puts: Mutex<bool>,
}

#[async_trait]
impl MediaStore for MemoryStore {
    async fn put(&self, key: &str, bytes: Vec<u8>, _: &str) -> Result<(), MediaError> {
        if *self.fail_thumbnail_puts.lock().unwrap() && key.ends_with("thumb.jpg") {
            return Err(MediaError::Unexpected(anyhow::anyhow!("disk full")));
        }
        self.objects.lock().unwrap().insert(key.to_owned(), bytes);
        Ok(())
    }
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError> {
        Ok(self.objects.lock().unwrap().get(key).cloned())
    }
    async fn delete(&self, key: &str) -> Result<(), MediaError> {
        self.objects.lock().unwrap().remove(key);
        Ok(())
    }
    fn kind(&self) -> &'static str {
        "memory"
    }
    async fn check(&self) -> Result<(), MediaError> {
        Ok(())
    }
}

/// A [`MediaRepository`] in memory, keeping its contract (pages, kinds, states).
#[derive(Default)]
pub struct MemoryRepository {
    /// Every row by id.
    pub rows: Mutex<HashMap<MediaId, Media>>,
    /// When a row was last kept ([`MediaRepository::keep`]).
    pub kept: Mutex<HashMap<MediaId, DateTime<Utc>>>,
    /// The articles the gallery asks about: author, and whether published. An article not
    /// named here counts as an unpublished one of nobody's.
    pub articles: Mutex<HashMap<ArticleId, (UserId, bool)>>,
}

#[async_trait]
impl MediaRepository for MemoryRepository {
    async fn insert(&self, media: &Media) -> Result<(), MediaError> {
        self.rows.lock().unwrap().insert(media.id, media.clone());
        Ok(())
    }
    async fn set_state(&self, id: MediaId, state: MediaState) -> Result<bool, MediaError> {
        Ok(self
            .rows
            .lock()
            .unwrap()
            .get_mut(&id)
            .map(|m| m.state = state)
            .is_some())
    }
    async fn find(&self, id: MediaId) -> Result<Option<Media>, MediaError> {
        Ok(self.rows.lock().unwrap().get(&id).cloned())
    }
    async fn delete(&self, id: MediaId) -> Result<(), MediaError> {
        self.rows.lock().unwrap().remove(&id);
        Ok(())
    }
    async fn bytes_of_owner(&self, owner: UserId) -> Result<u64, MediaError> {
        Ok(self
            .rows
            .lock()
            .unwrap()
            .values()
            .filter(|m| m.owner == owner)
            .map(|m| m.bytes)
            .sum())
    }
    async fn gallery(
        &self,
        group: GroupId,
        unpublished: UnpublishedImages,
        page: PageRequest,
    ) -> Result<Page<Media>, MediaError> {
        let articles = self.articles.lock().unwrap().clone();
        let shown = |m: &Media| match (m.article, unpublished) {
            (None, _) | (Some(_), UnpublishedImages::Shown) => true,
            (Some(a), UnpublishedImages::Hidden) => articles.get(&a).is_some_and(|a| a.1),
            (Some(a), UnpublishedImages::OfAuthor(u)) => {
                articles.get(&a).is_some_and(|a| a.1 || a.0 == u)
            }
        };
        let mut rows: Vec<Media> = self
            .rows
            .lock()
            .unwrap()
            .values()
            .filter(|m| {
                m.group == Some(group)
                    && m.kind == MediaKind::Gallery
                    && m.state == MediaState::Attached
                    && m.hidden_at.is_none()
                    && shown(m)
            })
            .cloned()
            .collect();
        rows.sort_by_key(|m| std::cmp::Reverse((m.created_at, m.id)));
        let rows = rows
            .into_iter()
            .filter(|m| {
                page.after
                    .is_none_or(|c| (m.created_at, m.id.0) < (c.at, c.id))
            })
            .take(page.fetch_limit() as usize)
            .collect();
        Ok(Page::from_fetched(rows, page, |m| {
            Cursor::new(m.created_at, m.id.0)
        }))
    }
    async fn of_group(&self, group: GroupId, limit: u64) -> Result<Vec<Media>, MediaError> {
        Ok(self
            .rows
            .lock()
            .unwrap()
            .values()
            .filter(|m| m.group == Some(group))
            .take(limit as usize)
            .cloned()
            .collect())
    }
    async fn of_article(&self, article: ArticleId, limit: u64) -> Result<Vec<Media>, MediaError> {
        Ok(self
            .rows
            .lock()
            .unwrap()
            .values()
            .filter(|m| m.article == Some(article))
            .take(limit as usize)
            .cloned()
            .collect())
    }
    async fn stale(&self, before: DateTime<Utc>, limit: u64) -> Result<Vec<Media>, MediaError> {
        let kept = self.kept.lock().unwrap();
        Ok(self
            .rows
            .lock()
            .unwrap()
            .values()
            .filter(|m| {
                m.state != MediaState::Attached
                    && *kept.get(&m.id).unwrap_or(&m.created_at) < before
            })
            .take(limit as usize)
            .cloned()
            .collect())
    }
    async fn keep(
        &self,
        owner: UserId,
        ids: &[MediaId],
        at: DateTime<Utc>,
    ) -> Result<Vec<MediaId>, MediaError> {
        let rows = self.rows.lock().unwrap();
        let mut kept = self.kept.lock().unwrap();
        Ok(ids
            .iter()
            .filter(|id| {
                rows.get(id)
                    .is_some_and(|m| m.owner == owner && m.state == MediaState::Unattached)
            })
            .inspect(|id| {
                kept.insert(**id, at);
            })
            .copied()
            .collect())
    }
}

/// The catalog over the same rows; owners are named after their id (`user-<id>`), and no file
/// is in a named group or a post.
#[async_trait]
impl MediaCatalog for MemoryRepository {
    async fn list(
        &self,
        filter: &CatalogFilter,
        page: PageRequest,
    ) -> Result<Page<CatalogEntry>, MediaError> {
        let mut rows: Vec<Media> = self
            .rows
            .lock()
            .unwrap()
            .values()
            .filter(|m| m.state != MediaState::Pending && filter.matches(m))
            .cloned()
            .collect();
        rows.sort_by_key(|m| std::cmp::Reverse((m.created_at, m.id)));
        let rows = rows
            .into_iter()
            .filter(|m| {
                page.after
                    .is_none_or(|c| (m.created_at, m.id.0) < (c.at, c.id))
            })
            .take(page.fetch_limit() as usize)
            .map(|media| CatalogEntry {
                owner: OwnerRef {
                    id: media.owner,
                    username: format!("user-{}", media.owner),
                    nickname: format!("user-{}", media.owner),
                },
                media,
                group_name: None,
                post: None,
            })
            .collect();
        Ok(Page::from_fetched(rows, page, |e| {
            Cursor::new(e.media.created_at, e.media.id.0)
        }))
    }
    async fn usage(&self) -> Result<StorageUsage, MediaError> {
        let rows = self.rows.lock().unwrap();
        Ok(StorageUsage {
            bytes: rows.values().map(|m| m.bytes).sum(),
            files: rows.len() as u64,
        })
    }
    async fn set_hidden(
        &self,
        id: MediaId,
        hidden_at: Option<DateTime<Utc>>,
    ) -> Result<bool, MediaError> {
        Ok(self
            .rows
            .lock()
            .unwrap()
            .get_mut(&id)
            .map(|m| m.hidden_at = hidden_at)
            .is_some())
    }
}
