use super::*;
use crate::model::menu::{Button, FaultKind};
use crate::service::fixtures::*;
use mockall::predicate::eq;
use std::sync::Mutex;

#[tokio::test]
async fn a_menu_call_with_a_refused_token_is_retried_once_with_a_new_one() {
    let mut m = Mocks::new();
    m.old_token_refused_once();
    let calls = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = calls.clone();
    m.api.expect_get_menu().times(2).returning(move |token| {
        seen.lock().unwrap().push(token.to_owned());
        if token == OLD {
            Err(WechatError::AccessTokenInvalid)
        } else {
            Ok(Some(valid_menu()))
        }
    });
    assert_eq!(
        m.menu_service().current_menu().await.unwrap(),
        Some(valid_menu())
    );
    assert_eq!(*calls.lock().unwrap(), vec![OLD.to_owned(), NEW.to_owned()]);
}

#[tokio::test]
async fn publishing_refuses_an_invalid_menu_without_calling_wechat() {
    let mut m = Mocks::new();
    m.store.expect_load().never();
    m.api.expect_create_menu().never();
    m.versions.expect_insert().never();
    let menu = Menu {
        button: vec![Button {
            name: "六个汉字啊啊".into(),
            kind: Some("view".into()),
            ..Button::default()
        }],
    };
    let err = m
        .menu_service()
        .publish_menu(&menu, &admin("alice"))
        .await
        .unwrap_err();
    let WechatError::InvalidMenu(faults) = err else {
        panic!("{err:?}")
    };
    let codes: Vec<_> = faults.iter().map(|f| f.kind.code()).collect();
    assert_eq!(codes, ["name_too_long", "url_required"]);
}

#[tokio::test]
async fn publishing_sends_the_normalized_menu_and_records_a_version() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 3600)]);
    m.api
        .expect_create_menu()
        .withf(|token, menu| token == OLD && *menu == valid_menu())
        .times(1)
        .returning(|_, _| Ok(()));
    m.versions
        .expect_insert()
        .withf(|v| {
            v.menu == valid_menu()
                && v.published_by == "alice"
                && v.published_at == t0()
                && v.rolled_back_from.is_none()
        })
        .times(1)
        .returning(|_| Ok(()));
    let mut sloppy = valid_menu();
    sloppy.button[0].name = "  今日歌曲 ".into();
    sloppy.button[0].url = Some(" ".into());
    let service = m.menu_service();
    assert_eq!(service.validate_menu(&sloppy), vec![]);
    let v = service
        .publish_menu(&sloppy, &admin("alice"))
        .await
        .unwrap();
    assert_eq!(v.menu, valid_menu());
    assert_eq!(v.published_by, "alice");
}

#[tokio::test]
async fn a_menu_wechat_refuses_is_not_recorded() {
    let mut m = Mocks::new();
    m.loads(vec![cached(OLD, 3600)]);
    m.api.expect_create_menu().times(1).returning(|_, _| {
        Err(WechatError::Upstream {
            code: 65303,
            message: "no sub button".into(),
        })
    });
    m.versions.expect_insert().never();
    let err = m
        .menu_service()
        .publish_menu(&valid_menu(), &admin("alice"))
        .await
        .unwrap_err();
    assert!(matches!(err, WechatError::Upstream { code: 65303, .. }));
}

#[tokio::test]
async fn rolling_back_an_unknown_version_is_version_not_found() {
    let mut m = Mocks::new();
    m.versions.expect_find().times(1).returning(|_| Ok(None));
    m.api.expect_create_menu().never();
    let err = m
        .menu_service()
        .rollback(MenuVersionId::new_random(), &admin("bob"))
        .await
        .unwrap_err();
    assert!(matches!(err, WechatError::VersionNotFound), "{err:?}");
}

#[tokio::test]
async fn rolling_back_publishes_the_old_menu_as_a_new_version() {
    let mut m = Mocks::new();
    let old = version(valid_menu());
    let old_id = old.id;
    m.versions
        .expect_find()
        .with(eq(old_id))
        .times(1)
        .returning(move |_| Ok(Some(old.clone())));
    m.loads(vec![cached(OLD, 3600)]);
    m.api
        .expect_create_menu()
        .withf(|_, menu| *menu == valid_menu())
        .times(1)
        .returning(|_, _| Ok(()));
    m.versions
        .expect_insert()
        .withf(move |v| {
            v.id != old_id
                && v.rolled_back_from == Some(old_id)
                && v.published_by == "bob"
                && v.published_at == t0()
        })
        .times(1)
        .returning(|_| Ok(()));
    let v = m
        .menu_service()
        .rollback(old_id, &admin("bob"))
        .await
        .unwrap();
    assert_eq!(v.rolled_back_from, Some(old_id));
    assert_eq!(v.menu, valid_menu());
}

#[tokio::test]
async fn a_stored_menu_that_breaks_the_rules_is_not_rolled_back_to() {
    let mut m = Mocks::new();
    let broken = version(Menu::default());
    m.versions
        .expect_find()
        .returning(move |_| Ok(Some(broken.clone())));
    m.api.expect_create_menu().never();
    let err = m
        .menu_service()
        .rollback(MenuVersionId::new_random(), &admin("bob"))
        .await
        .unwrap_err();
    assert!(matches!(&err, WechatError::InvalidMenu(f) if f[0].kind == FaultKind::TooFewButtons));
}

#[tokio::test]
async fn versions_are_listed_by_the_repository() {
    let mut m = Mocks::new();
    let v = version(valid_menu());
    let listed = vec![v.clone()];
    m.versions
        .expect_list()
        .with(eq(50))
        .times(1)
        .returning(move |_| Ok(listed.clone()));
    assert_eq!(m.menu_service().versions(50).await.unwrap(), vec![v]);
}

/// The server runs these on tokio tasks and actix workers.
#[test]
fn use_case_futures_are_send() {
    fn send<T: Send>(_: &T) {}
    let s = Mocks::new().menu_service();
    send(&s.current_menu());
    let a = admin("a");
    send(&s.publish_menu(&valid_menu(), &a));
    send(&s.delete_menu(&a));
    send(&s.rollback(MenuVersionId::new_random(), &a));
}
