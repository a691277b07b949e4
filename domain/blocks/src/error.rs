//! Why a blocks use case failed: the one error enum of the crate.

use thiserror::Error;

/// Why a blocks use case failed.
#[derive(Debug, Error)]
pub enum BlocksError {
    /// Nobody blocks or mutes themselves.
    #[error("one cannot block or mute oneself")]
    OwnAccount,
    /// The person to block or mute has no account.
    #[error("no such person")]
    NoSuchPerson,
    /// Neither blocked nor muted: nothing to undo.
    #[error("this person is neither blocked nor muted")]
    NotListed,
    /// A kind other than `block` and `mute`.
    #[error("the kind is block or mute")]
    InvalidKind,
    /// The lists hold at most this many people, both kinds together.
    #[error("at most {max} people blocked and muted")]
    TooMany { max: u32 },
    #[error("too many attempts; retry in {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Equal when the same rule is broken; an unexpected failure equals nothing.
impl PartialEq for BlocksError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Unexpected(_), _) | (_, Self::Unexpected(_)) => false,
            (Self::TooMany { max: a }, Self::TooMany { max: b }) => a == b,
            (
                Self::RateLimited {
                    retry_after_secs: a,
                },
                Self::RateLimited {
                    retry_after_secs: b,
                },
            ) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}
