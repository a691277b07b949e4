//! The notifications' wake-up bus over Redis pub/sub: [`RedisWakeBus`] implements
//! [`notifications::ports::WakeBus`] for instances that share a Redis (docs/notifications.md).
//!
//! Each instance opens two connections of its own:
//!
//! - a **sender** task gathers the wake-ups [`WakeBus::publish`] is given for
//!   [`BATCH_WINDOW`], drops the duplicates and `PUBLISH`es them as [`Wake::encode_batch`] in
//!   chunks of at most [`BATCH_MAX`] to [`CHANNEL`]. When a `PUBLISH` fails it reconnects after a
//!   short backoff (at most [`RETRY_MAX`]) and tries once more; wake-ups it still cannot send
//!   are dropped with a warning. Nothing is lost for good: the rows are in the database, and the
//!   listeners wake every stream when they are back.
//! - a **listener** task `SUBSCRIBE`s to the channel and hands every wake-up (this instance's
//!   own too) to the receivers of [`WakeBus::subscribe`]. A payload that is not a batch of
//!   wake-ups is skipped. When its connection is cut (or a ping goes unanswered) it connects
//!   again, every [`RETRY_MAX`] at most, and once subscribed again it sends
//!   [`Wake::Everyone`]: what was published meanwhile never reached it.
//!
//! [`RedisWakeBus::start`] never waits for Redis: an instance starts while Redis is down, and
//! the tasks keep retrying and logging until it is back.
//!
//! Redis connections here speak RESP2 without TLS (`redis://` and `redis+unix://` URLs, with a
//! password and a database number if needed). Passwords are never logged.
//!
//! This crate implements a port and nothing else: it must not depend on the application server
//! or on another adapter.

#[cfg(feature = "testing")]
pub mod testing;

use futures_util::StreamExt;
use notifications::Wake;
use notifications::ports::WakeBus;
use redis::aio::{MultiplexedConnection, PubSubSink, PubSubStream};
use redis::{AsyncConnectionConfig, Client, IntoConnectionInfo};
use std::collections::HashSet;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio::task::AbortHandle;

/// The channel the instances wake each other on.
pub const CHANNEL: &str = "courtyard:wake";
/// How long the sender gathers wake-ups into one `PUBLISH`.
pub const BATCH_WINDOW: Duration = Duration::from_millis(20);
/// Wake-ups in one `PUBLISH` (a user's wake-up is 33 bytes with its comma: 6.6 KB at most).
pub const BATCH_MAX: usize = 200;
/// Wake-ups a slow hub may fall behind by before it reads every stream again.
pub const CAPACITY: usize = 4096;
/// The longest wait before connecting again (the backoff doubles from [`RETRY_MIN`]).
pub const RETRY_MAX: Duration = Duration::from_secs(1);
/// The first wait before connecting again.
const RETRY_MIN: Duration = Duration::from_millis(100);
/// How long connecting (TCP, `AUTH`, `SELECT`, `SUBSCRIBE`) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// How long a `PUBLISH` or a ping may wait for its answer.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(3);
/// How often the listener pings its connection, to notice one that died silently.
const PING_EVERY: Duration = Duration::from_secs(15);
/// While Redis stays unreachable, one warning per this many failed attempts (about a minute).
const WARN_EVERY: u32 = 60;
/// What `CLIENT LIST` shows as `lib-name` for this bus's connections.
const LIB_NAME: &str = "courtyard-wake";

/// Wakes the streams of every instance over one Redis, by pub/sub on [`CHANNEL`].
#[derive(Debug)]
pub struct RedisWakeBus {
    outbox: mpsc::UnboundedSender<Wake>,
    tx: broadcast::Sender<Wake>,
    listener: AbortHandle,
}

impl RedisWakeBus {
    /// Starts the sender and the listener on connections of their own to the Redis at `url`
    /// (`redis://[[user]:password@]host[:port][/db]`), on [`CHANNEL`]. It does not wait for
    /// Redis: the tasks connect, and keep trying, on their own.
    ///
    /// # Errors
    /// When `url` is not a Redis URL this build can use (`rediss://` needs TLS, which it lacks),
    /// or when called outside a tokio runtime.
    pub fn start(url: &str) -> anyhow::Result<Self> {
        Self::start_on_channel(url, CHANNEL)
    }

    /// [`RedisWakeBus::start`] on another channel: instances wake only those on the same one
    /// (tests use a channel of their own each).
    ///
    /// # Errors
    /// As [`RedisWakeBus::start`], and when `channel` is empty.
    pub fn start_on_channel(url: &str, channel: &str) -> anyhow::Result<Self> {
        if channel.is_empty() {
            anyhow::bail!("the Redis wake-up channel must not be empty");
        }
        let client = client(url)?;
        let runtime = tokio::runtime::Handle::try_current()
            .map_err(|_| anyhow::anyhow!("the Redis wake-up bus starts inside a tokio runtime"))?;
        let (outbox, inbox) = mpsc::unbounded_channel();
        let (tx, _) = broadcast::channel(CAPACITY);
        runtime.spawn(send_loop(client.clone(), channel.to_owned(), inbox));
        let listener = runtime
            .spawn(listen_loop(client, channel.to_owned(), tx.clone()))
            .abort_handle();
        Ok(Self {
            outbox,
            tx,
            listener,
        })
    }
}

impl Drop for RedisWakeBus {
    fn drop(&mut self) {
        // The sender ends by itself once it has sent what it holds (the outbox is closed).
        self.listener.abort();
    }
}

impl WakeBus for RedisWakeBus {
    fn publish(&self, wakes: Vec<Wake>) {
        for wake in wakes {
            // Fails only when the sender has ended, which it does only when this bus is gone.
            let _ = self.outbox.send(wake);
        }
    }

    fn subscribe(&self) -> broadcast::Receiver<Wake> {
        self.tx.subscribe()
    }
}

/// A client for `url`, checked without connecting. The error never repeats the URL: it may
/// hold a password.
fn client(url: &str) -> anyhow::Result<Client> {
    // The parser's messages name what is wrong, never the URL's parts.
    let invalid = |e: redis::RedisError| anyhow::anyhow!("the Redis URL is not valid: {e}");
    let info = url.into_connection_info().map_err(invalid)?;
    let redis = info
        .redis_settings()
        .clone()
        .set_lib_name(LIB_NAME, env!("CARGO_PKG_VERSION"));
    Client::open(info.set_redis_settings(redis)).map_err(invalid)
}

/// The wait before the next attempt, doubling up to [`RETRY_MAX`].
#[derive(Debug)]
struct Backoff(Duration);

impl Backoff {
    fn new() -> Self {
        Self(RETRY_MIN)
    }

    fn reset(&mut self) {
        self.0 = RETRY_MIN;
    }

    async fn wait(&mut self) {
        tokio::time::sleep(self.0).await;
        self.0 = (self.0 * 2).min(RETRY_MAX);
    }
}

/// Of `batch`, each wake-up once (in the order first seen); only [`Wake::Everyone`] when it is
/// there, as it wakes every stream anyway.
fn dedupe(mut batch: Vec<Wake>) -> Vec<Wake> {
    if batch.contains(&Wake::Everyone) {
        return vec![Wake::Everyone];
    }
    let mut seen = HashSet::with_capacity(batch.len());
    batch.retain(|w| seen.insert(*w));
    batch
}

async fn send_loop(client: Client, channel: String, mut inbox: mpsc::UnboundedReceiver<Wake>) {
    let config = AsyncConnectionConfig::new()
        .set_connection_timeout(Some(CONNECT_TIMEOUT))
        .set_response_timeout(Some(RESPONSE_TIMEOUT));
    let mut sender = Sender {
        client,
        config,
        channel,
        conn: None,
        backoff: Backoff::new(),
    };
    while let Some(first) = inbox.recv().await {
        let mut batch = vec![first];
        tokio::time::sleep(BATCH_WINDOW).await;
        while let Ok(more) = inbox.try_recv() {
            batch.push(more);
        }
        let batch = dedupe(batch);
        let mut sent = 0;
        for chunk in batch.chunks(BATCH_MAX) {
            if let Err(e) = sender.publish(&Wake::encode_batch(chunk)).await {
                // The rows are stored: the streams catch up on the next wake-up, or when the
                // listeners, cut off too, are back and wake every stream.
                tracing::warn!(
                    error = %e,
                    dropped = batch.len() - sent,
                    "the Redis wake-up sender cannot publish; wake-ups dropped"
                );
                break;
            }
            sent += chunk.len();
        }
    }
    tracing::debug!("the Redis wake-up sender stops: its bus is gone");
}

/// The sender's connection, opened when first needed and again after a failure.
struct Sender {
    client: Client,
    config: AsyncConnectionConfig,
    channel: String,
    conn: Option<MultiplexedConnection>,
    backoff: Backoff,
}

impl Sender {
    /// Publishes `payload`, on a new connection after a failure, trying twice in all.
    async fn publish(&mut self, payload: &str) -> redis::RedisResult<()> {
        match self.try_publish(payload).await {
            Ok(()) => Ok(()),
            Err(e) => {
                tracing::debug!(error = %e, "a wake-up PUBLISH failed; reconnecting");
                self.conn = None;
                self.backoff.wait().await;
                let retried = self.try_publish(payload).await;
                if retried.is_err() {
                    self.conn = None;
                }
                retried
            }
        }
    }

    async fn try_publish(&mut self, payload: &str) -> redis::RedisResult<()> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            None => {
                let conn = self
                    .client
                    .get_multiplexed_async_connection_with_config(&self.config)
                    .await?;
                self.conn.insert(conn)
            }
        };
        redis::cmd("PUBLISH")
            .arg(&self.channel)
            .arg(payload)
            .query_async::<i64>(conn)
            .await?;
        self.backoff.reset();
        Ok(())
    }
}

/// A subscription to `channel` on a connection of its own.
async fn subscribe(client: &Client, channel: &str) -> anyhow::Result<(PubSubSink, PubSubStream)> {
    let subscribing = async {
        let (mut sink, stream) = client.get_async_pubsub().await?.split();
        sink.subscribe(channel).await?;
        Ok::<_, redis::RedisError>((sink, stream))
    };
    match tokio::time::timeout(CONNECT_TIMEOUT, subscribing).await {
        Ok(subscribed) => Ok(subscribed?),
        Err(_) => anyhow::bail!("no answer within {CONNECT_TIMEOUT:?}"),
    }
}

async fn listen_loop(client: Client, channel: String, tx: broadcast::Sender<Wake>) {
    let mut backoff = Backoff::new();
    // Set once an attempt failed or a subscription was lost: from then on wake-ups may have
    // been missed, and the next subscription wakes every stream.
    let mut missed = false;
    let mut failures: u32 = 0;
    loop {
        let (mut sink, mut stream) = match subscribe(&client, &channel).await {
            Ok(subscribed) => subscribed,
            Err(e) => {
                if failures.is_multiple_of(WARN_EVERY) {
                    tracing::warn!(
                        error = %e,
                        attempts = failures + 1,
                        "the Redis wake-up listener cannot subscribe; retrying"
                    );
                }
                failures = failures.saturating_add(1);
                missed = true;
                backoff.wait().await;
                continue;
            }
        };
        failures = 0;
        backoff.reset();
        if missed {
            tracing::info!("the Redis wake-up listener is back; every stream reads again");
            let _ = tx.send(Wake::Everyone);
        }
        missed = true;
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        let why = loop {
            tokio::select! {
                msg = stream.next() => {
                    let Some(msg) = msg else { break "the connection closed" };
                    deliver(&tx, msg.get_payload_bytes());
                }
                _ = ping.tick() => {
                    match tokio::time::timeout(RESPONSE_TIMEOUT, sink.ping::<()>()).await {
                        Ok(Ok(())) => {}
                        Ok(Err(_)) => break "a ping failed",
                        Err(_) => break "a ping went unanswered",
                    }
                }
            }
        };
        tracing::warn!(
            why,
            "the Redis wake-up listener lost its subscription; reconnecting"
        );
    }
}

/// Hands a payload's wake-ups to this instance's receivers; anything else is skipped.
fn deliver(tx: &broadcast::Sender<Wake>, payload: &[u8]) {
    let wakes = std::str::from_utf8(payload)
        .map(Wake::decode_batch)
        .unwrap_or_default();
    if wakes.is_empty() {
        tracing::debug!(
            bytes = payload.len(),
            "a message on the wake-up channel held no wake-up; skipped"
        );
    }
    for wake in wakes {
        // No receiver yet (the hub starts with the server): nobody to wake.
        let _ = tx.send(wake);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_keeps_each_wake_up_once_and_everyone_alone() {
        let a = Wake::Plaza;
        assert_eq!(dedupe(vec![a, a, a]), vec![a]);
        assert_eq!(
            dedupe(vec![Wake::Plaza, Wake::Everyone, Wake::Plaza]),
            vec![Wake::Everyone]
        );
    }

    #[test]
    fn malformed_urls_are_refused_without_repeating_them() {
        for url in [
            "",
            "not a url",
            "http://127.0.0.1:6379",
            "redis://:secret@[::1",
        ] {
            let e = client(url).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains("not valid"), "{url:?} gave {e:?}");
            assert!(!e.contains("secret"), "{url:?} gave {e:?}");
        }
        assert!(client("rediss://127.0.0.1:6379").is_err());
        assert!(client("redis://:pw@127.0.0.1:6379/2").is_ok());
    }

    #[test]
    fn start_needs_a_runtime_and_a_channel() {
        assert!(RedisWakeBus::start("redis://127.0.0.1:6379").is_err());
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build();
        let Ok(rt) = rt else { return };
        rt.block_on(async {
            assert!(RedisWakeBus::start_on_channel("redis://127.0.0.1:6379", "").is_err());
        });
    }
}
