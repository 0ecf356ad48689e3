//! A list that grows in blocks: what a program's log is kept in as the
//! page reads it. A log may run to millions of events: a block list grows
//! without copying what it holds, and leaves no outgrown buffers behind (a
//! doubling `Vec` copies its values at every doubling, and in the
//! browser's module the buffers it outgrew stay part of its memory, too
//! small for the next doubling to reuse).

/// Values a block holds, as a power of two.
const BLOCK_BITS: u32 = 16;

/// Values in order, in blocks of `BLOCK`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Blocks<T> {
    /// Every block but the last holds `BLOCK` values.
    blocks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for Blocks<T> {
    fn default() -> Blocks<T> {
        Blocks {
            blocks: Vec::new(),
            len: 0,
        }
    }
}

impl<T: Copy> Blocks<T> {
    /// Values a block holds.
    pub const BLOCK: usize = 1 << BLOCK_BITS;

    /// No values.
    pub fn new() -> Blocks<T> {
        Blocks::default()
    }

    /// Adds `values` at the end, in order, a block's share at a time.
    pub fn extend(&mut self, mut values: &[T]) {
        while !values.is_empty() {
            if !matches!(self.blocks.last(), Some(block) if block.len() < Self::BLOCK) {
                // The first block as big as it needs (it grows as a `Vec`
                // does, so a short log keeps a short buffer), the later
                // ones whole.
                let whole = if self.blocks.is_empty() {
                    values.len().min(Self::BLOCK)
                } else {
                    Self::BLOCK
                };
                self.blocks.push(Vec::with_capacity(whole));
            }
            let Some(block) = self.blocks.last_mut() else {
                return;
            };
            let (now, rest) = values.split_at((Self::BLOCK - block.len()).min(values.len()));
            block.extend_from_slice(now);
            self.len += now.len();
            values = rest;
        }
    }

    /// The value at `index`, if there is one.
    #[inline]
    pub fn get(&self, index: usize) -> Option<T> {
        let block = self.blocks.get(index >> BLOCK_BITS)?;
        block.get(index & (Self::BLOCK - 1)).copied()
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::Blocks;

    /// Past several blocks, the values read back in order; every full
    /// block but the first was made whole, never grown and copied.
    #[test]
    fn values_in_blocks_read_back_as_added() {
        const BLOCK: usize = Blocks::<i32>::BLOCK;
        let count = 3 * BLOCK + 17;
        let all: Vec<i32> = (0..count as i32).map(|i| i * 7 - 5).collect();
        let mut blocks = Blocks::new();
        assert!(blocks.is_empty());
        for (i, &value) in all.iter().enumerate() {
            blocks.extend(&[value]);
            assert_eq!(blocks.len(), i + 1);
        }
        for i in [0, 1, BLOCK - 1, BLOCK, 2 * BLOCK + 5, count - 1] {
            assert_eq!(blocks.get(i), Some(all[i]), "value {i}");
        }
        assert_eq!(blocks.get(count), None);
        assert_eq!((0..count).map_while(|i| blocks.get(i)).count(), count);
        assert_eq!(blocks.blocks.len(), 4);
        for block in &blocks.blocks[..3] {
            assert_eq!(block.len(), BLOCK);
        }
        // The same values added in slices of every length read back the same.
        for slice in [1, 3, BLOCK - 1, BLOCK, BLOCK + 2, count] {
            let mut extended = Blocks::new();
            for part in all.chunks(slice) {
                extended.extend(part);
            }
            assert_eq!(extended.len(), count, "slices of {slice}");
            for i in [0, BLOCK - 1, BLOCK, 3 * BLOCK, count - 1] {
                assert_eq!(
                    extended.get(i),
                    Some(all[i]),
                    "slices of {slice}: value {i}"
                );
            }
            assert!(
                extended.blocks[1..3]
                    .iter()
                    .all(|b| b.len() == BLOCK && b.capacity() == BLOCK),
                "slices of {slice}: the later blocks made whole"
            );
        }
        for block in &blocks.blocks[1..3] {
            assert_eq!(block.capacity(), BLOCK);
        }
    }
}
