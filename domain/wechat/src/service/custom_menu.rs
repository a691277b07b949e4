//! The custom menu: read, validate, publish, delete, the published versions and rolling back
//! to one. Every WeChat call goes through [`AccessTokenService::with_token`], so this service
//! never handles the lease or a refused token itself.

use super::AccessTokenService;
use super::{AdminActor, audit};
use crate::WechatError;
use crate::model::menu::{self, Menu, MenuFault};
use crate::ports::{MenuVersion, MenuVersionId, MenuVersionRepository, WechatOfficialApi};
use kernel::{AuditAction, AuditLog, Clock};
use std::sync::Arc;

pub struct MenuService {
    api: Arc<dyn WechatOfficialApi>,
    tokens: Arc<AccessTokenService>,
    versions: Arc<dyn MenuVersionRepository>,
    clock: Arc<dyn Clock>,
    audit: Arc<dyn AuditLog>,
}

impl MenuService {
    pub fn new(
        api: Arc<dyn WechatOfficialApi>,
        tokens: Arc<AccessTokenService>,
        versions: Arc<dyn MenuVersionRepository>,
        clock: Arc<dyn Clock>,
        audit: Arc<dyn AuditLog>,
    ) -> Self {
        Self {
            api,
            tokens,
            versions,
            clock,
            audit,
        }
    }

    /// The menu WeChat currently shows; `None` when none is set.
    ///
    /// # Errors
    /// WeChat's errors (after one retry with a new token); `Unexpected`.
    #[tracing::instrument(skip_all)]
    pub async fn current_menu(&self) -> Result<Option<Menu>, WechatError> {
        self.tokens
            .with_token(|token| Box::pin(async move { self.api.get_menu(&token).await }))
            .await
    }

    /// Every rule the menu breaks, judged on its [`menu::normalized`] form (empty: valid).
    pub fn validate_menu(&self, menu: &Menu) -> Vec<MenuFault> {
        menu::validate(&menu::normalized(menu))
    }

    /// Normalizes and validates the menu, publishes it at WeChat and records it as a version.
    ///
    /// # Errors
    /// `InvalidMenu` with every fault (WeChat is not called); WeChat's errors (its own refusal
    /// of the menu is `Upstream`); `Unexpected`.
    #[tracing::instrument(skip_all, fields(by = %by.username))]
    pub async fn publish_menu(
        &self,
        menu: &Menu,
        by: &AdminActor,
    ) -> Result<MenuVersion, WechatError> {
        self.publish(menu::normalized(menu), by, None).await
    }

    /// Removes the custom menu at WeChat (versions are kept).
    ///
    /// # Errors
    /// WeChat's errors; `Unexpected`.
    #[tracing::instrument(skip_all)]
    pub async fn delete_menu(&self, by: &AdminActor) -> Result<(), WechatError> {
        self.tokens
            .with_token(|token| Box::pin(async move { self.api.delete_menu(&token).await }))
            .await?;
        tracing::info!("WeChat menu deleted");
        let at = self.clock.now();
        audit(
            self.audit.as_ref(),
            AuditAction::WechatMenuDeleted,
            at,
            by,
            None,
        )
        .await;
        Ok(())
    }

    /// Published versions, newest first, at most `limit`.
    ///
    /// # Errors
    /// `Unexpected`.
    #[tracing::instrument(skip_all)]
    pub async fn versions(&self, limit: u64) -> Result<Vec<MenuVersion>, WechatError> {
        self.versions.list(limit).await
    }

    /// Publishes version `id`'s menu again, recorded as a new version that names `id` in
    /// `rolled_back_from`.
    ///
    /// # Errors
    /// `VersionNotFound`; otherwise as [`Self::publish_menu`].
    #[tracing::instrument(skip_all, fields(version = %id, by = %by.username))]
    pub async fn rollback(
        &self,
        id: MenuVersionId,
        by: &AdminActor,
    ) -> Result<MenuVersion, WechatError> {
        let old = self
            .versions
            .find(id)
            .await?
            .ok_or(WechatError::VersionNotFound)?;
        self.publish(old.menu, by, Some(id)).await
    }

    async fn publish(
        &self,
        menu: Menu,
        by: &AdminActor,
        rolled_back_from: Option<MenuVersionId>,
    ) -> Result<MenuVersion, WechatError> {
        // Stored versions were valid when published; the rules are checked again all the same.
        let faults = menu::validate(&menu);
        if !faults.is_empty() {
            return Err(WechatError::InvalidMenu(faults));
        }
        let menu_ref = &menu;
        self.tokens
            .with_token(|token| {
                Box::pin(async move { self.api.create_menu(&token, menu_ref).await })
            })
            .await?;
        let version = MenuVersion {
            id: MenuVersionId::new_random(),
            menu,
            published_at: self.clock.now(),
            published_by: by.username.clone(),
            rolled_back_from,
        };
        self.versions.insert(version.clone()).await?;
        tracing::info!(version = %version.id, "WeChat menu published");
        let action = match rolled_back_from {
            Some(_) => AuditAction::WechatMenuRolledBack,
            None => AuditAction::WechatMenuPublished,
        };
        let target = Some(version.id.to_string());
        audit(
            self.audit.as_ref(),
            action,
            version.published_at,
            by,
            target,
        )
        .await;
        Ok(version)
    }
}

#[cfg(test)]
mod tests;
