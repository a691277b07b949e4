//! Logging: `tracing` to stderr, filtered by `RUST_LOG` (default `info`), as text or as JSON lines
//! (`LOG_FORMAT`), and the id every request's log lines carry (docs/operations.md).
//!
//! Text has colours only when stderr is a terminal and `NO_COLOR` is unset: a log written to a
//! file or a pipe carries no escape codes. A JSON line is one flat object: `timestamp`, `level`,
//! `target`, the fields of the spans it happened in (outermost first, so a request's
//! `request_id` is in every line logged while it is served) and the event's own, `message`
//! among them.
//!
//! The same subscriber feeds the metrics' pool-wait histogram ([`crate::metrics::PoolWaits`]):
//! a layer with a filter of its own, so the log filter decides alone what is printed and the
//! layer sees sqlx's acquire events whatever `RUST_LOG` says.

use crate::config::{LogFormat, TrustedProxies};
use crate::metrics::PoolWaits;
use crate::state::AppState;
use actix_web::dev::ServiceRequest;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{HttpMessage, web};
use serde_json::{Map, Value};
use std::fmt;
use std::io::IsTerminal;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_log::AsLog;
use tracing_subscriber::fmt::format::{JsonFields, Writer};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields, FormattedFields, MakeWriter};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::{EnvFilter, Layer, Registry};

/// The header a request's id arrives in (from a trusted proxy) and every answer carries.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest request id taken from a proxy.
const MAX_REQUEST_ID: usize = 128;

/// Whether the log may colour its lines: stderr is a terminal and `NO_COLOR` (no-color.org) is
/// unset or empty.
pub fn colour(stderr_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    stderr_is_terminal && no_color.is_none_or(|v| v.is_empty())
}

/// Installs the log and the pool-wait metric for the process (once; later calls, and calls
/// after [`init_metrics_only`], change nothing). Standard output stays for what a command prints
/// (`app-server admin create`, `app-server openapi`).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let ansi = colour(
        std::io::stderr().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    );
    // The `log` crate's records (actix-web's own) pass as far as the log filter lets them: the
    // pool-wait layer wants `trace` events of sqlx's, which come through `tracing`, not `log`,
    // so they need not make every `log::trace!` of every crate pay for a check.
    let log_level = Layer::<Registry>::max_level_hint(&filter)
        .unwrap_or(tracing::level_filters::LevelFilter::TRACE)
        .as_log();
    if tracing::subscriber::set_global_default(subscriber(format, filter, ansi, std::io::stderr))
        .is_ok()
    {
        let _ = tracing_log::LogTracer::builder()
            .with_max_level(log_level)
            .init();
    }
}

/// Installs the pool-wait metric for the process and no log (once; later calls, and calls
/// after [`init`], change nothing): for tests, which read the metrics and print nothing.
pub fn init_metrics_only() {
    let _ = tracing::subscriber::set_global_default(Registry::default().with(PoolWaits::layer()));
}

/// The log as [`init`] installs it, writing to `writer`, with the pool-wait layer beside it.
pub fn subscriber<W>(
    format: LogFormat,
    filter: EnvFilter,
    ansi: bool,
    writer: W,
) -> Box<dyn Subscriber + Send + Sync>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let layer = tracing_subscriber::fmt::layer().with_writer(writer);
    let log = match format {
        LogFormat::Text => layer.with_target(false).with_ansi(ansi).boxed(),
        LogFormat::Json => layer
            .with_ansi(false)
            .fmt_fields(JsonFields::new())
            .event_format(JsonLines)
            .boxed(),
    };
    // The filter is the log's alone (a filter of the whole subscriber would hide sqlx's `trace`
    // acquire events from the pool-wait layer too).
    Box::new(
        Registry::default()
            .with(log.with_filter(filter))
            .with(PoolWaits::layer()),
    )
}

/// One event as one flat JSON object on one line (see the module's documentation). Spans'
/// fields are kept as JSON by [`JsonFields`] and merged here, inner over outer, the event's own
/// over both.
struct JsonLines;

impl<S, N> FormatEvent<S, N> for JsonLines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let meta = event.metadata();
        let mut line = Map::new();
        line.insert(
            "timestamp".into(),
            chrono::Utc::now()
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
                .into(),
        );
        line.insert("level".into(), meta.level().as_str().into());
        line.insert("target".into(), meta.target().into());
        if let Some(scope) = ctx.event_scope() {
            for span in scope.from_root() {
                let extensions = span.extensions();
                let Some(fields) = extensions.get::<FormattedFields<N>>() else {
                    continue;
                };
                if let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(fields) {
                    line.extend(fields);
                }
            }
        }
        event.record(&mut JsonVisitor(&mut line));
        writeln!(writer, "{}", Value::Object(line))
    }
}

/// An event's fields into a JSON object: numbers and flags as such, the rest as text.
struct JsonVisitor<'a>(&'a mut Map<String, Value>);

impl Visit for JsonVisitor<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0
            .insert(field.name().into(), format!("{value:?}").into());
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_u128(&mut self, field: &Field, value: u128) {
        let value = u64::try_from(value).map_or_else(|_| value.to_string().into(), Value::from);
        self.0.insert(field.name().into(), value);
    }
    fn record_i128(&mut self, field: &Field, value: i128) {
        let value = i64::try_from(value).map_or_else(|_| value.to_string().into(), Value::from);
        self.0.insert(field.name().into(), value);
    }
    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_error(&mut self, field: &Field, value: &(dyn std::error::Error + 'static)) {
        self.0.insert(field.name().into(), value.to_string().into());
    }
}

/// A request's id, in its extensions ([`identify`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(pub String);

/// The id `X-Request-Id` proposes, when it may be taken: the connection comes from one of
/// `TRUSTED_PROXIES` (a client could otherwise pick the id its lines are filed under, or forge
/// another's) and the value is 1 to 128 of `A-Z a-z 0-9 - _ . :` (nginx's `$request_id` is 32
/// hex digits). Otherwise `None`: the server makes one.
pub fn proposed_id<'a>(
    peer: Option<std::net::IpAddr>,
    header: Option<&'a HeaderValue>,
    proxies: &TrustedProxies,
) -> Option<&'a str> {
    if !peer.is_some_and(|ip| proxies.contains(ip)) {
        return None;
    }
    let id = header?.to_str().ok()?;
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':');
    (!id.is_empty() && id.len() <= MAX_REQUEST_ID && id.chars().all(allowed)).then_some(id)
}

/// A request id of the server's making: 32 hex digits, a random half drawn once per process
/// and a count, so ids never repeat within a process and hardly across processes. (A random uuid
/// per request cost a `getrandom` system call each, 2 % of a small request's CPU:
/// docs/benchmarks.md, "Targets missed".)
fn new_request_id() -> String {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static PROCESS: OnceLock<u64> = OnceLock::new();
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let process = *PROCESS.get_or_init(|| uuid::Uuid::new_v4().as_u64_pair().0);
    let count = COUNT.fetch_add(1, Ordering::Relaxed);
    // The process's half, then the count's, each as 16 digits; written without `format!`'s
    // machinery (1.4 % of a small request's CPU).
    let mut digits = uuid::Uuid::encode_buffer();
    uuid::Uuid::from_u64_pair(process, count)
        .simple()
        .encode_lower(&mut digits)
        .to_owned()
}

/// Gives a request its id: a trusted proxy's `X-Request-Id` ([`proposed_id`]) or a new one
/// (32 hex digits), put into its extensions ([`RequestId`]), and the span it is served in,
/// whose `request_id` every line logged meanwhile carries. The answer carries the id back in
/// `X-Request-Id` ([`crate::http::middleware::observe`]).
pub fn identify(req: &ServiceRequest) -> (String, tracing::Span) {
    let proposed = req.app_data::<web::Data<AppState>>().and_then(|state| {
        proposed_id(
            req.peer_addr().map(|a| a.ip()),
            req.headers().get(&REQUEST_ID),
            &state.config.trusted_proxies,
        )
        .map(str::to_owned)
    });
    let id = proposed.unwrap_or_else(new_request_id);
    req.extensions_mut().insert(RequestId(id.clone()));
    let span = tracing::info_span!("request", request_id = %id);
    (id, span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;
    use std::sync::{Arc, Mutex};

    #[test]
    fn the_servers_request_ids_are_32_hex_digits_and_never_repeat() {
        let ids: Vec<String> = (0..1000).map(|_| new_request_id()).collect();
        assert!(
            ids.iter()
                .all(|id| id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit())),
            "{ids:?}"
        );
        let distinct: std::collections::HashSet<&String> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len());
        assert_eq!(ids[0][..16], ids[999][..16], "one random half per process");
        let counts: Vec<u64> = ids
            .iter()
            .map(|id| u64::from_str_radix(&id[16..], 16).unwrap())
            .collect();
        assert!(
            counts.windows(2).all(|w| w[0] < w[1]),
            "the second half counts up"
        );
    }

    #[test]
    fn colours_only_a_terminal_without_no_color() {
        assert!(colour(true, None));
        assert!(colour(true, Some(OsStr::new(""))));
        assert!(
            !colour(false, None),
            "a file or a pipe gets no escape codes"
        );
        assert!(!colour(true, Some(OsStr::new("1"))));
    }

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Buffer {
        type Writer = Buffer;
        fn make_writer(&'a self) -> Buffer {
            self.clone()
        }
    }

    fn logged(format: LogFormat, log: impl FnOnce()) -> String {
        let buffer = Buffer::default();
        let subscriber = subscriber(format, EnvFilter::new("info"), false, buffer.clone());
        tracing::subscriber::with_default(subscriber, log);
        String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn a_json_line_is_one_flat_object_with_the_request_id_of_its_spans() {
        let out = logged(LogFormat::Json, || {
            let request = tracing::info_span!("request", request_id = %"abc123");
            let _in_request = request.enter();
            let inner = tracing::info_span!("put", key = "media/1.jpg");
            let _in_inner = inner.enter();
            // `ms` as `log_requests` records it: a `u128` from `Duration::as_millis`.
            tracing::info!(method = "GET", status = 200u16, ms = 3u128, "request");
            tracing::warn!(error = %"disk \"full\"\nreally", "writing failed");
        });
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "one line per event: {out}");
        let first: Value = serde_json::from_str(lines[0]).unwrap();
        let mut keys: Vec<&str> = first
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "key",
                "level",
                "message",
                "method",
                "ms",
                "request_id",
                "status",
                "target",
                "timestamp"
            ]
        );
        assert_eq!(first["request_id"], "abc123");
        assert_eq!(first["key"], "media/1.jpg", "inner spans' fields too");
        assert_eq!(first["message"], "request");
        assert_eq!(first["level"], "INFO");
        assert_eq!(first["status"], 200, "numbers stay numbers");
        assert_eq!(first["ms"], 3);
        assert!(
            chrono::DateTime::parse_from_rfc3339(first["timestamp"].as_str().unwrap()).is_ok(),
            "{first}"
        );
        let second: Value = serde_json::from_str(lines[1]).unwrap();
        assert_eq!(
            second["error"], "disk \"full\"\nreally",
            "escaped, one line"
        );
        assert_eq!(second["level"], "WARN");
        assert_eq!(second["request_id"], "abc123");
    }

    /// The pool-wait histogram's count as a fresh registry shows it (it is the process's).
    fn pool_waits_counted() -> f64 {
        let text = crate::metrics::Metrics::new().unwrap().render();
        let line = text
            .lines()
            .find(|l| l.starts_with("courtyard_db_pool_acquire_seconds_count"))
            .unwrap_or_else(|| panic!("{text}"));
        line.rsplit_once(' ').unwrap().1.parse().unwrap()
    }

    #[test]
    fn sqlxs_acquire_events_are_counted_and_the_log_prints_what_it_printed_before() {
        let before = pool_waits_counted();
        for format in [LogFormat::Text, LogFormat::Json] {
            let buffer = Buffer::default();
            let filter = EnvFilter::new("info,sqlx=warn,sea_orm=warn");
            let subscriber = subscriber(format, filter, false, buffer.clone());
            tracing::subscriber::with_default(subscriber, || {
                // As sqlx's pool reports an acquire, below and above its slow threshold.
                tracing::trace!(
                    target: "sqlx::pool::acquire",
                    acquired_after_secs = 0.0002,
                    "acquired connection"
                );
                tracing::warn!(
                    target: "sqlx::pool::acquire",
                    acquired_after_secs = 2.5,
                    slow_acquire_threshold_secs = 2.0,
                    "acquired connection, but time to acquire exceeded slow threshold"
                );
                tracing::info!(target: "sqlx::query", "other sqlx events stay unlogged");
            });
            let out = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
            assert_eq!(out.lines().count(), 1, "{out}");
            assert!(out.contains("exceeded slow threshold"), "{out}");
        }
        // Both acquires of both formats, at least (other tests may add theirs).
        assert!(pool_waits_counted() >= before + 4.0);
    }

    #[test]
    fn text_stays_text() {
        let out = logged(LogFormat::Text, || {
            // As the middleware records it (`%id`).
            let request = tracing::info_span!("request", request_id = %"abc123");
            let _in_request = request.enter();
            tracing::info!(status = 200u16, "request");
        });
        assert!(out.contains("request{request_id=abc123}"), "{out}");
        assert!(serde_json::from_str::<Value>(out.trim()).is_err(), "{out}");
    }

    #[test]
    fn only_a_trusted_proxy_names_the_request_id_and_only_a_plain_one() {
        let proxies: TrustedProxies = "10.0.0.0/8".parse().unwrap();
        let proxy = Some("10.1.2.3".parse().unwrap());
        let client = Some("203.0.113.9".parse().unwrap());
        let value = |s: &str| HeaderValue::from_str(s).unwrap();
        let nginx = value("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        assert_eq!(
            proposed_id(proxy, Some(&nginx), &proxies),
            Some("0f1e2d3c4b5a69788796a5b4c3d2e1f0")
        );
        assert_eq!(
            proposed_id(proxy, Some(&value("lb-1:req.42_x")), &proxies),
            Some("lb-1:req.42_x")
        );
        assert_eq!(proposed_id(client, Some(&nginx), &proxies), None);
        assert_eq!(proposed_id(None, Some(&nginx), &proxies), None);
        assert_eq!(proposed_id(proxy, None, &proxies), None);
        for refused in ["", "a b", "x\"y", "id{1}", &"a".repeat(129)] {
            assert_eq!(
                proposed_id(proxy, Some(&value(refused)), &proxies),
                None,
                "{refused:?}"
            );
        }
        assert!(proposed_id(proxy, Some(&value(&"a".repeat(128))), &proxies).is_some());
    }
}
