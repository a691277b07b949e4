//! The word list's use cases: the administrator's (a page of entries, add, remove, an import
//! planned then applied all or nothing, the export; each change audited — the HTTP layer checks
//! the role) in [`ModerationWords`], and the check every write makes in [`LiveWordFilter`].
//!
//! **Every instance stays current.** The list lives in the store only; each write bumps the
//! store's version in its transaction. Every instance polls the version
//! ([`LiveWordFilter::refresh`], every [`KEEP_CURRENT`] by the server's job) and, when it moved,
//! reads the list and builds a new matcher off the request path (a blocking task), then swaps it
//! in. A check only clones an `Arc` under a read lock: loading and building never hold up a
//! request. No instance keeps anything the others need.

use crate::error::ModerationError;
use crate::format::MAX_ENTRIES;
use crate::import::{ImportPlan, ImportRow, plan};
use crate::matcher::WordMatcher;
use crate::model::{Phrase, WordEntry, action_name, parse_note};
use crate::ports::WordListStore;
use kernel::{
    AuditAction, AuditEvent, AuditLog, Clock, PageRequest, UserId, WordAction, WordFilter, WordHit,
};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

/// How often every instance asks the store whether the list changed.
pub const KEEP_CURRENT: Duration = Duration::from_secs(2);

pub struct WordsPorts {
    pub store: Arc<dyn WordListStore>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
}

/// A page of entries in key order and the key the next page starts after (`None`: the last).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WordPage {
    pub items: Vec<WordEntry>,
    pub next: Option<String>,
}

/// What an import did or would do.
#[derive(Debug, PartialEq)]
pub struct ImportOutcome {
    pub plan: ImportPlan,
    /// Whether it was written (never when the plan refuses a line, nor for a dry run).
    pub applied: bool,
}

pub struct ModerationWords {
    ports: WordsPorts,
}

impl ModerationWords {
    pub fn new(ports: WordsPorts) -> Self {
        Self { ports }
    }

    /// Entries in key order after `after`, those whose key holds `contains` folded (blank:
    /// all); `limit` clamped like every list (1–[`PageRequest::MAX_LIMIT`]).
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    #[tracing::instrument(skip(self))]
    pub async fn page(
        &self,
        contains: &str,
        after: Option<String>,
        limit: Option<u32>,
    ) -> Result<WordPage, ModerationError> {
        let limit = PageRequest::new(None, limit).limit() as usize;
        let contains = kernel::fold::key(contains);
        let contains = (!contains.is_empty()).then_some(contains);
        let mut items = self
            .ports
            .store
            .page(contains, after, limit as u64 + 1)
            .await?;
        let next = if items.len() > limit {
            items.truncate(limit);
            items.last().map(|e| e.phrase.key().to_owned())
        } else {
            None
        };
        Ok(WordPage { items, next })
    }

    /// How many entries the list holds.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    pub async fn count(&self) -> Result<u64, ModerationError> {
        Ok(self.ports.store.count().await?)
    }

    /// Lists one phrase, audited as `word.added`.
    ///
    /// # Errors
    /// `EmptyPhrase`, `PhraseTooLong`, `NoteTooLong`; `AlreadyListed` when its folded form is
    /// listed; `TooManyEntries` at [`MAX_ENTRIES`]; `Unexpected`.
    #[tracing::instrument(skip(self, ip))]
    pub async fn add(
        &self,
        admin: UserId,
        ip: Option<String>,
        phrase: &str,
        action: WordAction,
        note: &str,
    ) -> Result<WordEntry, ModerationError> {
        let entry = WordEntry {
            phrase: Phrase::parse(phrase)?,
            action,
            note: parse_note(note)?,
            created_at: self.ports.clock.now(),
        };
        if self.ports.store.count().await? >= MAX_ENTRIES as u64 {
            return Err(ModerationError::TooManyEntries { max: MAX_ENTRIES });
        }
        if !self.ports.store.add(entry.clone()).await? {
            return Err(ModerationError::AlreadyListed);
        }
        self.audit(
            AuditAction::WordAdded,
            admin,
            Some(entry.phrase.to_string()),
            ip,
            action_name(action).to_owned(),
        )
        .await;
        Ok(entry)
    }

    /// Removes the entry `phrase` names (as listed or in any spelling that folds the same),
    /// audited as `word.removed`.
    ///
    /// # Errors
    /// `NotFound` (a phrase that folds to nothing names no entry), `Unexpected`.
    #[tracing::instrument(skip(self, ip))]
    pub async fn remove(
        &self,
        admin: UserId,
        ip: Option<String>,
        phrase: &str,
    ) -> Result<(), ModerationError> {
        let key = kernel::fold::key(phrase);
        if key.is_empty() {
            return Err(ModerationError::NotFound);
        }
        let Some(entry) = self.ports.store.find(key.clone()).await? else {
            return Err(ModerationError::NotFound);
        };
        if !self.ports.store.remove(key).await? {
            return Err(ModerationError::NotFound);
        }
        self.audit(
            AuditAction::WordRemoved,
            admin,
            Some(entry.phrase.to_string()),
            ip,
            action_name(entry.action).to_owned(),
        )
        .await;
        Ok(())
    }

    /// The plan of an import: every line added, changed, unchanged or refused with its reason
    /// (a dry run: nothing is written).
    ///
    /// # Errors
    /// `TooManyEntries` when the list would hold more than [`MAX_ENTRIES`], `Unexpected`.
    #[tracing::instrument(skip(self, rows), fields(rows = rows.len()))]
    pub async fn import_plan(&self, rows: &[ImportRow]) -> Result<ImportPlan, ModerationError> {
        if rows.len() > MAX_ENTRIES {
            return Err(ModerationError::TooManyEntries { max: MAX_ENTRIES });
        }
        let (_, listed) = self.ports.store.all().await?;
        let count = listed.len();
        let existing: HashMap<String, WordEntry> = listed
            .into_iter()
            .map(|e| (e.phrase.key().to_owned(), e))
            .collect();
        let plan = plan(rows, &existing, self.ports.clock.now());
        if count + plan.added.len() > MAX_ENTRIES {
            return Err(ModerationError::TooManyEntries { max: MAX_ENTRIES });
        }
        Ok(plan)
    }

    /// Plans the import and, when no line is refused, writes it in one transaction (all or
    /// nothing), audited as `word.imported` with its counts. A plan with a refusal is returned
    /// unapplied and nothing is written.
    ///
    /// # Errors
    /// `TooManyEntries`, `Unexpected` (then nothing was written).
    #[tracing::instrument(skip(self, ip, rows), fields(rows = rows.len()))]
    pub async fn import_apply(
        &self,
        admin: UserId,
        ip: Option<String>,
        rows: &[ImportRow],
    ) -> Result<ImportOutcome, ModerationError> {
        let plan = self.import_plan(rows).await?;
        if !plan.applicable() {
            return Ok(ImportOutcome {
                plan,
                applied: false,
            });
        }
        let writes = plan.writes();
        if !writes.is_empty() {
            self.ports.store.apply(writes).await?;
        }
        self.audit(
            AuditAction::WordsImported,
            admin,
            None,
            ip,
            format!(
                "added {}, changed {}, unchanged {}",
                plan.added.len(),
                plan.changed.len(),
                plan.unchanged
            ),
        )
        .await;
        Ok(ImportOutcome {
            plan,
            applied: true,
        })
    }

    /// Every entry, in key order.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    pub async fn export(&self) -> Result<Vec<WordEntry>, ModerationError> {
        let (_, mut all) = self.ports.store.all().await?;
        all.sort_by(|a, b| a.phrase.key().cmp(b.phrase.key()));
        Ok(all)
    }

    async fn audit(
        &self,
        action: AuditAction,
        actor: UserId,
        target: Option<String>,
        ip: Option<String>,
        detail: String,
    ) {
        let event = AuditEvent {
            at: self.ports.clock.now(),
            actor: Some(actor),
            action: action.into(),
            target,
            ip,
            detail: Some(detail),
        };
        // The change happened; a log that cannot be written is reported, not turned into a
        // failure the admin would retry.
        if let Err(e) = self.ports.audit.record(event).await {
            tracing::error!(error = %e, action = action.as_str(), "could not write the audit log");
        }
    }
}

/// A built matcher and the version of the list it was built from.
struct Loaded {
    version: u64,
    matcher: WordMatcher,
}

/// The word list as every write checks it: the matcher of the store's current list, rebuilt in
/// the background when the store's version moves (see the module's documentation). Before the
/// first load every text passes, and that is logged (once).
pub struct LiveWordFilter {
    store: Arc<dyn WordListStore>,
    current: RwLock<Option<Arc<Loaded>>>,
    told_unloaded: AtomicBool,
}

impl LiveWordFilter {
    pub fn new(store: Arc<dyn WordListStore>) -> Self {
        Self {
            store,
            current: RwLock::new(None),
            told_unloaded: AtomicBool::new(false),
        }
    }

    fn loaded(&self) -> Option<Arc<Loaded>> {
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The version of the list this instance checks with (`None`: not loaded yet).
    pub fn version(&self) -> Option<u64> {
        self.loaded().map(|l| l.version)
    }

    /// How many entries this instance checks with.
    pub fn entries(&self) -> usize {
        self.loaded().map_or(0, |l| l.matcher.len())
    }

    /// Asks the store for the list's version and, when it is not the one loaded, reads the list
    /// and builds its matcher on a blocking thread, then swaps it in. `true` when it reloaded.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached or the matcher cannot be built (then the
    /// matcher in use stays).
    pub async fn refresh(&self) -> Result<bool, ModerationError> {
        let version = self.store.version().await?;
        if self.version() == Some(version) {
            return Ok(false);
        }
        let (version, entries) = self.store.all().await?;
        let started = Instant::now();
        let matcher = tokio::task::spawn_blocking(move || {
            WordMatcher::build(
                entries
                    .iter()
                    .map(|e| (e.phrase.as_str(), e.phrase.key(), e.action)),
            )
        })
        .await
        .map_err(anyhow::Error::from)??;
        tracing::info!(
            version,
            entries = matcher.len(),
            bytes = matcher.memory_usage(),
            build_ms = started.elapsed().as_millis() as u64,
            "word list loaded"
        );
        *self.current.write().unwrap_or_else(PoisonError::into_inner) =
            Some(Arc::new(Loaded { version, matcher }));
        Ok(true)
    }

    /// [`Self::refresh`] for the server's recurring job: a failure is logged, the matcher in
    /// use stays, and the next round tries again.
    pub async fn keep_current(&self) {
        if let Err(e) = self.refresh().await {
            tracing::warn!(error = %e, "could not refresh the word list; the loaded one stays");
        }
    }
}

impl WordFilter for LiveWordFilter {
    fn check(&self, text: &str) -> Vec<WordHit> {
        match self.loaded() {
            Some(loaded) => loaded.matcher.check(text),
            None => {
                if !self.told_unloaded.swap(true, Ordering::Relaxed) {
                    tracing::warn!("the word list is not loaded yet: texts pass unchecked");
                }
                Vec::new()
            }
        }
    }
}

#[cfg(test)]
mod tests;
