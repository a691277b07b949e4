//! Serves the built single-page app: files of `frontend/dist` (hashed assets and the build
//! manifests under `/build/meta/` cached for a year, everything else revalidated), the app's
//! HTML for any client route — rendered per request in the visitor's language, with the page's
//! first screen preloaded ([`page`]) — and a JSON 404 for unknown paths under `/api`. A missing
//! asset is a real 404, so the SPA can notice a stale chunk.

mod first_screen;
mod page;

use crate::http::error::ApiError;
use actix_files::NamedFile;
use actix_web::http::header::{self, HeaderValue, HttpDate, IfModifiedSince};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use first_screen::FirstScreens;
use page::{Render, Template};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

/// The static folder, the configured public address, and the app's HTML read from it.
#[derive(Debug)]
pub struct StaticDir {
    dir: PathBuf,
    public_url: Option<String>,
    /// `index.html` cut into a template, with its modification time: read again only when the
    /// file changes (a rebuild while the server runs), never per request.
    template: Mutex<Option<Arc<Template>>>,
}

impl StaticDir {
    /// `public_url`: `PUBLIC_URL` without a trailing slash; the share tags' `og:url` and
    /// `og:image` need it (a request's `Host` is not to be trusted for them).
    pub fn new(dir: PathBuf, public_url: Option<String>) -> Self {
        Self {
            dir,
            public_url,
            template: Mutex::new(None),
        }
    }

    /// The template of `index.html` as it is on disk now; `None` when there is no such file.
    fn template(&self) -> Option<Arc<Template>> {
        let index = self.dir.join("index.html");
        let modified = std::fs::metadata(&index)
            .ok()
            .filter(std::fs::Metadata::is_file)?
            .modified()
            .unwrap_or(SystemTime::UNIX_EPOCH);
        let mut cached = self.template.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(template) = cached.as_ref().filter(|t| t.modified == modified) {
            return Some(template.clone());
        }
        let html = std::fs::read_to_string(&index).ok()?;
        let template = Arc::new(Template::parse(
            &html,
            modified,
            FirstScreens::load(&self.dir),
        ));
        *cached = Some(template.clone());
        Some(template)
    }
}

/// The default service: everything no API route took.
pub async fn serve(req: HttpRequest, dir: web::Data<StaticDir>) -> Result<HttpResponse, ApiError> {
    let path = req.path();
    if path == "/api" || path.starts_with("/api/") {
        return Err(ApiError::not_found());
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return Ok(HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .finish());
    }
    let Some(relative) = safe_relative(path) else {
        return Ok(HttpResponse::NotFound().finish());
    };
    let file = dir.dir.join(&relative);
    if !relative.as_os_str().is_empty() && file.is_file() {
        // Hashed assets and a build id's manifest (`/build/meta/<buildId>.json`) never change.
        let cache = if path.starts_with("/assets/") || path.starts_with("/build/meta/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        if cache != "no-cache"
            && let Some(res) = precompressed(&req, &file)
        {
            return Ok(res);
        }
        return Ok(file_response(&req, &file, cache).await);
    }
    // A path that names a file (it has an extension) and is missing is a 404, not the app.
    let looks_like_file = relative.extension().is_some();
    if looks_like_file {
        return Ok(HttpResponse::NotFound()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .finish());
    }
    let Some(template) = dir.template() else {
        return Ok(HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE)
            .content_type("text/plain; charset=utf-8")
            .body(
                "The web app is not built yet: run `just build` (or `just run`), then reload.\n",
            ));
    };
    Ok(app_page(&req, &template, dir.public_url.as_deref()))
}

/// The app's HTML for this request: its language, its address, its first screen. Revalidated on
/// every visit (`no-cache`); the ETag is the rendered bytes' digest, so each language (and page)
/// has its own, and `Vary` tells caches what it depends on.
fn app_page(req: &HttpRequest, template: &Template, public_url: Option<&str>) -> HttpResponse {
    let body = template.render(&Render {
        language: page::page_language(req),
        path: req.path(),
        query: req.query_string(),
        public_url,
    });
    let etag = page::etag(&body);
    let last_modified = HttpDate::from(template.modified);
    let not_modified = match req.headers().get(header::IF_NONE_MATCH) {
        Some(value) => value.to_str().is_ok_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == etag || t.trim() == "*")
        }),
        None => req
            .get_header::<IfModifiedSince>()
            .is_some_and(|IfModifiedSince(since)| {
                SystemTime::from(since) >= SystemTime::from(last_modified)
            }),
    };
    let mut res = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::VARY, "Accept-Language, Cookie"))
        .insert_header((header::ETAG, etag))
        .insert_header((header::LAST_MODIFIED, last_modified));
    if not_modified {
        return res.finish();
    }
    res.content_type("text/html; charset=utf-8").body(body)
}

/// A hashed asset's copy compressed at build time (`vite-plugins/precompress.ts`: brotli at its
/// best, gzip -9), when the request accepts it: smaller than what the `Compress` middleware makes
/// on the fly at its fast level (the app's entry: 155 kB instead of 195 kB as gzip), and not
/// compressed again on every request. `None`: no such copy or not accepted; the file as it is.
fn precompressed(req: &HttpRequest, file: &Path) -> Option<HttpResponse> {
    let accepted = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let accepts = |coding: &str| {
        accepted.split(',').any(|part| {
            let mut pieces = part.split(';');
            let name = pieces.next().unwrap_or_default().trim();
            let refused = pieces.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    == Some(0.0)
            });
            name.eq_ignore_ascii_case(coding) && !refused
        })
    };
    let extension = file.extension()?.to_str()?;
    let mime = actix_files::file_extension_to_mime(extension);
    for (coding, suffix, encoding) in [
        ("br", "br", header::ContentEncoding::Brotli),
        ("gzip", "gz", header::ContentEncoding::Gzip),
    ] {
        if !accepts(coding) {
            continue;
        }
        let Ok(named) = NamedFile::open(file.with_extension(format!("{extension}.{suffix}")))
        else {
            continue;
        };
        let mut res = named
            .set_content_type(mime)
            .set_content_encoding(encoding)
            .use_last_modified(true)
            .into_response(req);
        let headers = res.headers_mut();
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        return Some(res);
    }
    None
}

async fn file_response(req: &HttpRequest, file: &Path, cache: &'static str) -> HttpResponse {
    match NamedFile::open(file) {
        Ok(named) => {
            let mut res = named.use_last_modified(true).into_response(req);
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            res
        }
        Err(_) => HttpResponse::NotFound().finish(),
    }
}

/// The request path as a relative path inside the static folder, or `None` when it tries to
/// leave it (`..`), names a hidden file, or holds odd characters.
fn safe_relative(path: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for seg in path.split('/').filter(|s| !s.is_empty()) {
        if seg.starts_with('.') || seg.contains(['\\', '\0', ':']) {
            return None;
        }
        out.push(seg);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::safe_relative;
    use std::path::PathBuf;

    #[test]
    fn refuses_to_leave_the_folder() {
        assert_eq!(
            safe_relative("/assets/app-1.js"),
            Some(PathBuf::from("assets/app-1.js"))
        );
        assert_eq!(safe_relative("/"), Some(PathBuf::new()));
        assert_eq!(safe_relative("/../etc/passwd"), None);
        assert_eq!(safe_relative("/.env"), None);
        assert_eq!(safe_relative("/a\\b"), None);
    }
}
