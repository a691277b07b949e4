//! Phone + SMS code sign-in against a fake Aliyun SMS server, on SQLite and PostgreSQL.

use crate::helpers::{
    FakeSms, NUMBER, browser, code_body, phone_body, spawn_app_with, spawn_app_with_sms,
    wait_out_resend,
};
use adapter_postgres::testing::TestDb;
use kernel::RateLimitRule;
use serde_json::json;

#[tokio::test]
async fn send_then_login_creates_the_account_and_a_later_login_finds_it() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        let sent = app
            .post(
                "/api/auth/phone/sendVerification",
                phone_body("138 0013 8000"),
            )
            .await;
        assert_eq!(sent.status, 200, "{:?}", sent.body);
        assert_eq!(sent.body["resendAfterSecs"], 1);
        assert_eq!(sent.body["expiresInSecs"], 300);
        assert!(sent.body["sentAt"].as_str().is_some());
        let code = sms.last_code(NUMBER).await;
        assert_eq!(code.len(), 6);

        let login = app
            .post(
                "/api/auth/phone/login",
                json!({ "phonePrefix": "+86", "phoneNumber": NUMBER, "verificationCode": code }),
            )
            .await;
        assert_eq!(login.status, 200, "{:?}", login.body);
        assert_eq!(login.body["created"], true);
        assert_eq!(login.body["user"]["nickname"], "用户8000");
        assert_eq!(login.body["user"]["phone"]["masked"], "138****8000");
        assert_eq!(login.body["user"]["phone"]["prefix"], "86");
        assert_eq!(login.body["user"]["hasPassword"], false);
        assert_eq!(
            app.get("/api/auth/token").await.body["isAuthenticated"],
            true
        );

        // Single use.
        let again = app
            .post("/api/auth/phone/login", code_body(NUMBER, &code))
            .await;
        assert_eq!(
            (again.status, again.code()),
            (401, "wrong_verification_code")
        );

        // Another device, a new code: the same account, not a new one.
        wait_out_resend().await;
        let phone2 = browser(&app.address);
        app.post_as(
            &phone2,
            "/api/auth/phone/sendVerification",
            phone_body(NUMBER),
            "en",
        )
        .await;
        let code2 = sms.last_code(NUMBER).await;
        let second = app
            .post_as(
                &phone2,
                "/api/auth/phone/login",
                code_body(NUMBER, &code2),
                "zh",
            )
            .await;
        assert_eq!(second.status, 200, "{:?}", second.body);
        assert_eq!(second.body["created"], false);
        assert_eq!(second.body["message"], "登录成功");
        assert_eq!(second.body["user"]["id"], login.body["user"]["id"]);
    }
}

#[tokio::test]
async fn five_wrong_codes_kill_the_code() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        app.post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        let code = sms.last_code(NUMBER).await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for i in 1..=5 {
            let r = app
                .post("/api/auth/phone/login", code_body(NUMBER, wrong))
                .await;
            let expected = if i < 5 {
                "wrong_verification_code"
            } else {
                "verification_code_exhausted"
            };
            assert_eq!((r.status, r.code()), (401, expected), "try {i}");
        }
        // Even the right code is dead now.
        let r = app
            .post_as(
                &app.client,
                "/api/auth/phone/login",
                code_body(NUMBER, &code),
                "zh",
            )
            .await;
        assert_eq!((r.status, r.code()), (401, "verification_code_exhausted"));
        assert_eq!(r.message(), "验证码错误次数过多，请重新获取");
        // A new code works.
        wait_out_resend().await;
        app.post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        let fresh = sms.last_code(NUMBER).await;
        let r = app
            .post("/api/auth/phone/login", code_body(NUMBER, &fresh))
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}

#[tokio::test]
async fn a_resend_within_the_minute_is_429_with_the_wait() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with(db, |c| sms.configure(c)).await;
        assert_eq!(
            app.post("/api/auth/phone/sendVerification", phone_body(NUMBER))
                .await
                .status,
            200
        );
        let r = app
            .post_as(
                &app.client,
                "/api/auth/phone/sendVerification",
                phone_body(NUMBER),
                "zh",
            )
            .await;
        assert_eq!((r.status, r.code()), (429, "code_resend_too_soon"));
        let wait = r.body["retryAfter"].as_u64().unwrap();
        assert!((55..=60).contains(&wait), "{wait}");
        assert_eq!(r.message(), format!("验证码发送太频繁，请 {wait} 秒后再试"));
        let header: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert_eq!(header, wait);
        assert_eq!(
            sms.codes_for(NUMBER).await.len(),
            1,
            "nothing more was sent"
        );
    }
}

#[tokio::test]
async fn at_most_five_codes_per_number_and_twenty_per_ip_an_hour() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with(db, |c| {
            sms.configure(c);
            // No resend minute here: this test is about the hourly limits.
            c.areas.get_mut::<::accounts::AccountsPolicy>().code_resend = RateLimitRule {
                limit: 100,
                window_secs: 1,
            };
        })
        .await;
        for i in 1..=5 {
            let r = app
                .post("/api/auth/phone/sendVerification", phone_body(NUMBER))
                .await;
            assert_eq!(r.status, 200, "send {i}: {:?}", r.body);
        }
        let r = app
            .post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        assert!(r.body["retryAfter"].as_u64().unwrap() > 3000);
        assert_eq!(sms.codes_for(NUMBER).await.len(), 5);

        // The per-IP limit: 20 sends in all from this address (the 6th above counted too).
        let mut ok = 5;
        let mut n = 0;
        loop {
            n += 1;
            let number = format!("1390013{n:04}");
            let r = app
                .post("/api/auth/phone/sendVerification", phone_body(&number))
                .await;
            if r.status == 429 {
                assert_eq!(r.code(), "rate_limited");
                break;
            }
            assert_eq!(r.status, 200);
            ok += 1;
            assert!(n < 30, "the per-IP limit never applied");
        }
        assert_eq!(ok, 20, "20 sends per client IP an hour");
    }
}

#[tokio::test]
async fn bad_numbers_and_codes_are_clear_422s_in_both_languages() {
    let sms = FakeSms::start().await;
    let app = spawn_app_with(TestDb::sqlite().await, |c| sms.configure(c)).await;
    for (prefix, number, code, zh, en) in [
        (
            "86",
            "12345",
            "invalid_phone",
            "请输入有效的手机号",
            "Please enter a valid phone number",
        ),
        (
            "1",
            "1025550123",
            "invalid_phone",
            "请输入有效的手机号",
            "Please enter a valid phone number",
        ),
        (
            "44",
            "7700900123",
            "unsupported_phone_region",
            "目前仅支持 +86 和 +1 的手机号",
            "Only +86 and +1 phone numbers are supported",
        ),
    ] {
        for (lang, text) in [("zh", zh), ("en", en)] {
            let r = app
                .post_as(
                    &app.client,
                    "/api/auth/phone/sendVerification",
                    json!({ "phonePrefix": prefix, "phoneNumber": number }),
                    lang,
                )
                .await;
            assert_eq!((r.status, r.code(), r.message()), (422, code, text));
        }
    }
    let r = app
        .post("/api/auth/phone/login", code_body(NUMBER, "12ab56"))
        .await;
    assert_eq!((r.status, r.code()), (422, "invalid_verification_code"));
    let r = app
        .post("/api/auth/phone/login", json!({ "phonePrefix": "86" }))
        .await;
    assert_eq!(r.status, 400);
    // A +1 number goes to Aliyun as country code + number.
    let r = app
        .post(
            "/api/auth/phone/sendVerification",
            json!({ "phonePrefix": "1", "phoneNumber": "(202) 555-0123" }),
        )
        .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(sms.codes_for("12025550123").await.len(), 1);
    assert!(sms.codes_for(NUMBER).await.is_empty());
}

#[tokio::test]
async fn provider_refusals_become_clear_errors_and_free_the_countdown() {
    use wiremock::{Mock, MockServer, ResponseTemplate, matchers::method};
    let provider = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "Code": "isv.BUSINESS_LIMIT_CONTROL", "Message": "触发号码天级流控", "RequestId": "r"
        })))
        .mount(&provider)
        .await;
    let sms = FakeSms { server: provider };
    let app = spawn_app_with(TestDb::sqlite().await, |c| sms.configure(c)).await;
    for lang in ["en", "zh"] {
        let r = app
            .post_as(
                &app.client,
                "/api/auth/phone/sendVerification",
                phone_body(NUMBER),
                lang,
            )
            .await;
        // The second try is not `code_resend_too_soon`: nothing reached the phone.
        assert_eq!(
            (r.status, r.code()),
            (429, "sms_provider_throttled"),
            "{lang}"
        );
        let expected = if lang == "en" {
            "Too many codes requested for this number; please try again later"
        } else {
            "该手机号获取验证码次数过多，请稍后再试"
        };
        assert_eq!(r.message(), expected);
    }
}

#[tokio::test]
async fn binding_a_phone_to_a_password_account() {
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        app.register("alice", "pass-word-123").await;
        let unauth = browser(&app.address);
        let r = app
            .post_as(
                &unauth,
                "/api/account/phone/sendVerification",
                phone_body(NUMBER),
                "en",
            )
            .await;
        assert_eq!(r.status, 401);

        let r = app
            .post("/api/account/phone/sendVerification", phone_body(NUMBER))
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let code = sms.last_code(NUMBER).await;
        // A login code is not a binding code, and vice versa.
        let r = app
            .put("/api/account/phone", code_body(NUMBER, &code))
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["phone"]["masked"], "138****8000");
        assert_eq!(r.body["user"]["hasPassword"], true);

        // Now the phone signs into alice's account.
        wait_out_resend().await;
        let device = browser(&app.address);
        app.post_as(
            &device,
            "/api/auth/phone/sendVerification",
            phone_body(NUMBER),
            "en",
        )
        .await;
        let login_code = sms.last_code(NUMBER).await;
        let r = app
            .post_as(
                &device,
                "/api/auth/phone/login",
                code_body(NUMBER, &login_code),
                "en",
            )
            .await;
        assert_eq!(r.body["user"]["username"], "alice");
        assert_eq!(r.body["created"], false);

        // Bob cannot take alice's number: asking for a code tells him nothing, and only the
        // right code (which alice's phone got) would learn that the number is taken.
        let bob = browser(&app.address);
        app.post_as(
            &bob,
            "/api/auth/username/register",
            json!({ "username": "bobby", "password": "pass-word-123" }),
            "en",
        )
        .await;
        wait_out_resend().await;
        let r = app
            .post_as(
                &bob,
                "/api/account/phone/sendVerification",
                phone_body(NUMBER),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let sent_to_alice = sms.last_code(NUMBER).await;
        let r = crate::helpers::reply(
            bob.put(app.url("/api/account/phone"))
                .json(&code_body(NUMBER, &sent_to_alice))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (409, "phone_taken"));
    }
}

#[tokio::test]
async fn a_disabled_accounts_number_gets_no_code_and_the_answer_any_number_gets() {
    const OTHER: &str = "13900139000";
    for db in TestDb::all().await {
        let sms = FakeSms::start().await;
        let app = spawn_app_with_sms(db, &sms).await;
        let sent = app
            .post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        assert_eq!(sent.status, 200, "{:?}", sent.body);
        let code = sms.last_code(NUMBER).await;
        let login = app
            .post("/api/auth/phone/login", code_body(NUMBER, &code))
            .await;
        assert_eq!(login.status, 200, "{:?}", login.body);
        let id = login.body["user"]["id"].as_str().unwrap().to_owned();
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let r = app
            .send(
                &boss.client,
                reqwest::Method::POST,
                &format!("/api/admin/users/{id}/disable"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        wait_out_resend().await;
        let before = sms.codes_for(NUMBER).await;
        let disabled = app
            .post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        let free = app
            .post("/api/auth/phone/sendVerification", phone_body(OTHER))
            .await;
        assert_eq!(disabled.status, 200, "{:?}", disabled.body);
        assert_eq!(free.status, 200, "{:?}", free.body);
        let shape = |v: &serde_json::Value| {
            let mut v = v.clone();
            v["sentAt"] = serde_json::Value::Null;
            v
        };
        assert_eq!(shape(&disabled.body), shape(&free.body));
        assert_eq!(sms.codes_for(NUMBER).await, before, "nothing sent");
        assert_eq!(sms.codes_for(OTHER).await.len(), 1);
        // Its limits count as any number's: a resend within the window is refused alike.
        let again = app
            .post("/api/auth/phone/sendVerification", phone_body(NUMBER))
            .await;
        assert_eq!(
            (again.status, again.code()),
            (429, "code_resend_too_soon"),
            "{:?}",
            again.body
        );
    }
}
