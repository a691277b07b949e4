//! Request and response bodies of the auth endpoints (those another area uses too are in
//! [`crate::http::dto`]). Requests carry raw strings; each `try_into_domain` is the only way
//! from them to the domain's parsed types.

use super::rules;
use crate::http::dto::UserDto;
use crate::http::error::{ApiError, SharedCode};
use crate::i18n::Msg;
use accounts::model::{Nickname, Password, Session, Username, VerificationCode};
use accounts::{AccountsError, Proof, Registration};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    #[schema(schema_with = rules::username)]
    #[validate(length(max = 256))]
    pub username: String,
    #[schema(schema_with = rules::new_password)]
    #[validate(length(max = 1024))]
    pub password: String,
    #[schema(schema_with = rules::optional_nickname)]
    #[validate(length(max = 256))]
    pub nickname: Option<String>,
}

impl RegisterRequest {
    /// Parses every field and reports all faults at once, each under its field name.
    ///
    /// # Errors
    /// 422 with the first fault's code and a message per faulty field.
    pub fn try_into_domain(self) -> Result<Registration, ApiError> {
        self.validate()?;
        let username = Username::parse_public(&self.username);
        let password = Password::parse_new(&self.password);
        let nickname = self
            .nickname
            .as_deref()
            .filter(|n| !n.trim().is_empty())
            .map(Nickname::parse)
            .transpose();
        match (username, password, nickname) {
            (Ok(username), Ok(password), Ok(nickname)) => Ok(Registration {
                username,
                password,
                nickname,
            }),
            (u, p, n) => {
                let faults: Vec<(&str, AccountsError)> = [
                    ("username", u.err()),
                    ("password", p.err()),
                    ("nickname", n.err()),
                ]
                .into_iter()
                .filter_map(|(f, e)| e.map(|e| (f, e)))
                .collect();
                Err(field_errors(faults))
            }
        }
    }
}

fn field_errors(faults: Vec<(&str, AccountsError)>) -> ApiError {
    let field_msg = |e: &AccountsError| match e {
        AccountsError::InvalidUsername => Msg::InvalidUsername,
        AccountsError::ReservedUsername => Msg::ReservedUsername,
        AccountsError::InvalidNickname => Msg::InvalidNickname,
        AccountsError::PasswordTooCommon => Msg::PasswordTooCommon,
        _ => Msg::InvalidPassword,
    };
    let fields: Vec<(&str, Msg)> = faults.iter().map(|(f, e)| (*f, field_msg(e))).collect();
    let mut api = faults
        .into_iter()
        .next()
        .map(|(_, e)| ApiError::from(e))
        .unwrap_or_else(ApiError::not_found);
    for (f, m) in fields {
        api = api.with_field(f, m);
    }
    api
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    #[schema(schema_with = rules::username)]
    pub username: String,
    #[schema(schema_with = rules::current_password)]
    pub password: String,
}

impl LoginRequest {
    /// A name or password that could never be valid is simply wrong credentials.
    ///
    /// # Errors
    /// 401 `invalid_credentials`.
    pub fn try_into_domain(self) -> Result<(Username, Password), ApiError> {
        let username =
            Username::parse(&self.username).map_err(|_| AccountsError::InvalidCredentials)?;
        let password = Password::for_login(&self.password)?;
        Ok((username, password))
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[schema(schema_with = rules::current_password)]
    pub current_password: String,
    #[schema(schema_with = rules::new_password)]
    pub new_password: String,
    /// Also revoke every one of my personal access tokens (default false).
    #[serde(default)]
    pub revoke_tokens: bool,
}

impl ChangePasswordRequest {
    /// # Errors
    /// 403 `wrong_password` for an impossible current password; 422 `invalid_password` with a
    /// `newPassword` field message for a new one outside the rule.
    pub fn try_into_domain(self) -> Result<(Password, Password), ApiError> {
        let current = Password::for_login(&self.current_password)
            .map_err(|_| AccountsError::WrongPassword)?;
        let new = Password::parse_new(&self.new_password).map_err(|e| {
            let msg = match e {
                AccountsError::PasswordTooCommon => Msg::PasswordTooCommon,
                _ => Msg::InvalidPassword,
            };
            ApiError::from(e).with_field("newPassword", msg)
        })?;
        Ok((current, new))
    }
}

/// The password was changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordResponse {
    #[schema(example = true)]
    pub success: bool,
    pub message: &'static str,
    /// How many personal access tokens were revoked with it (0 unless `revokeTokens`).
    #[schema(example = 2)]
    pub tokens_revoked: u64,
}

/// Proof of the account for the signed-in session: exactly one of `password` (accounts with a
/// password) or `code` (sent by `POST /api/auth/reauthenticate/sendVerification` to the number
/// already bound).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReauthenticateRequest {
    #[schema(schema_with = rules::current_password)]
    pub password: Option<String>,
    #[schema(schema_with = rules::verification_code)]
    pub code: Option<String>,
}

impl ReauthenticateRequest {
    /// # Errors
    /// 403 `wrong_password` for an impossible password; 422 `invalid_verification_code`; 422
    /// `validation_failed` unless exactly one of the two is given.
    pub fn try_into_domain(self) -> Result<Proof, ApiError> {
        match (self.password, self.code) {
            (Some(password), None) => Ok(Proof::Password(
                Password::for_login(&password).map_err(|_| AccountsError::WrongPassword)?,
            )),
            (None, Some(code)) => Ok(Proof::Code(VerificationCode::parse(&code).map_err(
                |e| ApiError::from(e).with_field("code", Msg::InvalidVerificationCode),
            )?)),
            _ => Err(
                ApiError::unprocessable(SharedCode::ValidationFailed, Msg::ValidationFailed)
                    .with_field("password", Msg::ReauthProofRequired),
            ),
        }
    }
}

/// The session proved the account again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReauthenticatedResponse {
    #[schema(example = true)]
    pub success: bool,
    pub message: &'static str,
    /// Until when changing a sign-in method needs no further proof.
    pub reauthenticated_until: DateTime<Utc>,
}

/// Signed in by phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneLoginResponse {
    pub success: bool,
    pub user: UserDto,
    pub message: &'static str,
    /// True when this login made the account.
    pub created: bool,
}

/// The browser's sign-in state (§7 `GET /api/auth/token`; the route's name is the spec's, the
/// answer holds no token).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInState {
    pub success: bool,
    pub is_authenticated: bool,
    /// Whether an account is linked to `wechatOpenId` (false when no openid is known).
    pub has_user: bool,
    #[schema(required = true)]
    pub user: Option<UserDto>,
    /// The WeChat openid known to this browser, if any.
    #[schema(required = true)]
    pub wechat_open_id: Option<String>,
    /// Where the browser must go to continue signing in, if anywhere.
    #[schema(required = true)]
    pub auth_url: Option<String>,
    /// Why this browser's session ended, when it came back signed out with it: `account_disabled`
    /// (an administrator disabled the account). `null` otherwise.
    #[schema(required = true, value_type = Option<String>, pattern = "^account_disabled$", example = "account_disabled")]
    pub signed_out_reason: Option<&'static str>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionDto {
    pub id: uuid::Uuid,
    #[schema(required = true)]
    pub user_agent: Option<String>,
    #[schema(required = true)]
    pub ip: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    /// True for the session this request came with.
    pub current: bool,
}

impl SessionDto {
    /// `current`: the session of the request, if it came with one (a token has none).
    pub fn new(s: &Session, current: Option<&Session>) -> Self {
        Self {
            id: s.id.0,
            user_agent: s.user_agent.clone(),
            ip: s.ip.clone(),
            created_at: s.created_at,
            last_seen_at: s.last_seen_at,
            current: current.is_some_and(|c| c.id == s.id),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionsResponse {
    pub success: bool,
    pub sessions: Vec<SessionDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackQuery {
    /// WeChat's OAuth code (absent when the person declined).
    pub code: Option<String>,
    /// The `state` this server sent.
    pub state: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registration_reports_every_faulty_field() {
        let req = RegisterRequest {
            username: "ab".into(),
            password: "short".into(),
            nickname: Some("   ".into()),
        };
        let err = req.try_into_domain().unwrap_err();
        assert_eq!(err.code, "invalid_username");
        let body = err.render(crate::i18n::Lang::En);
        assert_eq!(body.status().as_u16(), 422);
    }

    #[test]
    fn blank_nickname_means_none() {
        let req = RegisterRequest {
            username: "alice".into(),
            password: "alice-password-1".into(),
            nickname: Some(" ".into()),
        };
        assert!(req.try_into_domain().unwrap().nickname.is_none());
    }

    #[test]
    fn impossible_login_names_are_wrong_credentials() {
        let req = LoginRequest {
            username: "a b".into(),
            password: "x".into(),
        };
        assert_eq!(
            req.try_into_domain().unwrap_err().code,
            "invalid_credentials"
        );
    }
}
