//! The admin console's API. Every handler takes an [`AdminUser`](crate::http::extract::AdminUser):
//! 401 when signed out, 403 for everyone who is not an admin.

pub mod audit;
pub mod directory;
pub mod dto;
pub mod handlers;
pub mod media;
pub mod users;

use crate::http::extract::AdminUser;
use actix_web::FromRequest;
use actix_web::body::BoxBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;

/// The guard in front of every `/api/admin/…` path: 401 signed out, 403 for anyone who is not
/// an admin, decided before the handler reads a body or a query — so a user never learns from
/// a 400 what an admin endpoint expects. (Each handler still takes an [`AdminUser`].) Runs
/// inside the bearer middleware, so an admin token is judged by its user too.
pub async fn require_admin(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let path = req.path();
    if path != "/api/admin" && !path.starts_with("/api/admin/") {
        return next.call(req).await;
    }
    if let Err(e) = AdminUser::from_request(req.request(), &mut Payload::None).await {
        return Ok(req.error_response(e));
    }
    next.call(req).await
}
