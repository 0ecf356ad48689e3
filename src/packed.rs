//! A byte a cell, kept at the fewest bits its values need: a timeline
//! checkpoint's walls and marks, and the per-cell states of the generators
//! that keep one (Prim's and Wilson's in, out or on the frontier / walk).
//! And numbers a cell kept as runs (`Runs`), for a kept copy's tree numbers,
//! and values in chunks that later copies share where they are equal
//! (`Shared`): a timeline's pictures packed (`Chunked`), and the bucket
//! queues of the generators that keep one (`SharedLists`).
//!
//! A scene keeps one byte of wall bits and one mark a cell, but a plain
//! square's walls use two bits of theirs and a backtracker's marks one
//! (blank or on the stack), so a snapshot kept byte for byte is mostly
//! zeros. Packed, the same byte budget holds several times as many
//! checkpoints, so a seek replays that many times fewer events. Packing and
//! unpacking are one pass each, with no search: the width is 0, 1, 2, 4
//! or 8 bits, the fewest that hold every value's bits (their OR).

use std::sync::Arc;

/// Values `0..=255`, `len` of them, `width` bits each, packed low bits
/// first into bytes (width 0: every value is 0 and nothing is stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed {
    width: u8,
    len: usize,
    data: Vec<u8>,
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
/// directly, and `Packed` in a copy a timeline keeps (`Stepper::pack`).
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

/// Numbers kept as runs of equal values: a cell's tree or region number,
/// where neighbours along a row mostly share one (growing forest's trees
/// are blobs a few hundred cells across), so a list of runs is a small
/// fraction of a number a cell. Exact: every value comes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Runs<T = u32> {
    /// Each run's value, and the index just past its end.
    values: Vec<T>,
    ends: Vec<u32>,
}

impl<T: Copy + PartialEq> Runs<T> {
    /// The runs of `numbers` (fewer than 2^32 of them).
    pub fn of(numbers: &[T]) -> Runs<T> {
        let mut runs = Runs {
            values: Vec::new(),
            ends: Vec::new(),
        };
        for (i, &n) in numbers.iter().enumerate() {
            if runs.values.last() == Some(&n) {
                *runs.ends.last_mut().expect("a run per value") = i as u32 + 1;
            } else {
                runs.values.push(n);
                runs.ends.push(i as u32 + 1);
            }
        }
        // A kept copy holds them: no room to grow.
        runs.values.shrink_to_fit();
        runs.ends.shrink_to_fit();
        runs
    }

    /// The numbers again.
    pub fn expand(&self) -> Vec<T> {
        let mut numbers = Vec::with_capacity(self.ends.last().map_or(0, |&e| e as usize));
        for (&value, &end) in self.values.iter().zip(&self.ends) {
            numbers.resize(end as usize, value);
        }
        numbers
    }

    /// The bytes it holds.
    pub fn heap_bytes(&self) -> usize {
        self.values.len() * std::mem::size_of::<T>() + self.ends.len() * std::mem::size_of::<u32>()
    }
}

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
    pub(crate) fn chunks(&self) -> &[Arc<[u8]>] {
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

/// Cells a side of a tile has (`Tiles`).
pub const TILE: usize = 64;

/// A picture of `width` x `height` cells taken tile by tile, each tile
/// `TILE` x `TILE` cells row by row: the order a timeline's snapshot packs
/// it in (`Chunked`). Most runs change a compact patch of the maze between
/// two checkpoints (a blob being split, a walk's few hundred cells), and in
/// row order such a patch spans a chunk for each of its rows; in tiles, a
/// chunk for each tile it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiles {
    /// Never 0 (`of`): the niche keeps `Option<Tiles>` the same size.
    width: std::num::NonZeroU32,
    height: u32,
}

impl Tiles {
    /// Tiles for a picture of `cells` numbered row by row, `width` to a
    /// row and `height` rows; `None` where rows are no wider than a tile
    /// (row order is as good) or the cells are not numbered so.
    pub fn of(width: u32, height: u32, cells: usize) -> Option<Tiles> {
        let fits = (width as usize).checked_mul(height as usize) == Some(cells);
        let width = std::num::NonZeroU32::new(width).filter(|w| w.get() as usize > TILE && fits)?;
        Some(Tiles { width, height })
    }

    /// Calls `row` with each tile's rows, in the order the cells are
    /// numbered (row by row, so that a pass over them reads or writes
    /// memory in order), and each one's place in tile order: a tile's rows
    /// are together, and tiles go a row of tiles at a time. Plain loops: a
    /// big picture has a row for every 64 cells.
    #[inline]
    fn for_each_row(self, mut row: impl FnMut(usize, std::ops::Range<usize>)) {
        let (width, height) = (self.width.get() as usize, self.height as usize);
        let across = width.div_ceil(TILE);
        for top in (0..height).step_by(TILE) {
            let deep = TILE.min(height - top);
            for y in top..top + deep {
                let (first, start) = (top * across + (y - top), y * width);
                for tile in 0..across {
                    let left = start + tile * TILE;
                    row(first + tile * deep, left..(left + TILE).min(start + width));
                }
            }
        }
    }

    /// How many tile rows there are (`for_each_row`).
    fn row_count(self) -> usize {
        (self.width.get() as usize).div_ceil(TILE) * self.height as usize
    }
}

/// Values held in chunks of `CHUNK` bytes, each shared with an earlier
/// copy's chunk at the same place where the two are equal: what a
/// timeline's checkpoints hold of a list that changes in a few places
/// between them is mostly the one before's, kept once. A bucket queue's
/// buckets grow at their ends and are taken from at the lightest one, so
/// most of a late checkpoint's queue is the checkpoint before's.
#[derive(Clone, Debug, Default)]
pub struct Shared<T> {
    len: usize,
    chunks: Vec<Arc<[T]>>,
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

/// The fewest bits, 0, 1, 2, 4 or 8, that hold every value's code.
fn width_of<T: Copy>(values: &[T], code: impl Fn(T) -> u8) -> u8 {
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
fn pack_into<const W: usize, T: Copy>(values: &[T], code: impl Fn(T) -> u8, out: &mut [u8]) {
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
fn pack_at<const W: usize, T: Copy>(values: &[T], code: impl Fn(T) -> u8) -> Vec<u8> {
    let mut data = vec![0; (values.len() * W).div_ceil(8)];
    pack_into::<W, T>(values, code, &mut data);
    data
}

/// Unpacks `out.len()` values of `W` bits from `data` (bytes as they are
/// where `W` is 8), each made from its code by `value`.
fn unpack_at<const W: usize, T: Copy>(data: &[u8], out: &mut [T], value: impl Fn(u8) -> T) {
    visit_at::<W, T>(data, out, |slot, code| *slot = value(code));
}

/// Hands each of `out.len()` slots its code of `W` bits from `data`
/// (bytes as they are where `W` is 8).
#[inline(always)]
fn visit_at<const W: usize, T: Copy>(data: &[u8], out: &mut [T], put: impl Fn(&mut T, u8)) {
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

    /// A picture packed tile by tile gives back its values in order, at
    /// every width and on sizes that are and are not multiples of a tile;
    /// only pictures whose rows are wider than a tile and that are
    /// numbered row by row get tiles. A compact patch changed in a big
    /// picture leaves every chunk outside its few tiles shared, where in
    /// row order each of its rows takes a chunk.
    #[test]
    fn tiles_round_trip_and_keep_a_patch_to_few_chunks() {
        for (width, height) in [(65, 1), (65, 3), (130, 70), (200, 64), (129, 129)] {
            let cells = width as usize * height as usize;
            let tiles = Tiles::of(width, height, cells).unwrap();
            for top in [0u8, 1, 3, 9, 200] {
                let values: Vec<u8> = (0..cells).map(|i| (i * 7 % 13) as u8 % (top + 1)).collect();
                let tiled = Chunked::tiled(&values, tiles, |v| v, None);
                let mut back = vec![5u8; 3];
                tiled.unpack_into(&mut back, |c| c);
                assert_eq!(back, values, "{width}x{height} up to {top}");
                let again = Chunked::tiled(&values, tiles, |v| v, Some(&tiled));
                assert_eq!(again.bytes_beyond(Some(&tiled)), 0);
                assert_eq!(again, tiled);
                // Not shared with the same values in order.
                let linear = Chunked::new(Packed::pack(&values, |v| v), None);
                let other = Chunked::tiled(&values, tiles, |v| v, Some(&linear));
                assert_eq!(other.bytes_beyond(Some(&linear)), other.bytes_beyond(None));
            }
        }
        assert_eq!(Tiles::of(64, 100, 6400), None);
        assert_eq!(Tiles::of(100, 100, 9999), None);
        // A 40 x 40 patch of a 4096 x 128 picture, two bits a cell: a
        // chunk is a row, or a tile.
        let (side, rows, patch) = (4096usize, 128usize, 40usize);
        let tiles = Tiles::of(side as u32, rows as u32, side * rows).unwrap();
        let before = vec![2u8; side * rows];
        let mut after = before.clone();
        for y in 40..40 + patch {
            after[y * side + 300..y * side + 300 + patch].fill(3);
        }
        let in_rows = {
            let earlier = Chunked::new(Packed::pack(&before, |v| v), None);
            let later = Chunked::new(Packed::pack(&after, |v| v), Some(&earlier));
            later.bytes_beyond(Some(&earlier)) / CHUNK
        };
        let earlier = Chunked::tiled(&before, tiles, |v| v, None);
        let later = Chunked::tiled(&after, tiles, |v| v, Some(&earlier));
        let in_tiles = later.bytes_beyond(Some(&earlier)) / CHUNK;
        assert_eq!(in_rows, patch, "a chunk for each row of the patch");
        assert_eq!(in_tiles, 4, "a chunk for each tile the patch touches");
        let mut back = Vec::new();
        later.unpack_into(&mut back, |c| c);
        assert!(back == after);
    }

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

    /// Runs give back every number, and take two numbers a run.
    #[test]
    fn runs_give_back_the_numbers() {
        for numbers in [
            vec![],
            vec![5],
            vec![0, 0, 0, 1, 1, 0, 7, 7, 7, 7],
            (0..300u32).map(|i| i / 40 % 3).collect(),
        ] {
            let runs = Runs::of(&numbers);
            assert_eq!(runs.expand(), numbers);
            let count = numbers.windows(2).filter(|w| w[0] != w[1]).count()
                + usize::from(!numbers.is_empty());
            assert_eq!(runs.heap_bytes(), count * 8, "{numbers:?}");
        }
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
