//! Finding things (docs/search.md): plaza posts, published articles and their replies, groups
//! and people, in Chinese and English.
//!
//! - [`analysis`]: what the index and a query see of a text — folded, traditional characters
//!   simplified, Chinese as characters and pairs of neighbours, English words stemmed.
//! - [`model`]: what is searched ([`SearchKind`], [`Filters`]) and found ([`Hit`]), and the
//!   changes that keep the index in step ([`model::Pending`], [`model::Indexed`]).
//! - [`ports`]: [`SearchIndex`], the one port every engine sits behind.
//! - [`service`]: [`SearchService`] — a search (with the matched words marked in an excerpt)
//!   and the drain of the outbox of changes.
//!
//! Pure domain: no adapter, web framework or database library.

pub mod analysis;
pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::SearchError;
pub use model::{Filters, Found, Hit, SearchKind, Segment, Since};
pub use ports::SearchIndex;
pub use service::{SearchRequest, SearchService};
