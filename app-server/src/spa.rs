//! Serves the built single-page app: files of `frontend/dist` (hashed assets and the build
//! manifests under `/build/meta/` cached for a year, everything else revalidated), `index.html` for any client route, and a JSON 404 for unknown
//! paths under `/api`. A missing asset is a real 404, so the SPA can notice a stale chunk.

use crate::http::error::ApiError;
use actix_files::NamedFile;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct StaticDir(pub PathBuf);

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
    let file = dir.0.join(&relative);
    if !relative.as_os_str().is_empty() && file.is_file() {
        // Hashed assets and a build id's manifest (`/build/meta/<buildId>.json`) never change.
        let cache = if path.starts_with("/assets/") || path.starts_with("/build/meta/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        return Ok(file_response(&req, &file, cache).await);
    }
    // A path that names a file (it has an extension) and is missing is a 404, not the app.
    let looks_like_file = relative.extension().is_some();
    if looks_like_file {
        return Ok(HttpResponse::NotFound()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .finish());
    }
    let index = dir.0.join("index.html");
    if !index.is_file() {
        return Ok(HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE)
            .content_type("text/plain; charset=utf-8")
            .body(
                "The web app is not built yet: run `just build` (or `just run`), then reload.\n",
            ));
    }
    Ok(file_response(&req, &index, "no-cache").await)
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
