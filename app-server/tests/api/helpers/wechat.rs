//! WeChat in the API tests: a fake WeChat's OAuth, WeChat's in-app browser, the OAuth round trip
//! and the requests the page's own `fetch()` sends.

use super::{Reply, TestApp, reply};
use serde_json::json;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const WECHAT_UA: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN";

/// A fake WeChat: OAuth codes `code-<name>` prove the openid `o-<name>`.
pub async fn fake_wechat() -> MockServer {
    let server = MockServer::start().await;
    for name in ["alice", "bob", "carol"] {
        Mock::given(method("GET"))
            .and(path("/sns/oauth2/access_token"))
            .and(query_param("code", format!("code-{name}")))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "access_token": format!("web-{name}"), "expires_in": 7200,
                "refresh_token": "r", "openid": format!("o-{name}"), "scope": "snsapi_userinfo",
                "unionid": format!("u-{name}")
            })))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/sns/userinfo"))
            .and(query_param("openid", format!("o-{name}")))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "openid": format!("o-{name}"), "nickname": format!("微信{name}"),
                "headimgurl": "https://wx.qlogo.cn/mmopen/a.png", "unionid": format!("u-{name}")
            })))
            .mount(&server)
            .await;
    }
    Mock::given(method("GET"))
        .and(path("/sns/oauth2/access_token"))
        .and(query_param("code", "code-used"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "errcode": 40163, "errmsg": "code been used" })),
        )
        .mount(&server)
        .await;
    server
}

pub fn wechat_browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .user_agent(WECHAT_UA)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

pub fn with_origin(app: &TestApp, rb: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    rb.header("Origin", &app.address)
}

/// Runs the OAuth round trip in `client` with WeChat answering `code`; returns the redirect.
pub async fn oauth_round_trip(app: &TestApp, client: &reqwest::Client, code: &str) -> String {
    let token = reply(client.get(app.url("/api/auth/token")).send().await.unwrap()).await;
    let auth_url = token.body["authUrl"]
        .as_str()
        .expect("authUrl in WeChat")
        .to_owned();
    let url = reqwest::Url::parse(&auth_url).unwrap();
    assert_eq!(url.path(), "/connect/oauth2/authorize");
    assert_eq!(url.fragment(), Some("wechat_redirect"));
    let q: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert_eq!(q["appid"], "wx-test-app");
    assert_eq!(q["scope"], "snsapi_userinfo");
    assert_eq!(q["redirect_uri"], app.url("/api/auth/wechat/callback"));
    let state = &q["state"];
    assert!(state.len() <= 128 && state.chars().all(|c| c.is_ascii_alphanumeric()));
    let res = client
        .get(app.url(&format!(
            "/api/auth/wechat/callback?code={code}&state={state}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 302);
    res.headers()["location"].to_str().unwrap().to_owned()
}

pub async fn json_req(
    app: &TestApp,
    client: &reqwest::Client,
    m: reqwest::Method,
    p: &str,
) -> Reply {
    reply(
        app_fetch(with_origin(app, client.request(m, app.url(p))))
            .header("Accept-Language", "en")
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// The fetch metadata Chromium sends with the page's own `fetch()`.
pub fn app_fetch(rb: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    rb.header("Sec-Fetch-Site", "same-origin")
        .header("Sec-Fetch-Mode", "cors")
        .header("Sec-Fetch-Dest", "empty")
}
