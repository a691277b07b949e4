//! How long one upload of a phone-sized photo takes: `cargo run -p adapter-media --release
//! --example photo_timing [photo.jpg]`. Without a file it makes a noisy 4000 × 3000 JPEG
//! (12 megapixels, about as hard to decode as a real photo). Prints figures; asserts nothing.

use adapter_media::{ImageWorkerSettings, ImageWorkers};
use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, Rgb, RgbImage};
use media::model::ImageLimits;
use media::ports::ImageProcessor;
use std::time::{Duration, Instant};

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let photo = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => synthetic_photo(4000, 3000)?,
    };
    let workers = ImageWorkers::new(ImageWorkerSettings {
        concurrency: 1,
        queue_wait: Duration::from_secs(60),
    });
    let limits = ImageLimits {
        max_pixels: 50_000_000,
        thumb_max_edge: 480,
        max_animation_pixels: 100_000_000,
    };
    for run in 1..=3 {
        let started = Instant::now();
        let out = workers.process(photo.clone(), limits).await?;
        println!(
            "run {run}: {} × {} {} of {} KB → original {} KB, thumbnail {} × {} {} KB in {} ms",
            out.width,
            out.height,
            out.format.as_str(),
            photo.len() / 1024,
            out.original.len() / 1024,
            out.thumb_width,
            out.thumb_height,
            out.thumbnail.len() / 1024,
            started.elapsed().as_millis()
        );
    }

    // The thumbnail step alone, by method.
    let decoded = image::load_from_memory(&photo)?;
    let (w, h) = (480, 480 * decoded.height() / decoded.width());
    for (name, make) in [
        (
            "resize_exact Triangle",
            &(|i: &DynamicImage| i.resize_exact(w, h, FilterType::Triangle))
                as &dyn Fn(&DynamicImage) -> DynamicImage,
        ),
        ("resize_exact CatmullRom", &|i: &DynamicImage| {
            i.resize_exact(w, h, FilterType::CatmullRom)
        }),
        ("thumbnail_exact (box)", &|i: &DynamicImage| {
            i.thumbnail_exact(w, h)
        }),
        ("box to 2×, then Triangle (used)", &|i: &DynamicImage| {
            i.thumbnail_exact(w * 2, h * 2)
                .resize_exact(w, h, FilterType::Triangle)
        }),
    ] {
        let started = Instant::now();
        let thumb = make(&decoded);
        println!(
            "  {name}: {} ms ({} × {})",
            started.elapsed().as_millis(),
            thumb.width(),
            thumb.height()
        );
    }
    Ok(())
}

/// A gradient with per-pixel noise, encoded as a quality-90 JPEG.
fn synthetic_photo(width: u32, height: u32) -> anyhow::Result<Vec<u8>> {
    let mut state: u32 = 0x1234_5678;
    let image = RgbImage::from_fn(width, height, |x, y| {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let noise = (state >> 26) as u8; // 0..63
        Rgb([
            ((x * 190 / width) as u8).saturating_add(noise),
            ((y * 190 / height) as u8).saturating_add(noise / 2),
            (((x + y) * 120 / (width + height)) as u8).saturating_add(noise),
        ])
    });
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(image)
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))?;
    Ok(out)
}
