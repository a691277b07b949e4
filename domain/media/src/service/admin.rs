//! The admin gallery's use cases: list every stored file, the storage they take, hide and
//! unhide a file (readers stop seeing it at once), delete one (its objects, then its row).
//! Every change is audited. Who may call these is the caller's check (an administrator).

use crate::error::MediaError;
use crate::model::catalog::{CatalogEntry, CatalogFilter, StorageUsage};
use crate::model::{Media, MediaState};
use crate::ports::MediaCatalog;
use crate::service::MediaService;
use kernel::audit::record_or_log;
use kernel::{AuditAction, AuditEvent, AuditLog, Clock, MediaId, Page, PageRequest, UserId};
use std::sync::Arc;

/// Who acts, and from where (for the audit log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminAction {
    pub admin: UserId,
    pub ip: Option<String>,
}

pub struct MediaAdminService {
    media: Arc<MediaService>,
    catalog: Arc<dyn MediaCatalog>,
    audit: Arc<dyn AuditLog>,
    clock: Arc<dyn Clock>,
}

impl MediaAdminService {
    pub fn new(
        media: Arc<MediaService>,
        catalog: Arc<dyn MediaCatalog>,
        audit: Arc<dyn AuditLog>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            media,
            catalog,
            audit,
            clock,
        }
    }

    /// The files `filter` selects, newest first, one page (its size capped by
    /// [`PageRequest`]).
    ///
    /// # Errors
    /// `Unexpected` only.
    #[tracing::instrument(skip(self))]
    pub async fn list(
        &self,
        filter: &CatalogFilter,
        page: PageRequest,
    ) -> Result<Page<CatalogEntry>, MediaError> {
        self.catalog.list(filter, page).await
    }

    /// Bytes and files stored altogether.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn usage(&self) -> Result<StorageUsage, MediaError> {
        self.catalog.usage().await
    }

    /// A stored file (not one being written or deleted).
    async fn stored(&self, id: MediaId) -> Result<Media, MediaError> {
        self.media
            .find(id)
            .await?
            .filter(|m| m.state != MediaState::Pending)
            .ok_or(MediaError::NotFound)
    }

    /// Hides a file: from now on it is served to admins only, and galleries and posts leave it
    /// out. Hiding a hidden file changes nothing (and records nothing).
    ///
    /// # Errors
    /// `NotFound` for no such stored file; `Unexpected`.
    #[tracing::instrument(skip(self), fields(admin = %by.admin))]
    pub async fn hide(&self, by: &AdminAction, id: MediaId) -> Result<Media, MediaError> {
        let mut media = self.stored(id).await?;
        if media.hidden_at.is_some() {
            return Ok(media);
        }
        let now = self.clock.now();
        if !self.catalog.set_hidden(id, Some(now)).await? {
            return Err(MediaError::NotFound);
        }
        media.hidden_at = Some(now);
        self.record(AuditAction::MediaHidden, by, &media).await;
        Ok(media)
    }

    /// Shows a hidden file again. Unhiding a visible file changes nothing.
    ///
    /// # Errors
    /// `NotFound` for no such stored file; `Unexpected`.
    #[tracing::instrument(skip(self), fields(admin = %by.admin))]
    pub async fn unhide(&self, by: &AdminAction, id: MediaId) -> Result<Media, MediaError> {
        let mut media = self.stored(id).await?;
        if media.hidden_at.is_none() {
            return Ok(media);
        }
        if !self.catalog.set_hidden(id, None).await? {
            return Err(MediaError::NotFound);
        }
        media.hidden_at = None;
        self.record(AuditAction::MediaUnhidden, by, &media).await;
        Ok(media)
    }

    /// Deletes a file for good: its objects, then its row (a plaza post that showed it keeps
    /// the count of its removed images; an article's link to it shows a placeholder).
    ///
    /// # Errors
    /// `NotFound` for no such stored file; `Unexpected`.
    #[tracing::instrument(skip(self), fields(admin = %by.admin))]
    pub async fn delete(&self, by: &AdminAction, id: MediaId) -> Result<(), MediaError> {
        let media = self.stored(id).await?;
        self.media.delete(&media).await?;
        self.record(AuditAction::MediaDeleted, by, &media).await;
        Ok(())
    }

    async fn record(&self, action: AuditAction, by: &AdminAction, media: &Media) {
        let mut detail = format!(
            "kind={} owner={} bytes={}",
            media.kind.as_str(),
            media.owner,
            media.bytes
        );
        if let Some(group) = media.group {
            detail.push_str(&format!(" group={group}"));
        }
        record_or_log(
            self.audit.as_ref(),
            AuditEvent::new(action, self.clock.now())
                .actor(by.admin)
                .target(media.id.to_string())
                .ip(by.ip.clone())
                .detail(detail),
        )
        .await;
    }
}

#[cfg(test)]
mod tests;
