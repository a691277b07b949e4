//! The Chinese text of this area's part of the OpenAPI document (`Accept-Language: zh`): its
//! operations' summaries and descriptions here, and the descriptions of its parameters, schemas
//! and fields in `openapi_zh.json` (English → Chinese). `http/openapi_zh.rs` applies them; its
//! tests fail on an operation without Chinese, a stale entry or an English description left.

use crate::http::area::{OpenApiZh, OperationZh};

pub const OPENAPI_ZH: OpenApiZh = OpenApiZh {
    operations: OPERATIONS,
    texts: include_str!("openapi_zh.json"),
};

/// `METHOD /path` → (summary, description). A description is `None` exactly where the English
/// operation has none.
const OPERATIONS: &[OperationZh] = &[
    (
        "POST /api/media/keep",
        "保留草稿中的上传",
        Some(
            "说明这些上传（最多 9 个）仍在提问者的草稿里：清理任务会删除 `MEDIA_SWEEP_AFTER_SECONDS` 内没有被使用的上传，对这些上传改为从现在起计时。`kept` 是其中属于提问者且尚未使用的上传，在 `keepUntil` 之前不会被清理；`missing` 是其余的——已不存在（被清理或被管理员删除）、属于别人（与不存在的一样对待，相当于 404）或已用在动态里——草稿应当去掉它们。每人有频率限制（`RATE_MEDIA_KEEPS_PER_USER`）。",
        ),
    ),
    (
        "GET /api/media/{id}",
        "图片",
        Some(
            "已去除元数据的重新编码版本。公开小组的图片任何人都可缓存（`Cache-Control: public`）；私密小组的图片只提供给活跃成员（`private, no-store`），对其他人与不存在的文件一样返回 404。管理员隐藏的图片对管理员以外的所有人返回 404（管理员可取得任何文件，`private, no-store`）。",
        ),
    ),
    (
        "GET /api/media/{id}/thumbnail",
        "图片缩略图",
        Some("JPEG，长边最多 `MEDIA_THUMB_MAX_EDGE` 像素；谁能查看与原图相同。"),
    ),
];
