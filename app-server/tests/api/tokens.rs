//! Personal access tokens: creation, listing, revocation, and `Authorization: Bearer` on every
//! endpoint within the token's scopes — on SQLite and PostgreSQL.

use crate::helpers::{TestApp, reply, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::header::{ACCEPT_LANGUAGE, AUTHORIZATION};
use serde_json::{Value, json};

/// A client without cookies or Origin: an integrator's script.
fn script() -> reqwest::Client {
    reqwest::Client::new()
}

impl TestApp {
    async fn create_token(
        &self,
        name: &str,
        scopes: &[&str],
        days: Option<u16>,
    ) -> (String, Value) {
        let r = self
            .post(
                "/api/tokens",
                json!({ "name": name, "scopes": scopes, "expiresInDays": days }),
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        (
            r.body["secret"].as_str().unwrap().to_owned(),
            r.body["token"].clone(),
        )
    }

    async fn with_token(
        &self,
        method: reqwest::Method,
        path: &str,
        secret: &str,
        lang: &str,
    ) -> crate::helpers::Reply {
        let mut req = script()
            .request(method.clone(), self.url(path))
            .header(AUTHORIZATION, format!("Bearer {secret}"))
            .header(ACCEPT_LANGUAGE, lang);
        if method != reqwest::Method::GET {
            req = req.json(&json!({}));
        }
        reply(req.send().await.unwrap()).await
    }

    /// `DELETE /api/tokens/{id}` from the signed-in browser.
    async fn revoke_token(&self, id: &str) -> crate::helpers::Reply {
        reply(
            self.client
                .delete(self.url(&format!("/api/tokens/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    async fn bearer_get(&self, path: &str, secret: &str) -> crate::helpers::Reply {
        self.with_token(reqwest::Method::GET, path, secret, "en")
            .await
    }
}

#[tokio::test]
async fn a_token_is_shown_once_listed_without_its_secret_and_speaks_for_its_user() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        let (secret, token) = app
            .create_token("  CI deploy ", &["account:read"], Some(30))
            .await;

        assert_eq!(secret.len(), 40);
        assert!(secret.starts_with("cyp_"));
        assert!(secret[4..].bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_eq!(token["name"], "CI deploy");
        assert_eq!(token["hint"], format!("cyp_…{}", &secret[36..]));
        assert_eq!(token["scopes"], json!(["account:read"]));
        assert_eq!(token["state"], "active");
        assert!(token["lastUsedAt"].is_null());
        let created: chrono::DateTime<chrono::Utc> =
            token["createdAt"].as_str().unwrap().parse().unwrap();
        let expires: chrono::DateTime<chrono::Utc> =
            token["expiresAt"].as_str().unwrap().parse().unwrap();
        assert_eq!((expires - created).num_days(), 30);

        // The list never shows the secret again.
        let listed = app.get("/api/tokens").await;
        assert_eq!(listed.status, 200);
        assert!(!listed.body.to_string().contains(&secret[4..]));
        assert_eq!(listed.body["tokens"][0]["id"], token["id"]);

        // Any valid token identifies its user, no scope needed.
        let me = app.bearer_get("/api/auth/token", &secret).await;
        assert_eq!(me.status, 200);
        assert_eq!(me.body["isAuthenticated"], true);
        assert_eq!(me.body["user"]["username"], "ada");

        // Within its scope it reads.
        let sessions = app.bearer_get("/api/auth/sessions", &secret).await;
        assert_eq!(sessions.status, 200, "{:?}", sessions.body);
        assert_eq!(sessions.body["sessions"].as_array().unwrap().len(), 1);
        assert_eq!(
            sessions.body["sessions"][0]["current"], false,
            "a token has no session"
        );

        // Its use is recorded.
        let listed = app.get("/api/tokens").await;
        assert!(listed.body["tokens"][0]["lastUsedAt"].is_string());
    }
}

#[tokio::test]
async fn a_token_gets_403_outside_its_scopes_and_writes_within_them() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        let (ai_only, _) = app.create_token("ai", &["ai:read"], Some(7)).await;
        let (reader, _) = app.create_token("reader", &["account:read"], Some(7)).await;
        let (writer, _) = app.create_token("writer", &["account:write"], None).await;

        let r = app.bearer_get("/api/auth/sessions", &ai_only).await;
        assert_eq!(r.status, 403);
        assert_eq!(r.code(), "insufficient_scope");
        assert_eq!(r.body["requiredScope"], "account:read");
        assert_eq!(
            r.message(),
            "The access token lacks the scope this endpoint needs"
        );
        let challenge = r.headers["www-authenticate"].to_str().unwrap();
        assert!(challenge.contains("insufficient_scope"), "{challenge}");
        assert_eq!(app.bearer_get("/api/ai/models", &ai_only).await.status, 200);

        // Reading is not writing.
        let sessions = app.get("/api/auth/sessions").await;
        let browser_session = sessions.body["sessions"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let path = format!("/api/auth/sessions/{browser_session}");
        let r = app
            .with_token(reqwest::Method::DELETE, &path, &reader, "zh-CN")
            .await;
        assert_eq!(r.status, 403);
        assert_eq!(r.body["requiredScope"], "account:write");
        assert_eq!(r.message(), "访问令牌没有调用此接口所需的权限范围");

        // write includes read, and writes: signing the browser out.
        assert_eq!(
            app.bearer_get("/api/auth/sessions", &writer).await.status,
            200
        );
        let r = app
            .with_token(reqwest::Method::DELETE, &path, &writer, "en")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(
            app.get("/api/auth/sessions").await.status,
            401,
            "the browser is signed out"
        );
    }
}

#[tokio::test]
async fn a_token_cannot_create_tokens_change_the_password_or_sign_out() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        let (secret, _) = app
            .create_token(
                "all",
                &["account:read", "account:write", "ai:write"],
                Some(7),
            )
            .await;
        for (method, path) in [
            (reqwest::Method::POST, "/api/tokens"),
            (reqwest::Method::GET, "/api/tokens"),
            (reqwest::Method::GET, "/api/tokens/scopes"),
            (reqwest::Method::POST, "/api/auth/password/change"),
            (reqwest::Method::POST, "/api/auth/logout"),
        ] {
            let r = app.with_token(method.clone(), path, &secret, "en").await;
            assert_eq!(r.status, 403, "{method} {path}");
            assert_eq!(r.code(), "token_not_allowed", "{method} {path}");
        }
        // Not even from a browser that also has a session: the bearer decides.
        let r = reply(
            app.client
                .post(app.url("/api/tokens"))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .json(&json!({ "name": "sneaky", "scopes": ["ai:read"], "expiresInDays": 7 }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.code(), "token_not_allowed");
        assert_eq!(
            app.get("/api/tokens").await.body["tokens"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
    }
}

#[tokio::test]
async fn revoked_expired_and_forged_tokens_get_401_at_once() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        let (secret, token) = app
            .create_token("soon gone", &["account:read"], Some(7))
            .await;
        assert_eq!(app.bearer_get("/api/auth/token", &secret).await.status, 200);

        let id = token["id"].as_str().unwrap();
        let first = app.revoke_token(id).await;
        assert_eq!(first.status, 200);
        assert_eq!(first.body["token"]["state"], "revoked");
        let r = app.bearer_get("/api/auth/token", &secret).await;
        assert_eq!(r.status, 401);
        assert_eq!(r.code(), "invalid_token");
        assert!(
            r.headers["www-authenticate"]
                .to_str()
                .unwrap()
                .contains("invalid_token")
        );
        // Revoking again is harmless; someone else's or an unknown id is 404.
        let again = app.revoke_token(id).await;
        assert_eq!(again.status, 200);
        assert_eq!(
            again.body["token"]["revokedAt"], first.body["token"]["revokedAt"],
            "the first time stands"
        );
        for bad in [uuid::Uuid::new_v4().to_string(), "not-a-uuid".to_owned()] {
            let r = app.revoke_token(&bad).await;
            assert_eq!(r.status, 404, "{bad}");
        }

        // Expired: pushed into the past in the database.
        let (old, old_token) = app
            .create_token("expired", &["account:read"], Some(7))
            .await;
        let db = adapter_postgres::Database::connect(&app.db_url, 1)
            .await
            .unwrap();
        let changed = db
            .execute_for_tests(
                "UPDATE personal_access_tokens SET expires_at = '2020-01-01T00:00:00+00:00' \
                 WHERE name = 'expired'",
            )
            .await
            .unwrap();
        assert_eq!(changed, 1);
        assert_eq!(
            app.bearer_get("/api/auth/token", &old).await.code(),
            "invalid_token"
        );
        let listed = app.get("/api/tokens").await;
        let states: Vec<(&str, &str)> = listed.body["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["name"].as_str().unwrap(), t["state"].as_str().unwrap()))
            .collect();
        assert_eq!(
            states,
            vec![("expired", "expired"), ("soon gone", "revoked")]
        );
        assert_eq!(old_token["state"], "active");

        // Forged: right shape, wrong checksum; and garbage — refused alike, in zh too.
        let mut forged = secret.clone();
        forged.replace_range(39..40, if secret.ends_with('A') { "B" } else { "A" });
        for bad in [forged.as_str(), "cyp_123", "not a token", ""] {
            let r = app
                .with_token(reqwest::Method::GET, "/api/auth/token", bad, "zh")
                .await;
            assert_eq!(r.status, 401, "{bad:?}");
            assert_eq!(r.message(), "访问令牌无效、已过期或已被撤销");
        }
        // Even a public operation refuses a dead token: a script learns at once.
        let r = app.bearer_get("/api/health", &secret).await;
        assert_eq!((r.status, r.code()), (401, "invalid_token"));
        assert_eq!(app.get_as(&script(), "/api/health").await.status, 200);
        // A bad bearer is not rescued by the browser's cookie.
        let r = reply(
            app.client
                .get(app.url("/api/auth/sessions"))
                .header(AUTHORIZATION, "Bearer cyp_nope")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 401);
    }
}

#[tokio::test]
async fn creation_is_validated_field_by_field_in_both_languages() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        for (body, field, zh) in [
            (
                json!({ "name": " ", "scopes": ["ai:read"], "expiresInDays": 7 }),
                "name",
                "令牌名称需为 1 到 50 个字符",
            ),
            (
                json!({ "name": "x".repeat(51), "scopes": ["ai:read"], "expiresInDays": 7 }),
                "name",
                "令牌名称需为 1 到 50 个字符",
            ),
            (
                json!({ "name": "ci", "scopes": [], "expiresInDays": 7 }),
                "scopes",
                "请至少选择一个有效的权限范围",
            ),
            (
                json!({ "name": "ci", "scopes": ["groups:nuke"], "expiresInDays": 7 }),
                "scopes",
                "请至少选择一个有效的权限范围",
            ),
            (
                json!({ "name": "ci", "scopes": ["ai:read"], "expiresInDays": 14 }),
                "expiresInDays",
                "有效期只能是 7、30、90、365 天或永不过期",
            ),
        ] {
            let r = app
                .post_as(&app.client, "/api/tokens", body.clone(), "zh")
                .await;
            assert_eq!(r.status, 422, "{body}");
            assert_eq!(r.code(), "invalid_token_request");
            assert_eq!(r.body["fields"][field], zh, "{body}");
        }
        // Wrong types are a clear 4xx, never a 500.
        for body in [
            json!({ "name": 5, "scopes": ["ai:read"], "expiresInDays": 7 }),
            json!({ "name": "ci", "scopes": "ai:read", "expiresInDays": 7 }),
            json!({ "name": "ci", "scopes": ["ai:read"], "expiresInDays": -1 }),
            json!({ "name": "ci", "scopes": ["ai:read"], "expiresInDays": 7, "extra": 1 }),
        ] {
            let r = app.post("/api/tokens", body.clone()).await;
            assert!((400..500).contains(&r.status), "{body}: {}", r.status);
        }
        // Signed out: 401.
        let r = app
            .post_as(
                &crate::helpers::browser(&app.address),
                "/api/tokens",
                json!({}),
                "en",
            )
            .await;
        assert_eq!(r.status, 401);
        assert_eq!(
            app.get("/api/tokens").await.body["tokens"],
            json!([]),
            "nothing was made"
        );
    }
}

#[tokio::test]
async fn admin_scopes_are_for_admins_and_still_need_the_scope() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        let scopes = app.get("/api/tokens/scopes").await;
        let names: Vec<&str> = scopes.body["scopes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["scope"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "account:read",
                "account:write",
                "ai:read",
                "ai:write",
                "groups:read",
                "groups:write",
                "plaza:read",
                "plaza:write",
                "notifications:read",
                "notifications:write",
            ]
        );
        let r = app
            .post(
                "/api/tokens",
                json!({ "name": "ops", "scopes": ["admin:read"], "expiresInDays": 7 }),
            )
            .await;
        assert_eq!(r.status, 403);
        assert_eq!(r.code(), "scope_not_allowed");

        app.promote_to_admin("ada").await;
        let scopes = app.get("/api/tokens/scopes").await;
        assert_eq!(scopes.body["scopes"].as_array().unwrap().len(), 12);
        let (admin, _) = app.create_token("ops", &["admin:read"], Some(7)).await;
        let (plain, _) = app.create_token("plain", &["account:read"], Some(7)).await;
        let r = app.bearer_get("/api/admin/overview", &admin).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(
            app.bearer_get("/api/admin/overview", &plain).await.code(),
            "insufficient_scope"
        );
        // admin:read does not publish a menu.
        let r = app
            .with_token(
                reqwest::Method::DELETE,
                "/api/admin/wechat/menu",
                &admin,
                "en",
            )
            .await;
        assert_eq!(r.code(), "insufficient_scope");
        assert_eq!(r.body["requiredScope"], "admin:write");
    }
}

#[tokio::test]
async fn creation_and_revocation_are_audited_without_the_secret() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        let (secret, token) = app.create_token("audited", &["ai:read"], Some(90)).await;
        let id = token["id"].as_str().unwrap();
        app.revoke_token(id).await;
        let db = adapter_postgres::Database::connect(&app.db_url, 1)
            .await
            .unwrap();
        // The registration is audited too; the token's own events are these two.
        let events: Vec<_> = db
            .audit_log()
            .recent(10)
            .await
            .unwrap()
            .into_iter()
            .filter(|e| e.action.starts_with("token."))
            .collect();
        let actions: Vec<&str> = events.iter().map(|e| e.action.as_str()).collect();
        assert_eq!(actions, ["token.revoked", "token.created"]);
        for e in &events {
            assert_eq!(e.target.as_deref(), Some(id));
            assert_eq!(e.ip.as_deref(), Some("127.0.0.1"));
            assert!(
                !e.detail
                    .as_deref()
                    .unwrap_or_default()
                    .contains(&secret[4..])
            );
        }
        assert!(events[1].detail.as_deref().unwrap().contains("ai:read"));
    }
}
