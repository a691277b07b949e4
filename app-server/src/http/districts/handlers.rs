//! `/api/districts*` (anyone may read) and `/api/admin/districts*` (admins: add, edit, import,
//! export).

use super::dto::{
    ChildrenQuery, DistrictBody, DistrictFileEntry, DistrictResponse, DistrictSearchQuery,
    DistrictsResponse, ExportFormat, ExportQuery, ImportPlanResponse, ImportQuery, NewDistrictBody,
    parse_code,
};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal, SharedCode};
use crate::http::extract::{AdminUser, client_context};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use districts::DistrictsService;
use districts::format;
use districts::service::DistrictPageRequest;
use futures_util::StreamExt;

/// The largest import file read (a whole GB/T 2260 table is about 200 KB as CSV).
pub const IMPORT_MAX_BYTES: usize = 2 * 1024 * 1024;

fn page(cursor: Option<&str>, limit: Option<u32>) -> Result<DistrictPageRequest, ApiError> {
    let after = match cursor.filter(|c| !c.is_empty()) {
        None => None,
        Some(raw) => Some(parse_code(raw).ok_or_else(ApiError::invalid_cursor)?),
    };
    let limit = crate::http::dto::check_limit(limit)?;
    Ok(DistrictPageRequest { after, limit })
}

/// The district of the path; anything that is not a code is 404 (as an unknown one is).
fn path_code(raw: &str) -> Result<districts::DistrictCode, ApiError> {
    parse_code(raw).ok_or_else(ApiError::not_found)
}

#[utoipa::path(
    tag = "districts",
    summary = "Districts under a parent",
    description = "The divisions directly under `parent` (a province's cities, a city's counties), or the 34 provinces without it, in code order.",
    params(ChildrenQuery),
    responses(
        (status = 200, description = "A page of districts", body = DistrictsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter or parent code)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/districts")]
pub async fn list_districts(
    districts: web::Data<DistrictsService>,
    query: web::Query<ChildrenQuery>,
) -> Result<HttpResponse, ApiError> {
    // An empty `parent` is a malformed one (400), not "the provinces": leave it out for those.
    let parent = match query.parent.as_deref() {
        None => None,
        Some(raw) => Some(parse_code(raw).ok_or_else(ApiError::invalid_query)?),
    };
    let page = page(query.cursor.as_deref(), query.limit)?;
    let found = districts.children(parent, page).await?;
    Ok(HttpResponse::Ok().json(DistrictsResponse::from(found)))
}

#[utoipa::path(
    tag = "districts",
    summary = "Search districts",
    description = "Districts whose code starts with `q` or whose Chinese or English name contains it (English case-insensitively), every level, in code order.",
    params(DistrictSearchQuery),
    responses(
        (status = 200, description = "A page of districts", body = DistrictsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_query` (a malformed query parameter)", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/districts/search")]
pub async fn search_districts(
    districts: web::Data<DistrictsService>,
    query: web::Query<DistrictSearchQuery>,
) -> Result<HttpResponse, ApiError> {
    if query.q.chars().count() > 40 {
        return Err(ApiError::invalid_query());
    }
    let page = page(query.cursor.as_deref(), query.limit)?;
    let found = districts.search(&query.q, page).await?;
    Ok(HttpResponse::Ok().json(DistrictsResponse::from(found)))
}

#[utoipa::path(
    tag = "districts",
    summary = "A district",
    params(("code" = String, Path, description = "Its GB/T 2260 code", example = "510100")),
    responses(
        (status = 200, description = "The district", body = DistrictResponse),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/districts/{code}")]
pub async fn show_district(
    districts: web::Data<DistrictsService>,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let district = districts.find(path_code(&code)?).await?;
    Ok(HttpResponse::Ok().json(DistrictResponse::from(&district)))
}

#[utoipa::path(
    tag = "admin",
    summary = "Districts: add one",
    description = "Under an existing parent (its code's shape names it: `510100` is under `510000`); only a province has a tile. Audited as `district.created`.",
    request_body = NewDistrictBody,
    responses(
        (status = 201, description = "Added", body = DistrictResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 409, description = "`district_exists`", body = ErrorBody),
        (status = 422, description = "`invalid_district` with `fields`, `missing_parent`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/districts")]
pub async fn create_district(
    req: HttpRequest,
    state: web::Data<AppState>,
    districts: web::Data<DistrictsService>,
    admin: AdminUser,
    body: web::Json<NewDistrictBody>,
) -> Result<HttpResponse, ApiError> {
    let (code, input) = body.into_inner().into_domain();
    let ip = client_context(&req, &state.config.trusted_proxies).ip;
    let district = districts.create(admin.0.user.id, ip, &code, input).await?;
    Ok(HttpResponse::Created().json(DistrictResponse::from(&district)))
}

#[utoipa::path(
    tag = "admin",
    summary = "Districts: edit one",
    description = "Its names, seat coordinates and (a province) tile; the code never changes. Audited as `district.updated` with what it was.",
    params(("code" = String, Path, description = "Its GB/T 2260 code", example = "510100")),
    request_body = DistrictBody,
    responses(
        (status = 200, description = "Saved", body = DistrictResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 422, description = "`invalid_district` with `fields`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[put("/admin/districts/{code}")]
pub async fn update_district(
    req: HttpRequest,
    state: web::Data<AppState>,
    districts: web::Data<DistrictsService>,
    admin: AdminUser,
    code: web::Path<String>,
    body: web::Json<DistrictBody>,
) -> Result<HttpResponse, ApiError> {
    let code = path_code(&code)?;
    let ip = client_context(&req, &state.config.trusted_proxies).ip;
    let district = districts
        .update(admin.0.user.id, ip, code, body.into_inner().into_domain())
        .await?;
    Ok(HttpResponse::Ok().json(DistrictResponse::from(&district)))
}

/// The body, at most [`IMPORT_MAX_BYTES`]: 413 `payload_too_large` past it.
async fn read_file(req: &HttpRequest, mut payload: web::Payload) -> Result<Vec<u8>, ApiError> {
    let too_large = ApiError::payload_too_large;
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > IMPORT_MAX_BYTES) {
        return Err(too_large());
    }
    let mut body = Vec::with_capacity(declared.unwrap_or(0).min(IMPORT_MAX_BYTES));
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                SharedCode::InvalidBody,
                Msg::UploadInterrupted,
            )
        })?;
        if body.len() + chunk.len() > IMPORT_MAX_BYTES {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[utoipa::path(
    tag = "admin",
    summary = "Districts: import a CSV or JSON file",
    description = "The body is the file itself: `text/csv` (a header naming `code`, `name_zh`, `name_en`, `lat`, `lon` and optionally `tile_col`, `tile_row`) or `application/json` (an array of `DistrictFileEntry`), at most 2 MiB and 5000 lines. The answer says, line by line (the file's own line numbers), what would be added, changed and refused with the reason. With `dryRun=false` it is applied only when no line is refused, in one transaction: all or nothing. A file that cannot be read as its format is 400 `invalid_import_file` (with the line in `detail` where there is one). Audited as `district.imported`.",
    params(ImportQuery),
    request_body(content(
        (String = "text/csv", example = "code,name_zh,name_en,lat,lon\n510100,成都市,Chengdu,30.5728,104.0668\n"),
        (Vec<DistrictFileEntry> = "application/json"),
    )),
    responses(
        (status = 200, description = "The plan; `applied` says whether it was written", body = ImportPlanResponse),
        (status = 400, description = "`invalid_import_file`, `invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 413, description = "`payload_too_large`", body = ErrorBody),
        (status = 415, description = "`unsupported_media_type`: neither `text/csv` nor `application/json`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/districts/import")]
pub async fn import_districts(
    req: HttpRequest,
    state: web::Data<AppState>,
    districts: web::Data<DistrictsService>,
    admin: AdminUser,
    query: web::Query<ImportQuery>,
    payload: web::Payload,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let parse: fn(&[u8]) -> Result<Vec<districts::import::ImportRow>, format::FormatError> =
        match content_type.as_str() {
            "text/csv" => format::parse_csv,
            "application/json" => format::parse_json,
            _ => {
                return Err(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    SharedCode::UnsupportedMediaType,
                    Msg::DistrictFileType,
                ));
            }
        };
    let bytes = read_file(&req, payload).await?;
    let rows = parse(&bytes)?;
    let outcome = if query.dry_run.unwrap_or(true) {
        districts::service::ImportOutcome {
            plan: districts.import_plan(&rows).await?,
            applied: false,
        }
    } else {
        let ip = client_context(&req, &state.config.trusted_proxies).ip;
        districts.import_apply(admin.0.user.id, ip, &rows).await?
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(ImportPlanResponse::of(&outcome, lang)))
}

#[utoipa::path(
    tag = "admin",
    summary = "Districts: export every district",
    description = "As a file download (`Content-Disposition: attachment`), in the import's formats, parents before their children: importing it back changes nothing.",
    params(ExportQuery),
    responses(
        (status = 200, description = "The file", content(
            (String = "text/csv"),
            (Vec<DistrictFileEntry> = "application/json"),
        )),
        (status = 400, description = "`invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/districts/export")]
pub async fn export_districts(
    districts: web::Data<DistrictsService>,
    _admin: AdminUser,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let all = districts.export().await?;
    let (body, content_type, name) = match query.format {
        ExportFormat::Csv => (
            format::to_csv(&all),
            "text/csv; charset=utf-8",
            "districts.csv",
        ),
        ExportFormat::Json => (
            format::to_json(&all).map_err(|e| ApiError::internal(&e.into()))?,
            "application/json",
            "districts.json",
        ),
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .body(body))
}
