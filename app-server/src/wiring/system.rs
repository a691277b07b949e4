//! Health, the database's kind and housekeeping; and reading the audit log (the admin
//! console).

use super::{HOUSEKEEPING, Wiring};
use audit::AuditService;
use std::sync::Arc;
use std::time::Duration;
use system::SystemService;

/// How often the server looks whether a burst of requests is over, to give the allocator's
/// free pages back then ([`GiveBackWhenQuiet`]).
const QUIET_CHECK: Duration = Duration::from_secs(2);

/// When the allocator gives its free pages back (`adapter_allocator`): once after start-up,
/// whose API document and routes leave most of them, and once after each burst of requests —
/// at the first look that finds no request begun since the look before. Never while requests
/// keep coming: a busy server reuses what it freed, so giving it back would only cost the page
/// faults of taking it again, and the give-back holds each arena's lock while it walks it
/// (1-3 ms at 100 MiB), which on two busy cores a preempted walk stretches into a stall of
/// every request that allocates meanwhile.
#[derive(Debug)]
struct GiveBackWhenQuiet {
    /// Requests begun at the last look.
    seen: u64,
    /// Whether something was served since the last give-back (start-up counts).
    owed: bool,
}

impl GiveBackWhenQuiet {
    fn new() -> Self {
        Self {
            seen: 0,
            owed: true,
        }
    }

    /// Whether to give back now, `started` being the requests begun so far.
    fn due(&mut self, started: u64) -> bool {
        let quiet = started == self.seen;
        self.seen = started;
        if !quiet {
            self.owed = true;
            return false;
        }
        std::mem::take(&mut self.owed)
    }
}

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
    let quiet = Arc::new(std::sync::Mutex::new(GiveBackWhenQuiet::new()));
    w.every(QUIET_CHECK, move || {
        let started = crate::http::middleware::requests_started();
        let due = quiet
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .due(started);
        async move {
            if due {
                let _ = tokio::task::spawn_blocking(adapter_allocator::give_back).await;
            }
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::GiveBackWhenQuiet;

    #[test]
    fn memory_goes_back_once_after_start_up_and_once_after_each_burst_never_during_one() {
        let mut give = GiveBackWhenQuiet::new();
        // Start-up's garbage, at the first quiet look.
        assert!(give.due(0));
        assert!(!give.due(0), "once");
        // A burst: nothing while requests keep coming, once at the first quiet look after.
        for started in [5, 900, 4000] {
            assert!(!give.due(started), "{started}");
        }
        assert!(give.due(4000));
        assert!(!give.due(4000));
        assert!(!give.due(4000));
        // One request is a burst too.
        assert!(!give.due(4001));
        assert!(give.due(4001));
    }
}
