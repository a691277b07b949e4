//! Profiles and disabling a user over HTTP, on SQLite and PostgreSQL: another user's profile
//! lists only what the asker may read (nothing of a private group they are not in); an admin's
//! disable ends the user's sessions and tokens at once and shuts every sign-in door, enable
//! opens them again.

use crate::helpers::{
    FakeSms, NUMBER, PASSWORD, TestApp, browser, configure_wechat, fake_wechat, json_req,
    oauth_round_trip, spawn_app, spawn_app_with, wechat_browser,
};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use serde_json::{Value, json};

impl TestApp {
    async fn as_json(&self, who: &reqwest::Client, m: Method, path: &str, body: Value) -> Value {
        let r = self.send(who, m, path, Some(body), "en").await;
        assert!(r.status < 300, "{path}: {:?}", r.body);
        r.body
    }

    async fn bearer(&self, m: Method, path: &str, secret: &str) -> crate::helpers::Reply {
        crate::helpers::reply(
            reqwest::Client::new()
                .request(m, self.url(path))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .header("Accept-Language", "en")
                .send()
                .await
                .unwrap(),
        )
        .await
    }
}

fn strings(list: &Value, field: &[&str]) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| {
            field
                .iter()
                .fold(v, |v, f| &v[*f])
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

#[tokio::test]
async fn another_users_profile_shows_only_what_the_asker_may_read() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.person("alice").await;
        let insider = app.person("insider").await;
        let stranger = app.person("stranger").await;
        let open = app.create_group(&alice, "Open", "public", "open").await;
        let closed = app
            .create_group(&alice, "Closed", "private", "approval")
            .await;
        let (open_id, closed_id) = (open["id"].as_str().unwrap(), closed["id"].as_str().unwrap());
        app.as_json(
            &insider.client,
            Method::POST,
            &format!("/api/groups/{closed_id}/join"),
            json!({ "code": closed["inviteCode"] }),
        )
        .await;
        let public_article = app.published_article(&alice, open_id, "Public words").await;
        let private_article = app
            .published_article(&alice, closed_id, "Secret words")
            .await;
        app.send(
            &alice.client,
            Method::POST,
            "/api/plaza/posts",
            Some(json!({ "body": "hello plaza" })),
            "en",
        )
        .await;
        let visitor = browser(&app.address);
        let me = format!("/api/users/{}", alice.id);

        let p = app.get_as(&visitor, &me).await;
        assert_eq!(p.status, 200, "{:?}", p.body);
        assert_eq!(p.body["profile"]["username"], "alice");
        assert_eq!(p.body["profile"]["isSelf"], false);
        assert!(p.body["profile"]["disabled"].is_null(), "admins only");
        assert!(p.body["profile"]["createdAt"].is_string());
        let own = app.get_as(&alice.client, &me).await;
        assert_eq!(own.body["profile"]["isSelf"], true);

        for (who, sees_private) in [
            (&visitor, false),
            (&stranger.client, false),
            (&insider.client, true),
            (&alice.client, true),
        ] {
            let groups = app.get_as(who, &format!("{me}/groups")).await;
            assert_eq!(groups.status, 200, "{:?}", groups.body);
            let articles = app.get_as(who, &format!("{me}/articles")).await;
            assert_eq!(articles.status, 200, "{:?}", articles.body);
            if sees_private {
                assert_eq!(
                    strings(&groups.body["groups"], &["group", "name"]),
                    vec!["Closed", "Open"]
                );
                assert_eq!(
                    strings(&articles.body["articles"], &["article", "id"]),
                    vec![private_article.clone(), public_article.clone()]
                );
            } else {
                assert_eq!(
                    strings(&groups.body["groups"], &["group", "name"]),
                    vec!["Open"]
                );
                assert_eq!(
                    strings(&articles.body["articles"], &["article", "id"]),
                    vec![public_article.clone()]
                );
                // Not a word of the private group anywhere in the answers.
                for body in [&groups.body, &articles.body] {
                    let text = body.to_string();
                    assert!(
                        !text.contains("Secret") && !text.contains(closed_id),
                        "{text}"
                    );
                }
            }
            assert_eq!(groups.body["groups"][0]["role"], "owner");
            assert_eq!(
                articles.body["articles"][0]["groupName"],
                if sees_private { "Closed" } else { "Open" }
            );
            let posts = app.get_as(who, &format!("{me}/posts")).await;
            assert_eq!(
                strings(&posts.body["posts"], &["body"]),
                vec!["hello plaza"]
            );
        }
        // The asker's own standing in each group comes with it.
        let groups = app.get_as(&insider.client, &format!("{me}/groups")).await;
        assert_eq!(
            groups.body["groups"][0]["group"]["membership"]["role"],
            "member"
        );
        assert_eq!(groups.body["groups"][0]["group"]["canRead"], true);

        // Pages of one carry on to the end.
        let first = app
            .get_as(&alice.client, &format!("{me}/groups?limit=1"))
            .await;
        let cursor = first.body["nextCursor"].as_str().unwrap();
        let second = app
            .get_as(
                &alice.client,
                &format!("{me}/groups?limit=1&cursor={cursor}"),
            )
            .await;
        assert_eq!(
            strings(&second.body["groups"], &["group", "name"]),
            vec!["Open"]
        );
        assert!(second.body["nextCursor"].is_null());

        // Unknown or malformed ids are the not-found of every other resource.
        let nobody = uuid::Uuid::new_v4();
        for path in [
            format!("/api/users/{nobody}"),
            format!("/api/users/{nobody}/groups"),
            format!("/api/users/{nobody}/articles"),
            format!("/api/users/{nobody}/posts"),
            "/api/users/not-an-id".to_owned(),
            "/api/users/not-an-id/posts".to_owned(),
        ] {
            let r = app.send(&visitor, Method::GET, &path, None, "zh").await;
            assert_eq!((r.status, r.code()), (404, "not_found"), "{path}");
        }
        let r = app
            .get_as(&visitor, &format!("{me}/posts?cursor=garbage"))
            .await;
        assert_eq!((r.status, r.code()), (400, "invalid_cursor"));
    }
}

#[tokio::test]
async fn a_token_reads_profiles_within_its_read_scopes() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.person("alice").await;
        let token = app
            .as_json(
                &alice.client,
                Method::POST,
                "/api/tokens",
                json!({ "name": "profile reader", "scopes": ["account:read"], "expiresInDays": 7 }),
            )
            .await;
        let secret = token["secret"].as_str().unwrap();
        let me = format!("/api/users/{}", alice.id);
        let r = app.bearer(Method::GET, &me, secret).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        for (path, scope) in [
            (format!("{me}/groups"), "groups:read"),
            (format!("{me}/articles"), "groups:read"),
            (format!("{me}/posts"), "plaza:read"),
        ] {
            let r = app.bearer(Method::GET, &path, secret).await;
            assert_eq!((r.status, r.code()), (403, "insufficient_scope"), "{path}");
            assert_eq!(r.body["requiredScope"], scope, "{:?}", r.body);
        }
    }
}

/// Every sign-in door of three accounts (password, phone, WeChat), a live session and a token:
/// the admin's disable closes them all at once; enable opens the doors again.
#[tokio::test]
async fn disabling_a_user_ends_sessions_and_tokens_and_shuts_every_sign_in_door() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let wx = fake_wechat().await;
        let app = spawn_app_with(db, |c| {
            sms.configure(c);
            configure_wechat(c, &wx.uri());
            // One code a second instead of a minute, for the second sign-in by phone.
            c.areas.get_mut::<::accounts::AccountsPolicy>().code_resend = kernel::RateLimitRule {
                limit: 1,
                window_secs: 1,
            };
        })
        .await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let victim = app.person("victim").await;
        let other_session = browser(&app.address);
        app.login_as(&other_session, "victim", PASSWORD).await;
        let token = app
            .as_json(
                &victim.client,
                Method::POST,
                "/api/tokens",
                json!({ "name": "ci", "scopes": ["account:read"], "expiresInDays": 30 }),
            )
            .await;
        let secret = token["secret"].as_str().unwrap().to_owned();
        assert_eq!(
            app.bearer(Method::GET, "/api/auth/token", &secret)
                .await
                .status,
            200
        );

        // A phone-only account and a WeChat-only account.
        let phone_body = json!({ "phonePrefix": "86", "phoneNumber": NUMBER });
        app.post("/api/auth/phone/sendVerification", phone_body.clone())
            .await;
        let code = sms.last_code(NUMBER).await;
        let phone_user = browser(&app.address);
        let made = app
            .post_as(
                &phone_user,
                "/api/auth/phone/login",
                json!({ "phonePrefix": "86", "phoneNumber": NUMBER, "verificationCode": code }),
                "en",
            )
            .await;
        assert_eq!(made.status, 200, "{:?}", made.body);
        let phone_id = made.body["user"]["id"].as_str().unwrap().to_owned();
        let carol = wechat_browser();
        oauth_round_trip(&app, &carol, "code-carol").await;
        let made = json_req(&app, &carol, Method::POST, "/api/auth/wechat/register").await;
        assert_eq!(made.status, 201, "{:?}", made.body);
        let wechat_id = made.body["user"]["id"].as_str().unwrap().to_owned();

        // Signed out 401, a user 403, unknown 404, oneself 409.
        let disable = |id: &str| format!("/api/admin/users/{id}/disable");
        let visitor = browser(&app.address);
        let r = app
            .send(&visitor, Method::POST, &disable(&victim.id), None, "en")
            .await;
        assert_eq!((r.status, r.code()), (401, "unauthorized"));
        let r = app
            .send(&other_session, Method::POST, &disable(&boss.id), None, "en")
            .await;
        assert_eq!((r.status, r.code()), (403, "forbidden"));
        let r = app
            .send(
                &boss.client,
                Method::POST,
                &disable(&uuid::Uuid::new_v4().to_string()),
                None,
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (404, "not_found"));
        let r = app
            .send(&boss.client, Method::POST, &disable(&boss.id), None, "zh")
            .await;
        assert_eq!((r.status, r.code()), (409, "cannot_disable_self"));
        assert_eq!(r.message(), "不能停用你自己的账号");

        let r = app
            .send(&boss.client, Method::POST, &disable(&victim.id), None, "en")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["disabled"], true);
        assert_eq!(r.body["sessionsEnded"], 2);
        assert_eq!(r.body["tokensRevoked"], 1);
        for id in [&phone_id, &wechat_id] {
            let r = app
                .send(&boss.client, Method::POST, &disable(id), None, "en")
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }

        // Both live sessions and the token are dead on their next request.
        // Each browser is told why it is signed out; a stranger's is not.
        for client in [&victim.client, &other_session, &phone_user] {
            let r = app.get_as(client, "/api/auth/token").await;
            assert_eq!(r.body["isAuthenticated"], false, "{:?}", r.body);
            assert_eq!(
                r.body["signedOutReason"], "account_disabled",
                "{:?}",
                r.body
            );
            let r = app.get_as(client, "/api/tokens").await;
            assert_eq!(r.status, 401);
        }
        let r = app.get_as(&browser(&app.address), "/api/auth/token").await;
        assert_eq!(r.body["signedOutReason"], Value::Null, "{:?}", r.body);
        let r = app.bearer(Method::GET, "/api/auth/token", &secret).await;
        assert_eq!((r.status, r.code()), (401, "invalid_token"));

        // Every door: password, phone and WeChat, each a clear 403 in the asker's language.
        let r = app
            .post_as(
                &browser(&app.address),
                "/api/auth/username/login",
                json!({ "username": "victim", "password": PASSWORD }),
                "zh",
            )
            .await;
        assert_eq!((r.status, r.code()), (403, "account_disabled"));
        assert_eq!(r.message(), "该账号已被停用");
        let r = app
            .post_as(
                &browser(&app.address),
                "/api/auth/username/login",
                json!({ "username": "victim", "password": PASSWORD }),
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (403, "account_disabled"));
        assert_eq!(r.message(), "This account has been disabled");
        // The phone door: no code is sent to a disabled account's number (answered as for any
        // number), so the last code, spent already, is all there is.
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let codes = sms.codes_for(NUMBER).await;
        let sent = app
            .post("/api/auth/phone/sendVerification", phone_body.clone())
            .await;
        assert_eq!(sent.status, 200, "{:?}", sent.body);
        assert_eq!(
            sms.codes_for(NUMBER).await,
            codes,
            "no code for a disabled account"
        );
        let r = app
            .post_as(
                &browser(&app.address),
                "/api/auth/phone/login",
                json!({ "phonePrefix": "86", "phoneNumber": NUMBER, "verificationCode": codes.last().unwrap() }),
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (401, "wrong_verification_code"));
        let again = wechat_browser();
        oauth_round_trip(&app, &again, "code-carol").await;
        let r = json_req(&app, &again, Method::GET, "/api/auth/wechat/login").await;
        assert_eq!((r.status, r.code()), (403, "account_disabled"));

        // The admin sees the state on the profile; others do not.
        let p = app
            .get_as(&boss.client, &format!("/api/users/{}", victim.id))
            .await;
        assert_eq!(p.body["profile"]["disabled"], true);
        let p = app
            .get_as(&visitor, &format!("/api/users/{}", victim.id))
            .await;
        assert!(p.body["profile"]["disabled"].is_null());

        // Enable: the password door opens again; the revoked token stays revoked.
        let enable = format!("/api/admin/users/{}/enable", victim.id);
        let r = app
            .send(&other_session, Method::POST, &enable, None, "en")
            .await;
        assert_eq!(r.status, 401, "a dead session is nobody");
        let r = app
            .send(&boss.client, Method::POST, &enable, None, "en")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["disabled"], false);
        // The ended sessions stay ended, and are no longer reported.
        let r = app.get_as(&other_session, "/api/auth/token").await;
        assert_eq!(r.body["isAuthenticated"], false, "{:?}", r.body);
        assert_eq!(r.body["signedOutReason"], Value::Null, "{:?}", r.body);
        let r = app
            .login_as(&browser(&app.address), "victim", PASSWORD)
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = app.bearer(Method::GET, "/api/auth/token", &secret).await;
        assert_eq!((r.status, r.code()), (401, "invalid_token"));

        // Audited: who, what, whom.
        let db = adapter_postgres::Database::connect(&app.db_url, 1)
            .await
            .unwrap();
        let events = db.audit_log().recent(100).await.unwrap();
        let of = |action: &str| {
            events
                .iter()
                .filter(|e| e.action == action)
                .map(|e| (e.actor.map(|a| a.to_string()), e.target.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            of("user.enabled"),
            vec![(Some(boss.id.clone()), Some(victim.id.clone()))]
        );
        assert_eq!(of("user.disabled").len(), 3);
        assert!(of("user.disabled").contains(&(Some(boss.id.clone()), Some(victim.id.clone()))));
    }
}

#[tokio::test]
async fn a_profile_is_found_by_username_for_a_mentions_link() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = app.person("ann_li").await;
        let r = app.get("/api/users/by-username/ANN_LI").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["profile"]["id"], ann.id.as_str());
        assert_eq!(r.body["profile"]["username"], "ann_li");
        for missing in ["nobody", "a%20b", "x"] {
            let r = app.get(&format!("/api/users/by-username/{missing}")).await;
            assert_eq!((r.status, r.code()), (404, "not_found"), "{missing}");
        }
    }
}
