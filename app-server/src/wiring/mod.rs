//! The composition root's parts, one file per area: each builds its area's services from the
//! area's settings and the adapters (with `startup`, the only code that names the adapters).
//! `AppState::new` (`startup.rs`) calls each once, one line per area.

pub mod accounts;
pub mod ai;
pub mod community;
pub mod districts;
pub mod system;
pub mod tokens;
pub mod weather;
pub mod wechat;

use crate::config::Config;
use ::system::IntegrationRecorder;
use adapter_crypto::OsSecretGenerator;
use adapter_postgres::Database;
use kernel::{Clock, SystemClock};
use std::sync::Arc;

/// What every area's wiring is handed: the configuration, the database, the clock and the
/// recorder of calls to outside systems.
pub struct Wiring<'a> {
    pub config: &'a Config,
    pub db: &'a Database,
    pub clock: Arc<dyn Clock>,
    /// Every call to an outside system records its outcome for the admin overview.
    pub recorder: IntegrationRecorder,
}

impl<'a> Wiring<'a> {
    pub fn new(config: &'a Config, db: &'a Database) -> Self {
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let recorder = IntegrationRecorder::new(Arc::new(db.clone()), clock.clone());
        Self {
            config,
            db,
            clock,
            recorder,
        }
    }
}

/// This instance's name in the database's refresh leases (the process id and a random suffix),
/// so several instances take turns.
fn instance_name() -> String {
    format!(
        "{}-{}",
        std::process::id(),
        OsSecretGenerator::random_b64(6)
    )
}
