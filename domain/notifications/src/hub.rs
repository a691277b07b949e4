//! This instance's open streams, by user: the bus's wake-ups reach them here.
//!
//! A stream holds a [`Slot`]; a wake-up sets the slot's flags and wakes its reader, which then
//! reads the store itself (rows above its last sequence number), so a wake-up carries no data
//! and a lost or repeated one costs a read, never a notification. Dropping a stream (a closed
//! tab) takes its slot out at once.

use crate::model::Wake;
use kernel::UserId;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::Notify;

/// One open stream's mailbox.
#[derive(Debug, Default)]
pub struct Slot {
    id: u64,
    /// Read the store again: the user's notifications or unread count changed.
    pub(crate) dirty: AtomicBool,
    /// A plaza post was published.
    pub(crate) plaza: AtomicBool,
    /// Closed to make room for a newer stream of the same user.
    pub(crate) closed: AtomicBool,
    pub(crate) wake: Notify,
}

impl Slot {
    fn ring(&self) {
        self.wake.notify_one();
    }
}

/// The open streams of this instance.
#[derive(Debug, Default)]
pub struct Hub {
    users: Mutex<HashMap<UserId, Vec<Arc<Slot>>>>,
    next_id: AtomicU64,
}

/// Takes a stream's slot out of the hub when the stream is dropped.
#[derive(Debug)]
pub struct SlotGuard {
    hub: Arc<Hub>,
    user: UserId,
    pub(crate) slot: Arc<Slot>,
}

impl Drop for SlotGuard {
    fn drop(&mut self) {
        self.hub.remove(self.user, self.slot.id);
    }
}

impl Hub {
    /// Opens a slot for `user`. With `cap` slots open already, the oldest is closed (its stream
    /// ends; a browser reconnects only the tabs still open, and each takes the oldest's place).
    pub fn open(self: &Arc<Self>, user: UserId, cap: usize) -> SlotGuard {
        let slot = Arc::new(Slot {
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
            ..Slot::default()
        });
        let mut users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        let slots = users.entry(user).or_default();
        while slots.len() >= cap.max(1) {
            let oldest = slots.remove(0);
            oldest.closed.store(true, Ordering::SeqCst);
            oldest.ring();
        }
        slots.push(slot.clone());
        drop(users);
        SlotGuard {
            hub: self.clone(),
            user,
            slot,
        }
    }

    fn remove(&self, user: UserId, id: u64) {
        let mut users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(slots) = users.get_mut(&user) {
            slots.retain(|s| s.id != id);
            if slots.is_empty() {
                users.remove(&user);
            }
        }
    }

    /// Wakes the streams a wake-up concerns.
    pub fn wake(&self, wake: Wake) {
        let users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        match wake {
            Wake::User(user) => {
                for slot in users.get(&user).into_iter().flatten() {
                    slot.dirty.store(true, Ordering::SeqCst);
                    slot.ring();
                }
            }
            Wake::Plaza => {
                for slot in users.values().flatten() {
                    slot.plaza.store(true, Ordering::SeqCst);
                    slot.ring();
                }
            }
            Wake::Everyone => {
                for slot in users.values().flatten() {
                    slot.dirty.store(true, Ordering::SeqCst);
                    slot.ring();
                }
            }
        }
    }

    /// How many streams are open on this instance.
    pub fn open_streams(&self) -> usize {
        let users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        users.values().map(Vec::len).sum()
    }

    /// How many streams `user` has open on this instance.
    pub fn streams_of(&self, user: UserId) -> usize {
        let users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        users.get(&user).map_or(0, Vec::len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user() -> UserId {
        UserId::new_random()
    }

    #[test]
    fn a_dropped_stream_leaves_the_hub_at_once() {
        let hub = Arc::new(Hub::default());
        let (a, b) = (user(), user());
        let one = hub.open(a, 5);
        let two = hub.open(a, 5);
        let _three = hub.open(b, 5);
        assert_eq!((hub.open_streams(), hub.streams_of(a)), (3, 2));
        drop(one);
        assert_eq!(hub.streams_of(a), 1);
        drop(two);
        assert_eq!((hub.open_streams(), hub.streams_of(a)), (1, 0));
    }

    #[test]
    fn past_the_cap_the_oldest_stream_of_that_user_is_closed() {
        let hub = Arc::new(Hub::default());
        let a = user();
        let first = hub.open(a, 2);
        let second = hub.open(a, 2);
        let third = hub.open(a, 2);
        assert!(first.slot.closed.load(Ordering::SeqCst));
        assert!(!second.slot.closed.load(Ordering::SeqCst));
        assert!(!third.slot.closed.load(Ordering::SeqCst));
        assert_eq!(hub.streams_of(a), 2);
        drop(first);
        assert_eq!(hub.streams_of(a), 2, "the closed one was already out");
    }

    #[test]
    fn a_wake_marks_only_the_streams_it_concerns() {
        let hub = Arc::new(Hub::default());
        let (a, b) = (user(), user());
        let sa = hub.open(a, 5);
        let sb = hub.open(b, 5);
        hub.wake(Wake::User(a));
        assert!(sa.slot.dirty.load(Ordering::SeqCst));
        assert!(!sb.slot.dirty.load(Ordering::SeqCst));
        hub.wake(Wake::Plaza);
        assert!(sa.slot.plaza.load(Ordering::SeqCst) && sb.slot.plaza.load(Ordering::SeqCst));
        hub.wake(Wake::Everyone);
        assert!(sb.slot.dirty.load(Ordering::SeqCst));
    }
}
