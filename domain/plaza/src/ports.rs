//! What the plaza use cases need from the outside world.

use crate::error::PlazaError;
use crate::model::{
    Comment, CommentId, LikeState, NewComment, NewPost, Post, PostId, PostText, TextVersion,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use districts::DistrictCode;
use kernel::{Cursor, MediaId, Page, PageRequest, UserId};

/// Where posts, their images' order, likes and comments are kept (the database).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PostRepository: Send + Sync {
    /// Stores a post and attaches its images in one transaction: each image must be a plaza
    /// upload of the author's that is still `Unattached`, or nothing is written.
    ///
    /// # Errors
    /// `ImageNotUsable` when an image does not qualify (or was taken by a racing post);
    /// `Unexpected`.
    async fn insert(&self, post: &NewPost) -> Result<(), PlazaError>;

    /// One post as `viewer` sees it (`liked`); `None` when a block stands between the viewer
    /// and its author (either of them blocked the other; a mute hides nothing here).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find(&self, id: PostId, viewer: Option<UserId>) -> Result<Option<Post>, PlazaError>;

    /// The posts among `ids` that `viewer` may read, by [`PostRepository::find`]'s conditions
    /// (none when a block stands between the viewer and its author; a withheld one only for
    /// its author), their text and author only, in one statement and in no particular order.
    /// An unknown id is left out; no id, no statement.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_many(
        &self,
        ids: &[PostId],
        viewer: Option<UserId>,
    ) -> Result<Vec<PostText>, PlazaError>;

    /// One post as it is, whoever may see it: held, hidden, or by anyone (for its author's and
    /// the moderators' acts on it).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_any(&self, id: PostId) -> Result<Option<Post>, PlazaError>;

    /// The feed, newest first (`created_at`, then id), of one district when given: the posts
    /// tagged with it or with any division within it ([`DistrictCode::span`]: a province's
    /// cities and counties, a city's counties). Without the posts of those `viewer` blocked or
    /// muted, and of those who blocked `viewer`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn feed(
        &self,
        viewer: Option<UserId>,
        district: Option<DistrictCode>,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError>;

    /// One author's posts, newest first (`created_at`, then id), as `viewer` sees them: the
    /// feed's order and shape, for a profile. None when a block stands between the two (a mute
    /// hides nothing on a profile).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn by_author(
        &self,
        viewer: Option<UserId>,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError>;

    /// How many posts (of one district when given, with the divisions within it, as
    /// [`PostRepository::feed`], and those `viewer`'s feed shows) are newer than `than`,
    /// counting at most `cap`.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn count_newer(
        &self,
        viewer: Option<UserId>,
        than: Cursor,
        district: Option<DistrictCode>,
        cap: u32,
    ) -> Result<u32, PlazaError>;

    /// Deletes a post with its likes, comments and image links; the images' ids (to delete
    /// the files), or `None` when there was no such post.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete(&self, id: PostId) -> Result<Option<Vec<MediaId>>, PlazaError>;

    /// Records `user`'s like once (a repeat changes nothing: `changed` is `false`) and keeps
    /// the post's count equal to its likes; `None` when there is no such post.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn like(
        &self,
        post: PostId,
        user: UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<LikeState>, PlazaError>;

    /// Takes `user`'s like back (none: nothing changes, `changed` is `false`); `None` when
    /// there is no such post.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn unlike(&self, post: PostId, user: UserId) -> Result<Option<LikeState>, PlazaError>;

    /// A post's comments, oldest first (`created_at`, then id), as `viewer` sees them: without
    /// those of people the viewer blocked or muted, or who blocked the viewer.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn comments(
        &self,
        post: PostId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Comment>, PlazaError>;

    /// Stores a comment and counts it on its post; `false` when the post is gone.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn insert_comment(&self, comment: &NewComment) -> Result<bool, PlazaError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find_comment(&self, id: CommentId) -> Result<Option<Comment>, PlazaError>;

    /// The comments among `ids`, as [`PostRepository::find_comment`] reads each (whoever may
    /// see them), in one statement and in no particular order. An unknown id is left out; no
    /// id, no statement.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn find_comments(&self, ids: &[CommentId]) -> Result<Vec<Comment>, PlazaError>;

    /// Deletes a comment and uncounts it; `false` when there was none.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn delete_comment(&self, id: CommentId) -> Result<bool, PlazaError>;

    /// Replaces a post's text when the post is still at version `from`, in one transaction:
    /// the text it replaces is kept as an earlier version (with the time it was written), the
    /// post's version becomes `from + 1` and `edited_at` becomes `at`. `false`, with nothing
    /// written, when the post is at another version (a concurrent edit won) or gone. With
    /// `held` (the listed words the new text holds) the post is held for review as it is
    /// written, and a case opened, unless it is held or hidden already.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn edit_post(
        &self,
        id: PostId,
        from: u32,
        body: &str,
        at: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<bool, PlazaError>;

    /// The earlier texts of a post, newest first (empty for a post never edited or gone).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn post_versions(&self, id: PostId) -> Result<Vec<TextVersion>, PlazaError>;

    /// A comment's [`PostRepository::edit_post`].
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn edit_comment(
        &self,
        id: CommentId,
        from: u32,
        body: &str,
        at: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<bool, PlazaError>;

    /// The earlier texts of a comment, newest first.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn comment_versions(&self, id: CommentId) -> Result<Vec<TextVersion>, PlazaError>;
}
