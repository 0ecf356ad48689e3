//! Packed values in chunks a later copy shares where they are equal.

use super::bits::{pack_into, visit_at, width_of};
use super::{Packed, Shared, Tiles, TILE};

/// Packed values (`Packed`) held in chunks of `CHUNK` bytes, each shared
/// with an earlier copy's chunk where the two are equal: a timeline's
/// checkpoints of a picture that changes in a few places between them (a
/// random walk's late hunt for its last cells, a run row by row) hold
/// mostly what the one before holds, and keep one copy of it.
#[derive(Clone, Debug)]
pub struct Chunked {
    width: u8,
    /// How many values (as many as a maze has cells, a `u32`: so that
    /// the tiles fit where a `usize` would leave padding).
    len: u32,
    /// Packed tile by tile (`Chunked::tiled`), not in order.
    tiles: Option<Tiles>,
    data: Shared<u8>,
}

/// Bytes a chunk: small enough that a change in a few cells keeps most
/// of a picture shared, big enough that its pointer and count are a
/// small share of it.
pub const CHUNK: usize = 1024;

impl Chunked {
    /// `packed`'s values in chunks, sharing each that equals the chunk
    /// at the same place in `earlier` (a copy of as many values as wide).
    pub fn new(packed: Packed, earlier: Option<&Chunked>) -> Chunked {
        let earlier = earlier.filter(|e| {
            e.width == packed.width && e.len as usize == packed.len && e.tiles.is_none()
        });
        Chunked {
            width: packed.width,
            len: packed.len as u32,
            tiles: None,
            data: Shared::new(&packed.data, earlier.map(|e| &e.data)),
        }
    }

    /// `values` (in order) packed tile by tile (`Tiles`), each written as
    /// its `code`, in chunks shared with `earlier`'s where equal. Each
    /// tile's row takes a tile's width of bits, the narrow tiles at the
    /// right edge padded: a chunk then holds whole rows of tiles, and a
    /// row is unpacked straight into its place.
    pub fn tiled<T: Copy>(
        values: &[T],
        tiles: Tiles,
        code: impl Fn(T) -> u8 + Copy,
        earlier: Option<&Chunked>,
    ) -> Chunked {
        let width = width_of(values, code);
        let row = TILE * usize::from(width) / 8;
        let mut data = vec![0; tiles.row_count() * row];
        match width {
            0 => {}
            1 => tiles.for_each_row(|place, cells| {
                pack_into::<1, T>(&values[cells], code, &mut data[place * row..][..row])
            }),
            2 => tiles.for_each_row(|place, cells| {
                pack_into::<2, T>(&values[cells], code, &mut data[place * row..][..row])
            }),
            4 => tiles.for_each_row(|place, cells| {
                pack_into::<4, T>(&values[cells], code, &mut data[place * row..][..row])
            }),
            _ => tiles.for_each_row(|place, cells| {
                pack_into::<8, T>(&values[cells], code, &mut data[place * row..][..row])
            }),
        }
        let earlier = earlier.filter(|e| {
            e.width == width && e.len as usize == values.len() && e.tiles == Some(tiles)
        });
        Chunked {
            width,
            len: values.len() as u32,
            tiles: Some(tiles),
            data: Shared::new(&data, earlier.map(|e| &e.data)),
        }
    }

    /// Writes the values back into `out` (its buffer reused), each made
    /// from its code by `value`.
    pub fn unpack_into<T: Copy>(&self, out: &mut Vec<T>, value: impl Fn(u8) -> T + Copy) {
        out.clear();
        out.resize(self.len as usize, value(0));
        if self.width == 0 {
            return;
        }
        self.merge_into(out, |slot, code| *slot = value(code));
    }

    /// Hands each value of `out` (as many as it holds) its code, to
    /// `merge` into it: a second plane of bits laid over values already
    /// unpacked, with no buffer of its own.
    pub fn merge_into<T: Copy>(&self, out: &mut [T], merge: impl Fn(&mut T, u8) + Copy) {
        debug_assert_eq!(out.len(), self.len as usize, "a plane of another size");
        if self.width == 0 {
            out.iter_mut().for_each(|slot| merge(slot, 0));
            return;
        }
        if let Some(tiles) = self.tiles {
            let row = TILE * usize::from(self.width) / 8;
            let chunks = &self.data.chunks;
            let data = |place: usize| &chunks[place * row / CHUNK][place * row % CHUNK..][..row];
            match self.width {
                1 => {
                    tiles.for_each_row(|p, cells| visit_at::<1, T>(data(p), &mut out[cells], merge))
                }
                2 => {
                    tiles.for_each_row(|p, cells| visit_at::<2, T>(data(p), &mut out[cells], merge))
                }
                4 => {
                    tiles.for_each_row(|p, cells| visit_at::<4, T>(data(p), &mut out[cells], merge))
                }
                _ => {
                    tiles.for_each_row(|p, cells| visit_at::<8, T>(data(p), &mut out[cells], merge))
                }
            }
            return;
        }
        let per_chunk = CHUNK * 8 / usize::from(self.width);
        for (slots, chunk) in out.chunks_mut(per_chunk).zip(&self.data.chunks) {
            match self.width {
                1 => visit_at::<1, T>(chunk, slots, merge),
                2 => visit_at::<2, T>(chunk, slots, merge),
                4 => visit_at::<4, T>(chunk, slots, merge),
                _ => visit_at::<8, T>(chunk, slots, merge),
            }
        }
    }

    /// The bytes it holds that `earlier` does not also hold (all of them
    /// without one): with each checkpoint counted against the one before,
    /// a timeline's sum is what its chunks take.
    pub fn bytes_beyond(&self, earlier: Option<&Chunked>) -> usize {
        self.data.bytes_beyond(earlier.map(|e| &e.data))
    }

    /// The bytes beyond its values' that it holds and `earlier` does not
    /// (`Shared::overhead_beyond`).
    pub fn overhead_beyond(&self, earlier: Option<&Chunked>) -> usize {
        self.data.overhead_beyond(earlier.map(|e| &e.data))
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
impl Chunked {
    /// Its chunks, for a test to see what is shared.
    pub(crate) fn chunks(&self) -> &[std::sync::Arc<[u8]>] {
        &self.data.chunks
    }
}

impl PartialEq for Chunked {
    fn eq(&self, other: &Chunked) -> bool {
        self.width == other.width
            && self.len == other.len
            && self.tiles == other.tiles
            && self.data == other.data
    }
}

impl Eq for Chunked {}

#[cfg(test)]
mod tests {
    use super::*;

    /// In chunks, every width gives its values back; a copy of the same
    /// values shares every chunk and counts no byte beyond the earlier
    /// one; a change shares all but its chunk; other widths share none.
    #[test]
    fn chunks_round_trip_and_share_what_is_equal() {
        for (top, len) in [
            (0u8, 5000usize),
            (1, 20_000),
            (3, 9000),
            (9, 5000),
            (200, 3000),
            (3, 0),
        ] {
            let values: Vec<u8> = (0..len).map(|i| (i * 7 % 13) as u8 % (top + 1)).collect();
            let chunked = Chunked::new(Packed::pack(&values, |v| v), None);
            let mut back = vec![9u8; 2];
            chunked.unpack_into(&mut back, |c| c);
            assert_eq!(back, values, "width for {top}");
            let whole = Packed::pack(&values, |v| v).heap_bytes();
            assert_eq!(chunked.bytes_beyond(None), whole);
            let again = Chunked::new(Packed::pack(&values, |v| v), Some(&chunked));
            assert_eq!(again.bytes_beyond(Some(&chunked)), 0);
            assert_eq!(again, chunked);
            if top == 0 || len == 0 {
                continue;
            }
            let mut changed = values.clone();
            let at = len * 2 / 3;
            changed[at] = if changed[at] == 0 { 1 } else { 0 };
            let one = Chunked::new(Packed::pack(&changed, |v| v), Some(&chunked));
            let chunk_len = one.data.chunks[at * usize::from(one.width) / 8 / CHUNK].len();
            assert_eq!(
                one.bytes_beyond(Some(&chunked)),
                chunk_len,
                "width for {top}"
            );
            one.unpack_into(&mut back, |c| c);
            assert_eq!(back, changed);
            let wider: Vec<u8> = values.iter().map(|&v| v | 16).collect();
            let other = Chunked::new(Packed::pack(&wider, |v| v), Some(&chunked));
            assert_eq!(other.bytes_beyond(Some(&chunked)), other.bytes_beyond(None));
        }
    }
}
