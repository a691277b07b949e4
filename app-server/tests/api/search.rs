//! Search (`/api/search/*`, issue 25 "Search"), on SQLite and PostgreSQL: every kind is found
//! exactly as the feeds and pages show it — a private group's articles, replies and the group
//! itself only to its active members, never to a stranger, a requester, a banned member or a
//! former member; drafts, deleted replies and deleted posts never — with the matched words
//! marked; a bad query is a clear 400 in the asker's language.

use crate::helpers::{Person, Reply, TestApp, browser, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

impl TestApp {
    /// `who`'s search of `kind` for `q` (and any more query parameters).
    async fn search(&self, who: &reqwest::Client, kind: &str, q: &str, more: &str) -> Reply {
        let q: String = url_encode(q);
        self.send(
            who,
            Method::GET,
            &format!("/api/search/{kind}?q={q}{more}"),
            None,
            "en",
        )
        .await
    }

    /// The ids `who` finds.
    async fn found(&self, who: &reqwest::Client, kind: &str, q: &str) -> Vec<String> {
        let r = self.search(who, kind, q, "").await;
        assert_eq!(r.status, 200, "{kind} {q}: {:?}", r.body);
        ids(&r.body)
    }

    /// Waits (at most 10 s) until the owner of the content, `who`, finds `want` by `q`: the
    /// outbox is drained every 250 ms.
    async fn indexed(&self, who: &reqwest::Client, kind: &str, q: &str, want: &str) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !self.found(who, kind, q).await.iter().any(|id| id == want) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{kind} {q}: never indexed"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// `who` sends it, and it succeeds.
    async fn done(&self, who: &Person, method: Method, path: &str, body: Option<Value>) -> Reply {
        let r = self.send(&who.client, method, path, body, "en").await;
        assert!(r.status < 300, "{path}: {:?}", r.body);
        r
    }
}

fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn ids(body: &Value) -> Vec<String> {
    body["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap().to_owned())
        .collect()
}

/// The marked words of a list of segments.
fn marked(segments: &Value) -> Vec<&str> {
    segments
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["hit"] == true)
        .map(|s| s["text"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_private_groups_content_is_found_by_its_members_only() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let g = app
            .create_group(&owner, "茶馆读书会", "private", "approval")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let public = app
            .create_group(&owner, "Open Tea House", "public", "open")
            .await;
        let pid = public["id"].as_str().unwrap().to_owned();

        let article = app.published_article(&owner, &gid, "成都茶馆 notes").await;
        let open_article = app
            .published_article(&owner, &pid, "成都茶馆 for all")
            .await;
        let reply = app
            .done(
                &owner,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{article}/replies"),
                Some(json!({ "body": "茶馆的盖碗茶 *很好*" })),
            )
            .await
            .body["reply"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let draft = app
            .done(
                &owner,
                Method::POST,
                &format!("/api/groups/{pid}/articles"),
                Some(json!({ "title": "成都茶馆 draft", "body": "not yet" })),
            )
            .await
            .body["article"]["id"]
            .as_str()
            .unwrap()
            .to_owned();

        // Who asks: a member, a requester, a banned member, a former member, a stranger.
        let people = ["mei", "ray", "ben", "fay"];
        let mut asked = Vec::new();
        for name in people {
            let p = app.person(name).await;
            app.done(
                &p,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({ "message": "hi" })),
            )
            .await;
            asked.push(p);
        }
        let requests = app
            .done(
                &owner,
                Method::GET,
                &format!("/api/groups/{gid}/requests"),
                None,
            )
            .await;
        for request in requests.body["requests"].as_array().unwrap() {
            if request["user"]["username"] == "ray" {
                continue;
            }
            let rid = request["id"].as_str().unwrap();
            app.done(
                &owner,
                Method::POST,
                &format!("/api/groups/{gid}/requests/{rid}/approve"),
                Some(json!({ "role": "member" })),
            )
            .await;
        }
        let [mei, ray, ben, fay] = &asked[..] else {
            unreachable!()
        };
        app.done(
            &owner,
            Method::PUT,
            &format!("/api/groups/{gid}/bans/{}", ben.id),
            None,
        )
        .await;
        app.done(
            fay,
            Method::DELETE,
            &format!("/api/groups/{gid}/membership"),
            None,
        )
        .await;
        let stranger = browser(&app.address);

        app.indexed(&owner.client, "replies", "盖碗茶", &reply)
            .await;
        app.indexed(&owner.client, "articles", "成都茶馆", &open_article)
            .await;

        let mut open_and_private = vec![open_article.clone(), article.clone()];
        // Newest first: the private group's article was published first.
        let found = app.found(&mei.client, "articles", "成都 茶馆").await;
        assert_eq!(
            found,
            vec![open_article.clone(), article.clone()],
            "a member"
        );
        assert_eq!(
            app.found(&owner.client, "articles", "成都茶馆").await,
            open_and_private
        );
        assert_eq!(
            app.found(&mei.client, "replies", "盖碗茶").await,
            std::slice::from_ref(&reply)
        );
        assert_eq!(
            app.found(&mei.client, "groups", "茶馆").await,
            std::slice::from_ref(&gid)
        );
        open_and_private.truncate(1);
        for (who, client) in [
            ("a requester", &ray.client),
            ("a banned member", &ben.client),
            ("a former member", &fay.client),
            ("a stranger", &stranger),
        ] {
            assert_eq!(
                app.found(client, "articles", "成都茶馆").await,
                open_and_private,
                "{who}"
            );
            assert!(
                app.found(client, "replies", "盖碗茶").await.is_empty(),
                "{who}"
            );
            assert!(
                app.found(client, "groups", "茶馆").await.is_empty(),
                "{who}"
            );
            assert_eq!(
                app.found(client, "groups", "tea house").await,
                std::slice::from_ref(&pid),
                "{who}"
            );
        }
        // A draft is nobody's result, its author's neither.
        assert!(
            !app.found(&owner.client, "articles", "draft")
                .await
                .contains(&draft)
        );

        // A hit carries what the results page shows: the marked words, the group, the article.
        let r = app.search(&mei.client, "replies", "盖碗", "").await;
        let hit = &r.body["hits"][0];
        assert_eq!(hit["group"]["id"], gid.as_str());
        assert_eq!(hit["article"]["id"], article.as_str());
        assert_eq!(hit["article"]["name"], "成都茶馆 notes");
        assert_eq!(hit["title"], Value::Null);
        assert_eq!(marked(&hit["excerpt"]), ["盖碗"]);
        assert_eq!(
            hit["excerpt"][2]["text"], "茶 很好",
            "Markdown read as plain text"
        );
        let r = app
            .search(&mei.client, "articles", "茶馆", &format!("&group={pid}"))
            .await;
        assert_eq!(
            ids(&r.body),
            std::slice::from_ref(&open_article),
            "one group's"
        );
        assert_eq!(marked(&r.body["hits"][0]["title"]), ["茶馆"]);

        // A deleted reply is found no more, at once.
        app.done(
            &owner,
            Method::DELETE,
            &format!("/api/groups/{gid}/articles/{article}/replies/{reply}"),
            None,
        )
        .await;
        assert!(app.found(&mei.client, "replies", "盖碗茶").await.is_empty());
    }
}

#[tokio::test]
async fn a_post_is_found_by_its_words_in_either_script_and_gone_once_deleted() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let ming = app.person("ming").await;
        let r = app
            .done(
                &ming,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": "颱風天在圖書館學習，then went RUNNING", "district": "510000" })),
            )
            .await;
        let post = r.body["post"]["id"].as_str().unwrap().to_owned();
        app.indexed(&ming.client, "posts", "台风", &post).await;
        let stranger = browser(&app.address);
        for q in ["学习", "圖書館", "runs", "ＲＵＮ", "台风 学习"] {
            assert_eq!(
                app.found(&stranger, "posts", q).await,
                std::slice::from_ref(&post),
                "{q}"
            );
        }
        assert!(app.found(&stranger, "posts", "北京").await.is_empty());
        let r = app
            .search(&stranger, "posts", "学习 run", "&district=510000&since=day")
            .await;
        assert_eq!(ids(&r.body), std::slice::from_ref(&post));
        assert_eq!(marked(&r.body["hits"][0]["excerpt"]), ["學習", "RUNNING"]);
        assert_eq!(r.body["hits"][0]["district"]["nameEn"], "Sichuan");
        assert_eq!(r.body["hits"][0]["author"]["username"], "ming");
        let r = app
            .search(&stranger, "posts", "学习", "&district=110000")
            .await;
        assert!(ids(&r.body).is_empty(), "another province");

        // People: by username, nickname or bio.
        assert_eq!(
            app.found(&stranger, "people", "ming").await,
            std::slice::from_ref(&ming.id)
        );

        app.done(
            &ming,
            Method::DELETE,
            &format!("/api/plaza/posts/{post}"),
            None,
        )
        .await;
        assert!(
            app.found(&stranger, "posts", "学习").await.is_empty(),
            "gone at once"
        );
    }
}

#[tokio::test]
async fn a_query_the_index_cannot_take_is_a_clear_400_in_the_askers_language() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let who = browser(&app.address);
        let long = "长".repeat(101);
        for (path, lang, code, message) in [
            (
                "/api/search/posts?q=",
                "en",
                "invalid_search",
                "Type a word to search for",
            ),
            (
                "/api/search/posts?q=%EF%BC%81%21",
                "zh",
                "invalid_search",
                "请输入要搜索的字词",
            ),
            (
                &*format!("/api/search/groups?q={}", url_encode(&long)),
                "zh",
                "invalid_search",
                "搜索最多 100 个字",
            ),
            (
                "/api/search/posts?q=rain&district=51",
                "en",
                "invalid_search",
                "six-digit",
            ),
            (
                "/api/search/articles?q=rain&since=decade",
                "en",
                "invalid_query",
                "",
            ),
            (
                "/api/search/replies?q=rain&group=nope",
                "en",
                "invalid_query",
                "",
            ),
            (
                "/api/search/people?q=rain&limit=51",
                "en",
                "invalid_limit",
                "",
            ),
            (
                "/api/search/people?q=rain&cursor=nope",
                "en",
                "invalid_cursor",
                "",
            ),
            ("/api/search/people", "en", "invalid_query", ""),
        ] {
            let r = app.send(&who, Method::GET, path, None, lang).await;
            assert_eq!((r.status, r.code()), (400, code), "{path}: {:?}", r.body);
            assert!(r.message().contains(message), "{path}: {}", r.message());
        }
    }
}
