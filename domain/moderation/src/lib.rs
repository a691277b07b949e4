//! The operator's word list (docs/moderation.md): words and phrases a text must not hold, each
//! marked "refuse" or "hold for review", and the matcher every write is checked with.
//!
//! - [`kernel::fold`]: how a text and an entry are folded before they are compared — Unicode NFKC
//!   (full-width and half-width forms, circled digits, ligatures, `㈱`), lower case, and every
//!   character that is not a letter or a digit (punctuation, symbols, spaces) left out — keeping
//!   where each folded character came from in the original text.
//! - [`matcher`]: [`matcher::WordMatcher`], one Aho-Corasick automaton over the whole list: one
//!   pass over a folded text finds every entry; Latin and digit entries only as whole words of
//!   the original text, CJK anywhere. It implements [`kernel::WordFilter`].
//! - [`model`]: a [`model::Phrase`] (as listed, and its folded key that names it) and a
//!   [`model::WordEntry`].
//! - [`import`] and [`format`]: an import (CSV or TXT) is planned line by line — added, changed,
//!   unchanged or refused with its line and reason — and applied only when nothing is refused;
//!   an export imports back as "everything unchanged".
//! - [`service`]: the administrator's use cases ([`ModerationWords`], audited) and
//!   [`LiveWordFilter`], the matcher every instance keeps current by polling the list's version.
//!
//! Pure domain: no adapter, web framework or database library.

pub mod error;
pub mod format;
pub mod import;
pub mod matcher;
pub mod model;
pub mod ports;
pub mod service;

pub use error::ModerationError;
pub use matcher::WordMatcher;
pub use model::{Phrase, WordEntry};
pub use service::{LiveWordFilter, ModerationWords, WordsPorts};
