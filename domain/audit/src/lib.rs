//! Reading the audit log (the admin console's `/admin/logs`, docs/architecture.md): the filters,
//! cursor pages newest first, the CSV export with the same filters, and the latest events of the
//! overview.
//!
//! Writing is every domain's own business, through `kernel::AuditLog` with a name of the one
//! registry, `kernel::AuditAction`. This crate only reads, over the [`AuditReader`] port the
//! relational adapter implements. Pure domain: no adapter, web framework or database library.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::AuditError;
pub use model::{
    ActorName, AuditEntry, AuditFilter, CSV_COLUMNS, EXPORT_MAX_ROWS, Export, OVERVIEW_LATEST,
    to_csv,
};
pub use ports::AuditReader;
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockAuditReader;
pub use service::AuditService;
