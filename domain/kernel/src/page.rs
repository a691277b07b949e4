//! Cursor pagination, the one way every list is read (docs/api.md, "Lists").
//!
//! A list is ordered by a time and an id, newest first unless the list says otherwise; a
//! [`Cursor`] is the position of the last item of a page, and the next page starts strictly
//! after it. Keyset paging, never `OFFSET`: a page costs the same however deep it is, and an
//! item inserted meanwhile neither repeats nor vanishes.

use chrono::{DateTime, TimeZone, Utc};
use uuid::Uuid;

/// The position after which the next page starts: the sort time and id of the last item seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub at: DateTime<Utc>,
    pub id: Uuid,
}

impl Cursor {
    pub fn new(at: DateTime<Utc>, id: Uuid) -> Self {
        Self { at, id }
    }

    /// The opaque text form clients pass back: `<unix microseconds>.<id as 32 hex digits>`.
    pub fn encode(&self) -> String {
        format!("{}.{}", self.at.timestamp_micros(), self.id.simple())
    }

    /// Parses what [`Cursor::encode`] wrote; `None` for anything else.
    pub fn decode(raw: &str) -> Option<Self> {
        let (micros, id) = raw.split_once('.')?;
        if micros.is_empty() || micros.len() > 20 || id.len() != 32 {
            return None;
        }
        let micros: i64 = micros.parse().ok()?;
        let at = Utc.timestamp_micros(micros).single()?;
        let id = Uuid::try_parse(id).ok()?;
        Some(Self { at, id })
    }
}

/// What a caller asks of a list: where to start and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub after: Option<Cursor>,
    /// Always within `1..=PageRequest::MAX_LIMIT`.
    limit: u32,
}

impl PageRequest {
    /// Items a page holds when the caller does not say.
    pub const DEFAULT_LIMIT: u32 = 20;
    /// The most items one page may hold.
    pub const MAX_LIMIT: u32 = 50;

    /// A request with `limit` clamped into `1..=MAX_LIMIT` (`None`: the default).
    pub fn new(after: Option<Cursor>, limit: Option<u32>) -> Self {
        let limit = limit
            .unwrap_or(Self::DEFAULT_LIMIT)
            .clamp(1, Self::MAX_LIMIT);
        Self { after, limit }
    }

    /// The first page with `limit` items.
    pub fn first(limit: u32) -> Self {
        Self::new(None, Some(limit))
    }

    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// How many rows an adapter fetches: one more than the page, to know whether another
    /// page follows.
    pub fn fetch_limit(&self) -> u64 {
        u64::from(self.limit) + 1
    }
}

/// One page of a list and where the next one starts (`None`: this was the last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<Cursor>,
}

impl<T> Page<T> {
    /// Cuts what an adapter fetched (up to [`PageRequest::fetch_limit`] rows, in list order)
    /// into a page: with one row too many, the next page starts after the last row kept.
    pub fn from_fetched(mut rows: Vec<T>, req: PageRequest, key: impl Fn(&T) -> Cursor) -> Self {
        let limit = req.limit() as usize;
        let next = if rows.len() > limit {
            rows.truncate(limit);
            rows.last().map(&key)
        } else {
            None
        };
        Self { items: rows, next }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_round_trips_and_refuses_anything_else() {
        let c = Cursor::new(
            Utc.timestamp_micros(1_764_000_000_123_456).unwrap(),
            Uuid::new_v4(),
        );
        assert_eq!(Cursor::decode(&c.encode()), Some(c));
        for bad in [
            "",
            ".",
            "12",
            "abc.0123456789abcdef0123456789abcdef",
            "1.0123",
            "1.0123456789abcdef0123456789abcdeg",
            "99999999999999999999999.0123456789abcdef0123456789abcdef",
        ] {
            assert_eq!(Cursor::decode(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn limits_are_clamped_into_the_cap() {
        assert_eq!(PageRequest::new(None, None).limit(), 20);
        assert_eq!(PageRequest::new(None, Some(0)).limit(), 1);
        assert_eq!(PageRequest::new(None, Some(10_000)).limit(), 50);
        assert_eq!(PageRequest::new(None, Some(7)).fetch_limit(), 8);
    }

    #[test]
    fn one_row_too_many_means_another_page_after_the_last_kept() {
        let req = PageRequest::first(2);
        let t = Utc.timestamp_micros(0).unwrap();
        let ids: Vec<Uuid> = (0..3).map(|_| Uuid::new_v4()).collect();
        let page = Page::from_fetched(ids.clone(), req, |id| Cursor::new(t, *id));
        assert_eq!(page.items, ids[..2].to_vec());
        assert_eq!(page.next, Some(Cursor::new(t, ids[1])));
        let last = Page::from_fetched(ids[..2].to_vec(), req, |id| Cursor::new(t, *id));
        assert_eq!(last.next, None);
    }
}
