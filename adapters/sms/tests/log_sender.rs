#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use accounts::model::{PhoneNumber, VerificationCode};
use accounts::ports::SmsSender;
use adapter_sms::{DEVELOPMENT_LOG_TARGET, LogSmsSender, RefusedInProduction};

#[test]
fn refuses_to_run_in_production() {
    assert_eq!(LogSmsSender::new(true).unwrap_err(), RefusedInProduction);
    assert!(LogSmsSender::new(false).is_ok());
}

#[test]
fn provider_is_log() {
    assert_eq!(LogSmsSender::new(false).unwrap().provider(), "log");
}

#[tokio::test]
async fn development_logs_the_code_and_the_full_number_at_warn() {
    let (logs, _guard) = common::capture_logs();
    let phone = PhoneNumber::parse("86", "13800138000").unwrap();
    let code = VerificationCode::parse("042137").unwrap();

    LogSmsSender::new(false)
        .unwrap()
        .send_code(&phone, &code)
        .await
        .unwrap();

    let text = logs.text();
    assert!(text.contains(" WARN "), "{text}");
    assert!(text.contains(DEVELOPMENT_LOG_TARGET), "{text}");
    assert!(
        text.contains("DEVELOPMENT SMS (not sent): code 042137 for +8613800138000"),
        "{text}"
    );
    assert!(text.contains("development only"), "{text}");
}
