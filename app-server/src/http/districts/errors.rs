//! The districts domain's errors as HTTP: status, typed code and sentence.

use super::messages::district_error;
use crate::http::error::{ApiError, Resource, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use districts::DistrictsError;

error_codes! {
    /// The districts area's codes: a district's rules and an import's file.
    pub enum DistrictsCode {
        InvalidDistrict = "invalid_district" => InvalidDistrict,
        MissingParent = "missing_parent" => MissingParentDistrict,
        DistrictExists = "district_exists" => DistrictExists,
        InvalidImportFile = "invalid_import_file" => ImportBadValue,
    }
}

impl From<DistrictsError> for ApiError {
    fn from(e: DistrictsError) -> Self {
        use DistrictsError as E;
        let field = match &e {
            E::MissingParent(_) => {
                return ApiError::unprocessable(
                    DistrictsCode::MissingParent,
                    Msg::MissingParentDistrict,
                )
                .with_field("code", Msg::MissingParentDistrict);
            }
            E::InvalidCode => "code",
            E::InvalidNameZh => "nameZh",
            E::InvalidNameEn => "nameEn",
            E::InvalidCoordinates => "lat",
            E::InvalidTile => "tile",
            E::NotFound => return ApiError::missing(Resource::District),
            E::AlreadyExists => {
                return ApiError::new(
                    StatusCode::CONFLICT,
                    DistrictsCode::DistrictExists,
                    Msg::DistrictExists,
                )
                .with_field("code", Msg::DistrictExists);
            }
            E::TooManyRows { max } => {
                return ApiError::new(
                    StatusCode::BAD_REQUEST,
                    DistrictsCode::InvalidImportFile,
                    Msg::ImportTooManyLines,
                )
                .with_detail(max.to_string());
            }
            E::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::unprocessable(DistrictsCode::InvalidDistrict, Msg::InvalidDistrict)
            .with_field(field, district_error(&e))
    }
}

/// A file an import cannot read: 400 `invalid_import_file`, with the line (or the column) in
/// `detail` where there is one.
impl From<districts::format::FormatError> for ApiError {
    fn from(e: districts::format::FormatError) -> Self {
        use districts::format::FormatError as F;
        let msg = match &e {
            F::Empty => Msg::ImportFileEmpty,
            F::NotUtf8 => Msg::ImportNotUtf8,
            F::TooManyRows { .. } => Msg::ImportTooManyLines,
            F::MissingColumn(_) => Msg::ImportMissingColumn,
            F::UnknownColumn(_) => Msg::ImportUnknownColumn,
            F::BadQuoting { .. } => Msg::ImportBadQuoting,
            F::FieldCount { .. } => Msg::ImportFieldCount,
            F::NotJson { .. } => Msg::ImportNotJson,
            F::NotAnArray => Msg::ImportNotAnArray,
            F::NotAnObject { .. } => Msg::ImportNotAnObject,
            F::BadValue { .. } => Msg::ImportBadValue,
        };
        let detail = match &e {
            F::MissingColumn(c) => Some((*c).to_owned()),
            F::UnknownColumn(c) => Some(c.chars().take(40).collect()),
            F::TooManyRows { max } => Some(max.to_string()),
            _ => e.line().map(|l| l.to_string()),
        };
        let api = ApiError::new(
            StatusCode::BAD_REQUEST,
            DistrictsCode::InvalidImportFile,
            msg,
        );
        match detail {
            Some(d) => api.with_detail(d),
            None => api,
        }
    }
}
