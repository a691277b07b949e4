//! `just bench`: the notifications benchmark (method and figures in docs/benchmarks.md).
//!
//! The release `app-server serve` runs as a subprocess over a fresh SQLite file (or
//! `BENCH_DATABASE_URL`); 1000 users register through the API, then:
//!
//! 1. **Idle streams.** Every user opens 2 streams (2000 in all) and waits; the server's
//!    resident memory (VmRSS) before and with them open, per stream. Target: ≤ 100 MiB above
//!    idle for 2000.
//! 2. **Fan-out.** One plaza post is one `plaza` event to every open stream: the time from the
//!    post's answer to each stream's event, over 3 posts (6000 deliveries). Target: p99 ≤ 1 s.
//! 3. **Folded likes.** The 999 other users like one post of user 0: how many rows of user 0's
//!    inbox that makes. Target: 1 (with "and 998 others").
//! 4. **Writers.** 200 concurrent writers comment for a few seconds, once on their own posts
//!    (nobody is told) and once on each other's (one notification per comment): comments per
//!    second of each, with the streams closed (the write path alone), with 20 writers and then
//!    200. Target on PostgreSQL: with notifications ≥ 0.8 × without (the notification row is one
//!    more statement), and the ratio of 200 writers not below 0.9 × the ratio of 20 (no
//!    `NOTIFY` holds the commit lock: adding writers does not make notifications dearer). On
//!    SQLite, one connection queues every statement: the ratios are printed, not held.
//!
//! It prints a table, each target with ✓ or ✗, and exits non-zero when one is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use futures_util::StreamExt;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use support::{Server, TempDir, bench_database, mark, percentile_ms, register, server_env};
use tokio::sync::mpsc;

const USERS: usize = 1000;
const STREAMS_PER_USER: usize = 2;
const STREAMS: usize = USERS * STREAMS_PER_USER;
const WRITERS: usize = 200;
/// The writers of the first measurement, against which 200 are compared.
const FEW_WRITERS: usize = 20;
const WRITE_FOR: Duration = Duration::from_secs(5);
const FAN_OUT_POSTS: usize = 3;

fn main() {
    let needed = 4 * STREAMS as u64 + 1024;
    match rlimit::increase_nofile_limit(needed) {
        Ok(n) if n >= needed => {}
        Ok(n) => {
            eprintln!("warning: RLIMIT_NOFILE is {n}, below the {needed} this benchmark wants")
        }
        Err(e) => eprintln!("warning: cannot raise RLIMIT_NOFILE: {e}"),
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    std::process::exit(runtime.block_on(bench()));
}

fn http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()
        .unwrap()
}

async fn call(
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = client
        .request(method, format!("{base}{path}"))
        .header("Cookie", cookie)
        .header("Origin", base);
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Opens one stream and waits for its first `unread` event; then forwards the arrival time of
/// every `plaza` event until the stream ends.
async fn open_stream(
    client: reqwest::Client,
    base: String,
    cookie: String,
    plaza: mpsc::UnboundedSender<Instant>,
    opened: mpsc::UnboundedSender<()>,
) {
    let res = client
        .get(format!("{base}/api/notifications/stream"))
        .header("Cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let mut body = res.bytes_stream();
    let mut text = String::new();
    let mut announced = false;
    while let Some(chunk) = body.next().await {
        let Ok(chunk) = chunk else { return };
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            if !announced && event.contains("event: unread") {
                announced = true;
                let _ = opened.send(());
            }
            if event.contains("event: plaza") {
                let _ = plaza.send(Instant::now());
            }
        }
    }
}

async fn register_all(client: &reqwest::Client, base: &str) -> Vec<String> {
    let names: Vec<String> = (0..USERS).map(|i| format!("fan{i:04}")).collect();
    futures_util::stream::iter(names)
        .map(|name| {
            let client = client.clone();
            let base = base.to_owned();
            async move { register(&client, &base, &name).await }
        })
        .buffered(16)
        .collect()
        .await
}

async fn write_loop(
    client: reqwest::Client,
    base: String,
    cookie: String,
    post: String,
    until: Instant,
    done: Arc<AtomicU64>,
    failed: Arc<AtomicU64>,
) {
    let mut i = 0;
    while Instant::now() < until {
        i += 1;
        let (status, _) = call(
            &client,
            &base,
            &cookie,
            reqwest::Method::POST,
            &format!("/api/plaza/posts/{post}/comments"),
            Some(json!({ "body": format!("第 {i} 条") })),
        )
        .await;
        if status == 201 {
            done.fetch_add(1, Ordering::Relaxed);
        } else {
            failed.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Comments per second of `count` writers, writer `w` commenting on `posts[target(w)]`.
async fn writers(
    client: &reqwest::Client,
    base: &str,
    cookies: &[String],
    posts: &[String],
    count: usize,
    target: impl Fn(usize) -> usize,
) -> (f64, u64) {
    let done = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let until = start + WRITE_FOR;
    let tasks: Vec<_> = (0..count)
        .map(|w| {
            tokio::spawn(write_loop(
                client.clone(),
                base.to_owned(),
                cookies[w].clone(),
                posts[target(w)].clone(),
                until,
                done.clone(),
                failed.clone(),
            ))
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let secs = start.elapsed().as_secs_f64();
    (
        done.load(Ordering::Relaxed) as f64 / secs,
        failed.load(Ordering::Relaxed),
    )
}

async fn bench() -> i32 {
    let begun = Instant::now();
    let dir = TempDir::new("courtyard-bench-notifications");
    let (database_url, label) = bench_database(&dir);
    let media = dir.0.join("media");
    let mut env = server_env(&database_url, &media, false);
    env.push(("RATE_PLAZA_COMMENTS", "1000000/3600".into()));
    env.push((
        "NOTIFICATIONS_STREAMS_PER_USER",
        STREAMS_PER_USER.to_string(),
    ));
    let mut server = Server::start(&env, dir.0.join("server.log"));
    server.wait_ready().await;
    println!(
        "app-server (pid {}) on {} over {label}",
        server.pid, server.base
    );
    let client = http_client();
    let cookies = register_all(&client, &server.base).await;
    println!(
        "registered {USERS} users through the API in {:.1} s",
        begun.elapsed().as_secs_f64()
    );

    // 1. Idle streams.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle_kib = support::status_kib(server.pid, "VmRSS:");
    let (plaza_tx, mut plaza_rx) = mpsc::unbounded_channel();
    let (opened_tx, mut opened_rx) = mpsc::unbounded_channel();
    let opening = Instant::now();
    // One client per 100 streams: one connection pool would hold them all on few sockets'
    // worth of bookkeeping; several are closer to many browsers.
    let mut streams = Vec::with_capacity(STREAMS);
    for (i, cookie) in cookies.iter().enumerate() {
        for _ in 0..STREAMS_PER_USER {
            streams.push(tokio::spawn(open_stream(
                if i % 2 == 0 {
                    client.clone()
                } else {
                    http_client()
                },
                server.base.clone(),
                cookie.clone(),
                plaza_tx.clone(),
                opened_tx.clone(),
            )));
        }
    }
    for _ in 0..STREAMS {
        tokio::time::timeout(Duration::from_secs(60), opened_rx.recv())
            .await
            .expect("every stream opens within 60 s")
            .unwrap();
    }
    let open_secs = opening.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let open_kib = support::status_kib(server.pid, "VmRSS:");
    let above_mib = open_kib.saturating_sub(idle_kib) as f64 / 1024.0;
    let per_stream_kib = open_kib.saturating_sub(idle_kib) as f64 / STREAMS as f64;

    // 2. Fan-out of one event to every stream.
    let mut delays = Vec::with_capacity(STREAMS * FAN_OUT_POSTS);
    let mut missing = 0;
    let mut posts = Vec::new();
    for (round, cookie) in cookies.iter().take(FAN_OUT_POSTS).enumerate() {
        let (status, body) = call(
            &client,
            &server.base,
            cookie,
            reqwest::Method::POST,
            "/api/plaza/posts",
            Some(json!({ "body": format!("扇出 {round}") })),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let answered = Instant::now();
        posts.push(body["post"]["id"].as_str().unwrap().to_owned());
        for _ in 0..STREAMS {
            match tokio::time::timeout(Duration::from_secs(10), plaza_rx.recv()).await {
                Ok(Some(at)) => delays.push(at.saturating_duration_since(answered)),
                _ => missing += 1,
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    delays.sort();
    let p50 = percentile_ms(&delays, 0.5);
    let p99 = percentile_ms(&delays, 0.99);
    let max = delays.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0);

    // 3. One post liked by every other user.
    let liked = &posts[0];
    let likes: Vec<_> = (1..USERS)
        .map(|i| {
            let (client, base, cookie, post) = (
                client.clone(),
                server.base.clone(),
                cookies[i].clone(),
                liked.clone(),
            );
            async move {
                call(
                    &client,
                    &base,
                    &cookie,
                    reqwest::Method::PUT,
                    &format!("/api/plaza/posts/{post}/like"),
                    None,
                )
                .await
                .0
            }
        })
        .collect();
    let statuses: Vec<u16> = futures_util::stream::iter(likes)
        .buffer_unordered(32)
        .collect()
        .await;
    let like_failures = statuses.iter().filter(|s| **s != 200).count();
    let (_, inbox) = call(
        &client,
        &server.base,
        &cookies[0],
        reqwest::Method::GET,
        "/api/notifications?limit=50",
        None,
    )
    .await;
    let liked_rows: Vec<&Value> = inbox["notifications"]
        .as_array()
        .map(|rows| rows.iter().filter(|n| n["kind"] == "liked").collect())
        .unwrap_or_default();
    let folded_others = liked_rows
        .first()
        .map_or(0, |n| n["others"].as_u64().unwrap_or(0));

    // 4. Writers, without and with notifications: the write path alone, the streams closed
    // (an open stream of a recipient reads each new notification, which is part 2's cost).
    for stream in &streams {
        stream.abort();
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut own_posts = Vec::with_capacity(WRITERS);
    for cookie in cookies.iter().take(WRITERS) {
        let (status, body) = call(
            &client,
            &server.base,
            cookie,
            reqwest::Method::POST,
            "/api/plaza/posts",
            Some(json!({ "body": "我的" })),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        own_posts.push(body["post"]["id"].as_str().unwrap().to_owned());
    }
    // Each way with few writers, then with many: a lock that serialised commits (what a
    // `NOTIFY` in the writes' transactions takes) would show as a ratio that falls as writers are
    // added; the notice's own work as a ratio that stays.
    let mut ratios = Vec::new();
    let (mut without, mut with, mut failed_without, mut failed_with) = (0.0, 0.0, 0, 0);
    for count in [FEW_WRITERS, WRITERS] {
        let (alone, failed_alone) =
            writers(&client, &server.base, &cookies, &own_posts, count, |w| w).await;
        let (told, failed_told) =
            writers(&client, &server.base, &cookies, &own_posts, count, |w| {
                (w + 1) % count
            })
            .await;
        (without, with) = (alone, told);
        failed_without += failed_alone;
        failed_with += failed_told;
        ratios.push(if alone > 0.0 { told / alone } else { 0.0 });
    }
    let (few_ratio, ratio) = (ratios[0], ratios[1]);
    let running = server.running();
    let errors = server.error_lines();

    let rss_ok = above_mib <= 100.0;
    let fan_ok = missing == 0 && p99 <= 1000.0;
    let fold_ok =
        liked_rows.len() == 1 && folded_others == (USERS - 2) as u64 && like_failures == 0;
    // The claim is PostgreSQL's (no NOTIFY holds the commit lock of concurrent writers). On
    // SQLite one connection queues every statement, so the notification's own statements cost
    // their share there: printed, not held to the ratio.
    let postgres = database_url.starts_with("postgres");
    let holds = ratio >= 0.8 && ratio >= 0.9 * few_ratio;
    let write_ok = (holds || !postgres) && failed_without == 0 && failed_with == 0;
    println!();
    println!("| notifications ({label}) | figure | target | |");
    println!("|---|---|---|---|");
    println!(
        "| {STREAMS} idle streams ({USERS} users × {STREAMS_PER_USER}), opened in {open_secs:.1} s | VmRSS {:.1} → {:.1} MiB: +{above_mib:.1} MiB, {per_stream_kib:.1} KiB per stream | ≤ 100 MiB above idle | {} |",
        idle_kib as f64 / 1024.0,
        open_kib as f64 / 1024.0,
        mark(rss_ok)
    );
    println!(
        "| fan-out: {FAN_OUT_POSTS} plaza posts × {STREAMS} streams | p50 {p50:.0} ms, p99 {p99:.0} ms, max {max:.0} ms, {missing} missing | p99 ≤ 1000 ms, none missing | {} |",
        mark(fan_ok)
    );
    println!(
        "| one post liked by {} users | {} `liked` row(s), \"and {folded_others} others\", {like_failures} failed likes | 1 row | {} |",
        USERS - 1,
        liked_rows.len(),
        mark(fold_ok)
    );
    println!(
        "| {WRITERS} concurrent writers, {} s each way | {without:.0} comments/s without notifications, {with:.0}/s with one each ({ratio:.2}×; with {FEW_WRITERS} writers {few_ratio:.2}×); failed {failed_without} / {failed_with} | {} | {} |",
        WRITE_FOR.as_secs(),
        if postgres {
            "≥ 0.8×, and not below 0.9 × the ratio of few writers"
        } else {
            "none failed (SQLite: one queue)"
        },
        mark(write_ok)
    );
    if !running || !errors.is_empty() {
        println!(
            "server stopped: {}; error lines: {:?}",
            !running,
            errors.iter().take(5).collect::<Vec<_>>()
        );
    }
    println!(
        "\nthe notifications benchmark took {:.0} s",
        begun.elapsed().as_secs_f64()
    );
    drop(server);
    i32::from(!(rss_ok && fan_ok && fold_ok && write_ok && running && errors.is_empty()))
}
