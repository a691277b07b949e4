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
const OPERATIONS: &[OperationZh] = &[(
    "GET /api/plaza/weather",
    "天气地图",
    Some(
        "每个省级行政区在瓦片地图上的位置（`tile`）及其天气：来自免密钥天气预报 API（Open-Meteo）的当前天气和未来 3 天预报，所有服务器共用，最多每 15 分钟由其中一台刷新一次。天气服务出错时，返回上次的数据，附 `stale: true` 和数据时间 `asOf`；一条数据都没有时 `available: false`。两种情况都答复 200。展示数据时请同时展示 `attribution`。",
    ),
)];
