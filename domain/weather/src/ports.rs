//! What the weather use cases need from the outside world.

use crate::model::{Place, Snapshot};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// Why the provider gave nothing usable.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// It answered with an error of its own (status and its text).
    #[error("the weather provider refused: {0}")]
    Refused(String),
    /// It did not answer in time.
    #[error("the weather provider timed out")]
    Timeout,
    /// It could not be reached.
    #[error("the weather provider is unreachable: {0}")]
    Unreachable(String),
    /// Its answer was not what its documentation promises.
    #[error("the weather provider answered garbage: {0}")]
    Malformed(String),
}

/// A forecast API (Open-Meteo by default): current conditions and daily forecasts for many
/// places in one request.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait WeatherProvider: Send + Sync {
    /// The weather of every place, in one request where the provider allows it.
    ///
    /// # Errors
    /// `Refused`, `Timeout`, `Unreachable`, `Malformed` as described on [`ProviderError`]. A place
    /// the provider left out is missing from the snapshot, not an error.
    async fn fetch(
        &self,
        places: Vec<Place>,
        now: DateTime<Utc>,
    ) -> Result<Snapshot, ProviderError>;

    /// The attribution the provider requires on every page that shows its data.
    fn attribution(&self) -> &'static str;
}

/// The shared cache (the database): the last snapshot, and a lease so that one instance at a
/// time refreshes it.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait WeatherCache: Send + Sync {
    /// The last stored snapshot, if any.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn latest(&self) -> Result<Option<Snapshot>, anyhow::Error>;

    /// Takes the refresh lease for `holder` until `until`, if nobody holds an unexpired one (one
    /// conditional write, so instances racing for it get it once). Whether it was taken.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn take_lease(
        &self,
        holder: String,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<bool, anyhow::Error>;

    /// Stores a snapshot (replacing the last) and gives the lease back.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn store(&self, snapshot: Snapshot, holder: String) -> Result<(), anyhow::Error>;
}
