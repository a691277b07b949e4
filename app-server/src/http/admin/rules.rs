//! The admin console's rules as OpenAPI schemas (the audit log's registry); one audit action
//! is [`crate::http::rules::audit_action`] (the overview shows events too).

use crate::http::rules::audit_action;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, Schema};

/// The registry, as a list.
pub fn audit_actions() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(audit_action()))
        .build()
        .into()
}
