//! The public plaza (docs/plaza.md): posts of text and up to nine images, each with an
//! optional district; likes that count once per person; flat comments, newest last; a feed
//! ordered newest first whose cursor stays stable while new posts arrive.
//!
//! - [`model`]: posts, comments and the rules of their text.
//! - [`ports`]: where posts live ([`ports::PostRepository`]).
//! - [`service`]: the use cases — who may post, like, comment and delete, the per-user rates,
//!   moderation (audited), and [`service::PlazaMediaAccess`], the plaza's answer to "who may read
//!   this image".
//!
//! Pure domain: no adapter, web framework or database library.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::PlazaError;
pub use model::{
    Comment, CommentId, DistrictRef, EditOutcome, Post, PostId, PostImage, PostText, TextVersion,
};
pub use service::{
    NewPostInput, PlazaMediaAccess, PlazaPolicy, PlazaPorts, PlazaService, ReadableAmong,
};
