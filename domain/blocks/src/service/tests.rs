#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The lists' use cases over a mocked store and limiter: what is asked, what is written, and
//! what is refused before anything is.

use super::*;
use crate::ports::MockBlockStore;
use chrono::{DateTime, Duration, TimeZone, Utc};
use kernel::{Cursor, FixedClock, MockRateLimiter, Person};
use mockall::predicate::{always, eq};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 0).unwrap()
}

fn me() -> UserId {
    UserId(uuid::Uuid::from_u128(1))
}

fn them() -> UserId {
    UserId(uuid::Uuid::from_u128(2))
}

fn person(id: UserId) -> Person {
    Person {
        id,
        username: format!("u{}", id.0.as_u128()),
        nickname: "昵称".into(),
        avatar_url: None,
        avatar: None,
    }
}

fn listed(id: UserId, kind: BlockKind, at: DateTime<Utc>) -> Blocked {
    Blocked {
        person: person(id),
        kind,
        created_at: at,
    }
}

/// A limiter that allows every hit of `me()`'s key.
fn allowing() -> MockRateLimiter {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .with(eq(format!("blocks:{}", me())), always(), eq(t0()))
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    limiter
}

fn service(store: MockBlockStore, limiter: MockRateLimiter) -> BlocksService {
    BlocksService::new(
        BlocksPorts {
            store: Arc::new(store),
            limiter: Arc::new(limiter),
            clock: Arc::new(FixedClock(t0())),
        },
        BlocksPolicy {
            max_entries: 3,
            ..BlocksPolicy::default()
        },
    )
}

#[tokio::test]
async fn nobody_blocks_or_mutes_themselves_and_nothing_is_asked() {
    // No expectation: any call to the store or the limiter fails the test.
    let s = service(MockBlockStore::new(), MockRateLimiter::new());
    for kind in BlockKind::ALL {
        assert_eq!(
            s.set(me(), me(), kind).await.unwrap_err(),
            BlocksError::OwnAccount
        );
    }
}

#[tokio::test]
async fn a_new_block_is_counted_against_the_bound_and_dated_now() {
    let mut store = MockBlockStore::new();
    store
        .expect_find()
        .with(eq(me()), eq(them()))
        .return_once(|_, _| Ok(None));
    store.expect_count().with(eq(me())).return_once(|_| Ok(2));
    store
        .expect_put()
        .with(eq(Block {
            blocker: me(),
            target: them(),
            kind: BlockKind::Block,
            created_at: t0(),
        }))
        .return_once(|b| Ok(Some(listed(b.target, b.kind, b.created_at))));
    let entry = service(store, allowing())
        .block(me(), them())
        .await
        .unwrap();
    assert_eq!(entry, listed(them(), BlockKind::Block, t0()));
}

#[tokio::test]
async fn blocking_someone_muted_turns_the_mute_into_a_block_without_counting_it_again() {
    let earlier = t0() - Duration::days(3);
    let mut store = MockBlockStore::new();
    store.expect_find().return_once(move |_, _| {
        Ok(Some(Block {
            blocker: me(),
            target: them(),
            kind: BlockKind::Mute,
            created_at: earlier,
        }))
    });
    // No `count`: changing an entry adds none.
    store
        .expect_put()
        .withf(|b| b.kind == BlockKind::Block && b.created_at == t0())
        .return_once(|b| Ok(Some(listed(b.target, b.kind, b.created_at))));
    let entry = service(store, allowing())
        .block(me(), them())
        .await
        .unwrap();
    assert_eq!(entry.kind, BlockKind::Block);
    assert_eq!(entry.created_at, t0());
}

#[tokio::test]
async fn asking_again_for_the_same_kind_keeps_its_date() {
    let earlier = t0() - Duration::days(3);
    let mut store = MockBlockStore::new();
    store.expect_find().return_once(move |_, _| {
        Ok(Some(Block {
            blocker: me(),
            target: them(),
            kind: BlockKind::Mute,
            created_at: earlier,
        }))
    });
    store
        .expect_put()
        .withf(move |b| b.kind == BlockKind::Mute && b.created_at == earlier)
        .return_once(|b| Ok(Some(listed(b.target, b.kind, b.created_at))));
    let entry = service(store, allowing()).mute(me(), them()).await.unwrap();
    assert_eq!(entry.created_at, earlier);
}

#[tokio::test]
async fn a_full_list_refuses_a_new_entry_and_writes_nothing() {
    let mut store = MockBlockStore::new();
    store.expect_find().return_once(|_, _| Ok(None));
    store.expect_count().return_once(|_| Ok(3));
    // No `put`.
    let err = service(store, allowing())
        .mute(me(), them())
        .await
        .unwrap_err();
    assert_eq!(err, BlocksError::TooMany { max: 3 });
}

#[tokio::test]
async fn a_full_list_still_changes_an_entry_it_holds() {
    let mut store = MockBlockStore::new();
    store.expect_find().return_once(|_, _| {
        Ok(Some(Block {
            blocker: me(),
            target: them(),
            kind: BlockKind::Block,
            created_at: t0(),
        }))
    });
    store
        .expect_put()
        .return_once(|b| Ok(Some(listed(b.target, b.kind, b.created_at))));
    let entry = service(store, allowing()).mute(me(), them()).await.unwrap();
    assert_eq!(entry.kind, BlockKind::Mute);
}

#[tokio::test]
async fn someone_without_an_account_is_no_such_person() {
    let mut store = MockBlockStore::new();
    store.expect_find().return_once(|_, _| Ok(None));
    store.expect_count().return_once(|_| Ok(0));
    store.expect_put().return_once(|_| Ok(None));
    let err = service(store, allowing())
        .block(me(), them())
        .await
        .unwrap_err();
    assert_eq!(err, BlocksError::NoSuchPerson);
}

#[tokio::test]
async fn past_the_rate_nothing_is_read_or_written() {
    let mut limiter = MockRateLimiter::new();
    limiter.expect_hit().times(2).returning(|_, _, _| {
        Ok(RateDecision::Limited {
            retry_after_secs: 42,
        })
    });
    let s = service(MockBlockStore::new(), limiter);
    let limited = BlocksError::RateLimited {
        retry_after_secs: 42,
    };
    assert_eq!(s.block(me(), them()).await.unwrap_err(), limited);
    assert_eq!(s.remove(me(), them()).await.unwrap_err(), limited);
}

#[tokio::test]
async fn undoing_what_is_not_listed_says_so() {
    let mut store = MockBlockStore::new();
    store
        .expect_remove()
        .with(eq(me()), eq(them()))
        .times(2)
        .returning({
            let mut first = true;
            move |_, _| {
                let removed = first;
                first = false;
                Ok(removed)
            }
        });
    let s = service(store, allowing());
    s.remove(me(), them()).await.unwrap();
    assert_eq!(
        s.remove(me(), them()).await.unwrap_err(),
        BlocksError::NotListed
    );
}

#[tokio::test]
async fn a_list_asks_one_more_than_it_shows_and_continues_after_the_last_shown() {
    let after = Cursor::new(t0(), uuid::Uuid::from_u128(9));
    let mut store = MockBlockStore::new();
    store
        .expect_page()
        .with(eq(me()), eq(BlockKind::Mute), eq(Some(after)), eq(3))
        .return_once(|_, _, _, _| {
            Ok((10..13)
                .map(|i| {
                    listed(
                        UserId(uuid::Uuid::from_u128(i)),
                        BlockKind::Mute,
                        t0() - Duration::minutes(i64::try_from(i).unwrap()),
                    )
                })
                .collect())
        });
    let page = service(store, MockRateLimiter::new())
        .list(
            me(),
            BlockKind::Mute,
            PageRequest::new(Some(after), Some(2)),
        )
        .await
        .unwrap();
    assert_eq!(page.items.len(), 2);
    assert_eq!(page.next, Some(page.items[1].cursor()));
    assert_eq!(
        page.next.unwrap(),
        Cursor::new(t0() - Duration::minutes(11), uuid::Uuid::from_u128(11))
    );
}
