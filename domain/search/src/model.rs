//! What is searched and what a search finds.

use chrono::{DateTime, Duration, Utc};
use districts::DistrictCode;
use kernel::{Cursor, Person};
use uuid::Uuid;

/// What a search looks through: one tab of the results page each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchKind {
    /// Plaza posts.
    Posts,
    /// Published articles of the groups the viewer may read.
    Articles,
    /// Replies to those articles.
    Replies,
    /// Groups the directory shows the viewer.
    Groups,
    /// People (their username, nickname and bio), not disabled accounts.
    People,
}

impl SearchKind {
    pub const ALL: [Self; 5] = [
        Self::Posts,
        Self::Articles,
        Self::Replies,
        Self::Groups,
        Self::People,
    ];

    /// The stable name an index keeps a document under.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Posts => "post",
            Self::Articles => "article",
            Self::Replies => "reply",
            Self::Groups => "group",
            Self::People => "person",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw)
    }

    /// Whether its texts are Markdown (read as plain text).
    pub fn is_markdown(self) -> bool {
        matches!(self, Self::Articles | Self::Replies)
    }
}

/// How far back a search looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    Day,
    Week,
    Month,
    Year,
}

impl Since {
    pub fn span(self) -> Duration {
        match self {
            Self::Day => Duration::days(1),
            Self::Week => Duration::days(7),
            Self::Month => Duration::days(30),
            Self::Year => Duration::days(365),
        }
    }
}

/// What narrows a search; each applies to the kinds it names and is ignored by the others.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters {
    /// Posts: tagged with this district or one within it (as the plaza's feed).
    pub district: Option<DistrictCode>,
    /// Posts, articles and replies: written at or after this time.
    pub since: Option<DateTime<Utc>>,
    /// Articles and replies: of this group.
    pub group: Option<Uuid>,
}

/// A thing found, named (a group, an article).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub id: Uuid,
    pub name: String,
}

/// A post's district, named in zh and en.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
}

/// One item an index found, as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub id: Uuid,
    /// When it was written (an article: published); results come newest first.
    pub created_at: DateTime<Utc>,
    /// Its author; a group's owner; for a person, the person.
    pub author: Person,
    /// An article's title, a group's name, a person's nickname.
    pub title: Option<String>,
    /// A post's, an article's or a reply's text (Markdown for the last two), a group's
    /// description, a person's bio.
    pub text: String,
    /// The group of an article or a reply.
    pub group: Option<Named>,
    /// The article of a reply.
    pub article: Option<Named>,
    /// A post's district.
    pub district: Option<Place>,
}

impl Found {
    /// Its place in the results (newest first: time, then id).
    pub fn cursor(&self) -> Cursor {
        Cursor::new(self.created_at, self.id)
    }
}

/// A stretch of shown text, matched by the query or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub text: String,
    pub hit: bool,
}

/// One result: what was found, with its title and an excerpt around the first match, cut
/// into segments with the matched words marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub kind: SearchKind,
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub author: Person,
    pub title: Option<Vec<Segment>>,
    pub excerpt: Vec<Segment>,
    pub group: Option<Named>,
    pub article: Option<Named>,
    pub district: Option<Place>,
}

/// A change waiting to reach the index: an item written, edited or deleted (its source
/// `None`), in the order of `seq`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub seq: i64,
    pub kind: SearchKind,
    pub id: Uuid,
    pub source: Option<Source>,
}

/// The texts an item is found by, as they are now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// A title and a body, a username, a nickname and a bio …
    pub texts: Vec<String>,
    pub created_at: DateTime<Utc>,
}

/// What the index is to keep of a change: a document, or (`None`) nothing. An index keeps a
/// document only over one of a smaller `seq`: a slower instance's older text never replaces a
/// newer one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexed {
    pub seq: i64,
    pub kind: SearchKind,
    pub id: Uuid,
    pub document: Option<Document>,
}

/// An item's terms ([`crate::analysis::index_terms`]) and its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub terms: Vec<String>,
    pub created_at: DateTime<Utc>,
}
