//! Serving stored images.

use super::dto::{ImageFile, KeepUploadsRequest, KeepUploadsResponse};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{MaybeSignedIn, SignedIn, path_id};
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use kernel::MediaId;
use media::{MediaService, Variant};

/// How long a cache may keep a file anyone may read before it asks again. The content of an id
/// never changes, but whether it may be read does (an admin hides it, its group turns private,
/// it is deleted): after this long a cache must revalidate (`If-None-Match`), and we answer 304
/// only while the file is still readable by anyone, so a hidden or deleted image stops being
/// served within a minute (docs/architecture.md, "Media").
const PUBLIC_MAX_AGE_SECS: u32 = 60;

async fn serve(
    req: &HttpRequest,
    media: &MediaService,
    me: &MaybeSignedIn,
    raw_id: &str,
    variant: Variant,
) -> Result<HttpResponse, ApiError> {
    let id: MediaId = path_id(raw_id)?;
    // An admin sees every file, hidden ones too (the admin gallery's thumbnails); a token only
    // within its admin scopes.
    let file = match me.role(tokens::model::Access::Read) {
        Some(kernel::Role::Admin) => media.read_as_admin(id, variant).await?,
        _ => media.read(me.user_id(), id, variant).await?,
    };
    let etag = format!(
        "\"{}-{}\"",
        id.0.simple(),
        match variant {
            Variant::Original => "o",
            Variant::Thumbnail => "t",
        }
    );
    let cache = if file.public {
        format!("public, max-age={PUBLIC_MAX_AGE_SECS}, must-revalidate")
    } else {
        "private, no-store".to_owned()
    };
    let unchanged = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut res = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((CACHE_CONTROL, cache))
        .insert_header((ETAG, etag))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .insert_header(("Content-Security-Policy", "default-src 'none'; sandbox"));
    if unchanged {
        return Ok(res.finish());
    }
    Ok(res
        .insert_header((CONTENT_TYPE, file.content_type))
        .body(file.bytes))
}

#[utoipa::path(
    tag = "media",
    summary = "A stored image",
    description = "Re-encoded without metadata. A public group's images are cacheable by anyone for a minute (`Cache-Control: public, max-age=60, must-revalidate`, then revalidated by `ETag`, so a hidden or deleted image stops being served within a minute); a private group's are served to its active members only (`private, no-store`) and are 404 to everyone else, as a missing file is. An image an admin hid is 404 to everyone but admins (who get every file, `private, no-store`).",
    params(("id" = uuid::Uuid, Path, description = "The image's id")),
    responses(
        (status = 200, description = "The image", content(
            (ImageFile = "image/jpeg"), (ImageFile = "image/png"), (ImageFile = "image/webp"), (ImageFile = "image/gif")
        )),
        (status = 304, description = "Not modified (`If-None-Match`)"),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/media/{id}")]
pub async fn media_original(
    req: HttpRequest,
    media: web::Data<MediaService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    serve(&req, &media, &me, &id, Variant::Original).await
}

#[utoipa::path(
    tag = "media",
    summary = "A stored image's thumbnail",
    description = "A JPEG at most `MEDIA_THUMB_MAX_EDGE` pixels on its longer edge; who may read it as for the image.",
    params(("id" = uuid::Uuid, Path, description = "The image's id")),
    responses(
        (status = 200, description = "The thumbnail", content((ImageFile = "image/jpeg"))),
        (status = 304, description = "Not modified (`If-None-Match`)"),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security((), ("session" = []), ("bearer" = ["groups:read"]))
)]
#[get("/media/{id}/thumbnail")]
pub async fn media_thumbnail(
    req: HttpRequest,
    media: web::Data<MediaService>,
    me: MaybeSignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    serve(&req, &media, &me, &id, Variant::Thumbnail).await
}

#[utoipa::path(
    tag = "media",
    summary = "Keep a draft's uploads",
    description = "Says that these uploads (at most 9) are still in the asker's draft, so the sweep, which removes an upload nothing has used within `MEDIA_SWEEP_AFTER_SECONDS`, counts from now instead of from the upload. `kept` are the asker's unattached uploads among them, safe until `keepUntil`; `missing` are the rest — gone (swept, deleted by an admin), another person's (answered as a missing one is, like a 404) or already in a post — which the draft should drop. Limited per person (`RATE_MEDIA_KEEPS_PER_USER`).",
    request_body = KeepUploadsRequest,
    responses(
        (status = 200, description = "Kept what could be", body = KeepUploadsResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`", body = ErrorBody),
        (status = 422, description = "`too_many_images` (with `fields`)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []))
)]
#[post("/media/keep")]
pub async fn keep_uploads(
    media: web::Data<MediaService>,
    me: SignedIn,
    body: web::Json<KeepUploadsRequest>,
) -> Result<HttpResponse, ApiError> {
    let ids: Vec<MediaId> = body.into_inner().ids.into_iter().map(MediaId).collect();
    let kept = media.keep(me.user.id, &ids).await?;
    Ok(HttpResponse::Ok().json(KeepUploadsResponse::from(kept)))
}
