#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `WechatClient` as `accounts::ports::WechatOAuth`, against a local fake WeChat.

mod common;

use accounts::AccountsError;
use accounts::model::WechatProfile;
use accounts::ports::WechatOAuth;
use adapter_wechat::{WechatClient, WechatConfig};
use secrecy::SecretString;
use serde_json::json;
use std::time::Duration;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const APP_ID: &str = "wx520c15f417810387";
const SECRET: &str = "0123456789abcdef0123456789abcdef";
const CODE: &str = "061Abc0w3HkXb13t8p2w3dTaBv1Abc0z";
const OAUTH_TOKEN: &str = "ACCESS_TOKEN_81_oauth_abcdefghijklmnopqrstuvwxyz";
const OPENID: &str = "oLVPpjqs9BhvzwPj5A-vTYAX3GLc";
const UNIONID: &str = "o6_bmasdasdsad6_2sgVt7hMZOPfL";

fn config(server: &MockServer) -> WechatConfig {
    let mut config = WechatConfig::new(APP_ID, SecretString::from(SECRET));
    config.api_base = server.uri();
    config.timeout = Duration::from_millis(500);
    config
}

fn client(server: &MockServer) -> WechatClient {
    WechatClient::new(config(server)).unwrap()
}

fn token_json(scope: &str, unionid: Option<&str>) -> serde_json::Value {
    let mut v = json!({
        "access_token": OAUTH_TOKEN,
        "expires_in": 7200,
        "refresh_token": "REFRESH_TOKEN_81_abcdefghijklmnop",
        "openid": OPENID,
        "scope": scope,
        "is_snapshotuser": 0,
    });
    if let Some(u) = unionid {
        v["unionid"] = json!(u);
    }
    v
}

fn userinfo_json(unionid: Option<&str>) -> serde_json::Value {
    let mut v = json!({
        "openid": OPENID,
        "nickname": "庭院小明",
        "sex": 0,
        "province": "",
        "city": "",
        "country": "",
        "headimgurl": "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/46",
        "privilege": [],
    });
    if let Some(u) = unionid {
        v["unionid"] = json!(u);
    }
    v
}

async fn mount_token(server: &MockServer, answer: ResponseTemplate) {
    Mock::given(method("GET"))
        .and(path("/sns/oauth2/access_token"))
        .and(query_param("appid", APP_ID))
        .and(query_param("secret", SECRET))
        .and(query_param("code", CODE))
        .and(query_param("grant_type", "authorization_code"))
        .respond_with(answer)
        .mount(server)
        .await;
}

async fn mount_userinfo(server: &MockServer, answer: ResponseTemplate) {
    Mock::given(method("GET"))
        .and(path("/sns/userinfo"))
        .and(query_param("access_token", OAUTH_TOKEN))
        .and(query_param("openid", OPENID))
        .and(query_param("lang", "zh_CN"))
        .respond_with(answer)
        .mount(server)
        .await;
}

fn ok(body: serde_json::Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

fn errcode(code: i64, message: &str) -> ResponseTemplate {
    ok(json!({ "errcode": code, "errmsg": message }))
}

/// Exchanges `CODE` against a fake WeChat whose token endpoint answers `token`.
async fn exchange_with_token_answer(
    token: ResponseTemplate,
) -> Result<WechatProfile, AccountsError> {
    let server = MockServer::start().await;
    mount_token(&server, token).await;
    client(&server).exchange_code(CODE).await
}

#[test]
fn authorize_url_is_exactly_what_wechat_requires() {
    let c = WechatClient::new(WechatConfig::new(APP_ID, SecretString::from(SECRET))).unwrap();
    assert_eq!(
        c.authorize_url(
            "https://courtyard.example/api/auth/wechat/callback?next=/settings&x=1 2",
            "st4te_-Z9"
        ),
        "https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx520c15f417810387\
         &redirect_uri=https%3A%2F%2Fcourtyard.example%2Fapi%2Fauth%2Fwechat%2Fcallback%3Fnext%3D%2Fsettings%26x%3D1%202\
         &response_type=code&scope=snsapi_userinfo&state=st4te_-Z9#wechat_redirect"
    );
}

#[tokio::test]
async fn a_good_code_gives_the_identity_and_the_profile() {
    let server = MockServer::start().await;
    mount_token(&server, ok(token_json("snsapi_userinfo", Some(UNIONID)))).await;
    mount_userinfo(&server, ok(userinfo_json(Some(UNIONID)))).await;

    let profile = client(&server).exchange_code(CODE).await.unwrap();

    assert_eq!(profile.identity.openid, OPENID);
    assert_eq!(profile.identity.unionid.as_deref(), Some(UNIONID));
    assert_eq!(profile.nickname.as_deref(), Some("庭院小明"));
    assert!(
        profile
            .avatar_url
            .unwrap()
            .starts_with("https://thirdwx.qlogo.cn/mmopen/")
    );
}

#[tokio::test]
async fn the_unionid_may_come_from_userinfo_only_and_may_be_absent() {
    let server = MockServer::start().await;
    mount_token(&server, ok(token_json("snsapi_userinfo", None))).await;
    mount_userinfo(&server, ok(userinfo_json(Some(UNIONID)))).await;
    let profile = client(&server).exchange_code(CODE).await.unwrap();
    assert_eq!(profile.identity.unionid.as_deref(), Some(UNIONID));

    let server = MockServer::start().await;
    mount_token(&server, ok(token_json("snsapi_userinfo", None))).await;
    mount_userinfo(&server, ok(userinfo_json(None))).await;
    let profile = client(&server).exchange_code(CODE).await.unwrap();
    assert_eq!(profile.identity.unionid, None);
    assert_eq!(profile.nickname.as_deref(), Some("庭院小明"));
}

#[tokio::test]
async fn invalid_used_missing_or_expired_codes_are_rejected() {
    for (code, message) in [
        (40029, "invalid code, rid: 6523e4a3-0f2e1b6c-1a2b3c4d"),
        (40163, "code been used, rid: 6523e4a3-0f2e1b6c-1a2b3c4d"),
        (41008, "missing code"),
        (42003, "code expired"),
    ] {
        let r = exchange_with_token_answer(errcode(code, message)).await;
        assert!(
            matches!(r, Err(AccountsError::WechatCodeRejected)),
            "{code}: {r:?}"
        );
    }
}

#[tokio::test]
async fn other_errcodes_are_unavailable() {
    for code in [40013, 40125, 45009, -1] {
        let r = exchange_with_token_answer(errcode(code, "nope")).await;
        let Err(AccountsError::WechatUnavailable(e)) = r else {
            panic!("{code}: {r:?}");
        };
        assert!(format!("{e:#}").contains(&code.to_string()), "{e:#}");
    }
}

#[tokio::test]
async fn garbage_is_unavailable() {
    for answer in [
        ResponseTemplate::new(200).set_body_string("<html>not json</html>"),
        ResponseTemplate::new(500).set_body_string("Internal Server Error"),
        ok(json!({ "unexpected": true })),
    ] {
        let r = exchange_with_token_answer(answer).await;
        assert!(
            matches!(r, Err(AccountsError::WechatUnavailable(_))),
            "{r:?}"
        );
    }
}

#[tokio::test]
async fn a_slow_wechat_is_unavailable() {
    let r = exchange_with_token_answer(
        ok(token_json("snsapi_userinfo", None)).set_delay(Duration::from_secs(5)),
    )
    .await;
    assert!(
        matches!(r, Err(AccountsError::WechatUnavailable(_))),
        "{r:?}"
    );
}

#[tokio::test]
async fn an_unreachable_wechat_is_unavailable_without_secrets_in_the_error() {
    let server = MockServer::start().await;
    let config = config(&server);
    drop(server);

    let r = WechatClient::new(config).unwrap().exchange_code(CODE).await;

    let Err(AccountsError::WechatUnavailable(e)) = r else {
        panic!("{r:?}");
    };
    let chain = format!("{e:#}");
    assert!(!chain.contains(SECRET) && !chain.contains(CODE), "{chain}");
}

#[tokio::test]
async fn a_failing_userinfo_falls_back_to_the_identity() {
    for answer in [
        errcode(40001, "invalid credential"),
        ResponseTemplate::new(502).set_body_string("bad gateway"),
        ok(userinfo_json(None)).set_delay(Duration::from_secs(5)),
    ] {
        let server = MockServer::start().await;
        mount_token(&server, ok(token_json("snsapi_userinfo", Some(UNIONID)))).await;
        mount_userinfo(&server, answer).await;

        let profile = client(&server).exchange_code(CODE).await.unwrap();

        assert_eq!(profile.identity.openid, OPENID);
        assert_eq!(profile.identity.unionid.as_deref(), Some(UNIONID));
        assert_eq!(profile.nickname, None);
        assert_eq!(profile.avatar_url, None);
    }
}

#[tokio::test]
async fn a_base_scope_skips_userinfo() {
    let server = MockServer::start().await;
    mount_token(&server, ok(token_json("snsapi_base", None))).await;
    Mock::given(path("/sns/userinfo"))
        .respond_with(ok(userinfo_json(None)))
        .expect(0)
        .mount(&server)
        .await;

    let profile = client(&server).exchange_code(CODE).await.unwrap();

    assert_eq!(profile.identity.openid, OPENID);
    assert_eq!(profile.nickname, None);
}

#[tokio::test]
async fn logs_never_show_the_secret_the_code_or_the_token() {
    let (logs, _guard) = common::capture_logs();

    let server = MockServer::start().await;
    mount_token(&server, ok(token_json("snsapi_userinfo", Some(UNIONID)))).await;
    mount_userinfo(&server, errcode(40001, "invalid credential")).await;
    client(&server).exchange_code(CODE).await.unwrap();
    let _ = exchange_with_token_answer(errcode(40125, "invalid appsecret")).await;
    let _ = exchange_with_token_answer(errcode(40029, "invalid code")).await;

    let text = logs.text();
    assert!(text.contains("40001") && text.contains("40125"), "{text}");
    for secret in [SECRET, CODE, OAUTH_TOKEN, OPENID] {
        assert!(!text.contains(secret), "{secret} leaked:\n{text}");
    }
}
