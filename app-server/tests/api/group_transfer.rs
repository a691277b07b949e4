//! Ownership is offered, never pushed, on SQLite and PostgreSQL: an offer moves nothing until
//! its recipient accepts; only the recipient accepts or declines, the owner may withdraw it;
//! one offer waits per group; and ten offers do not carry a member past the cap of owned
//! groups. Each step is in the audit log.

use crate::helpers::{Person, Reply, TestApp, spawn_app_with};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::json;

impl TestApp {
    async fn offer(&self, owner: &Person, group: &str, to: &Person, lang: &str) -> Reply {
        self.send(
            &owner.client,
            Method::POST,
            &format!("/api/groups/{group}/transfer"),
            Some(json!({ "userId": to.id })),
            lang,
        )
        .await
    }

    async fn answer(&self, who: &Person, method: Method, group: &str, what: &str) -> Reply {
        self.send(
            &who.client,
            method,
            &format!("/api/groups/{group}/transfer{what}"),
            None,
            "en",
        )
        .await
    }

    async fn join_open(&self, who: &Person, group: &str) {
        let r = self
            .send(
                &who.client,
                Method::POST,
                &format!("/api/groups/{group}/join"),
                Some(json!({})),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }

    async fn owner_of(&self, who: &Person, group: &str) -> String {
        let r = self
            .send(
                &who.client,
                Method::GET,
                &format!("/api/groups/{group}"),
                None,
                "en",
            )
            .await;
        r.body["group"]["ownerId"].as_str().unwrap().to_owned()
    }
}

#[tokio::test]
async fn an_offer_waits_for_its_recipient_who_alone_accepts_or_declines() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<::groups::GroupsPolicy>()
                .create_rate
                .limit = 100
        })
        .await;
        let owner = app.person("olga").await;
        let heir = app.person("hana").await;
        let other = app.person("otto").await;
        let g = app.create_group(&owner, "读书会", "public", "open").await;
        let gid = g["id"].as_str().unwrap();
        app.join_open(&heir, gid).await;
        app.join_open(&other, gid).await;

        let r = app.offer(&owner, gid, &heir, "en").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(
            r.body["group"]["transferOffer"]["to"]["id"],
            heir.id.as_str()
        );
        assert_eq!(
            r.body["group"]["ownerId"],
            owner.id.as_str(),
            "an offer moves nothing"
        );

        // One offer at a time.
        let r = app.offer(&owner, gid, &other, "zh").await;
        assert_eq!(
            (r.status, r.code()),
            (409, "transfer_offer_pending"),
            "{:?}",
            r.body
        );
        assert!(!r.message().is_ascii(), "in Chinese: {}", r.message());

        // The two of them see it; another member does not.
        let seen = app
            .send(
                &heir.client,
                Method::GET,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(
            seen.body["group"]["transferOffer"]["from"]["id"],
            owner.id.as_str()
        );
        let mine = app
            .send(&heir.client, Method::GET, "/api/groups/mine", None, "en")
            .await;
        assert_eq!(
            mine.body["groups"][0]["transferOffer"]["to"]["id"],
            heir.id.as_str()
        );
        let unseen = app
            .send(
                &other.client,
                Method::GET,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert!(unseen.body["group"]["transferOffer"].is_null());

        // Only the recipient answers.
        for who in [&other, &owner] {
            for what in ["/accept", "/decline"] {
                let r = app.answer(who, Method::POST, gid, what).await;
                assert_eq!(
                    (r.status, r.code()),
                    (404, "not_found"),
                    "{what}: {:?}",
                    r.body
                );
            }
        }
        let r = app.answer(&other, Method::DELETE, gid, "").await;
        assert_eq!(r.status, 403, "only the owner withdraws: {:?}", r.body);
        assert_eq!(app.owner_of(&owner, gid).await, owner.id);

        let r = app.answer(&heir, Method::POST, gid, "/decline").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert!(r.body["group"]["transferOffer"].is_null());
        assert_eq!(app.owner_of(&owner, gid).await, owner.id);
        let r = app.answer(&heir, Method::POST, gid, "/accept").await;
        assert_eq!(r.status, 404, "a declined offer is gone: {:?}", r.body);

        // Withdrawn by the owner.
        assert_eq!(app.offer(&owner, gid, &other, "en").await.status, 200);
        let r = app.answer(&owner, Method::DELETE, gid, "").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(
            app.answer(&other, Method::POST, gid, "/accept")
                .await
                .status,
            404
        );
        assert_eq!(
            app.answer(&owner, Method::DELETE, gid, "").await.status,
            404
        );

        // Accepted: the recipient owns it, the old owner is an admin.
        assert_eq!(app.offer(&owner, gid, &heir, "en").await.status, 200);
        let r = app.answer(&heir, Method::POST, gid, "/accept").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["group"]["ownerId"], heir.id.as_str());
        assert_eq!(r.body["group"]["membership"]["role"], "owner");
        let old = app
            .send(
                &owner.client,
                Method::GET,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(old.body["group"]["membership"]["role"], "admin");

        // A stranger cannot be offered a group.
        let stranger = app.person("sven").await;
        let r = app.offer(&heir, gid, &stranger, "en").await;
        assert_eq!((r.status, r.code()), (422, "not_a_member"));

        // Every step is audited.
        app.promote_to_admin("olga").await;
        let log = app
            .send(
                &owner.client,
                Method::GET,
                "/api/admin/audit?limit=50",
                None,
                "en",
            )
            .await;
        assert_eq!(log.status, 200, "{:?}", log.body);
        let actions: Vec<&str> = log.body["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["action"].as_str())
            .collect();
        for a in [
            "group.transfer.offered",
            "group.transfer.declined",
            "group.transfer.cancelled",
            "group.transferred",
        ] {
            assert!(actions.contains(&a), "{a} in {actions:?}");
        }
    }
}

#[tokio::test]
async fn ten_offers_do_not_carry_a_member_past_the_cap_of_owned_groups() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<::groups::GroupsPolicy>()
                .create_rate
                .limit = 100;
            c.areas
                .get_mut::<::groups::GroupsPolicy>()
                .max_owned_per_user = 3;
            c.areas
                .get_mut::<::accounts::AccountsPolicy>()
                .register_per_ip
                .limit = 100;
        })
        .await;
        let heir = app.person("hana").await;
        let mut offered = Vec::new();
        for i in 0..10 {
            let owner = app.person(&format!("olga{i}")).await;
            let g = app
                .create_group(&owner, &format!("小组 {i}"), "public", "open")
                .await;
            let gid = g["id"].as_str().unwrap().to_owned();
            app.join_open(&heir, &gid).await;
            let r = app.offer(&owner, &gid, &heir, "en").await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            offered.push(gid);
        }
        let mut accepted = 0;
        for gid in &offered {
            let r = app.answer(&heir, Method::POST, gid, "/accept").await;
            match r.status {
                200 => accepted += 1,
                409 => assert_eq!(r.code(), "too_many_groups", "{:?}", r.body),
                s => panic!("{s}: {:?}", r.body),
            }
        }
        assert_eq!(accepted, 3, "the cap holds on acceptance");
        let mine = app
            .send(
                &heir.client,
                Method::GET,
                "/api/groups/mine?limit=50",
                None,
                "en",
            )
            .await;
        let owned = mine.body["groups"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["membership"]["role"] == "owner")
            .count();
        assert_eq!(owned, 3);

        // At the cap, a new offer is refused at once.
        let owner = app.person("late").await;
        let g = app.create_group(&owner, "晚到", "public", "open").await;
        let gid = g["id"].as_str().unwrap();
        app.join_open(&heir, gid).await;
        let r = app.offer(&owner, gid, &heir, "zh").await;
        assert_eq!(
            (r.status, r.code()),
            (409, "too_many_groups"),
            "{:?}",
            r.body
        );
        // A declined offer past the cap leaves the group where it was.
        let r = app
            .answer(&heir, Method::POST, &offered[9], "/decline")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}
