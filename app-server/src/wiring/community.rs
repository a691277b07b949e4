//! Stored images (on the configured store, decoded by a bounded set of workers) and the groups
//! and the plaza over them, built together: who may read a file is asked of the domain owning
//! its kind (`GroupMediaAccess` for galleries and covers, `PlazaMediaAccess` for posts' images,
//! `AvatarMediaAccess` for avatars), and groups and the plaza store their images through media.

use super::Wiring;
use crate::config::MediaStoreSettings;
use crate::http::upload_gate::UploadGate;
use accounts::AvatarMediaAccess;
use adapter_media::{FsMediaStore, ImageWorkers, S3MediaStore};
use groups::{GroupMediaAccess, GroupsPorts, GroupsService};
use media::MediaKind;
use media::ports::{AccessByKind, MediaStore};
use media::{MediaAdminService, MediaPorts, MediaService};
use plaza::{PlazaMediaAccess, PlazaPorts, PlazaService};
use std::sync::Arc;

pub struct Community {
    pub media: Arc<MediaService>,
    pub groups: Arc<GroupsService>,
    pub plaza: Arc<PlazaService>,
}

/// # Errors
/// When the media store cannot be opened (its folder made, its S3 client built).
pub fn wire(w: &Wiring<'_>) -> anyhow::Result<Community> {
    let (config, db) = (w.config, w.db);
    let store: Arc<dyn MediaStore> = match &config.media.store {
        MediaStoreSettings::Filesystem(dir) => {
            Arc::new(FsMediaStore::new(dir).map_err(|e| anyhow::anyhow!("MEDIA_DIR: {e}"))?)
        }
        MediaStoreSettings::S3(s3) => Arc::new(
            S3MediaStore::new(s3.clone()).map_err(|e| anyhow::anyhow!("S3 media store: {e}"))?,
        ),
    };
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
            processor: Arc::new(ImageWorkers::new(config.media.workers)),
            access: Arc::new(AccessByKind::new(vec![
                (MediaKind::Gallery, group_access.clone()),
                (MediaKind::Cover, group_access),
                (MediaKind::Plaza, Arc::new(PlazaMediaAccess)),
                (MediaKind::Avatar, Arc::new(AvatarMediaAccess)),
            ])),
            limiter: Arc::new(db.rate_limiter()),
            clock: w.clock.clone(),
        },
        config.media.policy.clone(),
    ));
    let groups = Arc::new(GroupsService::new(
        GroupsPorts {
            groups: group_repo,
            articles: article_repo,
            codes: Arc::new(adapter_crypto::OsSecretGenerator),
            limiter: Arc::new(db.rate_limiter()),
            clock: w.clock.clone(),
            audit: Arc::new(db.audit_log()),
        },
        media.clone(),
        config.groups.clone(),
    ));
    let plaza = Arc::new(PlazaService::new(
        PlazaPorts {
            posts: Arc::new(db.plaza_posts()),
            districts: Arc::new(db.districts()),
            limiter: Arc::new(db.rate_limiter()),
            audit: Arc::new(db.audit_log()),
            clock: w.clock.clone(),
        },
        media.clone(),
        config.plaza.clone(),
    ));
    Ok(Community {
        media,
        groups,
        plaza,
    })
}

/// The admin gallery over every stored image: list, hide, delete.
pub fn media_admin(w: &Wiring<'_>, media: &Arc<MediaService>) -> Arc<MediaAdminService> {
    Arc::new(MediaAdminService::new(
        media.clone(),
        Arc::new(w.db.media()),
        Arc::new(w.db.audit_log()),
        w.clock.clone(),
    ))
}

/// How many uploads this instance reads at once, and how slowly their bodies may arrive.
pub fn uploads(w: &Wiring<'_>) -> UploadGate {
    let m = &w.config.media;
    UploadGate::new(
        m.upload_concurrency,
        m.upload_per_user,
        m.upload_queue_wait,
        m.upload_body,
    )
}
