//! What the groups tell people, over HTTP, on SQLite and PostgreSQL: a role change, a removal, a
//! ban, an offered ownership and a manager's deleting or unpublishing (with its reason) reach
//! the person; publishing tells the mentioned, and an edit
//! only the newly mentioned.

use crate::helpers::{Person, TestApp, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::{Value, json};

async fn send(app: &TestApp, who: &Person, method: Method, path: &str, body: Option<Value>) {
    let r = app.send(&who.client, method, path, body, "en").await;
    assert!(r.status < 300, "{path}: {} {:?}", r.status, r.body);
}

/// `who`'s notices of `kind`, newest first.
async fn told(app: &TestApp, who: &Person, kind: &str) -> Vec<Value> {
    let r = app
        .send(&who.client, Method::GET, "/api/notifications", None, "en")
        .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == kind)
        .cloned()
        .collect()
}

#[tokio::test]
async fn roles_removals_bans_and_offers_reach_the_person() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let carl = app.person("carl").await;
        let dave = app.person("dave").await;
        let g = app
            .create_group(&olga, "读书会 Notices", "public", "open")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        for who in [&bob, &carl, &dave] {
            send(
                &app,
                who,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({})),
            )
            .await;
        }

        send(
            &app,
            &olga,
            Method::PUT,
            &format!("/api/groups/{gid}/members/{}/role", bob.id),
            Some(json!({ "role": "admin" })),
        )
        .await;
        let n = told(&app, &bob, "role_changed").await;
        assert_eq!(n.len(), 1, "{n:?}");
        assert_eq!(n[0]["detail"], "admin");

        // Bob (an admin now) deletes carl's reply with a reason, then removes him.
        let aid = app.published_article(&olga, &gid, "三月书单").await;
        let r = app
            .send(
                &carl.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/replies"),
                Some(json!({ "body": "买我的书" })),
                "en",
            )
            .await;
        let rid = r.body["reply"]["id"].as_str().unwrap().to_owned();
        send(
            &app,
            &bob,
            Method::DELETE,
            &format!("/api/groups/{gid}/articles/{aid}/replies/{rid}?reason=%E5%B9%BF%E5%91%8A"),
            None,
        )
        .await;
        // Nobody can read a deleted reply, but its author is told, with the reason and without
        // what the reply said.
        let removed = told(&app, &carl, "content_removed").await;
        assert_eq!(removed.len(), 1, "{removed:?}");
        assert_eq!(removed[0]["detail"], "广告");
        assert_eq!(removed[0]["subject"]["readable"], false);
        assert_eq!(removed[0]["subject"]["title"], Value::Null);
        // Hiding (unpublishing) carl's article tells him too, with the reason; a reason past
        // 500 characters is refused and nothing changes.
        let his = app.published_article(&carl, &gid, "我的书").await;
        let unpublish = format!("/api/groups/{gid}/articles/{his}/unpublish");
        let long = format!("{unpublish}?reason={}", "x".repeat(501));
        let r = app.send(&bob.client, Method::POST, &long, None, "zh").await;
        assert_eq!(
            (r.status, r.code()),
            (422, "invalid_message"),
            "{:?}",
            r.body
        );
        assert!(told(&app, &carl, "content_removed").await.len() == 1);
        send(
            &app,
            &bob,
            Method::POST,
            &format!("{unpublish}?reason=off-topic"),
            None,
        )
        .await;
        let removed = told(&app, &carl, "content_removed").await;
        assert_eq!(removed.len(), 2, "{removed:?}");
        assert_eq!(removed[0]["detail"], "off-topic");
        assert_eq!(removed[0]["subject"]["type"], "article");
        send(
            &app,
            &bob,
            Method::DELETE,
            &format!("/api/groups/{gid}/members/{}", carl.id),
            None,
        )
        .await;
        assert_eq!(told(&app, &carl, "removed").await.len(), 1);

        send(
            &app,
            &olga,
            Method::PUT,
            &format!("/api/groups/{gid}/bans/{}", dave.id),
            None,
        )
        .await;
        assert_eq!(told(&app, &dave, "banned").await.len(), 1);

        send(
            &app,
            &olga,
            Method::POST,
            &format!("/api/groups/{gid}/transfer"),
            Some(json!({ "userId": bob.id })),
        )
        .await;
        assert_eq!(told(&app, &bob, "transfer_offered").await.len(), 1);
        assert!(
            told(&app, &olga, "transfer_offered").await.is_empty(),
            "nobody is told of their own act"
        );
    }
}

#[tokio::test]
async fn publishing_tells_the_mentioned_and_an_edit_only_the_newly_mentioned() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let carl = app.person("carl").await;
        let g = app
            .create_group(&olga, "读书会 Mentions", "public", "open")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        send(
            &app,
            &bob,
            Method::POST,
            &format!("/api/groups/{gid}/join"),
            Some(json!({})),
        )
        .await;

        let a = app
            .send(
                &olga.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles"),
                Some(json!({ "title": "书单", "body": "@bob 你来选" })),
                "en",
            )
            .await;
        let aid = a.body["article"]["id"].as_str().unwrap().to_owned();
        assert!(
            told(&app, &bob, "mentioned").await.is_empty(),
            "a draft tells nobody"
        );
        send(
            &app,
            &olga,
            Method::POST,
            &format!("/api/groups/{gid}/articles/{aid}/publish"),
            None,
        )
        .await;
        let n = told(&app, &bob, "mentioned").await;
        assert_eq!(n.len(), 1, "{n:?}");
        assert_eq!(n[0]["subject"]["type"], "article");

        // Bob replies, then edits the reply to name carl, then edits again: carl is told once.
        let r = app
            .send(
                &bob.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/replies"),
                Some(json!({ "body": "好" })),
                "en",
            )
            .await;
        let rid = r.body["reply"]["id"].as_str().unwrap().to_owned();
        let path = format!("/api/groups/{gid}/articles/{aid}/replies/{rid}");
        send(
            &app,
            &bob,
            Method::PATCH,
            &path,
            Some(json!({ "body": "好 @carl", "version": 1 })),
        )
        .await;
        send(
            &app,
            &bob,
            Method::PATCH,
            &path,
            Some(json!({ "body": "好 @carl 再看看", "version": 2 })),
        )
        .await;
        let n = told(&app, &carl, "mentioned").await;
        assert_eq!(n.len(), 1, "{n:?}");
        assert_eq!(n[0]["subject"]["type"], "reply");
    }
}
