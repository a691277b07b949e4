//! The metrics (`GET /api/admin/metrics`, and `METRICS_ADDR` apart), on SQLite and PostgreSQL:
//! a request counts under its route template with its status and latency, never under its
//! path; only an administrator's token (`admin:read`) or session reads them, everyone else is
//! refused in their own language; an outside service's failure counts by its result; open
//! event streams, the pool, password hashing, the upload gate and the media store show; the
//! pool's acquire wait counts every statement's wait and shows a pool that ran out; the
//! address apart answers without credentials and serves nothing else.

use crate::helpers::{
    FakeSms, NUMBER, TestApp, phone_body, reply, spawn_app, spawn_app_with, spawn_on,
};
use adapter_llm::fake::{FakeLlm, Scenario};
use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use app_server::http::ai::settings::{AiSettings, LlmSettings};
use app_server::http::notifications::settings::NotificationSettings;
use app_server::metrics::MetricsSettings;
use futures_util::StreamExt;
use image_fixtures::png;
use reqwest::Method;
use reqwest::header::{ACCEPT_LANGUAGE, AUTHORIZATION, CONTENT_TYPE};
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Duration;

/// One sample of the text format: its name, its labels and its value.
#[derive(Debug)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// Every sample of a scrape (comments dropped), label values unescaped.
fn samples(text: &str) -> Vec<Sample> {
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (series, value) = line.rsplit_once(' ').expect("a value");
        let (name, mut labels) = (series.split('{').next().unwrap(), BTreeMap::new());
        if let Some(rest) = series.strip_prefix(name).and_then(|r| r.strip_prefix('{')) {
            let mut chars = rest.chars().peekable();
            loop {
                let key: String = chars.by_ref().take_while(|c| *c != '=').collect();
                if key.is_empty() {
                    break;
                }
                assert_eq!(chars.next(), Some('"'), "{line}");
                let mut value = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => value.push(chars.next().unwrap()),
                        '"' => break,
                        c => value.push(c),
                    }
                }
                labels.insert(key, value);
                if chars.next() != Some(',') {
                    break;
                }
            }
        }
        out.push(Sample {
            name: name.to_owned(),
            labels,
            value: value.parse().unwrap_or_else(|_| panic!("{line}")),
        });
    }
    out
}

/// The value of `name` with exactly `labels`, if the scrape has it.
fn value(text: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    let wanted: BTreeMap<String, String> = labels
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    samples(text)
        .into_iter()
        .find(|s| s.name == name && s.labels == wanted)
        .map(|s| s.value)
}

/// An administrator of `app` and their token with `admin:read`, as an `Authorization` value.
async fn admin_token(app: &TestApp) -> String {
    let keeper = app.person("keeper").await;
    app.promote_to_admin("keeper").await;
    app.token_of(&keeper, &["admin:read"]).await
}

/// The metrics as the administrator's token reads them.
async fn scrape(app: &TestApp, bearer: &str) -> String {
    let res = reqwest::Client::new()
        .get(app.url("/api/admin/metrics"))
        .header(AUTHORIZATION, bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.text().await.unwrap()
}

#[tokio::test]
async fn a_request_counts_under_its_route_template_with_its_status_and_latency() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let bearer = admin_token(&app).await;
        let ada = app.person("ada").await;
        let group = app.create_group(&ada, "读书会", "public", "open").await;
        let id = group["id"].as_str().unwrap().to_owned();
        let path = format!("/api/groups/{id}");
        for _ in 0..2 {
            let r = app.send(&ada.client, Method::GET, &path, None, "en").await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        let missing = format!("/api/groups/{}", uuid::Uuid::new_v4());
        let r = app
            .send(&ada.client, Method::GET, &missing, None, "en")
            .await;
        assert_eq!(r.status, 404, "{:?}", r.body);
        let r = app
            .send(
                &ada.client,
                Method::GET,
                "/api/no/such/endpoint",
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 404, "{:?}", r.body);
        ada.client.get(app.url("/some/page")).send().await.unwrap();

        let text = scrape(&app, &bearer).await;
        let requests = |route: &str, method: &str, status: &str| {
            value(
                &text,
                "courtyard_http_requests_total",
                &[("route", route), ("method", method), ("status", status)],
            )
        };
        assert_eq!(
            requests("/api/groups/{id}", "GET", "200"),
            Some(2.0),
            "{text}"
        );
        assert_eq!(
            requests("/api/groups/{id}", "GET", "404"),
            Some(1.0),
            "{text}"
        );
        assert_eq!(requests("/api/groups", "POST", "201"), Some(1.0), "{text}");
        assert_eq!(requests("unmatched", "GET", "404"), Some(1.0), "{text}");
        assert!(
            samples(&text)
                .iter()
                .any(|s| s.name == "courtyard_http_requests_total" && s.labels["route"] == "app"),
            "the single-page app's request: {text}"
        );
        // The latency of the three, in the histogram: every one under +Inf, and some time.
        let route = [("route", "/api/groups/{id}"), ("method", "GET")];
        assert_eq!(
            value(
                &text,
                "courtyard_http_request_duration_seconds_count",
                &route
            ),
            Some(3.0)
        );
        let inf = [
            ("route", "/api/groups/{id}"),
            ("method", "GET"),
            ("le", "+Inf"),
        ];
        assert_eq!(
            value(
                &text,
                "courtyard_http_request_duration_seconds_bucket",
                &inf
            ),
            Some(3.0)
        );
        assert!(value(&text, "courtyard_http_request_duration_seconds_sum", &route).unwrap() > 0.0);
        // Never a path: neither the group's id nor the unknown endpoint is a label.
        assert!(!text.contains(&id) && !text.contains("no/such"), "{text}");
    }
}

#[tokio::test]
async fn only_an_administrators_token_or_session_reads_the_metrics_and_others_hear_why_in_their_language()
 {
    for db in TestDb::all().await {
        let url = db.url.clone();
        let app = spawn_app(db).await;
        let nina = app.person("nina").await;
        let keeper = app.person("keeper").await;
        app.promote_to_admin("keeper").await;
        let admin_read = app.token_of(&keeper, &["admin:read"]).await;
        let account_only = app.token_of(&keeper, &["account:read"]).await;
        let ninas = app.token_of(&nina, &["account:read"]).await;
        let demoted = app.person("demoted").await;
        app.promote_to_admin("demoted").await;
        let demoted_token = app.token_of(&demoted, &["admin:read"]).await;
        adapter_postgres::Database::connect(&url, 1)
            .await
            .unwrap()
            .set_role_for_tests("demoted", "user")
            .await
            .unwrap();

        let get = |who: Option<&reqwest::Client>, bearer: Option<&str>, lang: &str| {
            let client = who.cloned().unwrap_or_default();
            let mut req = client
                .get(app.url("/api/admin/metrics"))
                .header(ACCEPT_LANGUAGE, lang);
            if let Some(b) = bearer {
                req = req.header(AUTHORIZATION, b.to_owned());
            }
            async move { reply(req.send().await.unwrap()).await }
        };
        for (who, bearer, status, code) in [
            (None, None, 401, "unauthorized"),
            (None, Some("Bearer cyp_not_a_token"), 401, "invalid_token"),
            (Some(&nina.client), None, 403, "forbidden"),
            (None, Some(ninas.as_str()), 403, "insufficient_scope"),
            (None, Some(account_only.as_str()), 403, "insufficient_scope"),
            (None, Some(demoted_token.as_str()), 403, "forbidden"),
        ] {
            let zh = get(who, bearer, "zh").await;
            let en = get(who, bearer, "en").await;
            assert_eq!((zh.status, zh.code()), (status, code), "{:?}", zh.body);
            assert_eq!((en.status, en.code()), (status, code), "{:?}", en.body);
            assert!(
                zh.message()
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{code}: {}",
                zh.message()
            );
            assert!(en.message().is_ascii() && zh.message() != en.message());
        }

        // The administrator's token with admin:read, and their session.
        for res in [
            reqwest::Client::new()
                .get(app.url("/api/admin/metrics"))
                .header(AUTHORIZATION, &admin_read)
                .send()
                .await
                .unwrap(),
            keeper
                .client
                .get(app.url("/api/admin/metrics"))
                .send()
                .await
                .unwrap(),
        ] {
            assert_eq!(res.status(), 200);
            let kind = res.headers()[CONTENT_TYPE].to_str().unwrap().to_owned();
            assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
            assert_eq!(res.headers()["cache-control"], "no-store");
            let text = res.text().await.unwrap();
            assert!(
                text.contains("# TYPE courtyard_http_requests_total counter"),
                "{text}"
            );
        }
    }
}

fn configure_llm(config: &mut Config, fake: &FakeLlm) {
    config.areas.get_mut::<AiSettings>().llm = Some(LlmSettings {
        base_url: fake.base_url(),
        api_key: Some(secrecy::SecretString::from("sk-test-0123456789")),
        models: vec!["deepseek-chat".into()],
        connect_timeout: Duration::from_secs(2),
    });
}

fn hello() -> serde_json::Value {
    json!({
        "messages": [{ "role": "user", "content": "你好" }],
        "stream": true, "model": "deepseek-chat", "temperature": 0.7, "max_tokens": 100
    })
}

#[tokio::test]
async fn an_outside_services_failures_count_by_their_result() {
    for db in TestDb::all().await {
        let llm = FakeLlm::start().await;
        llm.set(Scenario::status_json(
            429,
            json!({ "error": { "message": "slow down" } }),
        ));
        // An SMS provider that fails with a server error.
        let sms = FakeSms {
            server: wiremock::MockServer::start().await,
        };
        wiremock::Mock::given(wiremock::matchers::method("GET"))
            .respond_with(wiremock::ResponseTemplate::new(500).set_body_string("oops"))
            .mount(&sms.server)
            .await;
        let app = spawn_app_with(db, |c| {
            configure_llm(c, &llm);
            sms.configure(c);
        })
        .await;
        let bearer = admin_token(&app).await;
        let ada = app.person("ada").await;

        let chat = |who: &reqwest::Client| who.post(app.url("/api/ai/chat")).json(&hello()).send();
        let refused = chat(&ada.client).await.unwrap();
        assert!(refused.status().is_client_error() || refused.status().is_server_error());
        llm.set(Scenario::answer(["你好"]));
        let answered = chat(&ada.client).await.unwrap();
        assert_eq!(answered.status(), 200);
        answered.text().await.unwrap();
        let r = app
            .post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        assert!(r.status >= 500, "{:?}", r.body);

        let text = scrape(&app, &bearer).await;
        let calls = |service: &str, result: &str| {
            value(
                &text,
                "courtyard_outside_calls_total",
                &[("service", service), ("result", result)],
            )
        };
        assert_eq!(calls("llm", "rate_limited"), Some(1.0), "{text}");
        assert_eq!(calls("llm", "ok"), Some(1.0), "{text}");
        assert_eq!(calls("sms", "unavailable"), Some(1.0), "{text}");
        assert_eq!(calls("sms", "ok"), None, "{text}");
    }
}

/// The labels of one kind of event stream.
fn open(stream: &str) -> [(&'static str, &str); 1] {
    [("stream", stream)]
}

/// Polls the scrape until `name{labels}` is `expected` (streams close when their server
/// notices), or fails after a few seconds.
async fn until_value(
    app: &TestApp,
    bearer: &str,
    name: &str,
    labels: &[(&str, &str)],
    expected: f64,
) {
    let mut last = None;
    for _ in 0..100 {
        last = value(&scrape(app, bearer).await, name, labels);
        if last == Some(expected) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{name}{labels:?} is {last:?}, not {expected}");
}

#[tokio::test]
async fn open_event_streams_count_while_they_last() {
    for db in TestDb::all().await {
        let llm = FakeLlm::start().await;
        llm.set(Scenario::Gated {
            before: vec!["先".into()],
            after: vec!["后".into()],
        });
        let app = spawn_app_with(db, |c| {
            configure_llm(c, &llm);
            // A closed browser is noticed at the next keep-alive.
            c.areas.get_mut::<NotificationSettings>().policy.keep_alive = Duration::from_secs(1);
        })
        .await;
        let bearer = admin_token(&app).await;
        let ada = app.person("ada").await;

        // The notification stream: open from its first event to its browser's leaving.
        let res = ada
            .client
            .get(app.url("/api/notifications/stream"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let mut body = res.bytes_stream();
        body.next().await.unwrap().unwrap();
        let text = scrape(&app, &bearer).await;
        assert_eq!(
            value(
                &text,
                "courtyard_event_streams_open",
                &open("notifications")
            ),
            Some(1.0),
            "{text}"
        );
        drop(body);
        until_value(
            &app,
            &bearer,
            "courtyard_event_streams_open",
            &open("notifications"),
            0.0,
        )
        .await;

        // A chat answer: open while it streams, closed once it is over.
        let res = ada
            .client
            .post(app.url("/api/ai/chat"))
            .json(&hello())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let mut body = res.bytes_stream();
        let mut seen = String::new();
        while !seen.contains('先') {
            seen.push_str(&String::from_utf8_lossy(
                &body.next().await.unwrap().unwrap(),
            ));
        }
        let text = scrape(&app, &bearer).await;
        assert_eq!(
            value(&text, "courtyard_event_streams_open", &open("ai_chat")),
            Some(1.0),
            "{text}"
        );
        llm.release();
        while let Some(chunk) = body.next().await {
            chunk.unwrap();
        }
        until_value(
            &app,
            &bearer,
            "courtyard_event_streams_open",
            &open("ai_chat"),
            0.0,
        )
        .await;
    }
}

#[tokio::test]
async fn the_pool_password_hashing_the_upload_gate_and_the_media_store_show() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<app_server::http::media::settings::MediaSettings>()
                .upload_concurrency = 3;
        })
        .await;
        let bearer = admin_token(&app).await;
        let before = scrape(&app, &bearer).await;
        let hashes = |text: &str| {
            value(text, "courtyard_password_hashes_total", &[("result", "ok")]).unwrap_or(0.0)
        };
        let ada = app.person("ada").await;
        let group = app.create_group(&ada, "相册", "public", "open").await;
        let r = app
            .upload(&ada.client, group["id"].as_str().unwrap(), png(16, 16))
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);

        let text = scrape(&app, &bearer).await;
        let get = |name: &str, labels: &[(&str, &str)]| value(&text, name, labels);
        // Ada's registration hashed her password once.
        assert_eq!(hashes(&text) - hashes(&before), 1.0, "{text}");
        assert_eq!(get("courtyard_password_hashing_in_flight", &[]), Some(0.0));
        assert!(get("courtyard_password_hash_workers", &[]).unwrap() >= 1.0);
        // The upload's place was given back.
        assert_eq!(
            get("courtyard_upload_gate_capacity", &[]),
            Some(3.0),
            "{text}"
        );
        assert_eq!(get("courtyard_upload_gate_in_use", &[]), Some(0.0));
        assert_eq!(get("courtyard_upload_gate_waiting", &[]), Some(0.0));
        assert_eq!(get("courtyard_upload_gate_refused_total", &[]), Some(0.0));
        // The image and its thumbnail were written to the media store.
        let stored = get(
            "courtyard_outside_calls_total",
            &[("service", "object_store"), ("result", "ok")],
        );
        assert!(stored.unwrap_or(0.0) >= 2.0, "{text}");
        // The pool: what is open is in use or idle, within the most it opens.
        let max = get("courtyard_db_pool_max_connections", &[]).unwrap();
        let in_use = get("courtyard_db_pool_connections", &[("state", "in_use")]).unwrap();
        let idle = get("courtyard_db_pool_connections", &[("state", "idle")]).unwrap();
        assert!(
            max >= 1.0 && in_use + idle >= 1.0 && in_use + idle <= max,
            "{text}"
        );
    }
}

/// The pool-wait histogram's count, and how many of its waits took longer than `over` seconds
/// (a bucket's bound).
fn waits(text: &str, over: &str) -> (f64, f64) {
    let name = "courtyard_db_pool_acquire_seconds";
    let count = value(text, &format!("{name}_count"), &[]).unwrap_or_else(|| panic!("{text}"));
    let within = value(text, &format!("{name}_bucket"), &[("le", over)])
        .unwrap_or_else(|| panic!("no bucket {over}: {text}"));
    (count, count - within)
}

// The histogram is the process's (metrics.rs): under `cargo test` other tests' statements count
// in it too, so this looks at what grew, at least, and never at what stayed.
#[tokio::test]
async fn the_pools_acquire_wait_counts_every_statement_and_shows_a_pool_run_out() {
    app_server::telemetry::init_metrics_only();
    // A second time, as another test in the same process would: no panic, nothing changes.
    app_server::telemetry::init_metrics_only();
    for db in TestDb::all().await {
        // One connection, so that holding it makes every statement wait.
        let pool = adapter_postgres::Database::connect(&db.url, 1)
            .await
            .unwrap();
        let app = spawn_on(pool.clone(), &db.url, |_| {}).await;
        let bearer = admin_token(&app).await;
        let before = scrape(&app, &bearer).await;
        assert!(
            before.contains("# TYPE courtyard_db_pool_acquire_seconds histogram"),
            "{before}"
        );
        let (count_before, _) = waits(&before, "0.25");
        // Each of these reads the database: the scrape checks the token, the list reads the
        // sessions.
        let ada = app.person("ada").await;
        for _ in 0..3 {
            scrape(&app, &bearer).await;
        }
        let r = app.get_as(&ada.client, "/api/auth/sessions").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let (count, slow) = waits(&scrape(&app, &bearer).await, "0.25");
        assert!(count >= count_before + 5.0, "{count_before} → {count}");

        // The pool's one connection held for 400 ms: the scrape's token check waits for it.
        let held = pool.hold_connection().await.unwrap();
        let (text, ()) = tokio::join!(scrape(&app, &bearer), async {
            tokio::time::sleep(Duration::from_millis(400)).await;
            drop(held);
        });
        let (_, slow_after) = waits(&text, "0.25");
        assert!(
            slow_after > slow,
            "no wait over 0.25 s: {slow} → {slow_after}\n{text}"
        );
        drop(db);
    }
}

/// A port nothing listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[tokio::test]
async fn the_address_apart_serves_the_metrics_without_credentials_and_nothing_else() {
    for db in TestDb::all().await {
        let addr: std::net::SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
        let app = spawn_app_with(db, |c| {
            c.areas.set(MetricsSettings { apart: Some(addr) });
        })
        .await;
        assert_eq!(app.get("/api/health").await.status, 200);
        let res = reqwest::get(format!("http://{addr}/metrics"))
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let kind = res.headers()[CONTENT_TYPE].to_str().unwrap().to_owned();
        assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
        let text = res.text().await.unwrap();
        assert_eq!(
            value(
                &text,
                "courtyard_http_requests_total",
                &[
                    ("route", "/api/health"),
                    ("method", "GET"),
                    ("status", "200")
                ]
            ),
            Some(1.0),
            "the main listener's requests: {text}"
        );
        // Nothing of the API there; on the main address the metrics still need an admin.
        for path in ["/api/health", "/api/admin/metrics", "/"] {
            let res = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
            assert_eq!(res.status(), 404, "{path}");
        }
        assert_eq!(app.get("/api/admin/metrics").await.status, 401);
    }
}
