//! Images made in code for tests and benchmarks: the one maker of the PNG a test uploads, and the
//! encoders the image adapter's tests write their own pictures with. Every maker is
//! deterministic: the same arguments give the same bytes.
//!
//! A test-only crate, so a failure to encode an in-memory image (which would be a bug in the
//! `image` crate, not in a test) panics with a message.

use image::codecs::gif::{GifEncoder, Repeat};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{DynamicImage, Frame, Rgb, RgbImage, RgbaImage};

/// A `w`×`h` gradient: red follows x, green follows y (both modulo 256), blue is `blue`.
#[must_use]
pub fn gradient(w: u32, h: u32, blue: u8) -> RgbImage {
    RgbImage::from_fn(w, h, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, blue]))
}

/// A PNG of `w`×`h`: the [`gradient`] with blue 90. What the API tests upload.
#[must_use]
pub fn png(w: u32, h: u32) -> Vec<u8> {
    png_tinted(w, h, 90)
}

/// A PNG of `w`×`h` whose blue is `blue`: images of one size with different bytes.
#[must_use]
pub fn png_tinted(w: u32, h: u32, blue: u8) -> Vec<u8> {
    encode_png(gradient(w, h, blue))
}

/// `image` as a PNG.
///
/// # Panics
/// When the encoder fails (it does not, in memory).
#[must_use]
pub fn encode_png(image: impl Into<DynamicImage>) -> Vec<u8> {
    let mut out = Vec::new();
    image
        .into()
        .write_with_encoder(PngEncoder::new(&mut out))
        .unwrap_or_else(|e| panic!("encode a PNG: {e}"));
    out
}

/// `image` as a JPEG of `quality` (1–100).
///
/// # Panics
/// When the encoder fails (an image with alpha: JPEG has none).
#[must_use]
pub fn encode_jpeg(image: impl Into<DynamicImage>, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    image
        .into()
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
        .unwrap_or_else(|e| panic!("encode a JPEG: {e}"));
    out
}

/// `image` as a lossless WebP.
///
/// # Panics
/// When the encoder fails (it does not, in memory).
#[must_use]
pub fn encode_webp(image: impl Into<DynamicImage>) -> Vec<u8> {
    let mut out = Vec::new();
    image
        .into()
        .write_with_encoder(WebPEncoder::new_lossless(&mut out))
        .unwrap_or_else(|e| panic!("encode a WebP: {e}"));
    out
}

/// A looping GIF of `frames`, in order, each shown for the encoder's default delay.
///
/// # Panics
/// When the encoder fails (frames of different sizes are fine; it does not, in memory).
#[must_use]
pub fn animated_gif(frames: impl IntoIterator<Item = RgbaImage>) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new(&mut out);
        encoder
            .set_repeat(Repeat::Infinite)
            .unwrap_or_else(|e| panic!("a looping GIF: {e}"));
        encoder
            .encode_frames(frames.into_iter().map(Frame::new))
            .unwrap_or_else(|e| panic!("encode a GIF: {e}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{AnimationDecoder, ImageFormat, Rgba};

    #[test]
    fn a_png_decodes_to_the_gradient_it_was_made_from() {
        let bytes = png(300, 2);
        assert_eq!(image::guess_format(&bytes).ok(), Some(ImageFormat::Png));
        let back = image::load_from_memory(&bytes).map(|i| i.to_rgb8()).ok();
        assert_eq!(back, Some(gradient(300, 2, 90)));
        assert_eq!(back.map(|i| *i.get_pixel(299, 1)), Some(Rgb([43, 1, 90])));
        assert_eq!(png(300, 2), bytes, "the same arguments, the same bytes");
        assert_ne!(png_tinted(300, 2, 91), bytes);
    }

    #[test]
    fn jpeg_and_webp_are_what_they_say() {
        let jpeg = encode_jpeg(gradient(16, 8, 0), 90);
        assert_eq!(image::guess_format(&jpeg).ok(), Some(ImageFormat::Jpeg));
        let webp = encode_webp(gradient(16, 8, 0));
        assert_eq!(image::guess_format(&webp).ok(), Some(ImageFormat::WebP));
        let back = image::load_from_memory(&webp).map(|i| i.to_rgb8()).ok();
        assert_eq!(back, Some(gradient(16, 8, 0)), "lossless");
    }

    #[test]
    fn an_animated_gif_keeps_its_frames_in_order() {
        let red = RgbaImage::from_pixel(4, 3, Rgba([255, 0, 0, 255]));
        let blue = RgbaImage::from_pixel(4, 3, Rgba([0, 0, 255, 255]));
        let gif = animated_gif([red.clone(), blue.clone(), red.clone()]);
        assert_eq!(image::guess_format(&gif).ok(), Some(ImageFormat::Gif));
        let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))
            .and_then(|d| d.into_frames().collect_frames())
            .map(|fs| fs.into_iter().map(Frame::into_buffer).collect::<Vec<_>>())
            .ok();
        assert_eq!(frames, Some(vec![red.clone(), blue, red]));
    }
}
