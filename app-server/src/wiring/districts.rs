//! Administrative divisions over the database.

use super::Wiring;
use districts::{DistrictsPorts, DistrictsService};
use std::sync::Arc;

/// # Errors
/// Never: the districts only need the database.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    w.provide(Arc::new(DistrictsService::new(DistrictsPorts {
        repo: Arc::new(w.db.districts()),
        audit: Arc::new(w.db.audit_log()),
        clock: w.clock.clone(),
    })));
    Ok(())
}
