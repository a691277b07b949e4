//! The official account as the product knows it: the custom menu with WeChat's rules for it,
//! and WeChat's access token as issued and as cached.

pub mod access_token;
pub mod menu;
