//! sea-orm entities. Private to the crate: repositories convert them to domain types.

pub mod audit_events;
pub mod personal_access_tokens;
pub mod sessions;
pub mod users;
pub mod verification_codes;
pub mod wechat_access_tokens;
pub mod wechat_menu_versions;
