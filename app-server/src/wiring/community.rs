//! Stored images (on the configured store, decoded by a bounded set of workers) and the groups
//! and the plaza over them, built together: who may read a file is asked of the domain owning
//! its kind (`GroupMediaAccess` for galleries and covers, `PlazaMediaAccess` for posts' images,
//! `AvatarMediaAccess` for avatars), and groups and the plaza store their images through media.

use super::Wiring;
use crate::config::AreaSettings;
use crate::config::env::Env;
use crate::http::media::settings::{MediaSettings, MediaStoreSettings};
use crate::http::upload_gate::UploadGate;
use crate::metrics::Metrics;
use crate::recorded::RecordedStore;
use accounts::AvatarMediaAccess;
use adapter_media::{FsMediaStore, ImageWorkers, S3MediaStore};
use groups::{GroupMediaAccess, GroupsPolicy, GroupsPorts, GroupsService};
use media::MediaKind;
use media::ports::{AccessByKind, MediaStore};
use media::{MediaAdminService, MediaPorts, MediaService};
use plaza::{PlazaMediaAccess, PlazaPolicy, PlazaPorts, PlazaService};
use std::sync::Arc;

/// The media store and its limits, the groups' and the plaza's.
///
/// # Errors
/// A malformed or missing value.
pub fn settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    areas.read::<MediaSettings>(env)?;
    areas.read::<GroupsPolicy>(env)?;
    areas.read::<PlazaPolicy>(env)
}

/// # Errors
/// When the media store cannot be opened (its folder made, its S3 client built).
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    // The operator's word list, asked before text is stored (wired first: `wiring::AREAS`).
    let words: Arc<dyn kernel::WordFilter> = w.service::<::moderation::LiveWordFilter>()?;
    let (config, db) = (w.config, w.db);
    let media_settings = config.areas.get::<MediaSettings>();
    let store: Arc<dyn MediaStore> = match &media_settings.store {
        MediaStoreSettings::Filesystem(dir) => {
            Arc::new(FsMediaStore::new(dir).map_err(|e| anyhow::anyhow!("MEDIA_DIR: {e}"))?)
        }
        MediaStoreSettings::S3(s3) => Arc::new(
            S3MediaStore::new(s3.clone()).map_err(|e| anyhow::anyhow!("S3 media store: {e}"))?,
        ),
    };
    // Every call counted in the metrics (`object_store`).
    let store: Arc<dyn MediaStore> = Arc::new(RecordedStore {
        inner: store,
        metrics: w.service::<Metrics>()?,
    });
    // Who blocked whom: the groups and the plaza ask before a reply, a comment, a like or a
    // mention is stored.
    let blocks: Arc<dyn kernel::Blocks> = Arc::new(db.blocks());
    let group_repo: Arc<dyn groups::ports::GroupRepository> = Arc::new(db.groups());
    let article_repo: Arc<dyn groups::ports::ArticleRepository> = Arc::new(db.articles());
    let group_access: Arc<dyn media::ports::MediaAccess> = Arc::new(GroupMediaAccess::new(
        group_repo.clone(),
        article_repo.clone(),
    ));
    let media = Arc::new(MediaService::new(
        MediaPorts {
            store,
            repo: Arc::new(db.media()),
            processor: Arc::new(ImageWorkers::new(media_settings.workers)),
            access: Arc::new(AccessByKind::new(vec![
                (MediaKind::Gallery, group_access.clone()),
                (MediaKind::Cover, group_access),
                (MediaKind::Plaza, Arc::new(PlazaMediaAccess)),
                (MediaKind::Avatar, Arc::new(AvatarMediaAccess)),
            ])),
            limiter: Arc::new(db.rate_limiter()),
            clock: w.clock.clone(),
        },
        media_settings.policy.clone(),
    ));
    // The notifications area connects itself here once it is built: it reads these services.
    let notifier = Arc::new(kernel::notice::Relay::default());
    w.provide(notifier.clone());
    let groups = Arc::new(GroupsService::new(
        GroupsPorts {
            groups: group_repo,
            articles: article_repo,
            replies: Arc::new(db.article_replies()),
            codes: Arc::new(adapter_crypto::OsSecretGenerator),
            limiter: Arc::new(db.rate_limiter()),
            clock: w.clock.clone(),
            audit: Arc::new(db.audit_log()),
            notifier: notifier.clone(),
            words: words.clone(),
            blocks: blocks.clone(),
        },
        media.clone(),
        config.areas.get::<GroupsPolicy>().clone(),
    ));
    let plaza = Arc::new(PlazaService::new(
        PlazaPorts {
            posts: Arc::new(db.plaza_posts()),
            districts: Arc::new(db.districts()),
            limiter: Arc::new(db.rate_limiter()),
            audit: Arc::new(db.audit_log()),
            clock: w.clock.clone(),
            notifier,
            words: words.clone(),
            blocks,
        },
        media.clone(),
        config.areas.get::<PlazaPolicy>().clone(),
    ));
    w.provide(groups);
    w.provide(plaza);
    w.provide(Arc::new(MediaAdminService::new(
        media.clone(),
        Arc::new(db.media()),
        Arc::new(db.audit_log()),
        w.clock.clone(),
    )));
    // How many uploads this instance reads at once, and how slowly their bodies may arrive.
    let m = media_settings;
    w.provide(Arc::new(UploadGate::new(
        m.upload_concurrency,
        m.upload_per_user,
        m.upload_queue_wait,
        m.upload_body,
        m.policy.max_upload_bytes,
    )));
    // Abandoned uploads on their own clock (`MediaSettings::sweep_interval`): an upload that
    // failed while the object store was unreachable leaves a pending row to finish.
    let media = w.provide(media);
    w.every(media_settings.sweep_interval, move || {
        let media = media.clone();
        async move {
            match media.sweep().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(files = n, "swept abandoned uploads"),
                Err(e) => tracing::warn!(error = %e, "sweeping abandoned uploads failed"),
            }
        }
    });
    Ok(())
}
