//! What every handler may use: the configuration and the domain services. Never an adapter or
//! the database itself — a handler that needs something of the database asks a service
//! (docs/architecture.md, "The HTTP layer"). [`crate::startup`] wires it.

use crate::config::Config;
use crate::http::signed::Signer;
use crate::http::upload_gate::UploadGate;
use accounts::AccountsService;
use accounts::ports::WechatOAuth;
use std::sync::Arc;
use tokens::TokensService;

/// Shared by every worker: what identifies the caller and every area's extractors use. An
/// area's own services are not here: its wiring provides them (`wiring::Wiring::provide`) and
/// its handlers take them as `web::Data<TheService>`. Nothing in it is per-instance state that
/// another server instance would need to see (that all lives in the database, behind the
/// services).
pub struct AppState {
    pub config: Arc<Config>,
    /// Sign-in, sessions and the signed-in user (the extractors' `SignedIn`).
    pub accounts: Arc<AccountsService>,
    /// Personal access tokens (the bearer extractor's grants).
    pub tokens: Arc<TokensService>,
    /// Signs the short-lived WeChat cookies; its key is shared by every instance.
    pub signer: Signer,
    /// WeChat sign-in; `None` when WeChat is not configured.
    pub wechat_oauth: Option<Arc<dyn WechatOAuth>>,
    /// How many uploads this instance reads at once (a bound on memory), and how large and how
    /// slowly they may arrive.
    pub uploads: Arc<UploadGate>,
}
