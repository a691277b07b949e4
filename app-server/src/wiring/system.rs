//! Health, the database's kind and housekeeping; and reading the audit log (the admin
//! console).

use super::Wiring;
use audit::AuditService;
use std::sync::Arc;
use system::SystemService;

pub fn wire(w: &Wiring<'_>) -> Arc<SystemService> {
    let db = w.db;
    Arc::new(
        SystemService::new(Arc::new(db.clone()), Arc::new(db.clone()), w.clock.clone())
            .with_directory(Arc::new(db.clone())),
    )
}

pub fn audit(w: &Wiring<'_>) -> Arc<AuditService> {
    Arc::new(AuditService::new(Arc::new(w.db.audit_log())))
}
