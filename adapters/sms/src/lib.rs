//! SMS adapters for the accounts domain's [`accounts::ports::SmsSender`] port.
//!
//! - [`AliyunSmsSender`]: Aliyun Short Message Service, `SendSms` of the Dysmsapi RPC API
//!   (version 2017-05-25), signed with Signature Version 1.0 (HMAC-SHA1, see [`signature`]).
//! - [`LogSmsSender`]: the development adapter. It sends nothing and writes the code, with the
//!   full number, to the log; it refuses to be built in production.
//!
//! # Phone numbers as Aliyun reads them
//!
//! `PhoneNumbers` carries a +86 number as its 11 national digits (`13800138000`) and a +1
//! number in Aliyun's international form, calling code and number without `+`
//! (`12025550123`).
//!
//! # What is never logged
//!
//! The AccessKey secret and the verification code, by either adapter's production path. The
//! phone number is logged masked (`+86 138****8000`, [`PhoneNumber`]'s `Display`); only
//! [`LogSmsSender`], which exists for development, logs it in full.
//!
//! This crate implements a port and nothing else: it must not depend on the application
//! server, on actix-web, on storage adapters or on other domains.
//!
//! [`PhoneNumber`]: accounts::model::PhoneNumber

mod aliyun;
mod log;
pub mod signature;

pub use aliyun::{AliyunSmsConfig, AliyunSmsSender};
pub use log::{DEVELOPMENT_LOG_TARGET, LogSmsSender, RefusedInProduction};
