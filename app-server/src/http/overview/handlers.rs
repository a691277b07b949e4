//! `GET /api/admin/overview`: what the community holds, the latest audit events and the state
//! of every integration, on the admin console's first page.

use super::dto::{IntegrationAttempts, Integrations, OverviewCounts, OverviewResponse};
use crate::http::dto::AuditEventDto;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::AdminUser;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};

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
    state: web::Data<AppState>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let (counts, usage, latest, attempts) = tokio::try_join!(
        async {
            state
                .system
                .content_counts()
                .await
                .map_err(|e| ApiError::internal(&e))
        },
        async { state.media_admin.usage().await.map_err(ApiError::from) },
        async { state.audit.latest().await.map_err(ApiError::from) },
        async {
            state
                .system
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
                database: state.system.database_kind().as_str(),
                sms: state.accounts.sms_provider(),
                wechat: state.wechat_token.is_some(),
                llm: state.chat.provider_name().map(str::to_owned),
                weather: state.config.weather.is_some(),
                media_store: state.media.store_kind(),
                last_attempts: IntegrationAttempts::new(&attempts),
            },
        }))
}
