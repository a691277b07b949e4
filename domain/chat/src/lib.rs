//! The AI assistant (spec §2.5, §4.5, §7; product design "AI assistant").
//!
//! A chat turn is a list of user/assistant messages sent to a language model whose answer
//! streams back as reasoning and content deltas. This crate owns what a valid request is, the
//! limits every requester lives under (concurrent streams, request rate, daily token quota —
//! all kept in shared storage, never in process memory) and the deadlines of a stream (time to
//! first token, total duration). It reaches the model and the storage only through [`ports`];
//! it must never depend on an adapter, on actix-web, on sea-orm or on the wall clock.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::{ChatError, LlmError};
pub use model::{ChatEvent, ChatMessage, ChatRequest, ChatRole, ModelCatalog, TokenUsage};
pub use service::{ChatPolicy, ChatPorts, ChatService, ChatTurn, Requester};
