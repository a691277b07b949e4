//! The passes that finish the OpenAPI document after utoipa built it from the handlers, on its
//! JSON: what every operation may answer besides its handler's own list (read from the access
//! table's reading of its `security`, so the refusals and the checks cannot disagree), the
//! enums as named components, the `servers` entry and the chat stream's events in a form that
//! OpenAPI 3.1 knows. `ApiDoc::json` runs them after the Chinese text is in place, so the lines
//! they add come in the document's language.

use super::access::{Access, access_of, admits_anonymous};
use super::area::{NamedEnum, Registered, named};
use super::error::SharedCode;
use crate::i18n::Lang;
use serde_json::{Map, Value, json};

const ERROR_BODY: &str = "#/components/schemas/ErrorBody";
const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];

/// Every pass, in order; `areas` name their enums.
pub fn finish(mut doc: Value, lang: Lang, areas: &[Registered]) -> Value {
    servers(&mut doc, lang);
    stream_items(&mut doc, lang);
    declare_refusals(&mut doc, lang);
    let enums: Vec<&'static NamedEnum> = SHARED_ENUMS
        .iter()
        .chain(areas.iter().flat_map(|area| area.enums))
        .collect();
    name_enums(&mut doc, lang, &enums);
    doc
}

fn text(lang: Lang, zh: &str, en: &str) -> String {
    match lang {
        Lang::Zh => zh.to_owned(),
        Lang::En => en.to_owned(),
    }
}

/// One entry: the origin that served the document (every path starts with `/api`).
fn servers(doc: &mut Value, lang: Lang) {
    doc["servers"] = json!([{
        "url": "/",
        "description": text(
            lang,
            "提供本文档的服务器（路径均以 `/api` 开头）",
            "The server that serves this document (every path starts with `/api`)",
        ),
    }]);
}

/// `itemSchema` (one schema per server-sent event) is OpenAPI 3.2: in 3.1 the event's schema
/// is the media type's `schema` (what schemathesis checks each event against, as 3.1 tools
/// read a stream), and `x-itemSchema` keeps the 3.2 meaning for tools that know it.
fn stream_items(doc: &mut Value, lang: Lang) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for item in paths.values_mut() {
        for method in METHODS {
            let Some(responses) = item
                .get_mut(method)
                .and_then(|op| op.get_mut("responses"))
                .and_then(Value::as_object_mut)
            else {
                continue;
            };
            for response in responses.values_mut() {
                let Some(content) = response.get_mut("content").and_then(Value::as_object_mut)
                else {
                    continue;
                };
                for media in content.values_mut() {
                    let Some(media) = media.as_object_mut() else {
                        continue;
                    };
                    let Some(items) = media.remove("itemSchema") else {
                        continue;
                    };
                    let name = items["$ref"]
                        .as_str()
                        .and_then(|r| r.rsplit('/').next())
                        .unwrap_or("event")
                        .to_owned();
                    media.insert(
                        "schema".into(),
                        json!({
                            "$ref": items["$ref"],
                            "description": text(
                                lang,
                                &format!("服务器发送事件（`text/event-stream`）；每个事件的结构见 `{name}`。"),
                                &format!("Server-sent events (`text/event-stream`); each event is a `{name}`."),
                            ),
                        }),
                    );
                    media.insert("x-itemSchema".into(), items);
                }
            }
        }
    }
}

/// What any operation may answer besides its handler's own list, from its `security` (the
/// access table reads the same), its method and the layers in front of every handler
/// (`startup.rs`): 401 for a bad token, and for no credentials where one is needed; 403
/// `insufficient_scope` (with `requiredScope`) where a token needs a scope, `token_not_allowed`
/// where only a session will do, `cross_origin_request` for a write a browser sent from another
/// site; 503 `database_unavailable`; `Retry-After` on every 429 and 503.
fn declare_refusals(doc: &mut Value, lang: Lang) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        for method in METHODS {
            let Some(op) = item.get_mut(method).and_then(Value::as_object_mut) else {
                continue;
            };
            let id = format!("{} {path}", method.to_uppercase());
            let security = op.get("security").cloned().unwrap_or(Value::Null);
            let access = access_of(&id, &security).unwrap_or(Access::Public);
            let anonymous = admits_anonymous(&security);
            let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) else {
                continue;
            };
            declare(
                responses,
                "401",
                SharedCode::InvalidToken,
                &text(
                    lang,
                    "持有者令牌格式错误、未知、已吊销或已过期",
                    "a bearer token that is malformed, unknown, revoked or expired",
                ),
            );
            match &access {
                Access::Public => {}
                Access::SessionOnly => {
                    declare(
                        responses,
                        "403",
                        SharedCode::TokenNotAllowed,
                        &text(
                            lang,
                            "个人访问令牌：此操作仅限浏览器会话",
                            "a personal access token: this operation takes a browser session only",
                        ),
                    );
                }
                Access::SessionOrToken(scopes) if !scopes.is_empty() => {
                    declare(
                        responses,
                        "403",
                        SharedCode::InsufficientScope,
                        &text(
                            lang,
                            &format!(
                                "令牌缺少 {} 权限范围（`requiredScope` 指明所缺的）",
                                scope_list(scopes)
                            ),
                            &format!(
                                "a token without the scope {} (`requiredScope` names the missing one)",
                                scope_list(scopes)
                            ),
                        ),
                    );
                }
                Access::SessionOrToken(_) => {}
            }
            if !anonymous && access != Access::Public {
                declare(
                    responses,
                    "401",
                    SharedCode::Unauthorized,
                    &text(lang, "未登录", "not signed in"),
                );
            }
            if method != "get" {
                declare(
                    responses,
                    "403",
                    SharedCode::CrossOriginRequest,
                    &text(
                        lang,
                        "浏览器从其他站点发出的写请求（使用令牌的请求不受此限）",
                        "a write a browser sent from another site (requests with a token are exempt)",
                    ),
                );
            }
            let paged = op
                .get("parameters")
                .and_then(Value::as_array)
                .is_some_and(|ps| {
                    ps.iter()
                        .any(|p| p["name"] == "limit" && p["in"] == "query")
                });
            let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) else {
                continue;
            };
            if paged {
                declare(
                    responses,
                    "400",
                    SharedCode::InvalidLimit,
                    &text(lang, "`limit` 不在 1–50 之间", "a `limit` outside 1–50"),
                );
            }
            if path != "/api/docs.json" {
                declare(
                    responses,
                    "503",
                    SharedCode::DatabaseUnavailable,
                    &text(
                        lang,
                        "数据库暂时无法访问；附 `Retry-After`",
                        "the database cannot be reached for a moment; with `Retry-After`",
                    ),
                );
            }
            for status in ["429", "503"] {
                if let Some(response) = responses.get_mut(status) {
                    response["headers"]["Retry-After"] = json!({
                        "description": text(
                            lang,
                            "再次尝试前应等待的秒数（`retryAfter` 与之相同）",
                            "Seconds to wait before trying again (the same as `retryAfter`)",
                        ),
                        "schema": { "type": "integer", "minimum": 0 },
                    });
                }
            }
        }
    }
}

fn scope_list(scopes: &[tokens::model::Scope]) -> String {
    scopes
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Adds `code` to the answer for `status`: to its description when the handler declared that
/// status already (unless it names the code), else as a new answer with an `ErrorBody`.
fn declare(responses: &mut Map<String, Value>, status: &str, code: SharedCode, why: &str) {
    let code = code.as_str();
    let line = format!("`{code}`: {why}");
    match responses.get_mut(status) {
        Some(response) => {
            let description = response["description"].as_str().unwrap_or_default();
            if !description.contains(&format!("`{code}`")) {
                response["description"] = Value::from(if description.is_empty() {
                    line
                } else {
                    format!("{description}; {line}")
                });
            }
        }
        None => {
            responses.insert(
                status.to_owned(),
                json!({
                    "description": line,
                    "content": { "application/json": { "schema": { "$ref": ERROR_BODY } } },
                }),
            );
        }
    }
}

/// The string enums several areas answer with; each area names its own
/// ([`Area::ENUMS`](super::area::Area::ENUMS), in its `rules.rs`). A new one fails the contract
/// test (`every_string_enum_is_a_named_component`) until it is named in one place.
const SHARED_ENUMS: &[NamedEnum] = &[
    named(
        "UserRole",
        &["user", "admin"],
        "账户的站点角色",
        "An account's role on the site",
    ),
    NamedEnum {
        name: "AuditAction",
        values: &["auth.sign_in", "user.disabled", "token.created"],
        grows: true,
        zh: "审计日志中的操作",
        en: "An action of the audit log",
    },
];

fn string_values(schema: &Map<String, Value>) -> Option<(Vec<&str>, bool)> {
    let values = schema.get("enum")?.as_array()?;
    let mut strings = Vec::new();
    let mut null = false;
    for v in values {
        match v {
            Value::String(s) => strings.push(s.as_str()),
            Value::Null => null = true,
            _ => return None,
        }
    }
    (!strings.is_empty()).then_some((strings, null))
}

fn named_for(values: &[&str], enums: &[&'static NamedEnum]) -> Option<&'static NamedEnum> {
    enums.iter().copied().find(|e| {
        if e.grows {
            e.values.iter().all(|v| values.contains(v))
        } else {
            e.values.len() == values.len() && e.values.iter().all(|v| values.contains(v))
        }
    })
}

/// Every string enum written inline becomes a reference to one component per meaning (a
/// nullable one `oneOf` the reference and `null`), so that generated clients get one `Role`
/// type, not `Role1`…`Role8`. An enum this table does not know stays inline.
fn name_enums(doc: &mut Value, lang: Lang, enums: &[&'static NamedEnum]) {
    let mut used: Vec<(&'static NamedEnum, Vec<String>)> = Vec::new();
    if let Some(paths) = doc.get_mut("paths") {
        replace_enums(paths, &mut used, enums);
    }
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for schema in schemas.values_mut() {
        // A component that is itself an enum (`MediaKindDto`) is named already.
        if let Some(object) = schema.as_object()
            && string_values(object).is_some()
        {
            continue;
        }
        replace_enums(schema, &mut used, enums);
    }
    for (e, values) in used {
        schemas.entry(e.name).or_insert_with(|| {
            json!({
                "type": "string",
                "enum": values,
                "description": text(lang, e.zh, e.en),
            })
        });
    }
}

fn replace_enums(
    value: &mut Value,
    used: &mut Vec<(&'static NamedEnum, Vec<String>)>,
    enums: &[&'static NamedEnum],
) {
    match value {
        Value::Object(object) => {
            if let Some((values, null)) = string_values(object)
                && let Some(e) = named_for(&values, enums)
            {
                if !used.iter().any(|(u, _)| u.name == e.name) {
                    used.push((e, values.iter().map(|v| (*v).to_owned()).collect()));
                }
                let reference = json!({ "$ref": format!("#/components/schemas/{}", e.name) });
                for key in ["enum", "type"] {
                    object.remove(key);
                }
                if null {
                    object.insert("oneOf".into(), json!([reference, { "type": "null" }]));
                } else {
                    object.insert("$ref".into(), reference["$ref"].clone());
                }
                return;
            }
            for v in object.values_mut() {
                replace_enums(v, used, enums);
            }
        }
        Value::Array(items) => {
            for v in items {
                replace_enums(v, used, enums);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::AREAS;
    use std::collections::HashSet;

    #[test]
    fn every_named_enum_has_one_name_and_one_set_of_values_across_the_areas() {
        let enums: Vec<&NamedEnum> = SHARED_ENUMS
            .iter()
            .chain(AREAS.iter().flat_map(|area| area.enums))
            .collect();
        assert!(
            enums.len() > SHARED_ENUMS.len(),
            "the areas name their enums"
        );
        let mut names = HashSet::new();
        let mut values = HashSet::new();
        for e in &enums {
            assert!(names.insert(e.name), "{} is named twice", e.name);
            let mut set: Vec<&str> = e.values.to_vec();
            set.sort_unstable();
            assert!(values.insert(set), "{}'s values are another enum's", e.name);
        }
    }

    #[test]
    fn an_inline_enum_becomes_a_reference_to_the_area_enum_that_names_it() {
        let groups = AREAS.iter().find(|a| a.name == "groups").unwrap();
        let enums: Vec<&'static NamedEnum> = groups.enums.iter().collect();
        let mut doc = json!({
            "paths": {},
            "components": { "schemas": { "Body": { "type": "object", "properties": {
                "status": { "type": "string", "enum": ["published", "draft"] },
                "other": { "type": "string", "enum": ["a", "b"] },
            } } } }
        });
        name_enums(&mut doc, Lang::En, &enums);
        let body = &doc["components"]["schemas"]["Body"]["properties"];
        assert_eq!(
            body["status"]["$ref"], "#/components/schemas/ArticleStatus",
            "{doc:#}"
        );
        assert_eq!(
            body["other"]["enum"],
            json!(["a", "b"]),
            "unknown enums stay inline"
        );
        assert_eq!(
            doc["components"]["schemas"]["ArticleStatus"]["description"],
            "An article's state"
        );
    }
}
