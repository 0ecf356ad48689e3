//! Lists in chunks a later copy shares where they are equal.

use super::CHUNK;
use std::sync::Arc;

/// Values held in chunks of `CHUNK` bytes, each shared with an earlier
/// copy's chunk at the same place where the two are equal: what a
/// timeline's checkpoints hold of a list that changes in a few places
/// between them is mostly the one before's, kept once. A bucket queue's
/// buckets grow at their ends and are taken from at the lightest one, so
/// most of a late checkpoint's queue is the checkpoint before's.
#[derive(Clone, Debug, Default)]
pub struct Shared<T> {
    len: usize,
    pub(super) chunks: Vec<Arc<[T]>>,
}

impl<T: Copy + PartialEq> Shared<T> {
    /// Values a chunk holds: `CHUNK` bytes' worth.
    const PER_CHUNK: usize = if std::mem::size_of::<T>() == 0 {
        CHUNK
    } else {
        CHUNK.div_ceil(std::mem::size_of::<T>())
    };

    /// `values` in chunks, sharing each that equals the chunk at the same
    /// place in `earlier`.
    pub fn new(values: &[T], earlier: Option<&Shared<T>>) -> Shared<T> {
        let chunks = values
            .chunks(Self::PER_CHUNK)
            .enumerate()
            .map(|(i, part)| match earlier.and_then(|e| e.chunks.get(i)) {
                Some(same) if **same == *part => Arc::clone(same),
                _ => Arc::from(part),
            })
            .collect();
        Shared {
            len: values.len(),
            chunks,
        }
    }

    /// The values again, in order.
    pub fn to_vec(&self) -> Vec<T> {
        let mut values = Vec::with_capacity(self.len);
        for chunk in &self.chunks {
            values.extend_from_slice(chunk);
        }
        values
    }

    /// The bytes it holds that `earlier` does not also hold (all of them
    /// without one): chunks are shared only with the copy just before, so
    /// with each copy counted against the one before it, the sum is what
    /// their chunks take.
    pub fn bytes_beyond(&self, earlier: Option<&Shared<T>>) -> usize {
        self.own_chunks(earlier)
            .map(std::mem::size_of_val::<[T]>)
            .sum()
    }

    /// Its chunks that are not `earlier`'s at the same place.
    fn own_chunks<'a>(&'a self, earlier: Option<&'a Shared<T>>) -> impl Iterator<Item = &'a [T]> {
        self.chunks
            .iter()
            .enumerate()
            .filter_map(move |(i, chunk)| {
                let shared = earlier
                    .and_then(|e| e.chunks.get(i))
                    .is_some_and(|same| Arc::ptr_eq(same, chunk));
                (!shared).then_some(&**chunk)
            })
    }

    /// The bytes beyond its values' that it holds and `earlier` does not:
    /// its list of chunks, and each chunk's counts that it does not share
    /// (a picture's chunks, a kilobyte each, leave it out).
    pub fn overhead_beyond(&self, earlier: Option<&Shared<T>>) -> usize {
        // An `Arc`'s two counts, and its allocation padded to their
        // alignment.
        let counts = 2 * std::mem::size_of::<usize>();
        let align = std::mem::align_of::<usize>().max(std::mem::align_of::<T>());
        let own: usize = self
            .own_chunks(earlier)
            .map(|chunk| {
                let bytes = std::mem::size_of_val::<[T]>(chunk);
                (counts + bytes).next_multiple_of(align) - bytes
            })
            .sum();
        self.chunks.capacity() * std::mem::size_of::<Arc<[T]>>() + own
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        self.len == other.len && self.chunks == other.chunks
    }
}

impl<T: Eq> Eq for Shared<T> {}

/// Lists of values (a bucket queue's buckets) as a kept copy holds them:
/// each list in chunks shared with the same list of the copy kept before
/// (`Shared`).
#[derive(Clone, Debug, Default)]
pub struct SharedLists<T> {
    lists: Vec<Shared<T>>,
}

impl<T: Copy + PartialEq> SharedLists<T> {
    /// `lists` kept, each sharing what it can with the same list in
    /// `earlier`.
    pub fn new(lists: &[Vec<T>], earlier: Option<&SharedLists<T>>) -> SharedLists<T> {
        SharedLists {
            lists: lists
                .iter()
                .enumerate()
                .map(|(i, list)| Shared::new(list, earlier.and_then(|e| e.lists.get(i))))
                .collect(),
        }
    }

    /// The lists again.
    pub fn expand(&self) -> Vec<Vec<T>> {
        self.lists.iter().map(Shared::to_vec).collect()
    }

    /// The bytes it holds that `earlier` does not also hold: values,
    /// chunks' counts and the lists of chunks.
    pub fn bytes_beyond(&self, earlier: Option<&SharedLists<T>>) -> usize {
        let lists = self.lists.iter().enumerate();
        std::mem::size_of_val::<[Shared<T>]>(&self.lists)
            + lists
                .map(|(i, list)| {
                    let same = earlier.and_then(|e| e.lists.get(i));
                    list.bytes_beyond(same) + list.overhead_beyond(same)
                })
                .sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists kept in shared chunks give back their values; a copy of lists
    /// that only grew at their ends shares every full chunk of the one
    /// before and counts only its new ends, and a list changed at its
    /// start shares nothing of that list.
    #[test]
    fn shared_lists_give_back_their_values_and_share_what_only_grew() {
        let per = Shared::<u32>::PER_CHUNK;
        let lists: Vec<Vec<u32>> = (0..5u32)
            .map(|k| (0..k * 300 + 7).map(|i| i * 31 + k).collect())
            .collect();
        let first = SharedLists::new(&lists, None);
        assert_eq!(first.expand(), lists);
        let mut grown = lists.clone();
        for (k, list) in grown.iter_mut().enumerate() {
            list.push(k as u32);
        }
        let later = SharedLists::new(&grown, Some(&first));
        assert_eq!(later.expand(), grown);
        // Each list's last chunk is new (a full one gets a new one after
        // it); the rest are the first copy's.
        let new_values: usize = grown.iter().map(|l| (l.len() - 1) % per + 1).sum();
        let own_counts: usize = later
            .lists
            .iter()
            .zip(&first.lists)
            .map(|(l, f)| l.overhead_beyond(Some(f)))
            .sum();
        assert_eq!(
            later.bytes_beyond(Some(&first)),
            std::mem::size_of_val::<[Shared<u32>]>(&later.lists) + new_values * 4 + own_counts
        );
        assert!(later.bytes_beyond(Some(&first)) * 3 < later.bytes_beyond(None));
        let mut changed = grown.clone();
        changed[4][0] += 1;
        let other = SharedLists::new(&changed, Some(&later));
        // Only its first chunk (a full one) is its own.
        assert!(changed[4].len() > per);
        assert_eq!(other.lists[4].bytes_beyond(Some(&later.lists[4])), per * 4);
        assert_eq!(other.lists[3].bytes_beyond(Some(&later.lists[3])), 0);
    }
}
