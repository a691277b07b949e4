//! Bodies of the system area.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub success: bool,
    /// `ok` or `degraded`.
    #[schema(example = "ok")]
    pub status: &'static str,
    /// `postgres` or `sqlite`.
    #[schema(example = "sqlite")]
    pub database: &'static str,
    pub version: &'static str,
}

/// The process answers; nothing else was asked.
#[derive(Debug, Serialize, ToSchema)]
pub struct Liveness {
    pub success: bool,
    /// Always `alive`.
    #[schema(example = "alive")]
    pub status: &'static str,
    pub version: &'static str,
}

/// Whether this instance should be sent requests, and what stops it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// Every check passed.
    pub success: bool,
    /// `ready` or `not_ready`.
    #[schema(example = "ready")]
    pub status: &'static str,
    /// The database answered a round trip.
    pub database: bool,
    /// The media store answered: its folder is there, or its bucket answered a request.
    pub media_store: bool,
    /// The checks that failed, by field name (`database`, `mediaStore`); empty when ready.
    #[schema(example = json!([]))]
    pub failed: Vec<&'static str>,
}
