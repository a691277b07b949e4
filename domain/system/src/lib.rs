//! The running system as an operator sees it: whether the database answers and which engine it
//! is (the health check, the admin overview), what each outside system (SMS, WeChat, the
//! language model, the weather) last did when called, and the housekeeping every instance does.
//!
//! Handlers never hold the database: what they need to know about it comes from
//! [`SystemService`], over the [`SystemStore`] port the relational adapter implements. This
//! crate must never depend on an adapter, on actix-web or on sea-orm.

pub mod model;
pub mod ports;
pub mod service;

pub use model::{
    ConfiguredIntegrations, ContentCounts, DatabaseKind, DirectoryEntry, Health, Integration,
    IntegrationState, Outcome,
};
pub use ports::{AdminDirectory, DIRECTORY_LIMIT, IntegrationStateStore, SystemStore};
pub use service::{IntegrationRecorder, RATE_COUNTER_RETENTION, SystemService};
