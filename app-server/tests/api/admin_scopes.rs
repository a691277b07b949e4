//! An administrator's powers over HTTP, on SQLite and PostgreSQL: in force for their session,
//! and for their personal access token only within its `admin:read` / `admin:write` scopes.
//! A token of theirs without them is a plain user's token: it deletes nobody else's post or
//! comment, reads no private group's file and no hidden file, and sees `canDelete` and
//! `disabled` as anyone would.

use crate::helpers::{Person, Reply, TestApp, reply, spawn_app_with};
use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use image_fixtures::png;
use kernel::RateLimitRule;
use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use serde_json::{Value, json};

fn generous(c: &mut Config) {
    let many = RateLimitRule {
        limit: 10_000,
        window_secs: 60,
    };
    c.areas.get_mut::<::plaza::PlazaPolicy>().post_rate = many;
    c.areas.get_mut::<::plaza::PlazaPolicy>().comment_rate = many;
    c.areas
        .get_mut::<::accounts::AccountsPolicy>()
        .register_per_ip = many;
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .policy
        .upload_rate = many;
}

/// `method path` with `bearer` and no cookie.
async fn with_token(app: &TestApp, bearer: &str, method: Method, path: &str) -> Reply {
    reply(
        reqwest::Client::new()
            .request(method, app.url(path))
            .header(AUTHORIZATION, bearer)
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// The status of a GET of a file, with a token or a browser.
async fn file_status(
    app: &TestApp,
    bearer: Option<&str>,
    browser: Option<&reqwest::Client>,
    path: &str,
) -> u16 {
    let fresh = reqwest::Client::new();
    let mut req = browser.unwrap_or(&fresh).get(app.url(path));
    if let Some(b) = bearer {
        req = req.header(AUTHORIZATION, b);
    }
    req.send().await.unwrap().status().as_u16()
}

async fn plaza_post(app: &TestApp, who: &Person, body: &str) -> String {
    let r = app
        .send(
            &who.client,
            Method::POST,
            "/api/plaza/posts",
            Some(json!({ "body": body })),
            "en",
        )
        .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    r.body["post"]["id"].as_str().unwrap().to_owned()
}

async fn comment(app: &TestApp, who: &Person, post: &str) -> String {
    let r = app
        .send(
            &who.client,
            Method::POST,
            &format!("/api/plaza/posts/{post}/comments"),
            Some(json!({ "body": "不错" })),
            "en",
        )
        .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    r.body["comment"]["id"].as_str().unwrap().to_owned()
}

/// An image in a new group of `who`'s; its id.
async fn group_image(app: &TestApp, who: &Person, name: &str, visibility: &str) -> String {
    let policy = if visibility == "private" {
        "approval"
    } else {
        "open"
    };
    let g = app.create_group(who, name, visibility, policy).await;
    let r = app
        .upload(&who.client, g["id"].as_str().unwrap(), png(12, 12))
        .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    r.body["image"]["id"].as_str().unwrap().to_owned()
}

fn status_code(r: &Reply) -> (u16, String) {
    (r.status, r.code().to_owned())
}

#[tokio::test]
async fn an_admins_token_without_admin_scopes_deletes_only_what_its_user_wrote() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let paula = app.person("paula").await;
        let nina = app.person("nina").await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let post = plaza_post(&app, &paula, "我的帖子").await;
        let note = comment(&app, &paula, &post).await;

        // What a plain user gets for someone else's post and comment.
        let plain_post = app
            .send(
                &nina.client,
                Method::DELETE,
                &format!("/api/plaza/posts/{post}"),
                None,
                "en",
            )
            .await;
        let plain_comment = app
            .send(
                &nina.client,
                Method::DELETE,
                &format!("/api/plaza/comments/{note}"),
                None,
                "en",
            )
            .await;
        assert!(plain_post.status >= 400 && plain_comment.status >= 400);

        let plaza_only = app.token_of(&boss, &["plaza:write"]).await;
        let r = with_token(
            &app,
            &plaza_only,
            Method::DELETE,
            &format!("/api/plaza/posts/{post}"),
        )
        .await;
        assert_eq!(status_code(&r), status_code(&plain_post), "{:?}", r.body);
        let r = with_token(
            &app,
            &plaza_only,
            Method::DELETE,
            &format!("/api/plaza/comments/{note}"),
        )
        .await;
        assert_eq!(status_code(&r), status_code(&plain_comment), "{:?}", r.body);
        let r = with_token(
            &app,
            &plaza_only,
            Method::GET,
            &format!("/api/plaza/posts/{post}"),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["post"]["canDelete"], false, "{:?}", r.body);
        let r = with_token(&app, &plaza_only, Method::GET, "/api/plaza/posts").await;
        assert_eq!(r.body["posts"][0]["canDelete"], false, "{:?}", r.body);
        // Its user's own post it may delete.
        let own = plaza_post(&app, &boss, "管理员自己的帖子").await;
        let r = with_token(
            &app,
            &plaza_only,
            Method::GET,
            &format!("/api/plaza/posts/{own}"),
        )
        .await;
        assert_eq!(r.body["post"]["canDelete"], true, "{:?}", r.body);
        let r = with_token(
            &app,
            &plaza_only,
            Method::DELETE,
            &format!("/api/plaza/posts/{own}"),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        // admin:read alone sees but does not delete.
        let reader = app.token_of(&boss, &["plaza:write", "admin:read"]).await;
        let r = with_token(
            &app,
            &reader,
            Method::GET,
            &format!("/api/plaza/posts/{post}"),
        )
        .await;
        assert_eq!(r.body["post"]["canDelete"], false, "{:?}", r.body);
        let r = with_token(
            &app,
            &reader,
            Method::DELETE,
            &format!("/api/plaza/comments/{note}"),
        )
        .await;
        assert_eq!(status_code(&r), status_code(&plain_comment), "{:?}", r.body);

        // Within admin:write the token moderates.
        let moderator = app.token_of(&boss, &["plaza:write", "admin:write"]).await;
        let r = with_token(
            &app,
            &moderator,
            Method::GET,
            &format!("/api/plaza/posts/{post}"),
        )
        .await;
        assert_eq!(r.body["post"]["canDelete"], true, "{:?}", r.body);
        let r = with_token(
            &app,
            &moderator,
            Method::DELETE,
            &format!("/api/plaza/comments/{note}"),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = with_token(
            &app,
            &moderator,
            Method::DELETE,
            &format!("/api/plaza/posts/{post}"),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        // The admin's session moderates as ever.
        let other = plaza_post(&app, &paula, "第二个帖子").await;
        let note = comment(&app, &paula, &other).await;
        let r = app
            .send(
                &boss.client,
                Method::GET,
                &format!("/api/plaza/posts/{other}"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.body["post"]["canDelete"], true, "{:?}", r.body);
        for path in [
            format!("/api/plaza/comments/{note}"),
            format!("/api/plaza/posts/{other}"),
        ] {
            let r = app
                .send(&boss.client, Method::DELETE, &path, None, "en")
                .await;
            assert_eq!(r.status, 200, "{path}: {:?}", r.body);
        }
    }
}

#[tokio::test]
async fn an_admins_token_without_admin_read_sees_no_private_or_hidden_file() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let olga = app.person("olga").await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let private = group_image(&app, &olga, "私密小组", "private").await;
        let hidden = group_image(&app, &olga, "公开小组", "public").await;
        let r = app
            .send(
                &boss.client,
                Method::POST,
                &format!("/api/admin/media/{hidden}/hide"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        let paths = |id: &str| {
            [
                format!("/api/media/{id}"),
                format!("/api/media/{id}/thumbnail"),
            ]
        };
        let groups_only = app.token_of(&boss, &["groups:read"]).await;
        let reader = app.token_of(&boss, &["groups:read", "admin:read"]).await;
        for id in [&private, &hidden] {
            for path in paths(id) {
                assert_eq!(
                    file_status(&app, Some(&groups_only), None, &path).await,
                    404,
                    "{path}"
                );
                let r = with_token(&app, &groups_only, Method::GET, &path).await;
                assert_eq!(r.code(), "not_found", "{path}");
                assert_eq!(
                    file_status(&app, Some(&reader), None, &path).await,
                    200,
                    "{path}"
                );
                assert_eq!(
                    file_status(&app, None, Some(&boss.client), &path).await,
                    200,
                    "{path}"
                );
            }
        }
        // The owner still gets the private group's file; a stranger does not.
        let path = format!("/api/media/{private}");
        assert_eq!(
            file_status(&app, None, Some(&olga.client), &path).await,
            200
        );
        assert_eq!(file_status(&app, None, None, &path).await, 404);
    }
}

#[tokio::test]
async fn a_profiles_disabled_field_is_for_admin_sessions_and_admin_read_tokens() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let paula = app.person("paula").await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let path = format!("/api/users/{}", paula.id);

        let account_only = app.token_of(&boss, &["account:read"]).await;
        let r = with_token(&app, &account_only, Method::GET, &path).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["profile"]["disabled"], Value::Null, "{:?}", r.body);

        let reader = app.token_of(&boss, &["account:read", "admin:read"]).await;
        let r = with_token(&app, &reader, Method::GET, &path).await;
        assert_eq!(r.body["profile"]["disabled"], false, "{:?}", r.body);

        let r = app.send(&boss.client, Method::GET, &path, None, "en").await;
        assert_eq!(r.body["profile"]["disabled"], false, "{:?}", r.body);
        let r = app
            .send(&paula.client, Method::GET, &path, None, "en")
            .await;
        assert_eq!(r.body["profile"]["disabled"], Value::Null, "{:?}", r.body);
    }
}

#[tokio::test]
async fn admin_endpoints_take_a_token_only_within_its_admin_scope() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let plaza_only = app.token_of(&boss, &["plaza:write"]).await;
        let r = with_token(&app, &plaza_only, Method::GET, "/api/admin/audit").await;
        assert_eq!(
            (r.status, r.code()),
            (403, "insufficient_scope"),
            "{:?}",
            r.body
        );
        let reader = app.token_of(&boss, &["admin:read"]).await;
        let r = with_token(&app, &reader, Method::GET, "/api/admin/audit").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}
