//! A fixed-size set of cells, one bit each: the "visited" memory of most
//! generators, an eighth of a byte per cell.

/// A set of integers in `0..len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// An empty set able to hold `0..len`.
    pub fn new(len: usize) -> BitSet {
        BitSet {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// A set from its words (`words`).
    pub fn from_words(words: Vec<u64>) -> BitSet {
        BitSet { words }
    }

    /// Its words, 64 members a word, the lowest bit first.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The bytes it holds.
    pub fn heap_bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline]
    /// Whether `i` is in the set.
    pub fn contains(&self, i: u32) -> bool {
        self.words[(i >> 6) as usize] & (1 << (i & 63)) != 0
    }

    #[inline]
    /// Adds `i`.
    pub fn insert(&mut self, i: u32) {
        self.words[(i >> 6) as usize] |= 1 << (i & 63);
    }

    #[inline]
    /// Takes `i` out.
    pub fn remove(&mut self, i: u32) {
        self.words[(i >> 6) as usize] &= !(1 << (i & 63));
    }
}
