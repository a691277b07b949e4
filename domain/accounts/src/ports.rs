//! What the accounts domain needs from the outside world. Adapters implement these; the
//! adapter's own tests check each `# Errors` list below.

use crate::AccountsError;
use crate::model::{
    Appearance, Bio, CodePurpose, NewUser, Nickname, Password, PasswordHash, PhoneNumber, Session,
    SessionToken, SessionTokenHash, User, UserKey, Username, VerificationCode,
    VerificationCodeHash, WechatIdentity, WechatProfile,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{MediaId, SessionId, Standing, UserId};

/// Stores accounts.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// # Errors
    /// MUST return `UsernameTaken` when the username exists or is held for another account
    /// after `user.created_at` (see [`UserRepository::update_profile`]), `PhoneTaken` when the
    /// phone number belongs to another account, `WechatTaken` when the WeChat openid does;
    /// `Unexpected` otherwise.
    async fn insert(&self, user: NewUser) -> Result<User, AccountsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find_by_phone(&self, phone: &PhoneNumber) -> Result<Option<User>, AccountsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find_by_wechat_openid(&self, openid: &str) -> Result<Option<User>, AccountsError>;

    /// Sets (binds or changes) the account's phone number.
    ///
    /// # Errors
    /// MUST return `PhoneTaken` when another account has the number; `Unexpected` otherwise.
    async fn set_phone(
        &self,
        id: UserId,
        phone: &PhoneNumber,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError>;

    /// Links (`Some`) or unlinks (`None`) a WeChat identity.
    ///
    /// # Errors
    /// MUST return `WechatTaken` when another account has the openid; `Unexpected` otherwise.
    async fn set_wechat(
        &self,
        id: UserId,
        wechat: Option<WechatIdentity>,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError>;

    /// How many accounts exist.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn count(&self) -> Result<u64, AccountsError>;

    /// The user and their password hash (None for accounts without a password).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_by_username(
        &self,
        username: &Username,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find_by_id(
        &self,
        id: UserId,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError>;

    /// The account `who` names as its profile shows it to `viewer`, read together in one
    /// statement (a profile is a busy page): the user, an avatar an administrator hid reading as
    /// none (as every `find_*` reads it), and where `viewer` stands with them as stored — what
    /// `viewer` holds against them, and whether a block stands between the two either way.
    /// Without a viewer (a visitor) the standing is the default: nothing held, no block. `None`
    /// when there is no such account.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_profile(
        &self,
        viewer: Option<UserId>,
        who: &UserKey,
    ) -> Result<Option<(User, Standing)>, AccountsError>;

    /// Disables the account at `at` and, in the same transaction, ends (expires at `at`) every
    /// one of its live sessions and revokes (at `at`) each of its personal access tokens that
    /// is neither revoked nor expired: nothing it held a moment before works after. The ended
    /// sessions' rows stay (so [`SessionRepository::find_owner`] can tell a returning browser
    /// why it was signed out) until [`UserRepository::enable`] deletes them. An account disabled
    /// already keeps its first `disabled_at` (whatever credentials it still has go all the
    /// same). `None` when there is no such account.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn disable(
        &self,
        id: UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<CredentialsRevoked>, AccountsError>;

    /// Clears `disabled_at` (sessions and tokens ended by [`UserRepository::disable`] stay
    /// ended: its ended sessions are deleted); `false` when there is no such account.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn enable(&self, id: UserId, now: DateTime<Utc>) -> Result<bool, AccountsError>;

    /// # Errors
    /// `Unexpected` only (a missing user is not an error: nothing changes).
    async fn set_password_hash(
        &self,
        id: UserId,
        hash: PasswordHash,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError>;

    /// Writes the profile's nickname, username and bio together and answers the account as
    /// stored. When the username changes, in the same transaction: the name given up is held
    /// for this account until `hold_until` (nobody else may take it before; no hold when
    /// `hold_until` is not after `now`), and a hold of this account's on the new name ends
    /// (the former owner took it back). Holds that ended may be forgotten.
    ///
    /// # Errors
    /// MUST return `UsernameTaken` when another account has the username (compared as stored:
    /// folded to lower case) or holds it after `now`; `Unexpected` otherwise (a missing user
    /// included).
    async fn update_profile(
        &self,
        id: UserId,
        profile: ProfileUpdate,
        hold_until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<User, AccountsError>;

    /// Makes `avatar` the account's avatar (`None`: no avatar) and answers the avatar it had.
    /// A new avatar must be the account's own `avatar` upload that nothing uses yet; it is
    /// marked attached in the same transaction.
    ///
    /// # Errors
    /// MUST return `AvatarNotUsable` when the file is missing, someone else's, of another kind
    /// or not unattached; `Unexpected` otherwise.
    async fn set_avatar(
        &self,
        id: UserId,
        avatar: Option<MediaId>,
        now: DateTime<Utc>,
    ) -> Result<Option<MediaId>, AccountsError>;

    /// Saves the appearance (each field as given, `None` clearing it).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn set_appearance(
        &self,
        id: UserId,
        appearance: Appearance,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError>;
}

/// A profile as it will be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileUpdate {
    pub nickname: Nickname,
    pub username: Username,
    pub bio: Option<Bio>,
}

/// What disabling an account ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CredentialsRevoked {
    /// Sessions deleted.
    pub sessions: u64,
    /// Personal access tokens revoked.
    pub tokens: u64,
}

/// Stores sessions, keyed by the hash of their token.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SessionRepository: Send + Sync {
    /// # Errors
    /// `Unexpected` only.
    async fn insert(&self, session: Session) -> Result<(), AccountsError>;

    /// A session that has not expired at `now`, with its user, read together: every
    /// authenticated request pays this lookup, so it is one round trip.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_live(
        &self,
        token_hash: &SessionTokenHash,
        now: DateTime<Utc>,
    ) -> Result<Option<(Session, User)>, AccountsError>;

    /// Records use: sets `last_seen_at` and `expires_at`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn touch(
        &self,
        id: SessionId,
        last_seen_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), AccountsError>;

    /// The account of the session with this token hash, live or ended (a disabled account's
    /// ended sessions are kept until it is enabled again); `None` when there is none.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_owner(
        &self,
        token_hash: &SessionTokenHash,
    ) -> Result<Option<User>, AccountsError>;

    /// Records that the account was proven again on this session at `at`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn mark_reauthenticated(
        &self,
        id: SessionId,
        at: DateTime<Utc>,
    ) -> Result<(), AccountsError>;

    /// The user's sessions that have not expired, newest first.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn list_live_for_user(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Session>, AccountsError>;

    /// Deletes one session of one user; `false` when there was none.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete_for_user(&self, user_id: UserId, id: SessionId) -> Result<bool, AccountsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn delete_by_token_hash(
        &self,
        token_hash: &SessionTokenHash,
    ) -> Result<(), AccountsError>;

    /// Deletes every session of the user except `keep`; returns how many went.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete_others(&self, user_id: UserId, keep: SessionId) -> Result<u64, AccountsError>;

    /// Deletes sessions that expired before `now`, except those of disabled accounts; returns
    /// how many went.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, AccountsError>;
}

/// Slow, salted password hashing (argon2id in production). Implementations run the work off
/// the async executor and bound how many hashes run at once.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// # Errors
    /// `Busy` when too many hashes are waiting already; `Unexpected` otherwise.
    async fn hash(&self, password: &Password) -> Result<PasswordHash, AccountsError>;

    /// `Ok(false)` for a wrong password.
    ///
    /// # Errors
    /// `Busy` when too many hashes are waiting already; `Unexpected` when the stored hash is not
    /// a valid PHC string.
    async fn verify(&self, password: &Password, hash: &PasswordHash)
    -> Result<bool, AccountsError>;

    /// Whether a stored hash was made with other settings than today's (algorithm, version,
    /// cost or output length), so it should be replaced after the next successful check.
    fn needs_rehash(&self, hash: &PasswordHash) -> bool;
}

/// Fresh secrets from a CSPRNG.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait SecretGenerator: Send + Sync {
    /// A session token carrying 256 random bits.
    fn session_token(&self) -> SessionToken;

    /// Six uniformly random digits.
    fn verification_code(&self) -> VerificationCode;

    /// 32 lower-case hex digits (128 random bits): the `state` of a WeChat OAuth round trip
    /// (WeChat allows only `[a-zA-Z0-9]{1,128}`) and the nonce of a WeChat proof.
    fn nonce(&self) -> String;
}

kernel::typed_id!(
    /// Identifies one sent verification code.
    CodeId
);

/// A verification code as stored: only its hash, never the digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCode {
    pub id: CodeId,
    pub phone: PhoneNumber,
    pub purpose: CodePurpose,
    pub code_hash: VerificationCodeHash,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// Tries used so far, the one being reserved included.
    pub attempts: u32,
}

/// What happened when a try at a code was reserved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttemptOutcome {
    /// No unused, unexpired code for this number and purpose.
    NoLiveCode,
    /// The live code has used up its tries.
    Exhausted,
    /// One try was counted; compare the guess against this code.
    Reserved(StoredCode),
}

/// Stores SMS verification codes (hashed). Each number has at most one live code per purpose.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait VerificationCodeRepository: Send + Sync {
    /// Stores a fresh code and deletes every earlier code of the same number and purpose.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn replace(&self, code: StoredCode) -> Result<(), AccountsError>;

    /// Atomically counts one try against the live code of this number and purpose, unless it
    /// already had `max_attempts`. Concurrent callers can never get more than `max_attempts`
    /// tries in total.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn reserve_attempt(
        &self,
        phone: &PhoneNumber,
        purpose: CodePurpose,
        max_attempts: u32,
        now: DateTime<Utc>,
    ) -> Result<AttemptOutcome, AccountsError>;

    /// Marks the code used; `false` when it was used already (another request won the race).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn consume(&self, id: CodeId, now: DateTime<Utc>) -> Result<bool, AccountsError>;

    /// Deletes codes that expired before `now`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, AccountsError>;
}

/// Delivers verification codes by SMS.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SmsSender: Send + Sync {
    /// Sends `code` to `phone`.
    ///
    /// # Errors
    /// MUST return `SmsThrottled` when the provider refuses more messages to this number
    /// (flow control); `InvalidPhone` when the provider says it is not a mobile number;
    /// `SmsRejected` with the provider's code for any other refusal (credentials, signature,
    /// template, balance); `SmsUnavailable` for time-outs, network failures and unreadable
    /// answers.
    async fn send_code(
        &self,
        phone: &PhoneNumber,
        code: &VerificationCode,
    ) -> Result<(), AccountsError>;

    /// `aliyun`, `log`, … for the admin console.
    fn provider(&self) -> &'static str;
}

/// WeChat's web OAuth for the official account (snsapi_userinfo).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait WechatOAuth: Send + Sync {
    /// The URL to send the browser to; WeChat returns it to `redirect_uri` with `code` and
    /// `state`.
    fn authorize_url(&self, redirect_uri: &str, state: &str) -> String;

    /// Exchanges an OAuth code for the person's identity and public profile.
    ///
    /// # Errors
    /// MUST return `WechatCodeRejected` for an invalid, expired or already used code;
    /// `WechatUnavailable` for every other failure (credentials, rate limits, time-outs,
    /// unreadable answers).
    async fn exchange_code(&self, code: &str) -> Result<WechatProfile, AccountsError>;
}
