//! Request and response bodies of the auth endpoints. Requests carry raw strings; each
//! `try_into_domain` is the only way from them to the domain's parsed types.

use crate::http::error::ApiError;
use crate::i18n::Msg;
use accounts::model::{Nickname, Password, PhoneNumber, Session, User, Username, VerificationCode};
use accounts::{AccountsError, Registration};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    /// 3–32 of `a-z0-9_-`; upper case is folded to lower case.
    #[schema(example = "xiaoming")]
    #[validate(length(max = 256))]
    pub username: String,
    /// 8–128 characters.
    #[schema(example = "correct horse battery")]
    #[validate(length(max = 1024))]
    pub password: String,
    /// 1–32 characters; defaults to the username.
    #[schema(example = "小明")]
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
        let password = Password::parse(&self.password);
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
    #[schema(example = "xiaoming")]
    pub username: String,
    #[schema(example = "correct horse battery")]
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
    pub current_password: String,
    /// 8–128 characters.
    pub new_password: String,
}

impl ChangePasswordRequest {
    /// # Errors
    /// 403 `wrong_password` for an impossible current password; 422 `invalid_password` with a
    /// `newPassword` field message for a new one outside the rule.
    pub fn try_into_domain(self) -> Result<(Password, Password), ApiError> {
        let current = Password::for_login(&self.current_password)
            .map_err(|_| AccountsError::WrongPassword)?;
        let new = Password::parse(&self.new_password)
            .map_err(|e| ApiError::from(e).with_field("newPassword", Msg::InvalidPassword))?;
        Ok((current, new))
    }
}

/// A user as every client sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: uuid::Uuid,
    #[schema(example = "xiaoming")]
    pub username: String,
    #[schema(example = "小明")]
    pub nickname: String,
    /// `user` or `admin`.
    #[schema(example = "user")]
    pub role: String,
    pub avatar_url: Option<String>,
    /// Whether the account can sign in with a password.
    pub has_password: bool,
    /// The bound phone number, masked.
    pub phone: Option<PhoneDto>,
    pub wechat_linked: bool,
    pub created_at: DateTime<Utc>,
}

/// A phone number as screens show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneDto {
    /// Calling code without `+`: `86` or `1`.
    #[schema(example = "86")]
    pub prefix: &'static str,
    #[schema(example = "138****8000")]
    pub masked: String,
}

impl From<&User> for UserDto {
    fn from(u: &User) -> Self {
        Self {
            id: u.id.0,
            username: u.username.as_str().to_owned(),
            nickname: u.nickname.as_str().to_owned(),
            role: u.role.as_str().to_owned(),
            avatar_url: u.avatar_url.clone(),
            has_password: u.has_password,
            phone: u.phone.as_ref().map(|p| PhoneDto {
                prefix: p.region().prefix(),
                masked: p.masked(),
            }),
            wechat_linked: u.wechat.is_some(),
            created_at: u.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    #[schema(example = true)]
    pub success: bool,
    pub user: UserDto,
    pub message: &'static str,
}

impl AuthResponse {
    pub fn new(user: &User, message: &'static str) -> Self {
        Self {
            success: true,
            user: UserDto::from(user),
            message,
        }
    }

    /// The answer to every successful sign-in: this body and the new session's cookie.
    pub fn signed_in(
        req: &actix_web::HttpRequest,
        state: &crate::startup::AppState,
        status: actix_web::http::StatusCode,
        user: &User,
        issued: &accounts::IssuedSession,
        message: &'static str,
    ) -> actix_web::HttpResponse {
        actix_web::HttpResponse::build(status)
            .insert_header(("Cache-Control", "no-store"))
            .cookie(crate::http::extract::session_cookie(
                req,
                state,
                &issued.token,
            ))
            .json(Self::new(user, message))
    }
}

/// A phone number as typed, with its calling code.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneRequest {
    /// `86` or `1` (a leading `+` is accepted).
    #[schema(example = "86")]
    pub phone_prefix: String,
    /// Spaces, `-`, `(` and `)` are ignored.
    #[schema(example = "13800138000")]
    pub phone_number: String,
}

impl PhoneRequest {
    /// # Errors
    /// 422 `unsupported_phone_region` or `invalid_phone`.
    pub fn try_into_domain(&self) -> Result<PhoneNumber, ApiError> {
        Ok(PhoneNumber::parse(&self.phone_prefix, &self.phone_number)?)
    }
}

/// A phone number and the code sent to it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneCodeRequest {
    #[schema(example = "86")]
    pub phone_prefix: String,
    #[schema(example = "13800138000")]
    pub phone_number: String,
    /// The 6 digits from the SMS.
    #[schema(example = "123456")]
    pub verification_code: String,
}

impl PhoneCodeRequest {
    /// # Errors
    /// 422 `unsupported_phone_region`, `invalid_phone` or `invalid_verification_code`.
    pub fn try_into_domain(&self) -> Result<(PhoneNumber, VerificationCode), ApiError> {
        let phone = PhoneNumber::parse(&self.phone_prefix, &self.phone_number)?;
        let code = VerificationCode::parse(&self.verification_code)?;
        Ok((phone, code))
    }
}

/// A code was sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSentResponse {
    pub success: bool,
    pub message: &'static str,
    /// When it was sent; the resend countdown runs from here.
    pub sent_at: DateTime<Utc>,
    #[schema(example = 60)]
    pub resend_after_secs: u64,
    #[schema(example = 300)]
    pub expires_in_secs: i64,
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

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    #[schema(example = true)]
    pub success: bool,
    pub message: &'static str,
}

/// The browser's sign-in state (§7 `GET /api/auth/token`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStatus {
    pub success: bool,
    pub is_authenticated: bool,
    /// Whether an account is linked to `wechatOpenId` (false when no openid is known).
    pub has_user: bool,
    pub user: Option<UserDto>,
    /// The WeChat openid known to this browser, if any.
    pub wechat_open_id: Option<String>,
    /// Where the browser must go to continue signing in, if anywhere.
    pub auth_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionDto {
    pub id: uuid::Uuid,
    pub user_agent: Option<String>,
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
            password: "password1".into(),
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
