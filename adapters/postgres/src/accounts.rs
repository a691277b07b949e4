//! The accounts ports over sea-orm: users, sessions and verification codes. One port call is
//! one statement or one transaction; a unique violation becomes the domain's `UsernameTaken`,
//! `PhoneTaken` or `WechatTaken` here.

use crate::entities::{
    media, personal_access_tokens as pat, sessions, username_holds, users, verification_codes,
};
use crate::sql::{Sql, rows};
use crate::unexpected;
use ::media::{MediaKind, MediaState};
use accounts::AccountsError;
use accounts::model::{
    Appearance, Bio, CodePurpose, ColorMode, Language, NewUser, Nickname, PasswordHash,
    PhoneNumber, Session, SessionTokenHash, User, UserKey, Username, VerificationCodeHash,
    WechatIdentity,
};
use accounts::ports::{
    AttemptOutcome, CodeId, CredentialsRevoked, ProfileUpdate, SessionRepository, StoredCode,
    UserRepository, VerificationCodeRepository,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{MediaId, Role, SessionId, Standing, UserId};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbBackend,
    DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set, SqlErr, TransactionTrait,
};

#[derive(Debug, Clone)]
pub struct SqlUserRepository {
    db: DatabaseConnection,
}

impl SqlUserRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

/// A user's columns as the domain reads them: the password hash only as whether there is one.
struct UserFields {
    id: uuid::Uuid,
    username: String,
    nickname: String,
    role: String,
    avatar_url: Option<String>,
    avatar_media_id: Option<uuid::Uuid>,
    bio: Option<String>,
    color_mode: Option<String>,
    language: Option<String>,
    has_password: bool,
    phone: Option<String>,
    wechat_openid: Option<String>,
    wechat_unionid: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    disabled_at: Option<DateTime<Utc>>,
}

fn user_of(m: UserFields) -> Result<User, AccountsError> {
    // Stored rows were valid when written; a row that no longer parses is data corruption.
    let username = Username::parse(&m.username)
        .map_err(|_| anyhow::anyhow!("stored username {:?} is invalid", m.username))?;
    let nickname =
        Nickname::parse(&m.nickname).unwrap_or_else(|_| Nickname::from_username(&username));
    let phone = m
        .phone
        .as_deref()
        .map(PhoneNumber::from_e164)
        .transpose()
        .map_err(|_| anyhow::anyhow!("stored phone of user {} is invalid", m.id))?;
    let wechat = m.wechat_openid.map(|openid| WechatIdentity {
        openid,
        unionid: m.wechat_unionid,
    });
    Ok(User {
        id: UserId(m.id),
        username,
        nickname,
        role: Role::from_stored(&m.role),
        avatar_url: m.avatar_url,
        avatar: m.avatar_media_id.map(MediaId),
        bio: m.bio.map(Bio::from_stored),
        appearance: Appearance {
            color_mode: m.color_mode.as_deref().and_then(ColorMode::from_stored),
            language: m.language.as_deref().and_then(Language::from_stored),
        },
        has_password: m.has_password,
        phone,
        wechat,
        created_at: m.created_at,
        updated_at: m.updated_at,
        disabled_at: m.disabled_at,
    })
}

/// A user's columns, of `users` as `u`, under the names [`user_of_row`] reads: what [`User`]
/// holds, the password hash only as whether there is one, and an avatar an administrator hid
/// as none.
const USER_COLUMNS: &str = "u.id, u.username, u.nickname, u.role, u.avatar_url, \
     CASE WHEN EXISTS (SELECT 1 FROM media hm WHERE hm.id = u.avatar_media_id \
     AND hm.hidden_at IS NOT NULL) THEN NULL ELSE u.avatar_media_id END AS avatar_media_id, \
     u.bio, u.color_mode, u.language, u.password_hash IS NOT NULL AS has_password, u.phone, \
     u.wechat_openid, u.wechat_unionid, u.created_at, u.updated_at, u.disabled_at";

/// The user of a row read with [`USER_COLUMNS`].
fn user_of_row(row: &sea_orm::QueryResult) -> Result<User, AccountsError> {
    fn get<T: sea_orm::TryGetable>(row: &sea_orm::QueryResult, name: &str) -> anyhow::Result<T> {
        row.try_get("", name).map_err(unexpected)
    }
    user_of(UserFields {
        id: get(row, "id")?,
        username: get(row, "username")?,
        nickname: get(row, "nickname")?,
        role: get(row, "role")?,
        avatar_url: get(row, "avatar_url")?,
        avatar_media_id: get(row, "avatar_media_id")?,
        bio: get(row, "bio")?,
        color_mode: get(row, "color_mode")?,
        language: get(row, "language")?,
        has_password: get(row, "has_password")?,
        phone: get(row, "phone")?,
        wechat_openid: get(row, "wechat_openid")?,
        wechat_unionid: get(row, "wechat_unionid")?,
        created_at: get(row, "created_at")?,
        updated_at: get(row, "updated_at")?,
        disabled_at: get(row, "disabled_at")?,
    })
}

fn to_user(m: users::Model) -> Result<(User, Option<PasswordHash>), AccountsError> {
    let user = user_of(UserFields {
        id: m.id,
        username: m.username,
        nickname: m.nickname,
        role: m.role,
        avatar_url: m.avatar_url,
        avatar_media_id: m.avatar_media_id,
        bio: m.bio,
        color_mode: m.color_mode,
        language: m.language,
        has_password: m.password_hash.is_some(),
        phone: m.phone,
        wechat_openid: m.wechat_openid,
        wechat_unionid: m.wechat_unionid,
        created_at: m.created_at,
        updated_at: m.updated_at,
        disabled_at: m.disabled_at,
    })?;
    Ok((user, m.password_hash.map(PasswordHash::new)))
}

#[async_trait]
impl UserRepository for SqlUserRepository {
    async fn insert(&self, user: NewUser) -> Result<User, AccountsError> {
        let row = users::ActiveModel {
            id: Set(user.id.0),
            username: Set(user.username.as_str().to_owned()),
            nickname: Set(user.nickname.as_str().to_owned()),
            password_hash: Set(user.password_hash.map(|h| h.as_str().to_owned())),
            role: Set(user.role.as_str().to_owned()),
            avatar_url: Set(user.avatar_url),
            phone: Set(user.phone.as_ref().map(PhoneNumber::e164)),
            wechat_openid: Set(user.wechat.as_ref().map(|w| w.openid.clone())),
            wechat_unionid: Set(user.wechat.and_then(|w| w.unionid)),
            created_at: Set(user.created_at),
            updated_at: Set(user.created_at),
            disabled_at: Set(None),
            avatar_media_id: Set(None),
            bio: Set(None),
            color_mode: Set(None),
            language: Set(None),
        };
        let txn = self.db.begin().await.map_err(unexpected)?;
        if held_for_another(&txn, user.username.as_str(), user.id, user.created_at).await? {
            txn.rollback().await.map_err(unexpected)?;
            return Err(AccountsError::UsernameTaken);
        }
        let inserted = match row.insert(&txn).await {
            Ok(m) => to_user(m).map(|(u, _)| u)?,
            Err(e) => {
                txn.rollback().await.map_err(unexpected)?;
                return Err(classify_user_write(e));
            }
        };
        txn.commit().await.map_err(unexpected)?;
        Ok(inserted)
    }

    async fn find_by_phone(&self, phone: &PhoneNumber) -> Result<Option<User>, AccountsError> {
        self.find_one(users::Column::Phone.eq(phone.e164())).await
    }

    async fn find_by_wechat_openid(&self, openid: &str) -> Result<Option<User>, AccountsError> {
        self.find_one(users::Column::WechatOpenid.eq(openid)).await
    }

    async fn set_phone(
        &self,
        id: UserId,
        phone: &PhoneNumber,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        users::Entity::update_many()
            .col_expr(users::Column::Phone, Expr::value(phone.e164()))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(classify_user_write)?;
        Ok(())
    }

    async fn set_wechat(
        &self,
        id: UserId,
        wechat: Option<WechatIdentity>,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        let (openid, unionid) = match wechat {
            Some(w) => (Some(w.openid), w.unionid),
            None => (None, None),
        };
        users::Entity::update_many()
            .col_expr(users::Column::WechatOpenid, Expr::value(openid))
            .col_expr(users::Column::WechatUnionid, Expr::value(unionid))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(classify_user_write)?;
        Ok(())
    }

    async fn count(&self) -> Result<u64, AccountsError> {
        // Kept by triggers (migration 000028), not counted per request.
        let [users] = crate::system::totals(&self.db, ["users"]).await?;
        Ok(users)
    }

    async fn find_by_username(
        &self,
        username: &Username,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError> {
        let found = users::Entity::find()
            .filter(users::Column::Username.eq(username.as_str()))
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(to_user)
            .transpose()?;
        without_hidden_avatar(&self.db, found).await
    }

    async fn find_by_id(
        &self,
        id: UserId,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError> {
        let found = users::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(to_user)
            .transpose()?;
        without_hidden_avatar(&self.db, found).await
    }

    async fn find_profile(
        &self,
        viewer: Option<UserId>,
        who: &UserKey,
    ) -> Result<Option<(User, Standing)>, AccountsError> {
        // One statement: the user with the hidden-avatar check, and the viewer's standing as
        // two sub-selects on `user_blocks` (none for a visitor).
        let mut sql = Sql::new(&format!("SELECT {USER_COLUMNS}"));
        if let Some(viewer) = viewer {
            let v = sql.bind(viewer.0);
            sql.push(&format!(
                ", {}",
                crate::blocks::standing_columns(&v, "u.id")
            ));
        }
        let condition = match who {
            UserKey::Id(id) => format!(" FROM users u WHERE u.id = {}", sql.bind(id.0)),
            UserKey::Username(name) => format!(
                " FROM users u WHERE u.username = {}",
                sql.bind(name.as_str())
            ),
        };
        sql.push(&condition);
        let Some(row) = rows(&self.db, sql).await?.into_iter().next() else {
            return Ok(None);
        };
        let standing = match viewer {
            Some(_) => crate::blocks::standing_of(&row)?,
            None => Standing::default(),
        };
        Ok(Some((user_of_row(&row)?, standing)))
    }

    async fn update_profile(
        &self,
        id: UserId,
        profile: ProfileUpdate,
        hold_until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<User, AccountsError> {
        let txn = self.db.begin().await.map_err(unexpected)?;
        let Some(current) = users::Entity::find_by_id(id.0)
            .one(&txn)
            .await
            .map_err(unexpected)?
        else {
            txn.rollback().await.map_err(unexpected)?;
            return Err(anyhow::anyhow!("no user {id} to update").into());
        };
        let new_name = profile.username.as_str().to_owned();
        let renamed = current.username != new_name;
        if renamed && held_for_another(&txn, &new_name, id, now).await? {
            txn.rollback().await.map_err(unexpected)?;
            return Err(AccountsError::UsernameTaken);
        }
        let result = users::Entity::update_many()
            .col_expr(
                users::Column::Nickname,
                Expr::value(profile.nickname.as_str().to_owned()),
            )
            .col_expr(
                users::Column::Username,
                Expr::value(profile.username.as_str().to_owned()),
            )
            .col_expr(
                users::Column::Bio,
                Expr::value(profile.bio.as_ref().map(|b| b.as_str().to_owned())),
            )
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&txn)
            .await;
        let result = match result {
            Ok(r) => r,
            Err(e) => {
                txn.rollback().await.map_err(unexpected)?;
                return Err(classify_user_write(e));
            }
        };
        if result.rows_affected == 0 {
            txn.rollback().await.map_err(unexpected)?;
            return Err(anyhow::anyhow!("no user {id} to update").into());
        }
        if renamed {
            // Ended holds go; so does the new name's hold (its former owner took it back);
            // the name given up is held for this account.
            username_holds::Entity::delete_many()
                .filter(
                    Condition::any()
                        .add(username_holds::Column::HeldUntil.lte(now))
                        .add(username_holds::Column::Username.eq(new_name.as_str()))
                        .add(username_holds::Column::Username.eq(current.username.as_str())),
                )
                .exec(&txn)
                .await
                .map_err(unexpected)?;
            if hold_until > now {
                username_holds::ActiveModel {
                    username: Set(current.username.clone()),
                    user_id: Set(id.0),
                    held_until: Set(hold_until),
                }
                .insert(&txn)
                .await
                .map_err(unexpected)?;
            }
        }
        txn.commit().await.map_err(unexpected)?;
        self.find_by_id(id)
            .await?
            .map(|(u, _)| u)
            .ok_or_else(|| anyhow::anyhow!("user {id} vanished").into())
    }

    async fn set_avatar(
        &self,
        id: UserId,
        avatar: Option<MediaId>,
        now: DateTime<Utc>,
    ) -> Result<Option<MediaId>, AccountsError> {
        let txn = self.db.begin().await.map_err(unexpected)?;
        let Some(user) = users::Entity::find_by_id(id.0)
            .one(&txn)
            .await
            .map_err(unexpected)?
        else {
            txn.rollback().await.map_err(unexpected)?;
            return Err(anyhow::anyhow!("no user {id} to set an avatar for").into());
        };
        let old = user.avatar_media_id.map(MediaId);
        if let Some(new) = avatar.filter(|a| Some(*a) != old) {
            // One statement checks and claims the upload, so two requests cannot both take it.
            let claimed = media::Entity::update_many()
                .col_expr(
                    media::Column::State,
                    Expr::value(MediaState::Attached.as_str()),
                )
                .filter(media::Column::Id.eq(new.0))
                .filter(media::Column::OwnerId.eq(id.0))
                .filter(media::Column::Kind.eq(MediaKind::Avatar.as_str()))
                .filter(media::Column::State.eq(MediaState::Unattached.as_str()))
                .exec(&txn)
                .await
                .map_err(unexpected)?;
            if claimed.rows_affected != 1 {
                txn.rollback().await.map_err(unexpected)?;
                return Err(AccountsError::AvatarNotUsable);
            }
        }
        users::Entity::update_many()
            .col_expr(
                users::Column::AvatarMediaId,
                Expr::value(avatar.map(|a| a.0)),
            )
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&txn)
            .await
            .map_err(unexpected)?;
        txn.commit().await.map_err(unexpected)?;
        Ok(old)
    }

    async fn set_appearance(
        &self,
        id: UserId,
        appearance: Appearance,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        users::Entity::update_many()
            .col_expr(
                users::Column::ColorMode,
                Expr::value(appearance.color_mode.map(ColorMode::as_str)),
            )
            .col_expr(
                users::Column::Language,
                Expr::value(appearance.language.map(Language::as_str)),
            )
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn set_password_hash(
        &self,
        id: UserId,
        hash: PasswordHash,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        users::Entity::update_many()
            .col_expr(
                users::Column::PasswordHash,
                Expr::value(hash.as_str().to_owned()),
            )
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn disable(
        &self,
        id: UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<CredentialsRevoked>, AccountsError> {
        let txn = self.db.begin().await.map_err(unexpected)?;
        let Some(user) = users::Entity::find_by_id(id.0)
            .one(&txn)
            .await
            .map_err(unexpected)?
        else {
            txn.rollback().await.map_err(unexpected)?;
            return Ok(None);
        };
        if user.disabled_at.is_none() {
            users::Entity::update_many()
                .col_expr(users::Column::DisabledAt, Expr::value(Some(at)))
                .col_expr(users::Column::UpdatedAt, Expr::value(at))
                .filter(users::Column::Id.eq(id.0))
                .exec(&txn)
                .await
                .map_err(unexpected)?;
        }
        // Ended, not deleted: the row lets a request with the cookie learn why it is signed
        // out (`find_owner`); the purge spares it while the account stays disabled.
        let sessions = sessions::Entity::update_many()
            .col_expr(sessions::Column::ExpiresAt, Expr::value(at))
            .filter(sessions::Column::UserId.eq(id.0))
            .filter(sessions::Column::ExpiresAt.gt(at))
            .exec(&txn)
            .await
            .map_err(unexpected)?
            .rows_affected;
        let tokens = pat::Entity::update_many()
            .col_expr(pat::Column::RevokedAt, Expr::value(Some(at)))
            .filter(pat::Column::UserId.eq(id.0))
            .filter(pat::Column::RevokedAt.is_null())
            .filter(
                Condition::any()
                    .add(pat::Column::ExpiresAt.is_null())
                    .add(pat::Column::ExpiresAt.gt(at)),
            )
            .exec(&txn)
            .await
            .map_err(unexpected)?
            .rows_affected;
        txn.commit().await.map_err(unexpected)?;
        Ok(Some(CredentialsRevoked { sessions, tokens }))
    }

    async fn enable(&self, id: UserId, now: DateTime<Utc>) -> Result<bool, AccountsError> {
        // The sessions disabling ended stay ended: they go now.
        sessions::Entity::delete_many()
            .filter(sessions::Column::UserId.eq(id.0))
            .filter(sessions::Column::ExpiresAt.lte(now))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        let changed = users::Entity::update_many()
            .col_expr(
                users::Column::DisabledAt,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?
            .rows_affected;
        Ok(changed == 1)
    }
}

impl SqlUserRepository {
    async fn find_one(
        &self,
        filter: sea_orm::sea_query::SimpleExpr,
    ) -> Result<Option<User>, AccountsError> {
        let found = users::Entity::find()
            .filter(filter)
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(to_user)
            .transpose()?;
        Ok(without_hidden_avatar(&self.db, found)
            .await?
            .map(|(u, _)| u))
    }
}

/// A user as read, without an avatar an administrator hid: no answer shows it (the row keeps it,
/// so unhiding brings it back). One look-up by key, only for a user with an uploaded avatar.
async fn without_hidden_avatar<T>(
    db: &impl sea_orm::ConnectionTrait,
    found: Option<(User, T)>,
) -> Result<Option<(User, T)>, AccountsError> {
    let Some((mut user, rest)) = found else {
        return Ok(None);
    };
    if let Some(avatar) = user.avatar {
        let hidden = crate::entities::media::Entity::find_by_id(avatar.0)
            .filter(crate::entities::media::Column::HiddenAt.is_not_null())
            .count(db)
            .await
            .map_err(unexpected)?;
        if hidden > 0 {
            user.avatar = None;
        }
    }
    Ok(Some((user, rest)))
}

/// Whether `username` is held for an account other than `user` after `at`.
async fn held_for_another(
    txn: &sea_orm::DatabaseTransaction,
    username: &str,
    user: UserId,
    at: DateTime<Utc>,
) -> Result<bool, AccountsError> {
    let hold = username_holds::Entity::find_by_id(username.to_owned())
        .one(txn)
        .await
        .map_err(unexpected)?;
    Ok(hold.is_some_and(|h| h.user_id != user.0 && h.held_until > at))
}

/// Which unique rule a write broke, from the constraint's name (Postgres) or column (SQLite).
fn classify_user_write(e: DbErr) -> AccountsError {
    match e.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(detail)) => {
            if detail.contains("phone") {
                AccountsError::PhoneTaken
            } else if detail.contains("wechat") {
                AccountsError::WechatTaken
            } else {
                AccountsError::UsernameTaken
            }
        }
        _ => unexpected(e).into(),
    }
}

#[derive(Debug, Clone)]
pub struct SqlSessionRepository {
    db: DatabaseConnection,
}

impl SqlSessionRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_session(m: sessions::Model) -> Session {
    Session {
        id: SessionId(m.id),
        user_id: UserId(m.user_id),
        token_hash: SessionTokenHash(m.token_hash),
        user_agent: m.user_agent,
        ip: m.ip,
        created_at: m.created_at,
        last_seen_at: m.last_seen_at,
        expires_at: m.expires_at,
        reauthenticated_at: m.reauthenticated_at,
    }
}

/// The session lookup every signed-in request makes ([`SessionRepository::find_live`]), written
/// once for each engine: the text never changes, so sqlx prepares it once per connection and
/// each request only binds the token's hash and the time. It reads what [`Session`] and [`User`]
/// hold and nothing more (not the token hash, which the caller has; not the password hash, only
/// whether there is one), in the order [`live_session_of`] reads the row; an avatar an
/// administrator hid reads as none, in the same statement.
macro_rules! live_session_sql {
    ($hash:literal, $now:literal) => {
        concat!(
            "SELECT s.id, s.user_agent, s.ip, s.created_at, s.last_seen_at, s.expires_at, ",
            "s.reauthenticated_at, ",
            "u.id, u.username, u.nickname, u.role, u.avatar_url, ",
            "CASE WHEN EXISTS (SELECT 1 FROM media hm WHERE hm.id = u.avatar_media_id ",
            "AND hm.hidden_at IS NOT NULL) THEN NULL ELSE u.avatar_media_id END, ",
            "u.bio, u.color_mode, u.language, u.password_hash IS NOT NULL, u.phone, ",
            "u.wechat_openid, u.wechat_unionid, u.created_at, u.updated_at, u.disabled_at ",
            "FROM sessions s JOIN users u ON u.id = s.user_id ",
            "WHERE s.token_hash = ",
            $hash,
            " AND s.expires_at > ",
            $now
        )
    };
}

/// [`live_session_sql`] for PostgreSQL: `$1` the token's hash, `$2` now.
pub const LIVE_SESSION_PG: &str = live_session_sql!("$1", "$2");
/// [`live_session_sql`] for SQLite.
const LIVE_SESSION_SQLITE: &str = live_session_sql!("?1", "?2");

/// A row of [`live_session_sql`], read by position.
fn live_session_of(
    row: &sea_orm::QueryResult,
    token_hash: &SessionTokenHash,
) -> Result<(Session, User), AccountsError> {
    fn at<T: sea_orm::TryGetable>(row: &sea_orm::QueryResult, i: usize) -> anyhow::Result<T> {
        row.try_get_by_index(i).map_err(unexpected)
    }
    let user_id: uuid::Uuid = at(row, 7)?;
    let session = Session {
        id: SessionId(at(row, 0)?),
        user_id: UserId(user_id),
        token_hash: token_hash.clone(),
        user_agent: at(row, 1)?,
        ip: at(row, 2)?,
        created_at: at(row, 3)?,
        last_seen_at: at(row, 4)?,
        expires_at: at(row, 5)?,
        reauthenticated_at: at(row, 6)?,
    };
    let user = user_of(UserFields {
        id: user_id,
        username: at(row, 8)?,
        nickname: at(row, 9)?,
        role: at(row, 10)?,
        avatar_url: at(row, 11)?,
        avatar_media_id: at(row, 12)?,
        bio: at(row, 13)?,
        color_mode: at(row, 14)?,
        language: at(row, 15)?,
        has_password: at(row, 16)?,
        phone: at(row, 17)?,
        wechat_openid: at(row, 18)?,
        wechat_unionid: at(row, 19)?,
        created_at: at(row, 20)?,
        updated_at: at(row, 21)?,
        disabled_at: at(row, 22)?,
    })?;
    Ok((session, user))
}

#[async_trait]
impl SessionRepository for SqlSessionRepository {
    async fn insert(&self, s: Session) -> Result<(), AccountsError> {
        sessions::ActiveModel {
            id: Set(s.id.0),
            user_id: Set(s.user_id.0),
            token_hash: Set(s.token_hash.0),
            user_agent: Set(s.user_agent),
            ip: Set(s.ip),
            created_at: Set(s.created_at),
            last_seen_at: Set(s.last_seen_at),
            expires_at: Set(s.expires_at),
            reauthenticated_at: Set(s.reauthenticated_at),
        }
        .insert(&self.db)
        .await
        .map_err(unexpected)?;
        Ok(())
    }

    async fn find_live(
        &self,
        token_hash: &SessionTokenHash,
        now: DateTime<Utc>,
    ) -> Result<Option<(Session, User)>, AccountsError> {
        let backend = self.db.get_database_backend();
        let sql = match backend {
            DbBackend::Sqlite => LIVE_SESSION_SQLITE,
            _ => LIVE_SESSION_PG,
        };
        let statement = sea_orm::Statement::from_sql_and_values(
            backend,
            sql,
            [token_hash.0.as_str().into(), now.into()],
        );
        let Some(row) = self.db.query_one_raw(statement).await.map_err(unexpected)? else {
            return Ok(None);
        };
        live_session_of(&row, token_hash).map(Some)
    }

    async fn touch(
        &self,
        id: SessionId,
        last_seen_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::LastSeenAt, Expr::value(last_seen_at))
            .col_expr(sessions::Column::ExpiresAt, Expr::value(expires_at))
            .filter(sessions::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn mark_reauthenticated(
        &self,
        id: SessionId,
        at: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::ReauthenticatedAt, Expr::value(at))
            .filter(sessions::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn list_live_for_user(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Session>, AccountsError> {
        Ok(sessions::Entity::find()
            .filter(sessions::Column::UserId.eq(user_id.0))
            .filter(sessions::Column::ExpiresAt.gt(now))
            .order_by_desc(sessions::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(unexpected)?
            .into_iter()
            .map(to_session)
            .collect())
    }

    async fn delete_for_user(&self, user_id: UserId, id: SessionId) -> Result<bool, AccountsError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::Id.eq(id.0))
            .filter(sessions::Column::UserId.eq(user_id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(res.rows_affected > 0)
    }

    async fn delete_by_token_hash(
        &self,
        token_hash: &SessionTokenHash,
    ) -> Result<(), AccountsError> {
        sessions::Entity::delete_many()
            .filter(sessions::Column::TokenHash.eq(token_hash.0.as_str()))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn delete_others(&self, user_id: UserId, keep: SessionId) -> Result<u64, AccountsError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::UserId.eq(user_id.0))
            .filter(sessions::Column::Id.ne(keep.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(res.rows_affected)
    }

    async fn find_owner(
        &self,
        token_hash: &SessionTokenHash,
    ) -> Result<Option<User>, AccountsError> {
        let found = sessions::Entity::find()
            .find_also_related(users::Entity)
            .filter(sessions::Column::TokenHash.eq(token_hash.0.as_str()))
            .one(&self.db)
            .await
            .map_err(unexpected)?;
        match found {
            Some((_, Some(user))) => Ok(Some(to_user(user)?.0)),
            _ => Ok(None),
        }
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, AccountsError> {
        // A disabled account's ended sessions stay until it is enabled (see `disable`).
        let disabled = sea_orm::sea_query::Query::select()
            .column(users::Column::Id)
            .from(users::Entity)
            .and_where(users::Column::DisabledAt.is_not_null())
            .to_owned();
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::ExpiresAt.lte(now))
            .filter(sessions::Column::UserId.not_in_subquery(disabled))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(res.rows_affected)
    }
}

#[derive(Debug, Clone)]
pub struct SqlVerificationCodeRepository {
    db: DatabaseConnection,
}

impl SqlVerificationCodeRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_stored_code(m: verification_codes::Model) -> Result<StoredCode, AccountsError> {
    Ok(StoredCode {
        id: CodeId(m.id),
        phone: PhoneNumber::from_e164(&m.phone)
            .map_err(|_| anyhow::anyhow!("stored code {} has an invalid phone", m.id))?,
        purpose: CodePurpose::from_stored(&m.purpose)?,
        code_hash: VerificationCodeHash(m.code_hash),
        sent_at: m.sent_at,
        expires_at: m.expires_at,
        attempts: u32::try_from(m.attempts).unwrap_or(u32::MAX),
    })
}

#[async_trait]
impl VerificationCodeRepository for SqlVerificationCodeRepository {
    async fn replace(&self, code: StoredCode) -> Result<(), AccountsError> {
        let txn = self.db.begin().await.map_err(unexpected)?;
        verification_codes::Entity::delete_many()
            .filter(verification_codes::Column::Phone.eq(code.phone.e164()))
            .filter(verification_codes::Column::Purpose.eq(code.purpose.as_str()))
            .exec(&txn)
            .await
            .map_err(unexpected)?;
        verification_codes::ActiveModel {
            id: Set(code.id.0),
            phone: Set(code.phone.e164()),
            purpose: Set(code.purpose.as_str().to_owned()),
            code_hash: Set(code.code_hash.0),
            sent_at: Set(code.sent_at),
            expires_at: Set(code.expires_at),
            attempts: Set(i32::try_from(code.attempts).unwrap_or(i32::MAX)),
            consumed_at: Set(None),
        }
        .insert(&txn)
        .await
        .map_err(unexpected)?;
        txn.commit().await.map_err(unexpected)?;
        Ok(())
    }

    async fn reserve_attempt(
        &self,
        phone: &PhoneNumber,
        purpose: CodePurpose,
        max_attempts: u32,
        now: DateTime<Utc>,
    ) -> Result<AttemptOutcome, AccountsError> {
        let live = verification_codes::Entity::find()
            .filter(verification_codes::Column::Phone.eq(phone.e164()))
            .filter(verification_codes::Column::Purpose.eq(purpose.as_str()))
            .filter(verification_codes::Column::ConsumedAt.is_null())
            .filter(verification_codes::Column::ExpiresAt.gt(now))
            .order_by_desc(verification_codes::Column::SentAt)
            .one(&self.db)
            .await
            .map_err(unexpected)?;
        let Some(live) = live else {
            return Ok(AttemptOutcome::NoLiveCode);
        };
        let max = i32::try_from(max_attempts).unwrap_or(i32::MAX);
        if live.attempts >= max {
            return Ok(AttemptOutcome::Exhausted);
        }
        // The condition makes the count atomic: concurrent guesses can never exceed `max`.
        let updated = verification_codes::Entity::update_many()
            .col_expr(
                verification_codes::Column::Attempts,
                Expr::col(verification_codes::Column::Attempts).add(1),
            )
            .filter(verification_codes::Column::Id.eq(live.id))
            .filter(verification_codes::Column::Attempts.lt(max))
            .filter(verification_codes::Column::ConsumedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        if updated.rows_affected == 0 {
            return Ok(AttemptOutcome::Exhausted);
        }
        let mut stored = to_stored_code(live)?;
        stored.attempts += 1;
        Ok(AttemptOutcome::Reserved(stored))
    }

    async fn consume(&self, id: CodeId, now: DateTime<Utc>) -> Result<bool, AccountsError> {
        let updated = verification_codes::Entity::update_many()
            .col_expr(verification_codes::Column::ConsumedAt, Expr::value(now))
            .filter(verification_codes::Column::Id.eq(id.0))
            .filter(verification_codes::Column::ConsumedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(updated.rows_affected == 1)
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, AccountsError> {
        let deleted = verification_codes::Entity::delete_many()
            .filter(verification_codes::Column::ExpiresAt.lt(now))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(deleted.rows_affected)
    }
}
