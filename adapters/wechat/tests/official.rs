#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `WechatClient` as `wechat::ports::WechatOfficialApi`, against a local fake WeChat.

mod common;

use adapter_wechat::{WechatClient, WechatConfig};
use secrecy::SecretString;
use serde_json::json;
use std::time::Duration;
use wechat::WechatError;
use wechat::menu::{Button, Menu};
use wechat::ports::WechatOfficialApi;
use wiremock::matchers::{body_json, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const APP_ID: &str = "wx520c15f417810387";
const SECRET: &str = "0123456789abcdef0123456789abcdef";
const TOKEN: &str = "81_stableTokenAbcdefghijklmnopqrstuvwxyz0123456789";

fn config(server: &MockServer) -> WechatConfig {
    let mut config = WechatConfig::new(APP_ID, SecretString::from(SECRET));
    config.api_base = server.uri();
    config.timeout = Duration::from_millis(500);
    config
}

fn client(server: &MockServer) -> WechatClient {
    WechatClient::new(config(server)).unwrap()
}

fn ok(body: serde_json::Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

fn errcode(code: i64, message: &str) -> ResponseTemplate {
    ok(json!({ "errcode": code, "errmsg": message }))
}

/// A server answering every request with `answer`.
async fn server_answering(answer: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(answer)
        .mount(&server)
        .await;
    server
}

fn chinese_menu() -> Menu {
    Menu {
        button: vec![
            Button {
                name: "今日歌曲".into(),
                kind: Some("click".into()),
                key: Some("V1001_TODAY_MUSIC".into()),
                ..Button::default()
            },
            Button {
                name: "菜单".into(),
                sub_button: vec![
                    Button {
                        name: "搜索".into(),
                        kind: Some("view".into()),
                        url: Some("https://www.soso.com/".into()),
                        ..Button::default()
                    },
                    Button {
                        name: "小程序".into(),
                        kind: Some("miniprogram".into()),
                        url: Some("https://mp.weixin.qq.com".into()),
                        appid: Some("wx286b93c14bbf93aa".into()),
                        pagepath: Some("pages/lunar/index".into()),
                        ..Button::default()
                    },
                ],
                ..Button::default()
            },
        ],
    }
}

/// The same menu as WeChat's `menu/get` returns it: empty `sub_button` arrays, a `menuid`,
/// and a `conditionalmenu` next to it.
fn menu_get_answer() -> serde_json::Value {
    json!({
        "menu": {
            "button": [
                { "type": "click", "name": "今日歌曲", "key": "V1001_TODAY_MUSIC", "sub_button": [] },
                { "name": "菜单", "sub_button": [
                    { "type": "view", "name": "搜索", "url": "https://www.soso.com/", "sub_button": [] },
                    { "type": "miniprogram", "name": "小程序", "url": "https://mp.weixin.qq.com",
                      "appid": "wx286b93c14bbf93aa", "pagepath": "pages/lunar/index", "sub_button": [] }
                ] }
            ],
            "menuid": 208396938
        },
        "conditionalmenu": [
            { "button": [ { "type": "click", "name": "男", "key": "M", "sub_button": [] } ],
              "matchrule": { "sex": "1" }, "menuid": 208396993 }
        ]
    })
}

#[test]
fn app_id_is_the_configured_one() {
    let c = WechatClient::new(WechatConfig::new(APP_ID, SecretString::from(SECRET))).unwrap();
    assert_eq!(c.app_id(), APP_ID);
}

#[test]
fn config_defaults_and_debug_hides_the_secret() {
    let c = WechatConfig::new(APP_ID, SecretString::from(SECRET));
    assert_eq!(c.api_base, "https://api.weixin.qq.com");
    assert_eq!(c.oauth_base, "https://open.weixin.qq.com");
    assert!(!format!("{c:?}").contains(SECRET));
    assert!(!format!("{:?}", WechatClient::new(c).unwrap()).contains(SECRET));
}

#[tokio::test]
async fn stable_token_sends_the_credentials_and_the_force_refresh_flag() {
    for force_refresh in [false, true] {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/cgi-bin/stable_token"))
            .and(body_json(json!({
                "grant_type": "client_credential",
                "appid": APP_ID,
                "secret": SECRET,
                "force_refresh": force_refresh,
            })))
            .respond_with(ok(json!({ "access_token": TOKEN, "expires_in": 7200 })))
            .expect(1)
            .mount(&server)
            .await;

        let token = client(&server).stable_token(force_refresh).await.unwrap();

        assert_eq!(token.token, TOKEN);
        assert_eq!(token.expires_in_secs, 7200);
    }
}

#[tokio::test]
async fn stable_token_with_wrong_credentials_is_invalid_credential() {
    for code in [40013, 40125, 40164, 41004, 41002] {
        let server = server_answering(errcode(code, "invalid appsecret, rid: x")).await;
        let r = client(&server).stable_token(false).await;
        assert!(
            matches!(&r, Err(WechatError::InvalidCredential { code: c, message }) if *c == code && message.starts_with("invalid appsecret")),
            "{code}: {r:?}"
        );
    }
}

#[tokio::test]
async fn rate_limits_are_upstream_rate_limited() {
    for code in [45009, 45011, 45033] {
        let server = server_answering(errcode(code, "reach max api daily quota limit")).await;
        let r = client(&server).stable_token(true).await;
        assert!(
            matches!(r, Err(WechatError::UpstreamRateLimited)),
            "{code}: {r:?}"
        );
    }
}

#[tokio::test]
async fn other_errcodes_are_upstream() {
    let server = server_answering(errcode(-1, "system error")).await;
    let r = client(&server).stable_token(false).await;
    assert!(
        matches!(&r, Err(WechatError::Upstream { code: -1, message }) if message == "system error"),
        "{r:?}"
    );
}

#[tokio::test]
async fn a_refused_access_token_is_access_token_invalid() {
    for code in [40001, 40014, 42001] {
        let server = server_answering(errcode(code, "access_token expired")).await;
        let c = client(&server);
        assert!(
            matches!(
                c.get_menu(TOKEN).await,
                Err(WechatError::AccessTokenInvalid)
            ),
            "{code}"
        );
        assert!(
            matches!(
                c.create_menu(TOKEN, &chinese_menu()).await,
                Err(WechatError::AccessTokenInvalid)
            ),
            "{code}"
        );
        assert!(
            matches!(
                c.delete_menu(TOKEN).await,
                Err(WechatError::AccessTokenInvalid)
            ),
            "{code}"
        );
    }
}

#[tokio::test]
async fn no_menu_set_is_none() {
    let server = server_answering(errcode(46003, "menu no exist")).await;
    assert_eq!(client(&server).get_menu(TOKEN).await.unwrap(), None);
}

#[tokio::test]
async fn get_menu_reads_chinese_names_and_ignores_conditional_menus() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/cgi-bin/menu/get"))
        .and(query_param("access_token", TOKEN))
        .respond_with(ok(menu_get_answer()))
        .expect(1)
        .mount(&server)
        .await;

    let menu = client(&server).get_menu(TOKEN).await.unwrap().unwrap();

    assert_eq!(menu, chinese_menu());
}

#[tokio::test]
async fn create_menu_sends_the_exact_json_in_utf8() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/cgi-bin/menu/create"))
        .and(query_param("access_token", TOKEN))
        .respond_with(errcode(0, "ok"))
        .expect(1)
        .mount(&server)
        .await;

    client(&server)
        .create_menu(TOKEN, &chinese_menu())
        .await
        .unwrap();

    let requests = server.received_requests().await.unwrap();
    let body = String::from_utf8(requests[0].body.clone()).unwrap();
    assert_eq!(
        body,
        r#"{"button":[{"name":"今日歌曲","type":"click","key":"V1001_TODAY_MUSIC"},{"name":"菜单","sub_button":[{"name":"搜索","type":"view","url":"https://www.soso.com/"},{"name":"小程序","type":"miniprogram","url":"https://mp.weixin.qq.com","appid":"wx286b93c14bbf93aa","pagepath":"pages/lunar/index"}]}]}"#
    );
    assert_eq!(
        requests[0].headers.get("content-type").unwrap(),
        "application/json"
    );
}

#[tokio::test]
async fn a_menu_wechat_refuses_is_upstream_with_its_code() {
    let server = server_answering(errcode(40016, "invalid button size")).await;
    let r = client(&server).create_menu(TOKEN, &chinese_menu()).await;
    assert!(
        matches!(&r, Err(WechatError::Upstream { code: 40016, message }) if message == "invalid button size"),
        "{r:?}"
    );
}

#[tokio::test]
async fn delete_menu_calls_delete_with_the_token() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/cgi-bin/menu/delete"))
        .and(query_param("access_token", TOKEN))
        .respond_with(errcode(0, "ok"))
        .expect(1)
        .mount(&server)
        .await;

    client(&server).delete_menu(TOKEN).await.unwrap();
}

#[tokio::test]
async fn http_500_with_garbage_is_unavailable() {
    let server =
        server_answering(ResponseTemplate::new(500).set_body_string("<html>oops</html>")).await;
    let c = client(&server);
    assert!(matches!(
        c.stable_token(false).await,
        Err(WechatError::Unavailable(_))
    ));
    assert!(matches!(
        c.get_menu(TOKEN).await,
        Err(WechatError::Unavailable(_))
    ));
    assert!(matches!(
        c.create_menu(TOKEN, &chinese_menu()).await,
        Err(WechatError::Unavailable(_))
    ));
    assert!(matches!(
        c.delete_menu(TOKEN).await,
        Err(WechatError::Unavailable(_))
    ));
}

#[tokio::test]
async fn a_200_that_is_not_the_expected_json_is_unavailable() {
    for answer in [
        ResponseTemplate::new(200).set_body_string("not json"),
        ok(json!({ "expires_in": 7200 })),
    ] {
        let server = server_answering(answer).await;
        let r = client(&server).stable_token(false).await;
        assert!(matches!(r, Err(WechatError::Unavailable(_))), "{r:?}");
    }
}

#[tokio::test]
async fn a_slow_wechat_is_unavailable() {
    let server = server_answering(
        ok(json!({ "access_token": TOKEN, "expires_in": 7200 })).set_delay(Duration::from_secs(5)),
    )
    .await;
    let c = client(&server);
    assert!(matches!(
        c.stable_token(false).await,
        Err(WechatError::Unavailable(_))
    ));
    assert!(matches!(
        c.get_menu(TOKEN).await,
        Err(WechatError::Unavailable(_))
    ));
}

#[tokio::test]
async fn an_unreachable_wechat_is_unavailable_without_the_token_in_the_error() {
    let server = MockServer::start().await;
    let config = config(&server);
    drop(server);

    let r = WechatClient::new(config).unwrap().get_menu(TOKEN).await;

    let Err(WechatError::Unavailable(e)) = r else {
        panic!("{r:?}");
    };
    assert!(!format!("{e:#}").contains(TOKEN), "{e:#}");
}

#[tokio::test]
async fn logs_never_show_the_secret_or_the_whole_token() {
    let (logs, _guard) = common::capture_logs();
    let server = server_answering(ok(json!({ "access_token": TOKEN, "expires_in": 7200 }))).await;
    let c = client(&server);
    c.stable_token(true).await.unwrap();
    let refusing = server_answering(errcode(42001, "access_token expired")).await;
    let _ = client(&refusing).get_menu(TOKEN).await;

    let text = logs.text();
    assert!(text.contains("81_st…789"), "masked token expected:\n{text}");
    assert!(text.contains("42001"), "{text}");
    for secret in [SECRET, TOKEN] {
        assert!(!text.contains(secret), "{secret} leaked:\n{text}");
    }
}
