//! The weather map's endpoint.

use super::dto::WeatherMapResponse;
use crate::http::error::ApiError;
use actix_web::http::header::CACHE_CONTROL;
use actix_web::{HttpResponse, get, web};
use weather::WeatherMapService;

#[utoipa::path(
    tag = "plaza",
    summary = "The weather map",
    description = "Every province with its place on the tile map (`tile`) and its weather: current conditions and a 3-day forecast from a keyless forecast API (Open-Meteo), shared by every server and refreshed at most every 15 minutes by one of them. When the provider fails, the last readings come with `stale: true` and their `asOf`; with none at all, `available: false`. Either way the answer is 200. Show `attribution` with the data.",
    responses(
        (status = 200, description = "The map", body = WeatherMapResponse),
    ),
    security((), ("session" = []), ("bearer" = ["plaza:read"]))
)]
#[get("/plaza/weather")]
pub async fn weather_map(weather: web::Data<WeatherMapService>) -> Result<HttpResponse, ApiError> {
    let view = weather
        .provinces()
        .await
        .map_err(|weather::WeatherError::Unexpected(cause)| ApiError::internal(&cause))?;
    Ok(HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "no-cache"))
        .json(WeatherMapResponse::from(&view)))
}
