//! The word list's store (`word_list`, `word_list_version`), on SQLite and PostgreSQL: every
//! write bumps the version (and a write that changes nothing does not), an import is all or
//! nothing, pages are in key order with a folded filter, and `add`/`remove` say `false` as the
//! port's contract asks.

use crate::support::{TestDb, at, t0};
use kernel::WordAction;
use moderation::model::{Phrase, WordEntry};
use moderation::ports::WordListStore;

fn entry(phrase: &str, action: WordAction, note: Option<&str>) -> WordEntry {
    WordEntry {
        phrase: Phrase::parse(phrase).unwrap(),
        action,
        note: note.map(str::to_owned),
        created_at: t0(),
    }
}

fn keys(entries: &[WordEntry]) -> Vec<&str> {
    entries.iter().map(|e| e.phrase.key()).collect()
}

#[tokio::test]
async fn every_write_bumps_the_version_and_a_write_that_changes_nothing_does_not() {
    for t in TestDb::all().await {
        let store = t.db.word_list();
        assert_eq!(store.version().await.unwrap(), 0, "no write yet");
        assert_eq!(store.all().await.unwrap(), (0, vec![]));

        let foo = entry("ＦＯＯ", WordAction::Refuse, Some("why, \"quoted\""));
        assert!(store.add(foo.clone()).await.unwrap());
        assert_eq!(store.version().await.unwrap(), 1);
        assert!(
            !store
                .add(entry("foo", WordAction::Hold, None))
                .await
                .unwrap(),
            "the same key is listed: false, nothing written"
        );
        assert_eq!(store.version().await.unwrap(), 1);
        assert_eq!(store.find("foo".into()).await.unwrap(), Some(foo.clone()));

        assert!(
            store
                .add(entry("法 轮", WordAction::Hold, None))
                .await
                .unwrap()
        );
        assert_eq!(store.count().await.unwrap(), 2);
        assert!(store.remove("法轮".into()).await.unwrap());
        assert!(
            !store.remove("法轮".into()).await.unwrap(),
            "none listed: false"
        );
        assert_eq!(store.version().await.unwrap(), 3);
        assert_eq!(store.find("法轮".into()).await.unwrap(), None);
        let (version, all) = store.all().await.unwrap();
        assert_eq!((version, all), (3, vec![foo]));
    }
}

#[tokio::test]
async fn an_import_upserts_by_key_in_one_transaction_and_bumps_once() {
    for t in TestDb::all().await {
        let store = t.db.word_list();
        store
            .add(entry("foo", WordAction::Refuse, None))
            .await
            .unwrap();
        let mut changed = entry("FOO", WordAction::Hold, Some("now held"));
        changed.created_at = t0();
        let mut writes = vec![changed.clone()];
        // More rows than one statement takes.
        for i in 0..450 {
            let mut e = entry(&format!("词{i}"), WordAction::Refuse, None);
            e.created_at = at(1);
            writes.push(e);
        }
        store.apply(writes).await.unwrap();
        assert_eq!(store.version().await.unwrap(), 2);
        assert_eq!(store.count().await.unwrap(), 451);
        assert_eq!(store.find("foo".into()).await.unwrap(), Some(changed));
        assert_eq!(
            store.find("词7".into()).await.unwrap().unwrap().created_at,
            at(1)
        );
    }
}

#[tokio::test]
async fn pages_are_in_key_order_after_the_cursor_and_filter_on_the_key() {
    for t in TestDb::all().await {
        let store = t.db.word_list();
        let words = ["delta", "alpha", "50%_off", "charlie", "bravo", "阿尔法"];
        store
            .apply(
                words
                    .iter()
                    .map(|w| entry(w, WordAction::Refuse, None))
                    .collect(),
            )
            .await
            .unwrap();
        let first = store.page(None, None, 2).await.unwrap();
        assert_eq!(keys(&first), vec!["50off", "alpha"]);
        let next = store.page(None, Some("alpha".into()), 10).await.unwrap();
        assert_eq!(keys(&next), vec!["bravo", "charlie", "delta", "阿尔法"]);
        let filtered = store.page(Some("a".into()), None, 10).await.unwrap();
        assert_eq!(keys(&filtered), vec!["alpha", "bravo", "charlie", "delta"]);
        assert!(
            store
                .page(Some("%".into()), None, 10)
                .await
                .unwrap()
                .is_empty(),
            "% matches itself"
        );
        let zh = store.page(Some("尔".into()), None, 10).await.unwrap();
        assert_eq!(keys(&zh), vec!["阿尔法"]);
    }
}
