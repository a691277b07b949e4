//! The server's own settings, shared by every area: where it listens, the database, who is a
//! trusted proxy, how cookies are secured, how slowly a body may arrive. Their types live here
//! so the shared HTTP modules (`http::extract`, `http::middleware`) and the areas' settings can
//! use them without importing the whole `Config` (which imports every area's settings).

use super::env::Env;
use anyhow::bail;
use std::net::IpAddr;
use std::str::FromStr;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

/// How log lines are written (`LOG_FORMAT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One line of text per event, for a person reading a terminal (`text`, the default).
    Text,
    /// One JSON object per line, for a log collector (`json`): the event's fields, its level,
    /// time and target, and the request's span with its `request_id`.
    Json,
}

impl LogFormat {
    /// `LOG_FORMAT`: `text` (default) or `json`.
    ///
    /// # Errors
    /// `LOG_FORMAT must be text or json, not "…"`.
    pub fn read(env: Env<'_>) -> anyhow::Result<Self> {
        match env.get("LOG_FORMAT").as_deref().map(str::trim) {
            None | Some("text") => Ok(Self::Text),
            Some("json") => Ok(Self::Json),
            Some(other) => bail!("LOG_FORMAT must be text or json, not {other:?}"),
        }
    }
}

/// When the session cookie gets the `Secure` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CookieSecure {
    /// When the request came over https: directly, or as `X-Forwarded-Proto` says when the
    /// connection comes from one of the trusted proxies (`TRUSTED_PROXIES`).
    Auto,
    Always,
    Never,
}

/// An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as the IPv4 address it stands for, so a
/// dual-stack listener and an IPv4 range agree.
pub fn canonical_ip(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// One range of addresses: `10.0.0.0/8`, `2001:db8::/32`, or a single address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpRange {
    addr: IpAddr,
    prefix: u8,
}

impl IpRange {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, canonical_ip(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for IpRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let (addr, prefix) = match s.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (s, None),
        };
        let addr: IpAddr = addr
            .parse()
            .map_err(|_| format!("{s:?} is not an IP address or CIDR range"))?;
        let max: u8 = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(|| format!("{s:?} needs a prefix length in 0..={max}"))?,
        };
        // `::ffff:10.0.0.0/104` is `10.0.0.0/8`.
        Ok(match (addr, canonical_ip(addr)) {
            (IpAddr::V6(_), v4 @ IpAddr::V4(_)) if prefix >= 96 => Self {
                addr: v4,
                prefix: prefix - 96,
            },
            _ => Self { addr, prefix },
        })
    }
}

/// The proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`TRUSTED_PROXIES`).
/// Empty: nobody's; the TCP peer is the client.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpRange>);

impl TrustedProxies {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|r| r.contains(ip))
    }
}

impl FromStr for TrustedProxies {
    type Err = String;

    /// Comma-separated addresses and CIDR ranges: `127.0.0.1/32,10.0.0.0/8,::1`.
    fn from_str(s: &str) -> Result<Self, String> {
        s.split(',')
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }
}

/// How slowly a request's body may arrive: all of it within `timeout`, and, after `grace`, on
/// average at least `min_bytes_per_sec` (a body that has `n` bytes so far must send more by
/// `grace + n / min_bytes_per_sec` after it began). A slower body is cut off: 408.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLimits {
    pub timeout: Duration,
    pub min_bytes_per_sec: u64,
    pub grace: Duration,
}

impl BodyLimits {
    /// When the bytes after the first `received` must have arrived, for a body begun at `start`.
    pub(crate) fn deadline(
        &self,
        start: tokio::time::Instant,
        received: u64,
    ) -> tokio::time::Instant {
        let whole = start + self.timeout;
        if self.min_bytes_per_sec == 0 {
            return whole;
        }
        let by_rate = start
            + self.grace
            + Duration::from_secs_f64(received as f64 / self.min_bytes_per_sec as f64);
        by_rate.min(whole)
    }
}

impl BodyLimits {
    /// The limits from their timeout (seconds, 1 or more) and minimum rate (bytes per second,
    /// `0`: none) variables, with the grace shared by both (`BODY_MIN_RATE_GRACE_SECS`).
    ///
    /// # Errors
    /// A value that is not a number, or a timeout of zero.
    pub fn read(env: Env<'_>, (timeout, rate): (&str, &str), d: Self) -> anyhow::Result<Self> {
        let secs: u64 = env.num(timeout, d.timeout.as_secs())?;
        if secs == 0 {
            bail!("{timeout} must be 1 or more");
        }
        Ok(Self {
            timeout: Duration::from_secs(secs),
            min_bytes_per_sec: env.num(rate, d.min_bytes_per_sec)?,
            grace: Duration::from_secs(env.num("BODY_MIN_RATE_GRACE_SECS", d.grace.as_secs())?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ip_ranges_match_their_prefix_in_either_family() {
        let r = |s: &str| s.parse::<IpRange>().unwrap();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert!(r("10.0.0.0/8").contains(ip("10.255.0.1")));
        assert!(!r("10.0.0.0/8").contains(ip("11.0.0.1")));
        assert!(r("127.0.0.1").contains(ip("127.0.0.1")));
        assert!(!r("127.0.0.1").contains(ip("127.0.0.2")));
        assert!(r("0.0.0.0/0").contains(ip("203.0.113.9")));
        assert!(
            !r("0.0.0.0/0").contains(ip("2001:db8::1")),
            "families never mix"
        );
        assert!(r("2001:db8::/32").contains(ip("2001:db8:ffff::1")));
        assert!(!r("2001:db8::/32").contains(ip("2001:db9::1")));
        assert!(r("::1").contains(ip("::1")));
        // A dual-stack listener reports IPv4 peers as mapped IPv6 addresses.
        assert!(r("127.0.0.1/32").contains(ip("::ffff:127.0.0.1")));
        assert!(r("::ffff:10.0.0.0/104").contains(ip("10.9.9.9")));
        for bad in [
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/",
            "localhost",
            "10.0.0.0/8/8",
            "",
        ] {
            assert!(bad.parse::<IpRange>().is_err(), "{bad:?}");
        }
        assert!("".parse::<TrustedProxies>().unwrap().is_empty());
    }

    #[test]
    fn the_log_format_is_text_unless_json_is_asked_for() {
        use crate::config::env::read_pairs;
        assert_eq!(read_pairs(&[], LogFormat::read).unwrap(), LogFormat::Text);
        assert_eq!(
            read_pairs(&[("LOG_FORMAT", " json ")], LogFormat::read).unwrap(),
            LogFormat::Json
        );
        assert_eq!(
            read_pairs(&[("LOG_FORMAT", "text")], LogFormat::read).unwrap(),
            LogFormat::Text
        );
        assert_eq!(
            read_pairs(&[("LOG_FORMAT", "JSONL")], LogFormat::read)
                .unwrap_err()
                .to_string(),
            r#"LOG_FORMAT must be text or json, not "JSONL""#
        );
    }
}
