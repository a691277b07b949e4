//! The word list's errors as HTTP: status, typed code and sentence.

use super::messages::word_error;
use crate::http::error::{ApiError, SharedCode, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use moderation::ModerationError;
use moderation::format::FormatError;

error_codes! {
    /// The word list's codes: an entry's rules, the list's bounds and an import's file.
    pub enum ModerationCode {
        InvalidWord = "invalid_word" => InvalidWord,
        WordListed = "word_listed" => WordListed,
        WordListFull = "word_list_full" => WordListFull,
        InvalidWordFile = "invalid_word_file" => WordFileBadCsv,
        WordImportRefused = "word_import_refused" => WordImportRefused,
    }
}

impl From<ModerationError> for ApiError {
    fn from(e: ModerationError) -> Self {
        use ModerationError as E;
        let field = match &e {
            E::EmptyPhrase | E::PhraseTooLong => "phrase",
            E::InvalidAction => "action",
            E::NoteTooLong => "note",
            E::NotFound => {
                return ApiError::new(
                    StatusCode::NOT_FOUND,
                    SharedCode::NotFound,
                    Msg::WordNotListed,
                );
            }
            E::AlreadyListed => {
                return ApiError::new(
                    StatusCode::CONFLICT,
                    ModerationCode::WordListed,
                    Msg::WordListed,
                )
                .with_field("phrase", Msg::WordListed);
            }
            E::TooManyEntries { max } => {
                return ApiError::unprocessable(ModerationCode::WordListFull, Msg::WordListFull)
                    .with_detail(max.to_string());
            }
            E::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::unprocessable(ModerationCode::InvalidWord, Msg::InvalidWord)
            .with_field(field, word_error(&e))
    }
}

/// A file an import cannot read: 400 `invalid_word_file`, with the line (or the column) in
/// `detail` where there is one.
impl From<FormatError> for ApiError {
    fn from(e: FormatError) -> Self {
        use FormatError as F;
        let msg = match &e {
            F::Empty => Msg::WordFileEmpty,
            F::NotUtf8 => Msg::WordFileNotUtf8,
            F::TooLarge { .. } => Msg::WordFileTooLarge,
            F::TooManyRows { .. } => Msg::WordFileTooManyLines,
            F::UnknownColumn(_) => Msg::WordFileUnknownColumn,
            F::BadCsv { .. } => Msg::WordFileBadCsv,
            F::FieldCount { .. } => Msg::WordFileFieldCount,
        };
        let detail = match &e {
            F::UnknownColumn(c) => Some(c.chars().take(40).collect()),
            F::TooManyRows { max } | F::TooLarge { max } => Some(max.to_string()),
            _ => e.line().map(|l| l.to_string()),
        };
        let api = ApiError::new(
            StatusCode::BAD_REQUEST,
            ModerationCode::InvalidWordFile,
            msg,
        );
        match detail {
            Some(d) => api.with_detail(d),
            None => api,
        }
    }
}
