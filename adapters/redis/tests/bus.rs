#![allow(clippy::unwrap_used, clippy::expect_used)]

//! The Redis wake-up bus against a real Redis: each test on a channel of its own, so that tests
//! running at once never see each other's wake-ups (`REDIS_URL`, by default 127.0.0.1:6379).

mod common;

use adapter_redis::testing::OwnRedis;
use adapter_redis::{BATCH_MAX, RedisWakeBus};
use common::{receive_all, user};
use futures_util::StreamExt;
use notifications::Wake;
use notifications::ports::WakeBus;
use std::collections::HashSet;
use std::time::{Duration, Instant};

#[tokio::test]
async fn a_wake_up_published_on_one_instance_reaches_every_instance() {
    let Some(mut admin) = common::redis().await else {
        return;
    };
    let channel = common::channel();
    let a = RedisWakeBus::start_on_channel(&common::redis_url(), &channel).unwrap();
    let b = RedisWakeBus::start_on_channel(&common::redis_url(), &channel).unwrap();
    let (mut rx_a, mut rx_b) = (a.subscribe(), b.subscribe());
    common::wait_for_subscribers(&mut admin, &channel, 2).await;

    let someone = user();
    a.publish(vec![someone, Wake::Plaza]);

    let expected = HashSet::from([someone, Wake::Plaza]);
    let at_b = receive_all(&mut rx_b, &expected, Duration::from_secs(1)).await;
    assert_eq!(at_b.iter().copied().collect::<HashSet<_>>(), expected);
    assert_eq!(at_b.len(), 2, "{at_b:?}");
    // The publishing instance's own streams are woken the same way.
    let at_a = receive_all(&mut rx_a, &expected, Duration::from_secs(1)).await;
    assert_eq!(at_a.iter().copied().collect::<HashSet<_>>(), expected);
    // Nothing else: no Everyone while the connections stayed up.
    assert_eq!(
        common::next_wake(&mut rx_b, Duration::from_millis(200)).await,
        None
    );
}

#[tokio::test]
async fn many_wake_ups_are_batched_without_duplicates_in_chunks_of_at_most_200() {
    let Some(mut admin) = common::redis().await else {
        return;
    };
    let channel = common::channel();
    // A plain subscriber sees the messages themselves.
    let raw = redis::Client::open(common::redis_url()).unwrap();
    let mut raw = raw.get_async_pubsub().await.unwrap();
    raw.subscribe(&channel).await.unwrap();
    let bus = RedisWakeBus::start_on_channel(&common::redis_url(), &channel).unwrap();
    let mut rx = bus.subscribe();
    common::wait_for_subscribers(&mut admin, &channel, 2).await;

    let users: Vec<Wake> = (0..450).map(|_| user()).collect();
    for pair in users.chunks(2) {
        bus.publish(pair.to_vec());
        bus.publish(vec![Wake::Plaza]);
    }
    bus.publish(users.clone());
    let expected: HashSet<Wake> = users.iter().copied().chain([Wake::Plaza]).collect();

    let got = receive_all(&mut rx, &expected, Duration::from_secs(5)).await;
    assert_eq!(got.iter().copied().collect::<HashSet<_>>(), expected);

    let mut messages = Vec::new();
    let mut carried = HashSet::new();
    let mut stream = raw.on_message();
    while carried.len() < expected.len() {
        let msg = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("a message within 5 s")
            .expect("the raw subscription is open");
        let payload: String = msg.get_payload().unwrap();
        let wakes = Wake::decode_batch(&payload);
        assert!(wakes.len() <= BATCH_MAX, "{} in one message", wakes.len());
        let distinct: HashSet<Wake> = wakes.iter().copied().collect();
        assert_eq!(distinct.len(), wakes.len(), "a duplicate in one message");
        carried.extend(wakes);
        messages.push(payload);
    }
    // 451 distinct wake-ups published in 451 calls take a few messages, not hundreds.
    assert!(messages.len() >= 3, "{} messages", messages.len());
    assert!(messages.len() <= 12, "{} messages", messages.len());
}

#[tokio::test]
async fn garbage_on_the_channel_is_skipped() {
    let Some(mut admin) = common::redis().await else {
        return;
    };
    let channel = common::channel();
    let bus = RedisWakeBus::start_on_channel(&common::redis_url(), &channel).unwrap();
    let mut rx = bus.subscribe();
    common::wait_for_subscribers(&mut admin, &channel, 1).await;

    let junk: [&[u8]; 7] = [
        b"hello",
        b"",
        b",,,",
        b"u123,x,uu,**",
        b"\xff\xfe\x00u",
        &[b'u'; 100_000],
        b"{\"wake\":\"p\"}",
    ];
    for payload in junk {
        redis::cmd("PUBLISH")
            .arg(&channel)
            .arg(payload)
            .query_async::<i64>(&mut admin)
            .await
            .unwrap();
    }
    let someone = user();
    for payload in ["junk,p,u-not-a-uuid".to_owned(), someone.encode()] {
        redis::cmd("PUBLISH")
            .arg(&channel)
            .arg(payload)
            .query_async::<i64>(&mut admin)
            .await
            .unwrap();
    }

    let within = Duration::from_secs(1);
    assert_eq!(common::next_wake(&mut rx, within).await, Some(Wake::Plaza));
    assert_eq!(common::next_wake(&mut rx, within).await, Some(someone));
    assert_eq!(
        common::next_wake(&mut rx, Duration::from_millis(200)).await,
        None
    );
}

/// Its own ACL user, so that `CLIENT KILL USER` cuts this test's connections and no other's.
struct TestUser {
    name: String,
    url: String,
}

impl TestUser {
    async fn create(admin: &mut redis::aio::MultiplexedConnection) -> Self {
        let name = format!("courtyard-test-{}", uuid::Uuid::new_v4().simple());
        let password = uuid::Uuid::new_v4().simple().to_string();
        redis::cmd("ACL")
            .arg("SETUSER")
            .arg(&name)
            .arg("on")
            .arg(format!(">{password}"))
            .arg("~*")
            .arg("&*")
            .arg("+@all")
            .query_async::<()>(admin)
            .await
            .unwrap();
        let base = common::redis_url();
        let rest = base.strip_prefix("redis://").expect("a redis:// REDIS_URL");
        let rest = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
        let url = format!("redis://{name}:{password}@{rest}");
        Self { name, url }
    }

    async fn kill(&self, admin: &mut redis::aio::MultiplexedConnection) -> i64 {
        redis::cmd("CLIENT")
            .arg("KILL")
            .arg("USER")
            .arg(&self.name)
            .query_async(admin)
            .await
            .unwrap()
    }

    async fn delete(self, admin: &mut redis::aio::MultiplexedConnection) {
        redis::cmd("ACL")
            .arg("DELUSER")
            .arg(&self.name)
            .query_async::<i64>(admin)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_cut_connection_comes_back_and_wakes_every_stream() {
    let Some(mut admin) = common::redis().await else {
        return;
    };
    let channel = common::channel();
    let test_user = TestUser::create(&mut admin).await;
    let a = RedisWakeBus::start_on_channel(&test_user.url, &channel).unwrap();
    let b = RedisWakeBus::start_on_channel(&test_user.url, &channel).unwrap();
    let (mut rx_a, mut rx_b) = (a.subscribe(), b.subscribe());
    common::wait_for_subscribers(&mut admin, &channel, 2).await;
    let first = user();
    a.publish(vec![first]);
    let within = Duration::from_secs(1);
    assert_eq!(common::next_wake(&mut rx_b, within).await, Some(first));
    assert_eq!(common::next_wake(&mut rx_a, within).await, Some(first));

    // Both listeners and A's sender.
    assert_eq!(test_user.kill(&mut admin).await, 3);

    let back = Duration::from_secs(5);
    assert_eq!(
        common::next_wake(&mut rx_b, back).await,
        Some(Wake::Everyone)
    );
    assert_eq!(
        common::next_wake(&mut rx_a, back).await,
        Some(Wake::Everyone)
    );
    // The sender notices its connection is gone on its next PUBLISH, and sends it again.
    let later = user();
    a.publish(vec![later]);
    assert_eq!(common::next_wake(&mut rx_b, back).await, Some(later));
    assert_eq!(common::next_wake(&mut rx_a, back).await, Some(later));
    assert_eq!(
        common::next_wake(&mut rx_b, Duration::from_millis(200)).await,
        None
    );
    test_user.delete(&mut admin).await;
}

#[tokio::test]
async fn a_redis_down_at_start_and_restarted_later_is_found_again() {
    let Some(mut server) = OwnRedis::new() else {
        return;
    };
    // Down at start: the buses start anyway, and publishing neither blocks nor fails.
    let a = RedisWakeBus::start_on_channel(&server.url(), "wake").unwrap();
    let b = RedisWakeBus::start_on_channel(&server.url(), "wake").unwrap();
    let (mut rx_a, mut rx_b) = (a.subscribe(), b.subscribe());
    let started = Instant::now();
    for _ in 0..1000 {
        a.publish(vec![user()]);
    }
    assert!(started.elapsed() < Duration::from_secs(1));
    tokio::time::sleep(Duration::from_millis(300)).await;

    let mut admin = server.start().await;
    let back = Duration::from_secs(5);
    // Their first attempts failed: once subscribed they wake every stream.
    assert_eq!(
        common::next_wake(&mut rx_b, back).await,
        Some(Wake::Everyone)
    );
    assert_eq!(
        common::next_wake(&mut rx_a, back).await,
        Some(Wake::Everyone)
    );
    common::wait_for_subscribers(&mut admin, "wake", 2).await;
    let first = user();
    a.publish(vec![first]);
    for rx in [&mut rx_a, &mut rx_b] {
        let got = receive_all(rx, &HashSet::from([first]), back).await;
        assert_eq!(got.last(), Some(&first), "{got:?}");
    }

    server.stop();
    b.publish(vec![user()]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut admin = server.start().await;
    assert_eq!(
        common::next_wake(&mut rx_b, back).await,
        Some(Wake::Everyone)
    );
    assert_eq!(
        common::next_wake(&mut rx_a, back).await,
        Some(Wake::Everyone)
    );
    common::wait_for_subscribers(&mut admin, "wake", 2).await;
    let later = user();
    b.publish(vec![later]);
    for rx in [&mut rx_a, &mut rx_b] {
        let got = receive_all(rx, &HashSet::from([later]), back).await;
        assert_eq!(got.last(), Some(&later), "{got:?}");
    }
}

#[tokio::test]
async fn an_unreachable_redis_does_not_fail_the_start_nor_block_publishing() {
    let bus = RedisWakeBus::start("redis://127.0.0.1:1").unwrap();
    let mut rx = bus.subscribe();
    let started = Instant::now();
    for _ in 0..1000 {
        bus.publish(vec![user(), Wake::Plaza]);
    }
    assert!(started.elapsed() < Duration::from_secs(1));
    // The tasks try, fail and keep going; nothing arrives.
    tokio::time::sleep(Duration::from_millis(500)).await;
    bus.publish(vec![Wake::Plaza]);
    assert!(matches!(
        rx.try_recv(),
        Err(tokio::sync::broadcast::error::TryRecvError::Empty)
    ));
    drop(bus);
}

#[tokio::test]
async fn a_malformed_url_is_refused() {
    for url in [
        "",
        "127.0.0.1:6379",
        "redis://",
        "http://127.0.0.1:6379",
        "redis://127.0.0.1:6379/not-a-db",
        "rediss://127.0.0.1:6379",
    ] {
        assert!(RedisWakeBus::start(url).is_err(), "{url:?} was accepted");
    }
}
