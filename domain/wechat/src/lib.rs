//! The WeChat official account as the admin console sees it.
//!
//! This crate owns the custom menu (its model and WeChat's rules for it), the central
//! access-token cache (one token for every server instance, refreshed ahead of expiry by one
//! instance at a time) and the published menu versions. It talks to WeChat and to storage only
//! through the traits in [`ports`]; it must never depend on an adapter, on actix-web, on
//! sea-orm, on the wall clock or on randomness.
//!
//! The use cases are two services ([`service`]): [`service::AccessTokenService`] (the lease) and
//! [`service::MenuService`] (the menu, which calls WeChat through the token service).
//!
//! Signing in with WeChat (OAuth) belongs to the accounts crate.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use model::{access_token, menu};

pub use error::WechatError;
