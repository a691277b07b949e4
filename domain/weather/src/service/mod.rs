//! The weather use case: the map's readings, fresh when the cache is, refreshed by one instance
//! at a time when it is not, and the last known readings (marked stale) when the provider fails.

use crate::error::WeatherError;
use crate::model::{Place, Snapshot};
use crate::ports::{WeatherCache, WeatherProvider};
use chrono::Duration;
use kernel::Clock;
use std::sync::Arc;

pub mod map;

/// How old readings may be, and how long a refresh may hold the lease.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeatherPolicy {
    /// Readings younger than this are served without asking the provider (15 minutes).
    pub max_age_secs: i64,
    /// A refresh holds the lease at most this long (a crashed instance cannot keep it). A failed
    /// refresh keeps it until then: while the provider is down, every instance together asks
    /// it once per lease, and readers get the last readings at once instead of each waiting for
    /// a time-out.
    pub lease_secs: i64,
}

impl Default for WeatherPolicy {
    fn default() -> Self {
        Self {
            max_age_secs: 15 * 60,
            lease_secs: 60,
        }
    }
}

/// What the map shows.
#[derive(Debug, Clone, PartialEq)]
pub struct WeatherView {
    /// The readings, or `None` when there are none at all (the map says "unavailable").
    pub snapshot: Option<Snapshot>,
    /// The readings are older than the policy allows (the provider failed or another instance is
    /// refreshing right now); the page says so with their time.
    pub stale: bool,
    /// The provider's required attribution.
    pub attribution: &'static str,
}

pub struct WeatherService {
    provider: Option<Arc<dyn WeatherProvider>>,
    cache: Arc<dyn WeatherCache>,
    clock: Arc<dyn Clock>,
    policy: WeatherPolicy,
    /// This instance's name in the lease.
    holder: String,
}

impl WeatherService {
    /// `provider` is `None` when the weather is turned off: no readings are served (not even
    /// cached ones, whose attribution would be missing) and nothing is fetched.
    pub fn new(
        provider: Option<Arc<dyn WeatherProvider>>,
        cache: Arc<dyn WeatherCache>,
        clock: Arc<dyn Clock>,
        policy: WeatherPolicy,
        holder: String,
    ) -> Self {
        Self {
            provider,
            cache,
            clock,
            policy,
            holder,
        }
    }

    /// Whether a provider is configured (`false`: the weather is turned off).
    pub fn is_enabled(&self) -> bool {
        self.provider.is_some()
    }

    fn attribution(&self) -> &'static str {
        self.provider.as_ref().map_or("", |p| p.attribution())
    }

    /// The weather of `places` (the map's districts).
    ///
    /// # Errors
    /// Only when the cache cannot be reached; a provider's failure is a stale or empty view.
    pub async fn current(&self, places: Vec<Place>) -> Result<WeatherView, WeatherError> {
        let now = self.clock.now();
        let latest = self.cache.latest().await?;
        let fresh = |s: &Snapshot| now - s.fetched_at < Duration::seconds(self.policy.max_age_secs);
        let view = |snapshot: Option<Snapshot>, stale: bool| WeatherView {
            snapshot,
            stale,
            attribution: self.attribution(),
        };
        if latest.as_ref().is_some_and(fresh) {
            return Ok(view(latest, false));
        }
        let Some(provider) = &self.provider else {
            // Turned off: no readings at all, rather than old ones shown without the attribution
            // their provider requires.
            return Ok(view(None, false));
        };
        let until = now + Duration::seconds(self.policy.lease_secs);
        if !self
            .cache
            .take_lease(self.holder.clone(), now, until)
            .await?
        {
            // Another instance is refreshing: serve what there is.
            let stale = latest.is_some();
            return Ok(view(latest, stale));
        }
        match provider.fetch(places, now).await {
            Ok(snapshot) => {
                self.cache
                    .store(snapshot.clone(), self.holder.clone())
                    .await?;
                Ok(view(Some(snapshot), false))
            }
            Err(e) => {
                // The lease is kept until it expires: the back-off before the next attempt.
                tracing::warn!(error = %e, "refreshing the weather failed; serving the last readings");
                let stale = latest.is_some();
                Ok(view(latest, stale))
            }
        }
    }
}

#[cfg(test)]
mod tests;
