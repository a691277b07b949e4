//! What the benchmarks share: the release `app-server serve` as a child process on a free
//! port, its memory from `/proc`, and percentiles.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

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
