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
        self.lists_word(admin, phrase, "refuse").await;
    }

    /// An administrator lists `phrase` with `action`, and this instance's filter has it.
    async fn lists_word(&self, admin: &Person, phrase: &str, action: &str) {
        let r = self
            .writes(
                admin,
                Method::POST,
                "/api/admin/words",
                json!({ "phrase": phrase, "action": action }),
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

impl TestApp {
    /// `who` reads `path` (in English).
    async fn reads(&self, who: &Person, path: &str) -> Reply {
        self.send(&who.client, Method::GET, path, None, "en").await
    }

    /// The site queue's open case of `subject` (the administrator's view).
    async fn open_case_of(&self, admin: &Person, subject: &str) -> Option<Value> {
        let r = self.reads(admin, "/api/admin/reports").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        r.body["cases"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["subject"]["id"] == subject)
            .cloned()
    }
}

#[tokio::test]
async fn a_held_word_keeps_writing_for_its_author_until_an_administrator_decides() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = app.person("hold-admin").await;
        app.promote_to_admin("hold-admin").await;
        let ann = app.person("hold-ann").await;
        let bob = app.person("hold-bob").await;
        app.lists_word(&admin, "审查词", "hold").await;

        // Stored for its author alone, marked; nobody else finds it.
        let r = app
            .writes(
                &ann,
                Method::POST,
                "/api/plaza/posts",
                json!({ "body": "一条含 审查词 的动态" }),
                "zh",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        assert_eq!(r.body["post"]["withheld"], "held");
        let post = r.body["post"]["id"].as_str().unwrap().to_owned();
        let path = format!("/api/plaza/posts/{post}");
        assert_eq!(
            app.reads(&ann, &path).await.body["post"]["withheld"],
            "held"
        );
        assert_eq!(app.reads(&bob, &path).await.status, 404);
        assert_eq!(app.get(&path).await.status, 404);
        let feed = app.reads(&bob, "/api/plaza/posts").await;
        assert!(
            !feed.body["posts"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["id"] == post.as_str()),
            "{:?}",
            feed.body
        );
        // Nobody can report or answer what they cannot see.
        let r = app
            .writes(
                &bob,
                Method::POST,
                "/api/reports",
                json!({ "kind": "post", "id": post, "reason": "spam" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 404, "{:?}", r.body);

        // The case is the site's, opened by the word list: no reports, the words.
        let case = app.open_case_of(&admin, &post).await.expect("a case");
        assert_eq!(case["heldWords"], json!(["审查词"]));
        assert_eq!(case["reports"], 0);
        let id = case["id"].as_str().unwrap().to_owned();
        let r = app
            .writes(
                &admin,
                Method::POST,
                &format!("/api/admin/reports/{id}/close"),
                json!({ "action": "dismiss" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        // Released: shown to everyone.
        let r = app.reads(&bob, &path).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["post"]["withheld"], Value::Null);

        // Reported and hidden: its author keeps it, marked, and is told why; the reporter is
        // told the outcome by nobody in particular.
        let r = app
            .writes(
                &bob,
                Method::POST,
                "/api/reports",
                json!({ "kind": "post", "id": post, "reason": "abuse" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let case = app
            .open_case_of(&admin, &post)
            .await
            .expect("a case of reports");
        assert_eq!(case["heldWords"], Value::Null);
        let id = case["id"].as_str().unwrap().to_owned();
        let r = app
            .writes(
                &admin,
                Method::POST,
                &format!("/api/admin/reports/{id}/close"),
                json!({ "action": "hide", "note": "人身攻击" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(app.reads(&bob, &path).await.status, 404);
        assert_eq!(
            app.reads(&ann, &path).await.body["post"]["withheld"],
            "hidden"
        );
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let told = app.reads(&bob, "/api/notifications").await;
            let decided = told.body["notifications"]
                .as_array()
                .unwrap()
                .iter()
                .find(|n| n["kind"] == "report_decided")
                .cloned();
            let removed = app.reads(&ann, "/api/notifications").await.body["notifications"]
                .as_array()
                .unwrap()
                .iter()
                .find(|n| n["kind"] == "content_removed")
                .cloned();
            if let (Some(decided), Some(removed)) = (decided, removed) {
                assert_eq!(decided["detail"], "hide");
                assert_eq!(decided["actor"], Value::Null, "never who decided");
                assert_eq!(removed["detail"], "人身攻击");
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "{:?}", told.body);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }

        // In a group: a held reply is the operator's case, not the group's managers'.
        let g = app.create_group(&ann, "审核读书会", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let aid = app.published_article(&ann, &gid, "书单").await;
        let r = app
            .writes(
                &ann,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/replies"),
                json!({ "body": "审查词 在回应里" }),
                "zh",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        assert_eq!(r.body["reply"]["withheld"], "held");
        let reply = r.body["reply"]["id"].as_str().unwrap().to_owned();
        let replies = app
            .reads(&bob, &format!("/api/groups/{gid}/articles/{aid}/replies"))
            .await;
        assert!(
            !replies.body["replies"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["id"] == reply.as_str()),
            "{:?}",
            replies.body
        );
        let queue = app.reads(&ann, &format!("/api/groups/{gid}/reports")).await;
        assert_eq!(queue.status, 200, "{:?}", queue.body);
        assert_eq!(queue.body["cases"], json!([]), "not the group's to review");
        assert!(app.open_case_of(&admin, &reply).await.is_some());

        // A name is shown beside everything its owner writes: a held word stops it.
        let r = app
            .writes(
                &ann,
                Method::PATCH,
                "/api/account/profile",
                json!({ "nickname": "审查词本人" }),
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (422, "words_refused"), "{:?}", r.body);
    }
}
