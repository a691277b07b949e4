//! Aliyun Short Message Service: `SendSms` of the Dysmsapi RPC API, version 2017-05-25.

use crate::signature;
use accounts::AccountsError;
use accounts::model::{PhoneNumber, PhoneRegion, VerificationCode};
use accounts::ports::SmsSender;
use anyhow::{Context as _, anyhow};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use secrecy::{ExposeSecret as _, SecretString};
use serde::Deserialize;
use std::time::Duration;

/// Where and as whom to call Aliyun. `Debug` hides the secret.
#[derive(Debug, Clone)]
pub struct AliyunSmsConfig {
    /// Base URL of the API, without a path: [`AliyunSmsConfig::DEFAULT_ENDPOINT`].
    pub endpoint: String,
    pub access_key_id: String,
    pub access_key_secret: SecretString,
    /// The approved signature (签名) shown in front of the message, e.g. `庭院`.
    pub sign_name: String,
    /// The approved template, e.g. `SMS_123456789`; it must take one variable, `${code}`.
    pub template_code: String,
    /// [`AliyunSmsConfig::DEFAULT_REGION_ID`] unless Aliyun says otherwise.
    pub region_id: String,
    /// For the whole request, connecting included.
    pub timeout: Duration,
}

impl AliyunSmsConfig {
    pub const DEFAULT_ENDPOINT: &'static str = "https://dysmsapi.aliyuncs.com";
    pub const DEFAULT_REGION_ID: &'static str = "cn-hangzhou";
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

    /// A configuration with the default endpoint, region and time-out.
    pub fn new(
        access_key_id: impl Into<String>,
        access_key_secret: SecretString,
        sign_name: impl Into<String>,
        template_code: impl Into<String>,
    ) -> Self {
        Self {
            endpoint: Self::DEFAULT_ENDPOINT.to_owned(),
            access_key_id: access_key_id.into(),
            access_key_secret,
            sign_name: sign_name.into(),
            template_code: template_code.into(),
            region_id: Self::DEFAULT_REGION_ID.to_owned(),
            timeout: Self::DEFAULT_TIMEOUT,
        }
    }
}

/// Sends verification codes through Aliyun's `SendSms`.
#[derive(Debug, Clone)]
pub struct AliyunSmsSender {
    http: reqwest::Client,
    config: AliyunSmsConfig,
}

impl AliyunSmsSender {
    /// # Errors
    /// When the HTTP client cannot be built (TLS set-up).
    pub fn new(config: AliyunSmsConfig) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .build()
            .context("building the HTTP client for Aliyun SMS")?;
        Ok(Self { http, config })
    }

    /// The signed query string of one `SendSms` call. Pure: the nonce and the time are given.
    fn signed_query(
        &self,
        phone: &PhoneNumber,
        code: &VerificationCode,
        nonce: &str,
        timestamp: DateTime<Utc>,
    ) -> String {
        let c = &self.config;
        let template_param = serde_json::json!({ "code": code.expose() }).to_string();
        let timestamp = timestamp.format("%Y-%m-%dT%H:%M:%SZ").to_string();
        let phone_numbers = aliyun_phone_number(phone);
        let params: [(&str, &str); 13] = [
            ("AccessKeyId", &c.access_key_id),
            ("Action", "SendSms"),
            ("Format", "JSON"),
            ("PhoneNumbers", &phone_numbers),
            ("RegionId", &c.region_id),
            ("SignName", &c.sign_name),
            ("SignatureMethod", "HMAC-SHA1"),
            ("SignatureNonce", nonce),
            ("SignatureVersion", "1.0"),
            ("TemplateCode", &c.template_code),
            ("TemplateParam", &template_param),
            ("Timestamp", &timestamp),
            ("Version", "2017-05-25"),
        ];
        signature::signed_query("GET", &params, c.access_key_secret.expose_secret())
    }
}

/// `PhoneNumbers` as Aliyun reads it: mainland numbers by their 11 digits, others as calling
/// code plus number without `+`.
fn aliyun_phone_number(phone: &PhoneNumber) -> String {
    match phone.region() {
        PhoneRegion::Cn => phone.national().to_owned(),
        PhoneRegion::Nanp => format!("{}{}", PhoneRegion::Nanp.prefix(), phone.national()),
    }
}

/// Aliyun's answer, success or refusal alike.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "PascalCase")]
struct SendSmsResponse {
    code: Option<String>,
    message: Option<String>,
    request_id: Option<String>,
    biz_id: Option<String>,
}

/// Aliyun's error code as the accounts domain sees it.
fn classify(provider_code: &str) -> AccountsError {
    match provider_code {
        "isv.BUSINESS_LIMIT_CONTROL" | "isv.DAY_LIMIT_CONTROL" | "isv.MONTH_LIMIT_CONTROL" => {
            AccountsError::SmsThrottled
        }
        "isv.MOBILE_NUMBER_ILLEGAL" | "isv.MOBILE_COUNT_OVER_LIMIT" => AccountsError::InvalidPhone,
        other => AccountsError::SmsRejected {
            provider_code: other.to_owned(),
        },
    }
}

/// Aliyun's message with the code and the full number taken out: a `SignatureDoesNotMatch`
/// message quotes the whole string to sign, `TemplateParam` and `PhoneNumbers` included.
fn redacted(message: &str, phone: &PhoneNumber, code: &VerificationCode) -> String {
    message
        .replace(code.expose(), "******")
        .replace(phone.national(), &phone.masked())
}

#[async_trait]
impl SmsSender for AliyunSmsSender {
    #[tracing::instrument(name = "aliyun_sms.send_code", skip_all, fields(phone = %phone))]
    async fn send_code(
        &self,
        phone: &PhoneNumber,
        code: &VerificationCode,
    ) -> Result<(), AccountsError> {
        let nonce = uuid::Uuid::new_v4().to_string();
        let query = self.signed_query(phone, code, &nonce, Utc::now());
        let url = format!("{}/?{query}", self.config.endpoint.trim_end_matches('/'));

        // `without_url`: the URL carries the number and the code, never put them in errors.
        let unavailable = |e: reqwest::Error, what: &'static str| {
            AccountsError::SmsUnavailable(anyhow::Error::new(e.without_url()).context(what))
        };
        let response = self
            .http
            .get(url)
            .send()
            .await
            .map_err(|e| unavailable(e, "calling Aliyun SendSms"))?;
        let status = response.status();
        let body = response
            .bytes()
            .await
            .map_err(|e| unavailable(e, "reading Aliyun SendSms's answer"))?;

        let answer = serde_json::from_slice::<SendSmsResponse>(&body).ok();
        let Some((answer, provider_code)) =
            answer.and_then(|a| a.code.clone().map(|code| (a, code)))
        else {
            tracing::warn!(%status, bytes = body.len(), "unreadable answer from Aliyun SendSms");
            return Err(AccountsError::SmsUnavailable(anyhow!(
                "Aliyun SendSms answered HTTP {status} without a readable result ({} bytes)",
                body.len()
            )));
        };
        let request_id = answer.request_id.as_deref().unwrap_or("-");
        let message = redacted(answer.message.as_deref().unwrap_or(""), phone, code);

        if provider_code == "OK" && status.is_success() {
            tracing::info!(
                request_id,
                biz_id = answer.biz_id.as_deref().unwrap_or("-"),
                "SMS code sent through Aliyun"
            );
            return Ok(());
        }
        if provider_code == "OK" {
            tracing::warn!(%status, request_id, "Aliyun SendSms said OK with an HTTP error");
            return Err(AccountsError::SmsUnavailable(anyhow!(
                "Aliyun SendSms answered HTTP {status} with Code OK (RequestId {request_id})"
            )));
        }
        tracing::warn!(
            provider_code = provider_code.as_str(),
            request_id,
            %status,
            message = message.as_str(),
            "Aliyun refused the SMS"
        );
        Err(classify(&provider_code))
    }

    fn provider(&self) -> &'static str {
        "aliyun"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone as _;

    fn sender() -> AliyunSmsSender {
        let mut config = AliyunSmsConfig::new(
            "LTAIexample",
            SecretString::from("s3cret"),
            "庭院",
            "SMS_100000001",
        );
        config.endpoint = "http://127.0.0.1:9".to_owned();
        AliyunSmsSender::new(config).unwrap()
    }

    fn pairs(query: &str) -> Vec<(String, String)> {
        query
            .split('&')
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap();
                (k.to_owned(), v.to_owned())
            })
            .collect()
    }

    #[test]
    fn the_query_carries_every_parameter_sorted_and_signed() {
        let s = sender();
        let phone = PhoneNumber::parse("86", "13800138000").unwrap();
        let code = VerificationCode::parse("123456").unwrap();
        let at = Utc.with_ymd_and_hms(2026, 3, 4, 5, 6, 7).unwrap();
        let query = s.signed_query(&phone, &code, "nonce-1", at);
        let names: Vec<String> = pairs(&query).into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            names,
            [
                "AccessKeyId",
                "Action",
                "Format",
                "PhoneNumbers",
                "RegionId",
                "SignName",
                "SignatureMethod",
                "SignatureNonce",
                "SignatureVersion",
                "TemplateCode",
                "TemplateParam",
                "Timestamp",
                "Version",
                "Signature"
            ]
        );
        assert!(query.contains("&PhoneNumbers=13800138000&"));
        assert!(query.contains("&SignName=%E5%BA%AD%E9%99%A2&"));
        assert!(query.contains("&TemplateParam=%7B%22code%22%3A%22123456%22%7D&"));
        assert!(query.contains("&Timestamp=2026-03-04T05%3A06%3A07Z&"));
        assert!(query.contains("&Format=JSON&"));
        assert!(query.contains("&Version=2017-05-25&"));
        // Same inputs, same signature: the function is pure.
        assert_eq!(query, s.signed_query(&phone, &code, "nonce-1", at));
        assert_ne!(query, s.signed_query(&phone, &code, "nonce-2", at));
    }

    #[test]
    fn phone_numbers_use_aliyuns_formats() {
        let cn = PhoneNumber::parse("86", "13800138000").unwrap();
        let us = PhoneNumber::parse("1", "(202) 555-0123").unwrap();
        assert_eq!(aliyun_phone_number(&cn), "13800138000");
        assert_eq!(aliyun_phone_number(&us), "12025550123");
    }

    #[test]
    fn provider_codes_map_to_domain_errors() {
        for c in [
            "isv.BUSINESS_LIMIT_CONTROL",
            "isv.DAY_LIMIT_CONTROL",
            "isv.MONTH_LIMIT_CONTROL",
        ] {
            assert!(matches!(classify(c), AccountsError::SmsThrottled), "{c}");
        }
        for c in ["isv.MOBILE_NUMBER_ILLEGAL", "isv.MOBILE_COUNT_OVER_LIMIT"] {
            assert!(matches!(classify(c), AccountsError::InvalidPhone), "{c}");
        }
        for c in [
            "isv.AMOUNT_NOT_ENOUGH",
            "isv.SMS_SIGNATURE_ILLEGAL",
            "isv.SMS_TEMPLATE_ILLEGAL",
            "SignatureDoesNotMatch",
            "InvalidAccessKeyId.NotFound",
        ] {
            assert!(
                matches!(classify(c), AccountsError::SmsRejected { ref provider_code } if provider_code == c),
                "{c}"
            );
        }
    }

    #[test]
    fn provider_messages_lose_the_code_and_the_number() {
        let phone = PhoneNumber::parse("86", "13800138000").unwrap();
        let code = VerificationCode::parse("654321").unwrap();
        let m = redacted(
            "server string to sign is:GET&%2F&PhoneNumbers%3D13800138000%26TemplateParam%3D%257B%2522code%2522%253A%2522654321%2522%257D",
            &phone,
            &code,
        );
        assert!(!m.contains("654321"));
        assert!(!m.contains("13800138000"));
        assert!(m.contains("138****8000"));
    }

    #[test]
    fn debug_hides_the_secret() {
        assert!(!format!("{:?}", sender()).contains("s3cret"));
    }
}
