//! The admin overview's picture of the integrations: how this server is set up to reach each
//! outside system, asked once of the services that call them (wired before this, in
//! `wiring::AREAS`).

use super::Wiring;
use accounts::AccountsService;
use chat::ChatService;
use media::MediaService;
use std::sync::Arc;
use system::{ConfiguredIntegrations, SystemService};
use weather::WeatherMapService;
use wechat::service::AccessTokenService;

/// # Errors
/// When an area it asks was not wired before it.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let configured = ConfiguredIntegrations {
        database: w.service::<SystemService>()?.database_kind(),
        sms: w.service::<AccountsService>()?.sms_provider(),
        // Provided only when WeChat is configured (`wiring::wechat`).
        wechat: w.service::<AccessTokenService>().is_ok(),
        llm: w
            .service::<ChatService>()?
            .provider_name()
            .map(str::to_owned),
        weather: w.service::<WeatherMapService>()?.is_enabled(),
        media_store: w.service::<MediaService>()?.store_kind(),
    };
    w.provide(Arc::new(configured));
    Ok(())
}
