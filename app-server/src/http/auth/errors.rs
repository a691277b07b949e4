//! The accounts domain's errors as HTTP: status, typed code and sentence. The accounts domain
//! answers the auth, account, profiles and admin areas alike; its mapping lives here, beside
//! sign-in, where most of it arises.

use crate::http::error::{ApiError, Resource, SharedCode, error_codes};
use crate::i18n::Msg;
use accounts::AccountsError;
use actix_web::http::StatusCode;

error_codes! {
    /// The accounts domain's codes (sign-in, registration, phone, WeChat, sessions) and the WeChat sign-in's own.
    pub enum AuthCode {
        InvalidUsername = "invalid_username" => InvalidUsername,
        ReservedUsername = "reserved_username" => ReservedUsername,
        InvalidNickname = "invalid_nickname" => InvalidNickname,
        InvalidPassword = "invalid_password" => InvalidPassword,
        InvalidBio = "invalid_bio" => InvalidBio,
        AvatarNotUsable = "avatar_not_usable" => AvatarNotUsable,
        PasswordTooCommon = "password_too_common" => PasswordTooCommon,
        UsernameTaken = "username_taken" => UsernameTaken,
        InvalidCredentials = "invalid_credentials" => InvalidCredentials,
        WrongPassword = "wrong_password" => WrongPassword,
        AccountDisabled = "account_disabled" => AccountDisabled,
        CannotDisableSelf = "cannot_disable_self" => CannotDisableSelf,
        SessionNotFound = "session_not_found" => SessionNotFound,
        CodeResendTooSoon = "code_resend_too_soon" => CodeResendTooSoon,
        UnsupportedPhoneRegion = "unsupported_phone_region" => UnsupportedPhoneRegion,
        InvalidPhone = "invalid_phone" => InvalidPhone,
        InvalidVerificationCode = "invalid_verification_code" => InvalidVerificationCode,
        WrongVerificationCode = "wrong_verification_code" => WrongVerificationCode,
        VerificationCodeExhausted = "verification_code_exhausted" => VerificationCodeExhausted,
        SmsProviderThrottled = "sms_provider_throttled" => SmsThrottled,
        SmsProviderError = "sms_provider_error" => SmsProviderError,
        SmsUnavailable = "sms_unavailable" => SmsUnavailable,
        PhoneTaken = "phone_taken" => PhoneTaken,
        WechatAlreadyLinked = "wechat_already_linked" => WechatTaken,
        WechatAlreadyBound = "wechat_already_bound" => WechatAlreadyBound,
        WechatNotLinked = "wechat_not_linked" => WechatNotLinked,
        WechatCodeRejected = "wechat_code_rejected" => WechatCodeRejected,
        LastSignInMethod = "last_sign_in_method" => LastSignInMethod,
        ReauthenticationRequired = "reauthentication_required" => ReauthenticationRequired,
        NoPhoneBound = "no_phone_bound" => NoPhoneBound,
        WechatSessionMissing = "wechat_session_missing" => WechatSessionMissing,
        /// The WeChat callback's `state` is missing, forged, expired or spent (a redirect to
        /// `/?wechatError=invalid_state`, which the SPA words itself).
        InvalidState = "invalid_state" => WechatStateInvalid,
        /// The person declined WeChat's authorisation (a redirect to `/?wechatError=wechat_denied`).
        WechatDenied = "wechat_denied" => WechatDenied,
    }
}

impl From<AccountsError> for ApiError {
    fn from(e: AccountsError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            AccountsError::InvalidUsername => (
                S::UNPROCESSABLE_ENTITY,
                AuthCode::InvalidUsername,
                Msg::InvalidUsername,
            ),
            AccountsError::ReservedUsername => (
                S::UNPROCESSABLE_ENTITY,
                AuthCode::ReservedUsername,
                Msg::ReservedUsername,
            ),
            AccountsError::InvalidNickname => (
                S::UNPROCESSABLE_ENTITY,
                AuthCode::InvalidNickname,
                Msg::InvalidNickname,
            ),
            AccountsError::InvalidPassword => (
                S::UNPROCESSABLE_ENTITY,
                AuthCode::InvalidPassword,
                Msg::InvalidPassword,
            ),
            AccountsError::WordsRefused { field, found } => {
                return ApiError::words_refused(found, Some(field));
            }
            AccountsError::InvalidBio => {
                return ApiError::unprocessable(AuthCode::InvalidBio, Msg::InvalidBio)
                    .with_field("bio", Msg::InvalidBio);
            }
            AccountsError::AvatarNotUsable => {
                return ApiError::unprocessable(AuthCode::AvatarNotUsable, Msg::AvatarNotUsable)
                    .with_field("mediaId", Msg::AvatarNotUsable);
            }
            AccountsError::PasswordTooCommon => (
                S::UNPROCESSABLE_ENTITY,
                AuthCode::PasswordTooCommon,
                Msg::PasswordTooCommon,
            ),
            AccountsError::Busy { retry_after_secs } => {
                return ApiError::server_busy(retry_after_secs);
            }
            AccountsError::UsernameTaken => {
                (S::CONFLICT, AuthCode::UsernameTaken, Msg::UsernameTaken)
            }
            AccountsError::InvalidCredentials => (
                S::UNAUTHORIZED,
                AuthCode::InvalidCredentials,
                Msg::InvalidCredentials,
            ),
            AccountsError::WrongPassword => {
                (S::FORBIDDEN, AuthCode::WrongPassword, Msg::WrongPassword)
            }
            AccountsError::AccountDisabled => (
                S::FORBIDDEN,
                AuthCode::AccountDisabled,
                Msg::AccountDisabled,
            ),
            AccountsError::UserNotFound => return ApiError::missing(Resource::User),
            AccountsError::AdminOnly => return ApiError::forbidden(),
            AccountsError::CannotDisableSelf => (
                S::CONFLICT,
                AuthCode::CannotDisableSelf,
                Msg::CannotDisableSelf,
            ),
            AccountsError::SessionNotFound => (
                S::NOT_FOUND,
                AuthCode::SessionNotFound,
                Msg::SessionNotFound,
            ),
            AccountsError::RateLimited { retry_after_secs } => {
                return ApiError::rate_limited(retry_after_secs);
            }
            AccountsError::CodeResendTooSoon { retry_after_secs } => {
                return ApiError::new(
                    S::TOO_MANY_REQUESTS,
                    AuthCode::CodeResendTooSoon,
                    Msg::CodeResendTooSoon,
                )
                .with_retry_after(retry_after_secs);
            }
            AccountsError::UnsupportedPhoneRegion => (
                S::UNPROCESSABLE_ENTITY,
                AuthCode::UnsupportedPhoneRegion,
                Msg::UnsupportedPhoneRegion,
            ),
            AccountsError::InvalidPhone => {
                return ApiError::new(
                    S::UNPROCESSABLE_ENTITY,
                    AuthCode::InvalidPhone,
                    Msg::InvalidPhone,
                )
                .with_field("phoneNumber", Msg::InvalidPhone);
            }
            AccountsError::InvalidVerificationCode => {
                return ApiError::new(
                    S::UNPROCESSABLE_ENTITY,
                    AuthCode::InvalidVerificationCode,
                    Msg::InvalidVerificationCode,
                )
                .with_field("verificationCode", Msg::InvalidVerificationCode);
            }
            AccountsError::WrongVerificationCode => (
                S::UNAUTHORIZED,
                AuthCode::WrongVerificationCode,
                Msg::WrongVerificationCode,
            ),
            AccountsError::VerificationCodeExhausted => (
                S::UNAUTHORIZED,
                AuthCode::VerificationCodeExhausted,
                Msg::VerificationCodeExhausted,
            ),
            AccountsError::SmsThrottled => (
                S::TOO_MANY_REQUESTS,
                AuthCode::SmsProviderThrottled,
                Msg::SmsThrottled,
            ),
            AccountsError::SmsRejected { provider_code } => {
                tracing::error!(provider_code, "the SMS provider refused a message");
                return ApiError::new(
                    S::BAD_GATEWAY,
                    AuthCode::SmsProviderError,
                    Msg::SmsProviderError,
                );
            }
            AccountsError::SmsUnavailable(cause) => {
                tracing::error!(error = format!("{cause:#}"), "the SMS provider failed");
                (
                    S::SERVICE_UNAVAILABLE,
                    AuthCode::SmsUnavailable,
                    Msg::SmsUnavailable,
                )
            }
            AccountsError::PhoneTaken => (S::CONFLICT, AuthCode::PhoneTaken, Msg::PhoneTaken),
            AccountsError::WechatTaken => {
                (S::CONFLICT, AuthCode::WechatAlreadyLinked, Msg::WechatTaken)
            }
            AccountsError::WechatAlreadyBound => (
                S::CONFLICT,
                AuthCode::WechatAlreadyBound,
                Msg::WechatAlreadyBound,
            ),
            AccountsError::WechatNotLinked => (
                S::NOT_FOUND,
                AuthCode::WechatNotLinked,
                Msg::WechatNotLinked,
            ),
            AccountsError::WechatCodeRejected => (
                S::UNAUTHORIZED,
                AuthCode::WechatCodeRejected,
                Msg::WechatCodeRejected,
            ),
            // The OAuth callback answers these with a redirect (`?wechatError=`), never as JSON.
            AccountsError::WechatStateInvalid => (
                S::BAD_REQUEST,
                AuthCode::InvalidState,
                Msg::WechatStateInvalid,
            ),
            AccountsError::WechatDenied => {
                (S::UNAUTHORIZED, AuthCode::WechatDenied, Msg::WechatDenied)
            }
            AccountsError::WechatUnavailable(cause) => {
                tracing::error!(error = format!("{cause:#}"), "WeChat OAuth failed");
                return ApiError::new(
                    S::BAD_GATEWAY,
                    SharedCode::WechatError,
                    Msg::WechatUnavailable,
                );
            }
            AccountsError::LastSignInMethod => (
                S::CONFLICT,
                AuthCode::LastSignInMethod,
                Msg::LastSignInMethod,
            ),
            AccountsError::ReauthenticationRequired => (
                S::FORBIDDEN,
                AuthCode::ReauthenticationRequired,
                Msg::ReauthenticationRequired,
            ),
            AccountsError::NoPhoneBound => (S::CONFLICT, AuthCode::NoPhoneBound, Msg::NoPhoneBound),
            AccountsError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}
