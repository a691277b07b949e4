//! Why a district use case failed: the one error enum of the crate. It imports nothing of the
//! crate (the model returns it), so the limits in its messages are written out: they are
//! `District::MAX_NAME_ZH`, `MAX_NAME_EN` and `TilePosition::SIZE` (a test in `model` holds
//! them together).

use thiserror::Error;

/// Why a district use case failed. The first six variants are the field rules a district keeps
/// (each a stable code, [`DistrictsError::rule_code`]); an import refuses a line with one of them.
#[derive(Debug, Error)]
pub enum DistrictsError {
    #[error("a district code is six digits (GB/T 2260), e.g. 110000")]
    InvalidCode,
    #[error("a Chinese name has 1 to 40 characters")]
    InvalidNameZh,
    #[error("an English name has 1 to 80 characters")]
    InvalidNameEn,
    #[error("latitude is between -90 and 90, longitude between -180 and 180")]
    InvalidCoordinates,
    #[error("only a province has a place on the tile map, within 16×16")]
    InvalidTile,
    /// Adding (or importing) a district whose parent does not exist.
    #[error("its parent district {0} does not exist")]
    MissingParent(String),
    #[error("no such district")]
    NotFound,
    #[error("a district with this code exists already")]
    AlreadyExists,
    #[error("an import has at most {max} lines")]
    TooManyRows { max: usize },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl DistrictsError {
    /// The stable snake_case code of a broken field rule (an import's refusal of a line says
    /// it); `None` for a failure that is no field's rule.
    pub fn rule_code(&self) -> Option<&'static str> {
        match self {
            Self::InvalidCode => Some("invalid_code"),
            Self::InvalidNameZh => Some("invalid_name_zh"),
            Self::InvalidNameEn => Some("invalid_name_en"),
            Self::InvalidCoordinates => Some("invalid_coordinates"),
            Self::InvalidTile => Some("invalid_tile"),
            Self::MissingParent(_) => Some("missing_parent"),
            Self::NotFound
            | Self::AlreadyExists
            | Self::TooManyRows { .. }
            | Self::Unexpected(_) => None,
        }
    }
}

/// Equal when the same rule is broken with the same detail; an unexpected failure equals
/// nothing (an import's refusals and the tests compare field rules).
impl PartialEq for DistrictsError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Unexpected(_), _) | (_, Self::Unexpected(_)) => false,
            (Self::MissingParent(a), Self::MissingParent(b)) => a == b,
            (Self::TooManyRows { max: a }, Self::TooManyRows { max: b }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}
