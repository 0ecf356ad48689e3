//! A list taken in a lazily shuffled order that every copy of a run shares.
//!
//! A lazy Fisher-Yates shuffle swaps a random one of the items not yet
//! taken into place just before it is taken. Kept as one list per copy, a
//! timeline's checkpoint would hold the whole list again (every swap lands
//! anywhere in what is left, so two copies differ everywhere), and a big
//! maze's budget would hold a single checkpoint. But every copy of a run
//! draws the same swaps from the same generator state, so the order is the
//! same in all of them: it is worked out once, a chunk at a time as the
//! copy furthest along first needs it, and every copy reads the same
//! chunks. A copy holds its place in the order and a copy of the chunk it
//! reads.
//!
//! The order is exactly the lazy shuffle's: the same draws (`below` of the
//! items left, in turn) and the same swaps in one list, only made a chunk
//! ahead.

use crate::rng::Rng;
use std::sync::{Arc, Mutex};

/// Items placed at a time: 256 KB of codes, one lock a chunk.
const CHUNK: usize = 1 << 16;

/// The order, placed as far as any copy has asked.
struct Order {
    /// The items: those before `placed` in their shuffled order, the rest
    /// still to be drawn from.
    items: Vec<u32>,
    placed: usize,
    /// The shuffle's generator, from the state the run hands it as the
    /// shuffle begins (`begin`); `None` before.
    rng: Option<Rng>,
}

impl Order {
    /// Places items until `end` are in place (or all are).
    fn place_until(&mut self, end: usize) {
        let rng = self
            .rng
            .as_mut()
            .expect("the shuffle begins before its first item is taken");
        let len = self.items.len();
        for i in self.placed..end.min(len) {
            // A Fisher-Yates swap: the item at `i` is drawn from all not
            // yet placed.
            let j = i + rng.below((len - i) as u32) as usize;
            self.items.swap(i, j);
        }
        self.placed = self.placed.max(end.min(len));
    }
}

/// A copy's view of the shared order: where it is, and a copy of the chunk
/// there (placed items never change, so a copy may keep them).
#[derive(Clone)]
pub struct SharedShuffle {
    order: Arc<Mutex<Order>>,
    /// The chunk last read, and its index (`usize::MAX` for none).
    chunk: Vec<u32>,
    chunk_index: usize,
    len: usize,
}

impl SharedShuffle {
    /// `items` in their order before the shuffle.
    pub fn new(items: Vec<u32>) -> SharedShuffle {
        let len = items.len();
        SharedShuffle {
            order: Arc::new(Mutex::new(Order {
                items,
                placed: 0,
                rng: None,
            })),
            chunk: Vec::new(),
            chunk_index: usize::MAX,
            len,
        }
    }

    /// Begins the shuffle with `rng` as it stands: the first copy to get
    /// here hands it over; every later one holds the same state.
    pub fn begin(&self, rng: &Rng) {
        let mut order = lock(&self.order);
        if order.rng.is_none() {
            order.rng = Some(rng.clone());
        }
    }

    /// The item at `position` in the shuffled order, if there is one.
    #[inline]
    pub fn get(&mut self, position: usize) -> Option<u32> {
        if position >= self.len {
            return None;
        }
        let index = position / CHUNK;
        if index != self.chunk_index {
            self.load(index);
        }
        Some(self.chunk[position % CHUNK])
    }

    #[cold]
    fn load(&mut self, index: usize) {
        let (start, end) = (index * CHUNK, ((index + 1) * CHUNK).min(self.len));
        let mut order = lock(&self.order);
        order.place_until(end);
        self.chunk.clear();
        self.chunk.extend_from_slice(&order.items[start..end]);
        self.chunk_index = index;
    }

    /// A copy without its own copy of a chunk (a kept copy reads it again
    /// when it runs).
    pub fn without_chunk(&self) -> SharedShuffle {
        SharedShuffle {
            order: Arc::clone(&self.order),
            chunk: Vec::new(),
            chunk_index: usize::MAX,
            len: self.len,
        }
    }

    /// The bytes it holds of its own (the order is every copy's).
    pub fn heap_bytes(&self) -> usize {
        self.chunk.capacity() * std::mem::size_of::<u32>()
    }
}

/// The order, locked. Nothing in placing panics, so a lock poisoned by a
/// panic elsewhere is taken over as it is.
fn lock(order: &Mutex<Order>) -> std::sync::MutexGuard<'_, Order> {
    order
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lazy shuffle as one list: swap a random one of the rest into
    /// place, take it.
    fn lazy_order(items: &[u32], mut rng: Rng) -> Vec<u32> {
        let mut list = items.to_vec();
        let mut out = Vec::new();
        for i in 0..list.len() {
            let j = i + rng.below((list.len() - i) as u32) as usize;
            list.swap(i, j);
            out.push(list[i]);
        }
        out
    }

    #[test]
    fn every_copy_reads_the_lazy_shuffles_order() {
        for len in [0usize, 1, 2, 7, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17] {
            let items: Vec<u32> = (0..len as u32).map(|i| i * 3 + 1).collect();
            let rng = Rng::new(len as u64 + 5);
            let expected = lazy_order(&items, rng.clone());
            let mut first = SharedShuffle::new(items.clone());
            first.begin(&rng);
            // A copy that reads ahead, then the first, then one made late.
            let mut ahead = first.clone();
            let read = |s: &mut SharedShuffle, from: usize| -> Vec<u32> {
                (from..).map_while(|i| s.get(i)).collect()
            };
            assert_eq!(read(&mut ahead, 0), expected, "{len} items, ahead");
            assert_eq!(read(&mut first, 0), expected, "{len} items, behind");
            let mut late = first.clone();
            let from = len / 2;
            assert_eq!(read(&mut late, from), expected[from..], "{len} items, late");
            let mut sorted = expected.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, items, "a permutation of {len} items");
        }
    }

    #[test]
    fn a_copy_begun_later_keeps_the_first_state() {
        let items: Vec<u32> = (0..100).collect();
        let rng = Rng::new(9);
        let shuffle = SharedShuffle::new(items.clone());
        shuffle.begin(&rng);
        let mut copy = shuffle.clone();
        copy.begin(&Rng::new(10));
        let order: Vec<u32> = (0..100).map_while(|i| copy.get(i)).collect();
        assert_eq!(order, lazy_order(&items, rng));
    }
}
