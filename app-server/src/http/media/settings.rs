//! Uploads' settings: the store (`MEDIA_STORE`, `MEDIA_DIR`, `S3_*`), the limits (`MEDIA_*`,
//! `RATE_MEDIA_*`) and how many are decoded and read at once (`IMAGE_*`,
//! `MEDIA_UPLOAD_*`). Read at start by its wiring ([`crate::config::Settings`]) through the loader; every variable is
//! in `docs/configuration.md`.

use crate::config::env::Env;
use crate::config::server::BodyLimits;
use crate::config::settings::Settings;
use adapter_media::{ImageWorkerSettings, S3Settings};
use anyhow::bail;
use media::MediaPolicy;
use secrecy::SecretString;
use std::path::PathBuf;
use std::time::Duration;

/// Where uploaded images are kept.
#[derive(Debug, Clone)]
pub enum MediaStoreSettings {
    /// A folder (`MEDIA_DIR`, default `data/media`): one instance, or a shared volume.
    Filesystem(PathBuf),
    /// An S3-compatible bucket (`MEDIA_STORE=s3`): shared by every instance.
    S3(S3Settings),
}

/// Uploads: the store, the limits, and how many are decoded and read at once.
#[derive(Debug, Clone)]
pub struct MediaSettings {
    pub store: MediaStoreSettings,
    pub policy: MediaPolicy,
    pub workers: ImageWorkerSettings,
    /// Uploads one instance reads at once; the rest wait `upload_queue_wait`, then 503.
    pub upload_concurrency: usize,
    /// Of those, at most this many for one person (`MEDIA_UPLOAD_PER_USER`).
    pub upload_per_user: usize,
    pub upload_queue_wait: Duration,
    /// How slowly an upload's body may arrive (`MEDIA_UPLOAD_TIMEOUT_SECS`,
    /// `MEDIA_UPLOAD_MIN_BYTES_PER_SEC`, `BODY_MIN_RATE_GRACE_SECS`).
    pub upload_body: BodyLimits,
    /// How often the sweep of abandoned files runs.
    pub sweep_interval: Duration,
}

impl Default for MediaSettings {
    fn default() -> Self {
        Self {
            store: MediaStoreSettings::Filesystem(PathBuf::from("data/media")),
            policy: MediaPolicy::default(),
            workers: ImageWorkerSettings {
                concurrency: std::thread::available_parallelism().map_or(2, usize::from),
                queue_wait: Duration::from_secs(5),
            },
            upload_concurrency: 4,
            upload_per_user: 1,
            upload_queue_wait: Duration::from_secs(5),
            upload_body: BodyLimits {
                timeout: Duration::from_secs(120),
                min_bytes_per_sec: 16 * 1024,
                grace: Duration::from_secs(5),
            },
            sweep_interval: Duration::from_secs(3600),
        }
    }
}

impl Settings for MediaSettings {
    /// # Errors
    /// A malformed value, an unknown store, S3 without its bucket or credentials (or over plain
    /// http in production), or thumbnails outside 16–4096 pixels.
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        let production = env.production();
        let d = Self::default();
        let store = match env.get("MEDIA_STORE").as_deref().unwrap_or("filesystem") {
            "filesystem" => MediaStoreSettings::Filesystem(
                env.get("MEDIA_DIR")
                    .map_or_else(|| PathBuf::from("data/media"), PathBuf::from),
            ),
            "s3" => {
                let why = "when MEDIA_STORE=s3";
                let endpoint = env.url("S3_ENDPOINT");
                let allow_http = endpoint
                    .as_deref()
                    .is_some_and(|e| e.starts_with("http://"));
                if allow_http && production {
                    bail!("S3_ENDPOINT must be https:// in production");
                }
                MediaStoreSettings::S3(S3Settings {
                    endpoint,
                    bucket: env.required("S3_BUCKET", why)?,
                    region: env
                        .get("S3_REGION")
                        .unwrap_or_else(|| "us-east-1".to_owned()),
                    access_key_id: env.required("S3_ACCESS_KEY_ID", why)?,
                    secret_access_key: SecretString::from(
                        env.required("S3_SECRET_ACCESS_KEY", why)?,
                    ),
                    allow_http,
                })
            }
            other => bail!("MEDIA_STORE must be filesystem or s3, not {other:?}"),
        };
        let p = d.policy;
        let policy = MediaPolicy {
            max_upload_bytes: env.num("MEDIA_MAX_UPLOAD_BYTES", p.max_upload_bytes)?,
            max_pixels: env.num("MEDIA_MAX_PIXELS", p.max_pixels)?,
            max_animation_pixels: env.num("MEDIA_MAX_ANIMATION_PIXELS", p.max_animation_pixels)?,
            thumb_max_edge: env.num_in("MEDIA_THUMB_MAX_EDGE", p.thumb_max_edge, 16..=4096)?,
            user_quota_bytes: env.num("MEDIA_USER_QUOTA_BYTES", p.user_quota_bytes)?,
            upload_rate: env.rule("RATE_MEDIA_UPLOADS_PER_USER", p.upload_rate)?,
            sweep_after_secs: env.num("MEDIA_SWEEP_AFTER_SECONDS", p.sweep_after_secs)?,
            keep_rate: env.rule("RATE_MEDIA_KEEPS_PER_USER", p.keep_rate)?,
        };
        Ok(Self {
            store,
            policy,
            workers: ImageWorkerSettings {
                concurrency: env.num("IMAGE_WORKERS", d.workers.concurrency)?.max(1),
                queue_wait: env.millis("IMAGE_QUEUE_MS", d.workers.queue_wait)?,
            },
            upload_concurrency: env
                .num("MEDIA_UPLOAD_CONCURRENCY", d.upload_concurrency)?
                .max(1),
            upload_per_user: env.num("MEDIA_UPLOAD_PER_USER", d.upload_per_user)?.max(1),
            upload_body: BodyLimits::read(
                env,
                (
                    "MEDIA_UPLOAD_TIMEOUT_SECS",
                    "MEDIA_UPLOAD_MIN_BYTES_PER_SEC",
                ),
                d.upload_body,
            )?,
            upload_queue_wait: env.millis("MEDIA_UPLOAD_QUEUE_MS", d.upload_queue_wait)?,
            sweep_interval: d.sweep_interval,
        })
    }
}
