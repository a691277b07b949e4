//! WeChat sign-in and the admin's WeChat pages against a fake WeChat, on SQLite and PostgreSQL.

use crate::helpers::{
    TestApp, app_fetch, configure_wechat, fake_wechat, json_req, oauth_round_trip, reply,
    spawn_app_with, spawn_on, wechat_browser, with_origin,
};
use adapter_postgres::testing::TestDb;
use serde_json::{Value, json};
use std::time::Duration;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn in_wechat_link_create_login_bind_and_unbind() {
    for db in TestDb::all().await {
        let wx = fake_wechat().await;
        let app = spawn_app_with(db, |c| configure_wechat(c, &wx.uri())).await;

        // Outside WeChat there is no authUrl.
        let plain = app.get("/api/auth/token").await;
        assert!(plain.body["authUrl"].is_null());

        // Carol: OAuth, then a new account from her WeChat profile.
        let carol = wechat_browser();
        assert_eq!(oauth_round_trip(&app, &carol, "code-carol").await, "/");
        let t = reply(carol.get(app.url("/api/auth/token")).send().await.unwrap()).await;
        assert_eq!(t.body["wechatOpenId"], "o-carol");
        assert_eq!(t.body["hasUser"], false);
        assert!(
            t.body["authUrl"].is_null(),
            "no second round trip once the openid is known"
        );
        let made = json_req(
            &app,
            &carol,
            reqwest::Method::POST,
            "/api/auth/wechat/register",
        )
        .await;
        assert_eq!(made.status, 201, "{:?}", made.body);
        assert_eq!(made.body["user"]["nickname"], "微信carol");
        assert_eq!(made.body["user"]["wechatLinked"], true);
        assert_eq!(
            made.body["user"]["avatarUrl"],
            "https://wx.qlogo.cn/mmopen/a.png"
        );
        // The proof was used up by the registration.
        let again = json_req(
            &app,
            &carol,
            reqwest::Method::POST,
            "/api/auth/wechat/register",
        )
        .await;
        assert_eq!(
            (again.status, again.code()),
            (401, "wechat_session_missing")
        );
        // Her only way in: WeChat cannot be unbound.
        let r = json_req(
            &app,
            &carol,
            reqwest::Method::DELETE,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!((r.status, r.code()), (409, "last_sign_in_method"));

        // Carol on a second phone: the linked openid logs straight in.
        let carol2 = wechat_browser();
        oauth_round_trip(&app, &carol2, "code-carol").await;
        let t = reply(carol2.get(app.url("/api/auth/token")).send().await.unwrap()).await;
        assert_eq!(t.body["hasUser"], true);
        let r = json_req(
            &app,
            &carol2,
            reqwest::Method::GET,
            "/api/auth/wechat/login",
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["id"], made.body["user"]["id"]);

        // Alice has a password account and binds her WeChat after logging in.
        app.register("alice", "pass-word-123").await;
        let alice = wechat_browser();
        oauth_round_trip(&app, &alice, "code-alice").await;
        let r = json_req(&app, &alice, reqwest::Method::GET, "/api/auth/wechat/login").await;
        assert_eq!((r.status, r.code()), (404, "wechat_not_linked"));
        let login = reply(
            with_origin(&app, alice.post(app.url("/api/auth/username/login")))
                .json(&json!({ "username": "alice", "password": "pass-word-123" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(login.status, 200);
        let bound = json_req(
            &app,
            &alice,
            reqwest::Method::POST,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!(bound.status, 200, "{:?}", bound.body);
        assert_eq!(bound.body["user"]["wechatLinked"], true);
        // She has a password too, so unbinding is allowed.
        let r = json_req(
            &app,
            &alice,
            reqwest::Method::DELETE,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["wechatLinked"], false);

        // Carol's login on her second phone used that proof up: it binds nothing any more.
        let r = json_req(
            &app,
            &carol2,
            reqwest::Method::POST,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!((r.status, r.code()), (401, "wechat_session_missing"));
        let t = reply(carol2.get(app.url("/api/auth/token")).send().await.unwrap()).await;
        assert!(t.body["wechatOpenId"].is_null(), "{:?}", t.body);

        // Alice signing in on Carol's phone cannot take Carol's WeChat.
        let carol3 = wechat_browser();
        oauth_round_trip(&app, &carol3, "code-carol").await;
        let login = reply(
            with_origin(&app, carol3.post(app.url("/api/auth/username/login")))
                .json(&json!({ "username": "alice", "password": "pass-word-123" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(login.status, 200);
        let r = json_req(
            &app,
            &carol3,
            reqwest::Method::POST,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!((r.status, r.code()), (409, "wechat_already_linked"));
    }
}

#[tokio::test]
async fn the_oauth_state_is_single_use_and_bound_to_the_browser() {
    let wx = fake_wechat().await;
    let app = spawn_app_with(TestDb::sqlite().await, |c| configure_wechat(c, &wx.uri())).await;
    let b = wechat_browser();
    let token = reply(b.get(app.url("/api/auth/token")).send().await.unwrap()).await;
    let url = reqwest::Url::parse(token.body["authUrl"].as_str().unwrap()).unwrap();
    let state: String = url
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();

    // Another browser (no state cookie) cannot use it.
    let thief = wechat_browser();
    let res = thief
        .get(app.url(&format!(
            "/api/auth/wechat/callback?code=code-bob&state={state}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["location"], "/?wechatError=invalid_state");

    // A used code comes back as a clear error.
    let res = b
        .get(app.url(&format!(
            "/api/auth/wechat/callback?code=code-used&state={state}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers()["location"],
        "/?wechatError=wechat_code_rejected"
    );
    // The state is spent now.
    let res = b
        .get(app.url(&format!(
            "/api/auth/wechat/callback?code=code-bob&state={state}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["location"], "/?wechatError=invalid_state");
    let t = reply(b.get(app.url("/api/auth/token")).send().await.unwrap()).await;
    assert!(t.body["wechatOpenId"].is_null());

    // No proven openid: the WeChat endpoints say so.
    let r = json_req(&app, &b, reqwest::Method::GET, "/api/auth/wechat/login").await;
    assert_eq!((r.status, r.code()), (401, "wechat_session_missing"));
}

async fn admin_app(db: TestDb, wx: &MockServer) -> TestApp {
    let app = spawn_app_with(db, |c| configure_wechat(c, &wx.uri())).await;
    app.register("chief", "pass-word-123").await;
    app.promote_to_admin("chief").await;
    app
}

fn stable_token_mock(delay_ms: u64) -> Mock {
    Mock::given(method("POST"))
        .and(path("/cgi-bin/stable_token"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_delay(Duration::from_millis(delay_ms))
                .set_body_json(
                    json!({ "access_token": "ACCESS_TOKEN_0123456789abcdef", "expires_in": 7200 }),
                ),
        )
}

#[tokio::test]
async fn two_instances_racing_a_token_refresh_make_exactly_one_upstream_call() {
    for db in TestDb::all().await {
        let wx = MockServer::start().await;
        stable_token_mock(600).expect(1).mount(&wx).await;
        Mock::given(method("GET"))
            .and(path("/cgi-bin/menu/get"))
            .and(query_param("access_token", "ACCESS_TOKEN_0123456789abcdef"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({ "errcode": 46003, "errmsg": "menu no exist" })),
            )
            .mount(&wx)
            .await;
        let a = admin_app(db, &wx).await;
        let b = spawn_on(
            adapter_postgres::Database::connect(&a.db_url, 5)
                .await
                .unwrap(),
            &a.db_url,
            |c| configure_wechat(c, &wx.uri()),
        )
        .await;
        b.login("chief", "pass-word-123").await;
        let (ra, rb) = tokio::join!(
            a.get("/api/admin/wechat/menu"),
            b.get("/api/admin/wechat/menu")
        );
        assert_eq!(
            (ra.status, rb.status),
            (200, 200),
            "{:?} {:?}",
            ra.body,
            rb.body
        );
        assert!(ra.body["menu"].is_null() && rb.body["menu"].is_null());
        let status = a.get("/api/admin/wechat/token").await;
        assert_eq!(status.body["token"]["state"], "fresh");
        let masked = status.body["token"]["maskedToken"].as_str().unwrap();
        assert!(!masked.contains("0123456789"), "{masked}");
        wx.verify().await;
    }
}

#[tokio::test]
async fn the_admin_validates_publishes_and_rolls_back_a_menu() {
    for db in TestDb::all().await {
        let wx = MockServer::start().await;
        stable_token_mock(0).mount(&wx).await;
        Mock::given(method("POST"))
            .and(path("/cgi-bin/menu/create"))
            .respond_with(
                ResponseTemplate::new(200).set_body_json(json!({ "errcode": 0, "errmsg": "ok" })),
            )
            .mount(&wx)
            .await;
        let app = admin_app(db, &wx).await;

        let bad = json!({ "button": [
            { "type": "click", "name": "一二三四五六", "key": "K" },
            { "type": "view", "name": "链接", "url": "ftp://x" }
        ]});
        let r = app
            .post_as(
                &app.client,
                "/api/admin/wechat/menu/validate",
                bad.clone(),
                "zh",
            )
            .await;
        assert_eq!(r.body["valid"], false);
        let faults: Vec<(String, String)> = r.body["faults"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["path"].as_str().unwrap().into(),
                    f["code"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert_eq!(
            faults,
            vec![
                ("button[0].name".into(), "name_too_long".into()),
                ("button[1].url".into(), "url_invalid".into())
            ]
        );
        assert!(
            r.body["faults"][0]["message"]
                .as_str()
                .unwrap()
                .contains("18 字节")
        );
        let r = app.put("/api/admin/wechat/menu", bad).await;
        assert_eq!((r.status, r.code()), (422, "invalid_menu"));
        assert_eq!(r.body["faults"].as_array().unwrap().len(), 2);

        let good = json!({ "button": [
            { "type": "click", "name": "今日歌曲", "key": "V1001_TODAY_MUSIC" },
            { "name": "菜单", "sub_button": [
                { "type": "view", "name": "搜索", "url": "https://www.soso.com/" }
            ]}
        ]});
        let first = app.put("/api/admin/wechat/menu", good.clone()).await;
        assert_eq!(first.status, 200, "{:?}", first.body);
        let second_menu = json!({ "button": [{ "type": "view", "name": "官网", "url": "https://courtyard.example/" }] });
        let second = app.put("/api/admin/wechat/menu", second_menu).await;
        assert_eq!(second.status, 200);
        let versions = app.get("/api/admin/wechat/menu/versions").await;
        assert_eq!(versions.body["versions"].as_array().unwrap().len(), 2);
        assert_eq!(
            versions.body["versions"][0]["id"],
            second.body["version"]["id"]
        );
        assert_eq!(versions.body["versions"][1]["publishedBy"], "chief");

        let first_id = first.body["version"]["id"].as_str().unwrap();
        let rolled = app
            .post(
                &format!("/api/admin/wechat/menu/versions/{first_id}/rollback"),
                json!({}),
            )
            .await;
        assert_eq!(rolled.status, 200, "{:?}", rolled.body);
        assert_eq!(rolled.body["version"]["rolledBackFrom"], first_id);
        assert_eq!(rolled.body["version"]["menu"], good);
        // WeChat received exactly the menus: first, second, and the first again.
        let creates: Vec<Value> = wx
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|r| r.url.path() == "/cgi-bin/menu/create")
            .map(|r| serde_json::from_slice(&r.body).unwrap())
            .collect();
        assert_eq!(creates.len(), 3);
        assert_eq!(creates[2], good);
        assert_eq!(creates[0], creates[2]);
        let unknown = app
            .post(
                &format!(
                    "/api/admin/wechat/menu/versions/{}/rollback",
                    uuid::Uuid::new_v4()
                ),
                json!({}),
            )
            .await;
        assert_eq!(
            (unknown.status, unknown.code()),
            (404, "menu_version_not_found")
        );
    }
}

#[tokio::test]
async fn non_admins_get_403_and_strangers_401_on_every_admin_endpoint() {
    let wx = MockServer::start().await;
    let app = admin_app(TestDb::sqlite().await, &wx).await;
    let user = crate::helpers::browser(&app.address);
    app.post_as(
        &user,
        "/api/auth/username/register",
        json!({ "username": "plainuser", "password": "pass-word-123" }),
        "en",
    )
    .await;
    let stranger = crate::helpers::browser(&app.address);
    let id = uuid::Uuid::new_v4();
    let endpoints = [
        (reqwest::Method::GET, "/api/admin/overview".to_owned()),
        (reqwest::Method::GET, "/api/admin/wechat/token".to_owned()),
        (
            reqwest::Method::POST,
            "/api/admin/wechat/token/refresh".to_owned(),
        ),
        (reqwest::Method::GET, "/api/admin/wechat/menu".to_owned()),
        (
            reqwest::Method::POST,
            "/api/admin/wechat/menu/validate".to_owned(),
        ),
        (reqwest::Method::PUT, "/api/admin/wechat/menu".to_owned()),
        (reqwest::Method::DELETE, "/api/admin/wechat/menu".to_owned()),
        (
            reqwest::Method::GET,
            "/api/admin/wechat/menu/versions".to_owned(),
        ),
        (
            reqwest::Method::POST,
            format!("/api/admin/wechat/menu/versions/{id}/rollback"),
        ),
    ];
    for (m, p) in &endpoints {
        for (client, expected) in [(&user, 403), (&stranger, 401)] {
            let r = reply(
                client
                    .request(m.clone(), app.url(p))
                    .json(&json!({ "button": [] }))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(r.status, expected, "{m} {p}: {:?}", r.body);
        }
    }
    // The admin gets through (and the overview is real).
    let r = app.get("/api/admin/overview").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["users"], 2);
    assert_eq!(r.body["integrations"]["wechat"], true);
    assert_eq!(r.body["integrations"]["database"], "sqlite");
    // No AI provider is configured in this test.
    assert_eq!(r.body["integrations"]["llm"], serde_json::Value::Null);
    // None of the refused calls reached WeChat (only the background refresh may have).
    let reached: Vec<String> = wx
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| {
            r.url.path().starts_with("/cgi-bin/menu")
                || String::from_utf8_lossy(&r.body).contains("\"force_refresh\":true")
        })
        .map(|r| r.url.path().to_owned())
        .collect();
    assert!(reached.is_empty(), "{reached:?}");
}

/// The OAuth round trip in `client`; returns the value of the proof cookie it set, as a thief
/// who copied it would hold it.
async fn proof_cookie(app: &TestApp, client: &reqwest::Client, code: &str) -> String {
    let token = reply(client.get(app.url("/api/auth/token")).send().await.unwrap()).await;
    let url = reqwest::Url::parse(token.body["authUrl"].as_str().expect("authUrl")).unwrap();
    let state = url
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();
    let res = client
        .get(app.url(&format!(
            "/api/auth/wechat/callback?code={code}&state={state}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 302);
    set_cookie(&res, "courtyard_wechat").expect("the proof cookie")
}

/// The value a response sets for cookie `name` (empty when it removes it).
fn set_cookie(res: &reqwest::Response, name: &str) -> Option<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(&format!("{name}=")))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_owned())
}

/// `GET /api/auth/wechat/login` as the page's own fetch, with only the given proof cookie.
async fn login_with_copied_proof(app: &TestApp, proof: &str) -> crate::helpers::Reply {
    reply(
        app_fetch(reqwest::Client::new().get(app.url("/api/auth/wechat/login")))
            .header("Cookie", format!("courtyard_wechat={proof}"))
            .send()
            .await
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn the_wechat_proof_serves_one_sign_in_and_dies_at_logout() {
    for db in TestDb::all().await {
        let wx = fake_wechat().await;
        let app = spawn_app_with(db, |c| configure_wechat(c, &wx.uri())).await;
        let first = wechat_browser();
        oauth_round_trip(&app, &first, "code-carol").await;
        let made = json_req(
            &app,
            &first,
            reqwest::Method::POST,
            "/api/auth/wechat/register",
        )
        .await;
        assert_eq!(made.status, 201, "{:?}", made.body);

        // A login spends the proof and removes its cookie; a copy of it is refused afterwards.
        let phone = wechat_browser();
        let copied = proof_cookie(&app, &phone, "code-carol").await;
        let res = app_fetch(phone.get(app.url("/api/auth/wechat/login")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(set_cookie(&res, "courtyard_wechat").as_deref(), Some(""));
        let replayed = login_with_copied_proof(&app, &copied).await;
        assert_eq!(
            (replayed.status, replayed.code()),
            (401, "wechat_session_missing")
        );

        // Logging out ends an unused proof too: the cookie goes, and a copy made before is dead.
        let shared = wechat_browser();
        let copied = proof_cookie(&app, &shared, "code-carol").await;
        let t = reply(shared.get(app.url("/api/auth/token")).send().await.unwrap()).await;
        assert_eq!(t.body["wechatOpenId"], "o-carol");
        let res = with_origin(&app, shared.post(app.url("/api/auth/logout")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(set_cookie(&res, "courtyard_wechat").as_deref(), Some(""));
        let t = reply(shared.get(app.url("/api/auth/token")).send().await.unwrap()).await;
        assert!(t.body["wechatOpenId"].is_null(), "{:?}", t.body);
        let replayed = login_with_copied_proof(&app, &copied).await;
        assert_eq!(
            (replayed.status, replayed.code()),
            (401, "wechat_session_missing")
        );
        // Nor does the copy show an openid or make an account.
        let t = reply(
            reqwest::Client::new()
                .get(app.url("/api/auth/token"))
                .header("Cookie", format!("courtyard_wechat={copied}"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert!(t.body["wechatOpenId"].is_null(), "{:?}", t.body);
        let r = reply(
            reqwest::Client::new()
                .post(app.url("/api/auth/wechat/register"))
                .header("Cookie", format!("courtyard_wechat={copied}"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (401, "wechat_session_missing"));
    }
}

#[tokio::test]
async fn a_link_or_image_on_another_site_never_signs_anyone_in() {
    for db in TestDb::all().await {
        let wx = fake_wechat().await;
        let app = spawn_app_with(db, |c| configure_wechat(c, &wx.uri())).await;
        let first = wechat_browser();
        oauth_round_trip(&app, &first, "code-carol").await;
        let made = json_req(
            &app,
            &first,
            reqwest::Method::POST,
            "/api/auth/wechat/register",
        )
        .await;
        assert_eq!(made.status, 201, "{:?}", made.body);

        let victim = wechat_browser();
        oauth_round_trip(&app, &victim, "code-carol").await;
        let login = || victim.get(app.url("/api/auth/wechat/login"));
        for (what, rb) in [
            (
                "an <img> on another site",
                login()
                    .header("Sec-Fetch-Site", "cross-site")
                    .header("Sec-Fetch-Mode", "no-cors")
                    .header("Sec-Fetch-Dest", "image"),
            ),
            (
                "a link on another site",
                login()
                    .header("Sec-Fetch-Site", "cross-site")
                    .header("Sec-Fetch-Mode", "navigate")
                    .header("Sec-Fetch-Dest", "document"),
            ),
            (
                "an <img> on our own pages",
                login()
                    .header("Sec-Fetch-Site", "same-origin")
                    .header("Sec-Fetch-Mode", "no-cors")
                    .header("Sec-Fetch-Dest", "image"),
            ),
            ("an old browser with the referrer suppressed", login()),
            (
                "an old browser on another site",
                login().header("Referer", "https://evil.example/page"),
            ),
        ] {
            let r = reply(rb.header("Accept-Language", "en").send().await.unwrap()).await;
            assert_eq!(
                (r.status, r.code()),
                (403, "cross_origin_request"),
                "{what}"
            );
            assert!(r.headers.get("set-cookie").is_none(), "{what}: no session");
        }
        // Still not signed in, and the proof survived the refusals.
        let t = reply(victim.get(app.url("/api/auth/token")).send().await.unwrap()).await;
        assert_eq!(t.body["isAuthenticated"], false);
        assert_eq!(t.body["wechatOpenId"], "o-carol");
        // An old browser without fetch metadata, on our own page, is let in by its Referer.
        let r = reply(
            login()
                .header("Referer", app.url("/?from=dialog"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["id"], made.body["user"]["id"]);
    }
}

#[tokio::test]
async fn linking_and_unlinking_wechat_need_recent_proof_of_the_account() {
    for db in TestDb::all().await {
        let wx = fake_wechat().await;
        let app = spawn_app_with(db, |c| configure_wechat(c, &wx.uri())).await;
        app.register("alice", "alice-secret-7").await;
        let alice = wechat_browser();
        oauth_round_trip(&app, &alice, "code-alice").await;
        let login = reply(
            with_origin(&app, alice.post(app.url("/api/auth/username/login")))
                .json(&json!({ "username": "alice", "password": "alice-secret-7" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(login.status, 200);
        let reauthenticate = || async {
            reply(
                with_origin(&app, alice.post(app.url("/api/auth/reauthenticate")))
                    .json(&json!({ "password": "alice-secret-7" }))
                    .send()
                    .await
                    .unwrap(),
            )
            .await
        };

        // Signed in long ago: neither linking nor unlinking without confirming first.
        app.sign_in_ago("alice", chrono::Duration::minutes(15))
            .await;
        let r = json_req(
            &app,
            &alice,
            reqwest::Method::POST,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!((r.status, r.code()), (403, "reauthentication_required"));
        assert_eq!(reauthenticate().await.status, 200);
        let r = json_req(
            &app,
            &alice,
            reqwest::Method::POST,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["wechatLinked"], true);

        app.sign_in_ago("alice", chrono::Duration::minutes(15))
            .await;
        let r = json_req(
            &app,
            &alice,
            reqwest::Method::DELETE,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!((r.status, r.code()), (403, "reauthentication_required"));
        assert_eq!(reauthenticate().await.status, 200);
        let r = json_req(
            &app,
            &alice,
            reqwest::Method::DELETE,
            "/api/auth/wechat/binding",
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["wechatLinked"], false);
    }
}
