//! `just bench`: the pages people open most (issue 15; issues 12 and 13 for the group home
//! and the plaza; method and figures in docs/benchmarks.md).
//!
//! On a fresh SQLite file, then on a fresh PostgreSQL database (when one answers at
//! `TEST_POSTGRES_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`), the release
//! `app-server serve` as a subprocess:
//!
//! 1. set-up: a public group with a cover, 10 published articles, 8 gallery images and 50
//!    members; 200 plaza posts by 10 authors, every fifth with two images and a district, each
//!    member having liked three;
//! 2. **statements per request**: with `DATABASE_LOG_STATEMENTS=true`, the SQL statements of
//!    each page's request, for a signed-in member and for a visitor;
//! 3. **50 connections**: wrk (`-t1 -c50`, pinned to core 1) against the server (pinned to
//!    core 0, one worker) for each page, signed in: requests per second, p50 and p99.
//!
//! The pages: the plaza's first page and a deep one (posts 141–160), a group's home, an
//! article, a profile. Prints each figure with its target; exits non-zero when one is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use futures_util::StreamExt;
use image_fixtures::png;
use serde_json::{Value, json};
use std::path::Path;
use support::{
    LOAD_CPU, Report, Server, WRK_SECONDS, WRK_WARMUP, load_tools_missing, post, register,
    run_bench, server_env, statements_of, upload, upload_json, wrk,
};

const MEMBERS: usize = 50;
const CONNECTIONS: usize = 50;
const ARTICLES: usize = 10;
const IMAGES: usize = 8;
const AUTHORS: usize = 10;
const POSTS: usize = 200;
const PAGE: usize = 20;
/// The deep page: the eighth, posts 141–160.
const DEEP_PAGE: usize = 8;
const TARGET_P99_MS: f64 = 100.0;

/// A page: its name, its path, and the most statements it may cost.
struct Page {
    name: &'static str,
    path: String,
    target_statements: usize,
}

fn main() {
    run_bench(async {
        if load_tools_missing() {
            return 1;
        }
        let mut report = Report::default();
        let dir =
            std::env::temp_dir().join(format!("courtyard-bench-pages-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sqlite = format!("sqlite://{}?mode=rwc", dir.join("bench.db").display());
        println!(
            "The pages people open most: wrk -t1 -c{CONNECTIONS} on core {LOAD_CPU}, app-server on core 0 with 1 worker, signed in; {WRK_WARMUP} s warm-up + {WRK_SECONDS} s each"
        );
        engine("SQLite", &sqlite, &dir.join("sqlite"), &mut report).await;
        match adapter_postgres::testing::TestDb::postgres().await {
            Some(pg) => {
                engine("PostgreSQL", &pg.url, &dir.join("postgres"), &mut report).await;
            }
            None => {
                println!(
                    "\nPostgreSQL: not reachable, not measured {}",
                    report.check(false)
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        report.finish()
    })
}

async fn engine(label: &str, database_url: &str, dir: &Path, report: &mut Report) {
    std::fs::create_dir_all(dir).unwrap();
    let media = dir.join("media");
    println!("\n{label}");
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(8)
        .build()
        .unwrap();

    // Set-up and statement counts on a server that logs its statements.
    let counting = Server::start(
        &server_env(database_url, &media, true),
        dir.join("counting.log"),
    );
    counting.wait_ready().await;
    let base = counting.base.clone();
    let pages = set_up(&client, &base).await;
    let (member, pages) = (pages.0, pages.1);
    let mut counts = Vec::new();
    for page in &pages {
        let url = format!("{base}{}", page.path);
        counts.push((
            statements_of(&counting, &client, &url, Some(&member)).await,
            statements_of(&counting, &client, &url, None).await,
        ));
    }
    drop(counting);

    // Throughput and latency on a server that does not log, pinned with one worker.
    let mut env = server_env(database_url, &media, false);
    env.push(("WORKERS", "1".into()));
    let server = Server::start_pinned(&env, dir.join("server.log"));
    server.wait_ready().await;
    println!(
        "  {:<40} {:>9} {:>9} {:>9}  {:<28} statements member / visitor (target)",
        "page (signed in)", "req/s", "p50 ms", "p99 ms", "p99 target",
    );
    for (page, (signed_in, visitor)) in pages.iter().zip(counts) {
        let run = wrk(
            &format!("{}{}", server.base, page.path),
            CONNECTIONS,
            &[format!("Cookie: {member}")],
            &[server.pid],
        );
        report.others(run.others_cores);
        let ok_p99 = run.p99_ms <= TARGET_P99_MS && run.failures == 0;
        let ok_statements =
            signed_in <= page.target_statements && visitor <= page.target_statements;
        println!(
            "  {:<40} {:>9.0} {:>9.2} {:>9.2}  ≤ {TARGET_P99_MS} ms {}{}          {signed_in} / {visitor} (≤ {}) {}   (others {:.2} cores)",
            page.name,
            run.requests_per_sec,
            run.p50_ms,
            run.p99_ms,
            report.check(ok_p99),
            if run.failures > 0 {
                format!(" {} failed", run.failures)
            } else {
                String::new()
            },
            page.target_statements,
            report.check(ok_statements),
            run.others_cores
        );
    }
}

/// The group, its articles, gallery and members, and the plaza's posts and likes; a member's
/// session cookie and the pages to measure.
async fn set_up(client: &reqwest::Client, base: &str) -> (String, Vec<Page>) {
    let owner = register(client, base, "owner-bench").await;
    let group = post(
        client,
        base,
        &owner,
        "/api/groups",
        json!({ "name": "基准小组", "visibility": "public", "joinPolicy": "open" }),
    )
    .await;
    let gid = group["group"]["id"].as_str().unwrap().to_owned();
    upload(
        client,
        base,
        &owner,
        &format!("/api/groups/{gid}/cover"),
        png(800, 400),
        true,
    )
    .await;
    let mut article = String::new();
    for i in 0..ARTICLES {
        let a = post(
            client,
            base,
            &owner,
            &format!("/api/groups/{gid}/articles"),
            json!({ "title": format!("第 {i} 篇"), "body": "## 标题\n\n正文".repeat(20) }),
        )
        .await;
        article = a["article"]["id"].as_str().unwrap().to_owned();
        post(
            client,
            base,
            &owner,
            &format!("/api/groups/{gid}/articles/{article}/publish"),
            json!({}),
        )
        .await;
    }
    for _ in 0..IMAGES {
        upload(
            client,
            base,
            &owner,
            &format!("/api/groups/{gid}/gallery"),
            png(640, 480),
            false,
        )
        .await;
    }

    let mut authors = vec![owner.clone()];
    for i in 1..AUTHORS {
        authors.push(register(client, base, &format!("author-{i}")).await);
    }
    let mut post_ids = Vec::with_capacity(POSTS);
    for i in 0..POSTS {
        let author = &authors[i % AUTHORS];
        let body = if i % 5 == 0 {
            let mut images = Vec::new();
            for _ in 0..2 {
                let image =
                    upload_json(client, base, author, "/api/plaza/images", png(320, 240)).await;
                images.push(image["image"]["id"].clone());
            }
            json!({ "body": format!("第 {i} 条：成都今天出太阳了"), "imageIds": images, "district": "510000" })
        } else {
            json!({ "body": format!("第 {i} 条动态 ").repeat(8) })
        };
        let made = post(client, base, author, "/api/plaza/posts", body).await;
        post_ids.push(made["post"]["id"].as_str().unwrap().to_owned());
    }

    let members: Vec<String> = futures_util::stream::iter(0..MEMBERS)
        .map(|i| {
            let (client, base, gid) = (client.clone(), base.to_owned(), gid.clone());
            let liked: Vec<String> = (0..3)
                .map(|k| post_ids[(i * 7 + k * 13) % POSTS].clone())
                .collect();
            async move {
                let cookie = register(&client, &base, &format!("member-{i}")).await;
                post(
                    &client,
                    &base,
                    &cookie,
                    &format!("/api/groups/{gid}/join"),
                    json!({}),
                )
                .await;
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

    let me: Value = client
        .get(format!("{base}/api/auth/token"))
        .header("Cookie", &owner)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let owner_id = me["user"]["id"].as_str().unwrap().to_owned();
    let first = format!("/api/plaza/posts?limit={PAGE}");
    let deep_cursor = cursor_of_page(client, &format!("{base}{first}"), DEEP_PAGE).await;
    let pages = vec![
        Page {
            name: "plaza, first page",
            path: first.clone(),
            target_statements: 3,
        },
        Page {
            name: "plaza, deep page (posts 141–160)",
            path: format!("{first}&cursor={deep_cursor}"),
            target_statements: 3,
        },
        Page {
            name: "group home",
            path: format!("/api/groups/{gid}"),
            target_statements: 5,
        },
        Page {
            name: "an article",
            path: format!("/api/groups/{gid}/articles/{article}"),
            target_statements: 3,
        },
        Page {
            name: "a profile",
            path: format!("/api/users/{owner_id}"),
            target_statements: 2,
        },
    ];
    (members[0].clone(), pages)
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
