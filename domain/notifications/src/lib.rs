//! Notifications (docs/notifications.md): who is told of what, the inbox and its preferences,
//! and the live streams.
//!
//! The other domains say what happened through the kernel's [`kernel::Notifier`] port, after
//! their write is stored. [`NotificationsService`] decides who hears of it (not the actor, not
//! someone who turned the kind off or may not read the subject), stores one row per recipient
//! (a like grows one folded row), and then — after the commit, on its own connection — wakes
//! the recipients' streams on every instance through a [`ports::WakeBus`]. A stream reads the
//! rows itself, above the last sequence number it sent, so a reconnect with `Last-Event-ID`
//! resumes with nothing lost and nothing twice.

pub mod error;
pub mod hub;
pub mod local_bus;
pub mod model;
pub mod ports;
pub mod service;

pub use error::NotificationsError;
pub use local_bus::LocalBus;
pub use model::{
    InboxPage, NewNotification, Notification, NotificationView, Preferences, Seq, StreamEvent,
    SubjectView, Wake,
};
pub use service::{NotificationsPolicy, NotificationsPorts, NotificationsService};

#[cfg(test)]
mod tests;
