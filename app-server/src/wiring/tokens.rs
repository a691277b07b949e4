//! Personal access tokens over the database.

use super::Wiring;
use adapter_crypto::OsSecretGenerator;
use std::sync::Arc;
use tokens::{TokensPolicy, TokensPorts, TokensService};

/// # Errors
/// Never: tokens only need the database.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    w.provide(Arc::new(TokensService::new(
        TokensPorts {
            repo: Arc::new(w.db.tokens()),
            secrets: Arc::new(OsSecretGenerator),
            audit: Arc::new(w.db.audit_log()),
            clock: w.clock.clone(),
        },
        TokensPolicy::default(),
    )));
    Ok(())
}
