//! Values of a byte, kept at the fewest bits their values need.

use super::Chunked;

/// Values `0..=255`, `len` of them, `width` bits each, packed low bits
/// first into bytes (width 0: every value is 0 and nothing is stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed {
    pub(super) width: u8,
    pub(super) len: usize,
    pub(super) data: Vec<u8>,
}

impl Packed {
    /// Packs `values`, each written as its `code`.
    pub fn pack<T: Copy>(values: &[T], code: impl Fn(T) -> u8 + Copy) -> Packed {
        let width = width_of(values, code);
        let data = match width {
            0 => Vec::new(),
            1 => pack_at::<1, T>(values, code),
            2 => pack_at::<2, T>(values, code),
            4 => pack_at::<4, T>(values, code),
            _ => pack_at::<8, T>(values, code),
        };
        Packed {
            width,
            len: values.len(),
            data,
        }
    }

    /// Writes the values back into `out` (its buffer reused), each made
    /// from its code by `value`.
    pub fn unpack_into<T: Copy>(&self, out: &mut Vec<T>, value: impl Fn(u8) -> T + Copy) {
        out.clear();
        out.resize(self.len, value(0));
        match self.width {
            0 => {}
            1 => unpack_at::<1, T>(&self.data, out, value),
            2 => unpack_at::<2, T>(&self.data, out, value),
            4 => unpack_at::<4, T>(&self.data, out, value),
            _ => unpack_at::<8, T>(&self.data, out, value),
        }
    }

    /// The bytes it holds.
    pub fn heap_bytes(&self) -> usize {
        self.data.len()
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

/// A byte a cell of a generator's working state (Prim's and Wilson's in,
/// out, frontier or walk): bytes while it runs, which its steps index
/// directly, and `Packed` in a copy a timeline keeps (`Keep::packed_copy`).
#[derive(Clone, Debug, Default)]
pub struct CellBytes {
    /// A byte a cell; empty while packed.
    bytes: Vec<u8>,
    packed: Option<Chunked>,
}

impl CellBytes {
    /// A running state of these bytes.
    pub fn new(bytes: Vec<u8>) -> CellBytes {
        CellBytes {
            bytes,
            packed: None,
        }
    }

    /// The bytes it holds, packed or not.
    pub fn heap_bytes(&self) -> usize {
        self.bytes_beyond(None)
    }

    /// The bytes it holds that `earlier` (a packed copy kept before it)
    /// does not also hold.
    pub fn bytes_beyond(&self, earlier: Option<&CellBytes>) -> usize {
        let earlier = earlier.and_then(|e| e.packed.as_ref());
        self.bytes.len() + self.packed.as_ref().map_or(0, |p| p.bytes_beyond(earlier))
    }

    /// Packs the bytes away (a kept copy); `unpack` before indexing again.
    pub fn pack(&mut self) {
        if self.packed.is_none() {
            *self = self.packed_after(None);
        }
    }

    /// A packed copy of running bytes, sharing the chunks it holds equal
    /// to `earlier`'s (a packed copy kept before it).
    pub fn packed_after(&self, earlier: Option<&CellBytes>) -> CellBytes {
        let earlier = earlier.and_then(|e| e.packed.as_ref());
        CellBytes {
            bytes: Vec::new(),
            packed: Some(Chunked::new(Packed::pack(&self.bytes, |b| b), earlier)),
        }
    }

    /// Undoes `pack`.
    pub fn unpack(&mut self) {
        if let Some(packed) = self.packed.take() {
            packed.unpack_into(&mut self.bytes, |b| b);
        }
    }
}

impl std::ops::Deref for CellBytes {
    type Target = [u8];

    #[inline(always)]
    fn deref(&self) -> &[u8] {
        &self.bytes
    }
}

impl std::ops::DerefMut for CellBytes {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.bytes
    }
}

/// The fewest bits, 0, 1, 2, 4 or 8, that hold every value's code.
pub(super) fn width_of<T: Copy>(values: &[T], code: impl Fn(T) -> u8) -> u8 {
    match values.iter().fold(0u8, |all, &v| all | code(v)) {
        0 => 0,
        1 => 1,
        2..=3 => 2,
        4..=15 => 4,
        _ => 8,
    }
}

/// Packs `values` `W` bits each into `out`, `8 / W` values a byte, the
/// first in the low bits (bytes as they are where `W` is 8); bytes of `out` past them are left as they are (a tile's row's
/// zeros, `Chunked::tiled`).
pub(super) fn pack_into<const W: usize, T: Copy>(
    values: &[T],
    code: impl Fn(T) -> u8,
    out: &mut [u8],
) {
    if W == 8 {
        for (byte, &v) in out.iter_mut().zip(values) {
            *byte = code(v);
        }
    } else {
        for (byte, chunk) in out.iter_mut().zip(values.chunks(8 / W)) {
            *byte = chunk
                .iter()
                .enumerate()
                .fold(0u8, |byte, (k, &v)| byte | code(v) << (k * W));
        }
    }
}

/// `values` packed `W` bits each.
pub(super) fn pack_at<const W: usize, T: Copy>(values: &[T], code: impl Fn(T) -> u8) -> Vec<u8> {
    let mut data = vec![0; (values.len() * W).div_ceil(8)];
    pack_into::<W, T>(values, code, &mut data);
    data
}

/// Unpacks `out.len()` values of `W` bits from `data` (bytes as they are
/// where `W` is 8), each made from its code by `value`.
pub(super) fn unpack_at<const W: usize, T: Copy>(
    data: &[u8],
    out: &mut [T],
    value: impl Fn(u8) -> T,
) {
    visit_at::<W, T>(data, out, |slot, code| *slot = value(code));
}

/// Hands each of `out.len()` slots its code of `W` bits from `data`
/// (bytes as they are where `W` is 8).
#[inline(always)]
pub(super) fn visit_at<const W: usize, T: Copy>(
    data: &[u8],
    out: &mut [T],
    put: impl Fn(&mut T, u8),
) {
    if W == 8 {
        for (slot, &code) in out.iter_mut().zip(data) {
            put(slot, code);
        }
        return;
    }
    let per = 8 / W;
    let mask = u8::MAX >> (8 - W);
    let last = out.len() / per;
    // Whole bytes first, in chunks of a known length: a loop the compiler
    // unrolls, where chunks of any length kept it a loop of loops.
    let mut whole = out.chunks_exact_mut(per);
    for (chunk, &byte) in (&mut whole).zip(data) {
        for (k, slot) in chunk.iter_mut().enumerate() {
            put(slot, (byte >> (k * W)) & mask);
        }
    }
    let rest = whole.into_remainder();
    if let Some(&byte) = data.get(last).filter(|_| !rest.is_empty()) {
        for (k, slot) in rest.iter_mut().enumerate() {
            put(slot, (byte >> (k * W)) & mask);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(values: &[u8]) -> Packed {
        let packed = Packed::pack(values, |v| v);
        let mut back = vec![7u8; 3];
        packed.unpack_into(&mut back, |c| c);
        assert_eq!(back, values);
        packed
    }

    #[test]
    fn every_width_round_trips_at_every_length() {
        for len in 0..40usize {
            for (top, width, per_byte) in
                [(0u8, 0, 0), (1, 1, 8), (3, 2, 4), (9, 4, 2), (200, 8, 1)]
            {
                let values: Vec<u8> = (0..len).map(|i| (i * 7 % 11) as u8 % (top + 1)).collect();
                let packed = round_trip(&values);
                let used = values.iter().fold(0, |a, &v| a | v);
                if used == top {
                    assert_eq!(packed.width, width, "{values:?}");
                    let bytes = if per_byte == 0 {
                        0
                    } else {
                        len.div_ceil(per_byte)
                    };
                    assert_eq!(packed.heap_bytes(), bytes);
                }
                assert_eq!(packed.len(), len);
            }
        }
    }

    #[test]
    fn the_width_is_the_fewest_that_hold_every_value() {
        assert_eq!(round_trip(&[0, 0, 0]).width, 0);
        assert_eq!(round_trip(&[0, 1, 0]).width, 1);
        assert_eq!(round_trip(&[2, 0, 0]).width, 2);
        assert_eq!(round_trip(&[1, 2, 0]).width, 2);
        assert_eq!(round_trip(&[4, 0, 0]).width, 4);
        assert_eq!(round_trip(&[15, 1]).width, 4);
        assert_eq!(round_trip(&[16]).width, 8);
        assert_eq!(round_trip(&[255, 0, 128]).width, 8);
    }

    #[test]
    fn values_of_another_type_go_through_their_codes() {
        let values = [false, true, true, false, true];
        let packed = Packed::pack(&values, u8::from);
        let mut back = Vec::new();
        packed.unpack_into(&mut back, |c| c != 0);
        assert_eq!(back, values);
    }

    /// A cell state packed takes two bits a cell (values 0 to 2), packing
    /// twice is packing once, and unpacked it is the same bytes.
    #[test]
    fn cell_bytes_pack_to_two_bits_and_back() {
        let bytes: Vec<u8> = (0..1001u32).map(|i| (i * 7 % 3) as u8).collect();
        let mut state = CellBytes::new(bytes.clone());
        assert_eq!(state.heap_bytes(), 1001);
        state.pack();
        state.pack();
        assert_eq!(state.heap_bytes(), 1001_usize.div_ceil(4));
        assert!(state.is_empty(), "no bytes to index while packed");
        state.unpack();
        assert_eq!(&state[..], &bytes[..]);
        assert_eq!(state.heap_bytes(), 1001);
    }
}
