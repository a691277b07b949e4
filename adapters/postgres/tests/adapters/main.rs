#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The SQL adapter's tests: every port's `# Errors` contract, on a fresh SQLite file and a fresh
//! PostgreSQL database per test (PostgreSQL is mandatory with `CI=true`). One test binary, one
//! module per domain's repositories; what they share is in `support`, the schema's down/up round
//! trip in `migrations`.

mod blocks;
mod chat;
mod districts;
mod groups;
mod integration_state;
mod media;
mod migrations;
mod notifications;
mod plans;
mod plaza;
mod profiles;
mod replies;
mod reports;
mod repositories;
mod search;
mod support;
mod tokens;
mod weather;
mod wechat;
mod word_list;
