//! The composition root's parts, one file per area: each builds its area's services from the
//! area's settings and the adapters (with `startup`, the only code that names the adapters),
//! hands them over with [`Wiring::provide`] and names its recurring jobs with
//! [`Wiring::every`]. [`AREAS`] lists them, one line per area; a handler then takes the service
//! it calls as `web::Data<TheService>` (docs/architecture.md, "Adding an area").

pub mod accounts;
pub mod ai;
pub mod blocks;
pub mod community;
pub mod districts;
pub mod metrics;
pub mod moderation;
pub mod notifications;
pub mod overview;
pub mod reports;
pub mod search;
pub mod system;
pub mod tokens;
pub mod weather;
pub mod wechat;

use crate::config::env::Env;
use crate::config::{AreaSettings, Config};
use crate::metrics::Metrics;
use crate::recorded::Recorder;
use ::system::IntegrationRecorder;
use actix_web::web;
use adapter_crypto::OsSecretGenerator;
use adapter_postgres::Database;
use anyhow::Context;
use kernel::{Clock, SystemClock};
use std::any::{Any, TypeId, type_name};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// Every area's wiring, in order: an area that uses another's service comes after it.
pub const AREAS: &[Wire] = &[
    // First: the metrics every area's outside calls are counted in (`Wiring::recorder`).
    Wire::new(metrics::settings, metrics::wire),
    // Then the areas that take text check it with the word list (`LiveWordFilter`).
    Wire::new(no_settings, moderation::wire),
    Wire::new(community::settings, community::wire),
    Wire::new(accounts::settings, accounts::wire),
    Wire::new(no_settings, tokens::wire),
    Wire::new(no_settings, system::wire),
    Wire::new(wechat::settings, wechat::wire),
    Wire::new(ai::settings, ai::wire),
    Wire::new(weather::settings, weather::wire),
    Wire::new(no_settings, districts::wire),
    Wire::new(no_settings, blocks::wire),
    Wire::new(no_settings, overview::wire),
    Wire::new(notifications::settings, notifications::wire),
    Wire::new(no_settings, search::wire),
    Wire::new(no_settings, reports::wire),
    // Last: what the metrics read when scraped (the pool, the streams, the upload gate).
    Wire::new(no_settings, metrics::sample),
];

/// One area's line in [`AREAS`]: the settings it reads (its `settings`, which calls
/// [`AreaSettings::read`] for each type it uses) and how it is wired (its `wire`, which finds
/// them in `w.config.areas`).
pub struct Wire {
    pub settings: fn(Env<'_>, &mut AreaSettings) -> anyhow::Result<()>,
    pub wire: fn(&mut Wiring<'_>) -> anyhow::Result<()>,
}

impl Wire {
    pub const fn new(
        settings: fn(Env<'_>, &mut AreaSettings) -> anyhow::Result<()>,
        wire: fn(&mut Wiring<'_>) -> anyhow::Result<()>,
    ) -> Self {
        Self { settings, wire }
    }
}

/// The `settings` of an area that reads none.
///
/// # Errors
/// Never.
pub fn no_settings(_: Env<'_>, _: &mut AreaSettings) -> anyhow::Result<()> {
    Ok(())
}

/// Reads every wired area's settings into `areas` (at start, before the database is reached).
///
/// # Errors
/// The first malformed or missing value, named as the area's reader names it.
pub fn read_settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    for area in AREAS {
        (area.settings)(env, areas)?;
    }
    Ok(())
}

/// How often the hourly housekeeping runs (purging expired sessions, codes, counters).
const HOUSEKEEPING: Duration = Duration::from_secs(3600);

/// What every area's wiring is handed: the configuration, the database, the clock and the
/// recorder of calls to outside systems; and what the areas wired so far provide.
pub struct Wiring<'a> {
    pub config: &'a Config,
    pub db: &'a Database,
    pub clock: Arc<dyn Clock>,
    /// Every call to an outside system records its outcome for the admin overview
    /// ([`Self::recorder`] adds the metrics).
    pub integrations: IntegrationRecorder,
    services: Services,
    jobs: Vec<Job>,
}

/// The services the areas provide, each by its type: the handlers' `web::Data<T>`.
#[derive(Default, Clone)]
pub struct Services {
    by_type: HashMap<TypeId, Provided>,
}

#[derive(Clone)]
struct Provided {
    service: Arc<dyn Any + Send + Sync>,
    register: Arc<dyn Fn(&mut web::ServiceConfig) + Send + Sync>,
}

type JobRun = Box<dyn Fn() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// Work an area does on its own clock in every instance (purging, sweeping, refreshing ahead).
pub struct Job {
    pub period: Duration,
    run: JobRun,
}

impl Job {
    /// Runs the job every `period`, the first time at once.
    pub fn spawn(self) {
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(self.period);
            loop {
                tick.tick().await;
                (self.run)().await;
            }
        });
    }
}

impl Services {
    /// Registers every service as `web::Data<T>` of the app.
    pub fn configure(&self, cfg: &mut web::ServiceConfig) {
        for provided in self.by_type.values() {
            (provided.register)(cfg);
        }
    }

    /// The service of type `T`, if an area provided one.
    pub fn get<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        self.by_type
            .get(&TypeId::of::<T>())
            .and_then(|p| p.service.clone().downcast::<T>().ok())
    }
}

impl<'a> Wiring<'a> {
    pub fn new(config: &'a Config, db: &'a Database) -> Self {
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let integrations = IntegrationRecorder::new(Arc::new(db.clone()), clock.clone());
        Self {
            config,
            db,
            clock,
            integrations,
            services: Services::default(),
            jobs: Vec::new(),
        }
    }

    /// Wires every area of [`AREAS`].
    ///
    /// # Errors
    /// The first area's that cannot be wired (its settings, an HTTP client, a store).
    pub fn wire_all(mut self) -> anyhow::Result<(Services, Vec<Job>)> {
        for area in AREAS {
            (area.wire)(&mut self)?;
        }
        Ok((self.services, self.jobs))
    }

    /// Hands `service` to the handlers (as `web::Data<T>`) and to the areas wired after this
    /// one ([`Self::service`]); returns it for the area's own use.
    ///
    /// # Panics
    /// When a service of the same type was provided before (two areas would answer for it).
    pub fn provide<T: Send + Sync + 'static>(&mut self, service: Arc<T>) -> Arc<T> {
        let data = web::Data::from(service.clone());
        let previous = self.services.by_type.insert(
            TypeId::of::<T>(),
            Provided {
                service: service.clone(),
                register: Arc::new(move |cfg| {
                    cfg.app_data(data.clone());
                }),
            },
        );
        assert!(previous.is_none(), "{} is provided twice", type_name::<T>());
        service
    }

    /// A service an area wired earlier provides.
    ///
    /// # Errors
    /// When no area provided it yet ([`AREAS`] is in the wrong order).
    pub fn service<T: Send + Sync + 'static>(&self) -> anyhow::Result<Arc<T>> {
        self.services.get::<T>().with_context(|| {
            format!(
                "{} is used before an area provides it (see wiring::AREAS)",
                type_name::<T>()
            )
        })
    }

    /// Where an outside call's outcome goes: the admin overview's record and the metrics.
    ///
    /// # Errors
    /// When the metrics are not wired yet ([`AREAS`] is in the wrong order).
    pub fn recorder(&self) -> anyhow::Result<Recorder> {
        Ok(Recorder {
            integrations: self.integrations.clone(),
            metrics: self.service::<Metrics>()?,
        })
    }

    /// Runs `job` every `period` once the server starts (every instance runs its own; the work
    /// must be safe to repeat and to run at the same time elsewhere).
    pub fn every<F, Fut>(&mut self, period: Duration, job: F)
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        self.jobs.push(Job {
            period,
            run: Box::new(move || Box::pin(job())),
        });
    }
}

/// This instance's name in the database's refresh leases (the process id and a random suffix),
/// so several instances take turns.
fn instance_name() -> String {
    format!(
        "{}-{}",
        std::process::id(),
        OsSecretGenerator::random_b64(6)
    )
}
