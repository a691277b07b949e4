//! The server's stopping, as the parts that must act on it see it (docs/operations.md).
//!
//! On SIGTERM or SIGINT (`main.rs`), or when a test asks ([`Shutdown::begin`]), the server stops
//! accepting connections, closes idle ones, and gives the requests in flight
//! `SHUTDOWN_GRACE_SECS` to finish (`startup.rs`: actix-web's graceful stop). Event streams
//! never finish by themselves, so they end on their own here: the notification stream at once
//! with a reconnect hint ([`end_on_shutdown`]), a chat answer at [`Shutdown::last_call`] with
//! an error event. The listener is closed from the first moment, so a balancer's next
//! connection is refused and goes to another instance.
//!
//! This module imports nothing of the crate: the areas' handlers and the composition root both
//! use it.

use futures_util::{Stream, StreamExt, stream};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// Whether, and since when, the server is stopping. Cheap to clone; every clone sees the same
/// shutdown. The composition root gives it to the handlers as `web::Data<Shutdown>`.
#[derive(Clone, Debug)]
pub struct Shutdown(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    begun: watch::Sender<Option<Instant>>,
    grace: Duration,
}

impl Shutdown {
    /// A server that is not stopping, whose requests get `grace` to finish once it does.
    pub fn new(grace: Duration) -> Self {
        Self(Arc::new(Inner {
            begun: watch::Sender::new(None),
            grace,
        }))
    }

    /// How long requests in flight may take once the shutdown began (`SHUTDOWN_GRACE_SECS`).
    pub fn grace(&self) -> Duration {
        self.0.grace
    }

    /// Starts the shutdown; a second call changes nothing (the first moment counts).
    pub fn begin(&self) {
        self.0.begun.send_if_modified(|begun| {
            if begun.is_some() {
                return false;
            }
            *begun = Some(Instant::now());
            true
        });
    }

    /// Whether the shutdown began.
    pub fn has_begun(&self) -> bool {
        self.0.begun.borrow().is_some()
    }

    /// Resolves once the shutdown begins (at once when it has).
    pub fn begun(&self) -> impl Future<Output = ()> + Send + use<> {
        let mut begun = self.0.begun.subscribe();
        async move {
            if begun.wait_for(Option::is_some).await.is_err() {
                // Every `Shutdown` is gone, so is the server: nothing is left to wait for.
                std::future::pending::<()>().await;
            }
        }
    }

    /// Resolves when a response still being written must end so that its last words reach the
    /// client before the grace is over: [`Self::grace`] less a second (half the grace when that
    /// is shorter) after the shutdown began.
    pub fn last_call(&self) -> impl Future<Output = ()> + Send + use<> {
        let mut begun = self.0.begun.subscribe();
        let before_the_end = last_call_after(self.0.grace);
        async move {
            let at = match begun.wait_for(Option::is_some).await {
                Ok(at) => *at,
                Err(_) => None,
            };
            match at {
                Some(at) => tokio::time::sleep_until(at + before_the_end).await,
                None => std::future::pending::<()>().await,
            }
        }
    }
}

/// How long after the shutdown began a still-running response gets: the grace less a second, or
/// half of it when that is more.
fn last_call_after(grace: Duration) -> Duration {
    grace.saturating_sub(Duration::from_secs(1)).max(grace / 2)
}

/// `events` until the shutdown begins; then `farewell` as the last item, and the end. A stream
/// that ends first ends as it would have.
pub fn end_on_shutdown<S, T>(
    events: S,
    shutdown: &Shutdown,
    farewell: T,
) -> impl Stream<Item = T> + use<S, T>
where
    S: Stream<Item = T> + Unpin,
{
    struct State<S, T, F> {
        events: S,
        begun: std::pin::Pin<Box<F>>,
        farewell: Option<T>,
    }
    let state = State {
        events,
        begun: Box::pin(shutdown.begun()),
        farewell: Some(farewell),
    };
    stream::unfold(state, |mut s| async move {
        // After the farewell: over.
        s.farewell.as_ref()?;
        tokio::select! {
            biased;
            () = s.begun.as_mut() => {
                let last = s.farewell.take()?;
                Some((last, s))
            }
            item = s.events.next() => {
                let item = item?;
                Some((item, s))
            }
        }
    })
}

/// The reconnect hint an event stream ends with when the server stops: a `retry:` of 1 to 5
/// seconds, different for each stream so that the browsers of a stopping instance come back to
/// the others spread out rather than all at once, and a comment saying why. A browser's
/// `EventSource` reconnects by itself after a stream that ended, waiting `retry` milliseconds,
/// and resumes with `Last-Event-ID`.
pub fn retry_hint() -> String {
    // Spread, not secrecy: a v4 UUID's random bits serve as well as a generator would.
    let spread = uuid::Uuid::new_v4().as_u128() % 4000;
    format!("retry: {}\n: server restarting\n\n", 1000 + spread)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Long enough for what should happen to happen, on a loaded machine too.
    const BOUND: Duration = Duration::from_secs(10);

    fn channel_stream<T: Send + 'static>() -> (
        tokio::sync::mpsc::UnboundedSender<T>,
        impl Stream<Item = T> + Unpin,
    ) {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        (tx, Box::pin(stream::poll_fn(move |cx| rx.poll_recv(cx))))
    }

    #[tokio::test]
    async fn a_stream_ends_with_its_farewell_once_the_shutdown_begins() {
        let shutdown = Shutdown::new(Duration::from_secs(10));
        let (tx, events) = channel_stream();
        let mut out = Box::pin(end_on_shutdown(events, &shutdown, "bye"));
        tx.send("one").unwrap();
        assert_eq!(out.next().await, Some("one"));
        shutdown.begin();
        tx.send("two").unwrap();
        assert_eq!(out.next().await, Some("bye"), "the shutdown goes first");
        assert_eq!(out.next().await, None);
    }

    #[tokio::test]
    async fn a_stream_that_ends_first_says_no_farewell() {
        let shutdown = Shutdown::new(Duration::from_secs(10));
        let out: Vec<_> = end_on_shutdown(stream::iter(["only"]), &shutdown, "bye")
            .collect()
            .await;
        assert_eq!(out, ["only"]);
    }

    #[tokio::test]
    async fn the_last_call_waits_for_the_shutdown_then_comes_before_the_grace_is_over() {
        let shutdown = Shutdown::new(Duration::from_secs(1));
        let mut last_call = Box::pin(shutdown.last_call());
        let mut begun = Box::pin(shutdown.clone().begun());
        assert!(futures_util::poll!(last_call.as_mut()).is_pending());
        assert!(futures_util::poll!(begun.as_mut()).is_pending());
        assert!(!shutdown.has_begun());
        shutdown.begin();
        tokio::time::timeout(BOUND, begun).await.unwrap();
        tokio::time::timeout(BOUND, last_call).await.unwrap();
        assert!(shutdown.has_begun());
        // Already begun: at once.
        tokio::time::timeout(BOUND, shutdown.begun()).await.unwrap();
    }

    #[test]
    fn the_last_call_leaves_a_second_or_half_the_grace() {
        let s = Duration::from_secs;
        assert_eq!(last_call_after(s(10)), s(9));
        assert_eq!(last_call_after(s(2)), s(1));
        assert_eq!(last_call_after(s(1)), Duration::from_millis(500));
    }

    #[test]
    fn the_retry_hint_is_one_to_five_seconds() {
        for _ in 0..50 {
            let hint = retry_hint();
            let ms: u64 = hint
                .strip_prefix("retry: ")
                .and_then(|rest| rest.split('\n').next())
                .and_then(|n| n.parse().ok())
                .unwrap();
            assert!((1000..5000).contains(&ms), "{hint}");
            assert!(hint.ends_with("\n\n"), "one whole event: {hint:?}");
        }
    }
}
