//! The district repository's contract, on SQLite and PostgreSQL (both migrated fresh, so both
//! start with the 34 provinces the migration seeds).

use crate::support::TestDb;
use districts::model::{District, DistrictCode};
use districts::ports::DistrictRepository;
use districts::provinces::provinces;

pub(crate) fn code(raw: &str) -> DistrictCode {
    DistrictCode::parse(raw).unwrap()
}

pub(crate) fn district(raw: &str, zh: &str, en: &str) -> District {
    District::new(code(raw), zh, en, 30.6, 104.0, None).unwrap()
}

fn codes(ds: &[District]) -> Vec<&str> {
    ds.iter().map(|d| d.code.as_str()).collect()
}

#[tokio::test]
async fn the_migration_seeds_the_34_provinces() {
    for t in TestDb::all().await {
        let repo = t.db.districts();
        let seeded = repo.children(None, None, 100).await.unwrap();
        assert_eq!(seeded, provinces().unwrap(), "{}", t.url);
        assert_eq!(seeded.len(), 34);
        // Nothing else: no province has children yet.
        for p in &seeded {
            assert!(
                repo.children(Some(p.code.clone()), None, 10)
                    .await
                    .unwrap()
                    .is_empty()
            );
        }
    }
}

#[tokio::test]
async fn children_are_paged_by_code_without_repeats_or_gaps() {
    for t in TestDb::all().await {
        let repo = t.db.districts();
        let mut all = Vec::new();
        let mut after = None;
        let mut pages = 0;
        loop {
            let page = repo.children(None, after.clone(), 10).await.unwrap();
            if page.is_empty() {
                break;
            }
            assert!(page.len() <= 10);
            pages += 1;
            after = page.last().map(|d| d.code.clone());
            all.extend(page);
        }
        assert_eq!(pages, 4, "{}", t.url);
        assert_eq!(all, provinces().unwrap());
        let first = repo.children(None, None, 10).await.unwrap();
        assert_eq!(first.len(), 10);
        let second = repo
            .children(None, Some(first[9].code.clone()), 10)
            .await
            .unwrap();
        assert_eq!(codes(&second), codes(&all[10..20]));
        assert!(repo.children(None, None, 0).await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn write_all_adds_children_and_updates_in_one_call() {
    for t in TestDb::all().await {
        let repo = t.db.districts();
        let mut sichuan = repo.find(code("510000")).await.unwrap().unwrap();
        sichuan.name_en = "Sichuan Province".to_owned();
        repo.write_all(vec![
            sichuan.clone(),
            district("510300", "自贡市", "Zigong"),
            district("510100", "成都市", "Chengdu"),
            district("510104", "锦江区", "Jinjiang"),
        ])
        .await
        .unwrap();

        assert_eq!(repo.find(code("510000")).await.unwrap(), Some(sichuan));
        let cities = repo.children(Some(code("510000")), None, 10).await.unwrap();
        assert_eq!(codes(&cities), ["510100", "510300"], "{}", t.url);
        assert_eq!(cities[0], district("510100", "成都市", "Chengdu"));
        let counties = repo.children(Some(code("510100")), None, 10).await.unwrap();
        assert_eq!(codes(&counties), ["510104"]);
        let after = repo
            .children(Some(code("510000")), Some(code("510100")), 10)
            .await
            .unwrap();
        assert_eq!(codes(&after), ["510300"]);
        // Still 34 provinces; writing a row again updates it in place.
        assert_eq!(repo.children(None, None, 100).await.unwrap().len(), 34);
        repo.write_all(vec![district("510100", "成都市", "Chengdu City")])
            .await
            .unwrap();
        let chengdu = repo.find(code("510100")).await.unwrap().unwrap();
        assert_eq!(chengdu.name_en, "Chengdu City");
        repo.write_all(Vec::new()).await.unwrap();
    }
}

#[tokio::test]
async fn write_all_writes_nothing_when_a_parent_is_missing() {
    for t in TestDb::all().await {
        let repo = t.db.districts();
        let mut beijing = repo.find(code("110000")).await.unwrap().unwrap();
        beijing.name_en = "Peking".to_owned();
        let result = repo
            .write_all(vec![
                beijing,
                district("510100", "成都市", "Chengdu"),
                // Its parent 510700 is neither stored nor written in this call.
                district("510701", "涪城区", "Fucheng"),
                district("520100", "贵阳市", "Guiyang"),
            ])
            .await;
        assert!(result.is_err(), "{}", t.url);

        assert_eq!(
            repo.find(code("110000")).await.unwrap().unwrap().name_en,
            "Beijing"
        );
        assert!(
            repo.find_many(vec![code("510100"), code("510701"), code("520100")])
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            repo.children(None, None, 100).await.unwrap(),
            provinces().unwrap()
        );
        // The repository is usable afterwards.
        repo.write_all(vec![district("520100", "贵阳市", "Guiyang")])
            .await
            .unwrap();
        assert!(repo.find(code("520100")).await.unwrap().is_some());
    }
}

#[tokio::test]
async fn search_matches_a_code_prefix_or_either_name() {
    for t in TestDb::all().await {
        let repo = t.db.districts();
        repo.write_all(vec![
            district("510100", "成都市", "Chengdu"),
            district("510300", "自贡市", "Zigong"),
        ])
        .await
        .unwrap();
        let search = |q: &str, after: Option<&str>, limit: u64| {
            let repo = &repo;
            let q = q.to_owned();
            let after = after.map(code);
            async move { repo.search(q, after, limit).await.unwrap() }
        };

        assert_eq!(
            codes(&search("51", None, 10).await),
            ["510000", "510100", "510300"],
            "{}",
            t.url
        );
        assert_eq!(codes(&search("51", Some("510000"), 1).await), ["510100"]);
        assert_eq!(codes(&search("四川", None, 10).await), ["510000"]);
        assert_eq!(codes(&search("sichuan", None, 10).await), ["510000"]);
        assert_eq!(codes(&search("SICHUAN", None, 10).await), ["510000"]);
        assert_eq!(codes(&search("成都", None, 10).await), ["510100"]);
        // "an" is in many English names: ordered by code, paged after a code.
        let an = search("an", None, 100).await;
        assert!(an.len() > 3);
        assert!(an.windows(2).all(|w| w[0].code < w[1].code));
        let rest = search("an", Some(an[1].code.as_str()), 100).await;
        assert_eq!(codes(&rest), codes(&an[2..]));
        // Wildcards match only themselves.
        assert!(search("%", None, 10).await.is_empty());
        assert!(search("_", None, 10).await.is_empty());
        assert!(search("5_0000", None, 10).await.is_empty());
        assert!(search("zzz", None, 10).await.is_empty());
    }
}

#[tokio::test]
async fn find_and_find_many_return_what_exists() {
    for t in TestDb::all().await {
        let repo = t.db.districts();
        let all = provinces().unwrap();
        let sichuan = all.iter().find(|d| d.code.as_str() == "510000").unwrap();
        assert_eq!(
            repo.find(code("510000")).await.unwrap().as_ref(),
            Some(sichuan),
            "{}",
            t.url
        );
        assert_eq!(repo.find(code("510100")).await.unwrap(), None);
        assert!(repo.find_many(Vec::new()).await.unwrap().is_empty());
        let found = repo
            .find_many(vec![code("820000"), code("510100"), code("110000")])
            .await
            .unwrap();
        assert_eq!(codes(&found), ["110000", "820000"]);
        assert_eq!(found[1].tile, all[33].tile);
    }
}
