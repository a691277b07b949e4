//! Sign-in: username registration and login, phone + SMS code, WeChat, logout, password change,
//! session status and the list of signed-in devices.

pub mod dto;
pub mod handlers;
pub mod phone;
pub mod reauth;
pub mod wechat;
