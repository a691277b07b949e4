//! [`MediaStore`] on a local folder ([`FsMediaStore`]) or an S3-compatible bucket
//! ([`S3MediaStore`]), both through `object_store`.

use anyhow::{Context as _, anyhow};
use async_trait::async_trait;
use kernel::outage;
use media::MediaError;
use media::ports::MediaStore;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{
    Attribute, Attributes, BackoffConfig, ClientOptions, ObjectStore, ObjectStoreExt as _,
    PutOptions, PutPayload, RetryConfig,
};
use secrecy::{ExposeSecret as _, SecretString};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Files under a local folder: one instance, or several sharing a network file system.
pub struct FsMediaStore {
    dir: PathBuf,
    store: LocalFileSystem,
}

impl FsMediaStore {
    /// A store under `dir`, created (with its parents) when missing. Emptied folders are removed
    /// as their last file is deleted.
    ///
    /// # Errors
    /// `Unexpected` when the folder cannot be created or opened.
    pub fn new(dir: impl AsRef<Path>) -> Result<Self, MediaError> {
        let dir = dir.as_ref().to_path_buf();
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("creating the media folder {}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(&dir)
            .with_context(|| format!("opening the media folder {}", dir.display()))?
            .with_automatic_cleanup(true);
        Ok(Self { dir, store })
    }

    /// The folder the files live under.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl std::fmt::Debug for FsMediaStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FsMediaStore")
            .field("dir", &self.dir)
            .finish()
    }
}

#[async_trait]
impl MediaStore for FsMediaStore {
    #[tracing::instrument(skip(self, bytes), fields(bytes = bytes.len()))]
    async fn put(&self, key: &str, bytes: Vec<u8>, _content_type: &str) -> Result<(), MediaError> {
        // A file system keeps no content type (object_store refuses attributes here); the
        // type is known from the key's row when the file is served.
        put(&self.store, key, bytes, PutOptions::default(), self.kind()).await
    }

    #[tracing::instrument(skip(self))]
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError> {
        get(&self.store, key, self.kind()).await
    }

    #[tracing::instrument(skip(self))]
    async fn delete(&self, key: &str) -> Result<(), MediaError> {
        delete(&self.store, key, self.kind()).await
    }

    fn kind(&self) -> &'static str {
        "filesystem"
    }

    /// The folder is there (a `stat`, off the async threads: a network file system may be slow
    /// to say).
    async fn check(&self) -> Result<(), MediaError> {
        let dir = self.dir.clone();
        let found = tokio::task::spawn_blocking(move || std::fs::metadata(&dir))
            .await
            .context("checking the media folder")?;
        match found {
            Ok(meta) if meta.is_dir() => Ok(()),
            Ok(_) => Err(anyhow!("the media folder {} is not a folder", self.dir.display()).into()),
            Err(e) => Err(anyhow!(e)
                .context(format!("the media folder {}", self.dir.display()))
                .into()),
        }
    }
}

/// Where an S3-compatible bucket is and how to sign in to it.
#[derive(Clone)]
pub struct S3Settings {
    /// The service's URL (`https://oss-cn-hangzhou.aliyuncs.com`, `http://127.0.0.1:9000`);
    /// `None` for AWS itself, by region.
    pub endpoint: Option<String>,
    /// The bucket; it must exist.
    pub bucket: String,
    /// The region (`us-east-1` where the service does not care).
    pub region: String,
    /// The access key's id.
    pub access_key_id: String,
    /// The access key's secret: never logged.
    pub secret_access_key: SecretString,
    /// Whether a plain `http://` endpoint is allowed (a local test server); never in production.
    pub allow_http: bool,
}

impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("endpoint", &self.endpoint)
            .field("bucket", &self.bucket)
            .field("region", &self.region)
            .field("access_key_id", &self.access_key_id)
            .field("secret_access_key", &"***")
            .field("allow_http", &self.allow_http)
            .finish()
    }
}

/// Objects in an S3-compatible bucket (AWS S3, Aliyun OSS, MinIO, …), shared by every instance.
pub struct S3MediaStore {
    bucket: String,
    endpoint: Option<String>,
    store: AmazonS3,
}

impl S3MediaStore {
    /// A store on the bucket of `settings`. Nothing is sent yet: a wrong endpoint or key shows
    /// at the first call. Path-style requests (`<endpoint>/<bucket>/<key>`); a request is tried
    /// at most 4 times within 20 s, and times out after 30 s.
    ///
    /// # Errors
    /// `Unexpected` when the settings are unusable (a malformed endpoint URL, say).
    pub fn new(settings: S3Settings) -> Result<Self, MediaError> {
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region)
            .with_access_key_id(&settings.access_key_id)
            .with_secret_access_key(settings.secret_access_key.expose_secret())
            .with_allow_http(settings.allow_http)
            .with_client_options(
                ClientOptions::new()
                    .with_allow_http(settings.allow_http)
                    .with_connect_timeout(Duration::from_secs(5))
                    .with_timeout(Duration::from_secs(30)),
            )
            .with_retry(RetryConfig {
                backoff: BackoffConfig::default(),
                max_retries: 3,
                retry_timeout: Duration::from_secs(20),
            });
        if let Some(endpoint) = &settings.endpoint {
            builder = builder.with_endpoint(endpoint);
        }
        let store = builder.build().with_context(|| {
            format!(
                "configuring the S3 bucket {} at {}",
                settings.bucket,
                settings.endpoint.as_deref().unwrap_or("AWS")
            )
        })?;
        Ok(Self {
            bucket: settings.bucket,
            endpoint: settings.endpoint,
            store,
        })
    }
}

impl std::fmt::Debug for S3MediaStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3MediaStore")
            .field("endpoint", &self.endpoint)
            .field("bucket", &self.bucket)
            .finish_non_exhaustive()
    }
}

#[async_trait]
impl MediaStore for S3MediaStore {
    #[tracing::instrument(skip(self, bytes), fields(bytes = bytes.len()))]
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), MediaError> {
        let mut attributes = Attributes::new();
        attributes.insert(Attribute::ContentType, content_type.to_owned().into());
        let options = PutOptions {
            attributes,
            ..PutOptions::default()
        };
        put(&self.store, key, bytes, options, self.kind()).await
    }

    #[tracing::instrument(skip(self))]
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError> {
        get(&self.store, key, self.kind()).await
    }

    #[tracing::instrument(skip(self))]
    async fn delete(&self, key: &str) -> Result<(), MediaError> {
        delete(&self.store, key, self.kind()).await
    }

    fn kind(&self) -> &'static str {
        "s3"
    }

    /// One `HEAD` of a key that is never written: "not found" is an answer, so the bucket is
    /// reachable and the keys are accepted; no object is read or listed.
    async fn check(&self) -> Result<(), MediaError> {
        match self.store.head(&ObjectPath::from(CHECK_KEY)).await {
            Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(marked(
                anyhow!(e).context(format!("checking the S3 bucket {}", self.bucket)),
            )
            .into()),
        }
    }
}

/// The key [`S3MediaStore`]'s check asks about (media keys start with `media/`).
const CHECK_KEY: &str = "courtyard-readiness-check";

/// Whether `cause` says the object store could not be reached: no connection, or a request
/// that broke off or timed out, after `object_store`'s retries — as opposed to the store
/// refusing a request (a missing object, wrong keys, a 5xx it answered), which stays
/// unexpected. Such errors carry the kernel's outage mark ([`kernel::outage`]), from which the HTTP
/// layer answers 503 `media_store_unavailable` instead of 500.
pub fn is_unreachable(cause: &anyhow::Error) -> bool {
    use object_store::client::{HttpError, HttpErrorKind};
    cause.chain().any(|e| {
        e.downcast_ref::<HttpError>()
            .is_some_and(|http| !matches!(http.kind(), HttpErrorKind::Decode))
    })
}

/// `cause` with the kernel's outage mark when it says the store cannot be reached
/// ([`is_unreachable`]).
fn marked(cause: anyhow::Error) -> anyhow::Error {
    if is_unreachable(&cause) {
        outage::mark(outage::Dependency::MediaStore, cause)
    } else {
        cause
    }
}

/// The object path of a key; keys come from [`media::Media::key`], so a bad one is a bug.
fn object_path(key: &str) -> Result<ObjectPath, MediaError> {
    ObjectPath::parse(key).map_err(|e| {
        MediaError::Unexpected(anyhow!(e).context(format!("invalid media key {key:?}")))
    })
}

async fn put(
    store: &impl ObjectStore,
    key: &str,
    bytes: Vec<u8>,
    options: PutOptions,
    kind: &str,
) -> Result<(), MediaError> {
    let path = object_path(key)?;
    store
        .put_opts(&path, PutPayload::from(bytes), options)
        .await
        .with_context(|| format!("writing {key} to the {kind} media store"))
        .map_err(marked)?;
    Ok(())
}

async fn get(
    store: &impl ObjectStore,
    key: &str,
    kind: &str,
) -> Result<Option<Vec<u8>>, MediaError> {
    let path = object_path(key)?;
    let found = match store.get(&path).await {
        Ok(found) => found,
        Err(object_store::Error::NotFound { .. }) => return Ok(None),
        Err(e) => {
            return Err(marked(
                anyhow!(e).context(format!("reading {key} from the {kind} media store")),
            )
            .into());
        }
    };
    let bytes = found
        .bytes()
        .await
        .with_context(|| format!("reading {key} from the {kind} media store"))
        .map_err(marked)?;
    Ok(Some(bytes.into()))
}

async fn delete(store: &impl ObjectStore, key: &str, kind: &str) -> Result<(), MediaError> {
    let path = object_path(key)?;
    match store.delete(&path).await {
        Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
        Err(e) => Err(marked(
            anyhow!(e).context(format!("deleting {key} from the {kind} media store")),
        )
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use object_store::client::{HttpError, HttpErrorKind};

    fn in_store_error(kind: HttpErrorKind) -> anyhow::Error {
        let http = HttpError::new(
            kind,
            std::io::Error::from(std::io::ErrorKind::ConnectionRefused),
        );
        let store = object_store::Error::Generic {
            store: "S3",
            source: Box::new(http),
        };
        anyhow!(store).context("writing a/b to the s3 media store")
    }

    #[test]
    fn a_store_that_cannot_be_reached_is_told_from_one_that_refuses() {
        for kind in [
            HttpErrorKind::Connect,
            HttpErrorKind::Request,
            HttpErrorKind::Timeout,
            HttpErrorKind::Interrupted,
        ] {
            assert!(is_unreachable(&in_store_error(kind)), "{kind:?}");
        }
        assert!(!is_unreachable(&in_store_error(HttpErrorKind::Decode)));
        let refused = object_store::Error::PermissionDenied {
            path: "a/b".into(),
            source: "403".into(),
        };
        assert!(!is_unreachable(&anyhow!(refused)));
        assert!(!is_unreachable(&anyhow!("a bug")));
    }
}
