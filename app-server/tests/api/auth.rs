use crate::helpers::{browser, reply, spawn_app, spawn_app_with, spawn_on};
use adapter_postgres::testing::TestDb;
use serde_json::json;

#[tokio::test]
async fn register_login_token_change_password_revokes_other_sessions_then_logout() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;

        let reg = app
            .post(
                "/api/auth/username/register",
                json!({ "username": "XiaoMing", "password": "first-password", "nickname": "小明" }),
            )
            .await;
        assert_eq!(reg.status, 201, "{:?}", reg.body);
        assert_eq!(reg.body["success"], true);
        assert_eq!(reg.body["user"]["username"], "xiaoming");
        assert_eq!(reg.body["user"]["nickname"], "小明");
        assert_eq!(reg.body["user"]["role"], "user");
        let cookie = reg
            .headers
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        assert!(cookie.starts_with("courtyard_session="), "{cookie}");
        assert!(
            cookie.contains("HttpOnly")
                && cookie.contains("SameSite=Lax")
                && cookie.contains("Path=/"),
            "{cookie}"
        );
        assert!(!cookie.contains("Secure"), "plain http: no Secure flag");

        let status = app.get("/api/auth/token").await;
        assert_eq!(status.body["isAuthenticated"], true);
        assert_eq!(status.body["hasUser"], false, "no WeChat openid is known");
        assert_eq!(status.body["user"]["username"], "xiaoming");

        // A second device signs in; both sessions are listed, only one is "current".
        let phone = browser(&app.address);
        let second = app.login_as(&phone, "xiaoming", "first-password").await;
        assert_eq!(second.status, 200);
        assert_ne!(
            second.headers.get("set-cookie").unwrap().to_str().unwrap(),
            cookie,
            "every login gets a new token"
        );
        let listed = app.get("/api/auth/sessions").await;
        let sessions = listed.body["sessions"].as_array().unwrap();
        assert_eq!(sessions.len(), 2);
        assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);

        let changed = app
            .post(
                "/api/auth/password/change",
                json!({ "currentPassword": "first-password", "newPassword": "second-password" }),
            )
            .await;
        assert_eq!(changed.status, 200, "{:?}", changed.body);
        assert_eq!(
            app.get("/api/auth/token").await.body["isAuthenticated"],
            true,
            "this device stays in"
        );
        let dead = app.get_as(&phone, "/api/auth/token").await;
        assert_eq!(
            dead.body["isAuthenticated"], false,
            "the other device was signed out"
        );
        assert_eq!(app.get_as(&phone, "/api/auth/sessions").await.status, 401);

        assert_eq!(
            app.login_as(&phone, "xiaoming", "first-password")
                .await
                .status,
            401,
            "old password is dead"
        );
        assert_eq!(
            app.login_as(&phone, "xiaoming", "second-password")
                .await
                .status,
            200
        );

        let out = app.post("/api/auth/logout", json!({})).await;
        assert_eq!(out.status, 200);
        assert!(
            out.headers
                .get("set-cookie")
                .unwrap()
                .to_str()
                .unwrap()
                .contains("Max-Age=0")
        );
        assert_eq!(
            app.get("/api/auth/token").await.body["isAuthenticated"],
            false
        );
        assert_eq!(
            app.post("/api/auth/logout", json!({})).await.status,
            200,
            "logging out twice is fine"
        );
    }
}

#[tokio::test]
async fn revoking_a_device_signs_it_out_and_others_cannot_revoke_it() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        app.register("alice", "alice-password").await;
        let laptop = browser(&app.address);
        app.login_as(&laptop, "alice", "alice-password").await;
        let mallory = browser(&app.address);
        app.post_as(
            &mallory,
            "/api/auth/username/register",
            json!({ "username": "mallory", "password": "mallory-pass" }),
            "en",
        )
        .await;

        let sessions = app.get("/api/auth/sessions").await.body["sessions"].clone();
        let laptop_id = sessions
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["current"] == false)
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();

        let stolen = reply(
            mallory
                .delete(app.url(&format!("/api/auth/sessions/{laptop_id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((stolen.status, stolen.code()), (404, "session_not_found"));
        assert_eq!(
            app.get_as(&laptop, "/api/auth/token").await.body["isAuthenticated"],
            true
        );

        let revoked = reply(
            app.client
                .delete(app.url(&format!("/api/auth/sessions/{laptop_id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(revoked.status, 200);
        assert_eq!(
            app.get_as(&laptop, "/api/auth/token").await.body["isAuthenticated"],
            false
        );

        let garbage = reply(
            app.client
                .delete(app.url("/api/auth/sessions/not-a-uuid"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((garbage.status, garbage.code()), (404, "session_not_found"));
    }
}

#[tokio::test]
async fn bad_input_gets_a_clear_4xx_in_zh_and_en() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        app.register("taken", "taken-password").await;
        let anon = browser(&app.address);
        // (path, body, status, code, English message, Chinese message)
        let cases = [
            (
                "/api/auth/username/login",
                json!({ "username": "taken", "password": "nope-nope" }),
                401,
                "invalid_credentials",
                "Wrong username or password",
                "用户名或密码错误",
            ),
            (
                "/api/auth/username/login",
                json!({ "username": "nobody", "password": "nope-nope" }),
                401,
                "invalid_credentials",
                "Wrong username or password",
                "用户名或密码错误",
            ),
            (
                "/api/auth/username/register",
                json!({ "username": "Taken", "password": "another-pass" }),
                409,
                "username_taken",
                "This username is already taken",
                "该用户名已被注册",
            ),
            (
                "/api/auth/username/register",
                json!({ "username": "admin", "password": "admin-password" }),
                422,
                "reserved_username",
                "This username is reserved; please choose another",
                "该用户名为系统保留，请换一个",
            ),
            (
                "/api/auth/username/register",
                json!({ "username": "root_1", "password": "admin-password" }),
                422,
                "reserved_username",
                "This username is reserved; please choose another",
                "该用户名为系统保留，请换一个",
            ),
            (
                "/api/auth/username/register",
                json!({ "username": "ok_name", "password": "short" }),
                422,
                "invalid_password",
                "A password is 8–128 characters",
                "密码须为 8–128 个字符",
            ),
            (
                "/api/auth/username/register",
                json!({ "username": "no spaces", "password": "long-enough" }),
                422,
                "invalid_username",
                "A username is 3–32 characters of lowercase letters, digits, '_' and '-'",
                "用户名须为 3–32 个字符，只能包含小写字母、数字、下划线和连字符",
            ),
            (
                "/api/auth/username/register",
                json!({ "username": 42, "password": "long-enough" }),
                400,
                "invalid_body",
                "The request body has missing or mistyped fields",
                "请求内容缺少字段或字段类型不对",
            ),
            (
                "/api/auth/username/login",
                json!({ "username": "taken" }),
                400,
                "invalid_body",
                "The request body has missing or mistyped fields",
                "请求内容缺少字段或字段类型不对",
            ),
            (
                "/api/auth/password/change",
                json!({ "currentPassword": "x", "newPassword": "long-enough" }),
                401,
                "unauthorized",
                "Please log in first",
                "请先登录",
            ),
        ];
        for (path, body, status, code, en, zh) in cases {
            for (lang, message) in [("en-US,en;q=0.9", en), ("zh-CN,zh;q=0.9", zh)] {
                let r = app.post_as(&anon, path, body.clone(), lang).await;
                assert_eq!(
                    (r.status, r.code(), r.message()),
                    (status, code, message),
                    "{path} {body} in {lang}"
                );
                assert_eq!(r.body["success"], false);
            }
        }

        // The language cookie wins over the header.
        let r = reply(
            anon.post(app.url("/api/auth/username/login"))
                .header("Accept-Language", "en")
                .header("Cookie", "preference_language=zh")
                .json(&json!({ "username": "taken", "password": "nope-nope" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.message(), "用户名或密码错误");

        // Malformed JSON, wrong media type, oversize body, unknown route: JSON 4xx, never 500 or HTML.
        let raw = |body: &'static str, ct: &'static str| {
            anon.post(app.url("/api/auth/username/login"))
                .header("Content-Type", ct)
                .header("Accept-Language", "zh")
                .body(body)
        };
        let r = reply(
            raw("{\"username\":", "application/json")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(
            (r.status, r.code(), r.message()),
            (400, "invalid_json", "请求内容不是有效的 JSON")
        );
        let r = reply(
            raw("username=a", "application/x-www-form-urlencoded")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (415, "unsupported_media_type"));
        let huge = format!(
            "{{\"username\":\"{}\",\"password\":\"x\"}}",
            "a".repeat(100 * 1024)
        );
        let r = reply(
            anon.post(app.url("/api/auth/username/register"))
                .header("Content-Type", "application/json")
                .body(huge)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (413, "payload_too_large"));
        let r = reply(
            anon.get(app.url("/api/no/such/thing"))
                .header("Accept-Language", "zh")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(
            (r.status, r.code(), r.message()),
            (404, "not_found", "请求的接口不存在")
        );
        // A known path with a method it does not take: 405 and what it does take.
        let r = reply(
            anon.put(app.url("/api/auth/username/login"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (405, "method_not_allowed"));
        assert_eq!(r.headers["allow"], "POST");

        // Nothing stored was lost along the way.
        assert_eq!(
            app.login_as(&anon, "taken", "taken-password").await.status,
            200
        );
    }
}

#[tokio::test]
async fn wrong_current_password_is_refused_and_nothing_changes() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        app.register("bob", "bob-password").await;
        let r = app
            .post(
                "/api/auth/password/change",
                json!({ "currentPassword": "not-it-at-all", "newPassword": "new-password" }),
            )
            .await;
        assert_eq!((r.status, r.code()), (403, "wrong_password"));
        let r = app
            .post(
                "/api/auth/password/change",
                json!({ "currentPassword": "bob-password", "newPassword": "short" }),
            )
            .await;
        assert_eq!((r.status, r.code()), (422, "invalid_password"));
        assert_eq!(
            r.body["fields"]["newPassword"],
            "A password is 8–128 characters"
        );
        let other = browser(&app.address);
        assert_eq!(
            app.login_as(&other, "bob", "bob-password").await.status,
            200,
            "old password still works"
        );
    }
}

#[tokio::test]
async fn login_failures_refuse_that_client_with_retry_after_and_registration_is_limited_per_ip() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<::accounts::AccountsPolicy>()
                .login_failures_per_account_client = kernel::RateLimitRule {
                limit: 3,
                window_secs: 600,
            };
            c.areas
                .get_mut::<::accounts::AccountsPolicy>()
                .register_per_ip = kernel::RateLimitRule {
                limit: 2,
                window_secs: 3600,
            };
        })
        .await;
        assert_eq!(app.register("carol", "carol-password").await.status, 201);
        for _ in 0..3 {
            assert_eq!(app.login("carol", "wrong-password").await.status, 401);
        }
        for lang in ["en", "zh"] {
            let r = app
                .post_as(
                    &app.client,
                    "/api/auth/username/login",
                    json!({ "username": "carol", "password": "carol-password" }),
                    lang,
                )
                .await;
            assert_eq!(
                (r.status, r.code()),
                (429, "rate_limited"),
                "from the client that failed, even the right password waits"
            );
            let retry: u64 = r
                .headers
                .get("retry-after")
                .unwrap()
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((590..=600).contains(&retry), "Retry-After {retry}");
            assert_eq!(r.body["retryAfter"], retry);
            // The message says when to try again (Retry-After, rounded up to minutes).
            let expected = if lang == "zh" {
                "尝试次数过多，请 10 分钟后再试"
            } else {
                "Too many attempts; try again in 10 min"
            };
            assert_eq!(r.message(), expected);
        }
        assert_eq!(
            app.register("dave", "dave-password").await.status,
            201,
            "second registration from this IP"
        );
        let third = app.register("erin", "erin-password").await;
        assert_eq!((third.status, third.code()), (429, "rate_limited"));
    }
}

#[tokio::test]
async fn cross_site_writes_are_refused_but_same_origin_and_bearer_are_not() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        app.register("frank", "frank-password").await;
        let plain = reqwest::Client::new();
        let body = json!({ "username": "frank", "password": "frank-password" });
        let attempt = |origin: Option<&'static str>, site: Option<&'static str>| {
            let mut rb = plain
                .post(app.url("/api/auth/username/login"))
                .header("Accept-Language", "zh")
                .json(&body);
            if let Some(o) = origin {
                rb = rb.header("Origin", o);
            }
            if let Some(s) = site {
                rb = rb.header("Sec-Fetch-Site", s);
            }
            rb
        };
        let r = reply(
            attempt(Some("https://evil.example"), Some("cross-site"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(
            (r.status, r.code(), r.message()),
            (403, "cross_origin_request", "已拒绝来自其他网站的请求")
        );
        let r = reply(attempt(None, Some("cross-site")).send().await.unwrap()).await;
        assert_eq!((r.status, r.code()), (403, "cross_origin_request"));
        let own: &'static str = Box::leak(app.address.clone().into_boxed_str());
        assert_eq!(
            reply(
                attempt(Some(own), Some("same-origin"))
                    .send()
                    .await
                    .unwrap()
            )
            .await
            .status,
            200
        );
        assert_eq!(
            reply(attempt(None, None).send().await.unwrap())
                .await
                .status,
            200,
            "non-browser clients"
        );

        // A cookie-authenticated cross-site logout does nothing.
        let victim = browser(&app.address);
        app.login_as(&victim, "frank", "frank-password").await;
        let r = reply(
            victim
                .post(app.url("/api/auth/logout"))
                .header("Origin", "https://evil.example")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 403);
        assert_eq!(
            app.get_as(&victim, "/api/auth/token").await.body["isAuthenticated"],
            true
        );

        // Bearer requests carry no ambient credentials and are not refused for their origin.
        let r = reply(
            plain
                .post(app.url("/api/auth/password/change"))
                .header("Origin", "https://integrator.example")
                .header("Authorization", "Bearer not-a-session")
                .json(&json!({ "currentPassword": "a", "newPassword": "bbbbbbbb" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        // Past the origin check, the token itself is judged (and this one is no token).
        assert_eq!((r.status, r.code()), (401, "invalid_token"));
    }
}

#[tokio::test]
async fn two_instances_over_one_database_share_sessions_and_rate_limits() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (conn, url) = (db.db.clone(), db.url.clone());
    let limit = |c: &mut app_server::config::Config| {
        c.areas
            .get_mut::<::accounts::AccountsPolicy>()
            .login_failures_per_account_client = kernel::RateLimitRule {
            limit: 2,
            window_secs: 600,
        };
    };
    let a = spawn_app_with(db, limit).await;
    let b = spawn_on(conn, &url, limit).await;

    assert_eq!(a.register("grace", "grace-password").await.status, 201);
    // The cookie set by instance A works on instance B.
    let cookie = reply(
        reqwest::Client::new()
            .post(a.url("/api/auth/username/login"))
            .json(&json!({ "username": "grace", "password": "grace-password" }))
            .send()
            .await
            .unwrap(),
    )
    .await
    .headers
    .get("set-cookie")
    .unwrap()
    .to_str()
    .unwrap()
    .split(';')
    .next()
    .unwrap()
    .to_owned();
    let on_b = reply(
        reqwest::Client::new()
            .get(b.url("/api/auth/token"))
            .header("Cookie", &cookie)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(on_b.body["user"]["username"], "grace");

    // Failures on A and on B add up.
    assert_eq!(a.login("grace", "wrong-wrong").await.status, 401);
    assert_eq!(b.login("grace", "wrong-wrong").await.status, 401);
    assert_eq!(a.login("grace", "grace-password").await.status, 429);
    assert_eq!(b.login("grace", "grace-password").await.status, 429);
}
