//! Username registration and login, logout, password change, session status and the list of
//! signed-in devices.

pub mod dto;
pub mod handlers;
