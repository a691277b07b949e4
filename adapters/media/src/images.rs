//! [`ImageProcessor`] with the `image` crate, on a bounded set of workers ([`ImageWorkers`]).

use anyhow::{Context as _, anyhow};
use async_trait::async_trait;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageError, ImageReader, Limits};
use media::model::{ImageLimits, ProcessedImage};
use media::ports::ImageProcessor;
use media::{ImageFormat, MediaError};
use std::borrow::Cow;
use std::io::Cursor;
use std::num::NonZeroU64;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// JPEG quality of re-encoded originals.
const ORIGINAL_JPEG_QUALITY: u8 = 88;
/// JPEG quality of thumbnails.
const THUMB_JPEG_QUALITY: u8 = 80;
/// Allowance above the decoded pixels for a decoder's own buffers (rows, tables, metadata).
const ALLOC_MARGIN: u64 = 64 * 1024 * 1024;

/// How many images are decoded at once, and how long an upload waits for a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageWorkerSettings {
    /// Decodings at once (at least 1); each may hold up to `max_pixels × 4` bytes and more
    /// while it re-encodes, so this bounds the memory images take.
    pub concurrency: usize,
    /// How long an upload waits for a free worker before it is told the server is busy.
    pub queue_wait: Duration,
}

/// An [`ImageProcessor`] that decodes, checks, cleans and thumbnails uploads on the blocking
/// pool, at most `concurrency` at once; an upload that finds no free worker within
/// `queue_wait` gets [`MediaError::Busy`].
///
/// What an upload becomes:
/// - JPEG → JPEG (quality 88), PNG → PNG, WebP → PNG when it has transparent pixels, else JPEG
///   (the `image` crate writes only lossless WebP, several times larger than a JPEG);
/// - GIF → GIF, every frame decoded and written again with its delay, position, disposal,
///   transparency and palette, and the loop count kept; nothing else (comments, XMP and other
///   application blocks, bytes after the trailer). An animation whose frames × canvas pixels
///   pass `max_animation_pixels` is refused before any frame is decoded. Its first frame is
///   also decoded as an image, to check it and to make the thumbnail;
/// - the EXIF orientation applied first, and no metadata written (EXIF, GPS, XMP, comments;
///   the ICC colour profile too, so wide-gamut photos show in sRGB);
/// - a JPEG thumbnail (quality 80) whose longer edge is `thumb_max_edge` (smaller images are
///   not enlarged), transparency flattened onto white.
///
/// Clones share the same workers.
#[derive(Debug, Clone)]
pub struct ImageWorkers {
    permits: Arc<Semaphore>,
    queue_wait: Duration,
}

impl ImageWorkers {
    /// Workers as `settings` say (a `concurrency` of 0 counts as 1).
    pub fn new(settings: ImageWorkerSettings) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(settings.concurrency.max(1))),
            queue_wait: settings.queue_wait,
        }
    }

    /// Workers free right now (for health pages, and for tests to see a job has started).
    pub fn idle_workers(&self) -> usize {
        self.permits.available_permits()
    }
}

#[async_trait]
impl ImageProcessor for ImageWorkers {
    #[tracing::instrument(skip_all, fields(bytes = bytes.len()))]
    async fn process(
        &self,
        bytes: Vec<u8>,
        limits: ImageLimits,
    ) -> Result<ProcessedImage, MediaError> {
        let busy = MediaError::Busy {
            retry_after_secs: self.queue_wait.as_secs().max(1),
        };
        let permits = Arc::clone(&self.permits);
        let permit = if self.queue_wait.is_zero() {
            permits.try_acquire_owned().map_err(|_| busy)?
        } else {
            match tokio::time::timeout(self.queue_wait, permits.acquire_owned()).await {
                Ok(Ok(permit)) => permit,
                Ok(Err(closed)) => return Err(anyhow!(closed).context("image workers").into()),
                // Logged where the answer is made (a 503), not once more here.
                Err(_elapsed) => return Err(busy),
            }
        };
        // The permit goes with the work: a caller that gives up (a closed connection) does not
        // free the worker before the decoding it started is over.
        tokio::task::spawn_blocking(move || {
            let processed = process_now(&bytes, limits);
            drop(permit);
            processed
        })
        .await
        .context("an image worker panicked")?
    }
}

/// The whole job, on the calling thread.
fn process_now(bytes: &[u8], limits: ImageLimits) -> Result<ProcessedImage, MediaError> {
    let format = ImageFormat::sniff(bytes).ok_or(MediaError::UnsupportedType)?;
    let too_many = MediaError::TooManyPixels {
        max_pixels: limits.max_pixels,
    };
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .context("reading an upload from memory")?;
    if reader.format() != Some(library_format(format)) {
        return Err(MediaError::UnsupportedType);
    }
    let complete = match format {
        // The JPEG decoder fills a cut-off scan with grey instead of failing.
        ImageFormat::Jpeg => jpeg_is_complete(bytes),
        // A GIF's blocks are walked first: whole, and not too many pixels over all its frames.
        ImageFormat::Gif => match gif_shape(bytes) {
            None => false,
            Some(shape) if shape.frames > 1 => {
                let total = shape
                    .frames
                    .saturating_mul(u64::from(shape.width) * u64::from(shape.height));
                if total > limits.max_animation_pixels {
                    return Err(MediaError::AnimationTooLarge {
                        max_pixels: limits.max_animation_pixels,
                    });
                }
                true
            }
            Some(_) => true,
        },
        ImageFormat::Png | ImageFormat::Webp => true,
    };
    if !complete {
        return Err(MediaError::Corrupt);
    }
    let mut decoder_limits = decoder_limits(limits.max_pixels);
    reader.limits(decoder_limits.clone());
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| decode_error(e, limits.max_pixels))?;

    // The header's size, judged before a single pixel is decoded.
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > limits.max_pixels {
        return Err(too_many);
    }
    // The second guard: the decoded buffer within the memory allowance.
    decoder_limits
        .reserve(decoder.total_bytes())
        .map_err(|e| decode_error(e, limits.max_pixels))?;

    let orientation = decoder
        .orientation()
        .map_err(|e| decode_error(e, limits.max_pixels))?;
    let mut image =
        DynamicImage::from_decoder(decoder).map_err(|e| decode_error(e, limits.max_pixels))?;
    image.apply_orientation(orientation);
    let (width, height) = (image.width(), image.height());

    let (format, original, image) = match format {
        ImageFormat::Jpeg => {
            let image = jpeg_compatible(image);
            let original = encode_jpeg(&image, ORIGINAL_JPEG_QUALITY)?;
            (ImageFormat::Jpeg, original, image)
        }
        ImageFormat::Png => (ImageFormat::Png, encode_png(&image)?, image),
        ImageFormat::Webp if has_transparent_pixels(&image) => {
            (ImageFormat::Png, encode_png(&image)?, image)
        }
        ImageFormat::Webp => {
            let image = jpeg_compatible(image);
            let original = encode_jpeg(&image, ORIGINAL_JPEG_QUALITY)?;
            (ImageFormat::Jpeg, original, image)
        }
        ImageFormat::Gif => (
            ImageFormat::Gif,
            reencode_gif(bytes, limits.max_pixels)?,
            image,
        ),
    };

    let thumb = thumbnail(image, limits.thumb_max_edge);
    let thumbnail = encode_jpeg(&thumb, THUMB_JPEG_QUALITY)?;
    tracing::debug!(
        format = format.as_str(),
        width,
        height,
        original_bytes = original.len(),
        thumbnail_bytes = thumbnail.len(),
        "image processed"
    );
    Ok(ProcessedImage {
        format,
        original,
        width,
        height,
        thumbnail,
        thumb_width: thumb.width(),
        thumb_height: thumb.height(),
    })
}

fn library_format(format: ImageFormat) -> image::ImageFormat {
    match format {
        ImageFormat::Jpeg => image::ImageFormat::Jpeg,
        ImageFormat::Png => image::ImageFormat::Png,
        ImageFormat::Webp => image::ImageFormat::WebP,
        ImageFormat::Gif => image::ImageFormat::Gif,
    }
}

/// Decoder limits for images of at most `max_pixels`: no edge longer than that, and memory for
/// 4 bytes a pixel plus a margin (a 16-bit RGBA image, 8 bytes a pixel, gets half the pixels).
fn decoder_limits(max_pixels: u64) -> Limits {
    let edge = u32::try_from(max_pixels).unwrap_or(u32::MAX);
    let mut limits = Limits::default();
    limits.max_image_width = Some(edge);
    limits.max_image_height = Some(edge);
    limits.max_alloc = Some(max_pixels.saturating_mul(4).saturating_add(ALLOC_MARGIN));
    limits
}

fn decode_error(error: ImageError, max_pixels: u64) -> MediaError {
    match error {
        ImageError::Limits(_) => MediaError::TooManyPixels { max_pixels },
        ImageError::Unsupported(_) => MediaError::UnsupportedType,
        ImageError::Decoding(_) | ImageError::Parameter(_) | ImageError::IoError(_) => {
            tracing::debug!(error = %error, "an upload does not decode");
            MediaError::Corrupt
        }
        ImageError::Encoding(_) => anyhow!(error).context("decoding an upload").into(),
    }
}

/// Whether a JPEG's markers run from SOI to EOI: a cut-off upload has no EOI. Entropy-coded
/// data is skipped by its byte stuffing (`FF 00`) and restart markers; bytes after EOI are
/// allowed (some cameras append data).
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let at = |i: usize| bytes.get(i).copied();
    let mut i = 2; // after SOI
    loop {
        // Up to the next marker (tolerating stray bytes and fill bytes as decoders do).
        while at(i).is_some_and(|b| b != 0xFF) {
            i += 1;
        }
        while at(i) == Some(0xFF) {
            i += 1;
        }
        let Some(marker) = at(i) else {
            return false;
        };
        i += 1;
        match marker {
            0xD9 => return true,
            0x01 | 0xD0..=0xD7 => {}
            _ => {
                let (Some(hi), Some(lo)) = (at(i), at(i + 1)) else {
                    return false;
                };
                let length = usize::from(u16::from_be_bytes([hi, lo]));
                if length < 2 || i + length > bytes.len() {
                    return false;
                }
                i += length;
                if marker == 0xDA {
                    // Entropy-coded data up to the next marker that is not a restart.
                    loop {
                        let Some(b) = at(i) else {
                            return false;
                        };
                        if b == 0xFF {
                            match at(i + 1) {
                                None => return false,
                                Some(0x00 | 0xD0..=0xD7) => i += 2,
                                Some(0xFF) => i += 1,
                                Some(_) => break,
                            }
                        } else {
                            i += 1;
                        }
                    }
                }
            }
        }
    }
}

/// A GIF's frames written again, and nothing else: each frame decoded (to palette indices) and
/// compressed anew, with its delay, disposal, position, transparency and local palette; the
/// global palette and the loop count kept. Comments, XMP and other application blocks, plain
/// text blocks and bytes after the trailer are not copied.
fn reencode_gif(bytes: &[u8], max_pixels: u64) -> Result<Vec<u8>, MediaError> {
    let corrupt = |e: gif::DecodingError| match e {
        gif::DecodingError::MemoryLimit => MediaError::TooManyPixels { max_pixels },
        other => {
            tracing::debug!(error = %other, "a GIF's frames do not decode");
            MediaError::Corrupt
        }
    };
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    options.set_memory_limit(gif::MemoryLimit::Bytes(
        NonZeroU64::new(max_pixels.saturating_add(ALLOC_MARGIN)).unwrap_or(NonZeroU64::MIN),
    ));
    let mut decoder = options.read_info(Cursor::new(bytes)).map_err(corrupt)?;
    let (width, height) = (decoder.width(), decoder.height());
    let global = decoder.global_palette().map(<[u8]>::to_vec);
    let mut encoder: Option<gif::Encoder<Vec<u8>>> = None;
    let mut buffer = Vec::new();
    while let Some(info) = decoder.next_frame_info().map_err(corrupt)? {
        let mut frame = info.clone();
        buffer.resize(decoder.buffer_size(), 0);
        decoder.read_into_buffer(&mut buffer).map_err(corrupt)?;
        // Read after the first frame's descriptor: the loop count comes before it.
        let encoder = match &mut encoder {
            Some(e) => e,
            None => {
                let mut e = gif::Encoder::new(
                    Vec::with_capacity(bytes.len()),
                    width,
                    height,
                    global.as_deref().unwrap_or(&[]),
                )
                .context("writing a GIF")?;
                e.set_repeat(decoder.repeat()).context("writing a GIF")?;
                encoder.insert(e)
            }
        };
        // Rows in order (the decoder de-interlaced them), no wait for a click.
        frame.interlaced = false;
        frame.needs_user_input = false;
        frame.buffer = Cow::Borrowed(&buffer);
        encoder.write_frame(&frame).context("writing a GIF")?;
    }
    let encoder = encoder.ok_or(MediaError::Corrupt)?;
    Ok(encoder.into_inner().context("writing a GIF")?)
}

/// What walking a GIF's blocks finds: its canvas and how many frames it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct GifShape {
    width: u32,
    height: u32,
    frames: u64,
}

/// Whether a GIF's blocks run from the header to the trailer (`;`): every extension and frame
/// whole, so a cut-off animation is not stored. Bytes after the trailer are allowed.
#[cfg(test)]
fn gif_is_complete(bytes: &[u8]) -> bool {
    gif_shape(bytes).is_some()
}

/// The canvas and frame count of a GIF whose blocks run from the header to the trailer; `None`
/// when it is cut off or malformed. Nothing is decoded.
fn gif_shape(bytes: &[u8]) -> Option<GifShape> {
    /// Past a chain of data sub-blocks (length-prefixed, ended by a zero length).
    fn skip_sub_blocks(bytes: &[u8], mut i: usize) -> Option<usize> {
        loop {
            let length = usize::from(*bytes.get(i)?);
            i += 1 + length;
            if length == 0 {
                return Some(i);
            }
        }
    }
    /// The size of a colour table announced by a packed-fields byte.
    fn colour_table(flags: u8) -> usize {
        if flags & 0x80 == 0 {
            0
        } else {
            3 << ((flags & 0x07) + 1)
        }
    }
    // Header (6 bytes), logical screen descriptor (7: width, height, flags…), global colour
    // table.
    let &flags = bytes.get(10)?;
    let le = |at: usize| {
        Some(u32::from(u16::from_le_bytes([
            *bytes.get(at)?,
            *bytes.get(at + 1)?,
        ])))
    };
    let (width, height) = (le(6)?, le(8)?);
    let mut frames = 0u64;
    let mut i = 13 + colour_table(flags);
    loop {
        i = match bytes.get(i)? {
            0x3B => {
                return Some(GifShape {
                    width,
                    height,
                    frames,
                });
            }
            // Extension: introducer, label, sub-blocks.
            0x21 => skip_sub_blocks(bytes, i + 2)?,
            // Image: descriptor (10 bytes), local colour table, LZW code size, sub-blocks.
            0x2C => {
                frames += 1;
                let &flags = bytes.get(i + 9)?;
                skip_sub_blocks(bytes, i + 10 + colour_table(flags) + 1)?
            }
            _ => return None,
        };
    }
}

fn has_transparent_pixels(image: &DynamicImage) -> bool {
    match image {
        DynamicImage::ImageRgba8(buffer) => buffer.pixels().any(|p| p.0[3] != u8::MAX),
        DynamicImage::ImageLumaA8(buffer) => buffer.pixels().any(|p| p.0[1] != u8::MAX),
        other => other.color().has_alpha(),
    }
}

/// The image as 8-bit grey or RGB, which is what a JPEG holds (transparency onto white).
fn jpeg_compatible(image: DynamicImage) -> DynamicImage {
    match image {
        DynamicImage::ImageLuma8(_) | DynamicImage::ImageRgb8(_) => image,
        DynamicImage::ImageLuma16(_) => DynamicImage::ImageLuma8(image.into_luma8()),
        other if other.color().has_alpha() => {
            DynamicImage::ImageRgb8(DynamicImage::ImageRgba8(flatten_onto_white(other)).into_rgb8())
        }
        other => DynamicImage::ImageRgb8(other.into_rgb8()),
    }
}

/// RGBA with every pixel blended onto white and made opaque (in place when already RGBA8).
fn flatten_onto_white(image: DynamicImage) -> image::RgbaImage {
    let mut rgba = image.into_rgba8();
    for pixel in rgba.pixels_mut() {
        let alpha = u32::from(pixel.0[3]);
        for channel in &mut pixel.0[..3] {
            let blended = (u32::from(*channel) * alpha + 255 * (255 - alpha) + 127) / 255;
            *channel = u8::try_from(blended).unwrap_or(u8::MAX);
        }
        pixel.0[3] = u8::MAX;
    }
    rgba
}

/// The thumbnail's size: the longer edge `max_edge`, the aspect kept, never enlarged.
fn thumb_size(width: u32, height: u32, max_edge: u32) -> (u32, u32) {
    let max_edge = max_edge.max(1);
    let longer = width.max(height);
    if longer <= max_edge {
        return (width, height);
    }
    let scale = |edge: u32| {
        let scaled =
            (u64::from(edge) * u64::from(max_edge) + u64::from(longer) / 2) / u64::from(longer);
        u32::try_from(scaled).unwrap_or(max_edge).max(1)
    };
    (scale(width), scale(height))
}

/// The thumbnail, ready for JPEG. Consumes the full image so its buffer is freed as soon as the
/// small one exists.
fn thumbnail(image: DynamicImage, max_edge: u32) -> DynamicImage {
    let (width, height) = thumb_size(image.width(), image.height(), max_edge);
    // Transparent pixels are blended before scaling, so their hidden colour cannot bleed in.
    let image = if image.color().has_alpha() {
        DynamicImage::ImageRgba8(flatten_onto_white(image))
    } else {
        image
    };
    if (width, height) == (image.width(), image.height()) {
        return jpeg_compatible(image);
    }
    // Box-average down to twice the size first (fast, and it anti-aliases), then a triangle
    // filter to the exact size.
    let image = if image.width() > width * 4 {
        let smaller = image.thumbnail_exact(width * 2, height * 2);
        drop(image);
        smaller
    } else {
        image
    };
    jpeg_compatible(image.resize_exact(width, height, FilterType::Triangle))
}

fn encode_jpeg(image: &DynamicImage, quality: u8) -> Result<Vec<u8>, MediaError> {
    let mut out = Vec::new();
    image
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
        .context("encoding a JPEG")?;
    Ok(out)
}

fn encode_png(image: &DynamicImage) -> Result<Vec<u8>, MediaError> {
    let mut out = Vec::new();
    image
        .write_with_encoder(PngEncoder::new(&mut out))
        .context("encoding a PNG")?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thumbnails_keep_the_aspect_and_never_grow() {
        assert_eq!(thumb_size(4000, 3000, 480), (480, 360));
        assert_eq!(thumb_size(3000, 4000, 480), (360, 480));
        assert_eq!(thumb_size(100, 50, 480), (100, 50));
        assert_eq!(thumb_size(480, 480, 480), (480, 480));
        assert_eq!(thumb_size(10_000, 1, 480), (480, 1));
    }

    #[test]
    fn a_jpeg_without_its_end_marker_is_incomplete() {
        let mut jpeg = Vec::new();
        DynamicImage::new_rgb8(64, 64)
            .write_with_encoder(JpegEncoder::new_with_quality(&mut jpeg, 80))
            .unwrap();
        assert!(jpeg_is_complete(&jpeg));
        let mut trailing = jpeg.clone();
        trailing.extend_from_slice(b"camera trailer");
        assert!(jpeg_is_complete(&trailing));
        for cut in [jpeg.len() - 2, jpeg.len() / 2, 20, 4, 2] {
            assert!(!jpeg_is_complete(&jpeg[..cut]), "cut at {cut}");
        }
    }

    #[test]
    fn a_gif_without_its_trailer_is_incomplete() {
        let mut gif = Vec::new();
        DynamicImage::new_rgba8(32, 16)
            .write_to(&mut Cursor::new(&mut gif), image::ImageFormat::Gif)
            .unwrap();
        assert!(gif_is_complete(&gif));
        for cut in 0..gif.len() {
            assert!(!gif_is_complete(&gif[..cut]), "cut at {cut}");
        }
    }
}
