//! Posts and comments as the plaza shows them.

use crate::error::PlazaError;
use chrono::{DateTime, Utc};
use kernel::{Cursor, MediaId, Person, UserId, Withheld, typed_id};

typed_id!(
    /// Identifies a plaza post.
    PostId
);
typed_id!(
    /// Identifies a comment on a plaza post.
    CommentId
);

/// Characters a post's text may have.
pub const MAX_POST_CHARS: usize = 2000;
/// Images a post may carry.
pub const MAX_POST_IMAGES: usize = 9;
/// Characters a comment may have.
pub const MAX_COMMENT_CHARS: usize = 500;

/// A post's text: trimmed, at most [`MAX_POST_CHARS`] characters; empty only when the post has
/// images (`has_images`).
///
/// # Errors
/// `InvalidBody`.
pub fn parse_post_body(raw: &str, has_images: bool) -> Result<String, PlazaError> {
    let body = raw.trim();
    let chars = body.chars().count();
    if chars > MAX_POST_CHARS || (chars == 0 && !has_images) {
        return Err(PlazaError::InvalidBody);
    }
    Ok(body.to_owned())
}

/// A comment's text: trimmed, 1 to [`MAX_COMMENT_CHARS`] characters.
///
/// # Errors
/// `InvalidComment`.
pub fn parse_comment_body(raw: &str) -> Result<String, PlazaError> {
    let body = raw.trim();
    let chars = body.chars().count();
    if chars == 0 || chars > MAX_COMMENT_CHARS {
        return Err(PlazaError::InvalidComment);
    }
    Ok(body.to_owned())
}

/// A district a post is tagged with, named as the feed shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistrictRef {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
}

/// One image of a post, in the post's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostImage {
    pub media: MediaId,
    pub width: u32,
    pub height: u32,
}

/// A post as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post {
    pub id: PostId,
    pub author: Person,
    pub body: String,
    pub images: Vec<PostImage>,
    /// Images an administrator hid or deleted: no longer in `images`, shown as removed.
    pub removed_images: u32,
    pub district: Option<DistrictRef>,
    pub created_at: DateTime<Utc>,
    pub like_count: u32,
    pub comment_count: u32,
    /// Whether the viewer likes it (`false` for signed-out visitors).
    pub liked: bool,
    /// 1 when written, one more per edit; an edit names the version it was made from.
    pub version: u32,
    /// When its text was last edited; `None` when never.
    pub edited_at: Option<DateTime<Utc>>,
    /// Shown to its author only: held for review by the word list, or hidden by a moderator.
    pub withheld: Option<Withheld>,
}

impl Post {
    /// The feed's position of this post (newest first: time, then id).
    pub fn cursor(&self) -> Cursor {
        Cursor::new(self.created_at, self.id.0)
    }
}

/// A post's text and author, without what its page shows besides (images, counts, the
/// viewer's like): what a link to it is named by (a notification's subject).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostText {
    pub id: PostId,
    pub author: UserId,
    pub body: String,
}

/// A post as it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPost {
    pub id: PostId,
    pub author: UserId,
    pub body: String,
    /// In the post's order; each the author's own `Unattached` plaza upload, attached by the
    /// same write that stores the post.
    pub images: Vec<MediaId>,
    pub district: Option<String>,
    pub created_at: DateTime<Utc>,
    /// The listed words that hold it for review: stored for its author only, and a case is
    /// opened for the administrators in the same write. `None`: shown.
    pub held: Option<Vec<String>>,
}

/// A comment on a post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub id: CommentId,
    pub post: PostId,
    pub author: Person,
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// 1 when written, one more per edit.
    pub version: u32,
    /// When its text was last edited; `None` when never.
    pub edited_at: Option<DateTime<Utc>>,
    /// Shown to its author only: held for review by the word list, or hidden by a moderator.
    pub withheld: Option<Withheld>,
}

impl Comment {
    /// The comments' position (oldest first: time, then id).
    pub fn cursor(&self) -> Cursor {
        Cursor::new(self.created_at, self.id.0)
    }
}

/// A comment as it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewComment {
    pub id: CommentId,
    pub post: PostId,
    pub author: UserId,
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// The listed words that hold it for review: stored for its author only, and a case is
    /// opened for the administrators in the same write. `None`: shown.
    pub held: Option<Vec<String>>,
}

/// The like state of a post after a like or an unlike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LikeState {
    pub liked: bool,
    pub like_count: u32,
    /// Whether this like or unlike changed anything (`false` for a repeat).
    pub changed: bool,
}

/// One text of a post or a comment: the current one or an earlier one an edit replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextVersion {
    pub version: u32,
    pub body: String,
    /// When this text was written (the item's creation for version 1, else its edit).
    pub written_at: DateTime<Utc>,
}

/// What an edit found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditOutcome<T> {
    /// Saved: the item as it is now, with its new version.
    Saved(T),
    /// The item had another version than the edit was made from: nothing was written; the
    /// item as it is.
    Conflict(T),
}

/// The most characters of a text a notice carries.
pub const EXCERPT_CHARS: usize = 140;

/// A short excerpt of `text` for a notice: whitespace folded to single spaces, at most
/// [`EXCERPT_CHARS`] characters (a cut one ends with `…`).
pub fn excerpt(text: &str) -> String {
    kernel::markdown::excerpt(text, EXCERPT_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_post_body_is_trimmed_and_capped_in_characters() {
        assert_eq!(parse_post_body("  你好  ", false).unwrap(), "你好");
        let max: String = "字".repeat(MAX_POST_CHARS);
        assert_eq!(parse_post_body(&max, false).unwrap(), max);
        let over = format!("{max}字");
        assert!(matches!(
            parse_post_body(&over, true),
            Err(PlazaError::InvalidBody)
        ));
    }

    #[test]
    fn an_empty_post_needs_images() {
        assert!(matches!(
            parse_post_body("   ", false),
            Err(PlazaError::InvalidBody)
        ));
        assert_eq!(parse_post_body(" \n ", true).unwrap(), "");
    }

    #[test]
    fn an_excerpt_folds_whitespace_and_cuts_at_the_cap() {
        assert_eq!(excerpt("  a\n\n b  "), "a b");
        let long = "字".repeat(EXCERPT_CHARS + 10);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(
            excerpt(&"x".repeat(EXCERPT_CHARS)).chars().count(),
            EXCERPT_CHARS
        );
    }

    #[test]
    fn a_comment_has_one_to_five_hundred_characters() {
        assert!(parse_comment_body(" ").is_err());
        assert_eq!(parse_comment_body(" ok ").unwrap(), "ok");
        assert!(parse_comment_body(&"a".repeat(MAX_COMMENT_CHARS)).is_ok());
        assert!(parse_comment_body(&"a".repeat(MAX_COMMENT_CHARS + 1)).is_err());
    }
}
