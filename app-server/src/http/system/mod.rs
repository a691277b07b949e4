//! The system area (`/api/health`, `/api/docs.json`): whether the server and its database
//! answer, and the API's own description.

pub mod dto;
pub mod handlers;
