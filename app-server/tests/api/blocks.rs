//! Blocking and muting (`/api/blocks*`, issue 25 "Blocking and muting"), on SQLite and
//! PostgreSQL: a block hides both ways — the feed, a post, its comments, a group's articles and
//! replies, search, a profile — and a mute only the muted person's writing from the muter; the
//! blocked one cannot comment on, reply to, like or mention the blocker (nor the blocker them:
//! 403 `blocked`, in the asker's language); no act of either reaches the other as a
//! notification, nor a muted person's the muter; undoing restores everything; bad input is a
//! clear 4xx.

use crate::helpers::{Person, Reply, TestApp, browser, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use reqwest::header::{ACCEPT_LANGUAGE, AUTHORIZATION};
use serde_json::{Value, json};
use std::time::Duration;

/// Someone signed in, and the username they signed up with.
struct User {
    p: Person,
    name: &'static str,
}

async fn someone(app: &TestApp, name: &'static str) -> User {
    User {
        p: app.person(name).await,
        name,
    }
}

/// A request from `client` (with `auth` as its `Authorization`, if any) in `lang`; a body that
/// is not JSON (a 204's) reads as `null`.
async fn request(
    app: &TestApp,
    client: &reqwest::Client,
    auth: Option<&str>,
    method: Method,
    path: &str,
    body: Option<Value>,
    lang: &str,
) -> Reply {
    let mut req = client
        .request(method, app.url(path))
        .header(ACCEPT_LANGUAGE, lang);
    if let Some(auth) = auth {
        req = req.header(AUTHORIZATION, auth);
    }
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let text = res.text().await.unwrap();
    Reply {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
    }
}

/// `who` sends it in English.
async fn call(app: &TestApp, who: &User, method: Method, path: &str, body: Option<Value>) -> Reply {
    request(app, &who.p.client, None, method, path, body, "en").await
}

/// `who` sends it, and it succeeds.
async fn ok(app: &TestApp, who: &User, method: Method, path: &str, body: Option<Value>) -> Reply {
    let r = call(app, who, method, path, body).await;
    assert!(r.status < 300, "{path}: {} {:?}", r.status, r.body);
    r
}

/// `who` blocks or mutes `target` (`kind`).
async fn set(app: &TestApp, who: &User, target: &User, kind: &str) -> Reply {
    ok(
        app,
        who,
        Method::PUT,
        &format!("/api/blocks/{}", target.p.id),
        Some(json!({ "kind": kind })),
    )
    .await
}

async fn undo(app: &TestApp, who: &User, target: &User) -> Reply {
    let path = format!("/api/blocks/{}", target.p.id);
    call(app, who, Method::DELETE, &path, None).await
}

async fn post(app: &TestApp, who: &User, body: &str) -> String {
    let r = ok(
        app,
        who,
        Method::POST,
        "/api/plaza/posts",
        Some(json!({ "body": body })),
    )
    .await;
    r.body["post"]["id"].as_str().unwrap().to_owned()
}

/// The usernames of the authors of `list` (`author.username` of each item), sorted.
fn authors(list: &Value) -> Vec<String> {
    let mut names: Vec<String> = list
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {list:?}"))
        .iter()
        .map(|i| i["author"]["username"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

/// The authors `who` sees at `path` (a list under `field`).
async fn seen(app: &TestApp, who: &User, path: &str, field: &str) -> Vec<String> {
    let r = ok(app, who, Method::GET, path, None).await;
    authors(&r.body[field])
}

/// The authors of the feed as `who` sees it.
async fn feed(app: &TestApp, who: &User) -> Vec<String> {
    seen(app, who, "/api/plaza/posts", "posts").await
}

/// The usernames `who` finds searching `kind` for `q`.
async fn found(app: &TestApp, who: &User, kind: &str, q: &str) -> Vec<String> {
    let q: String = q
        .bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    seen(app, who, &format!("/api/search/{kind}?q={q}"), "hits").await
}

/// Waits (at most 10 s) until `who` finds `n` of `kind` by `q`: the outbox is drained every
/// 250 ms.
async fn indexed(app: &TestApp, who: &User, kind: &str, q: &str, n: usize) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while found(app, who, kind, q).await.len() < n {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{kind} {q}: never indexed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The status of `who`'s `GET` of a post.
async fn get_post(app: &TestApp, who: &User, id: &str) -> u16 {
    let path = format!("/api/plaza/posts/{id}");
    call(app, who, Method::GET, &path, None).await.status
}

/// `of`'s profile as `who` sees it.
async fn profile(app: &TestApp, who: &User, of: &User) -> Value {
    let path = format!("/api/users/{}", of.p.id);
    ok(app, who, Method::GET, &path, None).await.body["profile"].clone()
}

/// The usernames of `who`'s list of `kind`.
async fn list(app: &TestApp, who: &User, kind: &str) -> Vec<String> {
    let r = ok(
        app,
        who,
        Method::GET,
        &format!("/api/blocks?kind={kind}"),
        None,
    )
    .await;
    assert_eq!(r.headers["cache-control"], "no-store");
    r.body["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["person"]["username"].as_str().unwrap().to_owned())
        .collect()
}

/// `who`'s notifications, newest first.
async fn inbox(app: &TestApp, who: &User) -> Vec<Value> {
    let r = ok(app, who, Method::GET, "/api/notifications", None).await;
    r.body["notifications"].as_array().unwrap().clone()
}

/// Whom `who` is offered for `@q`.
async fn suggested(app: &TestApp, who: &User, q: &str) -> Vec<String> {
    let r = ok(
        app,
        who,
        Method::GET,
        &format!("/api/mentions/suggestions?q={q}"),
        None,
    )
    .await;
    r.body["people"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap().to_owned())
        .collect()
}

/// A public group of `owner` (`policy`: `open` or `approval`) that each of `members` joins; its
/// id.
async fn club(app: &TestApp, owner: &User, policy: &str, members: &[&User]) -> String {
    let g = app
        .create_group(
            &owner.p,
            &format!("{} 的小组", owner.name),
            "public",
            policy,
        )
        .await;
    let gid = g["id"].as_str().unwrap().to_owned();
    for m in members {
        let path = format!("/api/groups/{gid}/join");
        let r = ok(app, m, Method::POST, &path, Some(json!({}))).await;
        assert_eq!(r.body["outcome"], "joined", "{:?}", r.body);
    }
    gid
}

/// The usernames of `people`, sorted.
fn names(people: &[&User]) -> Vec<String> {
    let mut v: Vec<String> = people.iter().map(|p| p.name.to_owned()).collect();
    v.sort();
    v
}

#[tokio::test]
async fn a_block_hides_both_ways_a_mute_one_way_and_undoing_restores_everything() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = someone(&app, "ann").await;
        let bob = someone(&app, "bob").await;
        let mia = someone(&app, "mia").await;
        let cat = someone(&app, "cat").await;
        let bio = Some(json!({ "bio": "我是鲍勃" }));
        ok(&app, &bob, Method::PATCH, "/api/account/profile", bio).await;
        let mut posts = Vec::new();
        for p in [&ann, &bob, &mia, &cat] {
            posts.push(post(&app, p, &format!("读书笔记 reading notes {}", p.name)).await);
        }
        let (anns, bobs, mias, cats) = (&posts[0], &posts[1], &posts[2], &posts[3]);
        let comments = format!("/api/plaza/posts/{cats}/comments");
        for p in [&ann, &bob, &mia] {
            ok(
                &app,
                p,
                Method::POST,
                &comments,
                Some(json!({ "body": "同意" })),
            )
            .await;
        }
        let gid = club(&app, &cat, "open", &[&ann, &bob, &mia]).await;
        let mut articles = Vec::new();
        for p in [&ann, &bob, &mia, &cat] {
            let title = format!("{} 的书单", p.name);
            articles.push(app.published_article(&p.p, &gid, &title).await);
        }
        let replies = format!("/api/groups/{gid}/articles/{}/replies", articles[3]);
        for p in [&ann, &bob, &mia] {
            ok(
                &app,
                p,
                Method::POST,
                &replies,
                Some(json!({ "body": "好书" })),
            )
            .await;
        }

        // Bob blocks Ann; Ann mutes Mia.
        let r = set(&app, &bob, &ann, "block").await;
        assert_eq!(r.status, 200);
        assert_eq!(r.body["block"]["kind"], "block");
        assert_eq!(r.body["block"]["person"]["username"], "ann");
        assert_eq!(r.body["block"]["person"]["id"], ann.p.id.as_str());
        set(&app, &ann, &mia, "mute").await;

        let everyone = names(&[&ann, &bob, &mia, &cat]);
        // The feed: Ann sees neither the blocker nor the muted; Bob does not see Ann; Mia (who
        // was muted, silently) and Cat see everyone.
        assert_eq!(
            feed(&app, &ann).await,
            names(&[&ann, &cat]),
            "on {}",
            app.db_url
        );
        assert_eq!(feed(&app, &bob).await, names(&[&bob, &mia, &cat]));
        assert_eq!(feed(&app, &mia).await, everyone);
        assert_eq!(feed(&app, &cat).await, everyone);
        // The comments under Cat's post, as the feed.
        assert_eq!(seen(&app, &ann, &comments, "comments").await, ["ann"]);
        assert_eq!(
            seen(&app, &bob, &comments, "comments").await,
            names(&[&bob, &mia])
        );
        assert_eq!(seen(&app, &cat, &comments, "comments").await.len(), 3);
        // A group's articles and an article's replies.
        let group_articles = format!("/api/groups/{gid}/articles");
        assert_eq!(
            seen(&app, &ann, &group_articles, "articles").await,
            names(&[&ann, &cat])
        );
        assert_eq!(
            seen(&app, &bob, &group_articles, "articles").await,
            names(&[&bob, &mia, &cat])
        );
        assert_eq!(seen(&app, &ann, &replies, "replies").await, ["ann"]);
        assert_eq!(
            seen(&app, &bob, &replies, "replies").await,
            names(&[&bob, &mia])
        );
        // A single post: a block hides it both ways, a mute does not.
        assert_eq!(get_post(&app, &ann, bobs).await, 404);
        assert_eq!(get_post(&app, &bob, anns).await, 404);
        assert_eq!(get_post(&app, &ann, mias).await, 200);

        // Profiles: who they are, none of their content.
        let p = profile(&app, &ann, &bob).await;
        assert_eq!(
            (&p["username"], &p["blocked"], &p["myBlock"], &p["bio"]),
            (&json!("bob"), &json!(true), &Value::Null, &Value::Null)
        );
        let p = profile(&app, &bob, &ann).await;
        assert_eq!(
            (&p["blocked"], &p["myBlock"]),
            (&json!(true), &json!("block"))
        );
        let p = profile(&app, &cat, &bob).await;
        assert_eq!(
            (&p["blocked"], &p["myBlock"], &p["bio"]),
            (&json!(false), &Value::Null, &json!("我是鲍勃"))
        );
        let p = profile(&app, &ann, &mia).await;
        assert_eq!(
            (&p["blocked"], &p["myBlock"]),
            (&json!(false), &json!("mute"))
        );
        for kind in ["posts", "articles", "groups"] {
            for (who, of) in [(&ann, &bob), (&bob, &ann)] {
                let path = format!("/api/users/{}/{kind}", of.p.id);
                let r = ok(&app, who, Method::GET, &path, None).await;
                assert_eq!(r.body[kind], json!([]), "{kind}: {:?}", r.body);
            }
            let path = format!("/api/users/{}/{kind}", ann.p.id);
            let r = ok(&app, &cat, Method::GET, &path, None).await;
            assert_eq!(
                r.body[kind].as_array().unwrap().len(),
                1,
                "{kind}: {:?}",
                r.body
            );
        }
        // A muted person's profile still shows what they wrote.
        let path = format!("/api/users/{}/posts", mia.p.id);
        assert_eq!(seen(&app, &ann, &path, "posts").await, ["mia"]);

        // Search: once Cat finds everything, Ann finds only what she may see.
        indexed(&app, &cat, "posts", "reading", 4).await;
        assert_eq!(
            found(&app, &ann, "posts", "reading").await,
            names(&[&ann, &cat])
        );
        assert_eq!(
            found(&app, &bob, "posts", "reading").await,
            names(&[&bob, &mia, &cat])
        );
        indexed(&app, &cat, "replies", "好书", 3).await;
        assert_eq!(found(&app, &ann, "replies", "好书").await, ["ann"]);
        indexed(&app, &cat, "articles", "书单", 4).await;
        assert_eq!(
            found(&app, &ann, "articles", "书单").await,
            names(&[&ann, &cat])
        );
        indexed(&app, &cat, "people", "bob", 1).await;
        assert!(found(&app, &ann, "people", "bob").await.is_empty());
        assert!(found(&app, &bob, "people", "ann").await.is_empty());

        // The lists, a kind each.
        assert_eq!(list(&app, &bob, "block").await, ["ann"]);
        assert!(list(&app, &bob, "mute").await.is_empty());
        assert_eq!(list(&app, &ann, "mute").await, ["mia"]);
        assert!(list(&app, &ann, "block").await.is_empty());
        // Blocking someone muted turns the mute into a block; muting again softens it.
        let r = set(&app, &ann, &mia, "block").await;
        assert_eq!(r.body["block"]["kind"], "block");
        assert_eq!(list(&app, &ann, "block").await, ["mia"]);
        assert!(list(&app, &ann, "mute").await.is_empty());
        set(&app, &ann, &mia, "mute").await;

        // Undone, everything shows again.
        assert_eq!(undo(&app, &bob, &ann).await.status, 204);
        assert_eq!(undo(&app, &ann, &mia).await.status, 204);
        assert_eq!(
            undo(&app, &ann, &mia).await.status,
            404,
            "nothing left to undo"
        );
        assert_eq!(feed(&app, &ann).await, everyone);
        assert_eq!(feed(&app, &bob).await, everyone);
        assert_eq!(seen(&app, &ann, &comments, "comments").await.len(), 3);
        assert_eq!(seen(&app, &ann, &replies, "replies").await.len(), 3);
        assert_eq!(get_post(&app, &ann, bobs).await, 200);
        let p = profile(&app, &ann, &bob).await;
        assert_eq!(
            (&p["blocked"], &p["bio"]),
            (&json!(false), &json!("我是鲍勃"))
        );
        assert_eq!(found(&app, &ann, "posts", "reading").await, everyone);
        assert!(list(&app, &bob, "block").await.is_empty());
    }
}

#[tokio::test]
async fn the_two_cannot_answer_like_or_mention_each_other_and_are_told_why() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = someone(&app, "ann").await;
        let bob = someone(&app, "bob").await;
        let mia = someone(&app, "mia").await;
        let anns = post(&app, &ann, "ann's").await;
        let bobs = post(&app, &bob, "bob's").await;
        let gid = club(&app, &bob, "open", &[&ann, &mia]).await;
        let bobs_article = app.published_article(&bob.p, &gid, "Bob 的文章").await;
        let mias_article = app.published_article(&mia.p, &gid, "Mia 的文章").await;
        let mias_replies = format!("/api/groups/{gid}/articles/{mias_article}/replies");
        let r = ok(
            &app,
            &bob,
            Method::POST,
            &mias_replies,
            Some(json!({ "body": "bob 的回应" })),
        )
        .await;
        let bobs_reply = r.body["reply"]["id"].as_str().unwrap().to_owned();
        set(&app, &bob, &ann, "block").await;
        set(&app, &ann, &mia, "mute").await;

        // What the blocked one is refused, in either language.
        let attempts: Vec<(Method, String, Option<Value>)> = vec![
            (
                Method::POST,
                format!("/api/plaza/posts/{bobs}/comments"),
                Some(json!({ "body": "你好" })),
            ),
            (Method::PUT, format!("/api/plaza/posts/{bobs}/like"), None),
            (
                Method::POST,
                "/api/plaza/posts".into(),
                Some(json!({ "body": "你好 @bob" })),
            ),
            (
                Method::POST,
                format!("/api/plaza/posts/{anns}/comments"),
                Some(json!({ "body": "听说 @Bob 也来" })),
            ),
            (
                Method::POST,
                format!("/api/groups/{gid}/articles/{bobs_article}/replies"),
                Some(json!({ "body": "你好" })),
            ),
            (
                Method::POST,
                mias_replies.clone(),
                Some(json!({ "body": "引用", "quoteId": bobs_reply })),
            ),
            (
                Method::POST,
                mias_replies.clone(),
                Some(json!({ "body": "@bob 你好" })),
            ),
        ];
        for (method, path, body) in &attempts {
            let client = &ann.p.client;
            let en = request(&app, client, None, method.clone(), path, body.clone(), "en").await;
            assert_eq!(
                (en.status, en.code()),
                (403, "blocked"),
                "{path}: {:?}",
                en.body
            );
            assert!(en.message().contains("blocked"), "{}", en.message());
            let zh = request(&app, client, None, method.clone(), path, body.clone(), "zh").await;
            assert_eq!((zh.status, zh.code()), (403, "blocked"));
            assert!(zh.message().contains("屏蔽"), "{}", zh.message());
        }
        // Nothing of it was stored.
        let path = format!("/api/plaza/posts/{bobs}");
        let r = ok(&app, &bob, Method::GET, &path, None).await;
        assert_eq!(
            (
                &r.body["post"]["commentCount"],
                &r.body["post"]["likeCount"]
            ),
            (&json!(0), &json!(0))
        );
        // The blocker is refused the same towards the blocked one.
        let path = format!("/api/plaza/posts/{anns}/comments");
        let r = call(
            &app,
            &bob,
            Method::POST,
            &path,
            Some(json!({ "body": "hi" })),
        )
        .await;
        assert_eq!((r.status, r.code()), (403, "blocked"));
        let path = format!("/api/plaza/posts/{anns}/like");
        let r = call(&app, &bob, Method::PUT, &path, None).await;
        assert_eq!((r.status, r.code()), (403, "blocked"));
        // A mute refuses nothing: Mia answers, likes and names the one who muted her.
        let path = format!("/api/plaza/posts/{anns}/comments");
        ok(
            &app,
            &mia,
            Method::POST,
            &path,
            Some(json!({ "body": "你好 @ann" })),
        )
        .await;
        let path = format!("/api/plaza/posts/{anns}/like");
        ok(&app, &mia, Method::PUT, &path, None).await;

        // Mention suggestions leave out a block either way, not a mute.
        assert!(suggested(&app, &ann, "bo").await.is_empty());
        assert!(suggested(&app, &bob, "an").await.is_empty());
        assert_eq!(suggested(&app, &ann, "mi").await, ["mia"]);

        // Undone, all of it is allowed again.
        undo(&app, &bob, &ann).await;
        assert_eq!(suggested(&app, &ann, "bo").await, ["bob"]);
        for (method, path, body) in attempts {
            let r = call(&app, &ann, method, &path, body).await;
            assert!(r.status < 300, "{path}: {:?}", r.body);
        }
    }
}

#[tokio::test]
async fn no_act_of_a_blocked_or_muted_person_reaches_the_other_as_a_notification() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = someone(&app, "ann").await;
        let bob = someone(&app, "bob").await;
        let mia = someone(&app, "mia").await;
        let anns = post(&app, &ann, "ann's").await;
        // Groups that ask to join: their managers are told of each request.
        let anns_club = club(&app, &ann, "approval", &[]).await;
        let bobs_club = club(&app, &bob, "approval", &[]).await;
        set(&app, &bob, &ann, "block").await;
        set(&app, &ann, &mia, "mute").await;

        // Mia, muted by Ann, comments, likes and names her: stored, and Ann hears nothing.
        let comments = format!("/api/plaza/posts/{anns}/comments");
        ok(
            &app,
            &mia,
            Method::POST,
            &comments,
            Some(json!({ "body": "你好 @ann" })),
        )
        .await;
        let like = format!("/api/plaza/posts/{anns}/like");
        ok(&app, &mia, Method::PUT, &like, None).await;
        post(&app, &mia, "想念 @ann").await;
        // Bob and Ann ask to join each other's groups: neither manager is told.
        for (who, gid) in [(&bob, &anns_club), (&ann, &bobs_club)] {
            let path = format!("/api/groups/{gid}/join");
            let asked = Some(json!({ "message": "请让我加入" }));
            let r = ok(&app, who, Method::POST, &path, asked).await;
            assert_eq!(r.body["outcome"], "requested", "{:?}", r.body);
        }
        let told = inbox(&app, &ann).await;
        assert!(told.is_empty(), "on {}: {told:?}", app.db_url);
        let told = inbox(&app, &bob).await;
        assert!(told.is_empty(), "{told:?}");

        // Undone, Mia's acts reach Ann again.
        undo(&app, &ann, &mia).await;
        ok(
            &app,
            &mia,
            Method::POST,
            &comments,
            Some(json!({ "body": "再说一次" })),
        )
        .await;
        let told = inbox(&app, &ann).await;
        assert_eq!(told.len(), 1, "{told:?}");
        assert_eq!(
            (&told[0]["kind"], &told[0]["actor"]["username"]),
            (&json!("replied"), &json!("mia"))
        );
    }
}

#[tokio::test]
async fn bad_input_is_a_clear_4xx() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = someone(&app, "ann").await;
        let bob = someone(&app, "bob").await;
        let client = &ann.p.client;
        let block = Some(json!({ "kind": "block" }));
        let mine = format!("/api/blocks/{}", ann.p.id);
        let r = request(&app, client, None, Method::PUT, &mine, block.clone(), "en").await;
        assert_eq!(
            (r.status, r.code()),
            (422, "cannot_block_self"),
            "{:?}",
            r.body
        );
        assert_eq!(r.message(), "You can't block or mute yourself");
        let r = request(&app, client, None, Method::PUT, &mine, block.clone(), "zh").await;
        assert_eq!(r.message(), "不能屏蔽或静音自己");
        let bobs = format!("/api/blocks/{}", bob.p.id);
        let ban = Some(json!({ "kind": "ban" }));
        let r = request(&app, client, None, Method::PUT, &bobs, ban, "en").await;
        assert_eq!(
            (r.status, r.code()),
            (422, "invalid_block_kind"),
            "{:?}",
            r.body
        );
        assert!(r.body["fields"]["kind"].is_string(), "{:?}", r.body);
        let extra = Some(json!({ "kind": "block", "why": "x" }));
        let r = request(&app, client, None, Method::PUT, &bobs, extra, "en").await;
        assert_eq!(r.status, 400, "an unknown field: {:?}", r.body);
        let r = request(
            &app,
            client,
            None,
            Method::PUT,
            &bobs,
            Some(json!({})),
            "en",
        )
        .await;
        assert_eq!(r.status, 400, "no kind: {:?}", r.body);
        let nobody = format!("/api/blocks/{}", uuid::Uuid::new_v4());
        let r = request(
            &app,
            client,
            None,
            Method::PUT,
            &nobody,
            block.clone(),
            "en",
        )
        .await;
        assert_eq!((r.status, r.code()), (404, "not_found"), "{:?}", r.body);
        let r = request(
            &app,
            client,
            None,
            Method::PUT,
            "/api/blocks/x",
            block.clone(),
            "en",
        )
        .await;
        assert_eq!(r.status, 404);
        let r = request(&app, client, None, Method::DELETE, &bobs, None, "zh").await;
        assert_eq!((r.status, r.code()), (404, "not_found"));
        assert_eq!(r.message(), "你没有屏蔽或静音此人");

        for (query, code) in [
            ("", "invalid_query"),
            ("?kind=ban", "invalid_query"),
            ("?kind=block&cursor=nope", "invalid_cursor"),
            ("?kind=block&limit=0", "invalid_limit"),
            ("?kind=mute&limit=51", "invalid_limit"),
        ] {
            let r = call(
                &app,
                &ann,
                Method::GET,
                &format!("/api/blocks{query}"),
                None,
            )
            .await;
            assert_eq!((r.status, r.code()), (400, code), "{query}: {:?}", r.body);
        }
        // Signed out.
        let stranger = browser(&app.address);
        let r = request(
            &app,
            &stranger,
            None,
            Method::GET,
            "/api/blocks?kind=block",
            None,
            "en",
        )
        .await;
        assert_eq!(r.status, 401);
        let r = request(
            &app,
            &stranger,
            None,
            Method::PUT,
            &bobs,
            block.clone(),
            "en",
        )
        .await;
        assert_eq!(r.status, 401);

        // A token reads the lists with account:read and changes them with account:write.
        let mut tokens = Vec::new();
        for scopes in [
            json!(["account:read"]),
            json!(["account:read", "account:write"]),
        ] {
            let asked = json!({ "name": "blocks", "scopes": scopes, "expiresInDays": 7 });
            let r = ok(&app, &ann, Method::POST, "/api/tokens", Some(asked)).await;
            tokens.push(format!("Bearer {}", r.body["secret"].as_str().unwrap()));
        }
        let (reader, writer) = (Some(tokens[0].as_str()), Some(tokens[1].as_str()));
        let script = reqwest::Client::new();
        let mute = Some(json!({ "kind": "mute" }));
        let r = request(
            &app,
            &script,
            reader,
            Method::GET,
            "/api/blocks?kind=block",
            None,
            "en",
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = request(
            &app,
            &script,
            reader,
            Method::PUT,
            &bobs,
            mute.clone(),
            "en",
        )
        .await;
        assert_eq!(r.status, 403, "{:?}", r.body);
        let r = request(&app, &script, writer, Method::PUT, &bobs, mute, "en").await;
        assert_eq!((r.status, &r.body["block"]["kind"]), (200, &json!("mute")));
        let r = request(&app, &script, writer, Method::DELETE, &bobs, None, "en").await;
        assert_eq!(r.status, 204);
    }
}
