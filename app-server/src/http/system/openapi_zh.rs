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
    ("GET /api/docs.json", "本 API 的 OpenAPI 文档", None),
    ("GET /api/health", "健康检查", None),
    (
        "GET /api/health/live",
        "存活检查：进程在应答",
        Some(
            "不触及任何依赖：不访问数据库，也不访问媒体存储。只要服务器的工作线程在应答就返回 200，其他依赖是否宕机都不影响。容器平台的存活探针（liveness probe）指向这里（失败时重启实例）；就绪检查见 `/api/health/ready`。",
        ),
    ),
    (
        "GET /api/health/ready",
        "就绪检查：可以向本实例发送请求",
        Some(
            "同时检查（每项限 2 秒）数据库能否完成一次往返，以及媒体存储能否应答（其目录存在，或其存储桶应答一次对从不写入的键的 `HEAD` 请求：不读、不写、不列出任何对象）。容器平台的就绪探针（readiness probe）或负载均衡器的健康检查指向这里：仅在它返回 200 时向本实例发送请求。服务器开始停止时立即关闭监听端口，此后探针的连接会被拒绝。",
        ),
    ),
];
