#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `ImageWorkers` against the `ImageProcessor` contract (ports.rs), on images made here with
//! the `image` crate and, for metadata and bombs, segments and chunks written byte by byte.

use adapter_media::{ImageWorkerSettings, ImageWorkers};
use image::{DynamicImage, Rgb, RgbImage, Rgba, RgbaImage};
use image_fixtures::{encode_jpeg, encode_png, encode_webp};
use media::model::{ImageLimits, ProcessedImage};
use media::ports::ImageProcessor;
use media::{ImageFormat, MediaError};
use std::io::Cursor;
use std::time::Duration;

const LIMITS: ImageLimits = ImageLimits {
    max_pixels: 50_000_000,
    thumb_max_edge: 480,
    max_animation_pixels: 100_000_000,
};

fn workers() -> ImageWorkers {
    ImageWorkers::new(ImageWorkerSettings {
        concurrency: 2,
        queue_wait: Duration::from_secs(60),
    })
}

async fn process(bytes: Vec<u8>) -> Result<ProcessedImage, MediaError> {
    workers().process(bytes, LIMITS).await
}

// ---- making images ----

const RED: Rgb<u8> = Rgb([220, 20, 20]);
const BLUE: Rgb<u8> = Rgb([20, 20, 220]);

/// Left half red, right half blue.
fn halves(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, _| if x < width / 2 { RED } else { BLUE })
}

/// A gradient with some texture, so encoders have real work.
fn photo(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        Rgb([
            (x * 255 / width) as u8,
            (y * 255 / height) as u8,
            ((x ^ y) & 0xFF) as u8,
        ])
    })
}

/// Two frames, looping.
fn animated_gif() -> Vec<u8> {
    let red = RgbaImage::from_pixel(300, 200, Rgba([255, 0, 0, 255]));
    let blue = RgbaImage::from_pixel(300, 200, Rgba([0, 0, 255, 255]));
    image_fixtures::animated_gif([red, blue])
}

/// The GPS IFD a phone writes (latitude N 31° 14' 42.42"), as it appears in the file.
fn gps_ifd(at: u32) -> Vec<u8> {
    let data_at = at + 2 + 2 * 12 + 4;
    let mut ifd = Vec::new();
    ifd.extend_from_slice(&2u16.to_be_bytes());
    // GPSLatitudeRef, ASCII, 2: "N\0"
    ifd.extend_from_slice(&[0x00, 0x01, 0x00, 0x02, 0, 0, 0, 2, b'N', 0, 0, 0]);
    // GPSLatitude, RATIONAL, 3, at data_at
    ifd.extend_from_slice(&[0x00, 0x02, 0x00, 0x05, 0, 0, 0, 3]);
    ifd.extend_from_slice(&data_at.to_be_bytes());
    ifd.extend_from_slice(&0u32.to_be_bytes());
    for (numerator, denominator) in [(31u32, 1u32), (14, 1), (4242, 100)] {
        ifd.extend_from_slice(&numerator.to_be_bytes());
        ifd.extend_from_slice(&denominator.to_be_bytes());
    }
    ifd
}

/// An EXIF block (big-endian TIFF) with an Orientation tag and a GPS IFD.
fn exif(orientation: u16) -> Vec<u8> {
    let gps_at: u32 = 8 + 2 + 2 * 12 + 4;
    let mut tiff = b"MM\x00\x2A\x00\x00\x00\x08".to_vec();
    tiff.extend_from_slice(&2u16.to_be_bytes());
    // Orientation, SHORT, 1
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1]);
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]);
    // GPSInfo, LONG, 1, the GPS IFD's offset
    tiff.extend_from_slice(&[0x88, 0x25, 0x00, 0x04, 0, 0, 0, 1]);
    tiff.extend_from_slice(&gps_at.to_be_bytes());
    tiff.extend_from_slice(&0u32.to_be_bytes());
    assert_eq!(tiff.len() as u32, gps_at);
    tiff.extend_from_slice(&gps_ifd(gps_at));
    tiff
}

fn segment(marker: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0xFF, marker];
    out.extend_from_slice(&u16::try_from(payload.len() + 2).unwrap().to_be_bytes());
    out.extend_from_slice(payload);
    out
}

/// `jpeg` with an EXIF APP1 (orientation and GPS) and a comment right after SOI, as a phone
/// writes them.
fn with_exif(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&exif(orientation));
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&segment(0xE1, &app1));
    out.extend_from_slice(&segment(0xFE, b"taken at home"));
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// The markers of a JPEG's segments, SOI up to SOS.
fn jpeg_markers(jpeg: &[u8]) -> Vec<u8> {
    assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
    let mut markers = vec![];
    let mut i = 2;
    while i + 4 <= jpeg.len() {
        assert_eq!(jpeg[i], 0xFF, "a segment at {i}");
        let marker = jpeg[i + 1];
        markers.push(marker);
        if marker == 0xDA {
            break;
        }
        i += 2 + usize::from(u16::from_be_bytes([jpeg[i + 2], jpeg[i + 3]]));
    }
    markers
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
    out
}

/// A PNG of a few dozen bytes whose header declares `width × height` RGB pixels.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend_from_slice(&png_chunk(b"IHDR", &ihdr));
    // A zlib stream of a few zero bytes: all a bomb needs to start.
    out.extend_from_slice(&png_chunk(
        b"IDAT",
        &[0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01],
    ));
    out.extend_from_slice(&png_chunk(b"IEND", &[]));
    out
}

/// `png` with chunks inserted right after IHDR (signature 8 + IHDR 25 bytes).
fn png_with_chunks(png: &[u8], chunks: &[Vec<u8>]) -> Vec<u8> {
    let mut out = png[..33].to_vec();
    for chunk in chunks {
        out.extend_from_slice(chunk);
    }
    out.extend_from_slice(&png[33..]);
    out
}

fn decode(bytes: &[u8]) -> DynamicImage {
    image::load_from_memory(bytes).unwrap()
}

fn near(a: Rgb<u8>, b: Rgb<u8>) -> bool {
    a.0.iter().zip(b.0).all(|(x, y)| x.abs_diff(y) < 40)
}

/// The thumbnail is a JPEG of the size reported.
fn assert_thumbnail(out: &ProcessedImage, width: u32, height: u32) {
    assert_eq!((out.thumb_width, out.thumb_height), (width, height));
    assert_eq!(ImageFormat::sniff(&out.thumbnail), Some(ImageFormat::Jpeg));
    let thumb = decode(&out.thumbnail);
    assert_eq!((thumb.width(), thumb.height()), (width, height));
}

// ---- what comes out ----

#[tokio::test]
async fn exif_gps_and_comments_are_gone_and_the_orientation_is_applied() {
    let upload = with_exif(&encode_jpeg(halves(40, 20), 90), 6);
    assert!(contains(&upload, b"Exif\0\0") && contains(&upload, &gps_ifd(38)));

    let out = process(upload).await.unwrap();

    assert_eq!(out.format, ImageFormat::Jpeg);
    // Orientation 6: turned 90° clockwise, so the red left half is on top.
    assert_eq!((out.width, out.height), (20, 40));
    let original = decode(&out.original).to_rgb8();
    assert_eq!(original.dimensions(), (20, 40));
    assert!(
        near(*original.get_pixel(10, 5), RED),
        "{:?}",
        original.get_pixel(10, 5)
    );
    assert!(
        near(*original.get_pixel(10, 35), BLUE),
        "{:?}",
        original.get_pixel(10, 35)
    );
    for file in [&out.original, &out.thumbnail] {
        let markers = jpeg_markers(file);
        assert!(
            !markers.contains(&0xE1),
            "an APP1 segment is left: {markers:x?}"
        );
        assert!(!markers.contains(&0xFE), "a comment is left: {markers:x?}");
        assert!(!contains(file, b"Exif\0\0"));
        assert!(!contains(file, &gps_ifd(38)));
        assert!(!contains(file, b"taken at home"));
    }
    // Small: the thumbnail is the whole image, upright too.
    assert_thumbnail(&out, 20, 40);
}

#[tokio::test]
async fn a_photo_gets_a_thumbnail_whose_longer_edge_is_the_limit() {
    let out = process(encode_jpeg(photo(1200, 800), 90)).await.unwrap();
    assert_eq!((out.width, out.height), (1200, 800));
    assert_thumbnail(&out, 480, 320);

    let out = process(encode_jpeg(photo(800, 1200), 90)).await.unwrap();
    assert_thumbnail(&out, 320, 480);

    // An odd aspect rounds to the nearest pixel.
    let out = process(encode_jpeg(photo(1000, 333), 90)).await.unwrap();
    assert_thumbnail(&out, 480, 160);
}

#[tokio::test]
async fn small_images_are_not_enlarged() {
    let out = process(encode_jpeg(photo(100, 60), 90)).await.unwrap();
    assert_eq!((out.width, out.height), (100, 60));
    assert_thumbnail(&out, 100, 60);

    let exactly = process(encode_jpeg(photo(480, 200), 90)).await.unwrap();
    assert_thumbnail(&exactly, 480, 200);
}

#[tokio::test]
async fn a_png_with_transparency_stays_a_png_and_its_thumbnail_is_on_white() {
    // Left half fully transparent (its hidden colour black), right half opaque blue.
    let image = RgbaImage::from_fn(960, 480, |x, _| {
        if x < 480 {
            Rgba([0, 0, 0, 0])
        } else {
            Rgba([20, 20, 220, 255])
        }
    });
    let out = process(encode_png(DynamicImage::ImageRgba8(image.clone())))
        .await
        .unwrap();

    assert_eq!(out.format, ImageFormat::Png);
    assert_eq!(ImageFormat::sniff(&out.original), Some(ImageFormat::Png));
    assert_eq!(decode(&out.original).to_rgba8(), image, "PNG is lossless");
    assert_thumbnail(&out, 480, 240);
    let thumb = decode(&out.thumbnail).to_rgb8();
    assert!(
        near(*thumb.get_pixel(100, 120), Rgb([255, 255, 255])),
        "{:?}",
        thumb.get_pixel(100, 120)
    );
    assert!(
        near(*thumb.get_pixel(400, 120), BLUE),
        "{:?}",
        thumb.get_pixel(400, 120)
    );
}

#[tokio::test]
async fn png_text_and_exif_chunks_are_gone() {
    let exif_chunk = exif(1);
    let upload = png_with_chunks(
        &encode_png(DynamicImage::ImageRgb8(halves(64, 32))),
        &[
            png_chunk(b"eXIf", &exif_chunk),
            png_chunk(b"tEXt", b"Comment\0taken at home"),
        ],
    );
    let out = process(upload).await.unwrap();
    assert_eq!(out.format, ImageFormat::Png);
    assert!(!contains(&out.original, b"eXIf"));
    assert!(!contains(&out.original, b"tEXt"));
    assert!(!contains(&out.original, b"taken at home"));
    assert!(!contains(&out.original, &gps_ifd(38)));
}

#[tokio::test]
async fn an_opaque_webp_becomes_a_jpeg_and_a_transparent_one_a_png() {
    let out = process(encode_webp(DynamicImage::ImageRgb8(photo(600, 400))))
        .await
        .unwrap();
    assert_eq!(out.format, ImageFormat::Jpeg);
    assert_eq!(ImageFormat::sniff(&out.original), Some(ImageFormat::Jpeg));
    assert_eq!((out.width, out.height), (600, 400));
    assert_thumbnail(&out, 480, 320);

    // An alpha channel with every pixel opaque is no transparency.
    let opaque = RgbaImage::from_pixel(50, 50, Rgba([1, 2, 3, 255]));
    let out = process(encode_webp(DynamicImage::ImageRgba8(opaque)))
        .await
        .unwrap();
    assert_eq!(out.format, ImageFormat::Jpeg);

    let mut transparent = RgbaImage::from_pixel(50, 50, Rgba([1, 2, 3, 255]));
    transparent.put_pixel(7, 7, Rgba([1, 2, 3, 0]));
    let out = process(encode_webp(DynamicImage::ImageRgba8(transparent.clone())))
        .await
        .unwrap();
    assert_eq!(out.format, ImageFormat::Png);
    assert_eq!(decode(&out.original).to_rgba8(), transparent);
    assert_thumbnail(&out, 50, 50);
}

/// A three-frame looping GIF on a 40×30 canvas (indices into a four-colour global palette,
/// delays 10, 20, 30 hundredths, the second frame a 20×10 patch at (5, 4)), with a comment, an
/// XMP block holding GPS coordinates and bytes after the trailer, as a phone or editor writes.
fn gif_with_metadata() -> Vec<u8> {
    let palette = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255];
    let mut encoder = gif::Encoder::new(Vec::new(), 40, 30, &palette).unwrap();
    encoder.set_repeat(gif::Repeat::Infinite).unwrap();
    encoder
        .write_raw_extension(gif::AnyExtension(0xFE), &[b"secret comment: home is here"])
        .unwrap();
    encoder
        .write_raw_extension(
            gif::AnyExtension(0xFF),
            &[
                b"XMP DataXMP",
                b"<x:xmpmeta><exif:GPSLatitude>31,14.707N</exif:GPSLatitude></x:xmpmeta>",
            ],
        )
        .unwrap();
    let frames = [
        (0u16, 0u16, 40u16, 30u16, 0u8, 10u16),
        (5, 4, 20, 10, 1, 20),
        (0, 0, 40, 30, 2, 30),
    ];
    for (left, top, w, h, index, delay) in frames {
        let mut frame = gif::Frame::from_indexed_pixels(
            w,
            h,
            vec![index; usize::from(w) * usize::from(h)],
            None,
        );
        frame.left = left;
        frame.top = top;
        frame.delay = delay;
        frame.dispose = gif::DisposalMethod::Keep;
        encoder.write_frame(&frame).unwrap();
    }
    let mut out = encoder.into_inner().unwrap();
    out.extend_from_slice(b"TRAILING BYTES after the end");
    out
}

/// One frame as a decoder reads it: delay, left, top, width, height, and its indices.
type GifFrame = (u16, u16, u16, u16, u16, Vec<u8>);

/// Each frame's delay, position and size, and the indices it holds, as a decoder reads them.
fn gif_frames(bytes: &[u8]) -> (gif::Repeat, Vec<GifFrame>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(Cursor::new(bytes)).unwrap();
    let mut frames = Vec::new();
    while let Some(f) = decoder.read_next_frame().unwrap() {
        frames.push((f.delay, f.left, f.top, f.width, f.height, f.buffer.to_vec()));
    }
    (decoder.repeat(), frames)
}

#[tokio::test]
async fn a_gif_is_written_again_without_metadata_or_trailing_bytes_and_stays_animated() {
    let upload = gif_with_metadata();
    let out = process(upload.clone()).await.unwrap();
    assert_eq!(out.format, ImageFormat::Gif);
    assert_ne!(out.original, upload);
    for gone in [
        &b"secret comment"[..],
        b"XMP",
        b"GPSLatitude",
        b"xmpmeta",
        b"TRAILING",
    ] {
        assert!(
            !contains(&out.original, gone),
            "{:?} is still there",
            String::from_utf8_lossy(gone)
        );
    }
    assert_eq!(out.original.last(), Some(&0x3B), "ends at the trailer");
    // Frames, delays, positions, pixels and the loop count as uploaded.
    assert_eq!(gif_frames(&out.original), gif_frames(&upload));
    let (repeat, frames) = gif_frames(&out.original);
    assert_eq!(repeat, gif::Repeat::Infinite);
    assert_eq!(frames.len(), 3);
    assert_eq!(
        frames.iter().map(|f| f.0).collect::<Vec<_>>(),
        vec![10, 20, 30]
    );
    assert_eq!((out.width, out.height), (40, 30));
    assert_thumbnail(&out, 40, 30);
}

#[tokio::test]
async fn a_gif_is_thumbnailed_from_its_first_frame_and_keeps_its_frames() {
    let upload = animated_gif();
    let out = process(upload.clone()).await.unwrap();
    assert_eq!(out.format, ImageFormat::Gif);
    assert_eq!(gif_frames(&out.original), gif_frames(&upload));
    assert_eq!((out.width, out.height), (300, 200));
    assert_thumbnail(&out, 300, 200);
    let thumb = decode(&out.thumbnail).to_rgb8();
    assert!(
        near(*thumb.get_pixel(150, 100), Rgb([255, 0, 0])),
        "the first frame"
    );
    // A GIF without a loop block gets none (it plays once, as uploaded).
    let mut once = gif::Encoder::new(Vec::new(), 2, 2, &[0, 0, 0, 255, 255, 255]).unwrap();
    for index in [0u8, 1] {
        once.write_frame(&gif::Frame::from_indexed_pixels(2, 2, vec![index; 4], None))
            .unwrap();
    }
    let once = once.into_inner().unwrap();
    let out = process(once.clone()).await.unwrap();
    assert_eq!(gif_frames(&out.original), gif_frames(&once));
    assert!(!contains(&out.original, b"NETSCAPE2.0"));
}

/// `frames` frames of one pixel each on a `width`×`height` canvas: tiny to send, and a browser
/// decodes every frame to the whole canvas.
fn gif_animation(width: u16, height: u16, frames: usize) -> Vec<u8> {
    let mut encoder =
        gif::Encoder::new(Vec::new(), width, height, &[0, 0, 0, 255, 255, 255]).unwrap();
    for i in 0..frames {
        let mut frame = gif::Frame::from_indexed_pixels(1, 1, vec![(i % 2) as u8], None);
        frame.delay = 2;
        encoder.write_frame(&frame).unwrap();
    }
    encoder.into_inner().unwrap()
}

#[tokio::test]
async fn an_animation_past_its_pixels_over_all_frames_is_refused_before_decoding() {
    // 120 frames of 7000×7000: 5.9 billion pixels for a viewer's browser.
    let bomb = gif_animation(7000, 7000, 120);
    assert!(bomb.len() < 10_000);
    let started = std::time::Instant::now();
    let refused = process(bomb).await;
    assert!(
        matches!(
            refused,
            Err(MediaError::AnimationTooLarge {
                max_pixels: 100_000_000
            })
        ),
        "{refused:?}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "nothing decoded"
    );
    // Just within the bound, and one frame past it.
    let limits = ImageLimits {
        max_animation_pixels: 10 * 100 * 100,
        ..LIMITS
    };
    let ok = workers()
        .process(gif_animation(100, 100, 10), limits)
        .await
        .unwrap();
    assert_eq!(gif_frames(&ok.original).1.len(), 10);
    let refused = workers().process(gif_animation(100, 100, 11), limits).await;
    assert!(
        matches!(
            refused,
            Err(MediaError::AnimationTooLarge {
                max_pixels: 100_000
            })
        ),
        "{refused:?}"
    );
    // A still image is bounded by `max_pixels` alone.
    let still = workers()
        .process(gif_animation(400, 400, 1), limits)
        .await
        .unwrap();
    assert_eq!((still.width, still.height), (400, 400));
}

// ---- what is refused ----

#[tokio::test]
async fn a_header_declaring_too_many_pixels_is_refused_before_decoding() {
    let bomb = png_declaring(100_000, 100_000);
    assert!(bomb.len() < 100);
    let refused = process(bomb).await;
    assert!(
        matches!(
            refused,
            Err(MediaError::TooManyPixels {
                max_pixels: 50_000_000
            })
        ),
        "{refused:?}"
    );

    // A real image one pixel row past the limit.
    let limits = ImageLimits {
        max_pixels: 40 * 29,
        thumb_max_edge: 480,
        max_animation_pixels: 100_000_000,
    };
    let refused = workers()
        .process(encode_jpeg(photo(40, 30), 90), limits)
        .await;
    assert!(
        matches!(refused, Err(MediaError::TooManyPixels { max_pixels: 1160 })),
        "{refused:?}"
    );
    let refused = workers()
        .process(encode_png(DynamicImage::ImageRgb8(photo(40, 30))), limits)
        .await;
    assert!(
        matches!(refused, Err(MediaError::TooManyPixels { .. })),
        "{refused:?}"
    );
    let accepted = workers()
        .process(encode_jpeg(photo(40, 29), 90), limits)
        .await;
    assert!(accepted.is_ok(), "{accepted:?}");
}

#[tokio::test]
async fn damaged_images_are_corrupt() {
    let whole = encode_jpeg(photo(200, 200), 90);
    for cut in [whole.len() / 2, whole.len() - 2, 300] {
        let refused = process(whole[..cut].to_vec()).await;
        assert!(
            matches!(refused, Err(MediaError::Corrupt)),
            "cut at {cut}: {refused:?}"
        );
    }

    let whole = encode_png(DynamicImage::ImageRgb8(photo(200, 200)));
    let refused = process(whole[..whole.len() / 2].to_vec()).await;
    assert!(matches!(refused, Err(MediaError::Corrupt)), "{refused:?}");

    let mut garbage = vec![0xFF, 0xD8, 0xFF, 0xE0];
    garbage.extend((0..4000u32).map(|i| (i * 7919 % 256) as u8));
    let refused = process(garbage).await;
    assert!(matches!(refused, Err(MediaError::Corrupt)), "{refused:?}");

    // Cut in the first frame, and in the last (the first still decodes: the structure tells).
    let gif = animated_gif();
    for cut in [40, gif.len() - 6, gif.len() - 1] {
        let refused = process(gif[..cut].to_vec()).await;
        assert!(
            matches!(refused, Err(MediaError::Corrupt)),
            "cut at {cut}: {refused:?}"
        );
    }
}

#[tokio::test]
async fn what_is_not_an_image_of_ours_is_unsupported() {
    let random: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#;
    let pdf = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF";
    let bmp = b"BM6\x00\x00\x00\x00\x00\x00\x006\x00\x00\x00(\x00\x00\x00";
    for upload in [random, svg.to_vec(), pdf.to_vec(), bmp.to_vec(), vec![]] {
        let refused = process(upload.clone()).await;
        assert!(
            matches!(refused, Err(MediaError::UnsupportedType)),
            "{:?}: {refused:?}",
            String::from_utf8_lossy(&upload[..upload.len().min(16)])
        );
    }
}

// ---- the bound ----

#[tokio::test]
async fn with_every_worker_busy_the_next_upload_is_told_to_retry() {
    let workers = ImageWorkers::new(ImageWorkerSettings {
        concurrency: 1,
        queue_wait: Duration::from_millis(50),
    });
    assert_eq!(workers.idle_workers(), 1);
    // A 12-megapixel photo: decoding, re-encoding and thumbnailing it takes far longer than
    // the 50 ms the next upload may wait.
    let big = encode_jpeg(photo(4000, 3000), 90);
    let small = encode_jpeg(photo(64, 64), 90);

    let first = tokio::spawn({
        let workers = workers.clone();
        async move { workers.process(big, LIMITS).await }
    });
    // The gate: the first job holds the only worker.
    while workers.idle_workers() > 0 {
        tokio::task::yield_now().await;
    }
    let second = workers.process(small.clone(), LIMITS).await;
    assert!(
        matches!(
            second,
            Err(MediaError::Busy {
                retry_after_secs: 1
            })
        ),
        "{second:?}"
    );

    let first = first.await.unwrap().unwrap();
    assert_eq!((first.width, first.height), (4000, 3000));
    assert_thumbnail(&first, 480, 360);
    // The worker is free again.
    assert_eq!(workers.idle_workers(), 1);
    assert!(workers.process(small, LIMITS).await.is_ok());
}
