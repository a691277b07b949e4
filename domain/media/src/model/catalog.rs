//! The admin gallery's view of the stored files: every row of every kind, filtered, with who
//! owns it and what shows it, and the storage they take together.

use crate::error::MediaError;
use crate::model::{Media, MediaKind};
use chrono::{DateTime, Utc};
use kernel::{GroupId, UserId};

/// Which files the admin gallery lists; every part optional, all of them together (AND).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CatalogFilter {
    kind: Option<MediaKind>,
    owner: Option<UserId>,
    group: Option<GroupId>,
    /// Created at or after.
    from: Option<DateTime<Utc>>,
    /// Created before.
    until: Option<DateTime<Utc>>,
}

impl CatalogFilter {
    /// A filter; `from` is inclusive and `until` exclusive.
    ///
    /// # Errors
    /// `InvalidRange` when `until` is not after `from`.
    pub fn new(
        kind: Option<MediaKind>,
        owner: Option<UserId>,
        group: Option<GroupId>,
        from: Option<DateTime<Utc>>,
        until: Option<DateTime<Utc>>,
    ) -> Result<Self, MediaError> {
        if let (Some(f), Some(u)) = (from, until)
            && u <= f
        {
            return Err(MediaError::InvalidRange);
        }
        Ok(Self {
            kind,
            owner,
            group,
            from,
            until,
        })
    }

    pub fn kind(&self) -> Option<MediaKind> {
        self.kind
    }
    pub fn owner(&self) -> Option<UserId> {
        self.owner
    }
    pub fn group(&self) -> Option<GroupId> {
        self.group
    }
    pub fn from(&self) -> Option<DateTime<Utc>> {
        self.from
    }
    pub fn until(&self) -> Option<DateTime<Utc>> {
        self.until
    }

    /// Whether `media` passes (the in-memory model of what an adapter's query selects).
    pub fn matches(&self, media: &Media) -> bool {
        self.kind.is_none_or(|k| media.kind == k)
            && self.owner.is_none_or(|o| media.owner == o)
            && self.group.is_none_or(|g| media.group == Some(g))
            && self.from.is_none_or(|f| media.created_at >= f)
            && self.until.is_none_or(|u| media.created_at < u)
    }
}

/// A file's owner as the admin gallery names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnerRef {
    pub id: UserId,
    pub username: String,
    pub nickname: String,
}

/// One file of the admin gallery: its row, its owner, and what shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    pub media: Media,
    pub owner: OwnerRef,
    /// The name of the group it belongs to (`None`: no group, or the group is gone).
    pub group_name: Option<String>,
    /// The plaza post that shows it, if one does (a plaza domain id, kept as a plain id: this
    /// crate does not know the plaza).
    pub post: Option<uuid::Uuid>,
}

/// Storage taken by every stored file, originals and thumbnails together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StorageUsage {
    pub bytes: u64,
    pub files: u64,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_range_must_end_after_it_starts() {
        let a = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
        let b = Utc.with_ymd_and_hms(2026, 11, 2, 0, 0, 0).unwrap();
        assert!(CatalogFilter::new(None, None, None, Some(a), Some(b)).is_ok());
        assert!(CatalogFilter::new(None, None, None, Some(a), None).is_ok());
        assert!(matches!(
            CatalogFilter::new(None, None, None, Some(b), Some(a)),
            Err(MediaError::InvalidRange)
        ));
        assert!(matches!(
            CatalogFilter::new(None, None, None, Some(a), Some(a)),
            Err(MediaError::InvalidRange)
        ));
    }
}
