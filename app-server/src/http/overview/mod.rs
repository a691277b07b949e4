//! The admin console's first page (`GET /api/admin/overview`): how much the community holds, the
//! latest audit events and each integration's state. Admins only (the `admin` tag, and
//! [`require_admin`](crate::http::admin::require_admin) in front of every `/api/admin/…` path).

pub mod dto;
pub mod handlers;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct Overview;

impl Area for Overview {
    const NAME: &'static str = "overview";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes.service(handlers::overview)
    }
}
