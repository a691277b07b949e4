use super::*;
use crate::service::fixtures::*;
use chrono::Duration;
use mockall::predicate::{always, eq};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

#[tokio::test]
async fn a_fresh_cached_token_is_used_without_calling_wechat() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 3600)]);
    m.store.expect_try_lock().never();
    m.api.expect_stable_token().never();
    assert_eq!(m.token_service().access_token().await.unwrap(), OLD);
}

#[tokio::test]
async fn an_expiring_token_is_still_used_until_the_safety_margin() {
    // Within refresh_ahead (the background loop's business) but above the margin.
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, USABLE_MARGIN_SECS + 1)]);
    m.api.expect_stable_token().never();
    assert_eq!(m.token_service().access_token().await.unwrap(), OLD);
}

#[tokio::test]
async fn a_token_about_to_expire_is_refreshed_under_the_lease() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 30)]);
    m.lease(true, 1);
    m.wechat_issues(false, NEW);
    m.stores(NEW);
    assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
}

#[tokio::test]
async fn a_missing_token_is_fetched() {
    let mut m = Mocks::new();
    m.loads(vec![CachedAccessToken::default()]);
    m.lease(true, 1);
    m.wechat_issues(false, NEW);
    m.stores(NEW);
    assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
}

#[tokio::test]
async fn the_re_read_under_the_lease_spares_wechat_when_another_instance_just_refreshed() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 10), cached(NEW, 7200)]);
    m.lease(true, 1);
    m.store
        .expect_release()
        .withf(|app, holder| app == APP && holder.starts_with("instance-a#"))
        .times(1)
        .returning(|_, _| Ok(()));
    m.api.expect_stable_token().never();
    m.store.expect_store_token().never();
    assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
}

#[tokio::test(start_paused = true)]
async fn a_busy_lease_waits_for_the_other_instance_and_uses_its_token() {
    let mut m = Mocks::new();
    // First load: expiring; the next one (after the other instance stored): fresh.
    m.loads(vec![cached(OLD, 10), cached(NEW, 7200)]);
    m.lease(false, 1);
    m.api.expect_stable_token().never();
    m.store.expect_store_token().never();
    assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
}

#[tokio::test(start_paused = true)]
async fn a_lease_busy_for_longer_than_lock_wait_is_refresh_busy() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 10)]);
    // The first try plus one per 200 ms poll over 10 s.
    m.lease(false, 51);
    m.api.expect_stable_token().never();
    let started = tokio::time::Instant::now();
    let err = m.token_service().access_token().await.unwrap_err();
    assert!(matches!(err, WechatError::RefreshBusy), "{err:?}");
    assert_eq!(started.elapsed(), std::time::Duration::from_secs(10));
}

#[tokio::test(start_paused = true)]
async fn a_lease_freed_by_a_failed_holder_is_taken_while_waiting() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 10)]);
    let tries = AtomicUsize::new(0);
    m.store
        .expect_try_lock()
        .times(2)
        .returning(move |_, _, _, _| Ok(tries.fetch_add(1, Ordering::SeqCst) > 0));
    m.wechat_issues(false, NEW);
    m.stores(NEW);
    assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
}

#[tokio::test]
async fn a_failed_refresh_is_recorded_and_returned() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 10)]);
    m.lease(true, 1);
    m.api.expect_stable_token().times(1).returning(|_| {
        Err(WechatError::InvalidCredential {
            code: 40013,
            message: "invalid appid".into(),
        })
    });
    m.store.expect_store_token().never();
    m.store
        .expect_store_error()
        .withf(|app, holder, message, at| {
            app == APP
                && holder.starts_with("instance-a#")
                && message.contains("40013")
                && message.contains("invalid appid")
                && *at == t0()
        })
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    let err = m.token_service().access_token().await.unwrap_err();
    assert!(
        matches!(err, WechatError::InvalidCredential { code: 40013, .. }),
        "{err:?}"
    );
}

#[tokio::test]
async fn refresh_if_due_leaves_a_fresh_token_alone() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 601)]);
    m.store.expect_try_lock().never();
    m.api.expect_stable_token().never();
    assert!(!m.token_service().refresh_if_due().await.unwrap());
}

#[tokio::test]
async fn refresh_if_due_refreshes_an_expiring_token() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 600)]);
    m.lease(true, 1);
    m.wechat_issues(false, NEW);
    m.stores(NEW);
    assert!(m.token_service().refresh_if_due().await.unwrap());
}

#[tokio::test(start_paused = true)]
async fn refresh_if_due_is_false_when_another_instance_refreshed() {
    let mut m = Mocks::new();
    m.loads(vec![CachedAccessToken::default(), cached(NEW, 7200)]);
    m.lease(false, 1);
    m.api.expect_stable_token().never();
    assert!(!m.token_service().refresh_if_due().await.unwrap());
}

#[tokio::test]
async fn a_limited_force_refresh_does_not_call_wechat_or_count() {
    let mut m = Mocks::new();
    m.limits(3, 12, 0);
    m.limiter.expect_hit().never();
    m.store.expect_try_lock().never();
    m.api.expect_stable_token().never();
    let err = m
        .token_service()
        .force_refresh(&admin("a"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            WechatError::RefreshLimited {
                retry_after_secs: 12
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn the_daily_force_allowance_is_enforced() {
    let mut m = Mocks::new();
    m.limits(20, 0, 3600);
    m.limiter.expect_hit().never();
    m.api.expect_stable_token().never();
    let err = m
        .token_service()
        .force_refresh(&admin("a"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            WechatError::RefreshLimited {
                retry_after_secs: 3600
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_lost_race_on_the_force_counter_is_limited() {
    let mut m = Mocks::new();
    m.limits(0, 0, 0);
    m.limiter
        .expect_hit()
        .with(eq(FORCE_INTERVAL_KEY), always(), always())
        .times(1)
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 30,
            })
        });
    m.api.expect_stable_token().never();
    let err = m
        .token_service()
        .force_refresh(&admin("a"))
        .await
        .unwrap_err();
    assert!(matches!(err, WechatError::RefreshLimited { .. }), "{err:?}");
}

#[tokio::test]
async fn a_force_refresh_counts_both_limits_and_forces_a_new_token() {
    let mut m = Mocks::new();
    m.limits(4, 0, 0);
    m.limiter
        .expect_hit()
        .with(
            eq(FORCE_INTERVAL_KEY),
            eq(RateLimitRule {
                limit: 1,
                window_secs: 30,
            }),
            eq(t0()),
        )
        .times(1)
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    m.limiter
        .expect_hit()
        .with(
            eq(FORCE_DAY_KEY),
            eq(RateLimitRule {
                limit: 20,
                window_secs: 86_400,
            }),
            eq(t0()),
        )
        .times(1)
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    // A forced refresh does not care what the cache holds: only the status reads it.
    m.loads(vec![cached(NEW, 7200)]);
    m.lease(true, 1);
    m.wechat_issues(true, NEW);
    m.stores(NEW);
    let status = m.token_service().force_refresh(&admin("a")).await.unwrap();
    assert_eq!(status.state, AccessTokenState::Fresh);
    assert_eq!(status.masked_token.as_deref(), Some("81_Ne…New"));
    assert_eq!(status.force_refreshes_left_today, 16);
}

#[tokio::test]
async fn token_status_masks_the_token_and_counts_the_force_allowance() {
    let mut m = Mocks::new();
    let mut c = cached(OLD, 300);
    c.last_error = Some("WeChat cannot be reached".into());
    c.last_error_at = Some(t0() - Duration::minutes(5));
    m.loads(vec![c.clone()]);
    m.limits(7, 12, 0);
    let status = m.token_service().token_status().await.unwrap();
    assert_eq!(
        status,
        AccessTokenStatus {
            configured: true,
            app_id: APP.into(),
            state: AccessTokenState::Expiring,
            masked_token: Some("81_Ol…Old".into()),
            obtained_at: c.obtained_at,
            expires_at: c.expires_at,
            last_error: c.last_error,
            last_error_at: c.last_error_at,
            force_refreshes_left_today: 13,
            next_force_refresh_at: Some(t0() + Duration::seconds(12)),
        }
    );
    assert!(!format!("{status:?}").contains(OLD));
}

#[tokio::test]
async fn token_status_counts_every_possible_number_of_forced_refreshes() {
    for used in 0..=20 {
        let mut m = Mocks::new();
        m.loads(vec![CachedAccessToken::default()]);
        m.limits(used, 0, 7200);
        let status = m.token_service().token_status().await.unwrap();
        assert_eq!(status.state, AccessTokenState::Missing);
        assert_eq!(status.force_refreshes_left_today, 20 - used, "used {used}");
        let expected_next = (used == 20).then(|| t0() + Duration::hours(2));
        assert_eq!(status.next_force_refresh_at, expected_next, "used {used}");
    }
}

#[test]
fn token_states_follow_the_expiry() {
    let ahead = secs(600);
    let state = |c: &CachedAccessToken| AccessTokenState::of(c, t0(), ahead);
    assert_eq!(
        state(&CachedAccessToken::default()),
        AccessTokenState::Missing
    );
    assert_eq!(state(&cached(OLD, 601)), AccessTokenState::Fresh);
    assert_eq!(state(&cached(OLD, 600)), AccessTokenState::Expiring);
    assert_eq!(state(&cached(OLD, 1)), AccessTokenState::Expiring);
    assert_eq!(state(&cached(OLD, 0)), AccessTokenState::Expired);
    assert_eq!(state(&cached(OLD, -5)), AccessTokenState::Expired);
    let invalidated = CachedAccessToken {
        token: None,
        expires_at: None,
        ..cached(OLD, 100)
    };
    assert_eq!(state(&invalidated), AccessTokenState::Missing);
    assert_eq!(AccessTokenState::Expiring.as_str(), "expiring");
}

#[test]
fn refresh_failures_are_described_without_secrets() {
    let e = WechatError::Unavailable(anyhow::anyhow!(
        "error sending request for url (https://api.weixin.qq.com/cgi-bin/menu/get?access_token=81_SECRET&x=1)"
    ));
    let text = describe(&e);
    assert!(!text.contains("SECRET"), "{text}");
    assert!(text.contains("access_token=…&x=1"), "{text}");
    assert!(text.starts_with("WeChat cannot be reached: "), "{text}");
    let long = WechatError::Upstream {
        code: 1,
        message: "x".repeat(1000),
    };
    assert_eq!(describe(&long).chars().count(), MAX_ERROR_CHARS);
}

// ----- WeChat calls with the token ---------------------------------------------------

/// A call that records the tokens it was given and refuses `refused` ones.
fn recording_call<'a>(
    seen: &'a Mutex<Vec<String>>,
    refused: &'a [&'a str],
    other_error: bool,
) -> impl Fn(String) -> WechatCall<'a, u8> {
    move |token| {
        Box::pin(async move {
            seen.lock().unwrap().push(token.clone());
            if refused.contains(&token.as_str()) {
                Err(WechatError::AccessTokenInvalid)
            } else if other_error {
                Err(WechatError::Upstream {
                    code: 40018,
                    message: "invalid button name size".into(),
                })
            } else {
                Ok(7)
            }
        })
    }
}

#[tokio::test]
async fn a_refused_token_is_invalidated_refreshed_and_the_call_retried_once() {
    let mut m = Mocks::new();
    m.old_token_refused_once();
    let seen = Mutex::new(Vec::new());
    let service = m.token_service();
    let answer = service
        .with_token(recording_call(&seen, &[OLD], false))
        .await
        .unwrap();
    assert_eq!(answer, 7);
    assert_eq!(*seen.lock().unwrap(), vec![OLD.to_owned(), NEW.to_owned()]);
}

#[tokio::test]
async fn a_token_refused_twice_is_not_retried_again() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 3600), CachedAccessToken::default()]);
    m.store.expect_invalidate().times(1).returning(|_| Ok(()));
    m.lease(true, 1);
    m.wechat_issues(false, NEW);
    m.stores(NEW);
    let seen = Mutex::new(Vec::new());
    let service = m.token_service();
    let err = service
        .with_token(recording_call(&seen, &[OLD, NEW], false))
        .await
        .unwrap_err();
    assert!(matches!(err, WechatError::AccessTokenInvalid), "{err:?}");
    assert_eq!(*seen.lock().unwrap(), vec![OLD.to_owned(), NEW.to_owned()]);
}

#[tokio::test]
async fn other_wechat_errors_are_not_retried() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 3600)]);
    m.store.expect_invalidate().never();
    m.api.expect_stable_token().never();
    let seen = Mutex::new(Vec::new());
    let service = m.token_service();
    let err = service
        .with_token(recording_call(&seen, &[], true))
        .await
        .unwrap_err();
    assert!(matches!(err, WechatError::Upstream { code: 40018, .. }));
    assert_eq!(seen.lock().unwrap().len(), 1);
}

/// The server runs these on tokio tasks and actix workers.
#[test]
fn use_case_futures_are_send() {
    fn send<T: Send>(_: &T) {}
    let s = Mocks::new().token_service();
    send(&s.access_token());
    send(&s.refresh_if_due());
    send(&s.force_refresh(&admin("a")));
    send(&s.token_status());
}
