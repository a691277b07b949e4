//! Administrative divisions over the database.

use super::Wiring;
use districts::{DistrictsPorts, DistrictsService};
use std::sync::Arc;

pub fn wire(w: &Wiring<'_>) -> Arc<DistrictsService> {
    Arc::new(DistrictsService::new(DistrictsPorts {
        repo: Arc::new(w.db.districts()),
        audit: Arc::new(w.db.audit_log()),
        clock: w.clock.clone(),
    }))
}
