//! The one error type of the accounts domain. No HTTP status, no SQL: the server maps each
//! variant to a status and a stable code in `app-server/src/http/error.rs`.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum AccountsError {
    #[error("a username is 3 to 32 characters of a-z, 0-9, '_' and '-'")]
    InvalidUsername,
    #[error("this username is reserved")]
    ReservedUsername,
    #[error("a nickname is 1 to 32 characters")]
    InvalidNickname,
    #[error("a bio is at most 280 characters")]
    InvalidBio,
    /// A nickname or bio with words the operator's list refuses (each as written); `field` is
    /// `nickname` or `bio`.
    #[error("the {field} holds words that cannot be published")]
    WordsRefused {
        field: &'static str,
        found: Vec<String>,
    },
    #[error("not an avatar upload of this account that is still unused")]
    AvatarNotUsable,
    #[error("a password is 8 to 128 characters")]
    InvalidPassword,
    #[error("this password is one of the most common ones")]
    PasswordTooCommon,
    #[error("the username is taken")]
    UsernameTaken,
    #[error("wrong username or password")]
    InvalidCredentials,
    #[error("the current password is wrong")]
    WrongPassword,
    #[error("the account is disabled")]
    AccountDisabled,
    #[error("no such user")]
    UserNotFound,
    #[error("only an administrator may do this")]
    AdminOnly,
    #[error("an administrator cannot disable their own account")]
    CannotDisableSelf,
    #[error("no such session")]
    SessionNotFound,
    #[error("too many attempts; retry after {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error("only +86 and +1 numbers are served")]
    UnsupportedPhoneRegion,
    #[error("not a valid phone number for its region")]
    InvalidPhone,
    #[error("a verification code is 6 digits")]
    InvalidVerificationCode,
    #[error("wrong, expired or used verification code")]
    WrongVerificationCode,
    #[error("too many wrong tries; request a new code")]
    VerificationCodeExhausted,
    #[error("a code was sent less than a minute ago; retry after {retry_after_secs} s")]
    CodeResendTooSoon { retry_after_secs: u64 },
    #[error("the SMS provider refuses more codes for this number")]
    SmsThrottled,
    #[error("the SMS provider refused the message ({provider_code})")]
    SmsRejected { provider_code: String },
    #[error("the SMS provider cannot be reached")]
    SmsUnavailable(#[source] anyhow::Error),
    #[error("the phone number belongs to another account")]
    PhoneTaken,
    #[error("this WeChat account is linked to another account")]
    WechatTaken,
    #[error("the account is already linked to another WeChat account")]
    WechatAlreadyBound,
    #[error("no account is linked to this WeChat account")]
    WechatNotLinked,
    #[error("WeChat refused the sign-in code")]
    WechatCodeRejected,
    /// A WeChat OAuth round trip came back with a `state` this browser did not start, or one
    /// already spent.
    #[error("the WeChat sign-in's state is not this browser's, or was used already")]
    WechatStateInvalid,
    /// WeChat came back without a code (the person declined).
    #[error("WeChat sent no sign-in code")]
    WechatDenied,
    #[error("WeChat cannot be reached")]
    WechatUnavailable(#[source] anyhow::Error),
    #[error("this is the account's last way to sign in")]
    LastSignInMethod,
    #[error("changing how the account signs in needs a recent sign-in or re-authentication")]
    ReauthenticationRequired,
    #[error("the account has no phone number to send a code to")]
    NoPhoneBound,
    #[error("too many sign-ins are being checked at once; retry after {retry_after_secs} s")]
    Busy { retry_after_secs: u64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
