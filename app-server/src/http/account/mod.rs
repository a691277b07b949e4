//! The signed-in user's own account (`/api/account/*`): binding or changing the phone number.

pub mod dto;
pub mod handlers;
