//! Slow uploads cannot hold the instance's upload places (issue 22, security 2), on SQLite and
//! PostgreSQL: one person takes at most `MEDIA_UPLOAD_PER_USER` places, a body slower than
//! its minimum rate is cut off with 408, the checks that need no bytes answer before a place is
//! taken, and any other request's body has a read deadline too.

use crate::helpers::{TestApp, spawn_app_with};
use adapter_postgres::testing::TestDb;
use app_server::config::{BodyLimits, Config};
use image_fixtures::png;
use kernel::RateLimitRule;
use reqwest::header::{CONTENT_TYPE, COOKIE, SET_COOKIE};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long an upload waits for a place before 503 `server_busy`.
const QUEUE_WAIT: Duration = Duration::from_millis(1500);
/// "At once": well within the queue's wait.
const AT_ONCE: Duration = Duration::from_millis(1000);

/// Small deadlines so the slow clients are cut off within seconds.
fn small_deadlines(c: &mut Config) {
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .upload_concurrency = 4;
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .upload_per_user = 1;
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .upload_queue_wait = QUEUE_WAIT;
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .upload_body = BodyLimits {
        timeout: Duration::from_secs(4),
        min_bytes_per_sec: 1024,
        grace: Duration::from_secs(2),
    };
    c.request_body = BodyLimits {
        timeout: Duration::from_secs(3),
        min_bytes_per_sec: 1024,
        grace: Duration::from_secs(1),
    };
}

/// Someone signed in: a client that sends their session cookie, and the cookie itself (for
/// the raw connections).
struct Uploader {
    client: reqwest::Client,
    cookie: String,
}

impl TestApp {
    async fn uploader(&self, username: &str) -> Uploader {
        let res = reqwest::Client::new()
            .post(self.url("/api/auth/username/register"))
            .json(&json!({ "username": username, "password": "correct horse battery" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 201, "registering {username}");
        let cookie = res
            .headers()
            .get_all(SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
            .collect::<Vec<_>>()
            .join("; ");
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(COOKIE, cookie.parse().unwrap());
        let client = reqwest::Client::builder()
            .default_headers(headers)
            .build()
            .unwrap();
        Uploader { client, cookie }
    }

    /// A plaza image upload by `who`: its status, code and how long the answer took.
    async fn plaza_upload(&self, who: &Uploader, bytes: Vec<u8>) -> (u16, String, Duration) {
        let started = Instant::now();
        let res = who
            .client
            .post(self.url("/api/plaza/images"))
            .header(CONTENT_TYPE, "application/octet-stream")
            .body(bytes)
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        let body: Value = res.json().await.unwrap_or_default();
        let code = body["code"].as_str().unwrap_or_default().to_owned();
        (status, code, started.elapsed())
    }

    /// A client that sends a request's head at once and then its body of `length` bytes one
    /// byte every `every`; answers the status and body the server sends back (or what it has
    /// when the server closes the connection), within 15 s.
    async fn slow_request(
        &self,
        path: &str,
        cookie: &str,
        content_type: &str,
        length: usize,
        every: Duration,
    ) -> tokio::task::JoinHandle<(u16, String)> {
        let host = self.address.trim_start_matches("http://").to_owned();
        let mut stream = TcpStream::connect(&host).await.unwrap();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nCookie: {cookie}\r\n\
             Content-Type: {content_type}\r\nContent-Length: {length}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        tokio::spawn(async move {
            let (mut read, mut write) = stream.into_split();
            let dribble = tokio::spawn(async move {
                for _ in 0..length {
                    if write.write_all(b"{").await.is_err() {
                        break;
                    }
                    tokio::time::sleep(every).await;
                }
            });
            let answer = tokio::time::timeout(Duration::from_secs(15), read_answer(&mut read))
                .await
                .unwrap_or_default();
            dribble.abort();
            answer
        })
    }
}

/// One HTTP/1.1 answer: its status and body (by `Content-Length`), or what came before the
/// connection closed.
async fn read_answer(read: &mut tokio::net::tcp::OwnedReadHalf) -> (u16, String) {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&got).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse::<usize>().ok())?
                })
                .unwrap_or(0);
            if got.len() >= end + 4 + length {
                let status = text
                    .split(' ')
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                return (status, text[end + 4..].to_owned());
            }
        }
        match read.read(&mut buf).await {
            Ok(0) | Err(_) => {
                let status = String::from_utf8_lossy(&got)
                    .split(' ')
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                return (status, String::from_utf8_lossy(&got).into_owned());
            }
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn four_slow_uploads_of_one_person_leave_room_for_everyone_else() {
    for db in TestDb::all().await {
        let engine = db.url.split(':').next().unwrap_or_default().to_owned();
        let app = spawn_app_with(db, small_deadlines).await;
        let slow = app.uploader("slowpoke").await;
        let other = app.uploader("swift").await;

        let mut clients = Vec::new();
        for _ in 0..4 {
            clients.push(
                app.slow_request(
                    "/api/plaza/images",
                    &slow.cookie,
                    "application/octet-stream",
                    50_000,
                    Duration::from_millis(500),
                )
                .await,
            );
        }
        tokio::time::sleep(Duration::from_millis(300)).await;

        // Another person's upload goes through at once (the slow person holds one place).
        let (status, code, took) = app.plaza_upload(&other, png(32, 24)).await;
        assert_eq!((status, code.as_str()), (201, ""), "{engine}");
        assert!(took < AT_ONCE, "{engine}: waited {took:?}");

        // The slow person's first upload is cut off at its minimum rate, the rest found their
        // one place taken.
        let mut answers = Vec::new();
        for c in clients {
            answers.push(c.await.unwrap());
        }
        answers.sort();
        let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
        assert_eq!(statuses, vec![408, 503, 503, 503], "{engine}: {answers:?}");
        assert!(answers[0].1.contains("upload_too_slow"), "{answers:?}");
        assert!(answers[1].1.contains("server_busy"), "{answers:?}");

        // Every place is free again.
        let (status, _, _) = app.plaza_upload(&slow, png(32, 24)).await;
        assert_eq!(status, 201, "{engine}");
    }
}

#[tokio::test]
async fn a_body_slower_than_its_minimum_rate_is_cut_off_with_408() {
    for db in TestDb::all().await {
        let engine = db.url.split(':').next().unwrap_or_default().to_owned();
        let app = spawn_app_with(db, small_deadlines).await;
        let slow = app.uploader("trickle").await;

        // An upload: cut off after the grace, long before its whole deadline.
        let started = Instant::now();
        let (status, body) = app
            .slow_request(
                "/api/plaza/images",
                &slow.cookie,
                "application/octet-stream",
                10_000,
                Duration::from_millis(300),
            )
            .await
            .await
            .unwrap();
        let took = started.elapsed();
        assert_eq!(status, 408, "{engine}: {body}");
        assert!(body.contains("upload_too_slow"), "{body}");
        assert!(
            took >= Duration::from_secs(2) && took < Duration::from_secs(4),
            "{engine}: {took:?}"
        );

        // A JSON body has its read deadline too.
        let (status, body) = app
            .slow_request(
                "/api/auth/username/login",
                "",
                "application/json",
                200,
                Duration::from_millis(300),
            )
            .await
            .await
            .unwrap();
        assert_eq!(status, 408, "{engine}: {body}");
        assert!(body.contains("request_too_slow"), "{body}");
    }
}

#[tokio::test]
async fn the_checks_that_need_no_bytes_answer_before_a_place_is_taken() {
    for db in TestDb::all().await {
        let engine = db.url.split(':').next().unwrap_or_default().to_owned();
        let app = spawn_app_with(db, |c| {
            small_deadlines(c);
            // One place on the instance, held below by a slow upload.
            c.areas
                .get_mut::<app_server::http::media::settings::MediaSettings>()
                .upload_concurrency = 1;
            c.areas
                .get_mut::<app_server::http::media::settings::MediaSettings>()
                .policy
                .max_upload_bytes = 64 * 1024;
            c.areas
                .get_mut::<app_server::http::media::settings::MediaSettings>()
                .policy
                .upload_rate = RateLimitRule {
                limit: 1,
                window_secs: 3600,
            };
        })
        .await;
        let holder = app.uploader("holder").await;
        let other = app.uploader("other").await;
        let (status, _, _) = app.plaza_upload(&other, png(16, 16)).await;
        assert_eq!(status, 201, "{engine}: the one upload of the hour");

        let slow = app
            .slow_request(
                "/api/plaza/images",
                &holder.cookie,
                "application/octet-stream",
                50_000,
                Duration::from_millis(200),
            )
            .await;
        tokio::time::sleep(Duration::from_millis(300)).await;

        // Over the rate: 429 at once, not 503 after the queue's wait.
        let (status, code, took) = app.plaza_upload(&other, png(16, 16)).await;
        assert_eq!((status, code.as_str()), (429, "rate_limited"), "{engine}");
        assert!(took < AT_ONCE, "{engine}: {took:?}");
        // A declared size over the cap: 413 at once.
        let (status, code, took) = app.plaza_upload(&other, vec![0; 65 * 1024]).await;
        assert_eq!(
            (status, code.as_str()),
            (413, "image_too_large"),
            "{engine}"
        );
        assert!(took < AT_ONCE, "{engine}: {took:?}");
        // Not a member of the group: 403 at once.
        let group = app.group_of(&holder).await;
        let started = Instant::now();
        let res = other
            .client
            .post(app.url(&format!("/api/groups/{group}/gallery")))
            .header(CONTENT_TYPE, "application/octet-stream")
            .body(png(16, 16))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 403, "{engine}");
        assert!(started.elapsed() < AT_ONCE, "{engine}");
        // Not signed in: 401 at once.
        let started = Instant::now();
        let res = reqwest::Client::new()
            .post(app.url("/api/plaza/images"))
            .header(CONTENT_TYPE, "application/octet-stream")
            .body(png(16, 16))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 401, "{engine}");
        assert!(started.elapsed() < AT_ONCE, "{engine}");

        let (status, body) = slow.await.unwrap();
        assert_eq!(status, 408, "{engine}: {body}");
    }
}

impl TestApp {
    /// A public group `who` owns.
    async fn group_of(&self, who: &Uploader) -> String {
        let res = who
            .client
            .post(self.url("/api/groups"))
            .json(&json!({ "name": "慢慢来", "description": "", "visibility": "public", "joinPolicy": "open" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 201);
        let body: Value = res.json().await.unwrap();
        body["group"]["id"].as_str().unwrap().to_owned()
    }
}
