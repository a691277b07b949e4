//! A scriptable OpenAI-compatible server on 127.0.0.1, for tests and benchmarks.
//!
//! ```no_run
//! # async fn demo() {
//! use adapter_llm::fake::{FakeLlm, Scenario};
//! use std::time::Duration;
//!
//! let fake = FakeLlm::start().await;
//! // Point an `LlmConfig` at `fake.base_url()`, then script what the next requests get:
//! fake.set(Scenario::answer(["你好", "！"]));
//! fake.set(Scenario::Status {
//!     status: 429,
//!     body: r#"{"error":{"message":"slow down"}}"#.into(),
//!     content_type: "application/json".into(),
//!     retry_after: Some(3),
//! });
//! // … and look at what arrived and how clients behaved:
//! let bodies = fake.requests();
//! let cancelled = fake.wait_for_cancel(Duration::from_secs(1)).await;
//! # }
//! ```
//!
//! # What it is
//!
//! A hand-rolled HTTP/1.1 server on a tokio `TcpListener`, so that every byte and every pause
//! is under the test's control. It answers `POST /v1/chat/completions` with the current
//! [`Scenario`] (taken when the request has been read; [`FakeLlm::set`] affects later
//! requests only) and anything else with a 404 in OpenAI's error format. Each response ends
//! the connection (`Connection: close`); request bodies must come with `Content-Length`
//! (chunked request bodies are not supported; reqwest's `.json()` sends a length).
//!
//! Streams are sent with `Transfer-Encoding: chunked`, one HTTP chunk per write, each chunk in
//! one TCP write with `TCP_NODELAY`: a [`Scenario::Raw`] piece is exactly one chunk on the wire.
//! A stream that ends properly ends with the terminating `0` chunk; one that "drops"
//! ([`End::Close`], [`Scenario::DropAfter`]) closes the socket without it, which a client
//! sees as a truncated body.
//!
//! # Cancellation
//!
//! From the moment a request is read until its answer is complete, the connection's task also
//! reads the socket: a read that returns end-of-file or an error, or a failed write, means the
//! client went away — [`FakeLlm::wait_for_cancel`] and [`FakeLlm::cancels`] count those. A
//! connection the fake closes itself is not a cancellation.
//!
//! # Cost
//!
//! One tokio task per connection and no timer while nothing waits. Scenarios are turned into
//! bytes once, in [`FakeLlm::set`], and shared by every connection ([`Scenario::Bench`] holds
//! one token's bytes however many tokens it sends), so 1000 concurrent streams on 2 cores are
//! cheap. Dropping the [`FakeLlm`] stops the server and aborts every connection.

use chat::TokenUsage;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::io::{AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _};
use tokio::net::tcp::ReadHalf;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::task::{JoinHandle, JoinSet};

/// The path the fake answers; [`FakeLlm::base_url`] ends in `/v1`.
pub const COMPLETIONS_PATH: &str = "/v1/chat/completions";

/// What the fake sends for a chat request.
#[derive(Debug, Clone, PartialEq)]
pub enum Scenario {
    /// A well-formed answer, DeepSeek style: response headers and a first chunk
    /// `{"role": "assistant", "content": ""}` at once; after `first_delay` the `reasoning`
    /// deltas (as `reasoning_content`) then the `content` deltas, `gap` apart; then a chunk
    /// with `finish_reason: "stop"`, a chunk with empty `choices` and `usage` (if given),
    /// `data: [DONE]` and the end of the body.
    Answer {
        reasoning: Vec<String>,
        content: Vec<String>,
        first_delay: Duration,
        gap: Duration,
        usage: Option<TokenUsage>,
    },
    /// A 200 `text/event-stream` whose body is exactly these pieces, each written after its
    /// delay as one HTTP chunk (one TCP write); then `then`. Put `data: [DONE]\n\n` in
    /// yourself if you want it.
    Raw {
        chunks: Vec<(Vec<u8>, Duration)>,
        then: End,
    },
    /// A complete response with this status, body and content type (any status, 200
    /// included: an HTML page from a misconfigured proxy), with `Retry-After: <secs>` if given.
    Status {
        status: u16,
        body: String,
        content_type: String,
        retry_after: Option<u64>,
    },
    /// A 200 event stream that only ever sends `: keep-alive` comments, every `interval`
    /// (the first at once): a provider that queues the request for ever.
    KeepAliveForever { interval: Duration },
    /// The headers, the role chunk and these content deltas `gap` apart, then the socket
    /// closes without a `finish_reason`, `[DONE]` or the end of the chunked body.
    DropAfter { content: Vec<String>, gap: Duration },
    /// Reads the request and never answers, not even the headers.
    Hang,
    /// An immediate answer (no reasoning, no usage) that stops after the `before` content
    /// deltas until the test calls [`FakeLlm::release`]; then the `after` deltas, the finish
    /// chunk and `[DONE]`. A test proves "sent as soon as it arrived" by order: it reads
    /// `before` through the server *before* releasing the rest, so nothing that comes later can
    /// have pushed it out.
    Gated {
        before: Vec<String>,
        after: Vec<String>,
    },
    /// Like [`Scenario::Answer`] without reasoning, for load: `tokens` content deltas of `字`
    /// (3 bytes of UTF-8 each) after `first_delay`, `gap` apart, then `finish_reason: "stop"`,
    /// usage `{prompt 10, completion tokens, total 10 + tokens}` and `[DONE]`.
    Bench {
        first_delay: Duration,
        tokens: usize,
        gap: Duration,
    },
}

/// How a [`Scenario::Raw`] body ends after its pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The terminating chunk: the body ends properly.
    Finish,
    /// The socket closes without the terminating chunk: a dropped connection.
    Close,
    /// Nothing more is sent and the connection stays open until the client goes away.
    Hang,
}

/// The content deltas of the default scenario.
pub const DEFAULT_CONTENT: [&str; 4] = ["Hello", ", ", "world", "!"];

impl Default for Scenario {
    /// [`Scenario::answer`] of [`DEFAULT_CONTENT`] ("Hello, world!").
    fn default() -> Self {
        Scenario::answer(DEFAULT_CONTENT)
    }
}

impl Scenario {
    /// An immediate [`Scenario::Answer`] of these content deltas, without reasoning, with
    /// usage `{prompt 10, completion <number of deltas>, total 10 + that}`.
    pub fn answer<I, S>(content: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Scenario::reasoning_answer(Vec::<String>::new(), content)
    }

    /// Like [`Scenario::answer`], with reasoning deltas first.
    pub fn reasoning_answer<R, C, S, T>(reasoning: R, content: C) -> Self
    where
        R: IntoIterator<Item = S>,
        S: Into<String>,
        C: IntoIterator<Item = T>,
        T: Into<String>,
    {
        let reasoning: Vec<String> = reasoning.into_iter().map(Into::into).collect();
        let content: Vec<String> = content.into_iter().map(Into::into).collect();
        let completion = (reasoning.len() + content.len()) as u64;
        Scenario::Answer {
            reasoning,
            content,
            first_delay: Duration::ZERO,
            gap: Duration::ZERO,
            usage: Some(TokenUsage {
                prompt_tokens: 10,
                completion_tokens: completion,
                total_tokens: 10 + completion,
            }),
        }
    }

    /// A [`Scenario::Status`] with a JSON body.
    pub fn status_json(status: u16, body: serde_json::Value) -> Self {
        Scenario::Status {
            status,
            body: body.to_string(),
            content_type: "application/json".to_owned(),
            retry_after: None,
        }
    }
}

/// One request the fake received.
#[derive(Debug, Clone, PartialEq)]
pub struct ReceivedRequest {
    pub method: String,
    pub path: String,
    /// Names in lower case, in the order received.
    pub headers: Vec<(String, String)>,
    /// The body as JSON; a body that is not JSON is kept as a JSON string (lossy UTF-8).
    pub body: serde_json::Value,
}

impl ReceivedRequest {
    /// The first header of this name (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The `Authorization` header, if the client sent one.
    pub fn authorization(&self) -> Option<&str> {
        self.header("authorization")
    }
}

/// A running fake; see the module docs.
pub struct FakeLlm {
    addr: SocketAddr,
    shared: Arc<Shared>,
    server: JoinHandle<()>,
}

impl std::fmt::Debug for FakeLlm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeLlm").field("addr", &self.addr).finish()
    }
}

struct Shared {
    plan: Mutex<Arc<Plan>>,
    requests: Mutex<Vec<ReceivedRequest>>,
    open: watch::Sender<usize>,
    cancel_permits: Semaphore,
    cancels: AtomicUsize,
    /// One permit per [`FakeLlm::release`]; each [`Scenario::Gated`] stream takes one.
    gate: Semaphore,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl FakeLlm {
    /// Listens on `127.0.0.1:0` with the default scenario.
    ///
    /// # Panics
    /// When no port can be had on 127.0.0.1 (see [`FakeLlm::try_start`]).
    pub async fn start() -> FakeLlm {
        match Self::try_start().await {
            Ok(fake) => fake,
            Err(e) => panic!("FakeLlm cannot listen on 127.0.0.1: {e}"),
        }
    }

    /// Like [`FakeLlm::start`], returning the error.
    ///
    /// # Errors
    /// When no port can be had on 127.0.0.1.
    pub async fn try_start() -> std::io::Result<FakeLlm> {
        let socket = TcpSocket::new_v4()?;
        socket.bind(SocketAddr::from(([127, 0, 0, 1], 0)))?;
        // Room for a benchmark's 1000 simultaneous connects.
        let listener = socket.listen(2048)?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            plan: Mutex::new(Arc::new(Plan::compile(&Scenario::default()))),
            requests: Mutex::new(Vec::new()),
            open: watch::Sender::new(0),
            cancel_permits: Semaphore::new(0),
            cancels: AtomicUsize::new(0),
            gate: Semaphore::new(0),
        });
        let server = tokio::spawn(serve(listener, shared.clone()));
        Ok(FakeLlm {
            addr,
            shared,
            server,
        })
    }

    /// `http://127.0.0.1:PORT/v1`: the base URL to configure a provider with.
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// What requests read from now on get.
    pub fn set(&self, scenario: Scenario) {
        *lock(&self.shared.plan) = Arc::new(Plan::compile(&scenario));
    }

    /// Every request received so far, oldest first (404s included).
    pub fn requests(&self) -> Vec<ReceivedRequest> {
        lock(&self.shared.requests).clone()
    }

    /// Every request received so far, forgetting them (for long benchmarks).
    pub fn take_requests(&self) -> Vec<ReceivedRequest> {
        std::mem::take(&mut *lock(&self.shared.requests))
    }

    /// How many requests arrived so far (since the last [`FakeLlm::take_requests`]).
    pub fn request_count(&self) -> usize {
        lock(&self.shared.requests).len()
    }

    /// Connections whose request was read and whose answer is not over yet (still sending,
    /// hanging or waiting for the client to go away).
    pub fn open_streams(&self) -> usize {
        *self.shared.open.borrow()
    }

    /// Waits until exactly `count` connections are open; false if that did not happen within
    /// `within`.
    pub async fn wait_for_open_streams(&self, count: usize, within: Duration) -> bool {
        let mut open = self.shared.open.subscribe();
        matches!(
            tokio::time::timeout(within, open.wait_for(|n| *n == count)).await,
            Ok(Ok(_))
        )
    }

    /// Waits for a client to go away before its answer was complete, within `within`. Each
    /// cancellation satisfies one call: it returns at once for one that already happened and
    /// no earlier call consumed.
    pub async fn wait_for_cancel(&self, within: Duration) -> bool {
        match tokio::time::timeout(within, self.shared.cancel_permits.acquire()).await {
            Ok(Ok(permit)) => {
                permit.forget();
                true
            }
            _ => false,
        }
    }

    /// How many clients went away before their answer was complete, since the start.
    pub fn cancels(&self) -> usize {
        self.shared.cancels.load(Ordering::SeqCst)
    }

    /// Lets one [`Scenario::Gated`] stream (waiting now or the next to reach its gate) send
    /// the rest of its answer.
    pub fn release(&self) {
        self.shared.gate.add_permits(1);
    }
}

impl Drop for FakeLlm {
    fn drop(&mut self) {
        // The accept loop owns the connections' `JoinSet`: aborting it aborts them all.
        self.server.abort();
    }
}

/// A scenario as bytes, ready to write.
#[derive(Debug)]
enum Plan {
    Stream { steps: Vec<Step>, end: End },
    Complete(Vec<u8>),
    KeepAlive { frame: Vec<u8>, interval: Duration },
    Hang,
}

/// Write `frame` (an HTTP chunk) `times` times, waiting `delay` before each — and, when
/// `gated`, first for a [`FakeLlm::release`].
#[derive(Debug)]
struct Step {
    delay: Duration,
    frame: Vec<u8>,
    times: usize,
    gated: bool,
}

const STREAM_HEAD: &[u8] = b"HTTP/1.1 200 OK\r\n\
Content-Type: text/event-stream; charset=utf-8\r\n\
Cache-Control: no-cache\r\n\
Transfer-Encoding: chunked\r\n\
Connection: close\r\n\r\n";
const LAST_CHUNK: &[u8] = b"0\r\n\r\n";

/// `bytes` as one HTTP chunk.
fn http_chunk(bytes: &[u8]) -> Vec<u8> {
    let mut frame = format!("{:x}\r\n", bytes.len()).into_bytes();
    frame.extend_from_slice(bytes);
    frame.extend_from_slice(b"\r\n");
    frame
}

/// `data: <json>\n\n` of one completion chunk, as an HTTP chunk.
fn data_frame(choices: serde_json::Value, usage: Option<&TokenUsage>) -> Vec<u8> {
    let chunk = json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": 1_700_000_000,
        "model": "fake",
        "choices": choices,
        "usage": usage.map(|u| json!({
            "prompt_tokens": u.prompt_tokens,
            "completion_tokens": u.completion_tokens,
            "total_tokens": u.total_tokens,
        })),
    });
    http_chunk(format!("data: {chunk}\n\n").as_bytes())
}

fn delta_frame(delta: serde_json::Value) -> Vec<u8> {
    data_frame(
        json!([{ "index": 0, "delta": delta, "finish_reason": null }]),
        None,
    )
}

fn role_frame() -> Vec<u8> {
    delta_frame(json!({ "role": "assistant", "content": "" }))
}

/// The finish chunk, the usage chunk and `[DONE]`.
fn closing_steps(usage: Option<&TokenUsage>, gap: Duration) -> Vec<Step> {
    let mut frames = vec![data_frame(
        json!([{ "index": 0, "delta": { "content": "" }, "finish_reason": "stop" }]),
        None,
    )];
    if let Some(usage) = usage {
        frames.push(data_frame(json!([]), Some(usage)));
    }
    frames.push(http_chunk(b"data: [DONE]\n\n"));
    frames
        .into_iter()
        .enumerate()
        .map(|(i, frame)| Step {
            delay: if i == 0 { gap } else { Duration::ZERO },
            frame,
            times: 1,
            gated: false,
        })
        .collect()
}

fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        413 => "Payload Too Large",
        422 => "Unprocessable Entity",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Status",
    }
}

fn complete_response(
    status: u16,
    content_type: &str,
    retry_after: Option<u64>,
    body: &[u8],
) -> Vec<u8> {
    let mut head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n",
        reason_phrase(status),
        body.len()
    );
    if let Some(secs) = retry_after {
        head.push_str(&format!("Retry-After: {secs}\r\n"));
    }
    head.push_str("Connection: close\r\n\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

impl Plan {
    fn compile(scenario: &Scenario) -> Plan {
        match scenario {
            Scenario::Answer {
                reasoning,
                content,
                first_delay,
                gap,
                usage,
            } => {
                let mut steps = vec![Step {
                    delay: Duration::ZERO,
                    frame: role_frame(),
                    times: 1,
                    gated: false,
                }];
                let deltas = reasoning
                    .iter()
                    .map(|r| delta_frame(json!({ "reasoning_content": r })))
                    .chain(content.iter().map(|c| delta_frame(json!({ "content": c }))));
                for (i, frame) in deltas.enumerate() {
                    let delay = if i == 0 { *first_delay } else { *gap };
                    steps.push(Step {
                        delay,
                        frame,
                        times: 1,
                        gated: false,
                    });
                }
                let first = steps.len() == 1;
                steps.extend(closing_steps(
                    usage.as_ref(),
                    if first { *first_delay } else { *gap },
                ));
                Plan::Stream {
                    steps,
                    end: End::Finish,
                }
            }
            Scenario::Bench {
                first_delay,
                tokens,
                gap,
            } => {
                let token = delta_frame(json!({ "content": "字" }));
                let mut steps = vec![Step {
                    delay: Duration::ZERO,
                    frame: role_frame(),
                    times: 1,
                    gated: false,
                }];
                if *tokens > 0 {
                    steps.push(Step {
                        delay: *first_delay,
                        frame: token.clone(),
                        times: 1,
                        gated: false,
                    });
                }
                if *tokens > 1 {
                    steps.push(Step {
                        delay: *gap,
                        frame: token,
                        times: tokens - 1,
                        gated: false,
                    });
                }
                let usage = TokenUsage {
                    prompt_tokens: 10,
                    completion_tokens: *tokens as u64,
                    total_tokens: 10 + *tokens as u64,
                };
                let delay = if *tokens == 0 { *first_delay } else { *gap };
                steps.extend(closing_steps(Some(&usage), delay));
                Plan::Stream {
                    steps,
                    end: End::Finish,
                }
            }
            Scenario::Raw { chunks, then } => Plan::Stream {
                steps: chunks
                    .iter()
                    .map(|(bytes, delay)| Step {
                        delay: *delay,
                        frame: http_chunk(bytes),
                        times: 1,
                        gated: false,
                    })
                    .collect(),
                end: *then,
            },
            Scenario::DropAfter { content, gap } => {
                let mut steps = vec![Step {
                    delay: Duration::ZERO,
                    frame: role_frame(),
                    times: 1,
                    gated: false,
                }];
                steps.extend(content.iter().map(|c| Step {
                    delay: *gap,
                    frame: delta_frame(json!({ "content": c })),
                    times: 1,
                    gated: false,
                }));
                Plan::Stream {
                    steps,
                    end: End::Close,
                }
            }
            Scenario::Status {
                status,
                body,
                content_type,
                retry_after,
            } => Plan::Complete(complete_response(
                *status,
                content_type,
                *retry_after,
                body.as_bytes(),
            )),
            Scenario::KeepAliveForever { interval } => Plan::KeepAlive {
                frame: http_chunk(b": keep-alive\n\n"),
                interval: *interval,
            },
            Scenario::Hang => Plan::Hang,
            Scenario::Gated { before, after } => {
                let mut steps = vec![Step {
                    delay: Duration::ZERO,
                    frame: role_frame(),
                    times: 1,
                    gated: false,
                }];
                let deltas = before
                    .iter()
                    .map(|c| (c, false))
                    .chain(after.iter().enumerate().map(|(i, c)| (c, i == 0)));
                steps.extend(deltas.map(|(c, gated)| Step {
                    delay: Duration::ZERO,
                    frame: delta_frame(json!({ "content": c })),
                    times: 1,
                    gated,
                }));
                let mut closing = closing_steps(None, Duration::ZERO);
                if after.is_empty() {
                    closing[0].gated = true;
                }
                steps.extend(closing);
                Plan::Stream {
                    steps,
                    end: End::Finish,
                }
            }
        }
    }
}

async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((socket, _)) => {
                    connections.spawn(connection(shared.clone(), socket));
                }
                // Out of file descriptors, most likely: let some connections finish.
                Err(_) => tokio::time::sleep(Duration::from_millis(5)).await,
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
}

/// Counts a connection as open while it lives.
struct OpenGuard<'a>(&'a Shared);

impl<'a> OpenGuard<'a> {
    fn new(shared: &'a Shared) -> Self {
        shared.open.send_modify(|n| *n += 1);
        Self(shared)
    }
}

impl Drop for OpenGuard<'_> {
    fn drop(&mut self) {
        self.0.open.send_modify(|n| *n = n.saturating_sub(1));
    }
}

const MAX_HEAD_BYTES: usize = 64 * 1024;
const MAX_BODY_BYTES: usize = 16 * 1024 * 1024;

async fn connection(shared: Arc<Shared>, mut socket: TcpStream) {
    let _ = socket.set_nodelay(true);
    let Some(request) = read_request(&mut socket).await else {
        return;
    };
    let plan = if request.method == "POST" && request.path == COMPLETIONS_PATH {
        lock(&shared.plan).clone()
    } else {
        let message = format!("no route {} {}", request.method, request.path);
        Arc::new(Plan::Complete(complete_response(
            404,
            "application/json",
            None,
            json!({ "error": { "message": message, "type": "invalid_request_error" } })
                .to_string()
                .as_bytes(),
        )))
    };
    lock(&shared.requests).push(request);

    let open = OpenGuard::new(&shared);
    let (mut reader, mut writer) = socket.split();
    let served = tokio::select! {
        biased;
        written = respond(&plan, &shared.gate, &mut writer) => written.is_ok(),
        () = client_gone(&mut reader) => false,
    };
    drop(open);
    if !served {
        shared.cancels.fetch_add(1, Ordering::SeqCst);
        shared.cancel_permits.add_permits(1);
        return;
    }
    // Half-close, then let the client read to the end and close first, so that the kernel
    // never turns our close into a reset while the client still reads.
    let _ = writer.shutdown().await;
    let _ = tokio::time::timeout(Duration::from_secs(1), client_gone(&mut reader)).await;
}

/// Returns when the client closed its side or the connection failed.
async fn client_gone(reader: &mut ReadHalf<'_>) {
    let mut buf = [0u8; 512];
    loop {
        match reader.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

/// Writes the plan; returns only when the fake is done with the connection (never for
/// [`Plan::Hang`], [`End::Hang`] and [`Plan::KeepAlive`]).
async fn respond<W: AsyncWrite + Unpin>(
    plan: &Plan,
    gate: &Semaphore,
    writer: &mut W,
) -> std::io::Result<()> {
    match plan {
        Plan::Complete(bytes) => writer.write_all(bytes).await,
        Plan::Hang => std::future::pending().await,
        Plan::KeepAlive { frame, interval } => {
            writer.write_all(STREAM_HEAD).await?;
            loop {
                writer.write_all(frame).await?;
                tokio::time::sleep(*interval).await;
            }
        }
        Plan::Stream { steps, end } => {
            writer.write_all(STREAM_HEAD).await?;
            for step in steps {
                if step.gated
                    && let Ok(permit) = gate.acquire().await
                {
                    permit.forget();
                }
                for _ in 0..step.times {
                    if !step.delay.is_zero() {
                        tokio::time::sleep(step.delay).await;
                    }
                    writer.write_all(&step.frame).await?;
                }
            }
            match end {
                End::Finish => writer.write_all(LAST_CHUNK).await,
                End::Close => Ok(()),
                End::Hang => std::future::pending().await,
            }
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Reads one request: the head, then `Content-Length` bytes of body. `None` when the client
/// went away first or sent something too large or unreadable.
async fn read_request(socket: &mut TcpStream) -> Option<ReceivedRequest> {
    let mut buf = Vec::with_capacity(4096);
    let mut searched = 0;
    let head_len = loop {
        if let Some(at) = find(&buf[searched..], b"\r\n\r\n") {
            break searched + at + 4;
        }
        searched = buf.len().saturating_sub(3);
        if buf.len() > MAX_HEAD_BYTES {
            return None;
        }
        if socket.read_buf(&mut buf).await.ok()? == 0 {
            return None;
        }
    };
    let head = std::str::from_utf8(&buf[..head_len]).ok()?;
    let mut lines = head.split("\r\n");
    let mut request_line = lines.next()?.split(' ');
    let method = request_line.next()?.to_owned();
    let path = request_line.next()?.to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let length = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .map_or(Some(0), |(_, v)| v.parse::<usize>().ok())?;
    if length > MAX_BODY_BYTES {
        return None;
    }
    let mut body = buf.split_off(head_len);
    body.reserve(length.saturating_sub(body.len()));
    while body.len() < length {
        if socket.read_buf(&mut body).await.ok()? == 0 {
            return None;
        }
    }
    body.truncate(length);
    let body = serde_json::from_slice(&body)
        .unwrap_or_else(|_| serde_json::Value::String(String::from_utf8_lossy(&body).into_owned()));
    Some(ReceivedRequest {
        method,
        path,
        headers,
        body,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use tokio::time::Instant;

    /// When each marker first appeared in what the scenario's plan wrote, in (paused, virtual)
    /// time since the start.
    async fn timeline(scenario: Scenario, markers: &[&str]) -> Vec<Duration> {
        let plan = Plan::compile(&scenario);
        let (mut client, mut server) = tokio::io::duplex(64 * 1024);
        let begun = Instant::now();
        tokio::spawn(async move {
            let _ = respond(&plan, &Semaphore::new(0), &mut server).await;
        });
        let mut seen = String::new();
        let mut at = vec![None; markers.len()];
        let mut buf = vec![0u8; 4096];
        while at.iter().any(Option::is_none) {
            let n = client.read(&mut buf).await.unwrap();
            assert!(n > 0, "the plan ended before {markers:?}: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
            for (i, marker) in markers.iter().enumerate() {
                if at[i].is_none() && seen.contains(marker) {
                    at[i] = Some(begun.elapsed());
                }
            }
        }
        at.into_iter().map(Option::unwrap).collect()
    }

    #[tokio::test(start_paused = true)]
    async fn delays_are_kept() {
        let at = timeline(
            Scenario::Answer {
                reasoning: vec!["r".into()],
                content: vec!["a".into(), "b".into()],
                first_delay: Duration::from_millis(300),
                gap: Duration::from_millis(50),
                usage: None,
            },
            &[
                "200 OK",
                "\"role\"",
                "\"reasoning_content\":\"r\"",
                "\"content\":\"a\"",
                "\"content\":\"b\"",
                "\"finish_reason\":\"stop\"",
                "[DONE]",
            ],
        )
        .await;
        let ms = |n| Duration::from_millis(n);
        // Headers and the role chunk at once; the first token after `first_delay`, the others
        // and the finish `gap` apart; `[DONE]` right after the finish.
        assert_eq!(
            at,
            [ms(0), ms(0), ms(300), ms(350), ms(400), ms(450), ms(450)]
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_gated_answer_sends_the_rest_only_once_released() {
        let plan = Plan::compile(&Scenario::Gated {
            before: vec!["one".into()],
            after: vec!["two".into()],
        });
        let (mut client, mut server) = tokio::io::duplex(64 * 1024);
        let gate = Arc::new(Semaphore::new(0));
        let writer_gate = gate.clone();
        let writer = tokio::spawn(async move {
            respond(&plan, &writer_gate, &mut server).await.unwrap();
        });
        let mut seen = String::new();
        let mut buf = vec![0u8; 4096];
        while !seen.contains("\"content\":\"one\"") {
            let n = client.read(&mut buf).await.unwrap();
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
        // Paused time: an hour passes at once while the writer waits at the gate.
        tokio::time::sleep(Duration::from_secs(3600)).await;
        assert!(!writer.is_finished());
        assert!(!seen.contains("two"));
        gate.add_permits(1);
        writer.await.unwrap();
        let mut rest = String::new();
        client.read_to_string(&mut rest).await.unwrap();
        let two = rest.find("\"content\":\"two\"").unwrap();
        let stop = rest.find("\"finish_reason\":\"stop\"").unwrap();
        let done = rest.find("[DONE]").unwrap();
        assert!(two < stop && stop < done, "{rest}");
        assert!(rest.ends_with("0\r\n\r\n"), "{rest}");
    }
}
