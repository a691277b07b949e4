//! Stored images (docs/groups.md, "Media"): an upload is judged by its content, re-encoded
//! without metadata, thumbnailed, kept in a [`ports::MediaStore`] and described by a row in a
//! [`ports::MediaRepository`]. Every object has a row and every row its objects: a row is
//! written `pending` before its objects and removed after them, and [`MediaService::sweep`]
//! finishes whatever a crash interrupted.
//!
//! Who may read a file is not this crate's business: [`ports::MediaAccess`] asks the domain
//! that owns the file's context (a group, later the plaza). Pure domain: no adapter, web
//! framework, database, image or storage library.

pub mod error;
#[cfg(any(test, feature = "mocks"))]
pub mod memory;
pub mod model;
pub mod ports;
pub mod service;

pub use model::catalog;

pub use catalog::{CatalogEntry, CatalogFilter, OwnerRef, StorageUsage};
pub use error::MediaError;
pub use model::{ImageFormat, Media, MediaKind, MediaState, UnpublishedImages, Variant};
pub use service::admin::{AdminAction, MediaAdminService};
pub use service::{
    KeptUploads, MAX_KEEP_PER_CALL, MediaPolicy, MediaPorts, MediaService, NewUpload, StoredFile,
};
