//! Administrative divisions of China (GB/T 2260), the vocabulary the plaza's weather map and the
//! admin console's district pages share (docs/plaza.md):
//!
//! - [`model`]: a [`model::DistrictCode`] is six digits whose shape says its level (`110000` a
//!   province, `110100` a city, `110101` a county) and its parent; a [`model::District`] has names
//!   in zh and en, the coordinates of its seat and, for a province, a place on the tile map.
//! - [`provinces`]: the 34 provincial-level divisions the migrations ship.
//! - [`import`]: an import is planned before it is applied: every line is added, changed, left
//!   as it is or refused with its reason, and only a plan that refuses nothing may be applied.
//! - [`format`]: the CSV and JSON files of an import and an export, read with each line's place
//!   in the file.
//! - [`service`]: the use cases — browse, search, add, edit (audited), import (a dry run, then
//!   all or nothing, audited) and export.
//!
//! Pure domain: no adapter, web framework or database library.

pub mod error;
pub mod format;
pub mod import;
pub mod model;
pub mod ports;
pub mod provinces;
pub mod service;

pub use error::DistrictsError;
pub use model::{District, DistrictCode, Level, TilePosition};
pub use service::{DistrictsPorts, DistrictsService};
