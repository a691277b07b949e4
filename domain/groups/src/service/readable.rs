//! What the notifications ask of many subjects at once: the groups, articles and replies a
//! viewer may read among some, read in one statement per kind and decided by the very rules of
//! the single reads (`articles::article_shown`, `notices::reply_shown`, [`super::readable`]).

use super::articles::{ArticleView, article_shown, may_edit};
use super::notices::reply_shown;
use super::{GroupView, GroupsService};
use crate::error::GroupsError;
use crate::model::{Article, Reply, ReplyId};
use kernel::{ArticleId, GroupId, UserId};
use std::collections::{HashMap, HashSet};

impl GroupsService {
    /// What `viewer` may read among some groups, articles and replies (each article named
    /// with its group, each reply with its group and article), as [`GroupsService::get`],
    /// [`GroupsService::article`] and [`GroupsService::reply_readable`] decide one by one:
    /// three statements however many — the groups (those asked and the articles' and replies'
    /// own) with the viewer's membership, the articles (those asked and the replies' own), the
    /// replies — and none for a kind not asked.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn readable_among(
        &self,
        viewer: Option<UserId>,
        groups: &[GroupId],
        articles: &[(GroupId, ArticleId)],
        replies: &[(GroupId, ArticleId, ReplyId)],
    ) -> Result<ReadableAmong, GroupsError> {
        let mut group_ids: Vec<GroupId> = groups
            .iter()
            .copied()
            .chain(articles.iter().map(|(g, _)| *g))
            .chain(replies.iter().map(|(g, _, _)| *g))
            .collect();
        group_ids.sort();
        group_ids.dedup();
        let mut article_ids: Vec<ArticleId> = articles
            .iter()
            .map(|(_, a)| *a)
            .chain(replies.iter().map(|(_, a, _)| *a))
            .collect();
        article_ids.sort();
        article_ids.dedup();
        let mut reply_ids: Vec<ReplyId> = replies.iter().map(|(_, _, r)| *r).collect();
        reply_ids.sort();
        reply_ids.dedup();
        let views: HashMap<GroupId, GroupView> = self
            .ports
            .groups
            .find_many(&group_ids, viewer)
            .await?
            .into_iter()
            .map(|(group, membership)| (group.id, GroupView::new(group, membership)))
            .collect();
        let found_articles: HashMap<ArticleId, Article> = self
            .ports
            .articles
            .find_many(&article_ids)
            .await?
            .into_iter()
            .map(|a| (a.id, a))
            .collect();
        let found_replies: HashMap<ReplyId, Reply> = self
            .ports
            .replies
            .find_many(&reply_ids)
            .await?
            .into_iter()
            .map(|r| (r.id, r))
            .collect();
        // `visible_article`'s steps, on what was read: the group readable, the article the
        // group's, then the article's own rule.
        let visible = |group: GroupId, article: ArticleId| -> Option<ArticleView> {
            let view = views.get(&group).filter(|v| v.can_read)?;
            let article = found_articles.get(&article).filter(|a| a.group == group)?;
            article_shown(view, viewer, article).then(|| ArticleView {
                may_edit: may_edit(view, viewer, article),
                article: article.clone(),
            })
        };
        let articles = articles
            .iter()
            .copied()
            .chain(replies.iter().map(|(g, a, _)| (*g, *a)))
            .filter_map(|(group, article)| visible(group, article).map(|a| ((group, article), a)))
            .collect();
        let replies = replies
            .iter()
            .filter(|(group, article, reply)| {
                visible(*group, *article).is_some_and(|a| {
                    found_replies
                        .get(reply)
                        .is_some_and(|r| reply_shown(&a.article, r))
                })
            })
            .copied()
            .collect();
        let groups = groups
            .iter()
            .filter_map(|g| views.get(g).map(|v| (*g, v.clone())))
            .collect();
        Ok(ReadableAmong {
            groups,
            articles,
            replies,
        })
    }
}

/// What [`GroupsService::readable_among`] found readable.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadableAmong {
    /// The groups asked that exist, as the viewer sees them (a group's card is anyone's).
    pub groups: HashMap<GroupId, GroupView>,
    /// The articles the viewer may read among those asked and the replies' own, by the group
    /// and article they were asked as.
    pub articles: HashMap<(GroupId, ArticleId), ArticleView>,
    /// The replies the viewer may read, as they were asked.
    pub replies: HashSet<(GroupId, ArticleId, ReplyId)>,
}
