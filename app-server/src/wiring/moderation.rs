//! The word list over the database: the administrator's use cases, and the filter every area
//! that takes text checks with, kept current by a job on every instance (docs/moderation.md).

use super::Wiring;
use moderation::service::KEEP_CURRENT;
use moderation::{LiveWordFilter, ModerationWords, WordsPorts};
use std::sync::Arc;

/// Provides [`ModerationWords`] and [`LiveWordFilter`] (an area wired later takes the filter
/// with `w.service::<LiveWordFilter>()`), and polls the list's version every
/// [`KEEP_CURRENT`]: the first round at once, so the list is loaded as the server starts, off
/// the request path.
///
/// # Errors
/// Never: the word list only needs the database.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let store = Arc::new(w.db.word_list());
    w.provide(Arc::new(ModerationWords::new(WordsPorts {
        store: store.clone(),
        audit: Arc::new(w.db.audit_log()),
        clock: w.clock.clone(),
    })));
    let filter = w.provide(Arc::new(LiveWordFilter::new(store)));
    w.every(KEEP_CURRENT, move || {
        let filter = filter.clone();
        async move { filter.keep_current().await }
    });
    Ok(())
}
