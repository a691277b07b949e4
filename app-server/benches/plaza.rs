//! `just bench`, fourth part: the plaza's feed (method and figures in docs/benchmarks.md).
//!
//! On a fresh SQLite file, then on a fresh PostgreSQL database (when one answers at
//! `TEST_POSTGRES_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`), the release
//! `app-server serve` as a subprocess:
//!
//! 1. 200 posts by 10 authors, every fifth with two images and a district, and 50 readers who
//!    have each liked a few posts;
//! 2. **statements per request**: with `DATABASE_LOG_STATEMENTS=true`, the SQL statements the
//!    feed's first page and a deep page (posts 141–160) cost a signed-in reader and a visitor
//!    (target ≤ 3: the session, the posts, their images);
//! 3. **50 connections**: each reader asks for the first page in a closed loop, 40 times, then
//!    for the deep page: requests per second and p50/p99 latency (target p99 ≤ 100 ms).
//!
//! Prints each figure with its target; exits non-zero when a target is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use futures_util::StreamExt;
use serde_json::{Value, json};
use std::path::Path;
use support::{
    Server, closed_loop, mark, percentile_ms, png, post, register, server_env, statements_of,
    upload_json,
};

const READERS: usize = 50;
const REQUESTS_PER_READER: usize = 40;
const AUTHORS: usize = 10;
const POSTS: usize = 200;
const PAGE: usize = 20;
/// The deep page: the eighth, posts 141–160.
const DEEP_PAGE: usize = 8;
const TARGET_STATEMENTS: usize = 3;
const TARGET_P99_MS: f64 = 100.0;

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let code = runtime.block_on(async {
        let mut failed = false;
        let dir =
            std::env::temp_dir().join(format!("courtyard-bench-plaza-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sqlite = format!("sqlite://{}?mode=rwc", dir.join("bench.db").display());
        failed |= !engine("SQLite", &sqlite, &dir.join("sqlite")).await;
        match adapter_postgres::testing::TestDb::postgres().await {
            Some(pg) => failed |= !engine("PostgreSQL", &pg.url, &dir.join("postgres")).await,
            None => println!("\nPostgreSQL: not reachable, not measured"),
        }
        let _ = std::fs::remove_dir_all(&dir);
        i32::from(failed)
    });
    std::process::exit(code);
}

async fn engine(label: &str, database_url: &str, dir: &Path) -> bool {
    std::fs::create_dir_all(dir).unwrap();
    let media = dir.join("media");
    println!("\n{label}");
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(READERS)
        .build()
        .unwrap();

    let counting = Server::start(
        &server_env(database_url, &media, true),
        dir.join("counting.log"),
    );
    counting.wait_ready().await;
    let base = counting.base.clone();
    let mut authors = Vec::new();
    for i in 0..AUTHORS {
        authors.push(register(&client, &base, &format!("author-{i}")).await);
    }
    let mut post_ids = Vec::with_capacity(POSTS);
    for i in 0..POSTS {
        let author = &authors[i % AUTHORS];
        let body = if i % 5 == 0 {
            let mut images = Vec::new();
            for _ in 0..2 {
                let image =
                    upload_json(&client, &base, author, "/api/plaza/images", png(320, 240)).await;
                images.push(image["image"]["id"].clone());
            }
            json!({ "body": format!("第 {i} 条：成都今天出太阳了"), "imageIds": images, "district": "510000" })
        } else {
            json!({ "body": format!("第 {i} 条动态 ").repeat(8) })
        };
        let made = post(&client, &base, author, "/api/plaza/posts", body).await;
        post_ids.push(made["post"]["id"].as_str().unwrap().to_owned());
    }
    let readers: Vec<String> = futures_util::stream::iter(0..READERS)
        .map(|i| {
            let (client, base) = (client.clone(), base.clone());
            let liked: Vec<String> = (0..3)
                .map(|k| post_ids[(i * 7 + k * 13) % POSTS].clone())
                .collect();
            async move {
                let cookie = register(&client, &base, &format!("reader-{i}")).await;
                for id in liked {
                    let res = client
                        .put(format!("{base}/api/plaza/posts/{id}/like"))
                        .header("Cookie", &cookie)
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(res.status(), 200);
                }
                cookie
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;

    let first = format!("{base}/api/plaza/posts?limit={PAGE}");
    let deep_cursor = cursor_of_page(&client, &first, DEEP_PAGE).await;
    let deep = format!("{first}&cursor={deep_cursor}");
    let counts = [
        statements_of(&counting, &client, &first, Some(&readers[0])).await,
        statements_of(&counting, &client, &first, None).await,
        statements_of(&counting, &client, &deep, Some(&readers[0])).await,
        statements_of(&counting, &client, &deep, None).await,
    ];
    drop(counting);
    let ok_statements = counts.iter().all(|&n| n <= TARGET_STATEMENTS);
    println!(
        "  statements per feed page: first page reader {}, visitor {}; deep page (posts {}–{}) reader {}, visitor {} (target ≤ {TARGET_STATEMENTS}) {}",
        counts[0],
        counts[1],
        (DEEP_PAGE - 1) * PAGE + 1,
        DEEP_PAGE * PAGE,
        counts[2],
        counts[3],
        mark(ok_statements)
    );

    let server = Server::start(
        &server_env(database_url, &media, false),
        dir.join("server.log"),
    );
    server.wait_ready().await;
    let mut ok = ok_statements;
    for (name, path) in [
        ("first page", format!("/api/plaza/posts?limit={PAGE}")),
        (
            "deep page",
            format!("/api/plaza/posts?limit={PAGE}&cursor={deep_cursor}"),
        ),
    ] {
        let url = format!("{}{path}", server.base);
        let (samples, wall) = closed_loop(&client, &url, &readers, REQUESTS_PER_READER).await;
        let (p50, p99) = (percentile_ms(&samples, 0.50), percentile_ms(&samples, 0.99));
        let ok_p99 = p99 <= TARGET_P99_MS;
        ok &= ok_p99;
        println!(
            "  feed {name}, {READERS} connections × {REQUESTS_PER_READER}: {:.0} requests/s, p50 {p50:.2} ms, p99 {p99:.2} ms (target p99 ≤ {TARGET_P99_MS} ms) {}",
            samples.len() as f64 / wall.as_secs_f64(),
            mark(ok_p99)
        );
    }
    ok
}

/// The cursor that starts page `n` (1-based) of the feed at `first`.
async fn cursor_of_page(client: &reqwest::Client, first: &str, n: usize) -> String {
    let mut cursor = String::new();
    for _ in 1..n {
        let url = if cursor.is_empty() {
            first.to_owned()
        } else {
            format!("{first}&cursor={cursor}")
        };
        let page: Value = client.get(url).send().await.unwrap().json().await.unwrap();
        cursor = page["nextCursor"].as_str().unwrap().to_owned();
    }
    cursor
}
