//! Accounts: who a user is and how they prove it.
//!
//! This crate owns usernames, nicknames, passwords, users and sessions, and the use cases over
//! them ([`AccountsService`]); and the account's own profile — bio, avatar, appearance —
//! ([`ProfileService`], over the media store for the avatar's file). It talks to the world only
//! through the traits in [`ports`] (and the media domain's service); it must never depend on an
//! adapter, on actix-web, on sea-orm, on the wall clock or on randomness.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use service::{moderation, profile};

pub use error::AccountsError;
pub use profile::{AvatarMediaAccess, ProfileChange, ProfilePolicy, ProfilePorts, ProfileService};
pub use service::{
    AccountsPolicy, AccountsPorts, AccountsService, ClientContext, IssuedSession, Proof,
    Registration, SentCode, WECHAT_PROOF_MINUTES, WECHAT_STATE_MINUTES, WechatNonce, WechatProof,
    WechatRoundTrip,
};
