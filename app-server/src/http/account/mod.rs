//! The signed-in user's own account (`/api/account/*`): binding or changing the phone number,
//! the profile (nickname, username, bio, avatar), the saved appearance and the basics.

pub mod dto;
pub mod handlers;
