//! The notifications use cases: telling people ([`Notifier`]), the inbox, preferences and the
//! live streams.

use crate::error::NotificationsError;
use crate::hub::{Hub, SlotGuard};
use crate::model::needs_reader;
use crate::model::{
    InboxPage, NewNotification, Notification, NotificationView, Preferences, Seq, StreamEvent,
    SubjectView, Wake, excerpt,
};
use crate::ports::{Access, NotificationStore, People, WakeBus};
use async_trait::async_trait;
use futures_util::Stream;
use kernel::notice::mentioned_usernames;
use kernel::{Audience, News, Notice, NoticeKind, Notifier, UserId};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use uuid::Uuid;

/// The notifications' limits (docs/configuration.md, `NOTIFICATIONS_*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationsPolicy {
    /// Streams one user may hold open on one instance; a newer one closes the oldest.
    pub streams_per_user: usize,
    /// A stream quiet this long gets a keep-alive comment.
    pub keep_alive: Duration,
}

impl Default for NotificationsPolicy {
    fn default() -> Self {
        Self {
            streams_per_user: 5,
            keep_alive: Duration::from_secs(15),
        }
    }
}

pub struct NotificationsPorts {
    pub store: Arc<dyn NotificationStore>,
    pub people: Arc<dyn People>,
    pub access: Arc<dyn Access>,
    pub bus: Arc<dyn WakeBus>,
}

/// Rows a stream reads from the store at a time while it catches up.
const CATCH_UP_BATCH: u64 = 100;

pub struct NotificationsService {
    ports: NotificationsPorts,
    policy: NotificationsPolicy,
    hub: Arc<Hub>,
    /// Notices waiting for the instance's writer (see [`NotificationsService::record`]).
    queue: std::sync::Mutex<Vec<Waiting>>,
    /// Held by the one caller writing a batch at a time.
    writer: tokio::sync::Mutex<()>,
}

/// One caller's rows, and where their sequence numbers (or the failure) go.
struct Waiting {
    rows: Vec<NewNotification>,
    answer: tokio::sync::oneshot::Sender<Result<Vec<Option<Seq>>, String>>,
}

/// The most rows one batch writes (the rest wait for the next).
const BATCH_ROWS: usize = 500;

impl NotificationsService {
    pub fn new(ports: NotificationsPorts, policy: NotificationsPolicy) -> Self {
        Self {
            ports,
            policy,
            hub: Arc::default(),
            queue: std::sync::Mutex::default(),
            writer: tokio::sync::Mutex::const_new(()),
        }
    }

    /// This instance's open streams.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Carries the bus's wake-ups to this instance's streams until the bus closes. Run once per
    /// instance; a lagging receiver (it missed some) wakes every stream to read again. It
    /// subscribes when called, before the returned future first runs: nothing sent after this
    /// call is missed.
    pub fn pump(self: Arc<Self>) -> impl Future<Output = ()> + Send + 'static {
        let mut wakes = self.ports.bus.subscribe();
        async move {
            loop {
                match wakes.recv().await {
                    Ok(wake) => self.hub.wake(wake),
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(missed)) => {
                        tracing::warn!(
                            missed,
                            "the notification bus ran ahead; every stream reads again"
                        );
                        self.hub.wake(Wake::Everyone);
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                }
            }
        }
    }

    /// Who of `notice`'s audience is told: those named, not the actor, who did not turn the
    /// kind off and who may read its subject now.
    async fn recipients(&self, notice: &Notice) -> Result<Vec<UserId>, anyhow::Error> {
        let mut users = match &notice.to {
            Audience::Users(users) => users.clone(),
            Audience::MentionedIn(text) => {
                let names = mentioned_usernames(text);
                if names.is_empty() {
                    return Ok(Vec::new());
                }
                self.ports.people.by_usernames(&names).await?
            }
        };
        users.sort();
        users.dedup();
        users.retain(|u| Some(*u) != notice.actor);
        if users.is_empty() {
            return Ok(users);
        }
        // The plaza is everyone's, and what was just written exists: nothing to ask. (Shown
        // later, a notice is checked again: the post may be gone by then.) Who turned the kind
        // off is left out by the store's insert itself.
        if !needs_reader(notice.kind) || is_public(notice.subject) {
            return Ok(users);
        }
        // Asking the rules costs more: not for those who would not be told anyway.
        let muting = self.ports.store.muting(&users, notice.kind).await?;
        users.retain(|u| !muting.contains(u));
        let mut told = Vec::with_capacity(users.len());
        for user in users {
            let views = self
                .ports
                .access
                .views(user, std::slice::from_ref(&notice.subject))
                .await?;
            if views.first().is_some_and(|v| v.readable) {
                told.push(user);
            }
        }
        Ok(told)
    }

    async fn tell(&self, notice: Notice) -> Result<usize, anyhow::Error> {
        let recipients = self.recipients(&notice).await?;
        if recipients.is_empty() {
            return Ok(0);
        }
        let detail = notice.detail.as_deref().map(excerpt);
        let rows: Vec<NewNotification> = recipients
            .iter()
            .map(|recipient| NewNotification {
                id: Uuid::new_v4(),
                recipient: *recipient,
                kind: notice.kind,
                actor: notice.actor,
                subject: notice.subject,
                detail: detail.clone(),
                at: notice.at,
            })
            .collect();
        let stored = self.record(rows).await?;
        Ok(stored.iter().flatten().count())
    }

    /// Stores `rows` with whatever other notices this instance is storing at the same time:
    /// group commit. The caller that finds no batch being written writes every row waiting, in
    /// one transaction, and wakes their recipients after the commit; those that came meanwhile
    /// wait and find theirs written, or write the next batch. One notice alone is written at
    /// once, as before; 200 concurrent writers share a commit instead of taking one each.
    async fn record(&self, rows: Vec<NewNotification>) -> Result<Vec<Option<Seq>>, anyhow::Error> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        lock(&self.queue).push(Waiting { rows, answer });
        {
            let _writing = self.writer.lock().await;
            let batch = {
                let mut queue = lock(&self.queue);
                let mut taken = 0;
                let split = queue
                    .iter()
                    .position(|w| {
                        taken += w.rows.len();
                        taken > BATCH_ROWS
                    })
                    .unwrap_or(queue.len())
                    .max(1)
                    .min(queue.len());
                queue.drain(..split).collect::<Vec<_>>()
            };
            if !batch.is_empty() {
                self.write_batch(batch).await;
            }
        }
        match answered.await {
            Ok(result) => result.map_err(anyhow::Error::msg),
            // Every batch answers all it took; a lost answer means the writer was cancelled.
            Err(_) => Err(anyhow::anyhow!("the notice's batch was not written")),
        }
    }

    /// Writes one batch and answers each caller in it; then wakes the recipients.
    async fn write_batch(&self, batch: Vec<Waiting>) {
        let rows: Vec<NewNotification> = batch.iter().flat_map(|w| w.rows.clone()).collect();
        match self.ports.store.record(&rows).await {
            Ok(seqs) => {
                let wakes = rows
                    .iter()
                    .zip(&seqs)
                    .filter(|(_, seq)| seq.is_some())
                    .map(|(row, _)| Wake::User(row.recipient))
                    .collect();
                let mut seqs = seqs.into_iter();
                for waiting in batch {
                    let mine = seqs.by_ref().take(waiting.rows.len()).collect();
                    let _ = waiting.answer.send(Ok(mine));
                }
                // After the commit, never inside it: the bus sends on its own connection.
                self.ports.bus.publish(wakes);
            }
            Err(e) => {
                let message = format!("{e:#}");
                for waiting in batch {
                    let _ = waiting.answer.send(Err(message.clone()));
                }
            }
        }
    }

    /// Shows stored notifications to their recipient: the actor as a person, the subject as
    /// the recipient may see it now.
    async fn views(
        &self,
        viewer: UserId,
        rows: Vec<Notification>,
    ) -> Result<Vec<NotificationView>, NotificationsError> {
        let mut actors: Vec<UserId> = rows.iter().filter_map(|n| n.actor).collect();
        actors.sort();
        actors.dedup();
        let persons = self.ports.people.persons(&actors).await?;
        // Each subject once, all of them in one call: the rules read them in batches.
        let mut subjects: Vec<kernel::Subject> = Vec::new();
        for row in &rows {
            if !subjects.contains(&row.subject) {
                subjects.push(row.subject);
            }
        }
        let seen = if subjects.is_empty() {
            Vec::new()
        } else {
            self.ports.access.views(viewer, &subjects).await?
        };
        if seen.len() != subjects.len() {
            return Err(
                anyhow::anyhow!("{} views for {} subjects", seen.len(), subjects.len()).into(),
            );
        }
        let seen: HashMap<kernel::Subject, SubjectView> = subjects.into_iter().zip(seen).collect();
        let mut views = Vec::with_capacity(rows.len());
        for row in rows {
            let subject = seen.get(&row.subject).cloned().unwrap_or_default();
            let actor = row.actor.and_then(|a| persons.get(&a).cloned());
            views.push(NotificationView::new(row, actor, subject));
        }
        Ok(views)
    }

    /// The inbox, newest first; `before` is the sequence number the page starts below.
    ///
    /// # Errors
    /// `Unexpected`.
    pub async fn inbox(
        &self,
        viewer: UserId,
        before: Option<Seq>,
        limit: u32,
    ) -> Result<InboxPage, NotificationsError> {
        let limit = u64::from(limit.clamp(1, kernel::PageRequest::MAX_LIMIT));
        let mut rows = self.ports.store.before(viewer, before, limit + 1).await?;
        let next = if rows.len() as u64 > limit {
            rows.truncate(limit as usize);
            rows.last().map(|n| n.seq)
        } else {
            None
        };
        Ok(InboxPage {
            items: self.views(viewer, rows).await?,
            next,
        })
    }

    /// How many of the viewer's notifications are unread.
    ///
    /// # Errors
    /// `Unexpected`.
    pub async fn unread(&self, viewer: UserId) -> Result<u64, NotificationsError> {
        Ok(self.ports.store.unread(viewer).await?)
    }

    /// Marks one notification read (the viewer's other streams hear the new count).
    ///
    /// # Errors
    /// `NotFound` (no such notification of the viewer's), `Unexpected`.
    pub async fn mark_read(&self, viewer: UserId, id: Uuid) -> Result<(), NotificationsError> {
        if !self.ports.store.mark_read(viewer, id).await? {
            return Err(NotificationsError::NotFound);
        }
        self.ports.bus.publish(vec![Wake::User(viewer)]);
        Ok(())
    }

    /// Marks everything up to `up_to` read (the newest the reader saw; `None`: everything
    /// stored now). Returns how many changed.
    ///
    /// # Errors
    /// `Unexpected`.
    pub async fn mark_all_read(
        &self,
        viewer: UserId,
        up_to: Option<Seq>,
    ) -> Result<u64, NotificationsError> {
        let up_to = match up_to {
            Some(seq) => seq,
            None => self.ports.store.latest(viewer).await?,
        };
        let changed = self.ports.store.mark_all_read(viewer, up_to).await?;
        if changed > 0 {
            self.ports.bus.publish(vec![Wake::User(viewer)]);
        }
        Ok(changed)
    }

    /// The viewer's preferences.
    ///
    /// # Errors
    /// `Unexpected`.
    pub async fn preferences(&self, viewer: UserId) -> Result<Preferences, NotificationsError> {
        Ok(self.ports.store.preferences(viewer).await?)
    }

    /// Replaces the viewer's preferences (kinds sorted, each once).
    ///
    /// # Errors
    /// `Unexpected`.
    pub async fn set_preferences(
        &self,
        viewer: UserId,
        mut prefs: Preferences,
    ) -> Result<Preferences, NotificationsError> {
        prefs.muted.sort();
        prefs.muted.dedup();
        self.ports.store.set_preferences(viewer, &prefs).await?;
        Ok(prefs)
    }

    /// Up to `limit` people `viewer` may mention, for `@` completion of `typed`: with `group`,
    /// its members (only when the viewer may read the group); never the viewer, nor anyone a
    /// block stands between the viewer and.
    ///
    /// # Errors
    /// `InvalidQuery` (nothing, or more than a username's 32 characters), `GroupNotFound`,
    /// `Unexpected`.
    pub async fn mention_suggestions(
        &self,
        viewer: UserId,
        typed: &str,
        group: Option<kernel::GroupId>,
        limit: u64,
    ) -> Result<Vec<kernel::Person>, NotificationsError> {
        let typed = typed.trim().trim_start_matches('@');
        if typed.is_empty() || typed.chars().count() > 32 {
            return Err(NotificationsError::InvalidQuery);
        }
        if let Some(group) = group
            && !self.ports.access.may_read_group(viewer, group).await?
        {
            return Err(NotificationsError::GroupNotFound);
        }
        let mut people = self
            .ports
            .people
            .suggest(viewer, typed, group, limit + 1)
            .await?;
        people.retain(|p| p.id != viewer);
        people.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        Ok(people)
    }

    /// Opens a live stream for `viewer`. With `resume` (a reconnect's `Last-Event-ID`), every
    /// notification after it comes first, each once; without, the stream starts now (the inbox
    /// holds what came before). The stream starts with the unread count, and ends when a newer
    /// stream of the same user takes its place past the cap.
    ///
    /// # Errors
    /// `Unexpected` (the store cannot be reached).
    pub async fn stream(
        self: &Arc<Self>,
        viewer: UserId,
        resume: Option<Seq>,
    ) -> Result<impl Stream<Item = StreamEvent> + Send + 'static, NotificationsError> {
        // The slot first, so nothing committed from now on goes unheard.
        let guard = self.hub.open(viewer, self.policy.streams_per_user);
        let latest = self.ports.store.latest(viewer).await?;
        let last = resume.map_or(latest, |seq| seq.clamp(0, latest));
        guard.slot.dirty.store(true, Ordering::SeqCst);
        let state = Reader {
            service: self.clone(),
            viewer,
            guard,
            last,
            unread: None,
            pending: VecDeque::new(),
        };
        Ok(futures_util::stream::unfold(state, Reader::next))
    }
}

/// One open stream: its slot, the last sequence number it sent and what is waiting to go.
struct Reader {
    service: Arc<NotificationsService>,
    viewer: UserId,
    guard: SlotGuard,
    last: Seq,
    unread: Option<u64>,
    pending: VecDeque<StreamEvent>,
}

impl Reader {
    async fn next(mut self) -> Option<(StreamEvent, Self)> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Some((event, self));
            }
            let slot = self.guard.slot.clone();
            if slot.closed.load(Ordering::SeqCst) {
                return None;
            }
            if slot.dirty.swap(false, Ordering::SeqCst) {
                if let Err(e) = self.catch_up().await {
                    tracing::warn!(error = %e, "a notification stream could not read; it tries again");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    slot.dirty.store(true, Ordering::SeqCst);
                }
                continue;
            }
            if slot.plaza.swap(false, Ordering::SeqCst) {
                self.pending.push_back(StreamEvent::PlazaPosted);
                continue;
            }
            let keep_alive = self.service.policy.keep_alive;
            tokio::select! {
                () = slot.wake.notified() => {}
                () = tokio::time::sleep(keep_alive) => self.pending.push_back(StreamEvent::KeepAlive),
            }
        }
    }

    /// Queues every notification above the last one sent, then the unread count if it changed.
    async fn catch_up(&mut self) -> Result<(), NotificationsError> {
        let store = &self.service.ports.store;
        loop {
            let rows = store.after(self.viewer, self.last, CATCH_UP_BATCH).await?;
            let full = rows.len() as u64 == CATCH_UP_BATCH;
            if let Some(last) = rows.last() {
                self.last = last.seq;
            }
            for view in self.service.views(self.viewer, rows).await? {
                self.pending
                    .push_back(StreamEvent::Notification(Box::new(view)));
            }
            if !full {
                break;
            }
        }
        let unread = store.unread(self.viewer).await?;
        if self.unread != Some(unread) {
            self.unread = Some(unread);
            self.pending.push_back(StreamEvent::Unread(unread));
        }
        Ok(())
    }
}

#[async_trait]
impl Notifier for NotificationsService {
    async fn notify(&self, notice: Notice) {
        let kind = notice.kind.as_str();
        match self.tell(notice).await {
            Ok(told) => tracing::debug!(kind, told, "notice recorded"),
            Err(e) => tracing::error!(kind, error = %e, "a notice could not be recorded"),
        }
    }

    async fn announce(&self, news: News) {
        match news {
            News::PlazaPosted => self.ports.bus.publish(vec![Wake::Plaza]),
        }
    }
}

/// The queue's lock; a panic while holding it left a plain list of waiting notices, still
/// whole.
fn lock(queue: &std::sync::Mutex<Vec<Waiting>>) -> std::sync::MutexGuard<'_, Vec<Waiting>> {
    queue
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether anyone may read `subject` while it exists (the plaza's posts and comments).
fn is_public(subject: kernel::Subject) -> bool {
    matches!(
        subject,
        kernel::Subject::PlazaPost { .. } | kernel::Subject::PlazaComment { .. }
    )
}

/// Kinds a user may turn off: every kind.
pub fn kinds() -> &'static [NoticeKind] {
    NoticeKind::ALL
}
