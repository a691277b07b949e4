//! `/api/admin/words*`: the administrator's word list.

use super::dto::{
    NewWordBody, WordCheckBody, WordCheckResponse, WordExportQuery, WordHitDto,
    WordImportPlanResponse, WordImportQuery, WordListFormat, WordResponse, WordsQuery,
    WordsResponse,
};
use super::errors::ModerationCode;
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal, SharedCode};
use crate::http::extract::{AdminUser, client_context};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use futures_util::StreamExt;
use kernel::WordFilter;
use moderation::format::{self, FormatError, MAX_FILE_BYTES};
use moderation::import::ImportRow;
use moderation::model::parse_action;
use moderation::service::ImportOutcome;
use moderation::{LiveWordFilter, ModerationWords};

/// The longest text the check takes, in characters.
const CHECK_MAX_CHARS: usize = 20_000;

#[utoipa::path(
    tag = "admin",
    summary = "Word list: a page of entries",
    description = "In the order of their folded form, with an optional filter (folded the same way: `ＦＯＯ` finds `foo`), and how many entries the whole list holds.",
    params(WordsQuery),
    responses(
        (status = 200, description = "A page of the word list", body = WordsResponse),
        (status = 400, description = "`invalid_cursor`, `invalid_limit`, `invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/words")]
pub async fn list_words(
    words: web::Data<ModerationWords>,
    _admin: AdminUser,
    query: web::Query<WordsQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.q.as_deref().unwrap_or("");
    if q.chars().count() > 100 {
        return Err(ApiError::invalid_query());
    }
    let after = match query.cursor.as_deref().filter(|c| !c.is_empty()) {
        None => None,
        Some(c) if c.chars().count() > 400 => return Err(ApiError::invalid_cursor()),
        Some(c) => Some(c.to_owned()),
    };
    let limit = crate::http::dto::check_limit(query.limit)?;
    let page = words.page(q, after, limit).await?;
    let total = words.count().await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(WordsResponse::new(page, total)))
}

#[utoipa::path(
    tag = "admin",
    summary = "Word list: add a phrase",
    description = "Every instance checks with it within seconds. A phrase is compared folded (NFKC, lower case, punctuation, symbols and spaces left out), so `ＦＯＯ` and `f-o-o` are the listed `foo`; Latin and digit phrases match whole words only, Chinese anywhere. Audited as `word.added`.",
    request_body = NewWordBody,
    responses(
        (status = 201, description = "Listed", body = WordResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 409, description = "`word_listed`: the list has this phrase in some spelling already", body = ErrorBody),
        (status = 422, description = "`invalid_word` with `fields`, `word_list_full`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/words")]
pub async fn add_word(
    req: HttpRequest,
    state: web::Data<AppState>,
    words: web::Data<ModerationWords>,
    admin: AdminUser,
    body: web::Json<NewWordBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let action = parse_action(&body.action)?;
    let ip = client_context(&req, &state.config.trusted_proxies).ip;
    let entry = words
        .add(
            admin.0.user.id,
            ip,
            &body.phrase,
            action,
            body.note.as_deref().unwrap_or(""),
        )
        .await?;
    Ok(HttpResponse::Created().json(WordResponse {
        success: true,
        word: (&entry).into(),
    }))
}

#[utoipa::path(
    tag = "admin",
    summary = "Word list: remove a phrase",
    description = "The entry its folded form (`key`) names; any spelling that folds the same names it too. Audited as `word.removed`.",
    params(("key" = String, Path, description = "The entry's key (or any spelling of its phrase)", example = "法轮")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[delete("/admin/words/{key}")]
pub async fn remove_word(
    req: HttpRequest,
    state: web::Data<AppState>,
    words: web::Data<ModerationWords>,
    admin: AdminUser,
    key: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let ip = client_context(&req, &state.config.trusted_proxies).ip;
    words.remove(admin.0.user.id, ip, &key).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The body, at most [`MAX_FILE_BYTES`]: 413 `payload_too_large` past it.
async fn read_file(req: &HttpRequest, mut payload: web::Payload) -> Result<Vec<u8>, ApiError> {
    let too_large = ApiError::payload_too_large;
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_FILE_BYTES) {
        return Err(too_large());
    }
    let mut body = Vec::with_capacity(declared.unwrap_or(0).min(MAX_FILE_BYTES));
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                SharedCode::InvalidBody,
                Msg::UploadInterrupted,
            )
        })?;
        if body.len() + chunk.len() > MAX_FILE_BYTES {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[utoipa::path(
    tag = "admin",
    summary = "Word list: import a CSV or TXT file",
    description = "The body is the file itself: `text/csv` (records `phrase,action[,note]`, an optional header naming `phrase`, `action`, `note`) or `text/plain` (one phrase per line, `#` comment lines, a tab and `hold` after a phrase to hold it for review; `refuse` otherwise), at most 2 MiB and 20000 entries. The answer says, line by line (the file's own line numbers), what would be added, changed and refused with the reason in the request's language. An import adds and changes entries, it removes none. With `dryRun=false` it is applied in one transaction only when no line is refused: otherwise 422 `word_import_refused` with the refused lines' numbers in `detail`, and nothing is written. A file that cannot be read as its format is 400 `invalid_word_file` (with the line in `detail` where there is one); a list that would hold more than 20000 entries is 422 `word_list_full`. Audited as `word.imported`.",
    params(WordImportQuery),
    request_body(content(
        (String = "text/csv", example = "phrase,action,note\n法轮,refuse,\nfoo bar,hold,spam\n"),
        (String = "text/plain", example = "# one phrase per line\n法轮\nfoo bar\thold\n"),
    )),
    responses(
        (status = 200, description = "The plan; `applied` says whether it was written", body = WordImportPlanResponse),
        (status = 400, description = "`invalid_word_file`, `invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 413, description = "`payload_too_large`", body = ErrorBody),
        (status = 415, description = "`unsupported_media_type`: neither `text/csv` nor `text/plain`", body = ErrorBody),
        (status = 422, description = "`word_import_refused` (lines in `detail`), `word_list_full`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/words/import")]
pub async fn import_words(
    req: HttpRequest,
    state: web::Data<AppState>,
    words: web::Data<ModerationWords>,
    admin: AdminUser,
    query: web::Query<WordImportQuery>,
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
    let parse: fn(&[u8]) -> Result<Vec<ImportRow>, FormatError> = match content_type.as_str() {
        "text/csv" => format::parse_csv,
        "text/plain" => format::parse_txt,
        _ => {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                SharedCode::UnsupportedMediaType,
                Msg::WordFileType,
            ));
        }
    };
    let bytes = read_file(&req, payload).await?;
    let rows = parse(&bytes)?;
    let outcome = if query.dry_run.unwrap_or(true) {
        ImportOutcome {
            plan: words.import_plan(&rows).await?,
            applied: false,
        }
    } else {
        let ip = client_context(&req, &state.config.trusted_proxies).ip;
        let outcome = words.import_apply(admin.0.user.id, ip, &rows).await?;
        if !outcome.applied {
            let lines: Vec<String> = outcome
                .plan
                .refused
                .iter()
                .map(|(line, _, _)| line.to_string())
                .collect();
            return Err(ApiError::unprocessable(
                ModerationCode::WordImportRefused,
                Msg::WordImportRefused,
            )
            .with_detail(lines.join(", ")));
        }
        outcome
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(WordImportPlanResponse::of(&outcome, lang)))
}

#[utoipa::path(
    tag = "admin",
    summary = "Word list: export every entry",
    description = "As a file download (`Content-Disposition: attachment`), in the import's formats, in the order of the entries' folded forms: importing it back changes nothing (TXT carries no notes).",
    params(WordExportQuery),
    responses(
        (status = 200, description = "The file", content(
            (String = "text/csv"),
            (String = "text/plain"),
        )),
        (status = 400, description = "`invalid_query`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["admin:read"]))
)]
#[get("/admin/words/export")]
pub async fn export_words(
    words: web::Data<ModerationWords>,
    _admin: AdminUser,
    query: web::Query<WordExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let all = words.export().await?;
    let (body, content_type, name) = match query.format {
        WordListFormat::Csv => (
            format::to_csv(&all),
            "text/csv; charset=utf-8",
            "word-list.csv",
        ),
        WordListFormat::Txt => (
            format::to_txt(&all),
            "text/plain; charset=utf-8",
            "word-list.txt",
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

#[utoipa::path(
    tag = "admin",
    summary = "Word list: check a text",
    description = "What the list finds in `text`, as the instance that answers holds the list (every instance reloads it within seconds of a change; `version` says which it checked with), the way a post or a nickname is checked when it is written.",
    request_body = WordCheckBody,
    responses(
        (status = 200, description = "The words found", body = WordCheckResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 422, description = "`invalid_word` with `fields`: a text over 20000 characters", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []), ("bearer" = ["admin:write"]))
)]
#[post("/admin/words/check")]
pub async fn check_words(
    filter: web::Data<LiveWordFilter>,
    _admin: AdminUser,
    body: web::Json<WordCheckBody>,
) -> Result<HttpResponse, ApiError> {
    if body.text.chars().count() > CHECK_MAX_CHARS {
        return Err(
            ApiError::unprocessable(ModerationCode::InvalidWord, Msg::InvalidWord)
                .with_field("text", Msg::WordCheckTooLong),
        );
    }
    let hits = filter.check(&body.text);
    Ok(HttpResponse::Ok().json(WordCheckResponse {
        success: true,
        version: filter.version(),
        hits: hits.iter().map(WordHitDto::from).collect(),
    }))
}
