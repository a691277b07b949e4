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
