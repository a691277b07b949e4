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
        "GET /api/admin/words",
        "敏感词表：一页词条",
        Some(
            "按折叠形式排序，可按关键字筛选（以同样方式折叠：`ＦＯＯ` 能找到 `foo`），并给出整个词表的词条数。",
        ),
    ),
    (
        "POST /api/admin/words",
        "敏感词表：新增一个词",
        Some(
            "几秒内所有实例都会用它检查。词语按折叠形式比对（NFKC、小写、去掉标点、符号和空格），所以 `ＦＯＯ` 和 `f-o-o` 就是已列出的 `foo`；拉丁字母和数字的词只匹配完整的词，中文在任何位置都匹配。记入审计日志 `word.added`。",
        ),
    ),
    (
        "DELETE /api/admin/words/{key}",
        "敏感词表：删除一个词",
        Some(
            "删除折叠形式（`key`）所指的词条；折叠后相同的任何写法也指向它。记入审计日志 `word.removed`。",
        ),
    ),
    (
        "POST /api/admin/words/import",
        "敏感词表：导入 CSV 或 TXT 文件",
        Some(
            "请求内容就是文件本身：`text/csv`（每行 `phrase,action[,note]`，可有表头 `phrase`、`action`、`note`）或 `text/plain`（每行一个词，`#` 开头的行是注释，词后加制表符和 `hold` 表示待审核，否则为 `refuse`），最大 2 MiB、20000 个词。答复逐行（按文件本身的行号）列出将新增、修改的行，以及被拒绝的行和原因（使用请求的语言）。导入只新增和修改词条，不删除。`dryRun=false` 时，只有没有任何一行被拒绝才会在一个事务中写入；否则答复 422 `word_import_refused`，被拒绝的行号放在 `detail` 中，不写入任何内容。无法按其格式读取的文件答复 400 `invalid_word_file`（有行号时放在 `detail` 中）；词表将超过 20000 个词时答复 422 `word_list_full`。记入审计日志 `word.imported`。",
        ),
    ),
    (
        "GET /api/admin/words/export",
        "敏感词表：导出全部",
        Some(
            "以文件下载返回（`Content-Disposition: attachment`），格式与导入相同，按词条的折叠形式排序：原样导入不会有任何更改（TXT 不含备注）。",
        ),
    ),
    (
        "POST /api/admin/words/check",
        "敏感词表：检查一段文字",
        Some(
            "按答复的实例当前持有的词表，列出 `text` 中找到的词（词表变化后几秒内每个实例都会重新加载；`version` 说明检查时用的版本），与发帖或改昵称时的检查相同。",
        ),
    ),
];
