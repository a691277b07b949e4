//! What the media use cases can refuse.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum MediaError {
    /// Not a JPEG, PNG, WebP or GIF by its content (whatever its name says).
    #[error("only JPEG, PNG, WebP and GIF images are accepted")]
    UnsupportedType,
    /// More bytes than an upload may have.
    #[error("an image may have at most {max_bytes} bytes")]
    TooLarge { max_bytes: u64 },
    /// More pixels than an image may have (decompression bombs end here).
    #[error("an image may have at most {max_pixels} pixels")]
    TooManyPixels { max_pixels: u64 },
    /// An animation whose frames × canvas pixels pass the bound (a browser would decode them
    /// all to show it).
    #[error("an animation may have at most {max_pixels} pixels over all its frames")]
    AnimationTooLarge { max_pixels: u64 },
    /// The bytes start like an image but do not decode.
    #[error("the image is damaged and cannot be read")]
    Corrupt,
    /// The user's stored images would exceed their quota.
    #[error("storage quota of {quota_bytes} bytes exceeded")]
    QuotaExceeded { quota_bytes: u64 },
    /// Too many uploads in the window.
    #[error("too many uploads; retry in {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    /// Every image worker is busy and none freed up in time.
    #[error("image processing is busy; retry in {retry_after_secs} s")]
    Busy { retry_after_secs: u64 },
    /// A date range whose end is not after its start (the admin gallery's filter).
    #[error("the end of the date range must come after its start")]
    InvalidRange,
    /// More uploads in one "keep" call than it takes ([`crate::service::MAX_KEEP_PER_CALL`]).
    #[error("at most {max} uploads may be kept at once")]
    TooManyToKeep { max: usize },
    /// No such file, or one the asker may not read (the same answer, so nothing leaks).
    #[error("no such file")]
    NotFound,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
