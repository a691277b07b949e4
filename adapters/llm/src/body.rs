//! A guard between the response body and the SSE parser.
//!
//! eventsource-stream 0.2.3 keeps a multi-byte character split across two chunks until the
//! rest arrives (verified in its `Utf8Stream`, and by this crate's tests), but it also keeps
//! *invalid* bytes that way: it would wait for the end of the body before reporting them, and
//! buffer everything that follows. A line without an end grows its buffer without bound too.
//! This guard reports both as soon as it sees them, so garbage ends the stream at once and the
//! memory a stream holds stays bounded.

use futures_util::Stream;
use std::fmt;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

/// The longest line (bytes between two line ends) a stream may send.
pub(crate) const MAX_LINE_BYTES: usize = 1024 * 1024;

#[derive(Debug)]
pub(crate) enum BodyError {
    Transport(reqwest::Error),
    InvalidUtf8 { offset: u64 },
    LineTooLong,
}

impl fmt::Display for BodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BodyError::Transport(e) => write!(f, "{e}"),
            BodyError::InvalidUtf8 { offset } => {
                write!(f, "the stream is not valid UTF-8 (byte {offset})")
            }
            BodyError::LineTooLong => {
                write!(
                    f,
                    "a line of the stream is longer than {MAX_LINE_BYTES} bytes"
                )
            }
        }
    }
}

/// Passes the body's chunks on unchanged, or the first problem and then nothing.
pub(crate) struct GuardedBody<S> {
    inner: S,
    /// The start of a character the last chunk ended in (at most 3 bytes).
    carry: Vec<u8>,
    /// Bytes since the last line end.
    line: usize,
    /// Bytes seen so far.
    offset: u64,
    failed: bool,
}

impl<S> GuardedBody<S> {
    pub(crate) fn new(inner: S) -> Self {
        Self {
            inner,
            carry: Vec::new(),
            line: 0,
            offset: 0,
            failed: false,
        }
    }

    fn check(&mut self, chunk: &[u8]) -> Result<(), BodyError> {
        let joined;
        let (bytes, start) = if self.carry.is_empty() {
            (chunk, self.offset)
        } else {
            joined = [self.carry.as_slice(), chunk].concat();
            (joined.as_slice(), self.offset - self.carry.len() as u64)
        };
        match std::str::from_utf8(bytes) {
            Ok(_) => self.carry.clear(),
            // Only the end is incomplete: keep it for the next chunk.
            Err(e) if e.error_len().is_none() => self.carry = bytes[e.valid_up_to()..].to_vec(),
            Err(e) => {
                return Err(BodyError::InvalidUtf8 {
                    offset: start + e.valid_up_to() as u64,
                });
            }
        }
        self.offset += chunk.len() as u64;
        match chunk.iter().rposition(|&b| b == b'\n' || b == b'\r') {
            Some(end) => self.line = chunk.len() - end - 1,
            None => self.line += chunk.len(),
        }
        if self.line > MAX_LINE_BYTES {
            return Err(BodyError::LineTooLong);
        }
        Ok(())
    }
}

impl<S, B> Stream for GuardedBody<S>
where
    S: Stream<Item = Result<B, reqwest::Error>> + Unpin,
    B: AsRef<[u8]>,
{
    type Item = Result<B, BodyError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.failed {
            return Poll::Ready(None);
        }
        let item = match ready!(Pin::new(&mut this.inner).poll_next(cx)) {
            None => return Poll::Ready(None),
            Some(Err(e)) => Err(BodyError::Transport(e)),
            Some(Ok(chunk)) => this.check(chunk.as_ref()).map(|()| chunk),
        };
        this.failed = item.is_err();
        Poll::Ready(Some(item))
    }
}
