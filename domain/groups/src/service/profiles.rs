//! What a profile shows of a person's groups and articles: only what the viewer may read, by
//! the one visibility rule ([`super::readable`]).

use super::{GroupsService, readable};
use crate::error::GroupsError;
use crate::model::{ArticleSummary, Membership, WithReplies};
use crate::ports::SeenBy;
use kernel::{Page, PageRequest, UserId};

/// The rows of `page` the viewer may read. The repository's statement already leaves out the
/// others (its contract), so a page stays full; this is where the rule is decided.
fn readable_rows<T>(page: Page<SeenBy<T>>) -> Page<SeenBy<T>> {
    Page {
        items: page
            .items
            .into_iter()
            .filter(|row| readable(&row.group, row.viewer.as_ref()))
            .collect(),
        next: page.next,
    }
}

impl GroupsService {
    /// The groups `user` is an active member of that `viewer` may read — public groups, and
    /// private ones the viewer is an active member of too — most recently joined first. Each
    /// row's item is `user`'s membership (their role there); its `viewer` the viewer's own.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn groups_of_member(
        &self,
        viewer: Option<UserId>,
        user: UserId,
        page: PageRequest,
    ) -> Result<Page<SeenBy<Membership>>, GroupsError> {
        let found = self
            .ports
            .groups
            .of_member_seen_by(user, viewer, page)
            .await?;
        Ok(readable_rows(found))
    }

    /// `author`'s published articles in the groups `viewer` may read, most recently published
    /// first, each with its group (drafts never: not even the author's own, which live in each
    /// group). Each article comes with its reply thread, counted only for rows the viewer
    /// may read.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn articles_by_author(
        &self,
        viewer: Option<UserId>,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<SeenBy<WithReplies<ArticleSummary>>>, GroupsError> {
        let found = self
            .ports
            .articles
            .published_by_author_seen_by(author, viewer, page)
            .await?;
        let readable = readable_rows(found);
        let items = self
            .with_replies(readable.items, |row| row.item.id)
            .await?
            .into_iter()
            .map(|WithReplies { item, replies }| SeenBy {
                item: WithReplies {
                    item: item.item,
                    replies,
                },
                group: item.group,
                viewer: item.viewer,
            })
            .collect();
        Ok(Page {
            items,
            next: readable.next,
        })
    }
}
