//! The account's own profile and preferences: nickname, username, bio, avatar and appearance
//! (spec "Profiles and settings"). A service of its own because the avatar lives in the media
//! store: [`ProfileService`] is built over the [`MediaService`], which the sign-in use cases
//! ([`crate::AccountsService`]) never need.

use crate::AccountsError;
use crate::model::{Appearance, Bio, Nickname, User, Username};
use crate::ports::{ProfileUpdate, UserRepository};
use async_trait::async_trait;
use kernel::{Clock, MediaId, UserId};
use media::ports::{MediaAccess, Readable};
use media::{Media, MediaError, MediaKind, MediaService, MediaState, NewUpload};
use std::sync::Arc;

/// A profile change: each field given is changed, each `None` kept.
#[derive(Debug, Clone, Default)]
pub struct ProfileChange {
    pub nickname: Option<Nickname>,
    /// Parsed by [`Username::parse`]; a new name must not be reserved.
    pub username: Option<Username>,
    /// `Some(None)` clears the bio.
    pub bio: Option<Option<Bio>>,
}

impl ProfileChange {
    /// Whether this change renames `user` (a rename is a browser session's alone).
    pub fn renames(&self, user: &User) -> bool {
        self.username.as_ref().is_some_and(|u| *u != user.username)
    }
}

/// The numbers of the profile rules; the server reads them from configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfilePolicy {
    /// A username given up by a rename stays its former owner's this long: nobody else may
    /// register or rename to it meanwhile, the former owner may take it back
    /// (`USERNAME_HOLD_DAYS`; 0 releases it at once).
    pub username_hold_days: i64,
}

impl Default for ProfilePolicy {
    fn default() -> Self {
        Self {
            username_hold_days: 30,
        }
    }
}

/// Everything the profile use cases talk to.
#[derive(Clone)]
pub struct ProfilePorts {
    pub users: Arc<dyn UserRepository>,
    pub media: Arc<MediaService>,
    pub clock: Arc<dyn Clock>,
    /// The operator's word list, asked of a new nickname or bio.
    pub words: Arc<dyn kernel::WordFilter>,
}

pub struct ProfileService {
    ports: ProfilePorts,
    policy: ProfilePolicy,
}

impl ProfileService {
    pub fn new(ports: ProfilePorts, policy: ProfilePolicy) -> Self {
        Self { ports, policy }
    }

    /// Changes nickname, username and bio. A new username follows registration's rules
    /// (unique case-insensitively, no reserved name, not held for someone else); keeping one's
    /// own name (even a reserved one an administrator was given) is no change. The name given
    /// up is held for the account for `username_hold_days`. Sessions and tokens name the
    /// account by id, so they keep working after a rename. A rename changes how the owner signs
    /// in: the caller has checked it comes from a browser session with fresh proof of the
    /// account ([`crate::AccountsService::require_fresh_proof`]).
    ///
    /// A new nickname or bio is asked of the operator's word list; what is kept is not.
    ///
    /// # Errors
    /// `ReservedUsername`, `WordsRefused`, `UsernameTaken` (another account has it or holds
    /// it), `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn update_profile(
        &self,
        user: &User,
        change: ProfileChange,
    ) -> Result<User, AccountsError> {
        if change.renames(user) && change.username.as_ref().is_some_and(Username::is_reserved) {
            return Err(AccountsError::ReservedUsername);
        }
        let nickname = change.nickname.as_ref().filter(|n| **n != user.nickname);
        let bio = change.bio.as_ref().and_then(Option::as_ref);
        for (field, text) in [
            ("nickname", nickname.map(Nickname::as_str)),
            (
                "bio",
                bio.filter(|b| Some(*b) != user.bio.as_ref())
                    .map(Bio::as_str),
            ),
        ] {
            let found = kernel::words::refused_words(&self.ports.words.check(text.unwrap_or("")));
            if !found.is_empty() {
                return Err(AccountsError::WordsRefused { field, found });
            }
        }
        let profile = ProfileUpdate {
            nickname: change.nickname.unwrap_or_else(|| user.nickname.clone()),
            username: change.username.unwrap_or_else(|| user.username.clone()),
            bio: change.bio.unwrap_or_else(|| user.bio.clone()),
        };
        let now = self.ports.clock.now();
        let hold_until = now + chrono::Duration::days(self.policy.username_hold_days.max(0));
        let updated = self
            .ports
            .users
            .update_profile(user.id, profile, hold_until, now)
            .await?;
        if updated.username != user.username {
            tracing::info!(user = %user.id, "username changed");
        }
        Ok(updated)
    }

    /// Stores an avatar image (already cropped square by the client; re-encoded and
    /// thumbnailed as every upload), unattached and its owner's alone until
    /// [`ProfileService::set_avatar`] takes it; swept if nothing does.
    ///
    /// # Errors
    /// The media store's refusals (`TooLarge`, `UnsupportedType`, `RateLimited`, …).
    pub async fn upload_avatar(&self, owner: UserId, bytes: Vec<u8>) -> Result<Media, MediaError> {
        self.ports
            .media
            .upload(NewUpload {
                owner,
                group: None,
                article: None,
                kind: MediaKind::Avatar,
                attach: false,
                bytes,
            })
            .await
    }

    /// Makes one of the user's own unused avatar uploads their avatar; the previous avatar's
    /// file is deleted.
    ///
    /// # Errors
    /// `AvatarNotUsable`, `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %user_id, media = %avatar))]
    pub async fn set_avatar(
        &self,
        user_id: UserId,
        avatar: MediaId,
    ) -> Result<User, AccountsError> {
        let old = self
            .ports
            .users
            .set_avatar(user_id, Some(avatar), self.ports.clock.now())
            .await?;
        if let Some(old) = old.filter(|o| *o != avatar) {
            self.delete_file(old).await;
        }
        self.reload(user_id).await
    }

    /// Removes the user's avatar (its file deleted); initials are shown again.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn remove_avatar(&self, user_id: UserId) -> Result<User, AccountsError> {
        let old = self
            .ports
            .users
            .set_avatar(user_id, None, self.ports.clock.now())
            .await?;
        if let Some(old) = old {
            self.delete_file(old).await;
        }
        self.reload(user_id).await
    }

    /// Saves the colour mode and language chosen on one device, for the others to pick up at
    /// sign-in.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn save_appearance(
        &self,
        user_id: UserId,
        appearance: Appearance,
    ) -> Result<Appearance, AccountsError> {
        self.ports
            .users
            .set_appearance(user_id, appearance, self.ports.clock.now())
            .await?;
        Ok(appearance)
    }

    async fn reload(&self, id: UserId) -> Result<User, AccountsError> {
        self.ports
            .users
            .find_by_id(id)
            .await?
            .map(|(u, _)| u)
            .ok_or_else(|| anyhow::anyhow!("user {id} vanished").into())
    }

    /// The avatar changed already; a file that cannot be deleted now is logged (the admin
    /// gallery still lists it), never turned into a failure the user would retry.
    async fn delete_file(&self, id: MediaId) {
        let result = match self.ports.media.find(id).await {
            Ok(Some(file)) => self.ports.media.delete(&file).await,
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        if let Err(e) = result {
            tracing::warn!(media = %id, error = %e, "a replaced avatar's file stayed");
        }
    }
}

/// Answers the media domain's question for avatars: a set avatar is anyone's (and cacheable);
/// an upload not yet set is its owner's alone.
pub struct AvatarMediaAccess;

#[async_trait]
impl MediaAccess for AvatarMediaAccess {
    async fn readable(
        &self,
        viewer: Option<UserId>,
        media: &Media,
    ) -> Result<Readable, MediaError> {
        Ok(match media.state {
            _ if media.kind != MediaKind::Avatar => Readable::No,
            MediaState::Attached => Readable::Public,
            MediaState::Unattached if viewer == Some(media.owner) => Readable::Private,
            MediaState::Unattached | MediaState::Pending => Readable::No,
        })
    }
}

#[cfg(test)]
mod tests;
