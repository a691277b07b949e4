//! `just bench`, second part: a sign-in flood (method and figures in docs/benchmarks.md).
//!
//! Starts the real release `app-server serve` as a subprocess on a free port over a fresh
//! SQLite file (or `BENCH_DATABASE_URL`), with the production argon2id cost (19 MiB, t = 2)
//! and the default hashing bound (`PASSWORD_HASH_CONCURRENCY` = the cores,
//! `PASSWORD_HASH_QUEUE_MS` = 2000), then:
//!
//! 1. reads the server's resident memory (VmRSS in `/proc/<pid>/status`) once it is ready;
//! 2. floods it with 200 registrations, 50 at a time, and then with failed logins (a wrong
//!    password for those users in turn), 50 a second for 30 s (issue 15), while one client in
//!    a loop asks `GET /api/health` and another `GET /api/auth/token` with a session cookie;
//! 3. reads the peak (VmHWM) and, after the flood and a short rest, VmRSS again.
//!
//! It prints the memory before, at peak and after, the flood's answers by status, and the p50,
//! p95 and max latency of the other requests during the flood; each target with ✓ or ✗, and it
//! exits non-zero when one is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use futures_util::StreamExt;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use support::{Server, TempDir};

const FLOOD: usize = 200;
/// Failed logins a second, and for how long (issue 15: 50 a second for 30 s).
const LOGINS_PER_SEC: usize = 50;
const LOGIN_FLOOD: Duration = Duration::from_secs(30);
const AT_ONCE: usize = 50;
/// How long the server may rest after the flood before its memory is read again.
const REST: Duration = Duration::from_secs(3);
const TARGET_RSS_AFTER_MIB: f64 = 100.0;
/// Other requests must stay usable during the flood: a health check and a signed-in read do
/// no hashing, so they must not queue behind it.
const TARGET_OTHER_P95_MS: f64 = 50.0;

fn main() {
    support::run_bench(bench())
}

async fn bench() -> i32 {
    let (server, database_label, _dir) = start_server();
    server.wait_ready().await;
    println!(
        "sign-in flood: app-server (pid {}) on {} over {}; {} cores",
        server.pid,
        server.base,
        database_label,
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(AT_ONCE)
        .build()
        .unwrap();
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 0xff_ffff_ffff;
    // One signed-in user for the authenticated probe (before the flood, and before measuring).
    let probe_cookie = register(&client, &server.base, &format!("p{run:x}"))
        .await
        .1
        .expect("the probe user registers");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = support::status_kib(server.pid, "VmRSS:");

    let flooding = Arc::new(AtomicBool::new(true));
    let health = tokio::spawn(probe(
        format!("{}/api/health", server.base),
        None,
        flooding.clone(),
    ));
    let me = tokio::spawn(probe(
        format!("{}/api/auth/token", server.base),
        Some(probe_cookie),
        flooding.clone(),
    ));
    let started = Instant::now();
    let mut answers: BTreeMap<String, usize> = BTreeMap::new();
    let names: Vec<String> = (0..FLOOD).map(|i| format!("f{run:x}-{i}")).collect();
    let registered: Vec<u16> = futures_util::stream::iter(names.iter())
        .map(|name| {
            let (client, base) = (client.clone(), server.base.clone());
            async move { register(&client, &base, name).await.0 }
        })
        .buffer_unordered(AT_ONCE)
        .collect()
        .await;
    let registering = started.elapsed();
    // Then the attack of issue 15: LOGINS_PER_SEC failed logins a second, paced (an open
    // loop: a slow answer does not slow the attacker down), for LOGIN_FLOOD.
    let logins_started = Instant::now();
    let total_logins = LOGINS_PER_SEC * usize::try_from(LOGIN_FLOOD.as_secs()).unwrap();
    let mut ticker =
        tokio::time::interval(Duration::from_secs(1) / u32::try_from(LOGINS_PER_SEC).unwrap());
    let mut logins = Vec::with_capacity(total_logins);
    for i in 0..total_logins {
        ticker.tick().await;
        let (client, base, name) = (
            client.clone(),
            server.base.clone(),
            names[i % FLOOD].clone(),
        );
        logins.push(tokio::spawn(async move {
            client
                .post(format!("{base}/api/auth/username/login"))
                .json(&json!({ "username": name, "password": "not-the-password" }))
                .send()
                .await
                .map_or(0, |r| r.status().as_u16())
        }));
    }
    let mut failed = Vec::with_capacity(total_logins);
    for login in logins {
        failed.push(login.await.unwrap_or(0));
    }
    let logging_in = logins_started.elapsed();
    let flood_time = started.elapsed();
    flooding.store(false, Ordering::SeqCst);
    for (what, statuses) in [("register", &registered), ("login", &failed)] {
        for s in statuses {
            *answers.entry(format!("{what} {s}")).or_default() += 1;
        }
    }
    let health = health.await.unwrap();
    let me = me.await.unwrap();
    let peak = support::status_kib(server.pid, "VmHWM:");
    tokio::time::sleep(REST).await;
    let after = support::status_kib(server.pid, "VmRSS:");

    let mib = |kib: u64| kib as f64 / 1024.0;
    let mut missed = 0;
    let mut check = |ok: bool| {
        missed += usize::from(!ok);
        support::mark(ok)
    };
    println!(
        "flood: {FLOOD} registrations, {AT_ONCE} at a time ({:.1} s), then {} failed logins, {LOGINS_PER_SEC} a second ({:.1} s), {:.1} s in all",
        registering.as_secs_f64(),
        failed.len(),
        logging_in.as_secs_f64(),
        flood_time.as_secs_f64()
    );
    println!(
        "  answers: {}",
        answers
            .iter()
            .map(|(k, n)| format!("{k}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("  app-server RSS before        {:>8.1} MiB", mib(before));
    println!("  app-server RSS peak (VmHWM)  {:>8.1} MiB", mib(peak));
    let ok = mib(after) <= TARGET_RSS_AFTER_MIB;
    println!(
        "  app-server RSS after {:>2} s    {:>8.1} MiB   target ≤ {TARGET_RSS_AFTER_MIB} MiB {}",
        REST.as_secs(),
        mib(after),
        check(ok)
    );
    for (name, samples) in [
        ("GET /api/health", health),
        ("GET /api/auth/token (signed in)", me),
    ] {
        let (n, p50, p95, max, errors) = summary(samples);
        let ok = errors == 0 && p95 <= TARGET_OTHER_P95_MS;
        println!(
            "  during the flood, {name:<32} n={n:<5} p50 {p50:>6.1} ms  p95 {p95:>6.1} ms  max {max:>7.1} ms  errors {errors}   target p95 ≤ {TARGET_OTHER_P95_MS} ms {}",
            check(ok)
        );
    }
    i32::from(missed > 0)
}

/// Registers `name`; its status and, on 201, its session cookie.
async fn register(client: &reqwest::Client, base: &str, name: &str) -> (u16, Option<String>) {
    let Ok(res) = client
        .post(format!("{base}/api/auth/username/register"))
        .json(&json!({ "username": name, "password": "bench-password-1" }))
        .send()
        .await
    else {
        return (0, None);
    };
    let cookie = support::session_cookie(res.headers());
    (res.status().as_u16(), cookie)
}

/// One request after the other while the flood lasts: each one's latency, or `None` when it
/// failed or did not answer 200.
async fn probe(
    url: String,
    cookie: Option<String>,
    flooding: Arc<AtomicBool>,
) -> Vec<Option<Duration>> {
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let mut samples = Vec::new();
    while flooding.load(Ordering::SeqCst) {
        let mut req = client.get(&url);
        if let Some(c) = &cookie {
            req = req.header("Cookie", c);
        }
        let t = Instant::now();
        let ok = req.send().await.is_ok_and(|r| r.status() == 200);
        samples.push(ok.then(|| t.elapsed()));
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    samples
}

fn summary(samples: Vec<Option<Duration>>) -> (usize, f64, f64, f64, usize) {
    let n = samples.len();
    let mut ok: Vec<Duration> = samples.iter().flatten().copied().collect();
    let errors = n - ok.len();
    ok.sort();
    let at = |p: f64| support::percentile_ms(&ok, p);
    (n, at(0.50), at(0.95), at(1.0), errors)
}

/// `app-server serve` for the flood, over `BENCH_DATABASE_URL` or a fresh SQLite file (removed
/// with the returned folder's guard); its description for the report.
fn start_server() -> (Server, String, TempDir) {
    let dir = TempDir::new("courtyard-flood");
    let (database_url, database_label) = support::bench_database(&dir);
    let mut env: Vec<(&str, String)> = vec![
        ("DATABASE_URL", database_url),
        ("RUST_LOG", "warn".into()),
        // Every request of the flood comes from 127.0.0.1: the per-address limits are
        // raised so that each one reaches the hasher, as a flood from many addresses would.
        ("RATE_REGISTER_PER_IP", "100000/3600".into()),
        ("RATE_LOGIN_PER_IP", "100000/900".into()),
        // Each of the 200 users fails about 8 logins in the 30 s: the per-account limits
        // are raised too, or most attempts would be refused before hashing.
        (
            "RATE_LOGIN_FAILURES_PER_ACCOUNT_CLIENT",
            "100000/900".into(),
        ),
        ("LOGIN_ACCOUNT_FAILURE_CEILING", "100000/900".into()),
        // Left at their defaults, stated for the record.
        ("ARGON2_MEMORY_KIB", "19456".into()),
        ("ARGON2_ITERATIONS", "2".into()),
        ("ARGON2_PARALLELISM", "1".into()),
    ];
    for k in [
        "PASSWORD_HASH_CONCURRENCY",
        "PASSWORD_HASH_QUEUE_MS",
        "DATABASE_MAX_CONNECTIONS",
    ] {
        if let Ok(v) = std::env::var(format!("BENCH_{k}")) {
            env.push((k, v));
        }
    }
    let server = Server::start(&env, dir.0.join("server.log"));
    (server, database_label, dir)
}
