//! Notifications: the store and the people over the database, the groups' and the plaza's
//! rules for who may read a subject, and the bus that wakes the streams of every instance —
//! in process, PostgreSQL `LISTEN`/`NOTIFY`, or Redis pub/sub (`NOTIFICATIONS_BUS`). Connected
//! to the relay the community's services tell, and this instance's pump started.

use super::Wiring;
use crate::config::AreaSettings;
use crate::config::env::Env;
use crate::http::notifications::settings::{BusChoice, NotificationSettings};
use adapter_postgres::{DatabaseKind, PgWakeBus};
use anyhow::Context;
use async_trait::async_trait;
use groups::{GroupsError, GroupsService};
use kernel::{GroupId, Subject, UserId};
use notifications::model::excerpt;
use notifications::ports::{Access, WakeBus};
use notifications::{LocalBus, NotificationsPorts, NotificationsService, SubjectView};
use plaza::{PlazaError, PlazaService};
use std::sync::Arc;

/// # Errors
/// A malformed value.
pub fn settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    areas.read::<NotificationSettings>(env)
}

/// Who may read a subject now, by the groups' and the plaza's own rules.
struct CommunityAccess {
    groups: Arc<GroupsService>,
    plaza: Arc<PlazaService>,
}

/// `Ok(None)` for what the viewer may not read (or that is gone), the error otherwise.
fn groups_hidden<T>(r: Result<T, GroupsError>) -> anyhow::Result<Option<T>> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(
            GroupsError::NotFound
            | GroupsError::MembersOnly
            | GroupsError::ReplyNotFound
            | GroupsError::Banned
            | GroupsError::NotAllowed,
        ) => Ok(None),
        Err(e) => Err(anyhow::anyhow!(e)),
    }
}

fn plaza_hidden<T>(r: Result<T, PlazaError>) -> anyhow::Result<Option<T>> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(PlazaError::NotFound | PlazaError::NotAllowed) => Ok(None),
        Err(e) => Err(anyhow::anyhow!(e)),
    }
}

fn shown(title: Option<String>) -> SubjectView {
    SubjectView {
        readable: true,
        title,
    }
}

#[async_trait]
impl Access for CommunityAccess {
    async fn view(&self, viewer: UserId, subject: Subject) -> anyhow::Result<SubjectView> {
        let me = Some(viewer);
        Ok(match subject {
            Subject::PlazaPost { post } => {
                plaza_hidden(self.plaza.post(me, plaza::PostId(post)).await)?
                    .map(|p| shown(Some(excerpt(&p.body))))
            }
            Subject::PlazaComment { post, comment } => {
                let post = plaza_hidden(self.plaza.post(me, plaza::PostId(post)).await)?;
                match post {
                    Some(p) => plaza_hidden(
                        self.plaza
                            .comment_readable(me, p.id, plaza::CommentId(comment))
                            .await,
                    )?
                    .filter(|readable| *readable)
                    .map(|_| shown(Some(excerpt(&p.body)))),
                    None => None,
                }
            }
            Subject::Article { group, article } => {
                groups_hidden(self.groups.article(me, group, article).await)?
                    .map(|a| shown(Some(a.article.title)))
            }
            Subject::Reply {
                group,
                article,
                reply,
            } => match groups_hidden(self.groups.article(me, group, article).await)? {
                Some(a) => groups_hidden(
                    self.groups
                        .reply_readable(me, group, article, groups::model::ReplyId(reply))
                        .await,
                )?
                .filter(|readable| *readable)
                .map(|_| shown(Some(a.article.title))),
                None => None,
            },
            Subject::Group { group } => groups_hidden(self.groups.get(me, group).await)?
                .map(|g| shown(Some(g.group.name.as_str().to_owned()))),
            // A person's page is open to everyone; a notice about them carries no content.
            Subject::Person { .. } => Some(shown(None)),
        }
        .unwrap_or_default())
    }

    async fn may_read_group(&self, viewer: UserId, group: GroupId) -> anyhow::Result<bool> {
        Ok(groups_hidden(self.groups.get(Some(viewer), group).await)?.is_some_and(|g| g.can_read))
    }
}

/// # Errors
/// When the chosen bus cannot be started.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let settings = w.config.areas.get::<NotificationSettings>().clone();
    let bus: Arc<dyn WakeBus> = match (&settings.bus, w.db.kind()) {
        (BusChoice::Auto, DatabaseKind::Postgres) | (BusChoice::Postgres, _) => {
            Arc::new(PgWakeBus::start(w.db).context("starting the PostgreSQL wake-up bus")?)
        }
        (BusChoice::Auto | BusChoice::Local, _) => Arc::new(LocalBus::default()),
        (BusChoice::Redis { url }, _) => Arc::new(
            adapter_redis::RedisWakeBus::start(url).context("starting the Redis wake-up bus")?,
        ),
    };
    let service = Arc::new(NotificationsService::new(
        NotificationsPorts {
            store: Arc::new(w.db.notifications()),
            people: Arc::new(w.db.clone()),
            access: Arc::new(CommunityAccess {
                groups: w.service::<GroupsService>()?,
                plaza: w.service::<PlazaService>()?,
            }),
            bus,
        },
        settings.policy,
    ));
    w.service::<kernel::notice::Relay>()?
        .connect(service.clone());
    tokio::spawn(service.clone().pump());
    w.provide(service);
    Ok(())
}
