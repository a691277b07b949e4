//! `just bench`: app-server against references measured in the same run (issue 15; method and
//! figures in docs/benchmarks.md).
//!
//! The release `app-server serve` and the references run pinned to core 0 with one worker;
//! the load generator (wrk, or pgbench) is pinned to core 1.
//!
//! 1. **JSON without a database**: `GET /api/ai/models` (read from memory, no query) against a
//!    bare actix-web hello (`examples/bench_hello.rs`, the same actix-web, built by
//!    `just bench`), wrk at 50 connections: ratio of requests per second (target ≥ 0.8).
//! 2. **A single-row read on PostgreSQL**: a signed-in `GET /api/auth/token` (one statement:
//!    the session joined with its user) against `pgbench -S -M prepared` on the same server and a
//!    fresh database of its own: ratio of requests to transactions per second (target ≥ 0.5).
//!    Framework time: the request's p50 at one connection minus the same query's latency timed
//!    by pgbench at one client (target ≤ 0.3 ms).
//! 3. **Footprint on SQLite** (production defaults, unpinned): the time from spawning the
//!    process to the first 200 of `/api/health` on a migrated database (target ≤ 300 ms), and
//!    the resident memory once idle after a few requests, 12 s later (target ≤ 30 MiB).
//!
//! Prints each figure with its target, ✓ or ✗, and the CPU other processes used meanwhile;
//! exits non-zero when a target is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{
    CpuSnapshot, LOAD_CPU, Report, Server, WRK_SECONDS, WRK_WARMUP, load_tools_missing, pinned,
    register, run_bench, server_env, status_kib, wrk,
};

const CONNECTIONS: usize = 50;
const TARGET_JSON_RATIO: f64 = 0.8;
const TARGET_PGBENCH_RATIO: f64 = 0.5;
const TARGET_FRAMEWORK_MS: f64 = 0.3;
const TARGET_READY_MS: f64 = 300.0;
const TARGET_IDLE_RSS_MIB: f64 = 30.0;
/// The rest before idle memory is read.
const IDLE_REST: Duration = Duration::from_secs(12);
/// pgbench's clients: as many as app-server's pool of PostgreSQL connections (its default, 10).
const PGBENCH_CLIENTS: usize = 10;

fn main() {
    run_bench(async {
        if load_tools_missing() {
            return 1;
        }
        let dir =
            std::env::temp_dir().join(format!("courtyard-bench-ratios-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut report = Report::default();
        json_without_database(&dir, &mut report).await;
        single_row_read(&dir, &mut report).await;
        footprint(&dir, &mut report).await;
        let _ = std::fs::remove_dir_all(&dir);
        report.finish()
    })
}

fn one_worker(mut env: Vec<(&'static str, String)>) -> Vec<(&'static str, String)> {
    env.push(("WORKERS", "1".into()));
    env
}

fn sqlite_url(dir: &Path, name: &str) -> String {
    format!("sqlite://{}?mode=rwc", dir.join(name).display())
}

/// The reference server, next to the benchmark's own binary's build: `target/release/examples`.
fn hello_exe() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_app-server"))
        .parent()
        .unwrap()
        .join("examples/bench_hello")
}

async fn json_without_database(dir: &Path, report: &mut Report) {
    println!(
        "JSON without a database: {CONNECTIONS} connections, wrk -t1 on core {LOAD_CPU}, servers on core 0 with 1 worker, {WRK_WARMUP} s warm-up + {WRK_SECONDS} s"
    );
    let exe = hello_exe();
    assert!(
        exe.is_file(),
        "{} is missing: `cargo build --release -p app-server --example bench_hello` (just bench does)",
        exe.display()
    );
    let hello = Server::spawn(
        &exe,
        &[],
        &[("WORKERS", "1".into())],
        dir.join("hello.log"),
        Some(support::SERVER_CPU),
    );
    hello.wait_for("/hello", Instant::now()).await;
    let reference = wrk(
        &format!("{}/hello", hello.base),
        CONNECTIONS,
        &[],
        &[hello.pid],
    );
    drop(hello);

    let server = Server::start_pinned(
        &one_worker(server_env(
            &sqlite_url(dir, "json.db"),
            &dir.join("media"),
            false,
        )),
        dir.join("json.log"),
    );
    server.wait_ready().await;
    let ours = wrk(
        &format!("{}/api/ai/models", server.base),
        CONNECTIONS,
        &[],
        &[server.pid],
    );
    drop(server);
    for (name, run) in [
        ("bare actix-web hello, GET /hello", &reference),
        ("app-server GET /api/ai/models", &ours),
    ] {
        report.others(run.others_cores);
        println!(
            "  {name:<36} {:>9.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  failures {}  (others {:.2} cores)",
            run.requests_per_sec, run.p50_ms, run.p99_ms, run.failures, run.others_cores
        );
        println!(
            "  {:<36} server {:.2} cores, {:.1} µs a request; wrk {:.2} cores",
            "",
            run.cpu.servers,
            run.cpu.servers / run.requests_per_sec * 1e6,
            run.cpu.load
        );
    }
    let ratio = ours.requests_per_sec / reference.requests_per_sec;
    let ok = ratio >= TARGET_JSON_RATIO && ours.failures == 0 && reference.failures == 0;
    println!(
        "  ratio app-server / hello              {ratio:>9.2}×   target ≥ {TARGET_JSON_RATIO} {}",
        report.check(ok)
    );
}

/// `pgbench args…` pinned to the load core; its standard output.
fn pgbench(args: &[&str]) -> String {
    let out = pinned(Path::new("pgbench"), Some(LOAD_CPU))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("pgbench (apt-get install postgresql-client)");
    assert!(
        out.status.success(),
        "pgbench {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A figure of pgbench's report: `tps = 12345.6 (without initial connection time)`,
/// `latency average = 0.123 ms`.
fn pgbench_figure(text: &str, prefix: &str) -> f64 {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(prefix))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN)
}

async fn single_row_read(dir: &Path, report: &mut Report) {
    println!(
        "\nA single-row read on PostgreSQL: signed-in GET /api/auth/token (server on core 0, 1 worker, pool of 10) against pgbench -S -M prepared -c {PGBENCH_CLIENTS} -j 1 (core {LOAD_CPU}), same server and database"
    );
    let Some(pg) = adapter_postgres::testing::TestDb::postgres().await else {
        println!(
            "  PostgreSQL not reachable (TEST_POSTGRES_URL): not measured {}",
            report.check(false)
        );
        return;
    };
    let server = Server::start_pinned(
        &one_worker(server_env(&pg.url, &dir.join("media"), false)),
        dir.join("token.log"),
    );
    server.wait_ready().await;
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let cookie = register(&client, &server.base, "token-reader").await;
    let header = [format!("Cookie: {cookie}")];
    let url = format!("{}/api/auth/token", server.base);
    let signed_in = client
        .get(&url)
        .header("Cookie", &cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        signed_in.contains("\"isAuthenticated\":true"),
        "not signed in: {signed_in}"
    );
    let ours = wrk(&url, CONNECTIONS, &header, &[server.pid]);
    let one = wrk(&url, 1, &header, &[server.pid]);

    // The reference, in the same database: pgbench's own tables at scale 1 (100 000 accounts).
    pgbench(&["-i", "-q", "-s", "1", &pg.url]);
    let t = WRK_SECONDS.to_string();
    let clients = PGBENCH_CLIENTS.to_string();
    let warm = WRK_WARMUP.to_string();
    let select_only = |seconds: &str| {
        pgbench(&[
            "-S", "-M", "prepared", "-n", "-j", "1", "-c", &clients, "-T", seconds, &pg.url,
        ])
    };
    select_only(&warm);
    let cpu = CpuSnapshot::take(&[server.pid]);
    let text = select_only(&t);
    let pgbench_cpu = cpu.since(&[server.pid]);
    let pgbench_others = pgbench_cpu.others;
    let tps = pgbench_figure(&text, "tps = ");

    // The query app-server sends (`adapter_postgres::testing::LIVE_SESSION_PG`, the statement
    // itself), timed alone by pgbench at one client (prepared, as sqlx prepares it): the session
    // by its token's hash, joined with its user.
    let hash = Command::new("psql")
        .args([&pg.url, "-tAc", "SELECT token_hash FROM sessions LIMIT 1"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    assert_eq!(hash.len(), 64, "a session's token hash: {hash:?}");
    let script = dir.join("session.sql");
    let statement = adapter_postgres::testing::LIVE_SESSION_PG
        .replace("$1", &format!("'{hash}'"))
        .replace("$2", "now()");
    std::fs::write(&script, format!("{statement};\n")).unwrap();
    let script_arg = script.display().to_string();
    let query_alone = |seconds: &str| {
        pgbench(&[
            "-M",
            "prepared",
            "-n",
            "-c",
            "1",
            "-f",
            &script_arg,
            "-T",
            seconds,
            &pg.url,
        ])
    };
    query_alone(&warm);
    let cpu = CpuSnapshot::take(&[server.pid]);
    let text = query_alone(&t);
    let query_others = cpu.others_cores_since(&[server.pid]);
    let query_ms = pgbench_figure(&text, "latency average = ");
    drop(server);

    for others in [
        ours.others_cores,
        one.others_cores,
        pgbench_others,
        query_others,
    ] {
        report.others(others);
    }
    println!(
        "  app-server GET /api/auth/token       {:>9.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  failures {}  (others {:.2} cores)",
        ours.requests_per_sec, ours.p50_ms, ours.p99_ms, ours.failures, ours.others_cores
    );
    println!(
        "  pgbench -S                           {tps:>9.0} tps                                       (others {pgbench_others:.2} cores)"
    );
    // Where each answer's CPU went: what PostgreSQL spends on the request's statement against
    // on pgbench's, and what app-server and wrk spend, all on the same two cores.
    let micros = |cores: f64, per_sec: f64| cores / per_sec * 1e6;
    println!(
        "  CPU per answer, µs: app-server {:.0}, wrk {:.0}, PostgreSQL {:.0} (pgbench -S: pgbench {:.0}, PostgreSQL {:.0}); cores busy {:.2} and {:.2} of 2",
        micros(ours.cpu.servers, ours.requests_per_sec),
        micros(ours.cpu.load, ours.requests_per_sec),
        micros(ours.cpu.postgres, ours.requests_per_sec),
        micros(pgbench_cpu.load, tps),
        micros(pgbench_cpu.postgres, tps),
        ours.cpu.servers + ours.cpu.load + ours.cpu.postgres,
        pgbench_cpu.load + pgbench_cpu.postgres,
    );
    let ratio = ours.requests_per_sec / tps;
    println!(
        "  ratio requests / transactions        {ratio:>9.2}×   target ≥ {TARGET_PGBENCH_RATIO} {}",
        report.check(ratio >= TARGET_PGBENCH_RATIO && ours.failures == 0)
    );
    let framework = one.p50_ms - query_ms;
    println!(
        "  at 1 connection: request p50 {:.3} ms − the query alone {query_ms:.3} ms (pgbench, 1 client; others {query_others:.2} cores) = framework p50 {framework:.3} ms   target ≤ {TARGET_FRAMEWORK_MS} ms {}",
        one.p50_ms,
        report.check(framework <= TARGET_FRAMEWORK_MS && one.failures == 0)
    );
}

async fn footprint(dir: &Path, report: &mut Report) {
    println!("\nFootprint on SQLite (the production defaults: a worker per core, unpinned)");
    let env = server_env(&sqlite_url(dir, "footprint.db"), &dir.join("media"), false);
    // The first start creates and migrates the database; the second is a restart, as a
    // deployment's is, and is the one with the target.
    let spawned = Instant::now();
    let first = Server::start(&env, dir.join("footprint-1.log"));
    let first_ready = first.wait_for("/api/health", spawned).await;
    drop(first);
    let spawned = Instant::now();
    let server = Server::start(&env, dir.join("footprint-2.log"));
    let ready = server.wait_for("/api/health", spawned).await;
    // Warm: a few requests of each kind a visitor makes, then rest.
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    for path in [
        "/api/health",
        "/api/ai/models",
        "/api/auth/token",
        "/api/plaza/posts",
    ] {
        for _ in 0..20 {
            let res = client
                .get(format!("{}{path}", server.base))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200, "{path}");
            res.bytes().await.unwrap();
        }
    }
    // Idle: past the server's next request to the allocator to give its free pages back
    // (every 10 s, `wiring/system.rs`).
    tokio::time::sleep(IDLE_REST).await;
    let mib = |key| status_kib(server.pid, key) as f64 / 1024.0;
    let (rss_mib, anon_mib, file_mib) = (mib("VmRSS:"), mib("RssAnon:"), mib("RssFile:"));
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "  spawn → /api/health 200, restart     {:>9.1} ms   target ≤ {TARGET_READY_MS} ms {}   (first start, migrating a new file: {:.1} ms)",
        ms(ready),
        report.check(ms(ready) <= TARGET_READY_MS),
        ms(first_ready)
    );
    println!(
        "  idle RSS after 80 requests, {} s rest {rss_mib:>8.1} MiB  target ≤ {TARGET_IDLE_RSS_MIB} MiB {}   (anonymous {anon_mib:.1}, the binary and other files {file_mib:.1})",
        IDLE_REST.as_secs(),
        report.check(rss_mib <= TARGET_IDLE_RSS_MIB)
    );
}
