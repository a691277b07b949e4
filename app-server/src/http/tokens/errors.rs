//! The tokens domain's errors as HTTP: status, typed code and sentence.

use crate::http::error::{ApiError, Resource, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;

error_codes! {
    /// The personal access tokens' codes.
    pub enum TokensCode {
        InvalidTokenRequest = "invalid_token_request" => InvalidTokenRequest,
        AdminTokenNeedsExpiry = "admin_token_needs_expiry" => AdminTokenNeedsExpiry,
        ScopeNotAllowed = "scope_not_allowed" => ScopeNotAllowed,
        TooManyTokens = "too_many_tokens" => TooManyTokens,
        TokenRequired = "token_required" => TokenRequired,
    }
}

impl From<tokens::TokensError> for ApiError {
    fn from(e: tokens::TokensError) -> Self {
        use tokens::TokensError as E;
        let invalid = |field: &str, msg: Msg| {
            ApiError::unprocessable(TokensCode::InvalidTokenRequest, Msg::InvalidTokenRequest)
                .with_field(field, msg)
        };
        match e {
            E::InvalidName { .. } => invalid("name", Msg::TokenNameInvalid),
            E::InvalidScopes(_) => invalid("scopes", Msg::TokenScopesInvalid),
            E::InvalidExpiry => invalid("expiresInDays", Msg::TokenExpiryInvalid),
            E::AdminTokenNeedsExpiry => ApiError::unprocessable(
                TokensCode::AdminTokenNeedsExpiry,
                Msg::AdminTokenNeedsExpiry,
            )
            .with_field("expiresInDays", Msg::AdminTokenNeedsExpiry),
            E::ScopeNotAllowed(scope) => ApiError::new(
                StatusCode::FORBIDDEN,
                TokensCode::ScopeNotAllowed,
                Msg::ScopeNotAllowed,
            )
            .with_field("scopes", Msg::ScopeNotAllowed)
            .with_required_scope(scope.as_str()),
            E::TooManyTokens { .. } => {
                ApiError::unprocessable(TokensCode::TooManyTokens, Msg::TooManyTokens)
            }
            E::InvalidToken => ApiError::invalid_token(),
            E::NotFound => ApiError::missing(Resource::Token),
            E::Unexpected(e) => ApiError::internal(&e),
        }
    }
}
