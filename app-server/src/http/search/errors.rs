//! Search's errors as HTTP: status, typed code and sentence.

use crate::http::error::{ApiError, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use search::SearchError;

error_codes! {
    /// Search's code: a query or filter it cannot search with.
    pub enum SearchCode {
        InvalidSearch = "invalid_search" => InvalidSearch,
    }
}

impl From<SearchError> for ApiError {
    fn from(e: SearchError) -> Self {
        let (field, msg) = match e {
            SearchError::EmptyQuery => ("q", Msg::SearchEmpty),
            SearchError::QueryTooLong => ("q", Msg::SearchTooLong),
            SearchError::InvalidDistrict => ("district", Msg::SearchDistrict),
            SearchError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(StatusCode::BAD_REQUEST, SearchCode::InvalidSearch, msg)
            .with_field(field, msg)
    }
}
