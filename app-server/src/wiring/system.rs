//! Health, the database's kind and housekeeping; and reading the audit log (the admin
//! console).

use super::{HOUSEKEEPING, Wiring};
use audit::AuditService;
use std::sync::Arc;
use std::time::Duration;
use system::SystemService;

/// How often the allocator is asked to give its free pages back (`adapter_allocator`): soon
/// after start-up, whose API document and routes leave most of them, and after a burst of
/// requests. A walk of every arena takes well under a millisecond at this server's size, on a
/// blocking thread.
const GIVE_MEMORY_BACK: Duration = Duration::from_secs(10);

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
    w.every(GIVE_MEMORY_BACK, || async {
        let _ = tokio::task::spawn_blocking(adapter_allocator::give_back).await;
    });
    Ok(())
}
