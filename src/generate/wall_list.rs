//! Lists of wall codes for Kruskal's shuffle: plain four-byte codes, or
//! codes packed into as many bits as the largest one needs.
//!
//! Hexagons have three walls a cell, so four-byte codes alone cost twelve
//! bytes a cell, and with the sets and the maze seventeen; packed, a
//! million-cell hex maze's walls take 23 bits each (under nine bytes a
//! cell) and the largest, 27. Shapes with two walls a cell keep the plain
//! list, which costs nothing to read.

/// A fixed-length list of wall codes.
pub trait WallList: Clone + 'static {
    /// `len` zero codes, each at most `max_code`.
    fn zeroed(len: usize, max_code: u32) -> Self;
    fn len(&self) -> usize;
    fn get(&self, i: usize) -> u32;
    fn set(&mut self, i: usize, code: u32);

    #[inline]
    fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (self.get(i), self.get(j));
        self.set(i, b);
        self.set(j, a);
    }
}

impl WallList for Vec<u32> {
    fn zeroed(len: usize, _max_code: u32) -> Self {
        vec![0; len]
    }

    #[inline]
    fn len(&self) -> usize {
        <[u32]>::len(self)
    }

    #[inline]
    fn get(&self, i: usize) -> u32 {
        self[i]
    }

    #[inline]
    fn set(&mut self, i: usize, code: u32) {
        self[i] = code;
    }

    #[inline]
    fn swap(&mut self, i: usize, j: usize) {
        <[u32]>::swap(self, i, j);
    }
}

/// Codes of `bits` bits each, back to back in 64-bit words.
#[derive(Clone)]
pub struct Packed {
    words: Vec<u64>,
    bits: u32,
    mask: u64,
    len: usize,
}

impl WallList for Packed {
    fn zeroed(len: usize, max_code: u32) -> Self {
        let bits = (32 - max_code.leading_zeros()).max(1);
        // One spare word, so a code that ends a word can read the next.
        let words = (len * bits as usize).div_ceil(64) + 1;
        Packed {
            words: vec![0; words],
            bits,
            mask: (1u64 << bits) - 1,
            len,
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    /// Two words read as one 128-bit value: no branch on whether a code
    /// crosses a word's end (which one in three does, unpredictably).
    #[inline]
    fn get(&self, i: usize) -> u32 {
        let at = i * self.bits as usize;
        let (word, shift) = (at / 64, at % 64);
        let pair = u128::from(self.words[word]) | (u128::from(self.words[word + 1]) << 64);
        ((pair >> shift) as u64 & self.mask) as u32
    }

    #[inline]
    fn set(&mut self, i: usize, code: u32) {
        let at = i * self.bits as usize;
        let (word, shift) = (at / 64, at % 64);
        let mut pair = u128::from(self.words[word]) | (u128::from(self.words[word + 1]) << 64);
        pair &= !(u128::from(self.mask) << shift);
        pair |= u128::from(u64::from(code) & self.mask) << shift;
        self.words[word] = pair as u64;
        self.words[word + 1] = (pair >> 64) as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_codes_read_back_as_written_across_word_edges() {
        for max in [1u32, 7, 1000, (1 << 23) - 1, u32::MAX >> 5] {
            let mut list = Packed::zeroed(300, max);
            let code = |i: usize| ((i as u64 * 2_654_435_761) % (u64::from(max) + 1)) as u32;
            for i in 0..300 {
                list.set(i, code(i));
            }
            for i in 0..300 {
                assert_eq!(list.get(i), code(i), "max {max} at {i}");
            }
            list.swap(3, 297);
            assert_eq!((list.get(3), list.get(297)), (code(297), code(3)));
            assert_eq!(list.get(150), code(150), "neighbours untouched");
        }
    }
}
