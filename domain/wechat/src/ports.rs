//! What the WeChat domain needs from the outside world. Adapters implement these; the
//! adapter's own tests check each `# Errors` list below.

use crate::WechatError;
use crate::model::access_token::{CachedAccessToken, IssuedAccessToken};
use crate::model::menu::Menu;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

kernel::typed_id!(
    /// Identifies one published menu version.
    MenuVersionId
);

/// A menu as it was published, kept so an admin can roll back to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuVersion {
    pub id: MenuVersionId,
    pub menu: Menu,
    pub published_at: DateTime<Utc>,
    /// The admin's username.
    pub published_by: String,
    pub rolled_back_from: Option<MenuVersionId>,
}

/// WeChat's official-account API (api.weixin.qq.com), for one configured app.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait WechatOfficialApi: Send + Sync {
    /// The configured app id (public).
    fn app_id(&self) -> String;

    /// `POST /cgi-bin/stable_token`. With `force_refresh` WeChat issues a new token and the
    /// old one dies (WeChat allows that every 30 s, 20 times a day).
    ///
    /// # Errors
    /// MUST return `InvalidCredential` for a wrong app id or secret or a refused IP (40013,
    /// 40125, 40164, 41004); `UpstreamRateLimited` for 45009/45011/45033; `Upstream` for any
    /// other error code; `Unavailable` for time-outs, network failures and unreadable answers.
    async fn stable_token(&self, force_refresh: bool) -> Result<IssuedAccessToken, WechatError>;

    /// `GET /cgi-bin/menu/get`; `None` when no menu is set (46003).
    ///
    /// # Errors
    /// MUST return `AccessTokenInvalid` for 40001/40014/42001; otherwise as `stable_token`.
    async fn get_menu(&self, access_token: &str) -> Result<Option<Menu>, WechatError>;

    /// `POST /cgi-bin/menu/create`.
    ///
    /// # Errors
    /// As `get_menu`; WeChat's own refusal of a menu is `Upstream` with its code.
    async fn create_menu(&self, access_token: &str, menu: &Menu) -> Result<(), WechatError>;

    /// `GET /cgi-bin/menu/delete`.
    ///
    /// # Errors
    /// As `get_menu`.
    async fn delete_menu(&self, access_token: &str) -> Result<(), WechatError>;
}

/// The central access-token cache, one row per app id, shared by every server instance.
/// Refreshing is guarded by a lease in the same row, so one instance at a time calls WeChat.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait AccessTokenStore: Send + Sync {
    /// The cached state; all `None` when nothing was ever stored.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn load(&self, app_id: &str) -> Result<CachedAccessToken, WechatError>;

    /// Takes the refresh lease for `holder` until `until` when nobody holds it or the holder's
    /// lease ended before `now`. Atomic: of two concurrent callers exactly one gets `true`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn try_lock(
        &self,
        app_id: &str,
        holder: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, WechatError>;

    /// Stores a fresh token and releases `holder`'s lease.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn store_token(
        &self,
        app_id: &str,
        holder: &str,
        token: &IssuedAccessToken,
        obtained_at: DateTime<Utc>,
    ) -> Result<(), WechatError>;

    /// Records a failed refresh (the old token stays) and releases `holder`'s lease.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn store_error(
        &self,
        app_id: &str,
        holder: &str,
        message: &str,
        at: DateTime<Utc>,
    ) -> Result<(), WechatError>;

    /// Gives up `holder`'s lease without storing anything (the re-read after taking the lease
    /// showed another instance had already refreshed). Does nothing when `holder` no longer
    /// holds it.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn release(&self, app_id: &str, holder: &str) -> Result<(), WechatError>;

    /// Marks the cached token unusable (WeChat refused it) so the next use refreshes it:
    /// afterwards `load` returns no token and no expiry (obtained time and last error stay).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn invalidate(&self, app_id: &str) -> Result<(), WechatError>;
}

/// Every menu ever published.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait MenuVersionRepository: Send + Sync {
    /// # Errors
    /// `Unexpected` only.
    async fn insert(&self, version: MenuVersion) -> Result<(), WechatError>;

    /// Newest first, at most `limit`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn list(&self, limit: u64) -> Result<Vec<MenuVersion>, WechatError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find(&self, id: MenuVersionId) -> Result<Option<MenuVersion>, WechatError>;
}
