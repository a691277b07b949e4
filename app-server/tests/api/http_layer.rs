//! The HTTP layer's own rules (docs/architecture.md "The HTTP layer"): who the client is behind
//! a proxy, https (HSTS, the session cookie's `Secure`), 405 with `Allow`, and the access table
//! failing closed for tokens.

use crate::helpers::{TestApp, browser_from, reply, spawn_app, spawn_app_with, trust_local_proxy};
use adapter_postgres::testing::TestDb;
use app_server::config::CookieSecure;
use reqwest::header::{ACCEPT_LANGUAGE, AUTHORIZATION, SET_COOKIE};
use serde_json::json;

/// Two registrations per client address, so the third shows who the server thinks is asking.
fn two_registrations_per_ip(c: &mut app_server::config::Config) {
    c.areas
        .get_mut::<::accounts::AccountsPolicy>()
        .register_per_ip = kernel::RateLimitRule {
        limit: 2,
        window_secs: 3600,
    };
}

async fn register_from(app: &TestApp, ip: &str, username: &str) -> u16 {
    let client = browser_from(&app.address, ip);
    app.post_as(
        &client,
        "/api/auth/username/register",
        json!({ "username": username, "password": "a-long-pass-phrase-9" }),
        "en",
    )
    .await
    .status
}

/// The address the server recorded for the browser's own session.
async fn recorded_ip(app: &TestApp, client: &reqwest::Client) -> String {
    let r = app.get_as(client, "/api/auth/sessions").await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body["sessions"][0]["ip"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_spoofed_forwarded_for_from_an_untrusted_peer_does_not_escape_a_per_ip_limit() {
    for db in TestDb::all().await {
        // TRUSTED_PROXIES empty (the default): the TCP peer is the client.
        let app = spawn_app_with(db, two_registrations_per_ip).await;
        assert_eq!(register_from(&app, "203.0.113.1", "spoof1").await, 201);
        assert_eq!(register_from(&app, "203.0.113.2", "spoof2").await, 201);
        // A new made-up address every time changes nothing: all three are 127.0.0.1.
        assert_eq!(register_from(&app, "203.0.113.3", "spoof3").await, 429);
        let client = browser_from(&app.address, "198.51.100.7");
        app.login_as(&client, "spoof1", "a-long-pass-phrase-9")
            .await;
        assert_eq!(recorded_ip(&app, &client).await, "127.0.0.1");
    }
}

#[tokio::test]
async fn through_a_trusted_proxy_the_real_client_is_counted_not_its_claims() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            two_registrations_per_ip(c);
            trust_local_proxy(c);
        })
        .await;
        assert_eq!(register_from(&app, "203.0.113.1", "real1").await, 201);
        // What the client wrote to the left of what our proxy appended is not believed.
        assert_eq!(
            register_from(&app, "198.51.100.99, 203.0.113.1", "real2").await,
            201
        );
        assert_eq!(
            register_from(&app, "198.51.100.98, 203.0.113.1", "real3").await,
            429,
            "the third from 203.0.113.1"
        );
        // Another client behind the same proxy has its own allowance.
        assert_eq!(register_from(&app, "203.0.113.2", "other1").await, 201);
        // IPv6 clients are counted per /64.
        assert_eq!(register_from(&app, "2001:db8:1:2::a", "six1").await, 201);
        assert_eq!(register_from(&app, "2001:db8:1:2::b", "six2").await, 201);
        assert_eq!(
            register_from(&app, "2001:db8:1:2:ffff::c", "six3").await,
            429
        );
        assert_eq!(register_from(&app, "2001:db8:1:3::a", "six4").await, 201);

        let client = browser_from(&app.address, "6.6.6.6, 192.0.2.44");
        app.login_as(&client, "real1", "a-long-pass-phrase-9").await;
        assert_eq!(recorded_ip(&app, &client).await, "192.0.2.44");
    }
}

/// A request "from" a proxy on 127.0.0.1 that says the client used https.
async fn over_https_proxy(app: &TestApp, path: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(app.url(path))
        .header("X-Forwarded-Proto", "https")
        .header("X-Forwarded-For", "203.0.113.5")
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn hsts_is_sent_on_https_only_and_https_is_believed_only_from_a_trusted_proxy() {
    let untrusted = spawn_app(TestDb::sqlite().await).await;
    let plain = reqwest::get(untrusted.url("/api/health")).await.unwrap();
    assert!(plain.headers().get("strict-transport-security").is_none());
    // A client cannot claim https itself.
    let claimed = over_https_proxy(&untrusted, "/api/health").await;
    assert!(claimed.headers().get("strict-transport-security").is_none());

    let proxied = spawn_app_with(TestDb::sqlite().await, |c| {
        trust_local_proxy(c);
        c.hsts_max_age_secs = 600;
    })
    .await;
    let res = over_https_proxy(&proxied, "/api/health").await;
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=600; includeSubDomains"
    );
    // On every answer over https, errors too; never on plain http through the same proxy.
    let res = over_https_proxy(&proxied, "/api/no-such-thing").await;
    assert_eq!(res.status(), 404);
    assert!(res.headers().contains_key("strict-transport-security"));
    let res = reqwest::get(proxied.url("/api/health")).await.unwrap();
    assert!(res.headers().get("strict-transport-security").is_none());
}

async fn session_cookie_of(app: &TestApp, username: &str, forwarded_proto: Option<&str>) -> String {
    let mut req = reqwest::Client::new()
        .post(app.url("/api/auth/username/register"))
        .json(&json!({ "username": username, "password": "a-long-pass-phrase-9" }));
    if let Some(proto) = forwarded_proto {
        req = req.header("X-Forwarded-Proto", proto);
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status(), 201);
    res.headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with("courtyard_session="))
        .expect("a session cookie")
}

#[tokio::test]
async fn the_session_cookie_is_secure_as_configured_and_auto_believes_only_trusted_proxies() {
    let secure = |c: &str| {
        c.split(';')
            .any(|a| a.trim().eq_ignore_ascii_case("secure"))
    };
    // `always` (production's default): Secure even when the request looked like plain http.
    let always = spawn_app_with(TestDb::sqlite().await, |c| {
        c.cookie_secure = CookieSecure::Always;
    })
    .await;
    assert!(secure(&session_cookie_of(&always, "always1", None).await));
    // `auto` behind a trusted proxy: as the proxy says.
    let auto = spawn_app_with(TestDb::sqlite().await, trust_local_proxy).await;
    assert!(secure(
        &session_cookie_of(&auto, "auto1", Some("https")).await
    ));
    assert!(!secure(
        &session_cookie_of(&auto, "auto2", Some("http")).await
    ));
    assert!(!secure(&session_cookie_of(&auto, "auto3", None).await));
    // `auto` with nobody trusted: a client's claim of https is ignored.
    let direct = spawn_app(TestDb::sqlite().await).await;
    assert!(!secure(
        &session_cookie_of(&direct, "direct1", Some("https")).await
    ));
}

#[tokio::test]
async fn production_refuses_to_start_without_a_way_to_see_https_or_its_public_url() {
    let read = |pairs: &[(&str, &str)]| {
        let map: std::collections::HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        app_server::config::Config::from_lookup(|k| map.get(k).cloned())
    };
    let err = read(&[
        ("COURTYARD_ENV", "production"),
        ("PUBLIC_URL", "https://courtyard.example"),
        ("COOKIE_SECURE", "auto"),
    ])
    .unwrap_err()
    .to_string();
    assert!(err.contains("TRUSTED_PROXIES"), "{err}");
    let err = read(&[("COURTYARD_ENV", "production")])
        .unwrap_err()
        .to_string();
    assert!(err.contains("PUBLIC_URL"), "{err}");
    let c = read(&[
        ("COURTYARD_ENV", "production"),
        ("PUBLIC_URL", "https://courtyard.example"),
    ])
    .unwrap();
    assert_eq!(c.cookie_secure, CookieSecure::Always);
}

async fn call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    lang: &str,
) -> crate::helpers::Reply {
    reply(
        reqwest::Client::new()
            .request(method, app.url(path))
            .header(ACCEPT_LANGUAGE, lang)
            .send()
            .await
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn a_known_path_with_an_undeclared_method_is_405_with_allow() {
    let app = spawn_app(TestDb::sqlite().await).await;
    // A GET-only route.
    let r = call(&app, reqwest::Method::POST, "/api/health", "en").await;
    assert_eq!((r.status, r.code()), (405, "method_not_allowed"));
    assert_eq!(r.headers["allow"], "GET");
    assert!(r.message().contains("Allow"), "{}", r.message());
    // A POST-only route, in Chinese.
    let r = call(&app, reqwest::Method::GET, "/api/auth/username/login", "zh").await;
    assert_eq!((r.status, r.code()), (405, "method_not_allowed"));
    assert_eq!(r.headers["allow"], "POST");
    assert_eq!(r.headers["content-language"], "zh");
    assert!(r.message().contains("请求方法"), "{}", r.message());
    // Several methods on one path, and a path with a parameter.
    let r = call(&app, reqwest::Method::PUT, "/api/auth/wechat/binding", "en").await;
    assert_eq!(r.status, 405);
    assert_eq!(r.headers["allow"], "POST, DELETE");
    let r = call(
        &app,
        reqwest::Method::PATCH,
        "/api/tokens/6f1c1b3e-0000-4000-8000-000000000000",
        "en",
    )
    .await;
    assert_eq!(r.status, 405);
    assert_eq!(r.headers["allow"], "DELETE");
    // An unknown path is still 404.
    let r = call(&app, reqwest::Method::GET, "/api/no/such/thing", "en").await;
    assert_eq!((r.status, r.code()), (404, "not_found"));
    // A literal path answers its own methods only, not those of the pattern it also fits
    // (`/api/groups/mine` is not `/api/groups/{id}`; it once advertised GET, PUT, DELETE).
    for method in [
        reqwest::Method::OPTIONS,
        reqwest::Method::PUT,
        reqwest::Method::DELETE,
    ] {
        let r = call(&app, method.clone(), "/api/groups/mine", "en").await;
        assert_eq!(
            (r.status, r.code()),
            (405, "method_not_allowed"),
            "{method}"
        );
        assert_eq!(r.headers["allow"], "GET", "{method}");
    }
    let r = call(
        &app,
        reqwest::Method::POST,
        "/api/plaza/posts/new-count",
        "en",
    )
    .await;
    assert_eq!(r.headers["allow"], "GET");
    let r = call(&app, reqwest::Method::PUT, "/api/tokens/current", "en").await;
    assert_eq!(r.headers["allow"], "GET");
    // The pattern still answers for the ids it stands for.
    let r = call(
        &app,
        reqwest::Method::PATCH,
        "/api/groups/6f1c1b3e-0000-4000-8000-000000000000",
        "en",
    )
    .await;
    assert_eq!(r.headers["allow"], "GET, PUT, DELETE");
}

#[tokio::test]
async fn a_page_limit_outside_one_to_fifty_is_refused_not_clamped() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        for path in [
            "/api/groups",
            "/api/plaza/posts",
            "/api/districts",
            "/api/districts/search?q=a&x=1",
        ] {
            let sep = if path.contains('?') { '&' } else { '?' };
            for limit in ["0", "51", "1000"] {
                let r = call(
                    &app,
                    reqwest::Method::GET,
                    &format!("{path}{sep}limit={limit}"),
                    "en",
                )
                .await;
                assert_eq!(
                    (r.status, r.code()),
                    (400, "invalid_limit"),
                    "{path} limit={limit}: {:?}",
                    r.body
                );
                assert!(r.body["fields"]["limit"].is_string(), "{:?}", r.body);
            }
            for limit in ["1", "50"] {
                let r = call(
                    &app,
                    reqwest::Method::GET,
                    &format!("{path}{sep}limit={limit}"),
                    "zh",
                )
                .await;
                assert_eq!(r.status, 200, "{path} limit={limit}: {:?}", r.body);
            }
        }
        let r = call(&app, reqwest::Method::GET, "/api/groups?limit=0", "zh").await;
        assert!(r.message().contains("1 到 50"), "{}", r.message());
    }
}

#[tokio::test]
async fn a_token_reads_its_own_name_scopes_and_expiry() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(
            app.register("ada", "a-long-pass-phrase-9").await.status,
            201
        );
        for (name, scopes, days) in [
            ("ci", json!(["groups:write", "plaza:read"]), json!(30)),
            ("forever", json!(["ai:read"]), json!(null)),
        ] {
            let made = app
                .post(
                    "/api/tokens",
                    json!({ "name": name, "scopes": scopes, "expiresInDays": days }),
                )
                .await;
            assert_eq!(made.status, 201, "{:?}", made.body);
            let secret = made.body["secret"].as_str().unwrap().to_owned();
            // Whatever its scopes: reading itself needs none.
            let r = reply(
                reqwest::Client::new()
                    .get(app.url("/api/tokens/current"))
                    .header(AUTHORIZATION, format!("Bearer {secret}"))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            assert_eq!(r.headers["cache-control"], "no-store");
            let token = &r.body["token"];
            assert_eq!(token["name"], name);
            assert_eq!(token["scopes"], scopes);
            assert_eq!(token["id"], made.body["token"]["id"]);
            assert_eq!(token["state"], "active");
            assert_eq!(token["expiresAt"].is_null(), days.is_null());
            assert!(token.get("secret").is_none());
        }
        // A browser session is not a token; nobody at all is not signed in.
        let r = app.get("/api/tokens/current").await;
        assert_eq!(
            (r.status, r.code()),
            (403, "token_required"),
            "{:?}",
            r.body
        );
        let r = call(&app, reqwest::Method::GET, "/api/tokens/current", "en").await;
        assert_eq!((r.status, r.code()), (401, "unauthorized"));
    }
}

#[tokio::test]
async fn a_token_is_refused_wherever_the_access_table_has_no_operation() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(
            app.register("ada", "a-long-pass-phrase-9").await.status,
            201
        );
        let made = app
            .post(
                "/api/tokens",
                json!({ "name": "ci", "scopes": ["account:read"], "expiresInDays": 7 }),
            )
            .await;
        assert_eq!(made.status, 201, "{:?}", made.body);
        let secret = made.body["secret"].as_str().unwrap().to_owned();
        let with_token = |path: &str| {
            reqwest::Client::new()
                .get(app.url(path))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .header(ACCEPT_LANGUAGE, "en")
                .send()
        };
        // Within the table, the token works.
        let ok = reply(with_token("/api/auth/sessions").await.unwrap()).await;
        assert_eq!(ok.status, 200, "{:?}", ok.body);
        // An unknown API path and the single-page app's fallback: not the token's business.
        for path in ["/api/no/such/thing", "/api/auth", "/", "/settings/account"] {
            let r = reply(with_token(path).await.unwrap()).await;
            assert_eq!((r.status, r.code()), (403, "token_not_allowed"), "{path}");
        }
        // Without a token those paths answer as always.
        let r = call(&app, reqwest::Method::GET, "/api/no/such/thing", "en").await;
        assert_eq!(r.status, 404);
    }
}

#[tokio::test]
async fn an_admin_scoped_token_must_expire() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(
            app.register("chief", "a-long-pass-phrase-9").await.status,
            201
        );
        app.promote_to_admin("chief").await;
        for lang in ["en", "zh"] {
            let r = app
                .post_as(
                    &app.client,
                    "/api/tokens",
                    json!({ "name": "ops", "scopes": ["admin:read"], "expiresInDays": null }),
                    lang,
                )
                .await;
            assert_eq!((r.status, r.code()), (422, "admin_token_needs_expiry"));
            assert!(
                r.body["fields"]["expiresInDays"].is_string(),
                "{:?}",
                r.body
            );
            let expected = if lang == "zh" {
                "有效期"
            } else {
                "must expire"
            };
            assert!(r.message().contains(expected), "{}", r.message());
        }
        let r = app
            .post(
                "/api/tokens",
                json!({ "name": "ops", "scopes": ["admin:read"], "expiresInDays": 90 }),
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let r = app
            .post(
                "/api/tokens",
                json!({ "name": "forever", "scopes": ["ai:read"], "expiresInDays": null }),
            )
            .await;
        assert_eq!(
            r.status, 201,
            "other tokens may still live forever: {:?}",
            r.body
        );
    }
}

/// Sends `GET /api/health` on `stream` and answers its status line.
async fn health_on(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: courtyard\r\n\r\n")
        .await
        .unwrap();
    let mut buf = vec![0_u8; 4096];
    let n = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut buf))
        .await
        .expect("an answer")
        .unwrap();
    String::from_utf8_lossy(&buf[..n])
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Whether the server has closed `stream` (it reads end of file) within `wait`.
async fn closed_within(stream: &mut tokio::net::TcpStream, wait: std::time::Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = [0_u8; 64];
    matches!(
        tokio::time::timeout(wait, stream.read(&mut buf)).await,
        Ok(Ok(0) | Err(_))
    )
}

#[tokio::test]
async fn an_idle_connection_stays_open_as_long_as_configured() {
    use std::time::Duration;
    // Over a proxy's 60 s by default, so the proxy closes an idle connection first.
    assert!(app_server::config::Config::default().keep_alive > Duration::from_secs(60));
    for (keep_alive, closed) in [(1, true), (4, false)] {
        let app = spawn_app_with(TestDb::sqlite().await, |c| {
            c.keep_alive = Duration::from_secs(keep_alive);
        })
        .await;
        let host = app.address.trim_start_matches("http://").to_owned();
        let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
        assert_eq!(health_on(&mut stream).await, "HTTP/1.1 200 OK");
        assert_eq!(
            closed_within(&mut stream, Duration::from_millis(2500)).await,
            closed,
            "keep-alive {keep_alive} s, idle 2.5 s"
        );
        if !closed {
            assert_eq!(health_on(&mut stream).await, "HTTP/1.1 200 OK");
        }
    }
}
