//! A picture taken tile by tile.

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
    pub(super) fn for_each_row(self, mut row: impl FnMut(usize, std::ops::Range<usize>)) {
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
    pub(super) fn row_count(self) -> usize {
        (self.width.get() as usize).div_ceil(TILE) * self.height as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packed::{Chunked, Packed, CHUNK};

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
}
