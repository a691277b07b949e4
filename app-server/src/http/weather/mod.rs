//! The plaza's weather map (`/api/plaza/weather`): every province with its place on the tile map
//! and its cached weather. The rules (the 15-minute cache, one refresh at a time across
//! instances, stale and unavailable readings) are the domain's (`weather::WeatherMap`).

pub mod dto;
pub mod handlers;
