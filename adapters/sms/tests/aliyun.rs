#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `AliyunSmsSender` against a local fake Dysmsapi: every `# Errors` case of `SmsSender`.

mod common;

use accounts::AccountsError;
use accounts::model::{PhoneNumber, VerificationCode};
use accounts::ports::SmsSender;
use adapter_sms::{AliyunSmsConfig, AliyunSmsSender, signature};
use secrecy::SecretString;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Duration;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const SECRET: &str = "test-access-key-secret-9f8e7d";
const CODE: &str = "740613";
const NATIONAL: &str = "13912345678";

fn config(server: &MockServer) -> AliyunSmsConfig {
    let mut config = AliyunSmsConfig::new(
        "LTAI5tTestKeyId",
        SecretString::from(SECRET),
        "庭院",
        "SMS_480000001",
    );
    config.endpoint = server.uri();
    config.timeout = Duration::from_millis(500);
    config
}

fn sender(server: &MockServer) -> AliyunSmsSender {
    AliyunSmsSender::new(config(server)).unwrap()
}

fn phone() -> PhoneNumber {
    PhoneNumber::parse("86", NATIONAL).unwrap()
}

fn code() -> VerificationCode {
    VerificationCode::parse(CODE).unwrap()
}

async fn server_answering(template: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/"))
        .respond_with(template)
        .mount(&server)
        .await;
    server
}

fn aliyun_json(code: &str, message: &str) -> serde_json::Value {
    json!({
        "Code": code,
        "Message": message,
        "RequestId": "F655A8D5-B967-440B-8683-DAD6FF8DE990",
        "BizId": "900619746936498440^0",
    })
}

/// Sends one code to a fake server answering `template`.
async fn send_against(template: ResponseTemplate) -> Result<(), AccountsError> {
    let server = server_answering(template).await;
    sender(&server).send_code(&phone(), &code()).await
}

/// The query of the one request the server received, decoded.
async fn received_query(server: &MockServer) -> Vec<BTreeMap<String, String>> {
    server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| r.url.query_pairs().into_owned().collect())
        .collect()
}

#[tokio::test]
async fn sends_a_signed_request_with_every_parameter() {
    let server =
        server_answering(ResponseTemplate::new(200).set_body_json(aliyun_json("OK", "OK"))).await;
    let s = sender(&server);

    s.send_code(&phone(), &code()).await.unwrap();
    s.send_code(&phone(), &code()).await.unwrap();

    let queries = received_query(&server).await;
    assert_eq!(queries.len(), 2);
    let q = &queries[0];
    let expected = [
        ("AccessKeyId", "LTAI5tTestKeyId"),
        ("Action", "SendSms"),
        ("Format", "JSON"),
        ("PhoneNumbers", NATIONAL),
        ("RegionId", "cn-hangzhou"),
        ("SignName", "庭院"),
        ("SignatureMethod", "HMAC-SHA1"),
        ("SignatureVersion", "1.0"),
        ("TemplateCode", "SMS_480000001"),
        ("TemplateParam", r#"{"code":"740613"}"#),
        ("Version", "2017-05-25"),
    ];
    for (name, value) in expected {
        assert_eq!(q.get(name).map(String::as_str), Some(value), "{name}");
    }
    let names: Vec<&str> = q.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "AccessKeyId",
            "Action",
            "Format",
            "PhoneNumbers",
            "RegionId",
            "SignName",
            "Signature",
            "SignatureMethod",
            "SignatureNonce",
            "SignatureVersion",
            "TemplateCode",
            "TemplateParam",
            "Timestamp",
            "Version"
        ]
    );

    // Timestamp: UTC, YYYY-MM-DDThh:mm:ssZ, close to now.
    let ts = chrono::NaiveDateTime::parse_from_str(&q["Timestamp"], "%Y-%m-%dT%H:%M:%SZ")
        .unwrap()
        .and_utc();
    assert!((chrono::Utc::now() - ts).num_seconds().abs() < 60);

    // Nonces are fresh per request.
    assert!(!q["SignatureNonce"].is_empty());
    assert_ne!(q["SignatureNonce"], queries[1]["SignatureNonce"]);

    // The signature verifies when the server recomputes it.
    for q in &queries {
        let params: Vec<(&str, &str)> = q
            .iter()
            .filter(|(k, _)| *k != "Signature")
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(q["Signature"], signature::sign("GET", &params, SECRET));
    }
}

#[tokio::test]
async fn a_nanp_number_is_sent_with_its_calling_code() {
    let server =
        server_answering(ResponseTemplate::new(200).set_body_json(aliyun_json("OK", "OK"))).await;
    let us = PhoneNumber::parse("1", "202-555-0123").unwrap();

    sender(&server).send_code(&us, &code()).await.unwrap();

    assert_eq!(
        received_query(&server).await[0]["PhoneNumbers"],
        "12025550123"
    );
}

#[tokio::test]
async fn flow_control_is_throttled() {
    for provider_code in [
        "isv.BUSINESS_LIMIT_CONTROL",
        "isv.DAY_LIMIT_CONTROL",
        "isv.MONTH_LIMIT_CONTROL",
    ] {
        let r = send_against(
            ResponseTemplate::new(200)
                .set_body_json(aliyun_json(provider_code, "触发号码天级流控Permits:10")),
        )
        .await;
        assert!(
            matches!(r, Err(AccountsError::SmsThrottled)),
            "{provider_code}: {r:?}"
        );
    }
}

#[tokio::test]
async fn an_illegal_number_is_invalid_phone() {
    for provider_code in ["isv.MOBILE_NUMBER_ILLEGAL", "isv.MOBILE_COUNT_OVER_LIMIT"] {
        let r = send_against(
            ResponseTemplate::new(200).set_body_json(aliyun_json(provider_code, "非法手机号")),
        )
        .await;
        assert!(
            matches!(r, Err(AccountsError::InvalidPhone)),
            "{provider_code}: {r:?}"
        );
    }
}

#[tokio::test]
async fn other_refusals_are_rejected_with_the_provider_code() {
    for code in [
        "isv.AMOUNT_NOT_ENOUGH",
        "isv.SMS_SIGNATURE_ILLEGAL",
        "isv.SMS_TEMPLATE_ILLEGAL",
        "SignatureDoesNotMatch",
        "InvalidAccessKeyId.NotFound",
    ] {
        let r =
            send_against(ResponseTemplate::new(200).set_body_json(aliyun_json(code, "refused")))
                .await;
        assert!(
            matches!(&r, Err(AccountsError::SmsRejected { provider_code }) if provider_code == code),
            "{code}: {r:?}"
        );
    }
}

#[tokio::test]
async fn http_errors_with_a_code_map_like_any_answer() {
    let r = send_against(
        ResponseTemplate::new(400).set_body_json(aliyun_json("SignatureDoesNotMatch", "mismatch")),
    )
    .await;
    assert!(
        matches!(&r, Err(AccountsError::SmsRejected { provider_code }) if provider_code == "SignatureDoesNotMatch"),
        "{r:?}"
    );

    let r = send_against(
        ResponseTemplate::new(404)
            .set_body_json(aliyun_json("InvalidAccessKeyId.NotFound", "nope")),
    )
    .await;
    assert!(
        matches!(&r, Err(AccountsError::SmsRejected { provider_code }) if provider_code == "InvalidAccessKeyId.NotFound"),
        "{r:?}"
    );

    let r = send_against(
        ResponseTemplate::new(503).set_body_json(aliyun_json("isv.BUSINESS_LIMIT_CONTROL", "flow")),
    )
    .await;
    assert!(matches!(r, Err(AccountsError::SmsThrottled)), "{r:?}");
}

#[tokio::test]
async fn http_500_with_garbage_is_unavailable() {
    let r = send_against(
        ResponseTemplate::new(500).set_body_string("<html>Internal Server Error</html>"),
    )
    .await;
    assert!(matches!(r, Err(AccountsError::SmsUnavailable(_))), "{r:?}");
}

#[tokio::test]
async fn a_non_json_200_is_unavailable() {
    let r = send_against(ResponseTemplate::new(200).set_body_string("OK")).await;
    assert!(matches!(r, Err(AccountsError::SmsUnavailable(_))), "{r:?}");

    let r = send_against(ResponseTemplate::new(200).set_body_json(json!({"RequestId": "x"}))).await;
    assert!(
        matches!(r, Err(AccountsError::SmsUnavailable(_))),
        "JSON without Code: {r:?}"
    );
}

#[tokio::test]
async fn a_slow_server_is_unavailable() {
    let r = send_against(
        ResponseTemplate::new(200)
            .set_body_json(aliyun_json("OK", "OK"))
            .set_delay(Duration::from_secs(5)),
    )
    .await;
    assert!(matches!(r, Err(AccountsError::SmsUnavailable(_))), "{r:?}");
}

#[tokio::test]
async fn an_unreachable_server_is_unavailable() {
    let server = MockServer::start().await;
    let config = config(&server);
    drop(server);

    let r = AliyunSmsSender::new(config)
        .unwrap()
        .send_code(&phone(), &code())
        .await;

    let Err(AccountsError::SmsUnavailable(e)) = r else {
        panic!("{r:?}");
    };
    // The URL (number, code) stays out of the error chain.
    let chain = format!("{e:#}");
    assert!(
        !chain.contains(CODE) && !chain.contains(NATIONAL),
        "{chain}"
    );
}

#[tokio::test]
async fn logs_never_show_the_code_the_secret_or_the_whole_number() {
    let (logs, _guard) = common::capture_logs();
    let echo = format!(
        "Specified signature is not matched with our calculation. server string to sign is:\
         GET&%2F&PhoneNumbers%3D{NATIONAL}%26TemplateParam%3D%257B%2522code%2522%253A%2522{CODE}%2522%257D"
    );

    let ok = send_against(ResponseTemplate::new(200).set_body_json(aliyun_json("OK", "OK"))).await;
    let refused = send_against(
        ResponseTemplate::new(400).set_body_json(aliyun_json("SignatureDoesNotMatch", &echo)),
    )
    .await;
    let garbage =
        send_against(ResponseTemplate::new(502).set_body_string(format!("bad gateway {CODE}")))
            .await;

    assert!(ok.is_ok());
    assert!(refused.is_err() && garbage.is_err());
    let text = logs.text();
    assert!(text.contains("SignatureDoesNotMatch"), "{text}");
    assert!(
        text.contains("F655A8D5-B967-440B-8683-DAD6FF8DE990"),
        "{text}"
    );
    assert!(text.contains("139****5678"), "{text}");
    for secret in [CODE, SECRET, NATIONAL] {
        assert!(!text.contains(secret), "{secret} leaked:\n{text}");
    }
}

#[test]
fn provider_is_aliyun() {
    let mut c = AliyunSmsConfig::new("id", SecretString::from("secret"), "庭院", "SMS_1");
    c.endpoint = "http://127.0.0.1:9".to_owned();
    assert_eq!(AliyunSmsSender::new(c).unwrap().provider(), "aliyun");
}

#[test]
fn config_defaults_and_debug_hides_the_secret() {
    let c = AliyunSmsConfig::new("id", SecretString::from(SECRET), "庭院", "SMS_1");
    assert_eq!(c.endpoint, "https://dysmsapi.aliyuncs.com");
    assert_eq!(c.region_id, "cn-hangzhou");
    assert!(!format!("{c:?}").contains(SECRET));
}
