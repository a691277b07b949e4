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
use kernel::{ArticleId, GroupId, Subject, UserId};
use notifications::model::excerpt;
use notifications::ports::{Access, WakeBus};
use notifications::{LocalBus, NotificationsPorts, NotificationsService, SubjectView};
use plaza::PlazaService;
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

fn shown(title: Option<String>) -> SubjectView {
    SubjectView {
        readable: true,
        title,
    }
}

#[async_trait]
impl Access for CommunityAccess {
    /// The subjects grouped by kind, each kind read in one batched use case of its area: the
    /// plaza's posts and comments together, the groups' groups, articles and replies together.
    async fn views(
        &self,
        viewer: UserId,
        subjects: &[Subject],
    ) -> anyhow::Result<Vec<SubjectView>> {
        let me = Some(viewer);
        let (mut posts, mut comments) = (Vec::new(), Vec::new());
        let (mut groups_asked, mut articles, mut replies) = (Vec::new(), Vec::new(), Vec::new());
        for subject in subjects {
            match *subject {
                Subject::PlazaPost { post } => posts.push(plaza::PostId(post)),
                Subject::PlazaComment { post, comment } => {
                    comments.push((plaza::PostId(post), plaza::CommentId(comment)));
                }
                Subject::Group { group } => groups_asked.push(group),
                Subject::Article { group, article } => articles.push((group, article)),
                Subject::Reply {
                    group,
                    article,
                    reply,
                } => replies.push((group, article, groups::model::ReplyId(reply))),
                Subject::Person { .. } => {}
            }
        }
        let in_plaza = if posts.is_empty() && comments.is_empty() {
            plaza::ReadableAmong::default()
        } else {
            self.plaza
                .readable_among(me, &posts, &comments)
                .await
                .map_err(anyhow::Error::new)?
        };
        let in_groups = if groups_asked.is_empty() && articles.is_empty() && replies.is_empty() {
            groups::ReadableAmong::default()
        } else {
            self.groups
                .readable_among(me, &groups_asked, &articles, &replies)
                .await
                .map_err(anyhow::Error::new)?
        };
        let post_title = |post: uuid::Uuid| {
            in_plaza
                .posts
                .get(&plaza::PostId(post))
                .map(|p| shown(Some(excerpt(&p.body))))
        };
        let article_title = |group: GroupId, article: ArticleId| {
            in_groups
                .articles
                .get(&(group, article))
                .map(|a| shown(Some(a.article.title.clone())))
        };
        Ok(subjects
            .iter()
            .map(|subject| {
                match *subject {
                    Subject::PlazaPost { post } => post_title(post),
                    Subject::PlazaComment { post, comment } => in_plaza
                        .comments
                        .contains(&(plaza::PostId(post), plaza::CommentId(comment)))
                        .then(|| post_title(post))
                        .flatten(),
                    Subject::Article { group, article } => article_title(group, article),
                    Subject::Reply {
                        group,
                        article,
                        reply,
                    } => in_groups
                        .replies
                        .contains(&(group, article, groups::model::ReplyId(reply)))
                        .then(|| article_title(group, article))
                        .flatten(),
                    Subject::Group { group } => in_groups
                        .groups
                        .get(&group)
                        .map(|g| shown(Some(g.group.name.as_str().to_owned()))),
                    // A person's page is open to everyone; a notice about them carries no
                    // content.
                    Subject::Person { .. } => Some(shown(None)),
                }
                .unwrap_or_default()
            })
            .collect())
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
