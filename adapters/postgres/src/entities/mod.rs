//! sea-orm entities. Private to the crate: repositories convert them to domain types.

pub mod article_replies;
pub mod articles;
pub mod audit_events;
pub mod districts;
pub mod group_join_requests;
pub mod group_memberships;
pub mod groups;
pub mod media;
pub mod personal_access_tokens;
pub mod plaza_comments;
pub mod plaza_likes;
pub mod plaza_post_images;
pub mod plaza_posts;
pub mod sessions;
pub mod username_holds;
pub mod users;
pub mod verification_codes;
pub mod weather_cache;
pub mod wechat_access_tokens;
pub mod wechat_menu_versions;
