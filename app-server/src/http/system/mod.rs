//! The system area (`/api/health`, `/api/docs.json`): whether the server and its database
//! answer, and the API's own description.

pub mod dto;
pub mod handlers;

use crate::http::area::{Area, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct System;

impl Area for System {
    const NAME: &'static str = "system";

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::health)
            .service(handlers::openapi_json)
    }
}
