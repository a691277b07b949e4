//! The admin console's API: the audit log (`handlers.rs`), the gallery (`media.rs`), disabling
//! and enabling users (`users.rs`), finding users and groups by name (`directory.rs`) and the
//! metrics for a Prometheus scraper (`metrics.rs`); the
//! overview and WeChat are areas of their own (`overview`, `wechat`). Every handler takes an [`AdminUser`](crate::http::extract::AdminUser):
//! 401 when signed out, 403 for everyone who is not an admin.

pub mod directory;
pub mod dto;
pub mod errors;
pub mod handlers;
pub mod media;
pub mod messages;
pub mod metrics;
mod openapi_zh;
mod rules;
pub mod users;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};
use crate::http::extract::AdminUser;
use actix_web::FromRequest;
use actix_web::body::BoxBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;

/// The first segment of the console's paths (`/api/admin/…`): the router's group of them is
/// where [`require_admin`] stands (`http/mod.rs`, `api_service`).
pub const SEGMENT: &str = "admin";

/// The guard in front of every `/api/admin/…` path: 401 signed out, 403 for anyone who is not
/// an admin, decided before the handler reads a body or a query — so a user never learns from
/// a 400 what an admin endpoint expects. (Each handler still takes an [`AdminUser`].) It wraps
/// the router's group of those paths, a route matched or not, so no other request passes
/// through it; inside the bearer middleware, so an admin token is judged by its user too.
pub async fn require_admin(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if let Err(e) = AdminUser::from_request(req.request(), &mut Payload::None).await {
        return Ok(req.error_response(e));
    }
    next.call(req).await
}

/// The area's line in the route table (`http/mod.rs`).
pub struct Admin;

impl Area for Admin {
    const NAME: &'static str = "admin";
    const TAG: Option<Tag> = Some(Tag {
        name: "admin",
        en: "The admin console (admins only)",
        zh: "管理后台（仅管理员）",
    });

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::list_audit)
            .service(handlers::export_audit)
            .service(handlers::audit_actions)
            .service(media::media_usage)
            .service(media::list_media)
            .service(media::hide_media)
            .service(media::unhide_media)
            .service(media::delete_media)
            .service(users::disable_user)
            .service(users::enable_user)
            .service(directory::find_users)
            .service(directory::find_groups)
            .service(metrics::read_metrics)
    }
}
