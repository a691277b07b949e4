//! Personal access tokens of the signed-in user (`/api/tokens/*`, the developer portal's
//! `/developers/pat`). A browser session only: a token cannot make, list or revoke tokens.

pub mod dto;
pub mod handlers;
