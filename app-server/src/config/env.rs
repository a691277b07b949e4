//! The loader: how one setting is read from the environment and what a person is told when it is
//! wrong. Every area's settings (`http/<area>/settings.rs`) read their variables through [`Env`],
//! so a number, a flag, a rate rule, a URL or a required value is parsed, and refused, the same
//! way everywhere: the first malformed value stops the server at start with a message that names
//! the variable and the value. This module knows no area (arrows run one way: the areas' settings
//! → here).

use anyhow::{Context, bail};
use kernel::RateLimitRule;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

/// The variables, looked up one at a time: the process environment in production, a map in tests.
/// A variable that is unset or blank is `None` (the setting keeps its default).
#[derive(Clone, Copy)]
pub struct Env<'a> {
    lookup: &'a dyn Fn(&str) -> Option<String>,
}

impl<'a> Env<'a> {
    pub fn new(lookup: &'a dyn Fn(&str) -> Option<String>) -> Self {
        Self { lookup }
    }

    /// The raw value, as set.
    pub fn get(&self, key: &str) -> Option<String> {
        (self.lookup)(key)
    }

    /// `COURTYARD_ENV=production` (the server refuses any value but `development` and
    /// `production` before an area reads its settings).
    pub fn production(&self) -> bool {
        self.get("COURTYARD_ENV").as_deref() == Some("production")
    }

    /// The value, or why the setting that needs it cannot do without it ("`S3_BUCKET` is
    /// required when MEDIA_STORE=s3").
    ///
    /// # Errors
    /// When the variable is unset.
    pub fn required(&self, key: &str, why: &str) -> anyhow::Result<String> {
        self.get(key)
            .with_context(|| format!("{key} is required {why}"))
    }

    /// A number (or anything else [`FromStr`]), `default` when unset.
    ///
    /// # Errors
    /// `KEY must be a number, not "…"`.
    pub fn num<T: FromStr>(&self, key: &str, default: T) -> anyhow::Result<T> {
        Ok(self.optional_num(key)?.unwrap_or(default))
    }

    /// A number whose absence means "decided elsewhere" (`None`).
    ///
    /// # Errors
    /// `KEY must be a number, not "…"`.
    pub fn optional_num<T: FromStr>(&self, key: &str) -> anyhow::Result<Option<T>> {
        self.get(key)
            .map(|v| {
                v.trim()
                    .parse()
                    .map_err(|_| anyhow::anyhow!("{key} must be a number, not {v:?}"))
            })
            .transpose()
    }

    /// A number within `range`, `default` when unset.
    ///
    /// # Errors
    /// Not a number, or `KEY must be LOW to HIGH, not N`.
    pub fn num_in<T>(&self, key: &str, default: T, range: RangeInclusive<T>) -> anyhow::Result<T>
    where
        T: FromStr + PartialOrd + Display,
    {
        let n = self.num(key, default)?;
        if !range.contains(&n) {
            bail!(
                "{key} must be {} to {}, not {n}",
                range.start(),
                range.end()
            );
        }
        Ok(n)
    }

    /// Milliseconds (`0` allowed), `default` when unset.
    ///
    /// # Errors
    /// Not a number.
    pub fn millis(&self, key: &str, default: Duration) -> anyhow::Result<Duration> {
        let default = u64::try_from(default.as_millis()).unwrap_or(u64::MAX);
        Ok(Duration::from_millis(self.num(key, default)?))
    }

    /// Milliseconds above zero, `default` when unset.
    ///
    /// # Errors
    /// Not a number, or `KEY must be above zero`.
    pub fn positive_millis(&self, key: &str, default: Duration) -> anyhow::Result<Duration> {
        let d = self.millis(key, default)?;
        if d.is_zero() {
            bail!("{key} must be above zero");
        }
        Ok(d)
    }

    /// `true`/`yes`/`1` or `false`/`no`/`0`, `default` when unset.
    ///
    /// # Errors
    /// `KEY must be true or false, not "…"`.
    pub fn flag(&self, key: &str, default: bool) -> anyhow::Result<bool> {
        match self.get(key).as_deref().map(str::trim) {
            None => Ok(default),
            Some("1" | "true" | "yes") => Ok(true),
            Some("0" | "false" | "no") => Ok(false),
            Some(v) => bail!("{key} must be true or false, not {v:?}"),
        }
    }

    /// A rate rule written `LIMIT/SECONDS`, e.g. `5/900`, `default` when unset.
    ///
    /// # Errors
    /// Not two numbers above zero around a `/`.
    pub fn rule(&self, key: &str, default: RateLimitRule) -> anyhow::Result<RateLimitRule> {
        let Some(v) = self.get(key) else {
            return Ok(default);
        };
        let parsed = v.split_once('/').and_then(|(l, w)| {
            Some(RateLimitRule {
                limit: l.trim().parse().ok()?,
                window_secs: w.trim().parse().ok()?,
            })
        });
        match parsed {
            Some(r) if r.limit > 0 && r.window_secs > 0 => Ok(r),
            _ => bail!("{key} must be LIMIT/SECONDS with both above zero, e.g. 5/900, not {v:?}"),
        }
    }

    /// An address (`https://host/path`), trimmed and without a trailing `/`; not checked (see
    /// [`Self::http_url`]).
    pub fn url(&self, key: &str) -> Option<String> {
        self.get(key)
            .map(|u| u.trim().trim_end_matches('/').to_owned())
    }

    /// An `http://` or `https://` address, trimmed and without a trailing `/`.
    ///
    /// # Errors
    /// `KEY must be an http:// or https:// URL, not "…"`.
    pub fn http_url(&self, key: &str) -> anyhow::Result<Option<String>> {
        self.url(key)
            .map(|url| check_http_url(key, url))
            .transpose()
    }

    /// A comma-separated list, each item trimmed, empty items left out; `None` when unset.
    pub fn list(&self, key: &str) -> Option<Vec<String>> {
        self.get(key).map(|v| {
            v.split(',')
                .map(|item| item.trim().to_owned())
                .filter(|item| !item.is_empty())
                .collect()
        })
    }
}

/// `url` when it starts with `http://` or `https://` (a default, or a value read by
/// [`Env::url`]).
///
/// # Errors
/// `KEY must be an http:// or https:// URL, not "…"`.
pub fn check_http_url(key: &str, url: String) -> anyhow::Result<String> {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        bail!("{key} must be an http:// or https:// URL, not {url:?}");
    }
    Ok(url)
}

/// Reads settings from `pairs` instead of the environment (the areas' settings tests).
#[cfg(test)]
pub(crate) fn read_pairs<T>(pairs: &[(&str, &str)], read: impl FnOnce(Env<'_>) -> T) -> T {
    let map: std::collections::HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| ((*k).into(), (*v).into()))
        .collect();
    let lookup = move |k: &str| map.get(k).cloned();
    read(Env::new(&lookup))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reader_names_the_variable_and_the_value_it_refuses() {
        let err = |pairs: &[(&str, &str)], read: &dyn Fn(Env<'_>) -> anyhow::Result<()>| {
            read_pairs(pairs, read).unwrap_err().to_string()
        };
        assert_eq!(
            err(&[("N", "many")], &|e| e.num("N", 1u32).map(drop)),
            r#"N must be a number, not "many""#
        );
        assert_eq!(
            err(&[("N", "9")], &|e| e.num_in("N", 1u32, 1..=5).map(drop)),
            "N must be 1 to 5, not 9"
        );
        assert_eq!(
            err(&[("F", "maybe")], &|e| e.flag("F", true).map(drop)),
            r#"F must be true or false, not "maybe""#
        );
        assert_eq!(
            err(&[("R", "5")], &|e| e
                .rule(
                    "R",
                    RateLimitRule {
                        limit: 1,
                        window_secs: 1
                    }
                )
                .map(drop)),
            r#"R must be LIMIT/SECONDS with both above zero, e.g. 5/900, not "5""#
        );
        assert_eq!(
            err(&[("U", "ftp://x/")], &|e| e.http_url("U").map(drop)),
            r#"U must be an http:// or https:// URL, not "ftp://x""#
        );
        assert_eq!(
            err(&[("M", "0")], &|e| e
                .positive_millis("M", Duration::from_secs(1))
                .map(drop)),
            "M must be above zero"
        );
        assert_eq!(
            err(&[], &|e| e.required("K", "when X=y").map(drop)),
            "K is required when X=y"
        );
    }

    #[test]
    fn unset_values_keep_their_default_and_set_ones_are_trimmed() {
        read_pairs(
            &[("N", " 7 "), ("U", " http://a.example/ "), ("L", "a, ,b")],
            |env| {
                assert_eq!(env.num("N", 1u32).unwrap(), 7);
                assert_eq!(env.num("UNSET", 1u32).unwrap(), 1);
                assert_eq!(env.optional_num::<u32>("UNSET").unwrap(), None);
                assert!(env.flag("UNSET", true).unwrap());
                assert_eq!(
                    env.http_url("U").unwrap().as_deref(),
                    Some("http://a.example")
                );
                assert_eq!(env.list("L"), Some(vec!["a".to_owned(), "b".to_owned()]));
                assert_eq!(
                    env.millis("UNSET", Duration::from_millis(1500)).unwrap(),
                    Duration::from_millis(1500)
                );
            },
        );
    }
}
