//! Blocking and muting (docs/moderation.md, "Blocking and muting"): one person's entries
//! against others, each a **block** or a **mute**.
//!
//! - A block hides both ways: neither sees the other's posts, comments, replies or profile
//!   content, neither may answer, mention or like the other's writing (the areas ask
//!   [`kernel::Blocks`]), and none of either's acts tells the other.
//! - A mute only hides, one way and silently: the muted person's writing leaves the muter's
//!   lists and their acts tell the muter nothing; the muted person is refused nothing and is
//!   never told.
//!
//! - [`model`]: an entry ([`Block`]), an entry as its list shows it ([`Blocked`], with the
//!   person); [`BlockKind`] and where two people stand ([`Standing`]) are the kernel's
//!   (`kernel::blocks`), re-exported here.
//! - [`ports`]: [`ports::BlockStore`], where the entries are kept.
//! - [`service`]: [`BlocksService`] — block or mute, undo, the lists (cursor pages, one kind
//!   each), with the bound on how many one person holds and a rate.
//!
//! Pure domain: no adapter, web framework or database library. What a block hides from a list
//! is decided where the list is read (a condition in each adapter's statement); this crate
//! owns the entries and their rules.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::BlocksError;
pub use model::{Block, BlockKind, Blocked, Standing, parse_kind};
pub use service::{BlocksPolicy, BlocksPorts, BlocksService};
