//! The reports' errors as HTTP: status, typed code and sentence.

use crate::http::error::{ApiError, SharedCode, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use reports::ReportsError;

error_codes! {
    /// The reports' codes.
    pub enum ReportsCode {
        InvalidReport = "invalid_report" => InvalidReport,
        ReportOwnContent = "report_own_content" => ReportOwn,
        CaseClosed = "case_closed" => CaseClosed,
        CaseActionNotApplicable = "case_action_not_applicable" => CaseActionNotApplicable,
    }
}

impl From<ReportsError> for ApiError {
    fn from(e: ReportsError) -> Self {
        use ReportsError as E;
        match e {
            E::NoteTooLong => {
                ApiError::unprocessable(ReportsCode::InvalidReport, Msg::InvalidReport)
                    .with_field("note", Msg::ReportNoteTooLong)
            }
            E::NoteRequired => {
                ApiError::unprocessable(ReportsCode::InvalidReport, Msg::InvalidReport)
                    .with_field("note", Msg::ReportNoteRequired)
            }
            E::OwnContent => ApiError::unprocessable(ReportsCode::ReportOwnContent, Msg::ReportOwn),
            E::NotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                SharedCode::NotFound,
                Msg::ReportNotFound,
            ),
            E::RateLimited { retry_after_secs } => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                SharedCode::RateLimited,
                Msg::ReportsRateLimited,
            )
            .with_retry_after(retry_after_secs),
            E::NotAllowed => ApiError::new(
                StatusCode::FORBIDDEN,
                SharedCode::Forbidden,
                Msg::CaseNotAllowed,
            ),
            E::CaseNotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                SharedCode::NotFound,
                Msg::CaseNotFound,
            ),
            E::AlreadyClosed => ApiError::new(
                StatusCode::CONFLICT,
                ReportsCode::CaseClosed,
                Msg::CaseClosed,
            ),
            E::ActionNotApplicable => ApiError::unprocessable(
                ReportsCode::CaseActionNotApplicable,
                Msg::CaseActionNotApplicable,
            ),
            E::Unexpected(cause) => ApiError::internal(&cause),
        }
    }
}
