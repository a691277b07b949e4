//! Blocking and muting over the database: the lists' use cases (`BlocksService`). The areas
//! that take writes ask the same store through the kernel's `Blocks` port (wired in
//! `community`), and every list of people's writing asks it in its own statement.

use super::Wiring;
use blocks::{BlocksPolicy, BlocksPorts, BlocksService};
use std::sync::Arc;

/// Provides [`BlocksService`].
///
/// # Errors
/// Never: the lists only need the database.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    w.provide(Arc::new(BlocksService::new(
        BlocksPorts {
            store: Arc::new(w.db.blocks()),
            limiter: Arc::new(w.db.rate_limiter()),
            clock: w.clock.clone(),
        },
        BlocksPolicy::default(),
    )));
    Ok(())
}
