//! Stored images for the `media` domain's ports, with real technology: [`FsMediaStore`] (a
//! local folder) and [`S3MediaStore`] (an S3-compatible bucket) implement `MediaStore` through
//! `object_store`; [`ImageWorkers`] implements `ImageProcessor` with the `image` crate —
//! content sniffing, a pixel limit judged from the header before decoding, the EXIF orientation
//! applied, metadata (EXIF, GPS) dropped by re-encoding, a JPEG thumbnail — on at most
//! `concurrency` blocking threads at once, so a burst of uploads cannot exhaust memory.

mod images;
mod store;

pub use images::{ImageWorkerSettings, ImageWorkers};
pub use store::{FsMediaStore, S3MediaStore, S3Settings, is_unreachable};
