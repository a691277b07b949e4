//! What the district use cases need from the outside world.

use crate::model::{District, DistrictCode};
use async_trait::async_trait;

/// Where districts are kept (the database; the migrations seed the 34 provinces).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait DistrictRepository: Send + Sync {
    /// The divisions directly under `parent` (`None`: the provinces), ordered by code, the
    /// first `limit` whose code is greater than `after`.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn children(
        &self,
        parent: Option<DistrictCode>,
        after: Option<DistrictCode>,
        limit: u64,
    ) -> Result<Vec<District>, anyhow::Error>;

    /// # Errors
    /// Only when the store cannot be reached.
    async fn find(&self, code: DistrictCode) -> Result<Option<District>, anyhow::Error>;

    /// Districts whose code starts with `query`, or whose Chinese or English name contains it
    /// (case-insensitive for Latin letters; `%` and `_` match themselves), ordered by code, the
    /// first `limit` whose code is greater than `after`.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn search(
        &self,
        query: String,
        after: Option<DistrictCode>,
        limit: u64,
    ) -> Result<Vec<District>, anyhow::Error>;

    /// The districts with these codes (those that exist), for planning an import.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn find_many(&self, codes: Vec<DistrictCode>) -> Result<Vec<District>, anyhow::Error>;

    /// Inserts or updates every district, in one transaction: all of them or none. Parents
    /// come before their children in `districts`.
    ///
    /// # Errors
    /// When the store cannot be reached or refuses a write (then nothing is written).
    async fn write_all(&self, districts: Vec<District>) -> Result<(), anyhow::Error>;
}
