//! Short-lived values the server hands out and must recognise later without storing them:
//! WeChat's OAuth `state` and the cookie that remembers a proven WeChat openid. Each is
//! `base64url(json).base64url(HMAC-SHA256)` with an expiry inside, under a key every server
//! instance shares (kept in the database, see `Database::shared_secret`).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use hmac::{Hmac, KeyInit as _, Mac};
use serde::{Serialize, de::DeserializeOwned};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

#[derive(Clone)]
pub struct Signer {
    key: Vec<u8>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(***)")
    }
}

#[derive(serde::Deserialize, Serialize)]
struct Envelope<T> {
    /// Expiry, Unix seconds.
    exp: i64,
    /// What the value is for, so a value signed for one use is refused for another.
    purpose: String,
    data: T,
}

impl Signer {
    pub fn new(key: &[u8]) -> Self {
        Self { key: key.to_vec() }
    }

    fn mac(&self, payload: &str) -> HmacSha256 {
        #[allow(clippy::expect_used)]
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(payload.as_bytes());
        mac
    }

    /// Signs `data` for `purpose`, valid until `expires`.
    ///
    /// # Errors
    /// Only when `data` cannot be serialised.
    pub fn sign<T: Serialize>(
        &self,
        purpose: &str,
        data: &T,
        expires: DateTime<Utc>,
    ) -> anyhow::Result<String> {
        let json = serde_json::to_vec(&Envelope {
            exp: expires.timestamp(),
            purpose: purpose.to_owned(),
            data,
        })?;
        let payload = URL_SAFE_NO_PAD.encode(json);
        let tag = URL_SAFE_NO_PAD.encode(self.mac(&payload).finalize().into_bytes());
        Ok(format!("{payload}.{tag}"))
    }

    /// The data of a value this server signed for `purpose` that has not expired at `now`.
    pub fn verify<T: DeserializeOwned>(
        &self,
        purpose: &str,
        value: &str,
        now: DateTime<Utc>,
    ) -> Option<T> {
        let (payload, tag) = value.split_once('.')?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(payload).verify_slice(&tag).ok()?;
        let json = URL_SAFE_NO_PAD.decode(payload).ok()?;
        let envelope: Envelope<T> = serde_json::from_slice(&json).ok()?;
        (envelope.purpose == purpose && envelope.exp > now.timestamp()).then_some(envelope.data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    #[test]
    fn values_verify_only_unchanged_unexpired_and_for_their_purpose() {
        let s = Signer::new(b"key");
        let now = Utc::now();
        let v = s
            .sign("wechat", &"o-123", now + Duration::minutes(5))
            .unwrap();
        assert_eq!(
            s.verify::<String>("wechat", &v, now).as_deref(),
            Some("o-123")
        );
        assert!(
            s.verify::<String>("state", &v, now).is_none(),
            "other purpose"
        );
        assert!(
            s.verify::<String>("wechat", &v, now + Duration::minutes(6))
                .is_none()
        );
        assert!(
            Signer::new(b"other")
                .verify::<String>("wechat", &v, now)
                .is_none()
        );
        let (payload, tag) = v.split_once('.').unwrap();
        let forged = format!("{}x.{tag}", payload);
        assert!(s.verify::<String>("wechat", &forged, now).is_none());
        assert!(s.verify::<String>("wechat", "garbage", now).is_none());
    }
}
