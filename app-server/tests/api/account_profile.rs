//! The account's own profile over HTTP, on SQLite and PostgreSQL: a rename keeps sessions and
//! tokens working and refuses a taken or reserved name (in zh and en), a token may not rename,
//! a bio past 280 characters is refused, an avatar is judged by content and public once set,
//! and the appearance saved on one device is the one another device signs in to.

use crate::helpers::{PASSWORD, Reply, TestApp, browser, reply, spawn_app};
use adapter_postgres::testing::TestDb;
use image_fixtures::png;
use reqwest::Method;
use reqwest::header::{ACCEPT_LANGUAGE, AUTHORIZATION, CONTENT_TYPE};
use serde_json::{Value, json};

impl TestApp {
    /// A browser signed in as a new account `name`.
    async fn signed_up(&self, name: &str) -> reqwest::Client {
        let client = browser(&self.address);
        let r = self
            .post_as(
                &client,
                "/api/auth/username/register",
                json!({ "username": name, "password": PASSWORD }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        client
    }

    async fn with_bearer(
        &self,
        secret: &str,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Reply {
        let mut req = reqwest::Client::new()
            .request(method, self.url(path))
            .header(AUTHORIZATION, format!("Bearer {secret}"))
            .header(ACCEPT_LANGUAGE, "en");
        if let Some(body) = body {
            req = req.json(&body);
        }
        reply(req.send().await.unwrap()).await
    }

    async fn token_for(&self, who: &reqwest::Client, scopes: &[&str]) -> String {
        let r = self
            .post_as(
                who,
                "/api/tokens",
                json!({ "name": "script", "scopes": scopes, "expiresInDays": 7 }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["secret"].as_str().unwrap().to_owned()
    }

    async fn me(&self, who: &reqwest::Client) -> Value {
        let r = self.get_as(who, "/api/auth/token").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        r.body["user"].clone()
    }

    async fn avatar_upload(&self, who: &reqwest::Client, bytes: Vec<u8>) -> Reply {
        reply(
            who.post(self.url("/api/account/avatar/upload"))
                .header(CONTENT_TYPE, "application/octet-stream")
                .header(ACCEPT_LANGUAGE, "en")
                .body(bytes)
                .send()
                .await
                .unwrap(),
        )
        .await
    }
}

#[tokio::test]
async fn a_rename_keeps_sessions_and_tokens_and_refuses_taken_and_reserved_names() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.signed_up("alice").await;
        let other_device = browser(&app.address);
        assert_eq!(
            app.login_as(&other_device, "alice", PASSWORD).await.status,
            200
        );
        let token = app.token_for(&alice, &["account:read"]).await;
        app.signed_up("bob").await;

        let r = app
            .send(
                &alice,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "username": "Alice_New", "nickname": "爱丽丝" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["username"], "alice_new");
        assert_eq!(r.body["user"]["nickname"], "爱丽丝");

        // Both sessions and the token still work and see the new name.
        for who in [&alice, &other_device] {
            assert_eq!(app.me(who).await["username"], "alice_new");
        }
        let r = app
            .with_bearer(&token, Method::GET, "/api/account/basics", None)
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["username"], "alice_new");
        // The new name signs in; the old one no longer does.
        assert_eq!(
            app.login_as(&browser(&app.address), "alice_new", PASSWORD)
                .await
                .status,
            200
        );
        assert_eq!(
            app.login_as(&browser(&app.address), "alice", PASSWORD)
                .await
                .status,
            401
        );

        for (lang, taken, reserved) in [
            (
                "en",
                "This username is already taken",
                "This username is reserved; please choose another",
            ),
            ("zh", "该用户名已被注册", "该用户名为系统保留，请换一个"),
        ] {
            let r = app
                .send(
                    &alice,
                    Method::PATCH,
                    "/api/account/profile",
                    Some(json!({ "username": "BOB" })),
                    lang,
                )
                .await;
            assert_eq!(
                (r.status, r.code()),
                (409, "username_taken"),
                "{:?}",
                r.body
            );
            assert_eq!(r.message(), taken);
            let r = app
                .send(
                    &alice,
                    Method::PATCH,
                    "/api/account/profile",
                    Some(json!({ "username": "admin2" })),
                    lang,
                )
                .await;
            assert_eq!(
                (r.status, r.code()),
                (422, "reserved_username"),
                "{:?}",
                r.body
            );
            assert_eq!(r.message(), reserved);
        }
        assert_eq!(
            app.me(&alice).await["username"],
            "alice_new",
            "nothing changed"
        );
    }
}

#[tokio::test]
async fn a_token_may_change_the_bio_but_never_the_username() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let carol = app.signed_up("carol").await;
        let writer = app.token_for(&carol, &["account:write"]).await;
        let reader = app.token_for(&carol, &["account:read"]).await;

        let r = app
            .with_bearer(
                &writer,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "username": "carol2" })),
            )
            .await;
        assert_eq!(
            (r.status, r.code()),
            (403, "username_change_needs_session"),
            "{:?}",
            r.body
        );
        // Sending one's own name is no rename.
        let r = app
            .with_bearer(
                &writer,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "username": "carol", "bio": "  写代码，也画画  " })),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["bio"], "写代码，也画画");
        let r = app
            .with_bearer(
                &reader,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "bio": "x" })),
            )
            .await;
        assert_eq!(r.status, 403, "account:read cannot write: {:?}", r.body);
        assert_eq!(app.me(&carol).await["username"], "carol");
    }
}

#[tokio::test]
async fn bad_profile_fields_are_422_with_their_names_and_a_blank_bio_clears() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let dan = app.signed_up("dan").await;
        for lang in ["en", "zh"] {
            let r = app
                .send(
                    &dan,
                    Method::PATCH,
                    "/api/account/profile",
                    Some(json!({ "bio": "字".repeat(281), "nickname": "   " })),
                    lang,
                )
                .await;
            assert_eq!(r.status, 422, "{:?}", r.body);
            assert_eq!(r.code(), "invalid_nickname");
            let fields = r.body["fields"].as_object().unwrap();
            assert!(
                fields.contains_key("bio") && fields.contains_key("nickname"),
                "{fields:?}"
            );
        }
        let r = app
            .send(
                &dan,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "bio": "字".repeat(281) })),
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (422, "invalid_bio"));
        assert_eq!(r.message(), "A bio is at most 280 characters");
        let r = app
            .send(
                &dan,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "bio": "字".repeat(280) })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200);
        let r = app
            .send(
                &dan,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "bio": " " })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200);
        assert!(r.body["user"]["bio"].is_null());
    }
}

#[tokio::test]
async fn an_avatar_is_judged_by_content_and_public_once_set() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let erin = app.signed_up("erin").await;
        let frank = app.signed_up("frank").await;
        let stranger = browser(&app.address);

        let r = app
            .avatar_upload(&erin, b"%PDF-1.7 not an image".to_vec())
            .await;
        assert_eq!(
            (r.status, r.code()),
            (415, "unsupported_image_type"),
            "{:?}",
            r.body
        );

        let r = app.avatar_upload(&erin, png(300, 300)).await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let id = r.body["image"]["id"].as_str().unwrap().to_owned();
        let url = r.body["image"]["url"].as_str().unwrap().to_owned();
        // Only its owner sees an upload before it is set.
        assert_eq!(erin.get(app.url(&url)).send().await.unwrap().status(), 200);
        assert_eq!(
            stranger.get(app.url(&url)).send().await.unwrap().status(),
            404
        );
        // Nobody else may set it.
        let r = app
            .send(
                &frank,
                Method::PUT,
                "/api/account/avatar",
                Some(json!({ "mediaId": id })),
                "en",
            )
            .await;
        assert_eq!(
            (r.status, r.code()),
            (422, "avatar_not_usable"),
            "{:?}",
            r.body
        );

        let r = app
            .send(
                &erin,
                Method::PUT,
                "/api/account/avatar",
                Some(json!({ "mediaId": id })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["avatarUrl"], format!("/api/media/{id}"));
        assert_eq!(
            r.body["user"]["avatarThumbnailUrl"],
            format!("/api/media/{id}/thumbnail")
        );
        assert_eq!(app.me(&erin).await["avatarUrl"], format!("/api/media/{id}"));
        let res = stranger.get(app.url(&url)).send().await.unwrap();
        assert_eq!(res.status(), 200, "public once set");
        let thumb = stranger
            .get(app.url(&format!("/api/media/{id}/thumbnail")))
            .send()
            .await
            .unwrap();
        assert_eq!(thumb.status(), 200);

        // A second avatar replaces the first, whose file is gone.
        let r = app.avatar_upload(&erin, png(64, 64)).await;
        let second = r.body["image"]["id"].as_str().unwrap().to_owned();
        let r = app
            .send(
                &erin,
                Method::PUT,
                "/api/account/avatar",
                Some(json!({ "mediaId": second })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(
            stranger.get(app.url(&url)).send().await.unwrap().status(),
            404
        );

        let r = app
            .send(&erin, Method::DELETE, "/api/account/avatar", None, "zh")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.message(), "头像已移除");
        assert!(r.body["user"]["avatarUrl"].is_null());
        let gone = format!("/api/media/{second}");
        assert_eq!(
            stranger.get(app.url(&gone)).send().await.unwrap().status(),
            404
        );
    }
}

#[tokio::test]
async fn appearance_follows_the_user_to_a_new_session() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let gina = app.signed_up("gina").await;
        let r = app.get_as(&gina, "/api/account/appearance").await;
        assert_eq!(r.status, 200);
        assert_eq!(r.body, json!({ "colorMode": null, "language": null }));

        let r = app
            .send(
                &gina,
                Method::PUT,
                "/api/account/appearance",
                Some(json!({ "colorMode": "dark", "language": "en" })),
                "zh",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        let laptop = browser(&app.address);
        let r = app.login_as(&laptop, "gina", PASSWORD).await;
        assert_eq!(r.status, 200);
        assert_eq!(
            r.body["user"]["appearance"],
            json!({ "colorMode": "dark", "language": "en" })
        );
        assert_eq!(
            app.me(&laptop).await["appearance"],
            json!({ "colorMode": "dark", "language": "en" })
        );

        for (bad, field) in [
            (
                json!({ "colorMode": "blue", "language": "en" }),
                "colorMode",
            ),
            (
                json!({ "colorMode": "light", "language": "fr" }),
                "language",
            ),
        ] {
            let r = app
                .send(
                    &gina,
                    Method::PUT,
                    "/api/account/appearance",
                    Some(bad),
                    "en",
                )
                .await;
            assert_eq!(
                (r.status, r.code()),
                (422, "invalid_appearance"),
                "{:?}",
                r.body
            );
            assert!(r.body["fields"].get(field).is_some(), "{:?}", r.body);
            assert_eq!(
                r.body["fields"].as_object().unwrap().len(),
                1,
                "only the wrong field: {:?}",
                r.body
            );
        }
        // Each field's message speaks of that field.
        let r = app
            .send(
                &gina,
                Method::PUT,
                "/api/account/appearance",
                Some(json!({ "colorMode": "blue", "language": "fr" })),
                "en",
            )
            .await;
        assert_eq!(
            r.body["fields"]["colorMode"],
            "The colour mode is light, dark or system (follow the device)"
        );
        assert_eq!(
            r.body["fields"]["language"],
            "The language is zh, en or system (follow the browser)"
        );
        // "system" follows the browser, for the language as for the colour mode.
        let r = app
            .send(
                &gina,
                Method::PUT,
                "/api/account/appearance",
                Some(json!({ "colorMode": "system", "language": "system" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(
            app.get_as(&gina, "/api/account/appearance").await.body,
            json!({ "colorMode": "system", "language": "system" })
        );
        // A choice can be cleared again.
        let r = app
            .send(
                &laptop,
                Method::PUT,
                "/api/account/appearance",
                Some(json!({ "colorMode": "system", "language": null })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200);
        assert_eq!(
            app.me(&gina).await["appearance"],
            json!({ "colorMode": "system", "language": null })
        );
    }
}

#[tokio::test]
async fn the_basics_say_which_sign_in_methods_are_bound() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let hank = app.signed_up("hank").await;
        let r = app.get_as(&hank, "/api/account/basics").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["username"], "hank");
        assert_eq!(r.body["role"], "user");
        assert_eq!(
            r.body["signInMethods"],
            json!({ "password": true, "phone": false, "wechat": false })
        );
        assert!(r.body["createdAt"].as_str().is_some());
        let r = app
            .get_as(&browser(&app.address), "/api/account/basics")
            .await;
        assert_eq!(r.status, 401);
    }
}
