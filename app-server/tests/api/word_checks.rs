//! The operator's word list at work, on SQLite and PostgreSQL (issue 25, "The word list"): a
//! word an administrator lists as "refuse" refuses plaza posts and comments, nicknames and bios,
//! group names, published articles and replies with 422 `words_refused`, naming what was found
//! as written, in the writer's language; nothing is stored; what does not hold it passes.

use crate::helpers::{Person, Reply, TestApp, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

impl TestApp {
    /// `who` sends `body` to `path` with `method`, in `lang`.
    async fn writes(
        &self,
        who: &Person,
        method: Method,
        path: &str,
        body: Value,
        lang: &str,
    ) -> Reply {
        self.send(&who.client, method, path, Some(body), lang).await
    }

    /// An administrator lists `phrase` as refused, and this instance's filter has it.
    async fn refuses_word(&self, admin: &Person, phrase: &str) {
        let r = self
            .writes(
                admin,
                Method::POST,
                "/api/admin/words",
                json!({ "phrase": phrase, "action": "refuse" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        // The list reaches every instance's filter within seconds (it asks the store's version).
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let r = self
                .writes(
                    admin,
                    Method::POST,
                    "/api/admin/words/check",
                    json!({ "text": phrase }),
                    "en",
                )
                .await;
            if r.status == 200 && r.body["hits"].as_array().is_some_and(|h| !h.is_empty()) {
                return;
            }
            assert!(tokio::time::Instant::now() < deadline, "{:?}", r.body);
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// A 422 `words_refused` that names `found`, on `field` when given.
fn refused(r: &Reply, found: &str, field: Option<&str>) {
    assert_eq!((r.status, r.code()), (422, "words_refused"), "{:?}", r.body);
    assert_eq!(r.body["words"], json!([found]), "{:?}", r.body);
    assert!(r.message().contains(found), "{}", r.message());
    if let Some(field) = field {
        // Named where the form shows the field's message too.
        let there = r.body["fields"][field].as_str().unwrap_or_default();
        assert!(there.contains(found), "{:?}", r.body);
    }
}

#[tokio::test]
async fn a_refused_word_stops_every_kind_of_text_in_the_writers_language() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = app.person("word-admin").await;
        app.promote_to_admin("word-admin").await;
        let ann = app.person("word-ann").await;
        app.refuses_word(&admin, "法轮").await;
        app.refuses_word(&admin, "spam").await;

        // Plaza: a post, in Chinese and in English, with what was put between the characters.
        let r = app
            .writes(
                &ann,
                Method::POST,
                "/api/plaza/posts",
                json!({ "body": "看看 法.轮 这个" }),
                "zh",
            )
            .await;
        refused(&r, "法.轮", Some("body"));
        assert!(
            r.message().starts_with("内容含有不能发布的词语"),
            "{}",
            r.message()
        );
        let r = app
            .writes(
                &ann,
                Method::POST,
                "/api/plaza/posts",
                json!({ "body": "Buy SPAM now" }),
                "en",
            )
            .await;
        refused(&r, "SPAM", Some("body"));
        assert!(
            r.message().starts_with("This text contains words"),
            "{}",
            r.message()
        );
        // A whole word only: "spammer" is another word.
        let r = app
            .writes(
                &ann,
                Method::POST,
                "/api/plaza/posts",
                json!({ "body": "a spammer's tale" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let post = r.body["post"]["id"].as_str().unwrap().to_owned();
        let r = app
            .writes(
                &ann,
                Method::POST,
                &format!("/api/plaza/posts/{post}/comments"),
                json!({ "body": "法轮" }),
                "zh",
            )
            .await;
        refused(&r, "法轮", Some("body"));
        let r = app
            .send(
                &ann.client,
                Method::GET,
                &format!("/api/plaza/posts/{post}/comments"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.body["comments"], json!([]), "nothing stored");

        // The profile: a nickname, a bio.
        for (field, text) in [("nickname", "法轮小王"), ("bio", "I like spam")] {
            let r = app
                .writes(
                    &ann,
                    Method::PATCH,
                    "/api/account/profile",
                    json!({ field: text }),
                    "en",
                )
                .await;
            refused(
                &r,
                if field == "bio" { "spam" } else { "法轮" },
                Some(field),
            );
        }

        // Groups: a name; an article's publishing; a reply.
        let r = app
            .writes(
                &ann,
                Method::POST,
                "/api/groups",
                json!({ "name": "法轮读书会", "description": "", "visibility": "public", "joinPolicy": "open" }),
                "zh",
            )
            .await;
        refused(&r, "法轮", Some("name"));
        let g = app
            .create_group(&ann, "读书会 Words", "public", "open")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let aid = app.published_article(&ann, &gid, "三月书单").await;
        // A draft is its author's own and saves as written; publishing it is refused.
        let r = app
            .writes(
                &ann,
                Method::POST,
                &format!("/api/groups/{gid}/articles"),
                json!({ "title": "草稿", "body": "no spam here" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let draft = r.body["article"]["id"].as_str().unwrap().to_owned();
        let r = app
            .send(
                &ann.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{draft}/publish"),
                None,
                "en",
            )
            .await;
        refused(&r, "spam", Some("body"));
        let r = app
            .writes(
                &ann,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/replies"),
                json!({ "body": "spam spam" }),
                "en",
            )
            .await;
        refused(&r, "spam", Some("body"));
        let r = app
            .writes(
                &ann,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/replies"),
                json!({ "body": "一条正常的回应" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
    }
}
