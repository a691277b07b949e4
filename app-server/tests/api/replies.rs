//! Replies to group articles over HTTP, on SQLite and PostgreSQL: replying and quoting one
//! level, pages oldest first, counts on every article answer, deleting (one's own; any for the
//! group's managers, audited), locking, bans, a private group's replies for its members only,
//! the per-person rate and clear refusals in the asker's language; images uploaded for a reply,
//! which go with the article as its own images do.

use crate::helpers::{Person, Reply, TestApp, browser, reply, spawn_app, spawn_app_with};
use adapter_postgres::testing::TestDb;
use image_fixtures::png;
use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE};
use serde_json::{Value, json};

/// A group and one published article of it.
struct Thread {
    gid: String,
    aid: String,
}

impl Thread {
    fn article(&self) -> String {
        format!("/api/groups/{}/articles/{}", self.gid, self.aid)
    }

    fn replies(&self) -> String {
        format!("{}/replies", self.article())
    }
}

impl TestApp {
    /// A new group of `owner` and an article `author` (a member) wrote and published in it.
    async fn thread(&self, owner: &Person, visibility: &str, policy: &str) -> Thread {
        let g = self
            .create_group(owner, "读书会 Replies", visibility, policy)
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let aid = self.published_article(owner, &gid, "三月书单").await;
        Thread { gid, aid }
    }

    async fn reply_to(
        &self,
        who: &reqwest::Client,
        t: &Thread,
        body: &str,
        quote: Option<&str>,
        lang: &str,
    ) -> Reply {
        let mut b = json!({ "body": body });
        if let Some(q) = quote {
            b["quoteId"] = json!(q);
        }
        self.send(who, Method::POST, &t.replies(), Some(b), lang)
            .await
    }

    /// Replies `body` and answers the new reply's id.
    async fn replied(&self, who: &Person, t: &Thread, body: &str, quote: Option<&str>) -> String {
        let r = self.reply_to(&who.client, t, body, quote, "en").await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["reply"]["id"].as_str().unwrap().to_owned()
    }

    async fn read(&self, who: &reqwest::Client, path: &str) -> Reply {
        self.send(who, Method::GET, path, None, "en").await
    }

    /// `who` closes (`true`) or reopens `t`'s replies.
    async fn lock(&self, who: &reqwest::Client, t: &Thread, locked: bool) -> Reply {
        self.send(
            who,
            Method::PUT,
            &format!("{}/lock", t.replies()),
            Some(json!({ "locked": locked })),
            "en",
        )
        .await
    }

    /// `who` joins an open group.
    async fn joins(&self, who: &Person, gid: &str) {
        let r = self
            .send(
                &who.client,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({})),
                "en",
            )
            .await;
        assert_eq!(r.body["outcome"], "joined", "{:?}", r.body);
    }

    /// `who` asks to join an approval group (and is approved by `owner` when `approve`).
    async fn asks(&self, owner: &Person, who: &Person, gid: &str, approve: bool) {
        let r = self
            .send(
                &who.client,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({ "message": "请让我加入" })),
                "en",
            )
            .await;
        assert_eq!(r.body["outcome"], "requested", "{:?}", r.body);
        if !approve {
            return;
        }
        let pending = self
            .read(&owner.client, &format!("/api/groups/{gid}/requests"))
            .await;
        let rid = pending.body["requests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["user"]["id"] == who.id.as_str())
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let r = self
            .send(
                &owner.client,
                Method::POST,
                &format!("/api/groups/{gid}/requests/{rid}/approve"),
                Some(json!({ "role": "member" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }

    async fn bans(&self, owner: &Person, who: &Person, gid: &str) {
        let r = self
            .send(
                &owner.client,
                Method::PUT,
                &format!("/api/groups/{gid}/bans/{}", who.id),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}

fn ids(page: &Value) -> Vec<String> {
    page["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn members_reply_and_quote_one_level_newest_last_and_every_article_answer_counts_them() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let t = app.thread(&olga, "public", "open").await;
        app.joins(&bob, &t.gid).await;

        let first = app.replied(&bob, &t, "  **好书**，推荐 ", None).await;
        let second = app.replied(&olga, &t, "同意", Some(&first)).await;
        let r = app
            .reply_to(&bob.client, &t, "再说一句", Some(&second), "en")
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let third = r.body["reply"].clone();
        // One level: the quote is the reply named, never the quote's own quote.
        assert_eq!(third["quote"]["id"], second.as_str());
        assert_eq!(third["quote"]["deleted"], false);
        assert_eq!(third["quote"]["author"]["username"], "olga");
        assert_eq!(third["quote"]["excerpt"], "同意");
        assert_eq!(third["author"]["username"], "bob");
        assert_eq!(third["articleId"], t.aid.as_str());

        // A visitor reads a public group's replies, oldest first, in pages.
        let visitor = browser(&app.address);
        let page = app
            .read(&visitor, &format!("{}?limit=2", t.replies()))
            .await;
        assert_eq!(page.status, 200, "{:?}", page.body);
        assert_eq!(ids(&page.body), vec![first.clone(), second.clone()]);
        assert_eq!(page.body["replies"][0]["body"], "**好书**，推荐");
        assert_eq!(page.body["replies"][0]["quote"], Value::Null);
        assert_eq!(page.body["replies"][1]["quote"]["excerpt"], "好书，推荐");
        assert_eq!(page.body["replyCount"], 3);
        assert_eq!(page.body["repliesLocked"], false);
        let cursor = page.body["nextCursor"].as_str().unwrap();
        let rest = app
            .read(
                &visitor,
                &format!("{}?limit=2&cursor={cursor}", t.replies()),
            )
            .await;
        assert_eq!(ids(&rest.body), vec![third["id"].as_str().unwrap()]);
        assert_eq!(rest.body["nextCursor"], Value::Null);

        // The count on every answer that shows the article.
        let article = app.read(&visitor, &t.article()).await;
        assert_eq!(
            (
                &article.body["article"]["replyCount"],
                &article.body["article"]["repliesLocked"]
            ),
            (&json!(3), &json!(false))
        );
        let list = app
            .read(&visitor, &format!("/api/groups/{}/articles", t.gid))
            .await;
        assert_eq!(list.body["articles"][0]["replyCount"], 3);
        let home = app.read(&visitor, &format!("/api/groups/{}", t.gid)).await;
        assert_eq!(home.body["articles"][0]["replyCount"], 3);
        let profile = app
            .read(&visitor, &format!("/api/users/{}/articles", olga.id))
            .await;
        assert_eq!(profile.body["articles"][0]["article"]["replyCount"], 3);
        let saved = app
            .send(
                &olga.client,
                Method::PUT,
                &t.article(),
                Some(json!({ "title": "三月书单", "body": "改", "version": article.body["article"]["version"] })),
                "en",
            )
            .await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
        assert_eq!(saved.body["article"]["replyCount"], 3);

        // Tokens: reading with groups:read, replying with groups:write only.
        let read = app
            .send(
                &bob.client,
                Method::POST,
                "/api/tokens",
                Some(json!({ "name": "r", "scopes": ["groups:read"], "expiresInDays": 7 })),
                "en",
            )
            .await;
        let secret = read.body["secret"].as_str().unwrap();
        let script = reqwest::Client::new();
        let r = reply(
            script
                .get(app.url(&t.replies()))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = reply(
            script
                .post(app.url(&t.replies()))
                .header(AUTHORIZATION, format!("Bearer {secret}"))
                .json(&json!({ "body": "脚本" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (403, "insufficient_scope"));
        let write = app
            .send(
                &bob.client,
                Method::POST,
                "/api/tokens",
                Some(json!({ "name": "w", "scopes": ["groups:write"], "expiresInDays": 7 })),
                "en",
            )
            .await;
        let r = reply(
            script
                .post(app.url(&t.replies()))
                .header(
                    AUTHORIZATION,
                    format!("Bearer {}", write.body["secret"].as_str().unwrap()),
                )
                .json(&json!({ "body": "脚本" }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
    }
}

#[tokio::test]
async fn authors_delete_their_own_and_managers_any_which_is_audited() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let carl = app.person("carl").await;
        let t = app.thread(&olga, "public", "open").await;
        app.joins(&bob, &t.gid).await;
        app.joins(&carl, &t.gid).await;
        let bobs = app.replied(&bob, &t, "我的", None).await;
        let carls = app.replied(&carl, &t, "卡尔的", None).await;
        let quoting = app.replied(&bob, &t, "引用卡尔", Some(&carls)).await;

        let path = |id: &str| format!("{}/{id}", t.replies());
        let r = app
            .send(&bob.client, Method::DELETE, &path(&carls), None, "en")
            .await;
        assert_eq!((r.status, r.code()), (403, "group_role_not_allowed"));
        let r = app
            .send(&bob.client, Method::DELETE, &path(&bobs), None, "zh")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["message"], "回应已删除");
        let r = app
            .send(&bob.client, Method::DELETE, &path(&bobs), None, "en")
            .await;
        assert_eq!((r.status, r.code()), (404, "not_found"));
        assert_eq!(r.message(), "There is no such reply, or it was deleted");

        // The owner deletes carl's; bob's quote of it says it was deleted.
        let r = app
            .send(&olga.client, Method::DELETE, &path(&carls), None, "en")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let page = app.read(&olga.client, &t.replies()).await;
        assert_eq!(ids(&page.body), vec![quoting.clone()]);
        assert_eq!(page.body["replyCount"], 1);
        let quote = &page.body["replies"][0]["quote"];
        assert_eq!(
            (
                &quote["id"],
                &quote["deleted"],
                &quote["author"],
                &quote["excerpt"]
            ),
            (&json!(carls), &json!(true), &Value::Null, &Value::Null)
        );
        let article = app.read(&olga.client, &t.article()).await;
        assert_eq!(article.body["article"]["replyCount"], 1);

        app.promote_to_admin("olga").await;
        let log = app.read(&olga.client, "/api/admin/audit?limit=50").await;
        assert_eq!(log.status, 200, "{:?}", log.body);
        let deletions: Vec<&Value> = log.body["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "group.reply.deleted")
            .collect();
        assert_eq!(
            deletions.len(),
            1,
            "only the manager's deletion: {deletions:?}"
        );
        assert_eq!(deletions[0]["target"], carls.as_str());
        assert!(
            deletions[0]["detail"].as_str().unwrap().contains(&carl.id),
            "{:?}",
            deletions[0]
        );
    }
}

#[tokio::test]
async fn a_private_groups_replies_reach_nobody_but_its_active_members() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let mia = app.person("mia").await;
        let fred = app.person("fred").await;
        let ben = app.person("ben").await;
        let rita = app.person("rita").await;
        let sven = app.person("sven").await;
        let t = app.thread(&olga, "private", "approval").await;
        for who in [&mia, &fred, &ben] {
            app.asks(&olga, who, &t.gid, true).await;
        }
        app.asks(&olga, &rita, &t.gid, false).await;
        app.replied(&fred, &t, "我在", None).await;
        app.replied(&ben, &t, "我也在", None).await;
        let r = app
            .send(
                &fred.client,
                Method::DELETE,
                &format!("/api/groups/{}/membership", t.gid),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        app.bans(&olga, &ben, &t.gid).await;

        let visitor = browser(&app.address);
        let outsiders = [
            ("signed out", &visitor),
            ("stranger", &sven.client),
            ("requester", &rita.client),
            ("former member", &fred.client),
            ("banned", &ben.client),
        ];
        for (who, client) in outsiders {
            for path in [t.replies(), t.article()] {
                let r = app.read(client, &path).await;
                assert_eq!((r.status, r.code()), (403, "members_only"), "{who} {path}");
                assert!(r.body.get("replies").is_none() && r.body.get("article").is_none());
            }
            let list = app
                .read(client, &format!("/api/groups/{}/articles", t.gid))
                .await;
            assert_eq!(list.status, 403, "{who}");
            let home = app.read(client, &format!("/api/groups/{}", t.gid)).await;
            assert_eq!(home.body["articles"], json!([]), "{who}");
            let profile = app
                .read(client, &format!("/api/users/{}/articles", olga.id))
                .await;
            assert_eq!(profile.body["articles"], json!([]), "{who}");
            let r = app.reply_to(client, &t, "让我看看", None, "en").await;
            let expected = if who == "signed out" {
                (401, "unauthorized")
            } else {
                (403, "members_only")
            };
            assert_eq!((r.status, r.code()), expected, "{who}");
        }

        // The members see every reply, the ones of people gone included.
        let page = app.read(&mia.client, &t.replies()).await;
        assert_eq!(page.status, 200, "{:?}", page.body);
        assert_eq!(page.body["replyCount"], 2);
        let profile = app
            .read(&mia.client, &format!("/api/users/{}/articles", olga.id))
            .await;
        assert_eq!(profile.body["articles"][0]["article"]["replyCount"], 2);
    }
}

#[tokio::test]
async fn a_locked_article_a_draft_a_ban_and_a_stranger_take_no_reply() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let amy = app.person("amy").await;
        let bob = app.person("bob").await;
        let ben = app.person("ben").await;
        let sven = app.person("sven").await;
        let g = app.create_group(&olga, "公开小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        for who in [&amy, &bob, &ben] {
            app.joins(who, &gid).await;
        }
        let aid = app.published_article(&amy, &gid, "三月书单").await;
        let t = Thread { gid, aid };

        // Only the author (and the managers) lock.
        let r = app.lock(&bob.client, &t, true).await;
        assert_eq!((r.status, r.code()), (403, "group_role_not_allowed"));
        let r = app.lock(&amy.client, &t, true).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["repliesLocked"], true);
        assert_eq!(r.body["replyCount"], 0);
        for who in [&bob, &amy, &olga] {
            let r = app.reply_to(&who.client, &t, "还能回吗", None, "zh").await;
            assert_eq!((r.status, r.code()), (409, "replies_locked"));
            assert_eq!(r.message(), "这篇文章已关闭回应");
        }
        let article = app.read(&bob.client, &t.article()).await;
        assert_eq!(article.body["article"]["repliesLocked"], true);
        let r = app.lock(&olga.client, &t, false).await;
        assert_eq!(r.body["repliesLocked"], false, "{:?}", r.body);
        app.replied(&bob, &t, "又能回了", None).await;

        // A banned member of a public group still reads, but does not reply; nor a stranger.
        app.bans(&olga, &ben, &t.gid).await;
        let page = app.read(&ben.client, &t.replies()).await;
        assert_eq!(page.body["replyCount"], 1);
        let r = app.reply_to(&ben.client, &t, "我回来了", None, "en").await;
        assert_eq!((r.status, r.code()), (403, "banned_from_group"));
        let r = app.reply_to(&sven.client, &t, "路过", None, "en").await;
        assert_eq!((r.status, r.code()), (403, "group_role_not_allowed"));
        let visitor = browser(&app.address);
        let r = app.reply_to(&visitor, &t, "匿名", None, "en").await;
        assert_eq!(r.status, 401);

        // A draft takes none, not even from its author.
        let d = app
            .send(
                &amy.client,
                Method::POST,
                &format!("/api/groups/{}/articles", t.gid),
                Some(json!({ "title": "草稿", "body": "" })),
                "en",
            )
            .await;
        let draft = Thread {
            gid: t.gid.clone(),
            aid: d.body["article"]["id"].as_str().unwrap().to_owned(),
        };
        let r = app.reply_to(&amy.client, &draft, "自己", None, "en").await;
        assert_eq!((r.status, r.code()), (409, "article_not_published"));
        let r = app.reply_to(&bob.client, &draft, "别人", None, "en").await;
        assert_eq!((r.status, r.code()), (404, "not_found"));
    }
}

#[tokio::test]
async fn replying_is_rate_limited_per_person() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas.get_mut::<::groups::GroupsPolicy>().reply_rate = kernel::RateLimitRule {
                limit: 2,
                window_secs: 600,
            };
        })
        .await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let t = app.thread(&olga, "public", "open").await;
        app.joins(&bob, &t.gid).await;
        app.replied(&bob, &t, "一", None).await;
        app.replied(&bob, &t, "二", None).await;
        let r = app.reply_to(&bob.client, &t, "三", None, "en").await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        assert!(r.headers.get("retry-after").is_some());
        app.replied(&olga, &t, "我还能回", None).await;
        let page = app.read(&bob.client, &t.replies()).await;
        assert_eq!(page.body["replyCount"], 3);
    }
}

#[tokio::test]
async fn bad_replies_get_a_clear_refusal_in_the_askers_language() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let t = app.thread(&olga, "public", "open").await;
        let other = Thread {
            gid: t.gid.clone(),
            aid: app.published_article(&olga, &t.gid, "三月书单").await,
        };
        let elsewhere = app.replied(&olga, &other, "另一篇的回应", None).await;

        let r = app.reply_to(&olga.client, &t, "  \n ", None, "zh").await;
        assert_eq!((r.status, r.code()), (422, "invalid_reply"));
        assert_eq!(r.message(), "回应需要 1 到 5000 个字，不能全是空格");
        assert_eq!(
            r.body["fields"]["body"],
            "回应需要 1 到 5000 个字，不能全是空格"
        );
        let r = app
            .reply_to(&olga.client, &t, &"字".repeat(5001), None, "en")
            .await;
        assert_eq!((r.status, r.code()), (422, "invalid_reply"));
        assert_eq!(
            r.message(),
            "A reply has 1 to 5,000 characters and not only spaces"
        );
        let r = app
            .reply_to(&olga.client, &t, &"字".repeat(5000), None, "en")
            .await;
        assert_eq!(r.status, 201, "5000 characters are allowed");

        // A quote of another article's reply, or of none, is not found.
        for q in [elsewhere.as_str(), "00000000-0000-0000-0000-000000000000"] {
            let r = app.reply_to(&olga.client, &t, "引用", Some(q), "zh").await;
            assert_eq!((r.status, r.code()), (404, "not_found"));
            assert_eq!(r.message(), "没有这条回应，或它已被删除");
        }
        let r = app
            .send(
                &olga.client,
                Method::POST,
                &t.replies(),
                Some(json!({ "body": "x", "quoteId": "nope" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 400, "{:?}", r.body);
        let r = app
            .send(
                &olga.client,
                Method::POST,
                &t.replies(),
                Some(json!({ "body": "x", "extra": 1 })),
                "en",
            )
            .await;
        assert_eq!(r.status, 400, "{:?}", r.body);
        for (query, code) in [
            ("?limit=51", "invalid_limit"),
            ("?cursor=zzz", "invalid_cursor"),
        ] {
            let r = app
                .read(&olga.client, &format!("{}{query}", t.replies()))
                .await;
            assert_eq!((r.status, r.code()), (400, code));
        }
        let r = app
            .send(
                &olga.client,
                Method::DELETE,
                &format!("{}/not-an-id", t.replies()),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 404);
        let r = app
            .read(
                &olga.client,
                &format!(
                    "/api/groups/{}/articles/00000000-0000-0000-0000-000000000000/replies",
                    t.gid
                ),
            )
            .await;
        assert_eq!((r.status, r.code()), (404, "not_found"));
    }
}

impl TestApp {
    async fn edit_reply(
        &self,
        who: &reqwest::Client,
        t: &Thread,
        id: &str,
        body: &str,
        version: i64,
        lang: &str,
    ) -> Reply {
        self.send(
            who,
            Method::PATCH,
            &format!("{}/{id}", t.replies()),
            Some(json!({ "body": body, "version": version })),
            lang,
        )
        .await
    }
}

#[tokio::test]
async fn authors_edit_their_replies_from_the_version_they_loaded_and_a_stale_edit_is_409() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let t = app.thread(&olga, "public", "open").await;
        app.joins(&bob, &t.gid).await;
        let id = app.replied(&bob, &t, "初稿", None).await;
        let page = app.read(&bob.client, &t.replies()).await;
        assert_eq!(page.body["replies"][0]["version"], 1);
        assert_eq!(page.body["replies"][0]["editedAt"], Value::Null);

        let r = app
            .edit_reply(&bob.client, &t, &id, " 改过了 ", 1, "en")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["reply"]["body"], "改过了");
        assert_eq!(r.body["reply"]["version"], 2);
        assert!(r.body["reply"]["editedAt"].is_string(), "{:?}", r.body);
        let page = app.read(&olga.client, &t.replies()).await;
        assert_eq!(page.body["replies"][0]["body"], "改过了");
        assert!(page.body["replies"][0]["editedAt"].is_string());
        assert_eq!(page.body["replyCount"], 1, "an edit is no new reply");

        // From version 1 again: 409 with the reply as it is; nothing written.
        let r = app.edit_reply(&bob.client, &t, &id, "旧的", 1, "zh").await;
        assert_eq!((r.status, r.code()), (409, "edit_conflict"));
        assert_eq!(
            r.message(),
            "这条回应在你开始编辑后已被修改，你的文字还在，请对照后再保存"
        );
        assert_eq!(r.body["current"]["body"], "改过了");
        assert_eq!(r.body["current"]["version"], 2);
        let r = app.edit_reply(&bob.client, &t, &id, "旧的", 1, "en").await;
        assert_eq!(
            r.message(),
            "This reply was changed after you started editing; your text is kept, compare and save again"
        );

        // Only its author; bad bodies and fields are refused in the asker's language.
        let r = app
            .edit_reply(&olga.client, &t, &id, "组长改", 2, "en")
            .await;
        assert_eq!((r.status, r.code()), (403, "group_role_not_allowed"));
        let r = app.edit_reply(&bob.client, &t, &id, "  ", 2, "zh").await;
        assert_eq!((r.status, r.code()), (422, "invalid_reply"));
        assert_eq!(r.message(), "回应需要 1 到 5000 个字，不能全是空格");
        let r = app
            .send(
                &bob.client,
                Method::PATCH,
                &format!("{}/{id}", t.replies()),
                Some(json!({ "body": "x", "version": 2, "extra": 1 })),
                "en",
            )
            .await;
        assert_eq!(r.status, 400, "{:?}", r.body);
        let r = app
            .edit_reply(
                &bob.client,
                &t,
                "00000000-0000-0000-0000-000000000000",
                "x",
                1,
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (404, "not_found"));

        // Tokens: an edit is a groups:write.
        let script = reqwest::Client::new();
        for (scope, status) in [("groups:read", 403), ("groups:write", 200)] {
            let token = app
                .send(
                    &bob.client,
                    Method::POST,
                    "/api/tokens",
                    Some(json!({ "name": scope, "scopes": [scope], "expiresInDays": 7 })),
                    "en",
                )
                .await;
            let r = reply(
                script
                    .patch(app.url(&format!("{}/{id}", t.replies())))
                    .header(
                        AUTHORIZATION,
                        format!("Bearer {}", token.body["secret"].as_str().unwrap()),
                    )
                    .json(&json!({ "body": "脚本改", "version": 2 }))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(r.status, status, "{scope}: {:?}", r.body);
        }
    }
}

#[tokio::test]
async fn a_replys_earlier_versions_are_for_its_author_and_the_groups_managers() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let carl = app.person("carl").await;
        let sam = app.person("sam").await;
        let t = app.thread(&olga, "public", "open").await;
        app.joins(&bob, &t.gid).await;
        app.joins(&carl, &t.gid).await;
        let id = app.replied(&bob, &t, "第一版", None).await;
        let r = app
            .edit_reply(&bob.client, &t, &id, "第二版", 1, "en")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let versions = format!("{}/{id}/versions", t.replies());

        for who in [&bob, &olga] {
            let r = app.read(&who.client, &versions).await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            assert_eq!(r.body["reply"]["body"], "第二版");
            let list = r.body["versions"].as_array().unwrap();
            assert_eq!(list.len(), 1);
            assert_eq!(
                (&list[0]["version"], &list[0]["body"]),
                (&json!(1), &json!("第一版"))
            );
            assert!(list[0]["writtenAt"].is_string());
        }
        for who in [&carl, &sam] {
            let r = app.read(&who.client, &versions).await;
            assert_eq!((r.status, r.code()), (403, "group_role_not_allowed"));
        }
        let r = reply(
            reqwest::Client::new()
                .get(app.url(&versions))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 401);

        // Deleted: no versions for anyone.
        let r = app
            .send(
                &bob.client,
                Method::DELETE,
                &format!("{}/{id}", t.replies()),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200);
        let r = app.read(&olga.client, &versions).await;
        assert_eq!((r.status, r.code()), (404, "not_found"));

        // A private group's: a stranger and a former member are refused as for its content.
        let p = app.thread(&olga, "private", "approval").await;
        app.asks(&olga, &bob, &p.gid, true).await;
        let id = app.replied(&bob, &p, "私密", None).await;
        app.edit_reply(&bob.client, &p, &id, "私密二", 1, "en")
            .await;
        let versions = format!("{}/{id}/versions", p.replies());
        let r = app.read(&sam.client, &versions).await;
        assert_eq!((r.status, r.code()), (403, "members_only"));
        let r = app
            .send(
                &bob.client,
                Method::DELETE,
                &format!("/api/groups/{}/membership", p.gid),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = app.read(&bob.client, &versions).await;
        assert_eq!((r.status, r.code()), (403, "members_only"));
        let r = app
            .edit_reply(&bob.client, &p, &id, "私密三", 2, "en")
            .await;
        assert_eq!((r.status, r.code()), (403, "members_only"));
        assert_eq!(app.read(&olga.client, &versions).await.status, 200);
    }
}

#[tokio::test]
async fn a_locked_thread_or_a_ban_stops_edits_and_editing_is_rate_limited() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas.get_mut::<::groups::GroupsPolicy>().reply_edit_rate = kernel::RateLimitRule {
                limit: 2,
                window_secs: 600,
            };
        })
        .await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let t = app.thread(&olga, "public", "open").await;
        app.joins(&bob, &t.gid).await;
        let id = app.replied(&bob, &t, "一", None).await;
        let r = app.lock(&olga.client, &t, true).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = app.edit_reply(&bob.client, &t, &id, "锁了", 1, "en").await;
        assert_eq!((r.status, r.code()), (409, "replies_locked"));
        app.lock(&olga.client, &t, false).await;
        assert_eq!(
            app.edit_reply(&bob.client, &t, &id, "二", 1, "en")
                .await
                .status,
            200
        );
        assert_eq!(
            app.edit_reply(&bob.client, &t, &id, "三", 2, "en")
                .await
                .status,
            200
        );
        let r = app.edit_reply(&bob.client, &t, &id, "四", 3, "en").await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        assert!(r.headers.get("retry-after").is_some());

        app.bans(&olga, &bob, &t.gid).await;
        let r = app.edit_reply(&bob.client, &t, &id, "封了", 3, "en").await;
        assert_eq!((r.status, r.code()), (403, "banned_from_group"));
    }
}

#[tokio::test]
async fn a_managers_deletion_may_carry_a_reason_of_at_most_500_characters() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let t = app.thread(&olga, "public", "open").await;
        app.joins(&bob, &t.gid).await;
        let id = app.replied(&bob, &t, "广告", None).await;
        let path = format!("{}/{id}", t.replies());
        let long = format!("{path}?reason={}", "长".repeat(501));
        let r = app
            .send(&olga.client, Method::DELETE, &long, None, "zh")
            .await;
        assert_eq!((r.status, r.code()), (422, "invalid_message"));
        let r = app
            .send(
                &olga.client,
                Method::DELETE,
                &format!("{path}?reason=%E5%B9%BF%E5%91%8A"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let article = app.published_article(&bob, &t.gid, "要删的").await;
        let r = app
            .send(
                &olga.client,
                Method::DELETE,
                &format!("/api/groups/{}/articles/{article}?reason=off-topic", t.gid),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}

impl TestApp {
    /// `who` uploads a PNG to `t`'s group for its article (as its editor and its replies do).
    async fn upload_for(&self, who: &Person, t: &Thread) -> Reply {
        reply(
            who.client
                .post(self.url(&format!(
                    "/api/groups/{}/gallery?articleId={}",
                    t.gid, t.aid
                )))
                .header(CONTENT_TYPE, "application/octet-stream")
                .body(png(64, 48))
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// The status of a file's URL for `who`.
    async fn file_status(&self, who: &reqwest::Client, path: &str) -> u16 {
        who.get(self.url(path))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }
}

#[tokio::test]
async fn a_reply_carries_images_uploaded_for_its_article_for_the_members_only_and_they_go_with_it()
{
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let olga = app.person("olga").await;
        let bob = app.person("bob").await;
        let amy = app.person("amy").await;
        let sven = app.person("sven").await;
        let t = app.thread(&olga, "private", "approval").await;
        app.asks(&olga, &bob, &t.gid, true).await;
        app.asks(&olga, &amy, &t.gid, true).await;

        // A member who may not edit the article uploads for a reply to it.
        let up = app.upload_for(&bob, &t).await;
        assert_eq!(up.status, 201, "{:?}", up.body);
        let image = &up.body["image"];
        assert_eq!(image["articleId"], t.aid.as_str());
        let url = image["url"].as_str().unwrap().to_owned();
        let thumbnail = image["thumbnailUrl"].as_str().unwrap().to_owned();
        let body = format!("看这张：\n\n![书架]({url}#64x48)\n\n![相册里的]({thumbnail})");
        app.replied(&bob, &t, &body, None).await;

        // Stored as written: the other member reads the image Markdown and the file.
        let page = app.read(&amy.client, &t.replies()).await;
        assert_eq!(page.body["replies"][0]["body"], body.as_str());
        assert_eq!(app.file_status(&amy.client, &url).await, 200);
        assert_eq!(app.file_status(&amy.client, &thumbnail).await, 200);
        // A private group's reply images are its members' only.
        for who in [&sven.client, &browser(&app.address)] {
            assert_eq!(app.file_status(who, &url).await, 404);
        }
        let r = app.upload_for(&sven, &t).await;
        assert_eq!((r.status, r.code()), (403, "members_only"));

        // Closed replies take no images from repliers; the article's author still uploads.
        let r = app.lock(&olga.client, &t, true).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = app.upload_for(&amy, &t).await;
        assert_eq!((r.status, r.code()), (409, "replies_locked"));
        let r = app.upload_for(&olga, &t).await;
        assert_eq!(r.status, 201, "{:?}", r.body);

        // Deleting the article deletes the images uploaded for its replies.
        let r = app
            .send(&olga.client, Method::DELETE, &t.article(), None, "en")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(app.file_status(&bob.client, &url).await, 404);
    }
}
