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
        "POST /api/admin/districts",
        "行政区：新增",
        Some(
            "上级行政区须已存在（由代码的形式决定：`510100` 属于 `510000`）；只有省级行政区有瓦片位置。记入审计日志 `district.created`。",
        ),
    ),
    (
        "PUT /api/admin/districts/{code}",
        "行政区：编辑",
        Some(
            "修改名称、驻地坐标和（省级）瓦片位置；代码不可更改。记入审计日志 `district.updated`，并记下修改前的内容。",
        ),
    ),
    (
        "GET /api/admin/districts/export",
        "行政区：导出全部",
        Some(
            "以文件下载返回（`Content-Disposition: attachment`），格式与导入相同，上级在下级之前：原样导入不会有任何更改。",
        ),
    ),
    (
        "POST /api/admin/districts/import",
        "行政区：导入 CSV 或 JSON 文件",
        Some(
            "请求内容就是文件本身：`text/csv`（表头包含 `code`、`name_zh`、`name_en`、`lat`、`lon`，可选 `tile_col`、`tile_row`）或 `application/json`（`DistrictFileEntry` 的数组），最大 2 MiB、5000 行。答复逐行（按文件本身的行号）列出将新增、修改的行，以及被拒绝的行和原因。`dryRun=false` 时，只有没有任何一行被拒绝才会在一个事务中写入：要么全部写入，要么都不写。无法按其格式读取的文件答复 400 `invalid_import_file`（有行号时放在 `detail` 中）。记入审计日志 `district.imported`。",
        ),
    ),
    (
        "GET /api/districts",
        "某上级之下的行政区",
        Some(
            "`parent` 直接管辖的行政区（省的地级市、市的县区），不带 `parent` 时为 34 个省级行政区，按代码排序。",
        ),
    ),
    (
        "GET /api/districts/search",
        "搜索行政区",
        Some(
            "代码以 `q` 开头，或中文名、英文名包含 `q`（英文不区分大小写）的各级行政区，按代码排序。",
        ),
    ),
    ("GET /api/districts/{code}", "某个行政区", None),
];
