//! `just bench`: the AI chat benchmark (method and figures in docs/benchmarks.md).
//!
//! One run starts the fake OpenAI-compatible upstream ([`FakeLlm`]) in this process and the
//! real release `app-server serve` as a subprocess on a free port over a fresh SQLite file (or
//! `BENCH_DATABASE_URL`), registers users through the API, then measures:
//!
//! 1. time to first token (request sent → first non-empty `delta.content` received), closed
//!    loop, at 1 and 200 concurrent streams, straight to the fake and through app-server with
//!    the same upstream scenario; overhead pXX = pXX(through app-server) − pXX(direct);
//! 2. 1000 concurrent streams through app-server: dropped streams, and the server process's
//!    CPU (utime + stime from `/proc/<pid>/stat`) and memory (VmHWM, VmRSS from
//!    `/proc/<pid>/status`) while all 1000 stream.
//!
//! It prints a table, each target with ✓ or ✗, and exits non-zero when one is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use actix_web::web::Bytes;
use adapter_llm::fake::{FakeLlm, Scenario};
use futures_util::StreamExt;
use reqwest::header::{CONTENT_TYPE, COOKIE, SET_COOKIE};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use support::{CpuSnapshot, Server, TempDir, clock_ticks_per_sec, mark, percentile_ms};

const MODEL: &str = "bench-model";
const PROMPT: &str = "用一句话介绍庭院";
const PASSWORD: &str = "bench-password-1";

/// Users registered through the API; the 1000-stream run gives each of them 2 streams, which
/// is the server's real per-user limit (`AI_MAX_CONCURRENT_STREAMS`, left at its default).
const USERS: usize = 500;
const STREAMS_PER_USER: usize = 2;
const MANY: usize = USERS * STREAMS_PER_USER;

/// The upstream's delay before the first content token, in every run.
const FIRST_DELAY: Duration = Duration::from_millis(30);

/// One closed-loop time-to-first-token run.
struct LoopPlan {
    concurrency: usize,
    tokens: usize,
    gap: Duration,
    warmup: Duration,
    measure: Duration,
}

impl LoopPlan {
    fn scenario(&self) -> Scenario {
        Scenario::Bench {
            first_delay: FIRST_DELAY,
            tokens: self.tokens,
            gap: self.gap,
        }
    }

    /// How long one answer takes upstream (first delay, the other tokens, the closing chunk).
    fn stream_len(&self) -> Duration {
        FIRST_DELAY + self.gap * u32::try_from(self.tokens).unwrap()
    }

    fn label(&self) -> String {
        format!(
            "{} stream{} ({} tok × {} ms)",
            self.concurrency,
            if self.concurrency == 1 { "" } else { "s" },
            self.tokens,
            self.gap.as_millis()
        )
    }
}

const LOOPS: [LoopPlan; 2] = [
    // Short answers so that one stream turns over quickly: ~14 requests/s.
    LoopPlan {
        concurrency: 1,
        tokens: 4,
        gap: Duration::from_millis(8),
        warmup: Duration::from_secs(2),
        measure: Duration::from_secs(15),
    },
    // ~1 s answers: ~190 requests/s, 200 always open.
    LoopPlan {
        concurrency: 200,
        tokens: 20,
        gap: Duration::from_millis(50),
        warmup: Duration::from_secs(3),
        measure: Duration::from_secs(9),
    },
];

/// The 1000-stream run: the streams start evenly spread over `MANY_RAMP`; once every one has
/// had its first token, all of them stream for `MANY_HOLD` while app-server is sampled every
/// second.
const MANY_RAMP: Duration = Duration::from_secs(2);
const MANY_HOLD: Duration = Duration::from_secs(10);
const MANY_GAP: Duration = Duration::from_millis(50);
/// Long enough that no stream ends before the hold window does: 30 ms + 300 × 50 ms ≈ 15 s.
const MANY_TOKENS: usize = 300;

// The targets of the issue.
const TARGET_OVERHEAD_P50_MS: f64 = 1.0;
const TARGET_OVERHEAD_P99_MS: f64 = 5.0;
const TARGET_CPU_CORES: f64 = 1.0;
const TARGET_RSS_MIB: f64 = 300.0;

fn main() {
    let code = run();
    // Everything (the server subprocess, the temporary database) is dropped by now.
    std::process::exit(code);
}

fn run() -> i32 {
    let needed_fds = 4 * MANY as u64 + 1024;
    match rlimit::increase_nofile_limit(needed_fds) {
        Ok(n) if n >= needed_fds => {}
        Ok(n) => eprintln!(
            "warning: RLIMIT_NOFILE is {n} (hard limit), below the {needed_fds} this benchmark wants"
        ),
        Err(e) => eprintln!("warning: cannot raise RLIMIT_NOFILE: {e}"),
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    runtime.block_on(bench())
}

async fn bench() -> i32 {
    let begun = Instant::now();
    let fake = Arc::new(FakeLlm::start().await);
    let (server, database_label, _dir) = start_server(&fake.base_url());
    server.wait_ready().await;
    println!(
        "app-server {} (pid {}) on {} over {database_label}; fake upstream at {}",
        env!("CARGO_BIN_EXE_app-server"),
        server.pid,
        server.base,
        fake.base_url()
    );
    println!("{}", machine());

    let client = http_client();
    let users = register_users(&client, &server.base, USERS).await;
    println!(
        "registered {USERS} users through the API in {:.1} s",
        begun.elapsed().as_secs_f64()
    );
    let direct_url = format!("{}/chat/completions", fake.base_url());
    let via_url = format!("{}/api/ai/chat", server.base);
    let direct_body = bytes_of(&json!({
        "model": MODEL,
        "messages": [{ "role": "user", "content": PROMPT }],
        "stream": true,
        "temperature": 0.7,
        "max_tokens": 4096,
        "stream_options": { "include_usage": true },
    }));
    let via_body = bytes_of(&json!({
        "messages": [{ "role": "user", "content": PROMPT }],
        "stream": true,
        "model": MODEL,
    }));

    let mut rows = Vec::new();
    let mut errors = 0;
    for plan in &LOOPS {
        fake.set(plan.scenario());
        let direct_target = Target {
            url: direct_url.clone(),
            body: direct_body.clone(),
            cookies: vec![None; plan.concurrency],
        };
        // Two workers per user (one for a single stream): each user keeps the server's limit
        // of 2 answers going and starts the next as soon as one ends, so a slot that were
        // still held after `[DONE]` would show as a 429 here.
        let via_target = Target {
            url: via_url.clone(),
            body: via_body.clone(),
            cookies: (0..plan.concurrency)
                .map(|i| Some(users[i / STREAMS_PER_USER].clone()))
                .collect(),
        };
        let _ = fake.take_requests();
        let direct = closed_loop(&client, &direct_target, plan, server.pid).await;
        let direct_upstream = fake.take_requests().len();
        let via = closed_loop(&client, &via_target, plan, server.pid).await;
        let via_upstream = fake.take_requests().len();
        for (name, run, upstream) in [
            ("direct", &direct, direct_upstream),
            ("via app-server", &via, via_upstream),
        ] {
            // Every answer that came back 200 went through the fake once, and nothing else did.
            if run.failures > 0 || upstream != run.answered {
                eprintln!(
                    "{} {name}: {} of {} requests failed ({:?}); the upstream saw {upstream}",
                    plan.label(),
                    run.failures,
                    run.requests,
                    run.first_failure
                );
            }
            errors += run.failures + run.answered.abs_diff(upstream);
        }
        rows.push((plan, direct, via));
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    fake.set(Scenario::Bench {
        first_delay: FIRST_DELAY,
        tokens: MANY_TOKENS,
        gap: MANY_GAP,
    });
    let _ = fake.take_requests();
    let many = many_streams(&client, &via_url, &via_body, &users, &server, &fake).await;

    let failed = report(&rows, errors, &many);
    println!(
        "\n`just bench` body took {:.0} s (without the build)",
        begun.elapsed().as_secs_f64()
    );
    drop(server);
    i32::from(failed)
}

fn bytes_of(v: &serde_json::Value) -> Bytes {
    Bytes::from(serde_json::to_vec(v).unwrap())
}

// ---------------------------------------------------------------------------------------------
// The server subprocess

/// Every variable the server gets; the environment is otherwise cleared so that nothing of the
/// caller's (`DATABASE_URL`, `LLM_*` …) leaks in.
fn server_env(database_url: &str, llm_base_url: &str) -> Vec<(&'static str, String)> {
    vec![
        ("DATABASE_URL", database_url.into()),
        ("RUST_LOG", "warn".into()),
        ("LLM_BASE_URL", llm_base_url.into()),
        ("LLM_API_KEY", "sk-bench-0123456789".into()),
        ("LLM_MODELS", MODEL.into()),
        // Raised so that the benchmark measures overhead, not refusals (docs/benchmarks.md):
        // each of 200 looping users starts ~1 answer per second, far above 20 a minute.
        ("RATE_AI_CHAT", "1000000/60".into()),
        // 500 registrations from 127.0.0.1 (the default allows 10 an hour per address).
        ("RATE_REGISTER_PER_IP", "100000/3600".into()),
        // Cheap password hashing: registration is set-up, not what is measured.
        ("ARGON2_MEMORY_KIB", "1024".into()),
        ("ARGON2_ITERATIONS", "1".into()),
        // Left at their defaults, stated for the record: 2 streams per user, 200 000 tokens
        // per user per day (each looping user spends a few thousand), the engine's default
        // pool (1 connection on SQLite, 10 on PostgreSQL) unless BENCH_DATABASE_MAX_CONNECTIONS.
        ("AI_MAX_CONCURRENT_STREAMS", "2".into()),
        ("AI_DAILY_TOKEN_QUOTA", "200000".into()),
    ]
    .into_iter()
    .chain(
        std::env::var("BENCH_DATABASE_MAX_CONNECTIONS")
            .ok()
            .map(|n| ("DATABASE_MAX_CONNECTIONS", n)),
    )
    .collect()
}

/// `app-server serve` over `BENCH_DATABASE_URL` or a fresh SQLite file (removed with the
/// returned folder), its warnings in that folder; its database's description for the report.
fn start_server(llm_base_url: &str) -> (Server, String, TempDir) {
    let dir = TempDir::new("courtyard-bench");
    let (database_url, database_label) = support::bench_database(&dir);
    let log = dir.0.join("server.log");
    let server = Server::start(&server_env(&database_url, llm_base_url), log);
    (server, database_label, dir)
}

fn http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .tcp_nodelay(true)
        .pool_idle_timeout(Duration::from_secs(60))
        .build()
        .unwrap()
}

/// Registers `count` users (8 at a time) and returns each one's `Cookie` header value.
async fn register_users(client: &reqwest::Client, base: &str, count: usize) -> Vec<String> {
    // Unique per run, for a BENCH_DATABASE_URL that outlives it.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 0xff_ffff_ffff;
    let url = format!("{base}/api/auth/username/register");
    let cookies: Vec<String> = futures_util::stream::iter(0..count)
        .map(|i| {
            let (client, url) = (client.clone(), url.clone());
            async move {
                let res = client
                    .post(&url)
                    .json(&json!({ "username": format!("b{run:x}-{i}"), "password": PASSWORD }))
                    .send()
                    .await
                    .expect("register");
                assert_eq!(res.status(), 201, "registering user {i}");
                res.headers()
                    .get_all(SET_COOKIE)
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .find(|v| v.starts_with("courtyard_session="))
                    .and_then(|v| v.split(';').next())
                    .expect("a session cookie")
                    .to_owned()
            }
        })
        .buffered(8)
        .collect()
        .await;
    cookies
}

// ---------------------------------------------------------------------------------------------
// Reading a stream

/// What the client cares about in a chunk: `choices[0].delta.content`.
#[derive(Deserialize)]
struct Chunk<'a> {
    #[serde(default, borrow)]
    choices: Vec<Choice<'a>>,
}

#[derive(Deserialize)]
struct Choice<'a> {
    #[serde(borrow)]
    delta: Option<Delta<'a>>,
}

#[derive(Deserialize)]
struct Delta<'a> {
    #[serde(borrow)]
    content: Option<std::borrow::Cow<'a, str>>,
}

/// Whether an SSE event's data is a chunk with a non-empty content delta.
fn has_content(data: &[u8]) -> bool {
    serde_json::from_slice::<Chunk>(data).is_ok_and(|c| {
        c.choices
            .first()
            .and_then(|c| c.delta.as_ref())
            .and_then(|d| d.content.as_ref())
            .is_some_and(|t| !t.is_empty())
    })
}

#[derive(Debug, Default)]
struct Outcome {
    status: u16,
    /// From sending the request to receiving the first content delta.
    ttft: Option<Duration>,
    tokens: usize,
    /// The last event was `data: [DONE]`.
    done: bool,
    error: Option<String>,
}

impl Outcome {
    fn ok(&self, tokens: usize) -> bool {
        self.status == 200 && self.done && self.tokens == tokens && self.error.is_none()
    }
}

/// Sends one chat request and reads the answer to its end. `on_first` runs at the first
/// content delta, `on_open` when the 200 head arrived.
async fn one_stream(
    client: &reqwest::Client,
    url: &str,
    body: &Bytes,
    cookie: Option<&str>,
    stream_len: Duration,
    on_open: impl FnOnce(),
    on_first: impl FnOnce(),
) -> Outcome {
    let sent = Instant::now();
    let mut request = client
        .post(url)
        .header(CONTENT_TYPE, "application/json")
        // A stream that stalls fails instead of hanging the benchmark.
        .timeout(stream_len + Duration::from_secs(30))
        .body(body.clone());
    if let Some(cookie) = cookie {
        request = request.header(COOKIE, cookie);
    }
    let mut out = Outcome::default();
    let res = match request.send().await {
        Ok(res) => res,
        Err(e) => {
            out.error = Some(format!("send: {e}"));
            return out;
        }
    };
    out.status = res.status().as_u16();
    if out.status != 200 {
        out.error = Some(res.text().await.unwrap_or_default());
        return out;
    }
    on_open();
    let mut on_first = Some(on_first);
    let mut body = res.bytes_stream();
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    while let Some(piece) = body.next().await {
        let piece = match piece {
            Ok(p) => p,
            Err(e) => {
                out.error = Some(format!("body: {e}"));
                break;
            }
        };
        let arrived = Instant::now();
        buf.extend_from_slice(&piece);
        let mut start = 0;
        while let Some(end) = find(&buf[start..], b"\n\n") {
            let event = &buf[start..start + end];
            start += end + 2;
            let Some(data) = event.strip_prefix(b"data: ") else {
                continue; // a `:` keep-alive comment
            };
            out.done = data == b"[DONE]";
            if !out.done && has_content(data) {
                out.tokens += 1;
                if out.ttft.is_none() {
                    out.ttft = Some(arrived - sent);
                    if let Some(f) = on_first.take() {
                        f();
                    }
                }
            }
        }
        buf.drain(..start);
    }
    if !buf.is_empty() {
        out.done = false;
    }
    out
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

// ---------------------------------------------------------------------------------------------
// Closed loop

struct Target {
    url: String,
    body: Bytes,
    /// Worker i's `Cookie` header (`None`: none).
    cookies: Vec<Option<String>>,
}

#[derive(Debug, Default)]
struct LoopRun {
    /// Times to first token of the requests begun inside the measuring window.
    ttft: Vec<Duration>,
    /// The same, with when each request began (seconds after the run began), slowest first.
    slowest: Vec<(Duration, f64)>,
    /// Every request sent (warm-up included).
    requests: usize,
    /// Those answered 200.
    answered: usize,
    failures: usize,
    first_failure: Option<String>,
    measured_secs: f64,
    /// CPU that processes other than this one and app-server used meanwhile, in cores.
    others_cores: f64,
}

/// `plan.concurrency` workers, each sending request after request; worker `i` begins at
/// `i × answer length / concurrency` so that starts are spread evenly (a steady state, not a
/// thundering herd). Requests begun in the warm-up are not sampled; no request begins after
/// the measuring window.
async fn closed_loop(
    client: &reqwest::Client,
    target: &Target,
    plan: &LoopPlan,
    server_pid: u32,
) -> LoopRun {
    let cpu_before = CpuSnapshot::take(&[server_pid]);
    let begun = Instant::now();
    let measure_from = begun + plan.warmup;
    let measure_until = measure_from + plan.measure;
    let stagger = plan.stream_len() / u32::try_from(plan.concurrency).unwrap();
    let mut workers = tokio::task::JoinSet::new();
    for i in 0..plan.concurrency {
        let client = client.clone();
        let url = target.url.clone();
        let body = target.body.clone();
        let cookie = target.cookies[i].clone();
        let (tokens, len) = (plan.tokens, plan.stream_len());
        let start_at = begun + stagger * u32::try_from(i).unwrap();
        workers.spawn(async move {
            tokio::time::sleep_until(start_at.into()).await;
            let mut run = LoopRun::default();
            loop {
                let started = Instant::now();
                if started >= measure_until {
                    break;
                }
                let out =
                    one_stream(&client, &url, &body, cookie.as_deref(), len, || {}, || {}).await;
                run.requests += 1;
                run.answered += usize::from(out.status == 200);
                if !out.ok(tokens) {
                    run.failures += 1;
                    run.first_failure.get_or_insert_with(|| {
                        format!(
                            "status {}, {} tokens, done {}, {:?}",
                            out.status, out.tokens, out.done, out.error
                        )
                    });
                } else if started >= measure_from {
                    run.ttft.push(out.ttft.unwrap());
                    run.slowest
                        .push((out.ttft.unwrap(), (started - begun).as_secs_f64()));
                }
            }
            run
        });
    }
    let mut total = LoopRun::default();
    while let Some(run) = workers.join_next().await {
        let run = run.unwrap();
        total.ttft.extend(run.ttft);
        total.slowest.extend(run.slowest);
        total.requests += run.requests;
        total.answered += run.answered;
        total.failures += run.failures;
        if total.first_failure.is_none() {
            total.first_failure = run.first_failure;
        }
    }
    total.others_cores = cpu_before.others_cores_since(&[server_pid]);
    total.ttft.sort();
    total.slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    total.slowest.truncate(8);
    total.measured_secs = plan.measure.as_secs_f64();
    if std::env::var_os("BENCH_VERBOSE").is_some() {
        let t = &total.ttft;
        println!(
            "  [{} {}] others {:.2} cores; n {} p50 {:.3} p90 {:.3} p99 {:.3} p99.9 {:.3} max {:.3}; slowest (ms @ s): {}",
            plan.label(),
            target.url,
            total.others_cores,
            t.len(),
            percentile_ms(t, 0.50),
            percentile_ms(t, 0.90),
            percentile_ms(t, 0.99),
            percentile_ms(t, 0.999),
            percentile_ms(t, 1.0),
            total
                .slowest
                .iter()
                .map(|(d, at)| format!("{:.1}@{at:.2}", d.as_secs_f64() * 1e3))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    total
}

// ---------------------------------------------------------------------------------------------
// 1000 concurrent streams

#[derive(Debug)]
struct ManyRun {
    dropped: usize,
    first_drop: Option<String>,
    /// Fewest streams open (200 head received, not ended) at any sample of the hold window.
    min_open: usize,
    /// Fewest upstream connections the fake had open at any sample of the hold window.
    min_upstream_open: usize,
    all_streaming_after: Option<Duration>,
    hold_secs: f64,
    cpu_avg: f64,
    cpu_peak: f64,
    rss_max_mib: f64,
    hwm_mib: f64,
    rss_before_mib: f64,
    others_cores: f64,
}

#[derive(Clone, Copy)]
struct ProcSample {
    at: Instant,
    ticks: u64,
    rss_kib: u64,
    hwm_kib: u64,
}

fn proc_sample(pid: u32) -> ProcSample {
    let at = Instant::now();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc/<pid>/stat");
    // The fields after the command name, which is in parentheses and may hold spaces.
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    let status =
        std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc/<pid>/status");
    let kib = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    ProcSample {
        at,
        ticks,
        rss_kib: kib("VmRSS:"),
        hwm_kib: kib("VmHWM:"),
    }
}

async fn many_streams(
    client: &reqwest::Client,
    url: &str,
    body: &Bytes,
    users: &[String],
    server: &Server,
    fake: &Arc<FakeLlm>,
) -> ManyRun {
    let open = Arc::new(AtomicUsize::new(0));
    let streaming = Arc::new(AtomicUsize::new(0));
    let rss_before_mib = proc_sample(server.pid).rss_kib as f64 / 1024.0;
    let begun = Instant::now();
    let step = MANY_RAMP / u32::try_from(MANY).unwrap();
    let mut streams = tokio::task::JoinSet::new();
    for i in 0..MANY {
        let (client, url, body) = (client.clone(), url.to_owned(), body.clone());
        // Stream i belongs to user i mod 500: each user's 2 streams start a second apart.
        let cookie = users[i % users.len()].clone();
        let (open, streaming) = (open.clone(), streaming.clone());
        let start_at = begun + step * u32::try_from(i).unwrap();
        streams.spawn(async move {
            tokio::time::sleep_until(start_at.into()).await;
            let out = one_stream(
                &client,
                &url,
                &body,
                Some(&cookie),
                FIRST_DELAY + MANY_GAP * u32::try_from(MANY_TOKENS).unwrap(),
                || {
                    open.fetch_add(1, Ordering::SeqCst);
                },
                || {
                    streaming.fetch_add(1, Ordering::SeqCst);
                },
            )
            .await;
            if out.status == 200 {
                open.fetch_sub(1, Ordering::SeqCst);
            }
            out
        });
    }

    // The hold window begins once every stream has had its first token.
    let wait_until = begun + MANY_RAMP + Duration::from_secs(20);
    while streaming.load(Ordering::SeqCst) < MANY && Instant::now() < wait_until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let all_streaming_after = (streaming.load(Ordering::SeqCst) == MANY).then(|| begun.elapsed());

    let cpu_before = CpuSnapshot::take(&[server.pid]);
    // One sample at the start of the hold window and one per second of it.
    let sampler = {
        let (open, fake, pid) = (open.clone(), fake.clone(), server.pid);
        std::thread::spawn(move || {
            let first = Instant::now();
            (0..=MANY_HOLD.as_secs())
                .map(|i| {
                    let at = first + Duration::from_secs(i);
                    std::thread::sleep(at.saturating_duration_since(Instant::now()));
                    (
                        proc_sample(pid),
                        open.load(Ordering::SeqCst),
                        fake.open_streams(),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    let samples = tokio::task::spawn_blocking(move || sampler.join().unwrap())
        .await
        .unwrap();
    let others_cores = cpu_before.others_cores_since(&[server.pid]);

    let mut dropped = 0;
    let mut first_drop = None;
    while let Some(out) = streams.join_next().await {
        let out = out.unwrap();
        if !out.ok(MANY_TOKENS) {
            dropped += 1;
            first_drop.get_or_insert_with(|| {
                format!(
                    "status {}, {} of {MANY_TOKENS} tokens, done {}, {:?}",
                    out.status, out.tokens, out.done, out.error
                )
            });
        }
    }

    let hz = clock_ticks_per_sec();
    let cores = |a: &ProcSample, b: &ProcSample| {
        (b.ticks - a.ticks) as f64 / hz / (b.at - a.at).as_secs_f64()
    };
    let (first, last) = (&samples[0].0, &samples[samples.len() - 1].0);
    ManyRun {
        dropped,
        first_drop,
        min_open: samples.iter().map(|s| s.1).min().unwrap_or(0),
        min_upstream_open: samples.iter().map(|s| s.2).min().unwrap_or(0),
        all_streaming_after,
        hold_secs: (last.at - first.at).as_secs_f64(),
        cpu_avg: cores(first, last),
        cpu_peak: samples
            .windows(2)
            .map(|w| cores(&w[0].0, &w[1].0))
            .fold(0.0, f64::max),
        rss_max_mib: samples.iter().map(|s| s.0.rss_kib).max().unwrap_or(0) as f64 / 1024.0,
        hwm_mib: last.hwm_kib as f64 / 1024.0,
        rss_before_mib,
        others_cores,
    }
}

// ---------------------------------------------------------------------------------------------
// Report

/// Prints the table; true when a target was missed.
fn report(rows: &[(&LoopPlan, LoopRun, LoopRun)], errors: usize, many: &ManyRun) -> bool {
    let mut failed = false;
    println!(
        "\nTime to first token (request sent → first content delta), closed loop, upstream first-token delay {} ms",
        FIRST_DELAY.as_millis()
    );
    println!(
        "{:<28} {:>9} {:>7} | {:>8} {:>8} | {:>8} {:>8} | {:>8} {:>8} | target",
        "scenario", "samples", "req/s", "direct", "", "via srv", "", "overhead", ""
    );
    println!(
        "{:<28} {:>9} {:>7} | {:>8} {:>8} | {:>8} {:>8} | {:>8} {:>8} |",
        "", "(d/v)", "(via)", "p50 ms", "p99 ms", "p50 ms", "p99 ms", "p50 ms", "p99 ms"
    );
    for (plan, direct, via) in rows {
        let (d50, d99) = (
            percentile_ms(&direct.ttft, 0.50),
            percentile_ms(&direct.ttft, 0.99),
        );
        let (v50, v99) = (
            percentile_ms(&via.ttft, 0.50),
            percentile_ms(&via.ttft, 0.99),
        );
        let (o50, o99) = (v50 - d50, v99 - d99);
        let target = if plan.concurrency == 200 {
            let ok50 = o50 <= TARGET_OVERHEAD_P50_MS;
            let ok99 = o99 <= TARGET_OVERHEAD_P99_MS;
            failed |= !(ok50 && ok99);
            format!(
                "p50 ≤ {TARGET_OVERHEAD_P50_MS} ms {}  p99 ≤ {TARGET_OVERHEAD_P99_MS} ms {}",
                mark(ok50),
                mark(ok99)
            )
        } else {
            "(none)".to_owned()
        };
        println!(
            "{:<28} {:>9} {:>7.1} | {:>8.3} {:>8.3} | {:>8.3} {:>8.3} | {:>8.3} {:>8.3} | {target}",
            plan.label(),
            format!("{}/{}", direct.ttft.len(), via.ttft.len()),
            via.ttft.len() as f64 / via.measured_secs,
            d50,
            d99,
            v50,
            v99,
            o50,
            o99,
        );
    }
    let others = rows
        .iter()
        .flat_map(|(_, d, v)| [d.others_cores, v.others_cores])
        .chain([many.others_cores])
        .fold(0.0, f64::max);
    let ok = errors == 0;
    failed |= !ok;
    println!(
        "{:<28} {:>9} (non-200, no [DONE], missing tokens, or upstream requests ≠ 200 answers) | target 0 {}",
        "failed requests, all runs",
        errors,
        mark(ok)
    );

    println!(
        "\n{MANY} concurrent streams through app-server ({} users × {STREAMS_PER_USER}, {MANY_TOKENS} tokens {} ms apart, started over {} s)",
        USERS,
        MANY_GAP.as_millis(),
        MANY_RAMP.as_secs()
    );
    match many.all_streaming_after {
        Some(t) => println!(
            "  all {MANY} streaming {:.2} s after the first was sent; hold window {:.1} s; fewest open during it: {} client / {} upstream",
            t.as_secs_f64(),
            many.hold_secs,
            many.min_open,
            many.min_upstream_open
        ),
        None => println!("  not all {MANY} streams got a first token within 20 s"),
    }
    let ok = many.dropped == 0
        && many.all_streaming_after.is_some()
        && many.min_open == MANY
        && many.min_upstream_open == MANY;
    failed |= !ok;
    println!(
        "  {:<40} {:>12}   target 0, all {MANY} open at once {}{}",
        "dropped",
        format!("{} / {MANY}", many.dropped),
        mark(ok),
        many.first_drop
            .as_ref()
            .map(|d| format!("  (first: {d})"))
            .unwrap_or_default()
    );
    let ok = many.cpu_avg < TARGET_CPU_CORES;
    failed |= !ok;
    println!(
        "  {:<40} {:>12}   target < {TARGET_CPU_CORES} core {}  (peak 1 s sample {:.2})",
        "app-server CPU, cores (avg over hold)",
        format!("{:.2}", many.cpu_avg),
        mark(ok),
        many.cpu_peak
    );
    let ok = many.hwm_mib < TARGET_RSS_MIB;
    failed |= !ok;
    println!(
        "  {:<40} {:>12}   target < {TARGET_RSS_MIB} MiB {}  (VmRSS max in hold {:.1}, before the run {:.1})",
        "app-server RSS peak, MiB (VmHWM)",
        format!("{:.1}", many.hwm_mib),
        mark(ok),
        many.rss_max_mib,
        many.rss_before_mib
    );
    println!(
        "\nother processes (not this one, app-server or PostgreSQL) used at most {others:.2} cores during a run{}",
        if others > 0.2 {
            " ⚠ the machine was not quiet: these figures are skewed, run again"
        } else {
            " (a quiet machine)"
        }
    );
    println!(
        "\n{}",
        if failed {
            "RESULT: a target was missed ✗"
        } else {
            "RESULT: every target met ✓"
        }
    );
    failed
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines().find_map(|l| {
                l.strip_prefix("model name")
                    .map(|v| v.trim_start_matches([' ', '\t', ':']).to_owned())
            })
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        })
        .map_or(0.0, |kib| kib / 1024.0 / 1024.0);
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    format!(
        "machine: {cpu}, {cores} CPUs, {mem:.1} GiB, Linux {}; bench client, fake upstream and app-server share these CPUs",
        kernel.trim()
    )
}
