//! People in the API tests: someone with their own browser, signed up and signed in, and the
//! requests they send (groups and their gallery included, which most areas' tests need).

use super::{Reply, TestApp, browser, reply};
use reqwest::header::{ACCEPT_LANGUAGE, CONTENT_TYPE};
use serde_json::{Value, json};

/// The password every [`TestApp::person`] signs up with.
pub const PASSWORD: &str = "correct horse battery";

/// Someone with their own browser, signed in.
pub struct Person {
    pub client: reqwest::Client,
    pub id: String,
}

impl TestApp {
    pub async fn person(&self, username: &str) -> Person {
        let client = browser(&self.address);
        let r = self
            .post_as(
                &client,
                "/api/auth/username/register",
                json!({ "username": username, "password": PASSWORD }),
                "en",
            )
            .await;
        assert!(r.body["success"] == true, "{:?}", r.body);
        Person {
            client,
            id: r.body["user"]["id"].as_str().unwrap().to_owned(),
        }
    }

    /// A token of `who` with `scopes`, for 30 days, as its `Authorization` value.
    pub async fn token_of(&self, who: &Person, scopes: &[&str]) -> String {
        let r = self
            .send(
                &who.client,
                reqwest::Method::POST,
                "/api/tokens",
                Some(json!({ "name": scopes.join(" "), "scopes": scopes, "expiresInDays": 30 })),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        format!("Bearer {}", r.body["secret"].as_str().unwrap())
    }

    pub async fn send(
        &self,
        who: &reqwest::Client,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        lang: &str,
    ) -> Reply {
        let mut req = who
            .request(method, self.url(path))
            .header(ACCEPT_LANGUAGE, lang);
        if let Some(body) = body {
            req = req.json(&body);
        }
        reply(req.send().await.unwrap()).await
    }

    pub async fn create_group(
        &self,
        who: &Person,
        name: &str,
        visibility: &str,
        policy: &str,
    ) -> Value {
        let r = self
            .send(
                &who.client,
                reqwest::Method::POST,
                "/api/groups",
                Some(json!({ "name": name, "description": "一起读书", "visibility": visibility, "joinPolicy": policy })),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["group"].clone()
    }

    /// An article `who` wrote in `group` (titled `title`, its body a heading of it) and
    /// published; its id.
    pub async fn published_article(&self, who: &Person, group: &str, title: &str) -> String {
        let a = self
            .send(
                &who.client,
                reqwest::Method::POST,
                &format!("/api/groups/{group}/articles"),
                Some(json!({ "title": title, "body": format!("# {title}") })),
                "en",
            )
            .await;
        assert_eq!(a.status, 201, "{:?}", a.body);
        let id = a.body["article"]["id"].as_str().unwrap().to_owned();
        let r = self
            .send(
                &who.client,
                reqwest::Method::POST,
                &format!("/api/groups/{group}/articles/{id}/publish"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        id
    }

    pub async fn upload(&self, who: &reqwest::Client, group: &str, bytes: Vec<u8>) -> Reply {
        reply(
            who.post(self.url(&format!("/api/groups/{group}/gallery")))
                .header(CONTENT_TYPE, "application/octet-stream")
                .body(bytes)
                .send()
                .await
                .unwrap(),
        )
        .await
    }
}
