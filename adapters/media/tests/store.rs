#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The `MediaStore` contract (ports.rs), run against both adapters: a real folder, and a real
//! S3-protocol server (moto) on loopback.

use adapter_media::{FsMediaStore, S3MediaStore, S3Settings};
use futures_util::TryStreamExt as _;
use media::MediaError;
use media::ports::MediaStore;
use moto_server::{self as moto, MotoServer};
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path as ObjectPath;
use object_store::{Attribute, ObjectStore as _, ObjectStoreExt as _};
use secrecy::SecretString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const ORIGINAL: &str = "media/0123456789abcdef0123456789abcdef/original.jpg";
const THUMB: &str = "media/0123456789abcdef0123456789abcdef/thumb.jpg";

/// A store under test and a way to see what it really holds.
enum Backend {
    Fs {
        store: FsMediaStore,
        dir: PathBuf,
    },
    S3 {
        store: S3MediaStore,
        /// The same bucket, seen directly through object_store.
        raw: AmazonS3,
        _server: MotoServer,
    },
}

impl Backend {
    fn filesystem() -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "courtyard-media-store-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        // Not created beforehand: the store makes its folder.
        let store = FsMediaStore::new(dir.join("nested/media")).unwrap();
        Self::Fs { store, dir }
    }

    fn s3() -> Self {
        let server = MotoServer::start();
        let store = S3MediaStore::new(settings(server.endpoint())).unwrap();
        let raw = AmazonS3Builder::new()
            .with_endpoint(server.endpoint())
            .with_allow_http(true)
            .with_bucket_name(moto::BUCKET)
            .with_region("us-east-1")
            .with_access_key_id(moto::ACCESS_KEY_ID)
            .with_secret_access_key(moto::SECRET_ACCESS_KEY)
            .build()
            .unwrap();
        Self::S3 {
            store,
            raw,
            _server: server,
        }
    }

    fn store(&self) -> &dyn MediaStore {
        match self {
            Self::Fs { store, .. } => store,
            Self::S3 { store, .. } => store,
        }
    }

    /// Every object (file) the store holds, by walking the folder or listing the bucket.
    async fn everything_stored(&self) -> Vec<String> {
        match self {
            Self::Fs { dir, .. } => {
                let mut files = Vec::new();
                walk(dir, &mut files);
                files
            }
            Self::S3 { raw, .. } => raw
                .list(Some(&ObjectPath::from("media")))
                .map_ok(|meta| meta.location.to_string())
                .try_collect()
                .await
                .unwrap(),
        }
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        if let Self::Fs { dir, .. } = self {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn settings(endpoint: String) -> S3Settings {
    S3Settings {
        endpoint: Some(endpoint),
        bucket: moto::BUCKET.to_owned(),
        region: "us-east-1".to_owned(),
        access_key_id: moto::ACCESS_KEY_ID.to_owned(),
        secret_access_key: SecretString::from(moto::SECRET_ACCESS_KEY),
        allow_http: true,
    }
}

fn walk(dir: &Path, files: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            walk(&entry.path(), files);
        } else {
            files.push(entry.path().display().to_string());
        }
    }
}

/// Every byte value, and more than one network packet of them.
fn sample(seed: u8) -> Vec<u8> {
    (0..300_000u32).map(|i| (i % 251) as u8 ^ seed).collect()
}

async fn round_trip_returns_the_exact_bytes(backend: Backend) {
    let store = backend.store();
    let bytes = sample(0);
    store
        .put(ORIGINAL, bytes.clone(), "image/jpeg")
        .await
        .unwrap();
    store.put(THUMB, vec![], "image/jpeg").await.unwrap();
    assert_eq!(store.get(ORIGINAL).await.unwrap(), Some(bytes));
    assert_eq!(store.get(THUMB).await.unwrap(), Some(vec![]));
}

async fn a_put_overwrites(backend: Backend) {
    let store = backend.store();
    store.put(ORIGINAL, sample(0), "image/jpeg").await.unwrap();
    store
        .put(ORIGINAL, b"second".to_vec(), "image/jpeg")
        .await
        .unwrap();
    assert_eq!(store.get(ORIGINAL).await.unwrap(), Some(b"second".to_vec()));
    assert_eq!(backend.everything_stored().await.len(), 1);
}

async fn a_missing_key_reads_as_none(backend: Backend) {
    let store = backend.store();
    assert_eq!(store.get(ORIGINAL).await.unwrap(), None);
    // Beside an object, and where a "folder" exists.
    store.put(ORIGINAL, sample(1), "image/jpeg").await.unwrap();
    assert_eq!(store.get(THUMB).await.unwrap(), None);
    assert_eq!(store.get("media").await.unwrap(), None);
}

async fn deleted_objects_are_gone_and_nothing_is_left(backend: Backend) {
    let store = backend.store();
    store.put(ORIGINAL, sample(2), "image/png").await.unwrap();
    store.put(THUMB, sample(3), "image/jpeg").await.unwrap();
    assert_eq!(backend.everything_stored().await.len(), 2);

    store.delete(ORIGINAL).await.unwrap();
    assert_eq!(store.get(ORIGINAL).await.unwrap(), None);
    assert_eq!(store.get(THUMB).await.unwrap(), Some(sample(3)));
    store.delete(THUMB).await.unwrap();
    assert_eq!(store.get(THUMB).await.unwrap(), None);

    assert_eq!(backend.everything_stored().await, Vec::<String>::new());
}

async fn deleting_a_missing_key_succeeds(backend: Backend) {
    let store = backend.store();
    store.delete(ORIGINAL).await.unwrap();
    store.put(THUMB, sample(4), "image/jpeg").await.unwrap();
    store.delete(THUMB).await.unwrap();
    store.delete(THUMB).await.unwrap();
    assert_eq!(backend.everything_stored().await, Vec::<String>::new());
}

async fn a_reachable_store_passes_its_check_and_stores_nothing(backend: Backend) {
    backend.store().check().await.unwrap();
    assert_eq!(backend.everything_stored().await, Vec::<String>::new());
}

macro_rules! contract {
    ($backend:ident: $($case:ident),+ $(,)?) => {
        mod $backend {
            $(
                #[tokio::test]
                async fn $case() {
                    super::$case(super::Backend::$backend()).await;
                }
            )+
        }
    };
}

contract!(filesystem:
    a_reachable_store_passes_its_check_and_stores_nothing,
    round_trip_returns_the_exact_bytes,
    a_put_overwrites,
    a_missing_key_reads_as_none,
    deleted_objects_are_gone_and_nothing_is_left,
    deleting_a_missing_key_succeeds,
);

contract!(s3:
    a_reachable_store_passes_its_check_and_stores_nothing,
    round_trip_returns_the_exact_bytes,
    a_put_overwrites,
    a_missing_key_reads_as_none,
    deleted_objects_are_gone_and_nothing_is_left,
    deleting_a_missing_key_succeeds,
);

#[test]
fn each_store_names_its_kind() {
    let fs = Backend::filesystem();
    assert_eq!(fs.store().kind(), "filesystem");
    let s3 = S3MediaStore::new(settings("http://127.0.0.1:9".to_owned())).unwrap();
    assert_eq!(s3.kind(), "s3");
}

#[tokio::test]
async fn s3_objects_carry_their_content_type() {
    let backend = Backend::s3();
    backend
        .store()
        .put(ORIGINAL, sample(5), "image/webp")
        .await
        .unwrap();
    let Backend::S3 { raw, .. } = &backend else {
        unreachable!()
    };
    let got = raw.get(&ObjectPath::from(ORIGINAL)).await.unwrap();
    assert_eq!(
        got.attributes
            .get(&Attribute::ContentType)
            .map(|v| v.as_ref()),
        Some("image/webp")
    );
}

#[test]
fn the_secret_key_is_never_shown() {
    let settings = settings("http://127.0.0.1:9".to_owned());
    let shown = format!("{settings:?}");
    assert!(!shown.contains(moto::SECRET_ACCESS_KEY), "{shown}");
    assert!(shown.contains(moto::ACCESS_KEY_ID), "{shown}");
    let store = S3MediaStore::new(settings).unwrap();
    let shown = format!("{store:?}");
    assert!(!shown.contains(moto::SECRET_ACCESS_KEY), "{shown}");
}

#[tokio::test]
async fn an_unreachable_bucket_is_unexpected() {
    // Nothing listens on the discard port.
    let store = S3MediaStore::new(settings("http://127.0.0.1:9".to_owned())).unwrap();
    let put = store.put(ORIGINAL, sample(6), "image/jpeg").await;
    assert!(matches!(put, Err(MediaError::Unexpected(_))), "{put:?}");
    let get = store.get(ORIGINAL).await;
    assert!(matches!(get, Err(MediaError::Unexpected(_))), "{get:?}");
    let delete = store.delete(ORIGINAL).await;
    assert!(
        matches!(delete, Err(MediaError::Unexpected(_))),
        "{delete:?}"
    );
    let check = store.check().await;
    assert!(matches!(check, Err(MediaError::Unexpected(_))), "{check:?}");
}

#[tokio::test]
async fn a_media_folder_that_is_gone_fails_the_check() {
    let backend = Backend::filesystem();
    let Backend::Fs { dir, .. } = &backend else {
        unreachable!()
    };
    std::fs::remove_dir_all(dir).unwrap();
    let check = backend.store().check().await;
    let Err(MediaError::Unexpected(error)) = check else {
        panic!("{check:?}")
    };
    assert!(format!("{error:#}").contains("nested/media"), "{error:#}");
    std::fs::create_dir_all(dir.join("nested/media")).unwrap();
    backend.store().check().await.unwrap();
}

#[tokio::test]
async fn a_write_the_folder_refuses_is_unexpected() {
    let backend = Backend::filesystem();
    let store = backend.store();
    // "media" becomes a file, so nothing can be written below it.
    store
        .put("media", b"a file".to_vec(), "text/plain")
        .await
        .unwrap();
    let put = store.put(ORIGINAL, sample(7), "image/jpeg").await;
    let Err(MediaError::Unexpected(error)) = put else {
        panic!("{put:?}")
    };
    assert!(format!("{error:#}").contains(ORIGINAL), "{error:#}");
}
