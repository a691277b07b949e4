//! The Chinese text of the OpenAPI document: the mechanism that puts it in, every tag's and the
//! API's own description, and the descriptions of the shared schemas (`ErrorBody`, `UserDto`,
//! …) in `openapi_zh_texts.json`. Each area brings its own operations' summaries and
//! descriptions and its schemas' texts (`http/<area>/openapi_zh.rs` and `openapi_zh.json`,
//! through [`Area::openapi_zh`](crate::http::area::Area::openapi_zh)). The English text lives
//! beside each handler; these tables are checked against the document by tests, so an operation
//! without Chinese fails the build's tests, and so does a stale entry.

use crate::http::area::{self, OperationZh, Registered};
use serde_json::Value;
use std::collections::HashMap;

/// The descriptions of the shared schemas' fields: English → Chinese (written once from the
/// English document; a test keeps the tables complete).
const TEXTS_JSON: &str = include_str!("openapi_zh_texts.json");

/// Every area's Chinese text with the shared one: what [`localize`] puts in.
struct Tables {
    operations: Vec<OperationZh>,
    /// English description → Chinese, the shared table's and every area's.
    texts: HashMap<String, String>,
}

impl Tables {
    fn of(areas: &[Registered]) -> Self {
        let parse = |json: &str| -> HashMap<String, String> {
            serde_json::from_str(json).unwrap_or_default()
        };
        let mut texts = parse(TEXTS_JSON);
        let mut operations = Vec::new();
        for area in areas {
            let zh = (area.openapi_zh)();
            operations.extend_from_slice(zh.operations);
            texts.extend(parse(zh.texts));
        }
        Self { operations, texts }
    }
}

/// Every `description` under `value` that the table has, in Chinese.
fn translate_descriptions(value: &mut Value, texts: &HashMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "description"
                    && let Some(zh) = v.as_str().and_then(|en| texts.get(en))
                {
                    *v = Value::from(zh.as_str());
                } else {
                    translate_descriptions(v, texts);
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| translate_descriptions(item, texts)),
        _ => {}
    }
}

pub const INFO: &str = "庭院（Courtyard）的 REST API。每个响应都是带 `success` 标志的 JSON；错误另有稳定的 `code` 和使用请求语言的 `message`（依据 `Accept-Language` 或 `preference_language` Cookie）。用浏览器会话（Cookie）或开发者中心创建的个人访问令牌（`Authorization: Bearer`）调用。";

const METHODS: [&str; 8] = [
    "get", "post", "put", "delete", "patch", "options", "head", "trace",
];

/// The document with its Chinese text: the shared table's and that of every area of `areas`
/// (the route table). Anything the tables lack stays English (the tests keep them complete).
pub fn localize(mut doc: Value, areas: &[Registered]) -> Value {
    let tables = Tables::of(areas);
    let texts = &tables.texts;
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        for (path, item) in paths.iter_mut() {
            for method in METHODS {
                let Some(op) = item.get_mut(method).and_then(Value::as_object_mut) else {
                    continue;
                };
                let key = format!("{} {path}", method.to_uppercase());
                if let Some(parameters) = op.get_mut("parameters") {
                    translate_descriptions(parameters, texts);
                }
                // A response's own words (`Saved`, `A page of groups`); error codes stay.
                if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) {
                    for response in responses.values_mut() {
                        if let Some(zh) = response
                            .get("description")
                            .and_then(Value::as_str)
                            .and_then(|en| texts.get(en))
                        {
                            response["description"] = Value::from(zh.as_str());
                        }
                    }
                }
                if let Some((_, summary, description)) =
                    tables.operations.iter().find(|(k, _, _)| *k == key)
                {
                    op.insert("summary".into(), Value::from(*summary));
                    if let Some(d) = description {
                        op.insert("description".into(), Value::from(*d));
                    }
                }
            }
        }
    }
    if let Some(tags) = doc.get_mut("tags").and_then(Value::as_array_mut) {
        for tag in tags {
            let name = tag.get("name").and_then(Value::as_str).unwrap_or_default();
            if let Some(t) = area::tags(areas).find(|t| t.name == name) {
                tag["description"] = Value::from(t.zh);
            }
        }
    }
    if let Some(schemas) = doc.pointer_mut("/components/schemas") {
        translate_descriptions(schemas, texts);
    }
    if let Some(info) = doc.get_mut("info").and_then(Value::as_object_mut) {
        info.insert("description".into(), Value::from(INFO));
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::{AREAS, ApiDoc};

    fn has_cjk(s: &str) -> bool {
        s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn every_operation_and_tag_has_chinese_text_and_no_entry_is_stale() {
        let en = serde_json::to_value(ApiDoc::openapi_with_routes()).unwrap();
        let zh = localize(en.clone(), AREAS);
        let mut seen = Vec::new();
        for (path, item) in en["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let key = format!("{} {path}", method.to_uppercase());
                let z = &zh["paths"][path][method];
                let summary = z["summary"].as_str().unwrap_or_default();
                assert!(has_cjk(summary), "{key}: no Chinese summary");
                assert_eq!(
                    op.get("description").is_some(),
                    z.get("description").is_some(),
                    "{key}"
                );
                if let Some(d) = z.get("description") {
                    assert!(
                        has_cjk(d.as_str().unwrap()),
                        "{key}: the description is still English"
                    );
                    assert_ne!(Some(d), op.get("description"), "{key}");
                }
                seen.push(key);
            }
        }
        let operations = Tables::of(AREAS).operations;
        for (key, _, _) in &operations {
            assert!(seen.iter().any(|k| k == key), "stale entry {key}");
        }
        assert_eq!(seen.len(), operations.len());
        for tag in zh["tags"].as_array().unwrap() {
            assert!(has_cjk(tag["description"].as_str().unwrap()), "{tag}");
        }
        assert!(has_cjk(zh["info"]["description"].as_str().unwrap()));
    }

    /// Every description of a parameter, a schema or a schema's field, collected with where.
    fn descriptions(doc: &Value) -> Vec<(String, String)> {
        fn walk(v: &Value, at: &str, out: &mut Vec<(String, String)>) {
            match v {
                Value::Object(map) => {
                    for (k, v) in map {
                        match (k.as_str(), v.as_str()) {
                            ("description", Some(text)) => {
                                out.push((at.to_owned(), text.to_owned()))
                            }
                            _ => walk(v, &format!("{at}/{k}"), out),
                        }
                    }
                }
                Value::Array(items) => {
                    for (i, v) in items.iter().enumerate() {
                        walk(v, &format!("{at}/{i}"), out);
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                walk(&op["parameters"], &format!("{method} {path}"), &mut out);
            }
        }
        walk(&doc["components"]["schemas"], "schemas", &mut out);
        out
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn every_parameter_and_schema_description_has_chinese_text() {
        let en = serde_json::to_value(ApiDoc::openapi_with_routes()).unwrap();
        let zh = localize(en.clone(), AREAS);
        let texts = Tables::of(AREAS).texts;
        let english: Vec<String> = descriptions(&zh)
            .into_iter()
            .filter(|(_, text)| !has_cjk(text) && !texts.values().any(|z| z == text))
            .map(|(at, text)| format!("{at}: {text:?}"))
            .collect();
        assert!(
            english.is_empty(),
            "descriptions without Chinese (add them to openapi_zh_texts.json): {english:#?}"
        );
        assert!(texts.len() > 300);
        assert!(!descriptions(&en).is_empty());
        // Every answer that is not a refusal says what it is in Chinese.
        for (path, item) in zh["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                for (status, response) in op["responses"].as_object().unwrap() {
                    if status.starts_with('2') || status.starts_with('3') {
                        let text = response["description"].as_str().unwrap();
                        assert!(
                            has_cjk(text) || texts.values().any(|z| z == text),
                            "{method} {path} {status}: {text:?} (add it to openapi_zh_texts.json)"
                        );
                    }
                }
            }
        }
    }

    /// Each area's table is JSON, and an English text has one home: an area's table when only
    /// that area's document uses it, else the shared one.
    #[test]
    #[allow(clippy::unwrap_used)]
    fn every_table_parses_and_no_text_is_in_two() {
        let mut homes: HashMap<String, &str> = HashMap::new();
        let shared: HashMap<String, String> = serde_json::from_str(TEXTS_JSON).unwrap();
        let tables = std::iter::once(("shared", shared)).chain(AREAS.iter().map(|area| {
            let texts = serde_json::from_str((area.openapi_zh)().texts)
                .unwrap_or_else(|e| panic!("http/{}/openapi_zh.json: {e}", area.name));
            (area.name, texts)
        }));
        for (name, texts) in tables {
            for en in texts.into_keys() {
                if let Some(other) = homes.insert(en.clone(), name) {
                    panic!("{en:?} is in the tables of {other} and {name}");
                }
            }
        }
    }
}
