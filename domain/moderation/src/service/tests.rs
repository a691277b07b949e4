#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The word list's use cases over a mocked store: what is asked, what is written, what is
//! audited, and how the live filter follows the store's version.

use super::*;
use crate::import::Refusal;
use crate::ports::MockWordListStore;
use chrono::{DateTime, TimeZone, Utc};
use kernel::{FixedClock, MockAuditLog};
use mockall::predicate::eq;
use std::sync::Mutex;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 0).unwrap()
}

fn admin() -> UserId {
    UserId(uuid::Uuid::from_u128(1))
}

fn entry(phrase: &str, action: WordAction) -> WordEntry {
    WordEntry {
        phrase: Phrase::parse(phrase).unwrap(),
        action,
        note: None,
        created_at: t0(),
    }
}

fn row(line: usize, phrase: &str, action: &str) -> ImportRow {
    ImportRow {
        line,
        phrase: phrase.into(),
        action: action.into(),
        note: String::new(),
    }
}

/// The audit events recorded, shared with the mock.
fn audit_log() -> (MockAuditLog, Arc<Mutex<Vec<AuditEvent>>>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let mut audit = MockAuditLog::new();
    let sink = events.clone();
    audit.expect_record().returning(move |e| {
        sink.lock().unwrap().push(e);
        Ok(())
    });
    (audit, events)
}

fn service(store: MockWordListStore, audit: MockAuditLog) -> ModerationWords {
    ModerationWords::new(WordsPorts {
        store: Arc::new(store),
        audit: Arc::new(audit),
        clock: Arc::new(FixedClock(t0())),
    })
}

#[tokio::test]
async fn a_page_asks_one_more_than_it_shows_and_folds_the_filter() {
    let mut store = MockWordListStore::new();
    store
        .expect_page()
        .with(eq(Some("foo".to_owned())), eq(None), eq(3))
        .returning(|_, _, _| {
            Ok(vec![
                entry("foo", WordAction::Refuse),
                entry("foobar", WordAction::Hold),
                entry("food", WordAction::Refuse),
            ])
        });
    let page = service(store, MockAuditLog::new())
        .page(" Ｆ-O-O ", None, Some(2))
        .await
        .unwrap();
    assert_eq!(page.items.len(), 2);
    assert_eq!(page.next.as_deref(), Some("foobar"));
}

#[tokio::test]
async fn adding_writes_and_audits_and_a_listed_spelling_is_refused() {
    let mut store = MockWordListStore::new();
    store.expect_count().returning(|| Ok(1));
    let mut first = true;
    store.expect_add().times(2).returning(move |_| {
        let fresh = first;
        first = false;
        Ok(fresh)
    });
    let (audit, events) = audit_log();
    let words = service(store, audit);
    let added = words
        .add(
            admin(),
            Some("1.2.3.4".into()),
            " 法轮 ",
            WordAction::Hold,
            "rule 3",
        )
        .await
        .unwrap();
    assert_eq!(added.phrase.as_str(), "法轮");
    assert_eq!(added.note.as_deref(), Some("rule 3"));
    assert_eq!(
        words
            .add(admin(), None, "法.轮", WordAction::Refuse, "")
            .await,
        Err(ModerationError::AlreadyListed)
    );
    assert_eq!(
        words.add(admin(), None, "!!", WordAction::Refuse, "").await,
        Err(ModerationError::EmptyPhrase)
    );
    let events = events.lock().unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].action, "word.added");
    assert_eq!(events[0].target.as_deref(), Some("法轮"));
    assert_eq!(events[0].detail.as_deref(), Some("hold"));
}

#[tokio::test]
async fn a_full_list_takes_no_more() {
    let mut store = MockWordListStore::new();
    store.expect_count().returning(|| Ok(MAX_ENTRIES as u64));
    store.expect_add().never();
    assert_eq!(
        service(store, MockAuditLog::new())
            .add(admin(), None, "foo", WordAction::Refuse, "")
            .await,
        Err(ModerationError::TooManyEntries { max: MAX_ENTRIES })
    );
}

#[tokio::test]
async fn removing_finds_the_entry_by_any_spelling_and_audits() {
    let mut store = MockWordListStore::new();
    store
        .expect_find()
        .with(eq("foo".to_owned()))
        .returning(|_| Ok(Some(entry("FOO", WordAction::Refuse))));
    store.expect_find().returning(|_| Ok(None));
    store
        .expect_remove()
        .with(eq("foo".to_owned()))
        .times(1)
        .returning(|_| Ok(true));
    let (audit, events) = audit_log();
    let words = service(store, audit);
    words.remove(admin(), None, "ｆｏｏ").await.unwrap();
    assert_eq!(
        words.remove(admin(), None, "bar").await,
        Err(ModerationError::NotFound)
    );
    assert_eq!(
        words.remove(admin(), None, "...").await,
        Err(ModerationError::NotFound)
    );
    let events = events.lock().unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        (events[0].action.as_str(), events[0].target.as_deref()),
        ("word.removed", Some("FOO"))
    );
}

#[tokio::test]
async fn an_import_with_a_refused_line_writes_nothing_and_a_clean_one_is_applied_once() {
    let mut store = MockWordListStore::new();
    store
        .expect_all()
        .returning(|| Ok((3, vec![entry("foo", WordAction::Refuse)])));
    store
        .expect_apply()
        .withf(|w| w.len() == 2)
        .times(1)
        .returning(|_| Ok(()));
    let (audit, events) = audit_log();
    let words = service(store, audit);
    let bad = [row(1, "foo", ""), row(2, "bar", "hold"), row(3, "。。", "")];
    let outcome = words.import_apply(admin(), None, &bad).await.unwrap();
    assert!(!outcome.applied);
    assert_eq!(
        outcome.plan.refused,
        vec![(
            3,
            "。。".to_owned(),
            Refusal::Invalid(ModerationError::EmptyPhrase)
        )]
    );
    let good = [
        row(1, "foo", "hold"),
        row(2, "bar", "hold"),
        row(4, "baz", ""),
    ];
    let dry = words.import_plan(&good).await.unwrap();
    assert_eq!(
        (dry.added.len(), dry.changed.len(), dry.unchanged),
        (2, 1, 0)
    );
    let good = [row(1, "foo", ""), row(2, "bar", "hold"), row(4, "baz", "")];
    let outcome = words.import_apply(admin(), None, &good).await.unwrap();
    assert!(outcome.applied);
    let events = events.lock().unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].action, "word.imported");
    assert_eq!(
        events[0].detail.as_deref(),
        Some("added 2, changed 0, unchanged 1")
    );
}

#[tokio::test]
async fn an_import_that_would_overfill_the_list_is_refused() {
    let mut store = MockWordListStore::new();
    store.expect_all().returning(|| {
        Ok((
            1,
            (0..MAX_ENTRIES)
                .map(|i| entry(&format!("w{i}"), WordAction::Refuse))
                .collect(),
        ))
    });
    assert_eq!(
        service(store, MockAuditLog::new())
            .import_plan(&[row(1, "one more", "")])
            .await,
        Err(ModerationError::TooManyEntries { max: MAX_ENTRIES })
    );
}

#[tokio::test]
async fn the_live_filter_passes_everything_until_loaded_then_reloads_only_on_a_new_version() {
    let version = Arc::new(Mutex::new(1_u64));
    let list = Arc::new(Mutex::new(vec![entry("foo", WordAction::Refuse)]));
    let loads = Arc::new(Mutex::new(0_u32));
    let mut store = MockWordListStore::new();
    let v = version.clone();
    store
        .expect_version()
        .returning(move || Ok(*v.lock().unwrap()));
    let (v, l, n) = (version.clone(), list.clone(), loads.clone());
    store.expect_all().returning(move || {
        *n.lock().unwrap() += 1;
        Ok((*v.lock().unwrap(), l.lock().unwrap().clone()))
    });
    let filter = LiveWordFilter::new(Arc::new(store));
    assert!(filter.check("foo").is_empty(), "not loaded: passes");
    assert_eq!(filter.version(), None);
    assert!(filter.refresh().await.unwrap());
    assert_eq!(filter.check("a foo").len(), 1);
    assert!(!filter.refresh().await.unwrap(), "same version: no reload");
    assert_eq!(*loads.lock().unwrap(), 1);
    list.lock().unwrap().push(entry("法轮", WordAction::Hold));
    *version.lock().unwrap() = 2;
    assert!(filter.refresh().await.unwrap());
    assert_eq!(filter.version(), Some(2));
    assert_eq!(filter.entries(), 2);
    assert_eq!(filter.check("法 轮")[0].action, WordAction::Hold);
}

#[tokio::test]
async fn a_store_that_cannot_be_reached_leaves_the_loaded_list_in_use() {
    let mut store = MockWordListStore::new();
    let mut calls = 0;
    store.expect_version().returning(move || {
        calls += 1;
        if calls == 1 {
            Ok(1)
        } else {
            Err(anyhow::anyhow!("connection refused"))
        }
    });
    store
        .expect_all()
        .returning(|| Ok((1, vec![entry("foo", WordAction::Refuse)])));
    let filter = LiveWordFilter::new(Arc::new(store));
    filter.keep_current().await;
    filter.keep_current().await;
    assert!(filter.refresh().await.is_err());
    assert_eq!(filter.check("foo").len(), 1, "the loaded list stays");
}
