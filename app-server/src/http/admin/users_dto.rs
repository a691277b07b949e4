//! Bodies of the admin's user actions.

use serde::Serialize;
use utoipa::ToSchema;

/// What disabling or enabling a user did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserStatusResponse {
    #[schema(example = true)]
    pub success: bool,
    pub user_id: uuid::Uuid,
    /// Whether the account is disabled now.
    pub disabled: bool,
    /// Sessions that were signed out (0 when enabling).
    pub sessions_ended: u64,
    /// Personal access tokens that were revoked (0 when enabling).
    pub tokens_revoked: u64,
    /// What happened, in the asker's language.
    pub message: &'static str,
}
