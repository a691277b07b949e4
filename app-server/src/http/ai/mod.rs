//! The AI assistant (`/api/ai/*`): the models on offer and the streamed chat.

pub mod dto;
pub mod handlers;
mod stream;
