//! Articles: drafts seen by their author (and the group's managers), publishing, and saves
//! that never silently overwrite each other.

use super::notices::{new_mentions, users};
use super::{GroupView, GroupsService};
use crate::error::GroupsError;
use crate::model::{
    Article, ArticleBody, ArticleStatus, ArticleSummary, ArticleTitle, Person, ReplyThread,
    parse_reason,
};
use crate::ports::SaveOutcome;
use kernel::notice::{Audience, NoticeKind, Subject};
use kernel::{ArticleId, AuditAction, GroupId, Page, PageRequest, UserId};

/// The text of an article whose mentions count: its title and its body.
fn mention_text(title: &str, body: &str) -> String {
    format!("{title}\n{body}")
}

fn article_subject(article: &Article) -> Subject {
    Subject::Article {
        group: article.group,
        article: article.id,
    }
}

/// An article as one viewer sees it (its replies' count and lock are the article's own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleView {
    pub article: Article,
    /// The viewer may edit, publish, unpublish and delete it (and lock its replies).
    pub may_edit: bool,
}

/// Who may edit an article: its author while an active member, and the group's managers.
pub(super) fn may_edit(view: &GroupView, actor: Option<UserId>, article: &Article) -> bool {
    let active = view.active_role().is_some();
    view.manages() || (active && actor == Some(article.author.id))
}

/// The article's own rule, once its group's view is known to be readable by `viewer` and the
/// article to be the group's: a draft only for who may edit it ([`may_edit`]), and one held for
/// review or hidden only for its author. To anyone else it does not exist. Asked by
/// [`GroupsService::article`] (through `visible_article`) and
/// [`GroupsService::readable_among`] alike.
pub(super) fn article_shown(view: &GroupView, viewer: Option<UserId>, article: &Article) -> bool {
    if article.status == ArticleStatus::Draft && !may_edit(view, viewer, article) {
        return false;
    }
    article.withheld.is_none() || Some(article.author.id) == viewer
}

/// Characters an article takes against its author's bound.
fn chars(title: &str, body: &str) -> u64 {
    u64::try_from(title.chars().count() + body.chars().count()).unwrap_or(u64::MAX)
}

impl GroupsService {
    /// Refuses when `author`'s articles, with one of `old` characters becoming `new`, would
    /// pass [`super::GroupsPolicy::article_chars_per_user`]. A change that does not grow the
    /// article always passes, so an author over the bound can still shorten and delete.
    async fn within_article_quota(
        &self,
        author: UserId,
        old: u64,
        new: u64,
    ) -> Result<(), GroupsError> {
        let max = self.policy.article_chars_per_user;
        if max == 0 || new <= old {
            return Ok(());
        }
        let used = self.ports.articles.chars_by_author(author).await?;
        if used.saturating_sub(old).saturating_add(new) > max {
            return Err(GroupsError::ArticleQuotaExceeded { max });
        }
        Ok(())
    }

    /// Starts a draft (any active member). Limited per person
    /// ([`super::GroupsPolicy::article_create_rate`]) and bounded by their articles' size.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `InvalidTitle`, `InvalidBody`, `RateLimited`,
    /// `ArticleQuotaExceeded`, `Unexpected`.
    pub async fn create_article(
        &self,
        actor: UserId,
        id: GroupId,
        title: &str,
        body: &str,
    ) -> Result<Article, GroupsError> {
        let title = ArticleTitle::parse(title)?;
        let body = ArticleBody::parse(body)?;
        let view = self.readable_view(Some(actor), id).await?;
        if view.active_role().is_none() {
            return Err(GroupsError::NotAllowed);
        }
        self.limit(
            format!("groups:articles:create:{actor}"),
            self.policy.article_create_rate,
        )
        .await?;
        self.within_article_quota(actor, 0, chars(title.as_str(), body.as_str()))
            .await?;
        let now = self.ports.clock.now();
        let article = Article {
            id: ArticleId::new_random(),
            group: id,
            author: Person {
                id: actor,
                username: String::new(),
                nickname: String::new(),
                avatar_url: None,
                avatar: None,
            },
            title: title.as_str().to_owned(),
            excerpt: body.excerpt(),
            body: body.as_str().to_owned(),
            status: ArticleStatus::Draft,
            version: 1,
            created_at: now,
            updated_at: now,
            withheld: None,
            published_at: None,
            replies: ReplyThread::default(),
        };
        self.ports.articles.insert(&article).await?;
        // The stored article, with its author as the repository knows them.
        self.ports
            .articles
            .find(article.id)
            .await?
            .ok_or(GroupsError::NotFound)
    }

    /// The group's article, whoever asks: `NotFound` when there is none (or it is another
    /// group's).
    pub(super) async fn article_of(
        &self,
        group: GroupId,
        article: ArticleId,
    ) -> Result<Article, GroupsError> {
        self.ports
            .articles
            .find(article)
            .await?
            .filter(|a| a.group == group)
            .ok_or(GroupsError::NotFound)
    }

    /// The article, if the viewer may read it: a published one by the group's readers, a
    /// draft by its author and the group's managers (to others it does not exist).
    pub(super) async fn visible_article(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
        article: ArticleId,
    ) -> Result<(GroupView, Article), GroupsError> {
        let view = self.readable_view(viewer, id).await?;
        let article = self.article_of(id, article).await?;
        if !article_shown(&view, viewer, &article) {
            return Err(GroupsError::NotFound);
        }
        Ok((view, article))
    }

    pub(super) async fn editable_article(
        &self,
        view: &GroupView,
        actor: UserId,
        article: ArticleId,
    ) -> Result<Article, GroupsError> {
        let article = self.article_of(view.group.id, article).await?;
        if !may_edit(view, Some(actor), &article) {
            return Err(if article.status == ArticleStatus::Draft {
                GroupsError::NotFound
            } else {
                GroupsError::NotAllowed
            });
        }
        Ok(article)
    }

    /// One article for the viewer, and whether they may edit it.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `Unexpected`.
    pub async fn article(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
        article: ArticleId,
    ) -> Result<ArticleView, GroupsError> {
        let (view, article) = self.visible_article(viewer, id, article).await?;
        let may_edit = may_edit(&view, viewer, &article);
        Ok(ArticleView { article, may_edit })
    }

    /// Saves title and body if nobody saved since `version` ([`SaveOutcome::Saved`] with the
    /// new version); otherwise [`SaveOutcome::Conflict`] with the article as it is now, and
    /// nothing written — an answer, not an error, so the error names no article. Saves are limited per person
    /// ([`super::GroupsPolicy::article_save_rate`]); growing an article counts against its
    /// author's bound.
    ///
    /// A published article's new text is asked of the operator's word list; a draft's is not
    /// until it is published. Nor may a published article newly mention someone a block
    /// stands between the actor and.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `InvalidTitle`, `InvalidBody`, `WordsRefused`,
    /// `Blocked`, `RateLimited`, `ArticleQuotaExceeded`, `Unexpected`.
    pub async fn save_article(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        title: &str,
        body: &str,
        version: i64,
    ) -> Result<SaveOutcome, GroupsError> {
        let title = ArticleTitle::parse(title)?;
        let body = ArticleBody::parse(body)?;
        let view = self.readable_view(Some(actor), id).await?;
        let current = self.editable_article(&view, actor, article).await?;
        let mut held = None;
        if current.status == ArticleStatus::Published {
            held = self.screen_writing(&[("title", title.as_str()), ("body", body.as_str())])?;
            if let Some(names) = new_mentions(
                &mention_text(&current.title, &current.body),
                &mention_text(title.as_str(), body.as_str()),
            ) {
                self.refuse_blocked_mentions(actor, &names).await?;
            }
        }
        self.limit(
            format!("groups:articles:save:{actor}"),
            self.policy.article_save_rate,
        )
        .await?;
        self.within_article_quota(
            current.author.id,
            chars(&current.title, &current.body),
            chars(title.as_str(), body.as_str()),
        )
        .await?;
        match self
            .ports
            .articles
            .save(
                current.id,
                title.as_str().to_owned(),
                body.as_str().to_owned(),
                body.excerpt(),
                version,
                self.ports.clock.now(),
                held,
            )
            .await?
        {
            None => Err(GroupsError::NotFound),
            Some(item) => {
                if let SaveOutcome::Saved(saved) = &item
                    && saved.status == ArticleStatus::Published
                    && saved.withheld.is_none()
                    && let Some(names) = new_mentions(
                        &mention_text(&current.title, &current.body),
                        &mention_text(&saved.title, &saved.body),
                    )
                {
                    self.tell(
                        NoticeKind::Mentioned,
                        Audience::MentionedIn(names),
                        actor,
                        article_subject(saved),
                        Some(saved.excerpt.clone()),
                    )
                    .await;
                }
                Ok(item)
            }
        }
    }

    /// Publishes or unpublishes (back to a draft). Publishing tells those the article
    /// mentions; a manager unpublishing another's article tells its author (their content is
    /// hidden).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `NotAllowed`, `WordsRefused` (publishing a text with words
    /// the operator's list refuses), `Blocked` (publishing a text that mentions someone a block
    /// stands between the actor and), `Unexpected`.
    pub async fn set_article_status(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        status: ArticleStatus,
    ) -> Result<Article, GroupsError> {
        self.change_article_status(actor, id, article, status, None)
            .await
    }

    /// Back to a draft: as [`Self::set_article_status`], and a manager unpublishing another's
    /// article tells its author with `reason` when given.
    ///
    /// # Errors
    /// `InvalidMessage` (the reason), `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn unpublish_article(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        reason: Option<&str>,
    ) -> Result<Article, GroupsError> {
        let reason = parse_reason(reason)?;
        self.change_article_status(actor, id, article, ArticleStatus::Draft, reason)
            .await
    }

    async fn change_article_status(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        status: ArticleStatus,
        reason: Option<String>,
    ) -> Result<Article, GroupsError> {
        let view = self.readable_view(Some(actor), id).await?;
        let current = self.editable_article(&view, actor, article).await?;
        let mut held = None;
        if status == ArticleStatus::Published && current.status != ArticleStatus::Published {
            held = self.screen_writing(&[("title", &current.title), ("body", &current.body)])?;
            self.refuse_blocked_mentions(actor, &mention_text(&current.title, &current.body))
                .await?;
        }
        let item = self
            .ports
            .articles
            .set_status(current.id, status, self.ports.clock.now(), held)
            .await?
            .ok_or(GroupsError::NotFound)?;
        match (current.status, item.status) {
            (ArticleStatus::Draft, ArticleStatus::Published) if item.withheld.is_none() => {
                self.tell(
                    NoticeKind::Mentioned,
                    Audience::MentionedIn(mention_text(&item.title, &item.body)),
                    actor,
                    article_subject(&item),
                    Some(item.excerpt.clone()),
                )
                .await;
            }
            (ArticleStatus::Published, ArticleStatus::Draft) if current.author.id != actor => {
                self.tell(
                    NoticeKind::ContentRemoved,
                    users([current.author.id]),
                    actor,
                    article_subject(&item),
                    reason,
                )
                .await;
            }
            _ => {}
        }
        Ok(item)
    }

    /// Deletes an article and the images uploaded for it. A manager deleting another's
    /// article is audited, and its author told (with `reason` when given).
    ///
    /// # Errors
    /// `InvalidMessage` (the reason), `NotFound`, `MembersOnly`, `NotAllowed`, `Unexpected`.
    pub async fn delete_article(
        &self,
        actor: UserId,
        id: GroupId,
        article: ArticleId,
        reason: Option<&str>,
    ) -> Result<(), GroupsError> {
        let reason = parse_reason(reason)?;
        let view = self.readable_view(Some(actor), id).await?;
        let current = self.editable_article(&view, actor, article).await?;
        self.remove_article(actor, &current, reason).await
    }

    /// Deletes `current` and its images as `actor` (its author, a manager, a site
    /// administrator): moderation when it is not their own, audited and its author told.
    pub(super) async fn remove_article(
        &self,
        actor: UserId,
        current: &Article,
        reason: Option<String>,
    ) -> Result<(), GroupsError> {
        let id = current.group;
        self.media.delete_of_article(current.id).await?;
        self.ports.articles.delete(current.id).await?;
        // An author deleting their own article is not moderation.
        if current.author.id != actor {
            self.audit(
                AuditAction::GroupArticleDeleted,
                actor,
                id,
                current.id.to_string(),
                Some(format!(
                    "author {}; title {}",
                    current.author.id, current.title
                )),
            )
            .await;
            self.tell(
                NoticeKind::ContentRemoved,
                users([current.author.id]),
                actor,
                article_subject(current),
                reason,
            )
            .await;
        }
        Ok(())
    }

    /// Published articles, most recently published first, each with its reply thread; without
    /// those by people the viewer blocked or muted, or who blocked the viewer.
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `Unexpected`.
    pub async fn published_articles(
        &self,
        viewer: Option<UserId>,
        id: GroupId,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError> {
        self.readable_view(viewer, id).await?;
        self.ports.articles.published(id, viewer, page).await
    }

    /// The actor's own drafts in the group, most recently changed first, each with its reply
    /// thread (a published article's replies stay when it is unpublished).
    ///
    /// # Errors
    /// `NotFound`, `MembersOnly`, `Unexpected`.
    pub async fn my_drafts(
        &self,
        actor: UserId,
        id: GroupId,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError> {
        self.readable_view(Some(actor), id).await?;
        self.ports.articles.drafts(id, actor, page).await
    }
}
