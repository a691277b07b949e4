//! The admin console's API. Every handler takes an [`AdminUser`](crate::http::extract::AdminUser):
//! 401 when signed out, 403 for everyone who is not an admin.

pub mod dto;
pub mod handlers;
pub mod media;
pub mod media_dto;
