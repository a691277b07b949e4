//! Community groups (docs/groups.md): a group's settings and who may see it, how
//! people join (at once, by request, by invite code), roles and bans, the request history, and
//! articles — drafts, publishing, and saves that never silently overwrite each other.
//!
//! **A private group's content is for its active members only**: every read use case takes
//! the viewer and decides here, and [`GroupMediaAccess`] answers the same question for the
//! group's files (the media domain asks it). Pure domain: no adapter, web framework or
//! database library.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::GroupsError;
pub use service::{GroupMediaAccess, GroupsPolicy, GroupsPorts, GroupsService, ReadableAmong};
