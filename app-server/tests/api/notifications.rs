//! Notifications over HTTP, on SQLite and PostgreSQL: who is told of a comment, a reply, a
//! quote, a like (folded) and a mention; that a private group's notices reach only those who may
//! read it and lose their content when the recipient no longer may; preferences; read marks;
//! the inbox's pages (a full one over every kind of subject in a few statements); token scopes;
//! the live stream (its first count, new notifications within 1 s, a resume with
//! `Last-Event-ID` sending each missed one exactly once, plaza news); and two instances over one
//! PostgreSQL behaving as one.

use crate::helpers::{
    PASSWORD, Person, Reply, TestApp, browser, reply, requests_statements, spawn_app, spawn_on,
};
use adapter_postgres::testing::TestDb;
use eventsource_stream::Eventsource;
use futures_util::{Stream, StreamExt};
use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use serde_json::{Value, json};
use std::pin::Pin;
use std::time::Duration;

impl TestApp {
    async fn call(&self, who: &Person, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.send(&who.client, method, path, body, "en").await
    }

    async fn inbox(&self, who: &Person) -> Vec<Value> {
        let r = self
            .call(who, Method::GET, "/api/notifications", None)
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        r.body["notifications"].as_array().unwrap().clone()
    }

    async fn plaza_post(&self, who: &Person, body: &str) -> String {
        let r = self
            .call(
                who,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": body })),
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["post"]["id"].as_str().unwrap().to_owned()
    }

    async fn comment(&self, who: &Person, post: &str, body: &str) {
        let r = self
            .call(
                who,
                Method::POST,
                &format!("/api/plaza/posts/{post}/comments"),
                Some(json!({ "body": body })),
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
    }

    async fn group_reply(&self, who: &Person, gid: &str, aid: &str, body: &str) -> Reply {
        self.call(
            who,
            Method::POST,
            &format!("/api/groups/{gid}/articles/{aid}/replies"),
            Some(json!({ "body": body })),
        )
        .await
    }

    async fn enters_open(&self, who: &Person, gid: &str) {
        let r = self
            .call(
                who,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({})),
            )
            .await;
        assert_eq!(r.body["outcome"], "joined", "{:?}", r.body);
    }
}

fn kinds(rows: &[Value]) -> Vec<&str> {
    rows.iter().map(|n| n["kind"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_comment_tells_the_posts_author_and_a_mention_tells_who_is_named() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = app.person("ann").await;
        let bob = app.person("bob").await;
        let cat = app.person("cat").await;
        let post = app.plaza_post(&ann, "周末去爬山").await;
        app.comment(&bob, &post, "同去！@cat 也来吧").await;
        let anns = app.inbox(&ann).await;
        assert_eq!(kinds(&anns), vec!["replied"], "{anns:?}");
        let n = &anns[0];
        assert_eq!(n["actor"]["username"], "bob");
        assert_eq!(n["subject"]["type"], "plaza_comment");
        assert_eq!(n["subject"]["postId"], post.as_str());
        assert_eq!(n["subject"]["readable"], true);
        assert_eq!(n["detail"], "同去！@cat 也来吧");
        assert_eq!(n["read"], false);
        assert_eq!(kinds(&app.inbox(&cat).await), vec!["mentioned"]);
        assert!(
            app.inbox(&bob).await.is_empty(),
            "nobody hears of their own act"
        );
        // Ann comments on her own post: nobody to tell.
        app.comment(&ann, &post, "好").await;
        assert_eq!(app.inbox(&ann).await.len(), 1);
    }
}

#[tokio::test]
async fn likes_fold_into_one_notification_per_post() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = app.person("ann").await;
        let post = app.plaza_post(&ann, "晚霞").await;
        for name in ["fan1", "fan2", "fan3"] {
            let fan = app.person(name).await;
            let r = app
                .call(
                    &fan,
                    Method::PUT,
                    &format!("/api/plaza/posts/{post}/like"),
                    None,
                )
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        let rows = app.inbox(&ann).await;
        assert_eq!(kinds(&rows), vec!["liked"]);
        assert_eq!(rows[0]["others"], 2, "fan3 and 2 others");
        assert_eq!(rows[0]["actor"]["username"], "fan3");
    }
}

#[tokio::test]
async fn a_private_groups_notices_reach_only_its_members_and_lose_their_content_after_leaving() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("oona").await;
        let member = app.person("mia").await;
        let stranger = app.person("sam").await;
        let g = app
            .create_group(&owner, "私密读书会", "private", "approval")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        // Mia asks to join: the owner is told; approved, Mia is told.
        let asked = app
            .call(
                &member,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({ "message": "请让我加入" })),
            )
            .await;
        assert_eq!(asked.body["outcome"], "requested", "{:?}", asked.body);
        let told = app.inbox(&owner).await;
        assert_eq!(kinds(&told), vec!["join_requested"], "{told:?}");
        assert_eq!(told[0]["subject"]["title"], "私密读书会");
        assert_eq!(told[0]["actor"]["username"], "mia");
        let pending = app
            .call(
                &owner,
                Method::GET,
                &format!("/api/groups/{gid}/requests"),
                None,
            )
            .await;
        let rid = pending.body["requests"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let approved = app
            .call(
                &owner,
                Method::POST,
                &format!("/api/groups/{gid}/requests/{rid}/approve"),
                Some(json!({ "role": "member" })),
            )
            .await;
        assert_eq!(approved.status, 200, "{:?}", approved.body);
        let decided = app.inbox(&member).await;
        assert_eq!(kinds(&decided), vec!["join_decided"]);
        assert_eq!(decided[0]["detail"], "approved");
        app.call(
            &owner,
            Method::POST,
            "/api/notifications/read-all",
            Some(json!({})),
        )
        .await;
        let aid = app.published_article(&owner, &gid, "秘密书单").await;
        let r = app
            .group_reply(&member, &gid, &aid, "好书 @oona @sam 看看")
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        assert!(
            app.inbox(&stranger).await.is_empty(),
            "a stranger hears nothing"
        );
        let owners: Vec<Value> = app
            .inbox(&owner)
            .await
            .into_iter()
            .filter(|n| n["read"] == false)
            .collect();
        assert!(kinds(&owners).contains(&"replied"), "{owners:?}");
        let replied = owners.iter().find(|n| n["kind"] == "replied").unwrap();
        assert_eq!(replied["subject"]["title"], "秘密书单");
        assert_eq!(replied["subject"]["type"], "reply");

        // The owner mentions the member in a reply; the member then leaves: the notice stays,
        // without its content.
        let r = app.group_reply(&owner, &gid, &aid, "@mia 谢谢推荐").await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let before = app.inbox(&member).await;
        let mention = before.iter().find(|n| n["kind"] == "mentioned").unwrap();
        assert_eq!(mention["detail"], "@mia 谢谢推荐");
        let left = app
            .call(
                &member,
                Method::DELETE,
                &format!("/api/groups/{gid}/membership"),
                None,
            )
            .await;
        assert_eq!(left.status, 200, "{:?}", left.body);
        let after = app.inbox(&member).await;
        let mention = after.iter().find(|n| n["kind"] == "mentioned").unwrap();
        assert_eq!(mention["subject"]["readable"], false);
        assert_eq!(mention["subject"]["title"], Value::Null);
        assert_eq!(
            mention["detail"],
            Value::Null,
            "no content once they may not read it"
        );
    }
}

#[tokio::test]
async fn a_kind_turned_off_is_not_recorded_and_unknown_kinds_are_refused() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = app.person("ann").await;
        let bob = app.person("bob").await;
        let prefs = app
            .call(&ann, Method::GET, "/api/notifications/preferences", None)
            .await;
        assert_eq!(prefs.status, 200);
        assert!(
            prefs.body["kinds"]
                .as_array()
                .unwrap()
                .iter()
                .all(|k| k["enabled"] == true)
        );
        let set = app
            .call(
                &ann,
                Method::PUT,
                "/api/notifications/preferences",
                Some(json!({ "muted": ["liked"] })),
            )
            .await;
        assert_eq!(set.status, 200, "{:?}", set.body);
        let liked = set.body["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == "liked")
            .unwrap()
            .clone();
        assert_eq!(liked["enabled"], false);
        let post = app.plaza_post(&ann, "月亮").await;
        app.call(
            &bob,
            Method::PUT,
            &format!("/api/plaza/posts/{post}/like"),
            None,
        )
        .await;
        app.comment(&bob, &post, "美").await;
        assert_eq!(kinds(&app.inbox(&ann).await), vec!["replied"]);

        let bad = app
            .send(
                &ann.client,
                Method::PUT,
                "/api/notifications/preferences",
                Some(json!({ "muted": ["liked", "nonsense"] })),
                "zh",
            )
            .await;
        assert_eq!(bad.status, 422, "{:?}", bad.body);
        assert_eq!(bad.code(), "invalid_notification_preferences");
        assert_eq!(bad.body["fields"]["muted[1]"], "没有这种通知");
    }
}

#[tokio::test]
async fn read_marks_the_unread_count_and_the_inbox_pages() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = app.person("ann").await;
        let bob = app.person("bob").await;
        let post = app.plaza_post(&ann, "问题").await;
        for i in 0..5 {
            app.comment(&bob, &post, &format!("回答 {i}")).await;
        }
        let count = app
            .call(&ann, Method::GET, "/api/notifications/unread-count", None)
            .await;
        assert_eq!(count.body["unread"], 5);
        let page = app
            .call(&ann, Method::GET, "/api/notifications?limit=2", None)
            .await;
        let seqs: Vec<i64> = page.body["notifications"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["seq"].as_i64().unwrap())
            .collect();
        assert_eq!(seqs, vec![5, 4]);
        let next = page.body["nextCursor"].as_str().unwrap().to_owned();
        let last = app
            .call(
                &ann,
                Method::GET,
                &format!("/api/notifications?limit=3&cursor={next}"),
                None,
            )
            .await;
        assert_eq!(last.body["notifications"].as_array().unwrap().len(), 3);
        assert_eq!(last.body["nextCursor"], Value::Null);
        for bad in ["abc", "-1", "0"] {
            let r = app
                .call(
                    &ann,
                    Method::GET,
                    &format!("/api/notifications?cursor={bad}"),
                    None,
                )
                .await;
            assert_eq!((r.status, r.code()), (400, "invalid_cursor"), "{bad}");
        }

        let newest = page.body["notifications"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let not_bobs = app
            .call(
                &bob,
                Method::POST,
                &format!("/api/notifications/{newest}/read"),
                None,
            )
            .await;
        assert_eq!(not_bobs.status, 404, "nobody marks someone else's");
        let one = app
            .call(
                &ann,
                Method::POST,
                &format!("/api/notifications/{newest}/read"),
                None,
            )
            .await;
        assert_eq!((one.status, &one.body["unread"]), (200, &json!(4)));
        let seen = app
            .call(
                &ann,
                Method::POST,
                "/api/notifications/read-all",
                Some(json!({ "upTo": 3 })),
            )
            .await;
        assert_eq!(seen.body["changed"], 3);
        assert_eq!(
            seen.body["unread"], 1,
            "the fourth came after what was seen"
        );
        let all = app
            .call(
                &ann,
                Method::POST,
                "/api/notifications/read-all",
                Some(json!({})),
            )
            .await;
        assert_eq!(all.body["unread"], 0);
        let stranger = reqwest::Client::new();
        let r = reply(
            stranger
                .get(app.url("/api/notifications"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 401);
    }
}

#[tokio::test]
async fn tokens_read_with_notifications_read_and_mark_with_notifications_write() {
    let app = spawn_app(TestDb::sqlite().await).await;
    let ann = app.person("ann").await;
    let token = |scopes: Value| {
        let app = &app;
        let ann = &ann;
        async move {
            let r = app
                .call(
                    ann,
                    Method::POST,
                    "/api/tokens",
                    Some(json!({ "name": "n", "scopes": scopes, "expiresInDays": 7 })),
                )
                .await;
            assert_eq!(r.status, 201, "{:?}", r.body);
            format!("Bearer {}", r.body["secret"].as_str().unwrap())
        }
    };
    let read = token(json!(["notifications:read"])).await;
    let plaza = token(json!(["plaza:read"])).await;
    let script = reqwest::Client::new();
    let get = |auth: String| {
        let script = script.clone();
        let url = app.url("/api/notifications");
        async move {
            reply(
                script
                    .get(url)
                    .header(AUTHORIZATION, auth)
                    .send()
                    .await
                    .unwrap(),
            )
            .await
        }
    };
    assert_eq!(get(read.clone()).await.status, 200);
    let refused = get(plaza).await;
    assert_eq!(refused.status, 403, "{:?}", refused.body);
    let mark = reply(
        script
            .post(app.url("/api/notifications/read-all"))
            .header(AUTHORIZATION, read)
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(mark.status, 403, "marking needs notifications:write");
}

type Events = Pin<Box<dyn Stream<Item = eventsource_stream::Event> + Send>>;

/// A browser's stream: the events of `GET /api/notifications/stream` (keep-alives dropped).
async fn open_stream(app: &TestApp, who: &Person, last_event_id: Option<i64>) -> Events {
    let mut req = who.client.get(app.url("/api/notifications/stream"));
    if let Some(id) = last_event_id {
        req = req.header("Last-Event-ID", id.to_string());
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    Box::pin(
        res.bytes_stream()
            .eventsource()
            .filter_map(|e| async move { e.ok() }),
    )
}

async fn next_event(events: &mut Events, within: Duration) -> eventsource_stream::Event {
    tokio::time::timeout(within, events.next())
        .await
        .expect("an event in time")
        .expect("the stream is open")
}

/// The next `notification` event's seq and data, skipping `unread` and `plaza` events.
async fn next_notification(events: &mut Events, within: Duration) -> (i64, Value) {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let e = next_event(events, left).await;
        if e.event == "notification" {
            let data: Value = serde_json::from_str(&e.data).unwrap();
            return (e.id.parse().unwrap(), data);
        }
    }
}

#[tokio::test]
async fn the_stream_carries_new_notifications_within_a_second_and_resumes_exactly_once() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = app.person("ann").await;
        let bob = app.person("bob").await;
        let post = app.plaza_post(&ann, "直播").await;
        let mut events = open_stream(&app, &ann, None).await;
        let first = next_event(&mut events, Duration::from_secs(5)).await;
        assert_eq!(
            (first.event.as_str(), first.data.as_str()),
            ("unread", r#"{"unread":0}"#)
        );

        app.comment(&bob, &post, "第一").await;
        let (seq, data) = next_notification(&mut events, Duration::from_secs(1)).await;
        assert_eq!(seq, 1);
        assert_eq!(data["notification"]["kind"], "replied");
        let count = next_event(&mut events, Duration::from_secs(1)).await;
        assert_eq!(
            (count.event.as_str(), count.data.as_str()),
            ("unread", r#"{"unread":1}"#)
        );

        // The tab goes away; three more arrive; it comes back with the last id it had.
        drop(events);
        for i in 2..=4 {
            app.comment(&bob, &post, &format!("第{i}")).await;
        }
        let mut resumed = open_stream(&app, &ann, Some(1)).await;
        let mut got = Vec::new();
        for _ in 0..3 {
            got.push(
                next_notification(&mut resumed, Duration::from_secs(2))
                    .await
                    .0,
            );
        }
        assert_eq!(got, vec![2, 3, 4], "each missed one, in order");
        app.comment(&bob, &post, "第五").await;
        assert_eq!(
            next_notification(&mut resumed, Duration::from_secs(1))
                .await
                .0,
            5,
            "not 2–4 again"
        );

        // A plaza post by anyone reaches every open stream.
        app.plaza_post(&bob, "新动态").await;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(1);
        loop {
            let e = next_event(&mut resumed, deadline - tokio::time::Instant::now()).await;
            if e.event == "plaza" {
                break;
            }
        }
    }
}

#[tokio::test]
async fn a_bad_last_event_id_is_refused_and_a_stream_needs_a_session_or_token() {
    let app = spawn_app(TestDb::sqlite().await).await;
    let ann = app.person("ann").await;
    let r = reply(
        ann.client
            .get(app.url("/api/notifications/stream"))
            .header("Last-Event-ID", "yesterday")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((r.status, r.code()), (400, "invalid_cursor"));
    let r = reply(
        reqwest::Client::new()
            .get(app.url("/api/notifications/stream"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, 401);
}

#[tokio::test]
async fn mention_suggestions_are_people_one_may_mention() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ann = app.person("ann").await;
        let _anna = app.person("anna").await;
        let andy = app.person("andy").await;
        let r = app
            .call(&ann, Method::GET, "/api/mentions/suggestions?q=an", None)
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let names: Vec<&str> = r.body["people"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["username"].as_str().unwrap())
            .collect();
        assert_eq!(names, vec!["andy", "anna"], "never oneself");
        let g = app
            .create_group(&ann, "小组 Mentions", "public", "open")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        app.enters_open(&andy, &gid).await;
        let r = app
            .call(
                &ann,
                Method::GET,
                &format!("/api/mentions/suggestions?q=an&groupId={gid}"),
                None,
            )
            .await;
        assert_eq!(
            r.body["people"].as_array().unwrap().len(),
            1,
            "members only: {:?}",
            r.body
        );
        assert_eq!(r.body["people"][0]["username"], "andy");
        let secret = app
            .create_group(&ann, "私密 Mentions", "private", "approval")
            .await;
        let sid = secret["id"].as_str().unwrap();
        let r = app
            .call(
                &andy,
                Method::GET,
                &format!("/api/mentions/suggestions?q=an&groupId={sid}"),
                None,
            )
            .await;
        assert_eq!(
            r.status, 404,
            "a private group's members are its members' to see"
        );
        let r = app
            .send(
                &ann.client,
                Method::GET,
                "/api/mentions/suggestions?q=",
                None,
                "zh",
            )
            .await;
        assert_eq!((r.status, r.code()), (400, "invalid_mention_query"));
    }
}

#[tokio::test]
async fn two_instances_over_one_postgres_behave_as_one() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (pool, url) = (db.db.clone(), db.url.clone());
    let a = spawn_app(db).await;
    let b = spawn_on(pool, &url, |_| {}).await;
    let ann = a.person("ann").await;
    let bob = a.person("bob").await;
    let post = a.plaza_post(&ann, "跨实例").await;
    // Sessions live in the database: Bob signs in on B (its own origin) as a second device.
    let bob_on_b = Person {
        client: browser(&b.address),
        id: bob.id.clone(),
    };
    let signed_in = b.login_as(&bob_on_b.client, "bob", PASSWORD).await;
    assert_eq!(signed_in.status, 200, "{:?}", signed_in.body);
    let ann_on_b = Person {
        client: browser(&b.address),
        id: ann.id.clone(),
    };
    let signed_in = b.login_as(&ann_on_b.client, "ann", PASSWORD).await;
    assert_eq!(signed_in.status, 200, "{:?}", signed_in.body);
    // Ann's stream is on A; Bob writes through B.
    let mut events = open_stream(&a, &ann, None).await;
    next_event(&mut events, Duration::from_secs(5)).await;
    // The first wake-up may wait for A's listener to connect.
    b.comment(&bob_on_b, &post, "从 B 来").await;
    assert_eq!(
        next_notification(&mut events, Duration::from_secs(5))
            .await
            .0,
        1
    );
    let started = tokio::time::Instant::now();
    b.comment(&bob_on_b, &post, "再来").await;
    assert_eq!(
        next_notification(&mut events, Duration::from_secs(1))
            .await
            .0,
        2
    );
    eprintln!(
        "cross-instance delivery: {} ms",
        started.elapsed().as_millis()
    );
    // Cut, two more written through A, resumed on B: each once, in order.
    drop(events);
    a.comment(&bob, &post, "断线时一").await;
    a.comment(&bob, &post, "断线时二").await;
    let mut on_b = open_stream(&b, &ann_on_b, Some(2)).await;
    assert_eq!(
        next_notification(&mut on_b, Duration::from_secs(2)).await.0,
        3
    );
    assert_eq!(
        next_notification(&mut on_b, Duration::from_secs(2)).await.0,
        4
    );
    a.comment(&bob, &post, "之后").await;
    assert_eq!(
        next_notification(&mut on_b, Duration::from_secs(1)).await.0,
        5
    );
}

#[tokio::test]
async fn two_instances_with_the_redis_bus_behave_as_one_and_catch_up_after_an_outage() {
    use app_server::http::notifications::settings::{BusChoice, NotificationSettings};
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let Some(mut redis) = adapter_redis::testing::OwnRedis::new() else {
        return;
    };
    redis.start().await;
    let bus = redis.url();
    let with_redis = move |c: &mut app_server::config::Config| {
        c.areas.get_mut::<NotificationSettings>().bus = BusChoice::Redis { url: bus.clone() };
    };
    let (pool, url) = (db.db.clone(), db.url.clone());
    let a = crate::helpers::spawn_app_with(db, with_redis.clone()).await;
    let b = spawn_on(pool, &url, with_redis).await;
    let ann = a.person("ann").await;
    a.person("bob").await;
    let bob_on_b = Person {
        client: browser(&b.address),
        id: String::new(),
    };
    let signed_in = b.login_as(&bob_on_b.client, "bob", PASSWORD).await;
    assert_eq!(signed_in.status, 200, "{:?}", signed_in.body);
    let post = a.plaza_post(&ann, "经由 Redis").await;
    let mut events = open_stream(&a, &ann, None).await;
    next_event(&mut events, Duration::from_secs(5)).await;
    // The first wake-up may wait for the buses to subscribe.
    b.comment(&bob_on_b, &post, "一").await;
    assert_eq!(
        next_notification(&mut events, Duration::from_secs(5))
            .await
            .0,
        1
    );
    let started = tokio::time::Instant::now();
    b.comment(&bob_on_b, &post, "二").await;
    assert_eq!(
        next_notification(&mut events, Duration::from_secs(1))
            .await
            .0,
        2
    );
    eprintln!(
        "cross-instance delivery through Redis: {} ms",
        started.elapsed().as_millis()
    );

    // The broker goes away: writes go on, the inbox holds them; the stream catches up, each
    // once and in order, when the broker is back.
    redis.stop();
    b.comment(&bob_on_b, &post, "三").await;
    b.comment(&bob_on_b, &post, "四").await;
    let inbox = a.inbox(&ann).await;
    assert_eq!(inbox.len(), 4, "nothing lost while the broker is down");
    tokio::time::sleep(Duration::from_secs(2)).await;
    redis.start().await;
    assert_eq!(
        next_notification(&mut events, Duration::from_secs(5))
            .await
            .0,
        3
    );
    assert_eq!(
        next_notification(&mut events, Duration::from_secs(1))
            .await
            .0,
        4
    );
    b.comment(&bob_on_b, &post, "五").await;
    assert_eq!(
        next_notification(&mut events, Duration::from_secs(3))
            .await
            .0,
        5,
        "live again, 3 and 4 not repeated"
    );
}

/// A full page of the inbox over every kind of subject — plaza posts and comments, a group,
/// articles and replies, two of them gone — answers each row as its recipient may see it now,
/// and reads the subjects in batches: the page costs the same few statements whatever it holds
/// (the session, the page, the actors, the unread count, then one read per kind of subject).
#[tokio::test]
async fn a_full_inbox_page_shows_every_kind_of_subject_in_a_few_statements() {
    for db in TestDb::all().await {
        let (recorded, log) = db.db.recording_for_tests();
        let app = spawn_on(recorded, &db.url, |_| {}).await;
        let ann = app.person("ann").await;
        let bob = app.person("bob").await;
        let cat = app.person("cat").await;
        // Four posts of Ann's, each commented on and liked by Bob: 8 notices.
        let mut posts = Vec::new();
        for i in 1..=4 {
            let post = app.plaza_post(&ann, &format!("帖子{i}")).await;
            app.comment(&bob, &post, &format!("评论{i}")).await;
            let r = app
                .call(
                    &bob,
                    Method::PUT,
                    &format!("/api/plaza/posts/{post}/like"),
                    None,
                )
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            posts.push(post);
        }
        // Cat names Ann under Bob's post: 1.
        let bobs = app.plaza_post(&bob, "鲍勃的帖子").await;
        app.comment(&cat, &bobs, "@ann 来看").await;
        // Five replies of Bob's to Ann's article in her open group: 5.
        let open = app.create_group(&ann, "读书会", "public", "open").await;
        let open = open["id"].as_str().unwrap().to_owned();
        let notes = app.published_article(&ann, &open, "读书笔记").await;
        app.enters_open(&bob, &open).await;
        for i in 1..=5 {
            let r = app
                .group_reply(&bob, &open, &notes, &format!("回复{i}"))
                .await;
            assert_eq!(r.status, 201, "{:?}", r.body);
        }
        // Bob's article names Ann: 1.
        app.published_article(&bob, &open, "给 @ann 的书单").await;
        // Five people ask to join Ann's private group: 5 (one subject).
        let private = app
            .create_group(&ann, "私密读书会", "private", "approval")
            .await;
        let private = private["id"].as_str().unwrap().to_owned();
        for name in ["dan", "eve", "fay", "gus", "hal"] {
            let who = app.person(name).await;
            let asked = app
                .call(
                    &who,
                    Method::POST,
                    &format!("/api/groups/{private}/join"),
                    Some(json!({ "message": "请让我加入" })),
                )
                .await;
            assert_eq!(asked.body["outcome"], "requested", "{:?}", asked.body);
        }
        // The fourth post goes: its comment's and its like's notices stay, without content.
        let gone = app
            .call(
                &ann,
                Method::DELETE,
                &format!("/api/plaza/posts/{}", posts[3]),
                None,
            )
            .await;
        assert!(gone.status < 300, "{:?}", gone.body);

        // Jobs run beside the requests (`wiring/*.rs`, `every`): the search index drains its
        // outbox every 250 ms, the word list is kept current. Wait until a while passes with
        // nothing but the index's polls of its empty outbox, leave those out of the count, and
        // count the cheapest of three reads of the page (a job may still fall into one).
        let polls = |sql: &str| sql.contains("search_outbox");
        for _ in 0..40 {
            tokio::time::sleep(Duration::from_millis(300)).await;
            if log.take().iter().all(|s| polls(&s.sql)) {
                break;
            }
        }
        let mut rows = Vec::new();
        let mut statements = Vec::new();
        for round in 0..3 {
            log.take();
            rows = app.inbox(&ann).await;
            let sent = requests_statements(&log);
            if round == 0 || sent.len() < statements.len() {
                statements = sent;
            }
        }
        assert_eq!(rows.len(), 20, "{rows:?}");
        let of_type = |t: &str| -> Vec<&Value> {
            rows.iter().filter(|n| n["subject"]["type"] == t).collect()
        };
        for (t, n) in [
            ("plaza_post", 4),
            ("plaza_comment", 5),
            ("reply", 5),
            ("article", 1),
            ("group", 5),
        ] {
            assert_eq!(of_type(t).len(), n, "{t}: {rows:?}");
        }
        for n in &rows {
            let subject = &n["subject"];
            let on_gone = subject["postId"] == posts[3].as_str();
            assert_eq!(subject["readable"], !on_gone, "{n:?}");
            if on_gone {
                assert_eq!(subject["title"], Value::Null, "{n:?}");
                assert_eq!(n["detail"], Value::Null, "{n:?}");
                continue;
            }
            let title = subject["title"].as_str().unwrap();
            match subject["type"].as_str().unwrap() {
                "plaza_post" | "plaza_comment" if n["actor"]["username"] == "cat" => {
                    assert_eq!(title, "鲍勃的帖子");
                }
                "plaza_post" | "plaza_comment" => {
                    let i = posts
                        .iter()
                        .position(|p| subject["postId"] == p.as_str())
                        .unwrap();
                    assert_eq!(title, format!("帖子{}", i + 1));
                }
                "reply" => assert_eq!(title, "读书笔记"),
                "article" => assert_eq!(title, "给 @ann 的书单"),
                "group" => assert_eq!(title, "私密读书会"),
                other => panic!("{other}"),
            }
        }
        // The session, the page, the actors, the posts, the comments, the groups, the articles,
        // the replies, the unread count: 60 when each subject was read on its own.
        assert!(
            statements.len() <= 9,
            "{} statements: {:#?}",
            statements.len(),
            statements.iter().map(|s| &s.sql).collect::<Vec<_>>()
        );
    }
}
