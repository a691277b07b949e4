//! This instance's metrics in the Prometheus text format (docs/operations.md, "Metrics"): the
//! requests by route template, method and status with their latency, the database pool, the
//! open event streams, the upload gate and the password-hashing queue, and the calls to outside
//! services by result.
//!
//! One registry per running server ([`Metrics`], made by the wiring and handed to the handlers
//! as `web::Data<Metrics>`). Metrics describe one process by nature: every instance counts its
//! own and Prometheus adds them up, so this is no state that another instance would need.
//!
//! Counted as it happens: the requests ([`count_request`], in the layer that observes each), the outside calls
//! (the decorators of `crate::recorded`), the chat answers streamed, the password hashes, the
//! time each statement waited for a pooled connection ([`PoolWaits`], from sqlx's own timing).
//! Sampled when scraped ([`Metrics::sample`]): the pool, the notification streams, the upload
//! gate — what their owners already know, so nothing on a request's path pays for it.
//!
//! The pool's acquire wait is the one family that is not the registry's own: sqlx reports it as
//! a `tracing` event, and the subscriber that receives it is installed for the process before
//! any registry exists (`crate::telemetry`), so the histogram is process-wide and every
//! [`Metrics`] registers the same one. That is no loss: a process serves from one pool and is
//! one instance to Prometheus. (A test process that starts several servers sees all their pools'
//! waits together.)
//!
//! Served to administrators at `GET /api/admin/metrics` and, when `METRICS_ADDR` is set, on a
//! listener of its own without credentials for a private network ([`serve_apart`]).

use crate::config::Config;
use crate::config::env::Env;
use crate::config::settings::Settings;
use crate::lifecycle::Shutdown;
use actix_web::dev::ServiceResponse;
use actix_web::http::Method;
use actix_web::{App, HttpResponse, HttpServer, web};
use anyhow::Context;
use futures_util::{Stream, StreamExt};
use prometheus::core::Collector;
use prometheus::{
    Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Instant;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::filter::filter_fn;
use tracing_subscriber::registry::LookupSpan;

/// The `Content-Type` of the text format.
pub const CONTENT_TYPE: &str = prometheus::TEXT_FORMAT;

/// The route label of a request under `/api/` that no route matched.
pub const UNMATCHED: &str = "unmatched";

/// The route label of every request outside `/api/`: the single-page app's pages and files.
pub const APP: &str = "app";

/// Upper bounds of the latency histogram, in seconds.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Upper bounds of the pool's acquire-wait histogram, in seconds: from a free connection handed
/// out at once (well under 0.1 ms) to the acquire timeout (5 s for PostgreSQL, 10 s for SQLite).
const POOL_WAIT_BUCKETS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// The process's `courtyard_db_pool_acquire_seconds` (see the module's documentation), made on
/// first use. `None` only if its name or buckets were malformed, which [`Metrics::new`] reports.
fn pool_wait() -> Option<&'static Histogram> {
    static POOL_WAIT: OnceLock<Option<Histogram>> = OnceLock::new();
    POOL_WAIT
        .get_or_init(|| {
            Histogram::with_opts(
                HistogramOpts::new(
                    "courtyard_db_pool_acquire_seconds",
                    "Time a statement waited for a pooled database connection (sqlx's acquire: a free one, a new one opened, or an idle one pinged).",
                )
                .buckets(POOL_WAIT_BUCKETS.to_vec()),
            )
            .ok()
        })
        .as_ref()
}

/// Observes every acquire of the database pool into `courtyard_db_pool_acquire_seconds`: a
/// `tracing` layer for sqlx's acquire event (`adapter_postgres::ACQUIRE_EVENTS`, one per
/// statement or transaction, the slow ones logged at `warn` among them). It keeps nothing per
/// event: the field is read on the stack and the histogram's buckets are atomics.
#[derive(Debug, Clone, Copy, Default)]
pub struct PoolWaits;

impl PoolWaits {
    /// The layer with its own filter, which passes sqlx's acquire events and nothing else: what
    /// the log prints is still the log filter's choice alone.
    pub fn layer<S>() -> impl Layer<S> + Send + Sync + 'static
    where
        S: Subscriber + for<'a> LookupSpan<'a>,
    {
        Self.with_filter(filter_fn(|meta| {
            meta.target() == adapter_postgres::ACQUIRE_EVENTS
        }))
    }
}

impl<S: Subscriber> Layer<S> for PoolWaits {
    fn on_event(&self, event: &Event<'_>, _ctx: tracing_subscriber::layer::Context<'_, S>) {
        let mut after = AcquiredAfter(None);
        event.record(&mut after);
        if let (Some(secs), Some(histogram)) = (after.0, pool_wait()) {
            histogram.observe(secs);
        }
    }
}

/// The acquire event's time in seconds.
struct AcquiredAfter(Option<f64>);

impl Visit for AcquiredAfter {
    fn record_f64(&mut self, field: &Field, value: f64) {
        if field.name() == adapter_postgres::ACQUIRED_AFTER_SECS {
            self.0 = Some(value);
        }
    }
    fn record_debug(&mut self, _field: &Field, _value: &dyn std::fmt::Debug) {}
}

/// An event stream kind, the `stream` label of `courtyard_event_streams_open`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventStream {
    /// `GET /api/notifications/stream`.
    Notifications,
    /// A streamed answer of `POST /api/ai/chat`.
    AiChat,
}

impl EventStream {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Notifications => "notifications",
            Self::AiChat => "ai_chat",
        }
    }
}

/// The upload gate at one moment (`crate::http::upload_gate::UploadGate::usage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GateUse {
    /// Uploads read at once at most (`MEDIA_UPLOAD_CONCURRENCY`).
    pub capacity: u64,
    /// Uploads being read now.
    pub in_use: u64,
    /// Uploads waiting for a place.
    pub waiting: u64,
    /// Uploads refused with 503 `server_busy` since the start.
    pub refused: u64,
}

/// The database pool at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PoolGauges {
    pub in_use: u64,
    pub idle: u64,
    pub max: u64,
}

type Sampler = Box<dyn Fn(&Sampled) + Send + Sync>;

/// This server's metrics: every family registered once, at start.
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    outside: IntCounterVec,
    streams: IntGaugeVec,
    hashes: IntCounterVec,
    hashing: IntGauge,
    hash_workers: IntGauge,
    sampled: Sampled,
    samplers: Mutex<Vec<Sampler>>,
}

/// The gauges (and the one counter) that are read from their owners when scraped.
pub struct Sampled {
    pool: IntGaugeVec,
    pool_max: IntGauge,
    streams: IntGaugeVec,
    gate_capacity: IntGauge,
    gate_in_use: IntGauge,
    gate_waiting: IntGauge,
    gate_refused: IntCounter,
}

impl Sampled {
    /// The database pool's connections.
    pub fn db_pool(&self, pool: PoolGauges) {
        self.pool
            .with_label_values(&["in_use"])
            .set(gauge(pool.in_use));
        self.pool.with_label_values(&["idle"]).set(gauge(pool.idle));
        self.pool_max.set(gauge(pool.max));
    }

    /// The streams of `kind` open now, where their owner counts them.
    pub fn open_streams(&self, kind: EventStream, open: u64) {
        self.streams
            .with_label_values(&[kind.as_str()])
            .set(gauge(open));
    }

    /// The upload gate.
    pub fn upload_gate(&self, gate: GateUse) {
        self.gate_capacity.set(gauge(gate.capacity));
        self.gate_in_use.set(gauge(gate.in_use));
        self.gate_waiting.set(gauge(gate.waiting));
        // A counter that its owner keeps: brought up to the owner's count.
        let counted = self.gate_refused.get();
        if gate.refused > counted {
            self.gate_refused.inc_by(gate.refused - counted);
        }
    }
}

fn gauge(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A gauge that is one higher while this lives.
#[derive(Debug)]
pub struct Held(IntGauge);

impl Held {
    fn new(gauge: IntGauge) -> Self {
        gauge.inc();
        Self(gauge)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0.dec();
    }
}

fn register<C: Collector + Clone + 'static>(registry: &Registry, c: C) -> anyhow::Result<C> {
    registry
        .register(Box::new(c.clone()))
        .context("registering a metric")?;
    Ok(c)
}

impl Metrics {
    /// Every family of docs/operations.md, registered.
    ///
    /// # Errors
    /// When a family's name or labels are malformed (a mistake in this file, found by the first
    /// test that starts the server).
    pub fn new() -> anyhow::Result<Self> {
        let r = Registry::new();
        let requests = register(
            &r,
            IntCounterVec::new(
                Opts::new(
                    "courtyard_http_requests_total",
                    "HTTP requests answered, by route template, method and status.",
                ),
                &["route", "method", "status"],
            )?,
        )?;
        let latency = register(
            &r,
            HistogramVec::new(
                HistogramOpts::new(
                    "courtyard_http_request_duration_seconds",
                    "Time from a request's arrival to its response's head, by route template and method.",
                )
                .buckets(LATENCY_BUCKETS.to_vec()),
                &["route", "method"],
            )?,
        )?;
        let outside = register(
            &r,
            IntCounterVec::new(
                Opts::new(
                    "courtyard_outside_calls_total",
                    "Calls to outside services, by service and result (ok, or the kind of failure).",
                ),
                &["service", "result"],
            )?,
        )?;
        let streams = register(
            &r,
            IntGaugeVec::new(
                Opts::new(
                    "courtyard_event_streams_open",
                    "Event streams (server-sent events) open on this instance, by stream.",
                ),
                &["stream"],
            )?,
        )?;
        // Both kinds from the start, at 0.
        for kind in [EventStream::Notifications, EventStream::AiChat] {
            streams.with_label_values(&[kind.as_str()]).set(0);
        }
        let hashes = register(
            &r,
            IntCounterVec::new(
                Opts::new(
                    "courtyard_password_hashes_total",
                    "Password hashes and checks, by result (ok, busy: refused after waiting for a worker, error).",
                ),
                &["result"],
            )?,
        )?;
        let hashing = register(
            &r,
            IntGauge::new(
                "courtyard_password_hashing_in_flight",
                "Password hashes and checks waiting for a worker or running.",
            )?,
        )?;
        let hash_workers = register(
            &r,
            IntGauge::new(
                "courtyard_password_hash_workers",
                "Password-hashing workers (hashes that run at once at most).",
            )?,
        )?;
        register(
            &r,
            pool_wait()
                .context("the pool's acquire-wait histogram is malformed")?
                .clone(),
        )?;
        let sampled = Sampled {
            pool: register(
                &r,
                IntGaugeVec::new(
                    Opts::new(
                        "courtyard_db_pool_connections",
                        "Database connections open, by state (in_use, idle).",
                    ),
                    &["state"],
                )?,
            )?,
            pool_max: register(
                &r,
                IntGauge::new(
                    "courtyard_db_pool_max_connections",
                    "The most database connections the pool opens.",
                )?,
            )?,
            streams: streams.clone(),
            gate_capacity: register(
                &r,
                IntGauge::new(
                    "courtyard_upload_gate_capacity",
                    "Uploads read at once at most.",
                )?,
            )?,
            gate_in_use: register(
                &r,
                IntGauge::new("courtyard_upload_gate_in_use", "Uploads being read now.")?,
            )?,
            gate_waiting: register(
                &r,
                IntGauge::new(
                    "courtyard_upload_gate_waiting",
                    "Uploads waiting for a place.",
                )?,
            )?,
            gate_refused: register(
                &r,
                IntCounter::new(
                    "courtyard_upload_gate_refused_total",
                    "Uploads refused with 503 server_busy after waiting for a place.",
                )?,
            )?,
        };
        Ok(Self {
            registry: r,
            requests,
            latency,
            outside,
            streams,
            hashes,
            hashing,
            hash_workers,
            sampled,
            samplers: Mutex::new(Vec::new()),
        })
    }

    /// One request answered: `route` is its template (or [`UNMATCHED`], [`APP`]).
    pub fn request(&self, route: &str, method: &Method, status: u16, started: Instant) {
        let method = method_label(method);
        let digits = status_digits(status);
        let status = std::str::from_utf8(&digits).unwrap_or("other");
        self.requests
            .with_label_values(&[route, method, status])
            .inc();
        self.latency
            .with_label_values(&[route, method])
            .observe(started.elapsed().as_secs_f64());
    }

    /// One call to an outside service (`sms`, `wechat`, `llm`, `weather`, `object_store`) and
    /// how it ended (`ok`, or a fixed word for the failure).
    pub fn outside_call(&self, service: &str, result: &str) {
        self.outside.with_label_values(&[service, result]).inc();
    }

    /// Counts `events` as an open stream of `kind` until it is dropped (over, or its browser
    /// gone).
    pub fn open_stream<S>(
        &self,
        kind: EventStream,
        events: S,
    ) -> impl Stream<Item = S::Item> + use<S>
    where
        S: Stream,
    {
        let held = Held::new(self.streams.with_label_values(&[kind.as_str()]));
        events.map(move |item| {
            let _open = &held;
            item
        })
    }

    /// A password hash or check waiting or running, until dropped.
    pub fn hashing(&self) -> Held {
        Held::new(self.hashing.clone())
    }

    /// A password hash or check ended: `ok`, `busy` or `error`.
    pub fn hashed(&self, result: &'static str) {
        self.hashes.with_label_values(&[result]).inc();
    }

    /// How many hashes run at once at most.
    pub fn set_hash_workers(&self, workers: usize) {
        self.hash_workers
            .set(i64::try_from(workers).unwrap_or(i64::MAX));
    }

    /// Reads what `sampler` sets each time the metrics are scraped.
    pub fn sample(&self, sampler: impl Fn(&Sampled) + Send + Sync + 'static) {
        self.samplers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Box::new(sampler));
    }

    /// Every metric in the text format, sampled now.
    pub fn render(&self) -> String {
        {
            // One scrape samples at a time (the counter brought up to its owner's count).
            let samplers = self.samplers.lock().unwrap_or_else(PoisonError::into_inner);
            for sample in samplers.iter() {
                sample(&self.sampled);
            }
        }
        let mut out = String::new();
        if let Err(e) = TextEncoder::new().encode_utf8(&self.registry.gather(), &mut out) {
            tracing::error!(error = %e, "encoding the metrics failed");
        }
        out
    }
}

/// The `method` label: the methods the API has, and `other` for any other, so that a client
/// cannot make up labels.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// The `status` label's three digits, on the stack (an HTTP status is 100 to 999).
fn status_digits(status: u16) -> [u8; 3] {
    let s = status.min(999);
    // Each digit is below 10.
    let digit = |d: u16| b'0' + (d % 10) as u8;
    [digit(s / 100), digit(s / 10), digit(s)]
}

/// Counts a request by the route template it matched (`/api/groups/{id}`, never the path
/// itself), its method and its status, and the time since `started` to its response's head. A
/// request under `/api/` that no route matched counts as [`UNMATCHED`], every other as [`APP`]
/// (the single-page app): the labels are a fixed set, whatever paths clients send. The
/// template is read after the router has run, from the response's request (actix-web's
/// `match_pattern`). Part of [`crate::http::middleware::observe`].
pub fn count_request<B>(
    metrics: &Metrics,
    method: &Method,
    api: bool,
    started: Instant,
    res: &Result<ServiceResponse<B>, actix_web::Error>,
) {
    match res {
        Ok(res) => {
            let pattern = if api {
                res.request().match_pattern()
            } else {
                None
            };
            let route = match &pattern {
                Some(p) => p.as_str(),
                None if api => UNMATCHED,
                None => APP,
            };
            metrics.request(route, method, res.status().as_u16(), started);
        }
        Err(e) => {
            let route = if api { UNMATCHED } else { APP };
            let status = e.as_response_error().status_code().as_u16();
            metrics.request(route, method, status, started);
        }
    }
}

/// Where the metrics are also served without credentials (`METRICS_ADDR`, e.g.
/// `10.0.0.5:9464`): a listener of its own that answers `GET /metrics` and nothing else. Unset
/// (the default): only `GET /api/admin/metrics`, to administrators.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MetricsSettings {
    pub apart: Option<SocketAddr>,
}

impl Settings for MetricsSettings {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        let apart = env
            .get("METRICS_ADDR")
            .map(|v| {
                v.trim().parse::<SocketAddr>().map_err(|_| {
                    anyhow::anyhow!(
                        "METRICS_ADDR must be an address and port (e.g. 127.0.0.1:9464), not {v:?}"
                    )
                })
            })
            .transpose()?;
        Ok(Self { apart })
    }
}

/// Serves `GET /metrics` on `METRICS_ADDR` without credentials, when it is set: one worker of
/// its own, stopping with the server. Nothing else is answered there (404).
///
/// # Errors
/// When the address cannot be bound, or no area provided the metrics.
pub fn serve_apart(
    config: &Config,
    metrics: Option<Arc<Metrics>>,
    shutdown: &Shutdown,
) -> anyhow::Result<()> {
    let Some(addr) = config.areas.get::<MetricsSettings>().apart else {
        return Ok(());
    };
    let metrics = web::Data::from(metrics.context("no area provides the metrics")?);
    let listener =
        TcpListener::bind(addr).with_context(|| format!("METRICS_ADDR: binding {addr}"))?;
    let server = HttpServer::new(move || {
        App::new()
            .app_data(metrics.clone())
            .route("/metrics", web::get().to(scrape))
    })
    .workers(1)
    .shutdown_signal(shutdown.begun())
    .shutdown_timeout(1)
    .listen(listener)?
    .run();
    tokio::spawn(server);
    tracing::info!(%addr, "metrics served on http://{addr}/metrics");
    Ok(())
}

/// The metrics, as both addresses answer them.
pub async fn scrape(metrics: web::Data<Metrics>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(CONTENT_TYPE)
        .insert_header(("Cache-Control", "no-store"))
        .body(metrics.render())
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::stream;

    fn line<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
        text.lines().find(|l| l.starts_with(prefix))
    }

    #[test]
    fn requests_are_counted_by_template_method_and_status() {
        let m = Metrics::new().unwrap();
        let t = Instant::now();
        m.request("/api/groups/{id}", &Method::GET, 200, t);
        m.request("/api/groups/{id}", &Method::GET, 200, t);
        m.request(
            "/api/groups/{id}",
            &Method::from_bytes(b"BREW").unwrap(),
            404,
            t,
        );
        let text = m.render();
        assert_eq!(
            line(
                &text,
                "courtyard_http_requests_total{method=\"GET\",route=\"/api/groups/{id}\",status=\"200\"}"
            ),
            Some(
                "courtyard_http_requests_total{method=\"GET\",route=\"/api/groups/{id}\",status=\"200\"} 2"
            ),
            "{text}"
        );
        assert!(
            text.contains("method=\"other\",route=\"/api/groups/{id}\",status=\"404\"} 1"),
            "{text}"
        );
        assert!(
            text.contains("courtyard_http_request_duration_seconds_count{method=\"GET\",route=\"/api/groups/{id}\"} 2"),
            "{text}"
        );
        assert!(text.contains("# TYPE courtyard_http_request_duration_seconds histogram"));
    }

    #[tokio::test]
    async fn a_stream_counts_as_open_until_dropped() {
        let m = Metrics::new().unwrap();
        let open = |m: &Metrics| {
            line(
                &m.render(),
                "courtyard_event_streams_open{stream=\"ai_chat\"}",
            )
            .map(str::to_owned)
        };
        let mut s = Box::pin(m.open_stream(EventStream::AiChat, stream::iter([1, 2])));
        assert_eq!(
            open(&m).as_deref(),
            Some("courtyard_event_streams_open{stream=\"ai_chat\"} 1")
        );
        assert_eq!(s.next().await, Some(1));
        drop(s);
        assert_eq!(
            open(&m).as_deref(),
            Some("courtyard_event_streams_open{stream=\"ai_chat\"} 0")
        );
    }

    #[test]
    fn sampled_values_are_read_at_each_scrape_and_the_refusals_only_grow() {
        let m = Metrics::new().unwrap();
        let refused = Arc::new(std::sync::atomic::AtomicU64::new(2));
        let r = refused.clone();
        m.sample(move |s| {
            s.upload_gate(GateUse {
                capacity: 4,
                in_use: 1,
                waiting: 3,
                refused: r.load(std::sync::atomic::Ordering::SeqCst),
            });
            s.db_pool(PoolGauges {
                in_use: 2,
                idle: 3,
                max: 10,
            });
        });
        let text = m.render();
        for expected in [
            "courtyard_upload_gate_capacity 4",
            "courtyard_upload_gate_in_use 1",
            "courtyard_upload_gate_waiting 3",
            "courtyard_upload_gate_refused_total 2",
            "courtyard_db_pool_connections{state=\"in_use\"} 2",
            "courtyard_db_pool_connections{state=\"idle\"} 3",
            "courtyard_db_pool_max_connections 10",
        ] {
            assert!(text.lines().any(|l| l == expected), "{expected}:\n{text}");
        }
        refused.store(5, std::sync::atomic::Ordering::SeqCst);
        assert!(
            m.render()
                .lines()
                .any(|l| l == "courtyard_upload_gate_refused_total 5")
        );
    }

    #[test]
    fn the_separate_address_is_read_and_checked() {
        let read =
            |pairs: &[(&str, &str)]| crate::config::env::read_pairs(pairs, MetricsSettings::read);
        assert_eq!(read(&[]).unwrap().apart, None);
        assert_eq!(
            read(&[("METRICS_ADDR", "10.0.0.5:9464")]).unwrap().apart,
            Some("10.0.0.5:9464".parse().unwrap())
        );
        let e = read(&[("METRICS_ADDR", "localhost")]).unwrap_err();
        assert!(e.to_string().starts_with("METRICS_ADDR must be"), "{e}");
    }
}
