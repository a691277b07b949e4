//! Stored images (`/api/media/*`): served with their content type, `nosniff`, a long public
//! cache for files anyone may read and `private, no-store` for the rest; the owning domain
//! decides who may read a file (a private group's files: its active members only).

pub mod dto;
pub mod handlers;
