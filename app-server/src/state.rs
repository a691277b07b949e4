//! What every handler may use: the configuration and the domain services. Never an adapter or
//! the database itself — a handler that needs something of the database asks a service
//! (docs/architecture.md, "The HTTP layer"). [`crate::startup`] wires it.

use crate::config::Config;
use crate::http::signed::Signer;
use crate::http::upload_gate::UploadGate;
use accounts::moderation::ModerationService;
use accounts::ports::WechatOAuth;
use accounts::{AccountsService, ProfileService};
use audit::AuditService;
use chat::ChatService;
use districts::DistrictsService;
use groups::GroupsService;
use media::{MediaAdminService, MediaService};
use plaza::PlazaService;
use std::sync::Arc;
use system::SystemService;
use tokens::TokensService;
use weather::WeatherMapService;
use wechat::service::{AccessTokenService, MenuService};

/// Shared by every worker. Nothing in it is per-instance state that another server instance
/// would need to see (that all lives in the database, behind the services).
pub struct AppState {
    pub config: Arc<Config>,
    pub accounts: Arc<AccountsService>,
    /// The signed-in user's own profile: nickname, username, bio, avatar, appearance.
    pub profiles: Arc<ProfileService>,
    /// An administrator disables or enables an account (audited).
    pub moderation: Arc<ModerationService>,
    /// Signs the short-lived WeChat cookies; its key is shared by every instance.
    pub signer: Signer,
    /// `None` when WeChat is not configured.
    pub wechat_oauth: Option<Arc<dyn WechatOAuth>>,
    /// The central WeChat access token; `None` when WeChat is not configured.
    pub wechat_token: Option<Arc<AccessTokenService>>,
    /// The WeChat custom menu (over `wechat_token`); `None` when WeChat is not configured.
    pub wechat_menu: Option<Arc<MenuService>>,
    /// The AI assistant (answers `ai_unavailable` when no provider is configured).
    pub chat: Arc<ChatService>,
    /// Personal access tokens.
    pub tokens: Arc<TokensService>,
    /// Health, the database's kind, housekeeping.
    pub system: Arc<SystemService>,
    /// Stored images.
    pub media: Arc<MediaService>,
    /// The admin gallery over every stored image: list, hide, delete.
    pub media_admin: Arc<MediaAdminService>,
    /// Community groups.
    pub groups: Arc<GroupsService>,
    /// Administrative divisions.
    pub districts: Arc<DistrictsService>,
    /// The public plaza.
    pub plaza: Arc<PlazaService>,
    /// How many uploads this instance reads at once (a bound on memory).
    pub uploads: UploadGate,
    /// The plaza's weather map (provinces and their cached weather).
    pub weather: Arc<WeatherMapService>,
    /// Reading the audit log (the admin console).
    pub audit: Arc<AuditService>,
}
