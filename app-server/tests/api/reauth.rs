//! Changing how an account signs in is for a browser session with recent proof of the account
//! (issue 11 §1); bind codes reveal nothing about other accounts (§4); sessions end and a
//! password change can take the tokens with it (§6) — on SQLite and PostgreSQL.

use crate::helpers::{
    FakeSms, NUMBER, OTHER_NUMBER, Reply, TestApp, browser, code_body, phone_body, reply,
    spawn_app_with, spawn_app_with_sms, wait_out_resend,
};
use adapter_postgres::testing::TestDb;
use chrono::{DateTime, Duration, Utc};
use kernel::RateLimitRule;
use reqwest::Method;
use reqwest::header::{ACCEPT_LANGUAGE, AUTHORIZATION};
use serde_json::{Value, json};

async fn send_bind_code(app: &TestApp, client: &reqwest::Client, number: &str) -> Reply {
    app.send(
        client,
        Method::POST,
        "/api/account/phone/sendVerification",
        Some(phone_body(number)),
        "en",
    )
    .await
}

async fn bind(app: &TestApp, client: &reqwest::Client, number: &str, code: &str) -> Reply {
    app.send(
        client,
        Method::PUT,
        "/api/account/phone",
        Some(code_body(number, code)),
        "en",
    )
    .await
}

async fn reauthenticate(app: &TestApp, client: &reqwest::Client, body: Value) -> Reply {
    app.send(
        client,
        Method::POST,
        "/api/auth/reauthenticate",
        Some(body),
        "en",
    )
    .await
}

#[tokio::test]
async fn a_token_with_every_scope_cannot_change_how_anyone_signs_in() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        assert_eq!(app.register("opslead", "root-password-1").await.status, 201);
        app.promote_to_admin("opslead").await;
        let scopes = app.get("/api/tokens/scopes").await;
        let all: Vec<String> = scopes.body["scopes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["scope"].as_str().unwrap().to_owned())
            .collect();
        assert!(all.iter().any(|s| s == "admin:write"), "{all:?}");
        assert!(all.iter().any(|s| s == "account:write"), "{all:?}");
        let made = app
            .post(
                "/api/tokens",
                json!({ "name": "everything", "scopes": all, "expiresInDays": 7 }),
            )
            .await;
        assert_eq!(made.status, 201, "{:?}", made.body);
        let secret = made.body["secret"].as_str().unwrap().to_owned();

        let script = reqwest::Client::new();
        for (method, path, body) in [
            (
                Method::POST,
                "/api/account/phone/sendVerification",
                Some(phone_body(NUMBER)),
            ),
            (
                Method::PUT,
                "/api/account/phone",
                Some(code_body(NUMBER, "123456")),
            ),
            (Method::POST, "/api/auth/wechat/binding", None),
            (Method::DELETE, "/api/auth/wechat/binding", None),
            (
                Method::POST,
                "/api/auth/reauthenticate",
                Some(json!({ "password": "root-password-1" })),
            ),
            (
                Method::POST,
                "/api/auth/reauthenticate/sendVerification",
                None,
            ),
        ] {
            let mut req = script
                .request(method.clone(), app.url(path))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .header(ACCEPT_LANGUAGE, "en");
            if let Some(body) = body {
                req = req.json(&body);
            }
            let r = reply(req.send().await.unwrap()).await;
            assert_eq!(
                (r.status, r.code()),
                (403, "token_not_allowed"),
                "{method} {path}"
            );
        }
        assert!(sms.codes_for(NUMBER).await.is_empty(), "no code was sent");
        let me = app.get("/api/auth/token").await;
        assert!(me.body["user"]["phone"].is_null(), "nothing was bound");

        // The OpenAPI document says so, and so the access table does.
        let doc = app.get("/api/docs.json").await.body;
        for (path, method) in [
            ("/api/account/phone/sendVerification", "post"),
            ("/api/account/phone", "put"),
            ("/api/auth/wechat/binding", "post"),
            ("/api/auth/wechat/binding", "delete"),
            ("/api/auth/reauthenticate", "post"),
            ("/api/auth/reauthenticate/sendVerification", "post"),
        ] {
            assert_eq!(
                doc["paths"][path][method]["security"],
                json!([{ "session": [] }]),
                "{method} {path}"
            );
        }
    }
}

#[tokio::test]
async fn an_old_session_confirms_with_the_password_before_binding_a_phone() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        assert_eq!(app.register("alice", "alice-secret-7").await.status, 201);
        // Just signed in: proof enough.
        assert_eq!(send_bind_code(&app, &app.client, NUMBER).await.status, 200);

        app.sign_in_ago("alice", Duration::minutes(11)).await;
        wait_out_resend().await;
        for (lang, text) in [
            (
                "en",
                "Confirm it's you: enter your password (or a code sent to your phone) and try again.",
            ),
            (
                "zh",
                "请先确认是你本人：输入密码（或发送到你手机的验证码）后再试一次。",
            ),
        ] {
            let r = app
                .send(
                    &app.client,
                    Method::POST,
                    "/api/account/phone/sendVerification",
                    Some(phone_body(NUMBER)),
                    lang,
                )
                .await;
            assert_eq!((r.status, r.code()), (403, "reauthentication_required"));
            assert_eq!(r.message(), text);
        }
        assert_eq!(sms.codes_for(NUMBER).await.len(), 1, "no second code");
        // The code sent while the session was fresh is useless now too.
        let first = sms.last_code(NUMBER).await;
        let r = bind(&app, &app.client, NUMBER, &first).await;
        assert_eq!((r.status, r.code()), (403, "reauthentication_required"));

        // A wrong password is refused and proves nothing.
        let r = reauthenticate(&app, &app.client, json!({ "password": "wrong-password" })).await;
        assert_eq!((r.status, r.code()), (403, "wrong_password"));
        assert_eq!(
            send_bind_code(&app, &app.client, NUMBER).await.code(),
            "reauthentication_required"
        );
        // Neither both proofs nor none.
        for body in [
            json!({}),
            json!({ "password": "alice-secret-7", "code": "123456" }),
        ] {
            let r = reauthenticate(&app, &app.client, body).await;
            assert_eq!((r.status, r.code()), (422, "validation_failed"));
        }

        let before = Utc::now();
        let r = reauthenticate(&app, &app.client, json!({ "password": "alice-secret-7" })).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["success"], true);
        assert_eq!(r.message(), "Confirmed it's you");
        let until: DateTime<Utc> = r.body["reauthenticatedUntil"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!(until >= before + Duration::minutes(10) - Duration::seconds(1));
        assert!(until <= Utc::now() + Duration::minutes(10));

        let r = send_bind_code(&app, &app.client, NUMBER).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let code = sms.last_code(NUMBER).await;
        let r = bind(&app, &app.client, NUMBER, &code).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["phone"]["masked"], "138****8000");

        // The proof belongs to the session that gave it: alice's other device needs its own.
        let other = browser(&app.address);
        assert_eq!(
            app.login_as(&other, "alice", "alice-secret-7").await.status,
            200
        );
        app.sign_in_ago("alice", Duration::minutes(30)).await;
        let r = reauthenticate(&app, &app.client, json!({ "password": "alice-secret-7" })).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        wait_out_resend().await;
        let r = send_bind_code(&app, &other, OTHER_NUMBER).await;
        assert_eq!((r.status, r.code()), (403, "reauthentication_required"));
        assert_eq!(
            send_bind_code(&app, &app.client, OTHER_NUMBER).await.status,
            200
        );
    }
}

#[tokio::test]
async fn wrong_proofs_are_limited_per_account() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with(db, |c| {
            sms.configure(c);
            c.areas
                .get_mut::<::accounts::AccountsPolicy>()
                .reauth_failures_per_account = RateLimitRule {
                limit: 2,
                window_secs: 600,
            };
        })
        .await;
        app.register("alice", "alice-secret-7").await;
        app.sign_in_ago("alice", Duration::hours(1)).await;
        for _ in 0..2 {
            let r =
                reauthenticate(&app, &app.client, json!({ "password": "wrong-password" })).await;
            assert_eq!(r.code(), "wrong_password");
        }
        let r = reauthenticate(&app, &app.client, json!({ "password": "alice-secret-7" })).await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        assert!(r.headers.get("retry-after").is_some());
    }
}

#[tokio::test]
async fn an_account_without_a_password_confirms_with_a_code_to_its_number() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        // Signed up by phone: no password.
        app.post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        let code = sms.last_code(NUMBER).await;
        let r = app
            .post("/api/auth/phone/login", code_body(NUMBER, &code))
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let username = r.body["user"]["username"].as_str().unwrap().to_owned();
        app.sign_in_ago(&username, Duration::minutes(20)).await;

        let r = send_bind_code(&app, &app.client, OTHER_NUMBER).await;
        assert_eq!((r.status, r.code()), (403, "reauthentication_required"));

        wait_out_resend().await;
        let r = app
            .send(
                &app.client,
                Method::POST,
                "/api/auth/reauthenticate/sendVerification",
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(sms.codes_for(NUMBER).await.len(), 2, "to the bound number");
        let code = sms.last_code(NUMBER).await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let r = reauthenticate(&app, &app.client, json!({ "code": wrong })).await;
        assert_eq!((r.status, r.code()), (401, "wrong_verification_code"));
        // A password is no proof for an account without one.
        let r = reauthenticate(&app, &app.client, json!({ "password": "alice-secret-7" })).await;
        assert_eq!((r.status, r.code()), (403, "wrong_password"));
        let r = reauthenticate(&app, &app.client, json!({ "code": code })).await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        let r = send_bind_code(&app, &app.client, OTHER_NUMBER).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let code = sms.last_code(OTHER_NUMBER).await;
        let r = bind(&app, &app.client, OTHER_NUMBER, &code).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["phone"]["masked"], "139****9000");

        // An account without a number cannot ask for such a code.
        let bob = browser(&app.address);
        app.post_as(
            &bob,
            "/api/auth/username/register",
            json!({ "username": "bobby", "password": "alice-secret-7" }),
            "en",
        )
        .await;
        for lang in ["en", "zh"] {
            let r = app
                .send(
                    &bob,
                    Method::POST,
                    "/api/auth/reauthenticate/sendVerification",
                    None,
                    lang,
                )
                .await;
            assert_eq!((r.status, r.code()), (409, "no_phone_bound"));
            assert!(!r.message().is_empty());
        }
    }
}

#[tokio::test]
async fn bind_codes_never_tell_whether_a_number_is_taken() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        // NUMBER belongs to a phone account.
        let owner = browser(&app.address);
        app.post_as(
            &owner,
            "/api/auth/phone/sendVerification",
            phone_body(NUMBER),
            "en",
        )
        .await;
        let code = sms.last_code(NUMBER).await;
        let r = app
            .post_as(
                &owner,
                "/api/auth/phone/login",
                code_body(NUMBER, &code),
                "en",
            )
            .await;
        assert_eq!(r.status, 200);

        // Bob, just signed in, asks for codes for the taken number and for a free one.
        app.register("bobby", "alice-secret-7").await;
        wait_out_resend().await;
        let taken = send_bind_code(&app, &app.client, NUMBER).await;
        let free = send_bind_code(&app, &app.client, OTHER_NUMBER).await;
        assert_eq!(taken.status, 200, "{:?}", taken.body);
        assert_eq!(free.status, 200, "{:?}", free.body);
        let shape = |r: &Reply| {
            let mut b = r.body.clone();
            b.as_object_mut().unwrap().remove("sentAt");
            b
        };
        assert_eq!(shape(&taken), shape(&free), "the same answer");

        // A wrong code is just wrong: nothing about the owner.
        let right = sms.last_code(NUMBER).await;
        let wrong = if right == "000000" {
            "111111"
        } else {
            "000000"
        };
        let r = bind(&app, &app.client, NUMBER, wrong).await;
        assert_eq!((r.status, r.code()), (401, "wrong_verification_code"));
        // Only whoever holds the right code learns the number is taken.
        let r = bind(&app, &app.client, NUMBER, &right).await;
        assert_eq!((r.status, r.code()), (409, "phone_taken"));
        let me = app.get("/api/auth/token").await;
        assert!(me.body["user"]["phone"].is_null());
    }
}

#[tokio::test]
async fn bind_codes_are_limited_per_account_before_anything_is_sent() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with(db, |c| {
            sms.configure(c);
            c.areas.get_mut::<::accounts::AccountsPolicy>().code_resend = RateLimitRule {
                limit: 100,
                window_secs: 1,
            };
            c.areas
                .get_mut::<::accounts::AccountsPolicy>()
                .bind_codes_per_user = RateLimitRule {
                limit: 2,
                window_secs: 3600,
            };
        })
        .await;
        app.register("bobby", "alice-secret-7").await;
        for n in 0..2 {
            let r = send_bind_code(&app, &app.client, &format!("1390013000{n}")).await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        let r = send_bind_code(&app, &app.client, "13900130009").await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        assert!(sms.codes_for("13900130009").await.is_empty());
        // Another account is not held back by bob's count.
        let carol = browser(&app.address);
        app.post_as(
            &carol,
            "/api/auth/username/register",
            json!({ "username": "carol", "password": "alice-secret-7" }),
            "en",
        )
        .await;
        let r = send_bind_code(&app, &carol, "13900130009").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}

#[tokio::test]
async fn a_session_ends_its_absolute_lifetime_after_sign_in_even_in_use() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |_| {}).await;
        app.register("alice", "alice-secret-7").await;
        assert_eq!(app.get("/api/auth/sessions").await.status, 200);
        app.sign_in_ago("alice", Duration::days(29)).await;
        assert_eq!(app.get("/api/auth/sessions").await.status, 200, "29 days");
        app.sign_in_ago("alice", Duration::days(30) + Duration::minutes(1))
            .await;
        assert_eq!(app.get("/api/auth/sessions").await.status, 401);
        let t = app.get("/api/auth/token").await;
        assert_eq!(t.body["isAuthenticated"], false);
        // Signing in again starts a new one.
        assert_eq!(app.login("alice", "alice-secret-7").await.status, 200);
        assert_eq!(app.get("/api/auth/sessions").await.status, 200);
    }
}

#[tokio::test]
async fn a_password_change_revokes_the_tokens_only_when_asked() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |_| {}).await;
        app.register("alice", "alice-secret-7").await;
        let mut secrets = Vec::new();
        for name in ["ci", "deploy"] {
            let r = app
                .post(
                    "/api/tokens",
                    json!({ "name": name, "scopes": ["account:read"], "expiresInDays": 7 }),
                )
                .await;
            assert_eq!(r.status, 201, "{:?}", r.body);
            secrets.push(r.body["secret"].as_str().unwrap().to_owned());
        }
        let works = |secret: String| {
            let url = app.url("/api/auth/sessions");
            async move {
                reqwest::Client::new()
                    .get(url)
                    .header(AUTHORIZATION, format!("Bearer {secret}"))
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            }
        };

        let r = app
            .post(
                "/api/auth/password/change",
                json!({ "currentPassword": "alice-secret-7", "newPassword": "new-password-1" }),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["tokensRevoked"], 0);
        assert_eq!(works(secrets[0].clone()).await, 200, "kept by default");

        let r = app
            .post(
                "/api/auth/password/change",
                json!({
                    "currentPassword": "new-password-1",
                    "newPassword": "newer-password-2",
                    "revokeTokens": true
                }),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["tokensRevoked"], 2);
        assert!(r.message().contains("tokens revoked"), "{}", r.message());
        for secret in &secrets {
            assert_eq!(works(secret.clone()).await, 401);
        }
        let listed = app.get("/api/tokens").await;
        assert!(
            listed.body["tokens"]
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["state"] == "revoked")
        );
    }
}
