//! sea-orm entities. Private to the crate: repositories convert them to domain types.

pub mod sessions;
pub mod users;
