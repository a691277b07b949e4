//! What the benchmarks share: the release `app-server serve` as a child process on a free
//! port, its memory from `/proc`, and percentiles.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use reqwest::header::{CONTENT_TYPE, SET_COOKIE};
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
        let port = free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_app-server"));
        command
            .arg("serve")
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
        let child = command.spawn().expect("start app-server");
        Server {
            pid: child.id(),
            child,
            base: format!("http://127.0.0.1:{port}"),
            log,
        }
    }

    pub async fn wait_ready(&self) {
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        let url = format!("{}/api/health", self.base);
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(res) = client.get(&url).send().await
                && res.status() == 200
            {
                return;
            }
            assert!(
                Instant::now() < until,
                "app-server did not answer {url} within 60 s; its log: {}",
                self.log.display()
            );
            assert!(
                std::fs::metadata(format!("/proc/{}", self.pid)).is_ok(),
                "app-server exited at start; its log: {}",
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
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

/// The password of every account the benchmarks register.
pub const BENCH_PASSWORD: &str = "bench-password-1";

/// How many SQL statements the server logs while answering one request.
pub async fn statements_of(
    server: &Server,
    client: &reqwest::Client,
    url: &str,
    cookie: Option<&str>,
) -> usize {
    let count = |s: &Server| {
        s.log_lines()
            .iter()
            .filter(|l| l.contains("db.statement"))
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
    res.headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("courtyard_session="))
        .and_then(|v| v.split(';').next())
        .unwrap()
        .to_owned()
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

pub fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// Each cookie a reader asking `url` in a closed loop, `per_reader` times, all at once: the
/// latencies (sorted) and the wall time.
pub async fn closed_loop(
    client: &reqwest::Client,
    url: &str,
    cookies: &[String],
    per_reader: usize,
) -> (Vec<Duration>, Duration) {
    let started = Instant::now();
    let runs: Vec<Vec<Duration>> = futures_util::future::join_all(cookies.iter().map(|cookie| {
        let (client, url, cookie) = (client.clone(), url.to_owned(), cookie.clone());
        async move {
            let mut mine = Vec::with_capacity(per_reader);
            for _ in 0..per_reader {
                let t = Instant::now();
                let res = client
                    .get(&url)
                    .header("Cookie", &cookie)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(res.status(), 200);
                res.bytes().await.unwrap();
                mine.push(t.elapsed());
            }
            mine
        }
    }))
    .await;
    let wall = started.elapsed();
    let mut samples: Vec<Duration> = runs.into_iter().flatten().collect();
    samples.sort();
    (samples, wall)
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
                "warn,sqlx::query=info"
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
