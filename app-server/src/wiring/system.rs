//! Health, the database's kind and housekeeping; and reading the audit log (the admin
//! console).

use super::{HOUSEKEEPING, Wiring};
use audit::AuditService;
use std::sync::Arc;
use system::SystemService;

/// # Errors
/// Never: both only need the database.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let db = w.db;
    let system = w.provide(Arc::new(
        SystemService::new(Arc::new(db.clone()), Arc::new(db.clone()), w.clock.clone())
            .with_directory(Arc::new(db.clone())),
    ));
    w.provide(Arc::new(AuditService::new(Arc::new(db.audit_log()))));
    w.every(HOUSEKEEPING, move || {
        let system = system.clone();
        async move {
            if let Err(e) = system.purge_stale_rate_counters().await {
                tracing::warn!(error = %e, "purging rate-limit counters failed");
            }
        }
    });
    Ok(())
}
