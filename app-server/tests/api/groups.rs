//! Groups over HTTP, on SQLite and PostgreSQL: a private group gives strangers nothing (media
//! URLs included), requests are decided once, bans hold, saves never overwrite each other,
//! uploads are judged by content, and tokens stay within `groups:*`.

use crate::helpers::{PASSWORD, Reply, TestApp, browser, reply, spawn_app};
use adapter_postgres::testing::TestDb;
use image_fixtures::png;
use reqwest::header::AUTHORIZATION;
use serde_json::{Value, json};

impl TestApp {
    async fn raw_get(&self, who: &reqwest::Client, path: &str) -> reqwest::Response {
        who.get(self.url(path)).send().await.unwrap()
    }
}

use reqwest::Method;

#[tokio::test]
async fn a_group_is_created_found_by_name_in_either_language_and_validated_in_the_askers() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.person("alice").await;
        let g = app
            .create_group(&alice, "周末读书会 Book Club", "public", "open")
            .await;
        assert_eq!(g["memberCount"], 1);
        assert_eq!(g["membership"]["role"], "owner");
        assert_eq!(g["canManage"], true);
        assert_eq!(g["inviteCode"].as_str().unwrap().len(), 8);

        let visitor = browser(&app.address);
        for q in ["读书", "book", "BOOK CLUB"] {
            let r = app
                .send(
                    &visitor,
                    Method::GET,
                    &format!("/api/groups?q={}", urlencode(q)),
                    None,
                    "en",
                )
                .await;
            assert_eq!(r.status, 200);
            assert_eq!(r.body["groups"].as_array().unwrap().len(), 1, "{q}");
            assert!(
                r.body["groups"][0]["inviteCode"].is_null(),
                "only managers see the code"
            );
        }
        let r = app
            .send(&visitor, Method::GET, "/api/groups?q=%25", None, "en")
            .await;
        assert!(
            r.body["groups"].as_array().unwrap().is_empty(),
            "% matches itself"
        );

        let r = app
            .send(
                &alice.client,
                Method::POST,
                "/api/groups",
                Some(json!({ "name": "x", "description": "字".repeat(501), "visibility": "secret", "joinPolicy": "open" })),
                "zh",
            )
            .await;
        assert_eq!(r.status, 422);
        assert_eq!(r.code(), "invalid_group_settings");
        assert_eq!(r.body["fields"]["name"], "小组名称需要 2 到 40 个字");
        assert!(r.body["fields"]["description"].is_string());
        assert!(r.body["fields"]["visibility"].is_string());

        let r = app
            .send(
                &alice.client,
                Method::POST,
                "/api/groups",
                Some(json!({ "name": "密室", "visibility": "private", "joinPolicy": "open" })),
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (422, "private_group_cannot_be_open"));

        let r = app
            .send(
                &visitor,
                Method::GET,
                "/api/groups?cursor=garbage",
                None,
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (400, "invalid_cursor"));
        let r = app
            .send(&visitor, Method::POST, "/api/groups", Some(json!({})), "en")
            .await;
        assert_eq!(r.status, 401);
    }
}

fn urlencode(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string()
}

#[tokio::test]
async fn a_stranger_gets_nothing_of_a_private_group_from_any_endpoint_media_included() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let g = app
            .create_group(&owner, "私密小组", "private", "approval")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();

        let r = reply(
            owner
                .client
                .put(app.url(&format!("/api/groups/{gid}/cover")))
                .body(png(80, 60))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let cover = r.body["group"]["coverUrl"].as_str().unwrap().to_owned();
        let image = app.upload(&owner.client, &gid, png(64, 48)).await;
        assert_eq!(image.status, 201, "{:?}", image.body);
        let media_url = image.body["image"]["url"].as_str().unwrap().to_owned();
        let thumb_url = image.body["image"]["thumbnailUrl"]
            .as_str()
            .unwrap()
            .to_owned();
        let a = app
            .send(
                &owner.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles"),
                Some(json!({ "title": "内部通知", "body": "只给成员" })),
                "en",
            )
            .await;
        let aid = a.body["article"]["id"].as_str().unwrap().to_owned();
        let p = app
            .send(
                &owner.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/publish"),
                None,
                "en",
            )
            .await;
        assert_eq!(p.status, 200, "{:?}", p.body);

        // The owner sees all of it.
        let home = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(home.body["articles"].as_array().unwrap().len(), 1);
        assert_eq!(home.body["gallery"].as_array().unwrap().len(), 1);
        let res = app.raw_get(&owner.client, &media_url).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["cache-control"], "private, no-store");
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        assert_eq!(res.headers()["content-type"], "image/png");

        let stranger = app.person("stranger").await;
        let requester = app.person("asker").await;
        let r = app
            .send(
                &requester.client,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({ "message": "hi" })),
                "en",
            )
            .await;
        assert_eq!(r.body["outcome"], "requested");
        let visitor = browser(&app.address);
        for who in [&stranger.client, &requester.client, &visitor] {
            let home = app
                .send(who, Method::GET, &format!("/api/groups/{gid}"), None, "en")
                .await;
            assert_eq!(home.status, 200);
            assert_eq!(home.body["group"]["canRead"], false);
            assert!(home.body["group"]["coverUrl"].is_null());
            assert!(home.body["group"]["inviteCode"].is_null());
            for list in ["articles", "gallery", "members"] {
                assert!(home.body[list].as_array().unwrap().is_empty(), "{list}");
            }
            for path in [
                format!("/api/groups/{gid}/articles"),
                format!("/api/groups/{gid}/articles/{aid}"),
                format!("/api/groups/{gid}/gallery"),
                format!("/api/groups/{gid}/members"),
            ] {
                let r = app.send(who, Method::GET, &path, None, "zh").await;
                assert_eq!((r.status, r.code()), (403, "members_only"), "{path}");
                assert_eq!(r.message(), "只有小组成员可以查看");
            }
            for url in [&media_url, &thumb_url, &cover] {
                assert_eq!(app.raw_get(who, url).await.status(), 404, "{url}");
            }
            let found = app.send(who, Method::GET, "/api/groups", None, "en").await;
            assert!(found.body["groups"].as_array().unwrap().is_empty());
        }
        for (method, path) in [
            (Method::GET, format!("/api/groups/{gid}/requests")),
            (Method::GET, format!("/api/groups/{gid}/bans")),
            (Method::POST, format!("/api/groups/{gid}/invite-code")),
        ] {
            let r = app.send(&stranger.client, method, &path, None, "en").await;
            assert_eq!(r.status, 403, "{path}");
        }
    }
}

#[tokio::test]
async fn a_request_is_approved_once_with_its_role_and_then_the_member_reads() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let g = app
            .create_group(&owner, "私密小组", "private", "approval")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let bob = app.person("bob").await;
        app.send(
            &bob.client,
            Method::POST,
            &format!("/api/groups/{gid}/join"),
            Some(json!({ "message": "我想加入" })),
            "en",
        )
        .await;
        let pending = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}/requests"),
                None,
                "en",
            )
            .await;
        let request = &pending.body["requests"][0];
        assert_eq!(request["message"], "我想加入");
        assert_eq!(request["user"]["username"], "bob");
        let rid = request["id"].as_str().unwrap().to_owned();

        // Two approvals at the same moment, from two browsers of the owner: one wins.
        let second = browser(&app.address);
        app.login_as(&second, "olga", PASSWORD).await;
        let path = format!("/api/groups/{gid}/requests/{rid}/approve");
        let (a, b) = tokio::join!(
            app.send(
                &owner.client,
                Method::POST,
                &path,
                Some(json!({ "role": "admin" })),
                "en"
            ),
            app.send(
                &second,
                Method::POST,
                &path,
                Some(json!({ "role": "admin" })),
                "en"
            ),
        );
        let mut statuses = [a.status, b.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{:?} {:?}", a.body, b.body);
        let loser = if a.status == 409 { &a } else { &b };
        assert_eq!(loser.code(), "request_decided");

        let home = app
            .send(
                &bob.client,
                Method::GET,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(home.body["group"]["memberCount"], 2, "counted once");
        assert_eq!(home.body["group"]["membership"]["role"], "admin");
        assert_eq!(home.body["group"]["canRead"], true);
        let history = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}/requests?status=all"),
                None,
                "en",
            )
            .await;
        assert_eq!(history.body["requests"][0]["status"], "approved");
        assert_eq!(history.body["requests"][0]["grantedRole"], "admin");
        let r = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}/requests?status=maybe"),
                None,
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (400, "invalid_query"));
    }
}

#[tokio::test]
async fn a_banned_member_cannot_rejoin_even_with_the_invite_code_until_unbanned() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let g = app.create_group(&owner, "开放小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let code = g["inviteCode"].as_str().unwrap().to_owned();
        let eve = app.person("eve").await;
        let r = app
            .send(
                &eve.client,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({})),
                "en",
            )
            .await;
        assert_eq!(r.body["outcome"], "joined");
        let r = app
            .send(
                &owner.client,
                Method::PUT,
                &format!("/api/groups/{gid}/bans/{}", eve.id),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        for body in [json!({}), json!({ "code": code })] {
            let r = app
                .send(
                    &eve.client,
                    Method::POST,
                    &format!("/api/groups/{gid}/join"),
                    Some(body),
                    "zh",
                )
                .await;
            assert_eq!((r.status, r.code()), (403, "banned_from_group"));
            assert_eq!(r.message(), "你已被禁止加入这个小组");
        }
        let bans = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}/bans"),
                None,
                "en",
            )
            .await;
        assert_eq!(bans.body["members"][0]["user"]["id"], eve.id.as_str());
        let r = app
            .send(
                &owner.client,
                Method::DELETE,
                &format!("/api/groups/{gid}/bans/{}", eve.id),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200);
        let r = app
            .send(
                &eve.client,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({})),
                "en",
            )
            .await;
        assert_eq!(r.body["outcome"], "joined");
        let r = app
            .send(
                &owner.client,
                Method::DELETE,
                &format!("/api/groups/{gid}/membership"),
                None,
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (409, "owner_cannot_leave"));
    }
}

#[tokio::test]
async fn a_stale_save_is_a_conflict_that_carries_the_article_as_it_is() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let g = app.create_group(&owner, "写作小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let a = app
            .send(
                &owner.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles"),
                Some(json!({ "title": "草稿", "body": "" })),
                "en",
            )
            .await;
        assert_eq!(a.status, 201, "{:?}", a.body);
        let aid = a.body["article"]["id"].as_str().unwrap().to_owned();
        assert_eq!(a.body["article"]["version"], 1);
        let path = format!("/api/groups/{gid}/articles/{aid}");
        let first = app
            .send(
                &owner.client,
                Method::PUT,
                &path,
                Some(json!({ "title": "草稿", "body": "第一个标签页", "version": 1 })),
                "en",
            )
            .await;
        assert_eq!(
            (first.status, first.body["article"]["version"].as_i64()),
            (200, Some(2))
        );
        let stale = app
            .send(
                &owner.client,
                Method::PUT,
                &path,
                Some(json!({ "title": "草稿", "body": "第二个标签页", "version": 1 })),
                "zh",
            )
            .await;
        assert_eq!((stale.status, stale.code()), (409, "edit_conflict"));
        assert_eq!(stale.body["current"]["version"], 2);
        assert_eq!(stale.body["current"]["body"], "第一个标签页");
        let now = app
            .send(&owner.client, Method::GET, &path, None, "en")
            .await;
        assert_eq!(
            now.body["article"]["body"], "第一个标签页",
            "nothing was overwritten"
        );

        let visitor = browser(&app.address);
        let r = app.send(&visitor, Method::GET, &path, None, "en").await;
        assert_eq!(r.status, 404, "a draft is its author's");
        let drafts = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}/articles/drafts"),
                None,
                "en",
            )
            .await;
        assert_eq!(drafts.body["articles"][0]["id"], aid.as_str());
    }
}

#[tokio::test]
async fn uploads_are_judged_by_content_and_deleting_the_group_takes_its_files() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let g = app.create_group(&owner, "相册小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();

        let ok = app.upload(&owner.client, &gid, png(640, 480)).await;
        assert_eq!(ok.status, 201, "{:?}", ok.body);
        assert_eq!(
            (
                ok.body["image"]["width"].as_u64(),
                ok.body["image"]["height"].as_u64()
            ),
            (Some(640), Some(480))
        );
        assert_eq!(ok.body["image"]["thumbWidth"], 480);
        let url = ok.body["image"]["url"].as_str().unwrap().to_owned();
        let visitor = browser(&app.address);
        let res = app.raw_get(&visitor, &url).await;
        assert_eq!(res.status(), 200, "a public group's image is anyone's");
        assert!(
            res.headers()["cache-control"]
                .to_str()
                .unwrap()
                .starts_with("public")
        );
        let etag = res.headers()["etag"].clone();
        let again = visitor
            .get(app.url(&url))
            .header("if-none-match", etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304);

        let svg = app
            .upload(
                &owner.client,
                &gid,
                b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
            )
            .await;
        assert_eq!((svg.status, svg.code()), (415, "unsupported_image_type"));
        let mut broken = png(100, 100);
        broken.truncate(60);
        let r = app.upload(&owner.client, &gid, broken).await;
        assert_eq!((r.status, r.code()), (422, "image_corrupt"));
        let r = app.upload(&owner.client, &gid, Vec::new()).await;
        assert_eq!(r.status, 415);
        let stranger = app.person("stranger").await;
        let r = app.upload(&stranger.client, &gid, png(10, 10)).await;
        assert_eq!((r.status, r.code()), (403, "group_role_not_allowed"));

        let r = app
            .send(
                &owner.client,
                Method::DELETE,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(app.raw_get(&owner.client, &url).await.status(), 404);
        let r = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 404);
    }
}

#[tokio::test]
async fn an_oversized_upload_is_refused_before_it_is_read() {
    let app = crate::helpers::spawn_app_with(TestDb::sqlite().await, |c| {
        c.areas
            .get_mut::<app_server::http::media::settings::MediaSettings>()
            .policy
            .max_upload_bytes = 1000;
    })
    .await;
    let owner = app.person("olga").await;
    let g = app.create_group(&owner, "小相册", "public", "open").await;
    let r = app
        .upload(&owner.client, g["id"].as_str().unwrap(), png(400, 400))
        .await;
    assert_eq!((r.status, r.code()), (413, "image_too_large"));
}

#[tokio::test]
async fn a_token_reads_groups_with_groups_read_and_writes_only_with_groups_write() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        app.register("alice", PASSWORD).await;
        let token = app
            .post(
                "/api/tokens",
                json!({ "name": "reader", "scopes": ["groups:read"], "expiresInDays": 30 }),
            )
            .await;
        let secret = token.body["secret"].as_str().unwrap().to_owned();
        let script = reqwest::Client::new();
        let r = reply(
            script
                .get(app.url("/api/groups/mine"))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = reply(
            script
                .post(app.url("/api/groups"))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .json(&json!({ "name": "脚本小组", "visibility": "public", "joinPolicy": "open" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (403, "insufficient_scope"));
        assert_eq!(r.body["requiredScope"], "groups:write");
    }
}

/// Two instances over one PostgreSQL database and one S3 bucket (moto's real S3 protocol): an
/// image uploaded through one is listed and served by the other, and deleted through the other
/// it is gone from both. Skipped (and counted) only where PostgreSQL is missing outside CI.
#[tokio::test]
async fn two_instances_over_one_postgres_and_one_bucket_see_the_same_images() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let moto = moto_server::MotoServer::start();
    let endpoint = moto.endpoint();
    let s3 = move |c: &mut app_server::config::Config| {
        c.areas
            .get_mut::<app_server::http::media::settings::MediaSettings>()
            .store =
            app_server::http::media::settings::MediaStoreSettings::S3(adapter_media::S3Settings {
                endpoint: Some(endpoint.clone()),
                bucket: moto_server::BUCKET.to_owned(),
                region: "us-east-1".to_owned(),
                access_key_id: moto_server::ACCESS_KEY_ID.to_owned(),
                secret_access_key: moto_server::SECRET_ACCESS_KEY.to_owned().into(),
                allow_http: true,
            });
    };
    let (conn, url) = (db.db.clone(), db.url.clone());
    let a = crate::helpers::spawn_app_with(db, s3.clone()).await;
    let b = crate::helpers::spawn_on(conn, &url, s3).await;

    let owner = a.person("olga").await;
    let g = a.create_group(&owner, "两地小组", "public", "open").await;
    let gid = g["id"].as_str().unwrap().to_owned();
    let up = a.upload(&owner.client, &gid, png(300, 200)).await;
    assert_eq!(up.status, 201, "{:?}", up.body);
    let url_of = up.body["image"]["url"].as_str().unwrap().to_owned();

    // The session cookie of instance A works on B: the same browser, another instance.
    let listed = reply_of(
        b.send(
            &owner.client,
            Method::GET,
            &format!("/api/groups/{gid}/gallery"),
            None,
            "en",
        )
        .await,
    );
    assert_eq!(listed["images"][0]["url"], url_of.as_str());
    let res = b.raw_get(&owner.client, &url_of).await;
    assert_eq!(res.status(), 200);
    let bytes = res.bytes().await.unwrap();
    assert_eq!(
        image::guess_format(&bytes).unwrap(),
        image::ImageFormat::Png
    );
    let decoded = image::load_from_memory(&bytes).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (300, 200));

    // Writes carry the instance's own origin: the same person in a browser on B.
    let on_b = browser(&b.address);
    assert_eq!(b.login_as(&on_b, "olga", PASSWORD).await.status, 200);
    let id = up.body["image"]["id"].as_str().unwrap();
    let r = b
        .send(
            &on_b,
            Method::DELETE,
            &format!("/api/groups/{gid}/gallery/{id}"),
            None,
            "en",
        )
        .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(a.raw_get(&owner.client, &url_of).await.status(), 404);
}

fn reply_of(r: Reply) -> Value {
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body
}

/// `PUT /api/groups/mine` is routed to `PUT /api/groups/{id}` (the resource `/api/groups/mine`
/// has only `GET`): a token is judged by that operation, as a session is (404 for the id "mine"),
/// not refused as if the path were unknown. Found by schemathesis.
#[tokio::test]
async fn a_token_on_a_path_two_patterns_match_is_judged_by_the_operation_that_serves_it() {
    let app = spawn_app(TestDb::sqlite().await).await;
    app.register("alice", PASSWORD).await;
    let token = app
        .post(
            "/api/tokens",
            json!({ "name": "w", "scopes": ["groups:write"], "expiresInDays": 7 }),
        )
        .await;
    let secret = token.body["secret"].as_str().unwrap().to_owned();
    let by_token = reply(
        reqwest::Client::new()
            .put(app.url("/api/groups/mine"))
            .header(AUTHORIZATION, format!("Bearer {secret}"))
            .json(&json!({ "name": "无名", "visibility": "public", "joinPolicy": "open" }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let by_session = app
        .send(
            &app.client,
            Method::PUT,
            "/api/groups/mine",
            Some(json!({ "name": "无名", "visibility": "public", "joinPolicy": "open" })),
            "en",
        )
        .await;
    // `/api/groups/mine` is a path of its own: its one method is GET, whatever `{id}` would
    // match (issue 22: `Allow` is exact), for a session and a token alike.
    for r in [&by_session, &by_token] {
        assert_eq!((r.status, r.code()), (405, "method_not_allowed"));
        assert_eq!(r.headers["allow"], "GET");
    }
}
