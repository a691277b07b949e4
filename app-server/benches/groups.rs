//! `just bench`, third part: groups and images (method and figures in docs/benchmarks.md).
//!
//! On a fresh SQLite file, then on a fresh PostgreSQL database (when one answers at
//! `TEST_POSTGRES_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`), the release
//! `app-server serve` as a subprocess:
//!
//! 1. a public group with a cover, 10 published articles, 8 gallery images and 50 members;
//! 2. **statements per request**: with `DATABASE_LOG_STATEMENTS=true`, the SQL statements one
//!    `GET /api/groups/{id}` costs a signed-in member and a visitor (target ≤ 5);
//! 3. **group home at 50 concurrent readers**: each of the 50 members asks for the group's home
//!    in a closed loop, 40 times; p50 and p99 latency and throughput;
//! 4. **a 12-megapixel JPEG** (4000 × 3000, noisy, ≈ 6 MB) uploaded 3 times: the time until the
//!    answer (the image re-encoded without metadata and its thumbnail stored) and the server's
//!    peak memory above its resident size before the upload.
//!
//! Setup uses a cheap argon2 cost (registration is not what is measured). Prints each figure
//! with its target; exits non-zero when a target is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use futures_util::StreamExt;
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};
use support::{
    Server, closed_loop, mark, percentile_ms, png, post, register, reset_peak, server_env,
    statements_of, status_kib, upload,
};

const READERS: usize = 50;
const REQUESTS_PER_READER: usize = 40;
const ARTICLES: usize = 10;
const IMAGES: usize = 8;
const UPLOADS: usize = 3;
const TARGET_STATEMENTS: usize = 5;
const TARGET_HOME_P99_MS: f64 = 100.0;
const TARGET_UPLOAD_MS: f64 = 3000.0;
const TARGET_UPLOAD_PEAK_MIB: f64 = 300.0;

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let code = runtime.block_on(async {
        let mut failed = false;
        let dir =
            std::env::temp_dir().join(format!("courtyard-bench-groups-{}", std::process::id()));
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

    // Setup and statement counts on a server that logs its statements.
    let counting = Server::start(
        &server_env(database_url, &media, true),
        dir.join("counting.log"),
    );
    counting.wait_ready().await;
    let base = counting.base.clone();
    let owner = register(&client, &base, "owner-bench").await;
    let group = post(
        &client,
        &base,
        &owner,
        "/api/groups",
        json!({ "name": "基准小组", "visibility": "public", "joinPolicy": "open" }),
    )
    .await;
    let gid = group["group"]["id"].as_str().unwrap().to_owned();
    upload(
        &client,
        &base,
        &owner,
        &format!("/api/groups/{gid}/cover"),
        png(800, 400),
        true,
    )
    .await;
    for i in 0..ARTICLES {
        let a = post(
            &client,
            &base,
            &owner,
            &format!("/api/groups/{gid}/articles"),
            json!({ "title": format!("第 {i} 篇"), "body": "## 标题\n\n正文".repeat(20) }),
        )
        .await;
        let aid = a["article"]["id"].as_str().unwrap();
        post(
            &client,
            &base,
            &owner,
            &format!("/api/groups/{gid}/articles/{aid}/publish"),
            json!({}),
        )
        .await;
    }
    for _ in 0..IMAGES {
        upload(
            &client,
            &base,
            &owner,
            &format!("/api/groups/{gid}/gallery"),
            png(640, 480),
            false,
        )
        .await;
    }
    let members: Vec<String> = futures_util::stream::iter(0..READERS)
        .map(|i| {
            let (client, base, gid) = (client.clone(), base.clone(), gid.clone());
            async move {
                let cookie = register(&client, &base, &format!("reader-{i}")).await;
                post(
                    &client,
                    &base,
                    &cookie,
                    &format!("/api/groups/{gid}/join"),
                    json!({}),
                )
                .await;
                cookie
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;
    let home = format!("{base}/api/groups/{gid}");
    let member_statements = statements_of(&counting, &client, &home, Some(&members[0])).await;
    let visitor_statements = statements_of(&counting, &client, &home, None).await;
    drop(counting);

    // Latency and memory on a server that does not log.
    let server = Server::start(
        &server_env(database_url, &media, false),
        dir.join("server.log"),
    );
    server.wait_ready().await;
    let home = format!("{}/api/groups/{gid}", server.base);
    let (samples, wall) = closed_loop(&client, &home, &members, REQUESTS_PER_READER).await;
    let (p50, p99) = (percentile_ms(&samples, 0.50), percentile_ms(&samples, 0.99));

    let photo = noisy_jpeg(4000, 3000);
    let mut upload_ms = Vec::new();
    let mut peak_mib: f64 = 0.0;
    for _ in 0..UPLOADS {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let before = status_kib(server.pid, "VmRSS:");
        let peak_reset = reset_peak(server.pid);
        let t = Instant::now();
        upload(
            &client,
            &server.base,
            &owner,
            &format!("/api/groups/{gid}/gallery"),
            photo.clone(),
            false,
        )
        .await;
        upload_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        if peak_reset {
            let peak = status_kib(server.pid, "VmHWM:");
            peak_mib = peak_mib.max(peak.saturating_sub(before) as f64 / 1024.0);
        }
    }
    upload_ms.sort_by(f64::total_cmp);
    let median_upload = upload_ms[UPLOADS / 2];
    let rss_after = status_kib(server.pid, "VmRSS:") as f64 / 1024.0;

    let ok_statements =
        member_statements <= TARGET_STATEMENTS && visitor_statements <= TARGET_STATEMENTS;
    let ok_p99 = p99 <= TARGET_HOME_P99_MS;
    let ok_upload = median_upload <= TARGET_UPLOAD_MS;
    let ok_peak = peak_mib <= TARGET_UPLOAD_PEAK_MIB;
    println!(
        "  statements per GET /api/groups/{{id}}: member {member_statements}, visitor {visitor_statements} (target ≤ {TARGET_STATEMENTS}) {}",
        mark(ok_statements)
    );
    println!(
        "  group home, {READERS} concurrent readers × {REQUESTS_PER_READER}: p50 {p50:.2} ms, p99 {p99:.2} ms (target p99 ≤ {TARGET_HOME_P99_MS} ms) {}; {:.0} requests/s",
        mark(ok_p99),
        samples.len() as f64 / wall.as_secs_f64()
    );
    println!(
        "  12-megapixel JPEG ({:.1} MB): to thumbnails {median_upload:.0} ms median of {UPLOADS} (target ≤ {TARGET_UPLOAD_MS} ms) {}; peak memory above resident {peak_mib:.1} MiB (target ≤ {TARGET_UPLOAD_PEAK_MIB}) {}; resident after {rss_after:.1} MiB",
        photo.len() as f64 / 1_000_000.0,
        mark(ok_upload),
        mark(ok_peak)
    );
    ok_statements && ok_p99 && ok_upload && ok_peak
}

/// A photo-like JPEG: gradients with noise, so it compresses like a camera's (≈ 6 MB at q90).
fn noisy_jpeg(w: u32, h: u32) -> Vec<u8> {
    let mut seed: u32 = 0x9e37_79b9;
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let n = (seed % 64) as u8;
        image::Rgb([
            ((x * 255 / w) as u8).saturating_add(n),
            ((y * 255 / h) as u8).saturating_add(n / 2),
            n.wrapping_mul(3),
        ])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(&img)
        .unwrap();
    out
}
