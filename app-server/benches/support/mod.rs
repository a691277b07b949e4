//! What the benchmarks share, and the load test `tests/nothing_lost.rs` with them: `app-server
//! serve` as a child process on a free port (the release binary in a bench, the debug one in a
//! test), its memory from `/proc`, the session cookie of an answer, and percentiles.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use reqwest::header::{CONTENT_TYPE, HeaderMap, SET_COOKIE};
use serde_json::{Value, json};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A line of `/proc/<pid>/status` (`VmRSS:`, `VmHWM:`), in KiB.
pub fn status_kib(pid: u32, key: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Resets the process's peak resident memory (VmHWM) to its current size (Linux ≥ 4.0).
pub fn reset_peak(pid: u32) -> bool {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").is_ok()
}

/// The `p`-th quantile (0–1) of sorted durations, in milliseconds (nearest rank).
pub fn percentile_ms(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

pub fn mark(ok: bool) -> &'static str {
    if ok { "✓" } else { "✗" }
}

/// `app-server serve` as a child process with exactly the given environment, its standard
/// error written to `log`; killed on drop.
pub struct Server {
    child: Child,
    pub pid: u32,
    pub base: String,
    pub log: PathBuf,
}

impl Server {
    pub fn start(env: &[(&str, String)], log: PathBuf) -> Server {
        Self::spawn(
            std::path::Path::new(env!("CARGO_BIN_EXE_app-server")),
            &["serve"],
            env,
            log,
            None,
        )
    }

    /// Waits until `GET /api/health` answers 200 (migrations done, listening).
    pub async fn wait_ready(&self) {
        self.wait_for("/api/health", Instant::now()).await;
    }

    /// Whether the process is still running (a crash under load is a failure of its own).
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The log's lines at `ERROR` level or that mention a panic.
    pub fn error_lines(&self) -> Vec<String> {
        self.log_lines()
            .into_iter()
            .filter(|l| l.contains("ERROR") || l.contains("panicked"))
            .collect()
    }

    /// Lines of the log written so far.
    pub fn log_lines(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A folder of the run's own under the system's temporary folder, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(prefix: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "{prefix}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The database of a benchmark that runs on one engine at a time: `BENCH_DATABASE_URL` when
/// set, else a fresh SQLite file in `dir`; with its description for the report.
pub fn bench_database(dir: &TempDir) -> (String, String) {
    match std::env::var("BENCH_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => {
            let label = format!("BENCH_DATABASE_URL ({})", url.split(':').next().unwrap());
            (url, label)
        }
        _ => {
            let file = dir.0.join("bench.db");
            (
                format!("sqlite://{}?mode=rwc", file.display()),
                format!("a fresh SQLite file {}", file.display()),
            )
        }
    }
}

/// The password of every account the benchmarks register.
pub const BENCH_PASSWORD: &str = "bench-password-1";

/// How many SQL statements the server logs while answering one request: the lines of
/// statements made in a request's span, so not those of the jobs that run meanwhile (the search
/// outbox's and the word list's polls, four a second). Needs [`server_env`]'s `log_statements`.
pub async fn statements_of(
    server: &Server,
    client: &reqwest::Client,
    url: &str,
    cookie: Option<&str>,
) -> usize {
    let count = |s: &Server| {
        s.log_lines()
            .iter()
            .filter(|l| l.contains("db.statement") && l.contains("request{"))
            .count()
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = count(server);
    let mut req = client.get(url);
    if let Some(c) = cookie {
        req = req.header("Cookie", c);
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status(), 200);
    res.bytes().await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    count(server) - before
}

/// The session cookie an answer sets, as `name=value` for a `Cookie` header.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("courtyard_session="))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}

pub async fn register(client: &reqwest::Client, base: &str, name: &str) -> String {
    let res = client
        .post(format!("{base}/api/auth/username/register"))
        .json(&json!({ "username": name, "password": BENCH_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert!(
        res.status().is_success(),
        "register {name}: {}",
        res.status()
    );
    session_cookie(res.headers()).unwrap()
}

pub async fn post(
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
    path: &str,
    body: Value,
) -> Value {
    let res = client
        .post(format!("{base}{path}"))
        .header("Cookie", cookie)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert!(status.is_success(), "POST {path}: {status} {body}");
    body
}

pub async fn upload(
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
    path: &str,
    bytes: Vec<u8>,
    put: bool,
) {
    let url = format!("{base}{path}");
    let req = if put {
        client.put(url)
    } else {
        client.post(url)
    };
    let res = req
        .header("Cookie", cookie)
        .header(CONTENT_TYPE, "application/octet-stream")
        .body(bytes)
        .send()
        .await
        .unwrap();
    let status = res.status();
    assert!(
        status.is_success(),
        "{path}: {status} {}",
        res.text().await.unwrap()
    );
}

/// Uploads `bytes` as a raw body with a POST and returns the answer's JSON.
pub async fn upload_json(
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
    path: &str,
    bytes: Vec<u8>,
) -> Value {
    let res = client
        .post(format!("{base}{path}"))
        .header("Cookie", cookie)
        .header(CONTENT_TYPE, "application/octet-stream")
        .body(bytes)
        .send()
        .await
        .unwrap();
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert!(status.is_success(), "{path}: {status} {body}");
    body
}

/// The environment of a benchmark's server: its database and media folder, statement logging
/// when counting, no weather provider (no internet), a cheap argon2 cost and rates high enough
/// for the set-up (registration and writing are not what is measured).
pub fn server_env(
    database_url: &str,
    media: &std::path::Path,
    log_statements: bool,
) -> Vec<(&'static str, String)> {
    vec![
        ("DATABASE_URL", database_url.to_owned()),
        ("MEDIA_DIR", media.display().to_string()),
        (
            "RUST_LOG",
            if log_statements {
                // The request's span too (`app_server::telemetry`), so that a statement made
                // for a request carries its `request{…}` and the jobs' do not.
                "warn,sqlx::query=info,app_server::telemetry=info"
            } else {
                "warn"
            }
            .to_owned(),
        ),
        ("DATABASE_LOG_STATEMENTS", log_statements.to_string()),
        ("WEATHER_ENABLED", "false".into()),
        ("ARGON2_MEMORY_KIB", "1024".into()),
        ("ARGON2_ITERATIONS", "1".into()),
        ("RATE_REGISTER_PER_IP", "100000/3600".into()),
        ("RATE_LOGIN_PER_IP", "100000/900".into()),
        ("RATE_MEDIA_UPLOADS_PER_USER", "100000/3600".into()),
        ("RATE_PLAZA_POSTS", "100000/3600".into()),
        ("RATE_PLAZA_LIKES", "100000/3600".into()),
    ]
}

/// The core app-server (and the reference servers) run on, and the one the load generator
/// runs on: the two cores of the machine, one each (`taskset -c`).
pub const SERVER_CPU: &str = "0";
pub const LOAD_CPU: &str = "1";

/// `program` pinned to `cpu` with `taskset -c` (which execs it: the child's pid is the
/// program's), or unpinned when taskset is missing.
pub fn pinned(program: &std::path::Path, cpu: Option<&str>) -> Command {
    match cpu {
        Some(cpu) if which("taskset") => {
            let mut c = Command::new("taskset");
            c.arg("-c").arg(cpu).arg(program);
            c
        }
        _ => Command::new(program),
    }
}

/// Whether `name` is a program on the `PATH`.
pub fn which(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()))
}

impl Server {
    /// Like [`Server::start`], the server (all its threads) pinned to [`SERVER_CPU`].
    pub fn start_pinned(env: &[(&str, String)], log: PathBuf) -> Server {
        Self::spawn(
            std::path::Path::new(env!("CARGO_BIN_EXE_app-server")),
            &["serve"],
            env,
            log,
            Some(SERVER_CPU),
        )
    }

    /// `program args…` with exactly `env` (plus `HOST`, `PORT` and `STATIC_DIR`), optionally
    /// pinned to a core, standard error to `log`; killed on drop.
    pub fn spawn(
        program: &std::path::Path,
        args: &[&str],
        env: &[(&str, String)],
        log: PathBuf,
        cpu: Option<&str>,
    ) -> Server {
        let port = free_port();
        let mut command = pinned(program, cpu);
        command
            .args(args)
            .env_clear()
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("STATIC_DIR", "/nonexistent-courtyard-bench")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("the server's log file"));
        for (k, v) in env {
            command.env(k, v);
        }
        let child = command
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", program.display()));
        Server {
            pid: child.id(),
            child,
            base: format!("http://127.0.0.1:{port}"),
            log,
        }
    }

    /// Waits until `path` answers 200, polling every millisecond; the time since `since`.
    pub async fn wait_for(&self, path: &str, since: Instant) -> Duration {
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        let url = format!("{}{path}", self.base);
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(res) = client.get(&url).send().await
                && res.status() == 200
            {
                return since.elapsed();
            }
            assert!(
                Instant::now() < until && std::fs::metadata(format!("/proc/{}", self.pid)).is_ok(),
                "{url} did not answer; the log: {}",
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
}

/// What wrk measured in one run, and how busy the rest of the machine was meanwhile.
#[derive(Debug, Clone, Default)]
pub struct WrkRun {
    pub requests_per_sec: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub requests: u64,
    /// Answers that were not 2xx or 3xx, plus socket errors.
    pub failures: u64,
    /// Cores used by processes other than the benchmark, its children (wrk), the servers
    /// being measured and PostgreSQL.
    pub others_cores: f64,
    /// Cores used over the measured run, by who used them.
    pub cpu: CpuUse,
}

/// wrk's own duration for each measured run, after a warm-up of [`WRK_WARMUP`].
pub const WRK_SECONDS: u64 = 10;
pub const WRK_WARMUP: u64 = 2;

/// `wrk --latency -t1 -c<connections>` against `url` for [`WRK_SECONDS`] (after an unrecorded
/// warm-up), pinned to [`LOAD_CPU`], with the given request headers. `servers` are the pids
/// whose CPU is part of what is measured.
pub fn wrk(url: &str, connections: usize, headers: &[String], servers: &[u32]) -> WrkRun {
    let run = |seconds: u64| {
        let mut c = pinned(std::path::Path::new("wrk"), Some(LOAD_CPU));
        c.args(["--latency", "-t1"])
            .arg(format!("-c{connections}"))
            .arg(format!("-d{seconds}s"))
            .arg("--timeout")
            .arg("10s");
        for h in headers {
            c.arg("-H").arg(h);
        }
        c.arg(url).stdin(Stdio::null());
        let out = c.output().expect("wrk (apt-get install wrk)");
        assert!(
            out.status.success(),
            "wrk failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    run(WRK_WARMUP);
    let cpu = CpuSnapshot::take(servers);
    let text = run(WRK_SECONDS);
    let used = cpu.since(servers);
    let mut parsed = parse_wrk(&text);
    parsed.others_cores = used.others;
    parsed.cpu = used;
    if std::env::var_os("BENCH_VERBOSE").is_some() {
        eprintln!("{text}");
    }
    parsed
}

/// Reads wrk's report (with `--latency`).
pub fn parse_wrk(text: &str) -> WrkRun {
    let mut run = WrkRun::default();
    for line in text.lines().map(str::trim) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["Requests/sec:", v] => run.requests_per_sec = v.parse().unwrap_or(0.0),
            ["50%", v] => run.p50_ms = wrk_ms(v),
            ["99%", v] => run.p99_ms = wrk_ms(v),
            [n, "requests", "in", ..] => run.requests = n.parse().unwrap_or(0),
            ["Non-2xx", "or", "3xx", "responses:", n] => {
                run.failures += n.parse::<u64>().unwrap_or(0);
            }
            ["Socket", "errors:", rest @ ..] => {
                run.failures += rest
                    .iter()
                    .filter_map(|w| w.trim_end_matches(',').parse::<u64>().ok())
                    .sum::<u64>();
            }
            _ => {}
        }
    }
    run
}

/// `812.00us`, `1.23ms`, `2.01s`, `1.00m` → milliseconds.
fn wrk_ms(v: &str) -> f64 {
    let split = v.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(v.len());
    let n: f64 = v[..split].parse().unwrap_or(f64::NAN);
    match &v[split..] {
        "us" => n / 1000.0,
        "ms" => n,
        "s" => n * 1000.0,
        "m" => n * 60_000.0,
        _ => f64::NAN,
    }
}

/// utime + stime of a process (with `children`, also of its children that it has waited
/// for), in clock ticks.
pub fn process_ticks(pid: &str, children: bool) -> u64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0;
    };
    let Some(close) = stat.rfind(')') else {
        return 0;
    };
    let fields: Vec<u64> = stat[close + 2..]
        .split(' ')
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    let field = |i: usize| fields.get(i).copied().unwrap_or(0);
    field(11) + field(12) + if children { field(13) + field(14) } else { 0 }
}

/// Busy clock ticks of the whole machine (every state but idle and iowait), from /proc/stat.
pub fn machine_busy_ticks() -> u64 {
    std::fs::read_to_string("/proc/stat")
        .ok()
        .and_then(|s| {
            s.lines().next().map(|l| {
                l.split_whitespace()
                    .skip(1)
                    .enumerate()
                    .filter(|(i, _)| *i != 3 && *i != 4)
                    .take(6)
                    .filter_map(|(_, v)| v.parse::<u64>().ok())
                    .sum()
            })
        })
        .unwrap_or(0)
}

/// utime + stime of every `postgres` process, with the children each has waited for:
/// PostgreSQL is part of what is measured. (The backends of pgbench's connections start and end
/// within a run; once ended, their time is only in the postmaster's children's.)
pub fn postgres_ticks() -> u64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|c| c.trim() == "postgres")
        })
        .map(|pid| process_ticks(&pid, true))
        .sum()
}

pub fn clock_ticks_per_sec() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}

/// To tell how much CPU the rest of the machine used during a run: a busy machine skews
/// every figure (the client, the server and PostgreSQL share the same two cores).
pub struct CpuSnapshot {
    at: Instant,
    machine: u64,
    mine: u64,
    servers: u64,
    postgres: u64,
}

impl CpuSnapshot {
    pub fn take(servers: &[u32]) -> Self {
        Self {
            at: Instant::now(),
            machine: machine_busy_ticks(),
            mine: process_ticks("self", true),
            servers: servers
                .iter()
                .map(|p| process_ticks(&p.to_string(), false))
                .sum(),
            postgres: postgres_ticks(),
        }
    }

    /// Cores used since `self` by processes other than this one, the children it waited for
    /// (wrk, pgbench), `servers` and PostgreSQL.
    pub fn others_cores_since(&self, servers: &[u32]) -> f64 {
        self.since(servers).others
    }

    /// Cores used since `self`, by who used them.
    pub fn since(&self, servers: &[u32]) -> CpuUse {
        let now = Self::take(servers);
        let mine = now.mine.saturating_sub(self.mine);
        let servers = now.servers.saturating_sub(self.servers);
        let postgres = now.postgres.saturating_sub(self.postgres);
        let others = now
            .machine
            .saturating_sub(self.machine)
            .saturating_sub(mine)
            .saturating_sub(servers)
            .saturating_sub(postgres);
        let cores =
            |ticks: u64| ticks as f64 / clock_ticks_per_sec() / (now.at - self.at).as_secs_f64();
        CpuUse {
            load: cores(mine),
            servers: cores(servers),
            postgres: cores(postgres),
            others: cores(others),
        }
    }
}

/// Cores used over a run, by who used them.
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuUse {
    /// The benchmark and the children it waited for (wrk, pgbench).
    pub load: f64,
    /// The servers measured.
    pub servers: f64,
    /// Every `postgres` process.
    pub postgres: f64,
    /// Everything else on the machine.
    pub others: f64,
}

/// The noise line every run ends with: the most CPU other processes used during a measured run.
pub fn noise_line(most: f64) -> String {
    format!(
        "other processes (not the benchmark, wrk/pgbench, the servers or PostgreSQL) used at most {most:.2} cores during a measured run{}",
        if most > 0.2 {
            " — NOT a quiet machine: the figures are not to be trusted"
        } else {
            " (a quiet machine)"
        }
    )
}

/// The targets missed so far and the most CPU other processes used during a measured run;
/// `finish` prints the last lines and gives the exit code.
#[derive(Default)]
pub struct Report {
    missed: usize,
    most_others: f64,
}

impl Report {
    pub fn check(&mut self, ok: bool) -> &'static str {
        if !ok {
            self.missed += 1;
        }
        mark(ok)
    }

    pub fn others(&mut self, cores: f64) {
        self.most_others = self.most_others.max(cores);
    }

    pub fn finish(&self) -> i32 {
        println!("\n{}", noise_line(self.most_others));
        if self.missed == 0 {
            println!("RESULT: every target met ✓");
            0
        } else {
            println!("RESULT: {} target(s) missed ✗", self.missed);
            1
        }
    }
}

/// Runs a benchmark's body on a multi-threaded tokio runtime and exits with its code.
pub fn run_bench(body: impl std::future::Future<Output = i32>) -> ! {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let code = runtime.block_on(body);
    std::process::exit(code)
}

/// Whether wrk or taskset is missing (and says how to get them).
pub fn load_tools_missing() -> bool {
    let missing = !which("wrk") || !which("taskset");
    if missing {
        println!("wrk or taskset is missing: `apt-get install -y wrk` (just bench does)");
    }
    missing
}
