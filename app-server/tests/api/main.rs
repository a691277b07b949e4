#![allow(clippy::unwrap_used, clippy::expect_used)]
//! API tests: the real server on port 0 over a fresh database, once on SQLite and once on
//! PostgreSQL (PostgreSQL is mandatory with CI=true).

mod account_profile;
mod admin_audit;
mod admin_cli;
mod admin_gallery;
mod admin_scopes;
mod ai;
mod article_limits;
mod auth;
mod contract;
mod csv;
mod district_filter;
mod districts;
mod docs_paths;
mod faults;
mod group_transfer;
mod groups;
mod helpers;
mod http_layer;
mod http_structure;
mod integration_state;
mod media_drafts;
mod media_privacy;
mod not_found;
mod phone;
mod platform;
mod plaza;
mod profiles;
mod reauth;
mod sign_in_limits;
mod tokens;
mod upload_gate;
mod username_hold;
mod weather;
mod wechat;
