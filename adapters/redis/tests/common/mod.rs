//! The Redis the tests talk to (`REDIS_URL`, by default the one at 127.0.0.1:6379), a channel
//! of each test's own, and waiting for wake-ups.

#![allow(dead_code)]

use notifications::Wake;
use redis::aio::MultiplexedConnection;
use std::collections::HashSet;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::time::{Instant, timeout};

pub fn redis_url() -> String {
    std::env::var("REDIS_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "redis://127.0.0.1:6379".to_owned())
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// A plain connection to `url`, or why there is none.
pub async fn connect(url: &str) -> Result<MultiplexedConnection, String> {
    let client = redis::Client::open(url).map_err(|e| e.to_string())?;
    let mut conn = timeout(
        Duration::from_secs(3),
        client.get_multiplexed_async_connection(),
    )
    .await
    .map_err(|_| "no answer within 3 s".to_owned())?
    .map_err(|e| e.to_string())?;
    redis::cmd("PING")
        .query_async::<String>(&mut conn)
        .await
        .map_err(|e| e.to_string())?;
    Ok(conn)
}

/// A connection to the tests' Redis. Without it the test fails under `CI=true`; elsewhere it
/// says loudly that it skips, and the caller returns.
pub async fn redis() -> Option<MultiplexedConnection> {
    let url = redis_url();
    match connect(&url).await {
        Ok(conn) => Some(conn),
        Err(e) if in_ci() => panic!(
            "no Redis at REDIS_URL ({url}): {e}. CI=true: a test never passes by skipping; \
             start it with `redis-server --daemonize yes`"
        ),
        Err(e) => {
            eprintln!(
                "\n!!! SKIPPED {}: no Redis at REDIS_URL ({url}): {e}. \
                 Start it with `redis-server --daemonize yes`; under CI=true this fails.\n",
                std::thread::current().name().unwrap_or("a test")
            );
            None
        }
    }
}

/// A channel no other test uses.
pub fn channel() -> String {
    format!("courtyard:test:{}", uuid::Uuid::new_v4().simple())
}

/// How many connections are subscribed to `channel`.
pub async fn subscribers(conn: &mut MultiplexedConnection, channel: &str) -> i64 {
    let (_, n): (String, i64) = redis::cmd("PUBSUB")
        .arg("NUMSUB")
        .arg(channel)
        .query_async(conn)
        .await
        .expect("PUBSUB NUMSUB");
    n
}

/// Waits (up to 10 s) until `n` connections are subscribed to `channel`.
pub async fn wait_for_subscribers(conn: &mut MultiplexedConnection, channel: &str, n: i64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let now = subscribers(conn, channel).await;
        if now == n {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{now} subscribers on {channel} after 10 s, not {n}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The next wake-up within `within`, or `None`.
pub async fn next_wake(rx: &mut broadcast::Receiver<Wake>, within: Duration) -> Option<Wake> {
    match timeout(within, rx.recv()).await {
        Ok(Ok(wake)) => Some(wake),
        Ok(Err(e)) => panic!("the bus's receiver failed: {e}"),
        Err(_) => None,
    }
}

/// The wake-ups received until each of `expected` came, or `within` passed (whichever is
/// first), in their order.
pub async fn receive_all(
    rx: &mut broadcast::Receiver<Wake>,
    expected: &HashSet<Wake>,
    within: Duration,
) -> Vec<Wake> {
    let deadline = Instant::now() + within;
    let mut got = Vec::new();
    let mut missing = expected.clone();
    while !missing.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        let Some(wake) = next_wake(rx, left).await else {
            break;
        };
        missing.remove(&wake);
        got.push(wake);
    }
    got
}

/// A user's wake-up.
pub fn user() -> Wake {
    Wake::User(kernel::UserId::new_random())
}
