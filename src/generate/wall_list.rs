//! Lists of wall codes for Kruskal's shuffle: plain four-byte codes, or
//! codes packed into as many bits as the largest one needs.
//!
//! Hexagons have three walls a cell, so four-byte codes alone cost twelve
//! bytes a cell, and with the sets and the maze seventeen; packed, a
//! million-cell hex maze's walls take 22 bits each (under nine bytes a
//! cell) and the largest, 26. Shapes with two walls a cell keep the plain
//! list, which costs nothing to read.
//!
//! A code is `owner * 8 + side`, but a shape's cells own walls on at most
//! four of their sides (hexagons three, 3D three, 4D four): packed, a code
//! keeps the side's rank among those, two bits, not three (`OwnedSides`). A
//! million-cell 4D maze's four walls a cell then take 22 bits each, not
//! 23, which keeps Kruskal's whole run under 16 bytes a cell.

/// The sides a shape's walls are owned on (`1 << side` for each, as the
/// codes' low three bits say), and so how a code can be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnedSides(pub u8);

/// A fixed-length list of wall codes.
pub trait WallList: Clone + 'static {
    /// `len` zero codes of a shape with `cells` cells whose walls are owned
    /// on `sides`.
    fn zeroed(len: usize, cells: u32, sides: OwnedSides) -> Self;
    fn len(&self) -> usize;
    fn get(&self, i: usize) -> u32;
    fn set(&mut self, i: usize, code: u32);
    /// Keeps the first `len` codes; a copy then takes only those.
    fn truncate(&mut self, len: usize);
    /// The bytes a copy of it takes (a copy holds its codes, not its
    /// spare capacity).
    fn heap_bytes(&self) -> usize;

    /// Copies the code at `from` to `to`.
    #[inline]
    fn copy(&mut self, from: usize, to: usize) {
        self.set(to, self.get(from));
    }
}

impl WallList for Vec<u32> {
    fn zeroed(len: usize, _cells: u32, _sides: OwnedSides) -> Self {
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

    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }

    fn heap_bytes(&self) -> usize {
        <[u32]>::len(self) * std::mem::size_of::<u32>()
    }
}

/// Codes of `bits` bits each, back to back in 64-bit words: the owner,
/// then the side's rank among the owned sides in `side_bits` bits.
#[derive(Clone)]
pub struct PackedCodes {
    words: Vec<u64>,
    bits: u32,
    mask: u64,
    len: usize,
    /// Bits for a side's rank (2 for up to four owned sides, else 3).
    side_bits: u32,
    /// A side's rank, and the side of each rank (four bits each: a shift,
    /// not a load, on the shuffle's path).
    rank: [u8; 8],
    sides: u32,
}

impl PackedCodes {
    /// A code as stored: the owner, and its side's rank.
    #[inline]
    fn stored(&self, code: u32) -> u64 {
        u64::from(((code >> 3) << self.side_bits) | u32::from(self.rank[(code & 7) as usize]))
    }

    /// A code back from how it is stored.
    #[inline]
    fn code(&self, stored: u64) -> u32 {
        let stored = stored as u32;
        let rank = stored & ((1 << self.side_bits) - 1);
        ((stored >> self.side_bits) << 3) | ((self.sides >> (rank * 4)) & 7)
    }
}

impl WallList for PackedCodes {
    fn zeroed(len: usize, cells: u32, sides: OwnedSides) -> Self {
        let owned = sides.0.count_ones();
        let side_bits = if owned <= 4 { 2 } else { 3 };
        let (mut rank, mut side_of) = ([0u8; 8], 0u32);
        let mut next = 0;
        for s in 0..8u8 {
            if owned > 4 {
                rank[s as usize] = s;
                side_of |= u32::from(s) << (4 * s);
            } else if sides.0 & (1 << s) != 0 {
                rank[s as usize] = next;
                side_of |= u32::from(s) << (4 * next);
                next += 1;
            }
        }
        let max_stored = ((cells.max(1) - 1) << side_bits) | ((1 << side_bits) - 1);
        let bits = (32 - max_stored.leading_zeros()).max(1);
        // One spare word, so a code that ends a word can read the next.
        let words = (len * bits as usize).div_ceil(64) + 1;
        PackedCodes {
            words: vec![0; words],
            bits,
            mask: (1u64 << bits) - 1,
            len,
            side_bits,
            rank,
            sides: side_of,
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn get(&self, i: usize) -> u32 {
        self.code(self.raw(i))
    }

    #[inline]
    fn set(&mut self, i: usize, code: u32) {
        self.set_raw(i, self.stored(code));
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
        // The spare word stays.
        self.words
            .truncate((self.len * self.bits as usize).div_ceil(64) + 1);
    }

    fn heap_bytes(&self) -> usize {
        self.words.len() * std::mem::size_of::<u64>()
    }

    /// The shuffle moves codes as stored: no rank is looked up.
    #[inline]
    fn copy(&mut self, from: usize, to: usize) {
        self.set_raw(to, self.raw(from));
    }
}

impl PackedCodes {
    /// The bits stored at `i`: two words read as one 128-bit value, so no
    /// branch on whether a code crosses a word's end (which one in three
    /// does, unpredictably).
    #[inline]
    fn raw(&self, i: usize) -> u64 {
        let at = i * self.bits as usize;
        let (word, shift) = (at / 64, at % 64);
        let pair = u128::from(self.words[word]) | (u128::from(self.words[word + 1]) << 64);
        (pair >> shift) as u64 & self.mask
    }

    /// Stores `value` (at most `bits` bits) at `i`.
    #[inline]
    fn set_raw(&mut self, i: usize, value: u64) {
        let at = i * self.bits as usize;
        let (word, shift) = (at / 64, at % 64);
        let mut pair = u128::from(self.words[word]) | (u128::from(self.words[word + 1]) << 64);
        pair &= !(u128::from(self.mask) << shift);
        pair |= u128::from(value & self.mask) << shift;
        self.words[word] = pair as u64;
        self.words[word + 1] = (pair >> 64) as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_codes_read_back_as_written_across_word_edges() {
        // Every side owned, 4D's four, hexagons' three, one.
        for sides in [0xff_u8, 0b1010_0110, 0b0000_1110, 0b0000_0010] {
            let owned: Vec<u32> = (0..8).filter(|s| sides & (1 << s) != 0).collect();
            for cells in [1u32, 2, 1000, 1 << 20, u32::MAX >> 8] {
                let mut list = PackedCodes::zeroed(300, cells, OwnedSides(sides));
                let code = |i: usize| {
                    let owner = ((i as u64 * 2_654_435_761) % u64::from(cells)) as u32;
                    owner * 8 + owned[i % owned.len()]
                };
                for i in 0..300 {
                    list.set(i, code(i));
                }
                for i in 0..300 {
                    assert_eq!(
                        list.get(i),
                        code(i),
                        "sides {sides:b}, {cells} cells, at {i}"
                    );
                }
                list.copy(297, 3);
                assert_eq!((list.get(3), list.get(297)), (code(297), code(297)));
                assert_eq!(list.get(150), code(150), "neighbours untouched");
                list.truncate(200);
                assert_eq!(list.len(), 200);
                assert_eq!(list.get(199), code(199), "kept codes stay");
                assert_eq!(list.clone().heap_bytes(), list.heap_bytes());
            }
        }
    }

    #[test]
    fn four_owned_sides_take_two_bits_not_three() {
        let cells = 1 << 20;
        assert_eq!(
            PackedCodes::zeroed(1, cells, OwnedSides(0b1010_0110)).bits,
            22
        );
        assert_eq!(
            PackedCodes::zeroed(1, cells, OwnedSides(0b0000_1110)).bits,
            22
        );
        assert_eq!(
            PackedCodes::zeroed(1, cells, OwnedSides(0b1110_0110)).bits,
            23
        );
    }
}
