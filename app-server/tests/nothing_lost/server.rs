//! One `app-server serve` child process (the debug binary cargo built for this test), on a free
//! port, with exactly the environment given; killed on drop.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    child: Child,
    pub base: String,
    pub log: PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Server {
    pub fn start(env: &[(&str, String)], log: &Path) -> Self {
        let port = free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_app-server"));
        command
            .arg("serve")
            .env_clear()
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("STATIC_DIR", "/nonexistent-courtyard-nothing-lost")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(log).expect("the server's log file"));
        for (k, v) in env {
            command.env(k, v);
        }
        let child = command.spawn().expect("start app-server");
        Self {
            child,
            base: format!("http://127.0.0.1:{port}"),
            log: log.to_path_buf(),
        }
    }

    /// Waits for `GET /api/health` to answer 200 (a guard of 60 s turns a hang into a failure).
    pub async fn wait_ready(&mut self, client: &reqwest::Client) {
        let url = format!("{}/api/health", self.base);
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(res) = client.get(&url).send().await
                && res.status() == 200
            {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "app-server exited at start ({status}); its log:\n{}",
                    std::fs::read_to_string(&self.log).unwrap_or_default()
                );
            }
            assert!(
                Instant::now() < until,
                "app-server did not answer {url} within 60 s; its log: {}",
                self.log.display()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Whether the process is still running (a crash under load is a failure of its own).
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The log's lines at `ERROR` level or that mention a panic.
    pub fn error_lines(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .filter(|l| l.contains("ERROR") || l.contains("panicked"))
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
