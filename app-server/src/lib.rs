//! Courtyard's server: the only crate that knows actix-web, utoipa, cookies and configuration.
//! [`startup`] is the composition root: configuration → adapters → services → HTTP.

pub mod config;
pub mod http;
pub mod i18n;
pub mod lifecycle;
pub mod metrics;
pub mod recorded;
pub mod spa;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod wiring;
