//! Phones in the API tests: the numbers, the request bodies and a server whose resend countdown
//! is short enough to send several codes in one test.

use super::{FakeSms, TestApp, spawn_app_with};
use adapter_postgres::testing::TestDb;
use kernel::RateLimitRule;
use serde_json::{Value, json};

/// A mainland mobile number.
pub const NUMBER: &str = "13800138000";
/// Another mainland mobile number.
pub const OTHER_NUMBER: &str = "13900139000";

/// The body that asks for a code to `number` (+86).
pub fn phone_body(number: &str) -> Value {
    json!({ "phonePrefix": "86", "phoneNumber": number })
}

/// The body that signs in with, or binds, `number` (+86) by `code`.
pub fn code_body(number: &str, code: &str) -> Value {
    json!({ "phonePrefix": "86", "phoneNumber": number, "verificationCode": code })
}

/// A server with the fake SMS provider whose resend minute is one second, so tests can send
/// several codes quickly.
pub async fn spawn_app_with_sms(db: TestDb, sms: &FakeSms) -> TestApp {
    spawn_app_with(db, |c| {
        sms.configure(c);
        c.areas.get_mut::<::accounts::AccountsPolicy>().code_resend = RateLimitRule {
            limit: 1,
            window_secs: 1,
        };
    })
    .await
}

/// Waits out [`spawn_app_with_sms`]'s one-second resend countdown.
pub async fn wait_out_resend() {
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
}
