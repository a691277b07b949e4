//! `/api/reports`, `/api/admin/reports*` and `/api/groups/{id}/reports*`.

use super::dto::{
    CaseDto, CaseResponse, CaseState, CasesQuery, CasesResponse, CloseCaseBody, NewReportBody,
};
use super::errors::ReportsCode;
use crate::http::dto::{MessageResponse, next_cursor, page_request};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{AdminUser, SignedIn, client_context, path_id};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use kernel::{GroupId, Page};
use reports::model::Moderator;
use reports::service::QueueName;
use reports::{Action, Case, CaseId, Reason, ReportsService, Subject, SubjectKind};

fn invalid(field: &str) -> ApiError {
    ApiError::unprocessable(ReportsCode::InvalidReport, Msg::InvalidReport)
        .with_field(field, Msg::InvalidReport)
}

fn cases_response(page: &Page<Case>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(CasesResponse {
            success: true,
            cases: page.items.iter().map(CaseDto::from).collect(),
            next_cursor: next_cursor(page),
        })
}

fn case_response(case: &Case) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(CaseResponse {
            success: true,
            case: CaseDto::from(case),
        })
}

#[utoipa::path(
    tag = "reports",
    summary = "Report something",
    description = "A post, comment, article, reply, image, group or person the asker can see, with a reason (`other` needs a note). Every report of one item while its case is open folds into that case, each person counted once (a repeat changes nothing and answers the same). A group's content goes to that group's owner and admins, everything else to the site's administrators; the reported person never learns who reported. At most 20 reports an hour.",
    request_body = NewReportBody,
    responses(
        (status = 201, description = "Reported", body = MessageResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`not_found`: nothing the asker can see is there", body = ErrorBody),
        (status = 422, description = "`invalid_report` (with `fields`), `report_own_content`", body = ErrorBody),
        (status = 429, description = "`rate_limited`, with `Retry-After`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[post("/reports")]
pub async fn file_report(
    reports: web::Data<ReportsService>,
    me: SignedIn,
    lang: Lang,
    body: web::Json<NewReportBody>,
) -> Result<HttpResponse, ApiError> {
    let kind = SubjectKind::parse(&body.kind).ok_or_else(|| invalid("kind"))?;
    let reason = Reason::parse(&body.reason).ok_or_else(|| invalid("reason"))?;
    let subject = Subject { kind, id: body.id };
    reports
        .report(me.user.id, subject, reason, body.note.as_deref())
        .await?;
    Ok(HttpResponse::Created().json(MessageResponse::new(Msg::ReportFiled, lang)))
}

async fn queue(
    reports: &ReportsService,
    who: Moderator,
    name: QueueName,
    query: &CasesQuery,
) -> Result<HttpResponse, ApiError> {
    let page = page_request(query.cursor.as_deref(), query.limit)?;
    let open = matches!(query.state.unwrap_or_default(), CaseState::Open);
    let found = reports.queue(&who, name, open, page).await?;
    Ok(cases_response(&found))
}

async fn close(
    reports: &ReportsService,
    who: Moderator,
    name: QueueName,
    id: &str,
    body: &CloseCaseBody,
) -> Result<HttpResponse, ApiError> {
    let action = Action::parse(&body.action).ok_or_else(|| invalid("action"))?;
    let case = reports
        .close(
            &who,
            name,
            path_id::<CaseId>(id)?,
            action,
            body.note.as_deref(),
        )
        .await?;
    Ok(case_response(&case))
}

fn ip(req: &HttpRequest, state: &AppState) -> Option<String> {
    client_context(req, &state.config.trusted_proxies).ip
}

fn admin(me: &AdminUser, ip: Option<String>) -> Moderator {
    Moderator {
        user: me.0.user.id,
        admin: true,
        ip,
    }
}

/// A group's manager acts in the group's queue as themself: an administrator's powers are the
/// site queue's.
fn manager(me: &SignedIn, ip: Option<String>) -> Moderator {
    Moderator {
        user: me.user.id,
        admin: false,
        ip,
    }
}

#[utoipa::path(
    tag = "admin",
    summary = "The site's report queue",
    description = "Open cases (or `state=closed`) of everything that belongs to no group, and of groups whose managers left a case open for 48 hours; oldest first.",
    params(CasesQuery),
    responses(
        (status = 200, description = "A page of cases", body = CasesResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/reports")]
pub async fn site_cases(
    reports: web::Data<ReportsService>,
    me: AdminUser,
    query: web::Query<CasesQuery>,
) -> Result<HttpResponse, ApiError> {
    queue(&reports, admin(&me, None), QueueName::Site, &query).await
}

#[utoipa::path(
    tag = "admin",
    summary = "A case",
    params(("caseId" = uuid::Uuid, Path, description = "The case's id")),
    responses(
        (status = 200, description = "The case", body = CaseResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/reports/{caseId}")]
pub async fn site_case(
    reports: web::Data<ReportsService>,
    me: AdminUser,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let case = reports
        .case(&admin(&me, None), QueueName::Site, path_id(&id)?)
        .await?;
    Ok(case_response(&case))
}

#[utoipa::path(
    tag = "admin",
    summary = "Close a case",
    description = "`dismiss`, `delete` (the content; its author is told why, with `note`), `ban` (from the case's group) or `disable` (the author's account). The case is claimed first: a second moderator gets 409 `case_closed`. Audited as `report.closed`.",
    params(("caseId" = uuid::Uuid, Path, description = "The case's id")),
    request_body = CloseCaseBody,
    responses(
        (status = 200, description = "Closed", body = CaseResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`case_closed`", body = ErrorBody),
        (status = 422, description = "`invalid_report` (with `fields`), `case_action_not_applicable`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/reports/{caseId}/close")]
pub async fn close_site_case(
    req: HttpRequest,
    state: web::Data<AppState>,
    reports: web::Data<ReportsService>,
    me: AdminUser,
    id: web::Path<String>,
    body: web::Json<CloseCaseBody>,
) -> Result<HttpResponse, ApiError> {
    let who = admin(&me, ip(&req, &state));
    close(&reports, who, QueueName::Site, &id, &body).await
}

#[utoipa::path(
    tag = "groups",
    summary = "A group's report queue",
    description = "The open cases (or `state=closed`) of the group's content, oldest first: for its owner and admins. A case they leave open for 48 hours also reaches the site's administrators.",
    params(("id" = uuid::Uuid, Path, description = "The group's id"), CasesQuery),
    responses(
        (status = 200, description = "A page of cases", body = CasesResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/reports")]
pub async fn group_cases(
    reports: web::Data<ReportsService>,
    me: SignedIn,
    id: web::Path<String>,
    query: web::Query<CasesQuery>,
) -> Result<HttpResponse, ApiError> {
    let group: GroupId = path_id(&id)?;
    queue(
        &reports,
        manager(&me, None),
        QueueName::Group(group),
        &query,
    )
    .await
}

#[utoipa::path(
    tag = "groups",
    summary = "A case of a group's queue",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("caseId" = uuid::Uuid, Path, description = "The case's id"),
    ),
    responses(
        (status = 200, description = "The case", body = CaseResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/groups/{id}/reports/{caseId}")]
pub async fn group_case(
    reports: web::Data<ReportsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let group: GroupId = path_id(&path.0)?;
    let case = reports
        .case(
            &manager(&me, None),
            QueueName::Group(group),
            path_id(&path.1)?,
        )
        .await?;
    Ok(case_response(&case))
}

#[utoipa::path(
    tag = "groups",
    summary = "Close a case of a group's queue",
    description = "`dismiss`, `delete` (the content; its author is told why, with `note`) or `ban` (its author, from the group); disabling an account is the site administrators'. Audited as `report.closed`.",
    params(
        ("id" = uuid::Uuid, Path, description = "The group's id"),
        ("caseId" = uuid::Uuid, Path, description = "The case's id"),
    ),
    request_body = CloseCaseBody,
    responses(
        (status = 200, description = "Closed", body = CaseResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 409, description = "`case_closed`", body = ErrorBody),
        (status = 422, description = "`invalid_report` (with `fields`), `case_action_not_applicable`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["groups:write"]))
)]
#[post("/groups/{id}/reports/{caseId}/close")]
pub async fn close_group_case(
    req: HttpRequest,
    state: web::Data<AppState>,
    reports: web::Data<ReportsService>,
    me: SignedIn,
    path: web::Path<(String, String)>,
    body: web::Json<CloseCaseBody>,
) -> Result<HttpResponse, ApiError> {
    let group: GroupId = path_id(&path.0)?;
    let who = manager(&me, ip(&req, &state));
    close(&reports, who, QueueName::Group(group), &path.1, &body).await
}
