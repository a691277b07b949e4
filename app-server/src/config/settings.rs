//! Every area's settings, found by their type: an area's `settings.rs` implements [`Settings`]
//! for what it reads, its wiring names those types (its line in [`crate::wiring::AREAS`]),
//! and [`crate::startup::configuration`] reads them all at start, before the database is
//! reached. Nothing here names an area: a new one adds no field to [`super::Config`].

use super::env::Env;
use std::any::{Any, TypeId, type_name};
use std::collections::BTreeMap;
use std::fmt;

/// What an area reads from the environment. Its defaults are what an empty environment reads.
pub trait Settings: Clone + Send + Sync + 'static {
    /// # Errors
    /// When a variable is set to something that does not parse, or a setting the environment
    /// needs is missing (the message names the variable, as the loader's do).
    fn read(env: Env<'_>) -> anyhow::Result<Self>;
}

trait AnySettings: Send + Sync {
    fn clone_box(&self) -> Box<dyn AnySettings>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<S: Settings> AnySettings for S {
    fn clone_box(&self) -> Box<dyn AnySettings> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

struct Entry {
    name: &'static str,
    value: Box<dyn AnySettings>,
}

impl Clone for Entry {
    fn clone(&self) -> Self {
        Self {
            name: self.name,
            value: self.value.clone_box(),
        }
    }
}

/// The areas' settings read so far, one value per type.
#[derive(Clone, Default)]
pub struct AreaSettings {
    by_type: BTreeMap<TypeId, Entry>,
}

impl AreaSettings {
    /// Reads `S` from `env` and keeps it (a second read of the same type keeps the first: two
    /// areas may use the same settings).
    ///
    /// # Errors
    /// [`Settings::read`]'s.
    pub fn read<S: Settings>(&mut self, env: Env<'_>) -> anyhow::Result<()> {
        if !self.by_type.contains_key(&TypeId::of::<S>()) {
            self.set(S::read(env)?);
        }
        Ok(())
    }

    /// Keeps `value` in place of what was read (a test's own settings).
    pub fn set<S: Settings>(&mut self, value: S) {
        self.by_type.insert(
            TypeId::of::<S>(),
            Entry {
                name: type_name::<S>(),
                value: Box::new(value),
            },
        );
    }

    /// The settings of type `S`.
    ///
    /// # Panics
    /// When no wired area reads `S` (its wiring does not name it in `settings`): a mistake in
    /// the code, found by the first test that starts the server.
    pub fn get<S: Settings>(&self) -> &S {
        self.by_type
            .get(&TypeId::of::<S>())
            .and_then(|e| e.value.as_any().downcast_ref())
            .unwrap_or_else(|| panic!("{} is not read by any wired area", type_name::<S>()))
    }

    /// The settings of type `S`, to change (a test's).
    ///
    /// # Panics
    /// As [`Self::get`].
    pub fn get_mut<S: Settings>(&mut self) -> &mut S {
        self.by_type
            .get_mut(&TypeId::of::<S>())
            .and_then(|e| e.value.as_any_mut().downcast_mut())
            .unwrap_or_else(|| panic!("{} is not read by any wired area", type_name::<S>()))
    }
}

/// The types read, never their values (a provider's key is among them).
impl fmt::Debug for AreaSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.by_type.values().map(|e| e.name))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct Limit(u32);

    impl Settings for Limit {
        fn read(env: Env<'_>) -> anyhow::Result<Self> {
            Ok(Self(env.num("TEST_LIMIT", 5)?))
        }
    }

    #[test]
    fn settings_are_read_once_found_by_type_and_changed_in_place() {
        let lookup = |k: &str| (k == "TEST_LIMIT").then(|| "7".to_owned());
        let mut s = AreaSettings::default();
        s.read::<Limit>(Env::new(&lookup)).unwrap();
        assert_eq!(s.get::<Limit>(), &Limit(7));
        let empty = |_: &str| None;
        s.read::<Limit>(Env::new(&empty)).unwrap();
        assert_eq!(s.get::<Limit>(), &Limit(7), "the first read is kept");
        s.get_mut::<Limit>().0 = 9;
        assert_eq!(s.clone().get::<Limit>(), &Limit(9));
        assert_eq!(format!("{s:?}"), format!("[{:?}]", type_name::<Limit>()));
    }

    #[test]
    fn a_malformed_value_is_refused_and_an_unread_type_is_a_mistake() {
        let lookup = |k: &str| (k == "TEST_LIMIT").then(|| "many".to_owned());
        let mut s = AreaSettings::default();
        let e = s.read::<Limit>(Env::new(&lookup)).unwrap_err();
        assert!(e.to_string().contains("TEST_LIMIT"), "{e}");
        let unread = std::panic::catch_unwind(|| AreaSettings::default().get::<Limit>().0);
        assert!(unread.is_err());
    }
}
