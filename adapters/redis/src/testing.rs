//! A Redis server of a test's own (`redis-server` on a free port), to stop and start again:
//! the bus's own tests and the server's API tests use it (feature `testing`).

#![allow(clippy::expect_used)]

use std::time::{Duration, Instant};

/// `redis-server` on a free port of 127.0.0.1, without persistence; stopped on drop.
pub struct OwnRedis {
    port: u16,
    child: Option<std::process::Child>,
}

impl OwnRedis {
    /// `None` (after saying so) when `redis-server` cannot be run outside CI; under `CI=true`
    /// a missing `redis-server` fails the test.
    ///
    /// # Panics
    /// Under `CI=true` without `redis-server`.
    pub fn new() -> Option<Self> {
        let found = std::process::Command::new("redis-server")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            assert!(
                !std::env::var("CI").is_ok_and(|v| v == "true" || v == "1"),
                "CI=true and no redis-server to run"
            );
            eprintln!("\n!!! SKIPPED: no redis-server on PATH to stop and start.\n");
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .ok()?
            .local_addr()
            .ok()?
            .port();
        Some(Self { port, child: None })
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Starts it and waits (up to 10 s) until it answers `PING`.
    ///
    /// # Panics
    /// When it does not start.
    pub async fn start(&mut self) -> redis::aio::MultiplexedConnection {
        let child = std::process::Command::new("redis-server")
            .args(["--port", &self.port.to_string()])
            .args(["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .args(["--daemonize", "no", "--loglevel", "warning"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("redis-server runs");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let attempt = async {
                let client = redis::Client::open(self.url()).map_err(|e| e.to_string())?;
                let mut conn = client
                    .get_multiplexed_async_connection()
                    .await
                    .map_err(|e| e.to_string())?;
                redis::cmd("PING")
                    .query_async::<String>(&mut conn)
                    .await
                    .map_err(|e| e.to_string())?;
                Ok::<_, String>(conn)
            };
            match attempt.await {
                Ok(conn) => return conn,
                Err(e) => assert!(Instant::now() < deadline, "redis-server did not start: {e}"),
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Stops it (killed: what a crash or a restart looks like to its clients).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        self.stop();
    }
}
