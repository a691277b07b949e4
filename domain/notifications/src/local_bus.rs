//! The in-process bus: the embedded default, for one instance (SQLite). Wake-ups go straight to
//! this instance's hub.

use crate::model::Wake;
use crate::ports::WakeBus;
use tokio::sync::broadcast;

/// Wake-ups a slow hub may fall behind by before it reads every stream again.
const CAPACITY: usize = 4096;

#[derive(Debug)]
pub struct LocalBus {
    tx: broadcast::Sender<Wake>,
}

impl Default for LocalBus {
    fn default() -> Self {
        Self {
            tx: broadcast::channel(CAPACITY).0,
        }
    }
}

impl WakeBus for LocalBus {
    fn publish(&self, wakes: Vec<Wake>) {
        for wake in wakes {
            // No receiver yet (the pump starts with the server): nobody to wake.
            let _ = self.tx.send(wake);
        }
    }

    fn subscribe(&self) -> broadcast::Receiver<Wake> {
        self.tx.subscribe()
    }
}
