//! The media area answers files, not JSON bodies; this file names the one body its document
//! lists besides errors.

use utoipa::ToSchema;

/// An image's bytes.
#[derive(Debug, ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ImageFile(pub Vec<u8>);
