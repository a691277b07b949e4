//! Images as the product knows them.

pub mod catalog;

use chrono::{DateTime, Utc};
use kernel::{ArticleId, GroupId, MediaId, UserId};

/// The formats an upload may have, told by the first bytes (magic numbers), never by a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    Jpeg,
    Png,
    Webp,
    Gif,
}

impl ImageFormat {
    /// The format the bytes start with, if it is one of ours.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        match bytes {
            [0xFF, 0xD8, 0xFF, ..] => Some(Self::Jpeg),
            [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some(Self::Png),
            [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(Self::Gif),
            [
                b'R',
                b'I',
                b'F',
                b'F',
                _,
                _,
                _,
                _,
                b'W',
                b'E',
                b'B',
                b'P',
                ..,
            ] => Some(Self::Webp),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Webp => "image/webp",
            Self::Gif => "image/gif",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
            Self::Webp => "webp",
            Self::Gif => "gif",
        }
    }

    pub fn as_str(self) -> &'static str {
        self.extension()
    }

    /// Parses the stored form ([`ImageFormat::as_str`]).
    pub fn from_stored(raw: &str) -> Option<Self> {
        match raw {
            "jpg" => Some(Self::Jpeg),
            "png" => Some(Self::Png),
            "webp" => Some(Self::Webp),
            "gif" => Some(Self::Gif),
            _ => None,
        }
    }
}

/// What an image is for; decides who may read it (with its group) and what deletes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MediaKind {
    /// In a group's gallery (articles' images too: they join the gallery).
    Gallery,
    /// A group's cover.
    Cover,
    /// An image of a plaza post (public once posted).
    Plaza,
    /// A user's avatar (public once set; the accounts domain says so).
    Avatar,
}

impl MediaKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Gallery => "gallery",
            Self::Cover => "cover",
            Self::Plaza => "plaza",
            Self::Avatar => "avatar",
        }
    }

    pub fn from_stored(raw: &str) -> Option<Self> {
        match raw {
            "gallery" => Some(Self::Gallery),
            "cover" => Some(Self::Cover),
            "plaza" => Some(Self::Plaza),
            "avatar" => Some(Self::Avatar),
            _ => None,
        }
    }
}

/// Where a file is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MediaState {
    /// The row is written and its objects are being written or deleted: never served, and
    /// swept once older than the policy's grace period.
    Pending,
    /// Stored, not yet attached to anything (an upload waiting for its post): swept when never
    /// attached within the grace period.
    Unattached,
    /// Stored and in use.
    Attached,
}

impl MediaState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Unattached => "unattached",
            Self::Attached => "attached",
        }
    }

    pub fn from_stored(raw: &str) -> Option<Self> {
        match raw {
            "pending" => Some(Self::Pending),
            "unattached" => Some(Self::Unattached),
            "attached" => Some(Self::Attached),
            _ => None,
        }
    }
}

/// One stored image: the re-encoded original and its thumbnail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Media {
    pub id: MediaId,
    pub owner: UserId,
    /// The group it belongs to (and whose readers may see it).
    pub group: Option<GroupId>,
    /// The article it was uploaded for: deleting the article deletes it.
    pub article: Option<ArticleId>,
    pub kind: MediaKind,
    pub state: MediaState,
    /// The stored original's format (the upload's, after re-encoding).
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    pub thumb_width: u32,
    pub thumb_height: u32,
    /// Bytes stored for it, original and thumbnail together (counted against the quota).
    pub bytes: u64,
    pub created_at: DateTime<Utc>,
    /// When an admin hid it (`None`: not hidden). A hidden file is served to admins only and
    /// left out of galleries and posts, until unhidden.
    pub hidden_at: Option<DateTime<Utc>>,
}

/// Which object of a [`Media`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Original,
    Thumbnail,
}

impl Media {
    /// The object key of a variant. Derived from the id, so a row names its objects without
    /// storing paths, and a key never comes from a client.
    pub fn key(&self, variant: Variant) -> String {
        Self::key_of(self.id, self.format, variant)
    }

    pub fn key_of(id: MediaId, format: ImageFormat, variant: Variant) -> String {
        match variant {
            Variant::Original => format!("media/{}/original.{}", id.0.simple(), format.extension()),
            Variant::Thumbnail => format!("media/{}/thumb.jpg", id.0.simple()),
        }
    }

    /// Every object key of the file.
    pub fn keys(&self) -> [String; 2] {
        [self.key(Variant::Original), self.key(Variant::Thumbnail)]
    }

    /// The content type a variant is served with (thumbnails are always JPEG).
    pub fn content_type(&self, variant: Variant) -> &'static str {
        match variant {
            Variant::Original => self.format.content_type(),
            Variant::Thumbnail => ImageFormat::Jpeg.content_type(),
        }
    }
}

/// Limits one decoding works within (from the policy).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageLimits {
    /// Width × height at most.
    pub max_pixels: u64,
    /// The longer edge of a thumbnail.
    pub thumb_max_edge: u32,
    /// An animation's frames × its canvas's pixels at most (what a browser decodes to show it).
    pub max_animation_pixels: u64,
}

/// Which of the images uploaded in an article's editor (`Media::article`) a gallery list
/// shows while their article is not published: the domain owning the articles decides for its
/// viewer (their author and the group's managers see a draft, nobody else does); the statement
/// reads the article's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnpublishedImages {
    /// None of them.
    Hidden,
    /// Those of the drafts this person wrote.
    OfAuthor(kernel::UserId),
    /// All of them.
    Shown,
}

/// What an [`crate::ports::ImageProcessor`] makes of an upload: an original without metadata
/// (EXIF and GPS gone, the EXIF orientation applied) and a JPEG thumbnail.
#[derive(Clone, PartialEq, Eq)]
pub struct ProcessedImage {
    pub format: ImageFormat,
    pub original: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub thumbnail: Vec<u8>,
    pub thumb_width: u32,
    pub thumb_height: u32,
}

impl std::fmt::Debug for ProcessedImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProcessedImage")
            .field("format", &self.format)
            .field("original_bytes", &self.original.len())
            .field("width", &self.width)
            .field("height", &self.height)
            .field("thumbnail_bytes", &self.thumbnail.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_their_first_bytes() {
        assert_eq!(
            ImageFormat::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0]),
            Some(ImageFormat::Jpeg)
        );
        assert_eq!(
            ImageFormat::sniff(b"\x89PNG\r\n\x1a\n...."),
            Some(ImageFormat::Png)
        );
        assert_eq!(ImageFormat::sniff(b"GIF89a...."), Some(ImageFormat::Gif));
        assert_eq!(ImageFormat::sniff(b"GIF87a...."), Some(ImageFormat::Gif));
        assert_eq!(
            ImageFormat::sniff(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(ImageFormat::Webp)
        );
        for other in [
            &b"RIFF\0\0\0\0WAVEfmt "[..],
            b"<svg xmlns=",
            b"%PDF-1.7",
            b"BM6\0\0\0",
            b"\xFF\xD8",
            b"",
        ] {
            assert_eq!(ImageFormat::sniff(other), None, "{other:?}");
        }
    }

    #[test]
    fn keys_come_from_the_id_and_the_format_only() {
        let id = MediaId(uuid::Uuid::nil());
        assert_eq!(
            Media::key_of(id, ImageFormat::Png, Variant::Original),
            "media/00000000000000000000000000000000/original.png"
        );
        assert_eq!(
            Media::key_of(id, ImageFormat::Png, Variant::Thumbnail),
            "media/00000000000000000000000000000000/thumb.jpg"
        );
        for f in [
            ImageFormat::Jpeg,
            ImageFormat::Png,
            ImageFormat::Webp,
            ImageFormat::Gif,
        ] {
            assert_eq!(ImageFormat::from_stored(f.as_str()), Some(f));
        }
    }
}
