//! What a profile shows of a person's groups and articles: only what the viewer may read, by
//! the one visibility rule ([`super::readable`]).

use super::{GroupsService, readable};
use crate::error::GroupsError;
use crate::model::{ArticleSummary, Membership};
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
    /// group) and its reply thread.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn articles_by_author(
        &self,
        viewer: Option<UserId>,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<SeenBy<ArticleSummary>>, GroupsError> {
        let found = self
            .ports
            .articles
            .published_by_author_seen_by(author, viewer, page)
            .await?;
        Ok(readable_rows(found))
    }
}
