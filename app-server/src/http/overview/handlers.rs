//! `GET /api/admin/overview`: what the community holds, the latest audit events and the state
//! of every integration, on the admin console's first page.

use super::dto::{IntegrationAttempts, Integrations, OverviewCounts, OverviewResponse};
use crate::http::dto::AuditEventDto;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::AdminUser;
use actix_web::{HttpResponse, get, web};
use audit::AuditService;
use media::MediaAdminService;
use system::{ConfiguredIntegrations, SystemService};

#[utoipa::path(
    operation_id = "admin_overview",
    tag = "admin",
    summary = "Admin overview: counts, latest events and integrations",
    description = "Users, groups, plaza posts, articles, media files and the storage they use; the 10 newest audit events; and each integration's state (database, SMS, WeChat, LLM, weather, media store): what is configured, and for SMS, WeChat, the LLM and the weather the last call any instance made, how it ended and when a call last succeeded.",
    responses(
        (status = 200, description = "The overview", body = OverviewResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/overview")]
pub async fn overview(
    system: web::Data<SystemService>,
    media_admin: web::Data<MediaAdminService>,
    audit: web::Data<AuditService>,
    configured: web::Data<ConfiguredIntegrations>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let (counts, usage, latest, attempts) = tokio::try_join!(
        async {
            system
                .content_counts()
                .await
                .map_err(|e| ApiError::internal(&e))
        },
        async { media_admin.usage().await.map_err(ApiError::from) },
        async { audit.latest().await.map_err(ApiError::from) },
        async {
            system
                .integration_states()
                .await
                .map_err(|e| ApiError::internal(&e))
        },
    )?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(OverviewResponse {
            success: true,
            users: counts.users,
            counts: OverviewCounts {
                users: counts.users,
                groups: counts.groups,
                plaza_posts: counts.plaza_posts,
                articles: counts.articles,
                media_files: usage.files,
                storage_bytes: usage.bytes,
            },
            latest_events: latest.iter().map(AuditEventDto::from).collect(),
            integrations: Integrations {
                database: configured.database.as_str(),
                sms: configured.sms,
                wechat: configured.wechat,
                llm: configured.llm.clone(),
                weather: configured.weather,
                media_store: configured.media_store,
                last_attempts: IntegrationAttempts::new(&attempts),
            },
        }))
}
