//! Why a weather use case failed: the one error enum of the crate.
//!
//! A failing provider is no failure of a use case (its last readings are served, marked stale;
//! see [`crate::ports::ProviderError`] for what the provider port says); only a store that
//! cannot be read or written is.

use thiserror::Error;

/// Why a weather use case failed.
#[derive(Debug, Error)]
pub enum WeatherError {
    /// The districts or the cache could not be read (or the cache written).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
