//! What the notifications domain needs from the outside: a store, the people and the rules of
//! the other areas, and a bus that wakes the streams of every instance.

use crate::model::{NewNotification, Notification, Preferences, Seq, SubjectView, Wake};
use async_trait::async_trait;
use kernel::{NoticeKind, Person, Subject, UserId};
use std::collections::HashMap;

/// The notifications, each recipient's counter and their preferences.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait NotificationStore: Send + Sync {
    /// Stores `rows` in one transaction and answers, for each row in order, the sequence number
    /// it took (`None`: left out, below).
    ///
    /// Each recipient's counter is taken under a lock of its row (recipients in id order), so a
    /// recipient's sequence numbers are committed in their order. A folded row
    /// ([`NewNotification::folds`]) grows the recipient's unread row of the same kind and
    /// subject when there is one: the new actor becomes its actor, `others` counts one more
    /// distinct person (an actor already counted adds nothing), and it takes a new sequence
    /// number. A row whose recipient turned its kind off is left out (neither stored nor
    /// returned), checked by the same statement that stores it; so is a row that
    /// [`NewNotification::heeds_blocks`] whose recipient blocked or muted its actor, or whose
    /// actor blocked its recipient (a block or mute stored before the statement runs). It never
    /// sends anything: waking is the caller's, after the commit.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn record(&self, rows: &[NewNotification]) -> Result<Vec<Option<Seq>>, anyhow::Error>;

    /// The recipient's notifications with a sequence number above `after`, oldest first, at
    /// most `limit`.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn after(
        &self,
        recipient: UserId,
        after: Seq,
        limit: u64,
    ) -> Result<Vec<Notification>, anyhow::Error>;

    /// The recipient's notifications below `before` (all when `None`), newest first, at most
    /// `limit`.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn before(
        &self,
        recipient: UserId,
        before: Option<Seq>,
        limit: u64,
    ) -> Result<Vec<Notification>, anyhow::Error>;

    /// The recipient's highest sequence number (0 before their first notification).
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn latest(&self, recipient: UserId) -> Result<Seq, anyhow::Error>;

    /// How many of the recipient's notifications are unread.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn unread(&self, recipient: UserId) -> Result<u64, anyhow::Error>;

    /// Marks one notification (by id) read; `false` when the recipient has no such one.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn mark_read(&self, recipient: UserId, id: uuid::Uuid) -> Result<bool, anyhow::Error>;

    /// Marks every notification up to sequence number `up_to` read (what the reader saw; a
    /// later one stays unread). Returns how many changed.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn mark_all_read(&self, recipient: UserId, up_to: Seq) -> Result<u64, anyhow::Error>;

    /// A user's preferences (none stored: everything on).
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn preferences(&self, user: UserId) -> Result<Preferences, anyhow::Error>;

    /// Replaces a user's preferences.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn set_preferences(&self, user: UserId, prefs: &Preferences)
    -> Result<(), anyhow::Error>;

    /// Of `users`, those who turned `kind` off.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn muting(
        &self,
        users: &[UserId],
        kind: NoticeKind,
    ) -> Result<Vec<UserId>, anyhow::Error>;
}

/// The accounts, as the notifications see them.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait People: Send + Sync {
    /// The accounts with these usernames (folded), those that exist.
    ///
    /// # Errors
    /// Only when the accounts cannot be reached.
    async fn by_usernames(&self, usernames: &[String]) -> Result<Vec<UserId>, anyhow::Error>;

    /// How these people are shown, by id (an unknown id is left out).
    ///
    /// # Errors
    /// Only when the accounts cannot be reached.
    async fn persons(&self, ids: &[UserId]) -> Result<HashMap<UserId, Person>, anyhow::Error>;

    /// Up to `limit` people whose username starts with `prefix` or whose nickname holds it
    /// (case-folded), usernames first; with `group`, only its active members; never someone a
    /// block stands between `asker` and (either blocked the other).
    ///
    /// # Errors
    /// Only when the accounts cannot be reached.
    async fn suggest(
        &self,
        asker: UserId,
        prefix: &str,
        group: Option<kernel::GroupId>,
        limit: u64,
    ) -> Result<Vec<Person>, anyhow::Error>;
}

/// The other areas' rules: who may read a subject now (implemented with the groups' and the
/// plaza's services where the server is wired).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait Access: Send + Sync {
    /// What `viewer` may see of each of `subjects` now: one view per subject, in their order.
    /// The subjects of one kind are read together (a page of the inbox costs one read per kind
    /// of subject, however many rows it has); no subject, no read.
    ///
    /// # Errors
    /// Only when the rules' stores cannot be reached.
    async fn views(
        &self,
        viewer: UserId,
        subjects: &[Subject],
    ) -> Result<Vec<SubjectView>, anyhow::Error>;

    /// Whether `viewer` may read `group`'s content (and so see who its members are).
    ///
    /// # Errors
    /// Only when the rules' stores cannot be reached.
    async fn may_read_group(
        &self,
        viewer: UserId,
        group: kernel::GroupId,
    ) -> Result<bool, anyhow::Error>;
}

/// Carries wake-ups to every instance's hub, this one's included. Adapters: in process (one
/// instance), PostgreSQL `LISTEN`/`NOTIFY` from one connection per instance, Redis pub/sub.
pub trait WakeBus: Send + Sync {
    /// Sends wake-ups after a commit. Never blocks: an adapter batches them and sends on its
    /// own connection.
    fn publish(&self, wakes: Vec<Wake>);

    /// Every wake-up sent by any instance from now on. A bus that may have lost some (its
    /// connection was cut) delivers [`Wake::Everyone`] once it is back.
    fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Wake>;
}
