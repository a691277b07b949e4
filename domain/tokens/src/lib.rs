//! Personal access tokens (docs/api.md): the secret's format, the scopes
//! a token carries, and the use cases — create, list, revoke, authenticate a request.
//!
//! Pure domain: ports ([`ports`]) and use cases ([`TokensService`]); no adapter, web framework
//! or database library.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::TokensError;
pub use service::{TokensPolicy, TokensPorts, TokensService};
