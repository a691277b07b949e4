//! What the plaza use cases can refuse.

use media::MediaError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum PlazaError {
    /// A post has at most 2000 characters, and text or at least one image.
    #[error("a post has text of at most 2000 characters or at least one image")]
    InvalidBody,
    #[error("a comment has 1 to 500 characters")]
    InvalidComment,
    /// The text holds words of the operator's list that refuse it (each as written).
    #[error("the text holds words that cannot be published")]
    WordsRefused(Vec<String>),
    #[error("a post has at most 9 images")]
    TooManyImages,
    /// An image that is not the poster's own unused plaza upload (or the same image twice).
    #[error("an image cannot be used in this post")]
    ImageNotUsable,
    /// A district code that is malformed or not in the districts table.
    #[error("no such district")]
    UnknownDistrict,
    /// No such post or comment.
    #[error("not found")]
    NotFound,
    /// A reason for removing someone's post or comment longer than 200 characters.
    #[error("a reason has at most 200 characters")]
    InvalidReason,
    /// A block stands between the writer and the one whose post they answer or like, or whom
    /// they mention (either of them blocked the other).
    #[error("blocked")]
    Blocked,
    /// Neither the author nor an administrator.
    #[error("not allowed")]
    NotAllowed,
    #[error("too many attempts; retry in {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
