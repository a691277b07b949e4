//! What the services' unit tests share: a fixed instant, cached tokens, a valid menu, and the
//! mocked ports with the expectations most tests set.
#![allow(clippy::unwrap_used)]

use super::{
    AccessTokenPolicy, AccessTokenService, AdminActor, FORCE_DAY_KEY, FORCE_INTERVAL_KEY,
    MenuService,
};
use crate::model::access_token::{CachedAccessToken, IssuedAccessToken};
use crate::model::menu::{Button, Menu};
use crate::ports::{
    MenuVersion, MenuVersionId, MockAccessTokenStore, MockMenuVersionRepository,
    MockWechatOfficialApi, WechatOfficialApi,
};
use chrono::{DateTime, Duration, TimeZone, Utc};
use kernel::{FixedClock, MockRateLimiter, RateDecision};
use mockall::predicate::eq;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(crate) const APP: &str = "wx_app";
pub(crate) const ME: &str = "instance-a";
pub(crate) const OLD: &str = "81_OldTokenOldTokenOld";
pub(crate) const NEW: &str = "81_NewTokenNewTokenNew";

pub(crate) fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 8, 0, 0).unwrap()
}

/// A cached token with `left_secs` to live at `t0()`.
pub(crate) fn cached(token: &str, left_secs: i64) -> CachedAccessToken {
    CachedAccessToken {
        token: Some(token.into()),
        obtained_at: Some(t0() - Duration::hours(1)),
        expires_at: Some(t0() + Duration::seconds(left_secs)),
        last_error: None,
        last_error_at: None,
    }
}

pub(crate) fn issued(token: &str) -> IssuedAccessToken {
    IssuedAccessToken {
        token: token.into(),
        expires_in_secs: 7200,
    }
}

pub(crate) fn valid_menu() -> Menu {
    Menu {
        button: vec![Button {
            name: "今日歌曲".into(),
            kind: Some("click".into()),
            key: Some("V1001_TODAY_MUSIC".into()),
            ..Button::default()
        }],
    }
}

pub(crate) fn version(menu: Menu) -> MenuVersion {
    MenuVersion {
        id: MenuVersionId::new_random(),
        menu,
        published_at: t0() - Duration::days(1),
        published_by: "alice".into(),
        rolled_back_from: None,
    }
}

pub(crate) struct Mocks {
    pub(crate) api: MockWechatOfficialApi,
    pub(crate) store: MockAccessTokenStore,
    pub(crate) versions: MockMenuVersionRepository,
    pub(crate) limiter: MockRateLimiter,
}

impl Mocks {
    pub(crate) fn new() -> Self {
        let mut api = MockWechatOfficialApi::new();
        api.expect_app_id().returning(|| APP.to_owned());
        Self {
            api,
            store: MockAccessTokenStore::new(),
            versions: MockMenuVersionRepository::new(),
            limiter: MockRateLimiter::new(),
        }
    }

    /// `load` answers each call with the next state, repeating the last one.
    pub(crate) fn loads(&mut self, states: Vec<CachedAccessToken>) {
        let calls = AtomicUsize::new(0);
        self.store.expect_load().with(eq(APP)).returning(move |_| {
            let i = calls.fetch_add(1, Ordering::SeqCst);
            Ok(states[i.min(states.len() - 1)].clone())
        });
    }

    pub(crate) fn lease(&mut self, granted: bool, times: usize) {
        self.store
            .expect_try_lock()
            .withf(|app, holder, until, now| {
                app == APP
                    && holder.starts_with("instance-a#")
                    && *now == t0()
                    && *until == t0() + Duration::seconds(30)
            })
            .times(times)
            .returning(move |_, _, _, _| Ok(granted));
    }

    pub(crate) fn wechat_issues(&mut self, force: bool, token: &'static str) {
        self.api
            .expect_stable_token()
            .with(eq(force))
            .times(1)
            .returning(move |_| Ok(issued(token)));
    }

    pub(crate) fn stores(&mut self, token: &'static str) {
        self.store
            .expect_store_token()
            .withf(move |app, holder, t, at| {
                app == APP && holder.starts_with("instance-a#") && t.token == token && *at == t0()
            })
            .times(1)
            .returning(|_, _, _, _| Ok(()));
    }

    /// A limiter whose day counter says `used` and whose interval counter says `wait`.
    pub(crate) fn limits(&mut self, used_today: u32, interval_wait: u64, day_wait: u64) {
        self.limiter.expect_peek().returning(move |key, rule, _| {
            Ok(match key {
                FORCE_INTERVAL_KEY if interval_wait > 0 => RateDecision::Limited {
                    retry_after_secs: interval_wait,
                },
                FORCE_DAY_KEY if used_today >= rule.limit => RateDecision::Limited {
                    retry_after_secs: day_wait,
                },
                _ => RateDecision::Allowed,
            })
        });
    }

    /// WeChat refuses the cached `OLD` token once: the store holds it, is invalidated exactly
    /// once, and the refresh that follows takes the lease, gets `NEW` from WeChat and stores it.
    pub(crate) fn old_token_refused_once(&mut self) {
        let state = Arc::new(std::sync::Mutex::new(cached(OLD, 3600)));
        let s = state.clone();
        self.store
            .expect_load()
            .returning(move |_| Ok(s.lock().unwrap().clone()));
        self.store
            .expect_invalidate()
            .with(eq(APP))
            .times(1)
            .returning(move |_| {
                let mut c = state.lock().unwrap();
                c.token = None;
                c.expires_at = None;
                Ok(())
            });
        self.lease(true, 1);
        self.wechat_issues(false, NEW);
        self.stores(NEW);
    }

    pub(crate) fn token_service(self) -> AccessTokenService {
        AccessTokenService::new(
            Arc::new(self.api),
            Arc::new(self.store),
            Arc::new(self.limiter),
            Arc::new(FixedClock(t0())),
            Arc::new(kept_audit()),
            AccessTokenPolicy::default(),
            ME.to_owned(),
        )
    }

    /// The menu service over a token service of the same mocks (one WeChat API for both).
    pub(crate) fn menu_service(self) -> MenuService {
        let api: Arc<dyn WechatOfficialApi> = Arc::new(self.api);
        let clock = Arc::new(FixedClock(t0()));
        let tokens = AccessTokenService::new(
            api.clone(),
            Arc::new(self.store),
            Arc::new(self.limiter),
            clock.clone(),
            Arc::new(kept_audit()),
            AccessTokenPolicy::default(),
            ME.to_owned(),
        );
        MenuService::new(
            api,
            Arc::new(tokens),
            Arc::new(self.versions),
            clock,
            Arc::new(kept_audit()),
        )
    }
}

/// The administrator the tests act as.
pub(crate) fn admin(username: &str) -> AdminActor {
    AdminActor {
        id: kernel::UserId::new_random(),
        username: username.to_owned(),
        ip: Some("192.0.2.9".to_owned()),
    }
}

/// An audit log that accepts every event (the events are asserted in app-server's API tests).
pub(crate) fn kept_audit() -> kernel::MockAuditLog {
    let mut audit = kernel::MockAuditLog::new();
    audit.expect_record().returning(|_| Ok(()));
    audit
}
