//! The notifications' settings (`NOTIFICATIONS_*`), read at start by their wiring; every
//! variable is in `docs/configuration.md`.

use crate::config::env::Env;
use crate::config::settings::Settings;
use notifications::NotificationsPolicy;
use std::time::Duration;

/// Which bus wakes the streams of other instances (`NOTIFICATIONS_BUS`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BusChoice {
    /// `postgres` when the database is PostgreSQL, `local` otherwise (the default).
    Auto,
    /// In process: one instance.
    Local,
    /// PostgreSQL `LISTEN`/`NOTIFY` over the product's database.
    Postgres,
    /// Redis pub/sub at `NOTIFICATIONS_REDIS_URL`.
    Redis { url: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationSettings {
    pub policy: NotificationsPolicy,
    pub bus: BusChoice,
}

impl Default for NotificationSettings {
    fn default() -> Self {
        Self {
            policy: NotificationsPolicy::default(),
            bus: BusChoice::Auto,
        }
    }
}

impl Settings for NotificationSettings {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        let d = NotificationsPolicy::default();
        let streams_per_user: usize =
            env.num_in("NOTIFICATIONS_STREAMS_PER_USER", d.streams_per_user, 1..=50)?;
        let keep_alive_secs: u64 = env.num_in(
            "NOTIFICATIONS_KEEP_ALIVE_SECS",
            d.keep_alive.as_secs(),
            1..=300,
        )?;
        let bus = match env.get("NOTIFICATIONS_BUS").as_deref().map(str::trim) {
            None | Some("" | "auto") => BusChoice::Auto,
            Some("local") => BusChoice::Local,
            Some("postgres") => BusChoice::Postgres,
            Some("redis") => BusChoice::Redis {
                url: env.required("NOTIFICATIONS_REDIS_URL", "when NOTIFICATIONS_BUS=redis")?,
            },
            Some(other) => anyhow::bail!(
                "NOTIFICATIONS_BUS must be auto, local, postgres or redis, not {other:?}"
            ),
        };
        Ok(Self {
            policy: NotificationsPolicy {
                streams_per_user,
                keep_alive: Duration::from_secs(keep_alive_secs),
            },
            bus,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::env::read_pairs;

    fn from(pairs: &[(&str, &str)]) -> anyhow::Result<NotificationSettings> {
        read_pairs(pairs, NotificationSettings::read)
    }

    #[test]
    fn the_bus_is_chosen_by_name_and_redis_needs_its_address() {
        assert_eq!(from(&[]).unwrap(), NotificationSettings::default());
        assert_eq!(
            from(&[("NOTIFICATIONS_BUS", "local")]).unwrap().bus,
            BusChoice::Local
        );
        assert_eq!(
            from(&[("NOTIFICATIONS_BUS", "postgres")]).unwrap().bus,
            BusChoice::Postgres
        );
        let redis = from(&[
            ("NOTIFICATIONS_BUS", "redis"),
            ("NOTIFICATIONS_REDIS_URL", "redis://127.0.0.1:6379"),
        ])
        .unwrap();
        assert_eq!(
            redis.bus,
            BusChoice::Redis {
                url: "redis://127.0.0.1:6379".into()
            }
        );
        assert!(from(&[("NOTIFICATIONS_BUS", "redis")]).is_err());
        assert!(from(&[("NOTIFICATIONS_BUS", "kafka")]).is_err());
    }

    #[test]
    fn stream_limits_are_read_within_their_ranges() {
        let s = from(&[
            ("NOTIFICATIONS_STREAMS_PER_USER", "3"),
            ("NOTIFICATIONS_KEEP_ALIVE_SECS", "20"),
        ])
        .unwrap();
        assert_eq!(s.policy.streams_per_user, 3);
        assert_eq!(s.policy.keep_alive, Duration::from_secs(20));
        assert!(from(&[("NOTIFICATIONS_STREAMS_PER_USER", "0")]).is_err());
        assert!(from(&[("NOTIFICATIONS_KEEP_ALIVE_SECS", "9999")]).is_err());
    }
}
