//! The way back up from a view that waits on something (a worker's answer,
//! a script's load, a timer): it holds a `Mailbox` for its own messages,
//! which the app makes when it mounts the view. Whatever the view sends
//! reaches `App::update` later, as a message; the view never names the app.

use std::rc::Rc;

/// Where a view's messages of type `M` go.
pub(super) struct Mailbox<M>(Option<Rc<dyn Fn(M)>>);

impl<M> Mailbox<M> {
    /// A mailbox that hands each message to `deliver`.
    pub(super) fn new(deliver: impl Fn(M) + 'static) -> Mailbox<M> {
        Mailbox(Some(Rc::new(deliver)))
    }

    /// Sends `message` up (nowhere before the app has mounted the view).
    pub(super) fn send(&self, message: M) {
        if let Some(deliver) = &self.0 {
            deliver(message);
        }
    }
}

impl<M> Clone for Mailbox<M> {
    fn clone(&self) -> Mailbox<M> {
        Mailbox(self.0.clone())
    }
}

impl<M> Default for Mailbox<M> {
    fn default() -> Mailbox<M> {
        Mailbox(None)
    }
}
