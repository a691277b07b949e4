//! Search over the database (docs/search.md): the use case, and the drain that brings the
//! outbox's changes into the index on every instance.

use super::Wiring;
use search::SearchService;
use std::sync::Arc;
use std::time::Duration;

/// How often the outbox is looked at: a write is searchable within about this long.
pub const DRAIN_EVERY: Duration = Duration::from_millis(250);
/// Changes taken in one transaction of the drain.
pub const DRAIN_BATCH: u32 = 200;

/// Provides [`SearchService`] and drains the outbox every [`DRAIN_EVERY`], batch after batch
/// until it is empty (several instances may drain at once: they write the same documents).
///
/// # Errors
/// Never: search only needs the database.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let search = w.provide(Arc::new(SearchService::new(
        Arc::new(w.db.search_index()),
        w.clock.clone(),
    )));
    w.every(DRAIN_EVERY, move || {
        let search = search.clone();
        async move {
            loop {
                match search.drain(DRAIN_BATCH).await {
                    Ok(n) if n == DRAIN_BATCH as usize => {}
                    Ok(_) => break,
                    Err(e) => {
                        tracing::warn!(error = %e, "search: the outbox could not be drained; retrying");
                        break;
                    }
                }
            }
        }
    });
    Ok(())
}
