//! **Nothing lost under load** (issue 15, "Measured quality"): two `app-server serve` processes
//! over one fresh PostgreSQL database and one media folder, 200 writers for 20 s — plaza posts
//! (some with images), likes and unlikes, comments, article saves from the version each writer
//! last saw, plaza and gallery uploads — every request to the next instance in turn. Afterwards
//! the database and the folder are read directly and held against every answer:
//!
//! - every acknowledged post, comment and upload is stored exactly once, as acknowledged, and
//!   nothing is stored that was not acknowledged (a refused or failed write left nothing);
//! - every `like_count` and `comment_count` equals its rows, and a person's like or unlike that
//!   was sent after all their earlier ones on the post were answered decided the stored state;
//! - each acknowledged article save is one version step, no version was acknowledged twice, the
//!   stored version counts exactly the acknowledged saves from creation, and the stored text is
//!   the last acknowledged save's (a 409 `edit_conflict` is a refusal: nothing written);
//! - every media row has its original and thumbnail in the folder, every file there has its row,
//!   and each row's state says how it is used (a posted plaza image attached, an unused one not);
//! - no answer was a 5xx or missing, neither server died, and the only refusals are conflicts.
//!
//! It prints one summary line (requests, acknowledged writes per kind, refusals by code). See
//! docs/testing.md, "Nothing lost under load". PostgreSQL comes from
//! `adapter_postgres::testing::TestDb`: skipped (and said so) without one outside CI, a failure
//! with `CI=true`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "nothing_lost/check.rs"]
mod check;
#[path = "nothing_lost/load.rs"]
mod load;
// `app-server serve` as a child process, shared with the benchmarks.
#[path = "../benches/support/mod.rs"]
mod support;

use adapter_postgres::testing::TestDb;
use check::Setup;
use futures_util::StreamExt;
use load::{Kind, Log, Rng, Shared, Writer};
use reqwest::header::COOKIE;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::Server;
use uuid::Uuid;

/// The figures. `NOTHING_LOST_WRITERS` and `NOTHING_LOST_SECONDS` may lower them when
/// debugging locally; with `CI=true` they are ignored.
const WRITERS: usize = 200;
const LOAD_SECONDS: u64 = 20;

const PASSWORD: &str = "nothing-lost-under-load";

fn figures() -> (usize, u64) {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    let lowered = |var: &str, max: u64| -> u64 {
        std::env::var(var)
            .ok()
            .filter(|_| !ci)
            .and_then(|v| v.parse::<u64>().ok())
            .map_or(max, |v| v.clamp(1, max))
    };
    let writers = lowered("NOTHING_LOST_WRITERS", WRITERS as u64);
    (
        usize::try_from(writers).unwrap_or(WRITERS),
        lowered("NOTHING_LOST_SECONDS", LOAD_SECONDS),
    )
}

/// The servers' environment: the shared database and media folder (a shared volume, as two
/// instances behind one proxy would have), and only what the load needs changed:
/// - a cheap argon2 cost, and 30 s instead of 2 s for a hash to wait for its thread: registering
///   and signing in the writers is set-up, not what is tested;
/// - per-person and per-address rates far above what 200 writers reach in 20 s: at the default
///   limits (10 posts, 30 comments, 120 likes, 120 uploads per person per window; 30 sign-ins
///   per address) most writes would be refused within seconds, and a refusal is not a write, so
///   the test would prove little about the writes themselves. The limits are tested in
///   `tests/api`;
/// - 30 s instead of 5 s for an upload or a decoding to wait for its slot: a 503 `server_busy`
///   when every slot stays busy is the upload gate doing its job (documented, tested apart),
///   while here every answer must be a write or a refusal, so a 5xx can only mean a fault.
fn server_env(database_url: &str, media: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("DATABASE_URL", database_url.to_owned()),
        ("MEDIA_DIR", media.display().to_string()),
        ("RUST_LOG", "warn".into()),
        ("NO_COLOR", "1".into()),
        ("WEATHER_ENABLED", "false".into()),
        ("ARGON2_MEMORY_KIB", "1024".into()),
        ("ARGON2_ITERATIONS", "1".into()),
        ("PASSWORD_HASH_QUEUE_MS", "30000".into()),
        ("RATE_REGISTER_PER_IP", "100000/3600".into()),
        ("RATE_LOGIN_PER_IP", "100000/900".into()),
        ("RATE_PLAZA_POSTS", "100000/3600".into()),
        ("RATE_PLAZA_COMMENTS", "100000/3600".into()),
        ("RATE_PLAZA_LIKES", "100000/3600".into()),
        ("RATE_MEDIA_UPLOADS_PER_USER", "100000/3600".into()),
        ("MEDIA_UPLOAD_QUEUE_MS", "30000".into()),
        ("IMAGE_QUEUE_MS", "30000".into()),
    ]
}

/// Removes the test's folder (media, server logs) when the test passes; keeps it on failure.
struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept for a look: {}", self.0.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_under_200_writers_lose_nothing_and_store_nothing_twice() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (writers, seconds) = figures();
    let folder = Folder(std::env::temp_dir().join(format!(
        "courtyard-nothing-lost-{}",
        Uuid::new_v4().simple()
    )));
    std::fs::create_dir_all(&folder.0).unwrap();
    let media_dir = folder.0.join("media");
    let env = server_env(&db.url, &media_dir);
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(writers)
        // Drop an idle connection before the server's keep-alive (actix-web: 5 s) closes it:
        // a request sent on a connection the server is closing at that moment gets no answer
        // ("connection closed before message completed"), which HTTP/1.1 only lets a client
        // retry when the request is idempotent. Not the server's fault, so not tested here.
        .pool_idle_timeout(Duration::from_secs(2))
        // A guard against a hang; an answer this late counts as no answer.
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let mut servers = [
        Server::start(&env, folder.0.join("instance-a.log")),
        Server::start(&env, folder.0.join("instance-b.log")),
    ];
    for s in &servers {
        s.wait_ready().await;
    }
    let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();

    let set_up = Instant::now();
    let (team, setup) = prepare(&client, &bases, writers).await;
    let set_up = set_up.elapsed();

    let shared = Arc::new(Shared::new(
        client.clone(),
        bases,
        setup.seed_posts.keys().copied().collect(),
        Duration::from_secs(seconds),
    ));
    let tasks: Vec<_> = team
        .into_iter()
        .map(|w| {
            let shared = Arc::clone(&shared);
            tokio::spawn(async move { w.run(&shared).await })
        })
        .collect();
    let mut log = Log::default();
    for task in tasks {
        log.merge(task.await.expect("a writer panicked"));
    }
    let load = shared.started.elapsed();

    for s in &mut servers {
        assert!(
            s.running(),
            "an instance died under load; its log: {}",
            s.log.display()
        );
    }
    let conn = sea_orm::Database::connect(db.url.as_str())
        .await
        .expect("connect to the test database");
    let (violations, judged) = check::violations(&conn, &media_dir, &setup, &log.acks).await;
    let _ = conn.close().await;

    let mut acked: BTreeMap<Kind, usize> = BTreeMap::new();
    for ack in &log.acks {
        *acked.entry(ack.kind()).or_default() += 1;
    }
    let per_kind: Vec<String> = Kind::ALL
        .iter()
        .map(|k| format!("{}={}", k.name(), acked.get(k).copied().unwrap_or(0)))
        .collect();
    let refusals: Vec<String> = log
        .refusals
        .iter()
        .map(|((kind, status, code), n)| format!("{status} {code} ({})={n}", kind.name()))
        .collect();
    println!(
        "nothing lost: 2 instances, {writers} writers, {:.1} s of load ({:.1} s set-up): \
         {} requests ({:.0}/s); acknowledged {} writes: {}; refused: {}; 5xx or malformed: {}; \
         unanswered: {}; like pairs decided by their last request: {}/{}",
        load.as_secs_f64(),
        set_up.as_secs_f64(),
        log.requests,
        log.requests as f64 / load.as_secs_f64(),
        log.acks.len(),
        per_kind.join(", "),
        if refusals.is_empty() {
            "none".to_owned()
        } else {
            refusals.join(", ")
        },
        log.server_errors.len(),
        log.transport_errors.len(),
        judged.like_pairs_decided,
        judged.like_pairs,
    );

    let server_log_errors: Vec<String> = servers.iter().flat_map(Server::error_lines).collect();
    assert!(
        log.server_errors.is_empty() && log.transport_errors.is_empty(),
        "{} answers were 5xx or malformed and {} requests got no answer; the first:\n{}\n{}\n\
         servers' errors:\n{}",
        log.server_errors.len(),
        log.transport_errors.len(),
        log.server_errors
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n"),
        log.transport_errors
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n"),
        server_log_errors
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let unexpected: Vec<String> = log
        .refusals
        .iter()
        .filter(|((kind, status, code), _)| {
            !(*kind == Kind::Save && *status == 409 && code == "edit_conflict")
        })
        .map(|((kind, status, code), n)| format!("{status} {code} ({})={n}", kind.name()))
        .collect();
    assert!(
        unexpected.is_empty(),
        "refusals other than an article's edit conflict: {unexpected:?}"
    );
    assert!(
        violations.is_empty(),
        "{} violations; the first 40:\n{}",
        violations.len(),
        violations
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The load did what it is for: every kind of write acknowledged, conflicts met, and some
    // like pairs decided (otherwise the checks above would have checked little).
    for kind in Kind::ALL {
        assert!(
            acked.get(&kind).copied().unwrap_or(0) > 0,
            "no {} was acknowledged",
            kind.name()
        );
    }
    assert!(
        judged.like_pairs_decided > 0,
        "no like pair was decided by its last request"
    );
    drop(servers);

    // The checks can fail: break the stored state once per kind of fault and see each named.
    let conn = sea_orm::Database::connect(db.url.as_str())
        .await
        .expect("connect to the test database");
    let expected = check::sabotage(&conn, &media_dir, &log.acks).await;
    let (found, _) = check::violations(&conn, &media_dir, &setup, &log.acks).await;
    let _ = conn.close().await;
    for fault in &expected {
        assert!(
            found.iter().any(|v| v.contains(fault.as_str())),
            "the checks missed a planted fault: {fault}; they said:\n{}",
            found.join("\n")
        );
    }
    drop(db);
}

/// Half as many users as writers (at least one), each signed in twice — once on each instance —
/// so the two writers of a user race on the same article, likes and counters from both
/// instances. Each user gets a public group with one article and writes one seed post.
async fn prepare(
    client: &reqwest::Client,
    bases: &[String],
    writers: usize,
) -> (Vec<Writer>, Setup) {
    let users = writers.div_ceil(2);
    let prepared: Vec<(usize, User)> = futures_util::stream::iter(0..users)
        .map(|i| async move { (i, User::prepare(client, bases, i).await) })
        .buffer_unordered(8)
        .collect()
        .await;
    let mut prepared = prepared;
    prepared.sort_by_key(|(i, _)| *i);
    let mut team = Vec::with_capacity(writers);
    let mut setup = Setup {
        seed_posts: BTreeMap::new(),
        articles: BTreeMap::new(),
    };
    for (i, user) in prepared {
        setup
            .seed_posts
            .insert(user.seed_post, (user.id, user.seed_body.clone()));
        setup.articles.insert(
            user.article,
            (user.version, user.title.clone(), user.body.clone()),
        );
        for (k, cookie) in user.cookies.iter().enumerate() {
            let index = 2 * i + k;
            if index >= writers {
                break;
            }
            team.push(Writer {
                index,
                user: user.id,
                cookie: cookie.clone(),
                group: user.group,
                article: user.article,
                version: user.version,
                unattached: Vec::new(),
                seq: 0,
                rng: Rng::new(index as u64 + 1),
            });
        }
    }
    (team, setup)
}

struct User {
    id: Uuid,
    /// A session made on instance A and one made on instance B.
    cookies: [String; 2],
    group: Uuid,
    article: Uuid,
    version: i64,
    title: String,
    body: String,
    seed_post: Uuid,
    seed_body: String,
}

impl User {
    async fn prepare(client: &reqwest::Client, bases: &[String], i: usize) -> Self {
        let name = format!("load-{i}");
        let credentials = json!({ "username": name, "password": PASSWORD });
        let (first, second) = (&bases[i % bases.len()], &bases[(i + 1) % bases.len()]);
        let (registered, cookie_a) = sign_in(
            client,
            &format!("{first}/api/auth/username/register"),
            &credentials,
        )
        .await;
        let (_, cookie_b) = sign_in(
            client,
            &format!("{second}/api/auth/username/login"),
            &credentials,
        )
        .await;
        let id: Uuid = load::uuid(&registered["user"]["id"]);
        let group = created(
            client,
            &format!("{first}/api/groups"),
            &cookie_a,
            json!({ "name": format!("负载小组 {i}"), "visibility": "public", "joinPolicy": "open" }),
        )
        .await;
        let group = load::uuid(&group["group"]["id"]);
        let (title, body) = (format!("文章 {i}"), "第一稿".to_owned());
        let article = created(
            client,
            &format!("{second}/api/groups/{group}/articles"),
            &cookie_b,
            json!({ "title": title, "body": body }),
        )
        .await;
        let version = article["article"]["version"].as_i64().expect("a version");
        let article = load::uuid(&article["article"]["id"]);
        let seed_body = format!("nothing-lost seed post {i}");
        let post = created(
            client,
            &format!("{first}/api/plaza/posts"),
            &cookie_a,
            json!({ "body": seed_body }),
        )
        .await;
        Self {
            id,
            cookies: [cookie_a, cookie_b],
            group,
            article,
            version,
            title,
            body,
            seed_post: load::uuid(&post["post"]["id"]),
            seed_body,
        }
    }
}

/// Registers or signs in; the answer and the session cookie (`name=value`).
async fn sign_in(client: &reqwest::Client, url: &str, body: &Value) -> (Value, String) {
    let res = client.post(url).json(body).send().await.expect(url);
    let status = res.status();
    let cookie = support::session_cookie(res.headers());
    let answer: Value = res.json().await.unwrap_or(Value::Null);
    assert!(status.is_success(), "{url}: {status} {answer}");
    (answer, cookie.expect("a session cookie"))
}

/// A set-up write that must succeed.
async fn created(client: &reqwest::Client, url: &str, cookie: &str, body: Value) -> Value {
    let res = client
        .post(url)
        .header(COOKIE, cookie)
        .json(&body)
        .send()
        .await
        .expect(url);
    let status = res.status();
    let answer: Value = res.json().await.unwrap_or(Value::Null);
    assert!(status.is_success(), "{url}: {status} {answer}");
    answer
}
