//! The maze as a graph over a grid: cells are nodes, openings are edges.
//!
//! A cell is a `u32` index `y * width + x`. Each wall between two cells is
//! stored once, as a bit of the cell to its west or north, so a maze costs one
//! byte per cell. The outer border is always a wall; entrances are drawn by
//! the renderers, not stored here.

use crate::shape::{square_wall_bit, Cell, Dims, Dir, Neighbors, Shape, Topology, MAX_SIDE};
use crate::shape::{EAST_OPEN, SOUTH_OPEN};
use crate::union_find::UnionFind;
use crate::weights::Costs;

/// Woven squares: a passage runs under this cell from west to east
/// (joining the cells on either side), or from north to south.
pub const UNDER_EW: u8 = 4;
/// On a woven square: a passage runs north-south under the cell.
pub const UNDER_NS: u8 = 8;

/// A maze: its shape and one byte of wall bits per cell (each cell stores
/// the walls it owns; see `Topology::owned_walls`). On a plain square a
/// cell owns its east and south walls, and the tuned square paths below run.
#[derive(Clone)]
pub struct Grid {
    shape: Shape,
    /// The dimensions of a plain square (no wrap, no mask): its fast paths.
    square: Option<Dims>,
    /// Columns and rows of the numbering (for polar: outer ring by rings).
    dims: Dims,
    bits: Vec<u8>,
    /// Whether a tunnel was ever opened (a woven square): only then do
    /// neighbour queries look for passages under the cells around.
    woven: bool,
    /// A weighted maze's cost per cell (`weights`); `None`: every cell
    /// costs one move.
    costs: Option<Costs>,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.shape == other.shape && self.bits == other.bits && self.costs == other.costs
    }
}

impl Eq for Grid {}

impl Grid {
    /// A plain square grid with every wall up.
    pub fn closed(dims: Dims) -> Grid {
        Grid::closed_shape(Shape::square(dims))
    }

    /// A plain square grid with every interior wall down (the start of
    /// wall-adding algorithms).
    pub fn open(dims: Dims) -> Grid {
        Grid::open_shape(Shape::square(dims))
    }

    /// A maze of any shape with every wall up.
    pub fn closed_shape(shape: Shape) -> Grid {
        let (w, h) = shape.size();
        let dims = shape.square_dims().unwrap_or_else(|| {
            Dims::new(w.clamp(1, MAX_SIDE), h.clamp(1, MAX_SIDE)).expect("clamped")
        });
        Grid {
            square: shape.plain_square(),
            dims,
            bits: vec![0; shape.cells() as usize],
            shape,
            woven: false,
            costs: None,
        }
    }

    /// A maze of any shape with every wall between cells down.
    pub fn open_shape(shape: Shape) -> Grid {
        let mut grid = Grid::closed_shape(shape);
        if let Some(d) = grid.square {
            // Row by row, without a call per wall: recursive division starts
            // from this, and the general loop below weighed on its build.
            let w = d.width as usize;
            for (y, row) in grid.bits.chunks_exact_mut(w).enumerate() {
                let south = if y + 1 < d.height as usize {
                    SOUTH_OPEN
                } else {
                    0
                };
                row.fill(EAST_OPEN | south);
                row[w - 1] = south;
            }
            return grid;
        }
        for cell in 0..grid.shape.cells() {
            if grid.shape.is_cell(cell) {
                let mut owned = 0;
                grid.shape.owned_walls(cell, &mut |bit, _| owned |= bit);
                grid.bits[cell as usize] = owned;
            }
        }
        grid
    }

    /// The maze's shape.
    #[inline]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The plain square's dimensions, if the maze is one.
    #[inline]
    pub fn square(&self) -> Option<Dims> {
        self.square
    }

    /// Columns and rows: a square's, hex's or triangle's own; for polar,
    /// the outer ring's cells by the rings (the numbering is the shape's).
    #[inline]
    pub fn dims(&self) -> Dims {
        self.dims
    }

    #[inline]
    /// The width in cells (columns; cells in the outer ring on polar mazes).
    pub fn width(&self) -> u32 {
        self.dims.width
    }

    #[inline]
    /// The height in cells (rows; rings on polar mazes).
    pub fn height(&self) -> u32 {
        self.dims.height
    }

    /// The number of cell indices (masked ones included).
    #[inline]
    pub fn cells(&self) -> u32 {
        self.bits.len() as u32
    }

    /// Whether two cells share a wall.
    #[inline]
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        match self.square {
            Some(d) => d.adjacent(a, b),
            None => self.shape.adjacent(a, b),
        }
    }

    /// The cell that owns the wall between `a` and `b`, and the bit it uses.
    /// The square's case stays small enough to inline into every caller's
    /// loop; other shapes take the call.
    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> (usize, u8) {
        let Some(d) = self.square else {
            return self.shape_wall_slot(a, b);
        };
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        // `open_neighbors` counts on no row's last cell opening east.
        debug_assert!(hi != lo + 1 || d.width == 1 || (lo + 1) % d.width != 0);
        match square_wall_bit(d.width, lo, hi) {
            Some(bit) => (lo as usize, bit),
            // Two apart in a line (a woven square's tunnel): the bit of the
            // cell it passes under.
            None => self.tunnel_slot(d, lo, hi),
        }
    }

    #[inline(never)]
    fn tunnel_slot(&self, d: Dims, lo: Cell, hi: Cell) -> (usize, u8) {
        if hi == lo + 2 * d.width {
            ((lo + d.width) as usize, UNDER_NS)
        } else if hi == lo + 2 && lo % d.width + 2 < d.width {
            ((lo + 1) as usize, UNDER_EW)
        } else {
            panic!("cells {lo} and {hi} are neither adjacent nor two apart in a line")
        }
    }

    /// The cell a tunnel between `a` and `b` (two apart in a line on a
    /// plain square) passes under, if they are so placed.
    pub fn tunnel_under(&self, a: Cell, b: Cell) -> Option<Cell> {
        let d = self.square?;
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        if d.width > 0 && hi == lo + 2 * d.width {
            Some(lo + d.width)
        } else if hi == lo + 2 && lo % d.width + 2 < d.width {
            Some(lo + 1)
        } else {
            None
        }
    }

    /// Whether a woven square has any tunnel.
    #[inline]
    pub fn is_woven(&self) -> bool {
        self.woven
    }

    #[inline(never)]
    fn shape_wall_slot(&self, a: Cell, b: Cell) -> (usize, u8) {
        let (owner, bit) = self
            .shape
            .wall_slot(a, b)
            .unwrap_or_else(|| panic!("cells {a} and {b} are not adjacent"));
        (owner as usize, bit)
    }

    /// Whether the wall between two adjacent cells is open.
    #[inline]
    pub fn is_open_between(&self, a: Cell, b: Cell) -> bool {
        let (slot, bit) = self.wall_slot(a, b);
        self.bits[slot] & bit != 0
    }

    /// Whether the side of a square cell is open (the border never is;
    /// across a wrapped edge it may be). Square mazes only.
    #[inline]
    pub fn is_open(&self, cell: Cell, dir: Dir) -> bool {
        if self.square.is_none() {
            return match self.shape.sides(cell).as_slice()[dir as usize] {
                Some(n) => self.is_open_between(cell, n),
                None => false,
            };
        }
        match dir {
            Dir::E => self.bits[cell as usize] & EAST_OPEN != 0,
            Dir::S => self.bits[cell as usize] & SOUTH_OPEN != 0,
            Dir::N => {
                cell >= self.dims.width
                    && self.bits[(cell - self.dims.width) as usize] & SOUTH_OPEN != 0
            }
            Dir::W => {
                cell % self.dims.width != 0 && self.bits[(cell - 1) as usize] & EAST_OPEN != 0
            }
        }
    }

    /// About the bytes it holds (its wall bits; a mask is shared).
    pub fn heap_bytes(&self) -> usize {
        self.bits.len()
    }

    /// Becomes a copy of `other`, reusing its own buffer when it can (a
    /// timeline's seek restores a snapshot this way).
    pub fn copy_from(&mut self, other: &Grid) {
        self.shape.clone_from(&other.shape);
        self.square = other.square;
        self.dims = other.dims;
        self.bits.clone_from(&other.bits);
        self.woven = other.woven;
        self.costs.clone_from(&other.costs);
    }

    /// The maze with a cost on each cell (`costs` of its shape's cells),
    /// or with none.
    pub fn with_costs(mut self, costs: Option<Costs>) -> Grid {
        self.set_costs(costs);
        self
    }

    /// Weighs the maze in place (or unweighs it).
    pub fn set_costs(&mut self, costs: Option<Costs>) {
        debug_assert!(costs
            .as_ref()
            .is_none_or(|c| c.as_slice().len() == self.bits.len()));
        self.costs = costs;
    }

    /// Each cell's cost, on a weighted maze.
    #[inline]
    pub fn costs(&self) -> Option<&Costs> {
        self.costs.as_ref()
    }

    /// What entering `cell` costs: its weight, or one move.
    #[inline]
    pub fn cost(&self, cell: Cell) -> u32 {
        self.costs.as_ref().map_or(1, |c| c.of(cell))
    }

    /// Its wall bits, a byte a cell, and whether a tunnel was ever
    /// opened: what a timeline's snapshot keeps of it.
    pub(crate) fn wall_bytes(&self) -> (&[u8], bool) {
        (&self.bits, self.woven)
    }

    /// Puts back wall bits a snapshot kept (`wall_bytes` of a grid of the
    /// same shape): `fill` rewrites the buffer in place.
    pub(crate) fn restore_wall_bytes(&mut self, fill: impl FnOnce(&mut Vec<u8>), woven: bool) {
        let cells = self.bits.len();
        fill(&mut self.bits);
        debug_assert_eq!(self.bits.len(), cells, "a snapshot of another shape");
        self.woven = woven;
    }

    /// A plain square's width and wall bits, taken out for a loop that
    /// writes them directly (`record::Tally`); `put_square_bits` hands them
    /// back. Other shapes keep theirs (`None`).
    pub(crate) fn take_square_bits(&mut self) -> Option<(u32, Vec<u8>)> {
        let d = self.square?;
        Some((d.width, std::mem::take(&mut self.bits)))
    }

    pub(crate) fn put_square_bits(&mut self, bits: Vec<u8>) {
        self.bits = bits;
    }

    /// Opens or closes the wall between two adjacent cells; returns whether
    /// that changed anything.
    #[inline]
    pub fn set_open(&mut self, a: Cell, b: Cell, open: bool) -> bool {
        let (slot, bit) = self.wall_slot(a, b);
        // Bits 2 and 3 are tunnels on squares only (other shapes own more walls).
        if bit & (UNDER_EW | UNDER_NS) != 0 && self.square.is_some() {
            self.woven = true;
        }
        let before = self.bits[slot];
        let after = if open { before | bit } else { before & !bit };
        self.bits[slot] = after;
        before != after
    }

    /// The neighbours reachable through an opening, in the shape's
    /// clockwise order (N, E, S, W on squares). A plain square's case is
    /// inlined into the caller's loop, so the list stays in registers (a
    /// list returned from a call is written and read back through memory,
    /// which stalled breadth-first passes); other shapes take the call.
    #[inline(always)]
    pub fn open_neighbors(&self, cell: Cell) -> Neighbors {
        match self.square {
            Some(d) if !self.woven => self.square_open_neighbors(d.width, cell),
            _ => self.open_neighbors_by_shape(cell),
        }
    }

    #[inline(never)]
    fn open_neighbors_by_shape(&self, cell: Cell) -> Neighbors {
        let mut out = Neighbors::new();
        let Some(d) = self.square else {
            // A masked cell is no part of the maze: it has no openings.
            if !self.shape.is_cell(cell) {
                return out;
            }
            // Each side's wall slot comes with its neighbour: no search for
            // the wall (hexagons, rings and triangles found each wall by
            // working out the owner's sides again, seven times a cell).
            let bits = &self.bits;
            self.shape.side_slots(cell, |n, owner, bit| {
                if bits[owner as usize] & bit != 0 {
                    out.push(n);
                }
            });
            return out;
        };
        let mut out = self.square_open_neighbors(d.width, cell);
        self.push_tunnels(d, cell, &mut out);
        out
    }

    /// `open_neighbors` on a square `width` wide, tunnels aside: for a hot
    /// loop that knows its maze is a plain square, inlined there.
    #[inline(always)]
    pub(crate) fn square_open_neighbors(&self, width: u32, cell: Cell) -> Neighbors {
        let mut out = Neighbors::new();
        let w = width;
        if cell >= w && self.bits[(cell - w) as usize] & SOUTH_OPEN != 0 {
            out.push(cell - w);
        }
        let here = self.bits[cell as usize];
        if here & EAST_OPEN != 0 {
            out.push(cell + 1);
        }
        if here & SOUTH_OPEN != 0 {
            out.push(cell + w);
        }
        // No `cell % w` for the west side: the cell before the first of a
        // row ends the row above, and no last cell has its east open, so
        // the bit itself says no (a division would weigh on every search).
        if cell != 0 && self.bits[(cell - 1) as usize] & EAST_OPEN != 0 {
            out.push(cell - 1);
        }
        out
    }

    /// The far ends of the tunnels leaving `cell` (N, E, S, W).
    #[inline(never)]
    fn push_tunnels(&self, d: Dims, cell: Cell, out: &mut Neighbors) {
        let (w, h) = (d.width, d.height);
        let (x, y) = d.xy(cell);
        if y >= 2 && self.bits[(cell - w) as usize] & UNDER_NS != 0 {
            out.push(cell - 2 * w);
        }
        if x + 2 < w && self.bits[(cell + 1) as usize] & UNDER_EW != 0 {
            out.push(cell + 2);
        }
        if y + 2 < h && self.bits[(cell + w) as usize] & UNDER_NS != 0 {
            out.push(cell + 2 * w);
        }
        if x >= 2 && self.bits[(cell - 1) as usize] & UNDER_EW != 0 {
            out.push(cell - 2);
        }
    }

    /// Whether a tunnel passes through `cell`'s `dir` side of a woven
    /// square: under the neighbour there, or from under this cell. Drawn,
    /// that side is a tunnel's mouth, not a wall.
    pub fn tunnel_mouth(&self, cell: Cell, dir: Dir) -> bool {
        let Some(d) = self.square.filter(|_| self.woven) else {
            return false;
        };
        let bit = match dir {
            Dir::N | Dir::S => UNDER_NS,
            Dir::E | Dir::W => UNDER_EW,
        };
        self.bits[cell as usize] & bit != 0
            || d.step(cell, dir)
                .is_some_and(|n| self.bits[n as usize] & bit != 0)
    }

    /// Where leaving `cell` by its side `k` leads: the neighbour when the
    /// wall is open, or on a woven square the far end of a tunnel under the
    /// neighbour; with the side of the cell reached that faces back. `None`
    /// at a wall. What walkers that turn by sides (wall followers, Trémaux,
    /// Pledge, chain) step with, so tunnels are passages to them too.
    #[inline]
    pub fn through(&self, cell: Cell, k: usize) -> Option<(Cell, usize)> {
        if let Some(d) = self.square {
            let dir = Dir::ALL[k];
            let n = d.step(cell, dir)?;
            if self.is_open(cell, dir) {
                return Some((n, (k + 2) % 4));
            }
            if self.woven && self.tunnel_mouth(cell, dir) {
                let far = d.step(n, dir)?;
                if self.is_open_between(cell, far) {
                    return Some((far, (k + 2) % 4));
                }
            }
            return None;
        }
        let n = self.shape.side(cell, k)?;
        if !self.is_open_between(cell, n) {
            return None;
        }
        let back = self.shape.sides(n).index_of(cell)?;
        Some((n, back))
    }

    /// On a woven square, which way a tunnel runs under `cell`: `Some(true)`
    /// west to east, `Some(false)` north to south (the cell itself is then
    /// a bridge over it), `None` if none does.
    pub fn tunnel_beneath(&self, cell: Cell) -> Option<bool> {
        self.square.filter(|_| self.woven)?;
        let b = self.bits[cell as usize];
        if b & UNDER_EW != 0 {
            Some(true)
        } else if b & UNDER_NS != 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Every tunnel of a woven square as (from, under, to), in order.
    pub fn tunnels(&self) -> Vec<(Cell, Cell, Cell)> {
        // (Only a square's bits 2 and 3 are tunnels: see `is_woven`.)
        let Some(d) = self.square.filter(|_| self.woven) else {
            return Vec::new();
        };
        let w = d.width;
        let mut out = Vec::new();
        for (i, &b) in self.bits.iter().enumerate() {
            let c = i as Cell;
            if b & UNDER_EW != 0 {
                out.push((c - 1, c, c + 1));
            }
            if b & UNDER_NS != 0 {
                out.push((c - w, c, c + w));
            }
        }
        out
    }

    /// How many openings a cell has (1 means a dead end).
    #[inline]
    pub fn degree(&self, cell: Cell) -> usize {
        match self.square {
            // Fast path: a plain square's four bits counted, no list made
            // (equal to `open_neighbors(cell).len()`, tested below).
            Some(d) if !self.woven => {
                let w = d.width;
                let here = self.bits[cell as usize];
                usize::from(here & EAST_OPEN != 0)
                    + usize::from(here & SOUTH_OPEN != 0)
                    + usize::from(cell >= w && self.bits[(cell - w) as usize] & SOUTH_OPEN != 0)
                    + usize::from(cell != 0 && self.bits[(cell - 1) as usize] & EAST_OPEN != 0)
            }
            _ => self.open_neighbors(cell).len(),
        }
    }

    /// A byte a cell: `value` for each cell with a passage, 0 for the
    /// rest (what a kept copy of a tree-growing run rebuilds its cells in
    /// the maze from).
    pub fn passage_map(&self, value: u8) -> Vec<u8> {
        let mut map = vec![0; self.cells() as usize];
        match self.square {
            Some(d) if !self.woven => {
                passage_map_square(&self.bits, d.width as usize, value, &mut map)
            }
            _ => self.each_opening(|a, b| {
                map[a as usize] = value;
                map[b as usize] = value;
            }),
        }
        map
    }

    /// Calls `f(a, b)` for every opening, in `opening_pairs`' order,
    /// without the boxed iterator (a verdict on a million cells walks them
    /// all).
    pub fn each_opening(&self, mut f: impl FnMut(Cell, Cell)) {
        match self.square {
            Some(d) if !self.woven => {
                let w = d.width;
                for (i, &b) in self.bits.iter().enumerate() {
                    let c = i as Cell;
                    if b & EAST_OPEN != 0 {
                        f(c, c + 1);
                    }
                    if b & SOUTH_OPEN != 0 {
                        f(c, c + w);
                    }
                }
            }
            _ => self.opening_pairs().for_each(|(a, b)| f(a, b)),
        }
    }

    /// The maze's connected pieces as disjoint sets, tunnels included: what
    /// a kept copy of Kruskal rebuilds its sets from. A plain square's in
    /// one scan (`UnionFind::of_grid`), others' a union a passage.
    pub fn pieces(&self) -> UnionFind {
        let Some(d) = self.square else {
            let mut sets = UnionFind::new(self.cells() as usize);
            self.each_opening(|a, b| {
                sets.union(a, b);
            });
            return sets;
        };
        let (w, bits) = (d.width as usize, &self.bits);
        // On a woven square a cell's west may be a tunnel's far end: under
        // the cell to its west, whose own passage then runs north-south.
        UnionFind::of_grid(
            w,
            d.height as usize,
            |c| {
                let b = bits[c - 1];
                if b & EAST_OPEN != 0 {
                    Some(c - 1)
                } else if b & UNDER_EW != 0 {
                    Some(c - 2)
                } else {
                    None
                }
            },
            |c| {
                let b = bits[c - w];
                if b & SOUTH_OPEN != 0 {
                    Some(c - w)
                } else if b & UNDER_NS != 0 {
                    Some(c - 2 * w)
                } else {
                    None
                }
            },
        )
    }

    /// Takes `other`'s walls (the same maze shape, whatever its drawing):
    /// false, with nothing changed, if the shapes differ.
    pub fn copy_walls_from(&mut self, other: &Grid) -> bool {
        if self.shape != other.shape || self.bits.len() != other.bits.len() {
            return false;
        }
        self.bits.copy_from_slice(&other.bits);
        self.woven = other.woven;
        true
    }

    /// The total number of openings between cells.
    pub fn openings(&self) -> u64 {
        // Eight bytes at a time: a seek's quiet replay counts a 4096 x 4096
        // maze's before and after.
        let words = self.bits.chunks_exact(8);
        let tail = words.remainder().iter().map(|&b| u64::from(b.count_ones()));
        words
            .map(|w| u64::from(u64::from_le_bytes(w.try_into().expect("8 bytes")).count_ones()))
            .chain(tail)
            .sum()
    }

    /// Every opening as a pair (owner, neighbour), in cell order; on squares
    /// `(a, b)` with `a < b`.
    pub fn opening_pairs(&self) -> Box<dyn Iterator<Item = (Cell, Cell)> + '_> {
        if let Some(d) = self.square {
            let w = d.width;
            return Box::new(self.bits.iter().enumerate().flat_map(move |(i, &b)| {
                let c = i as Cell;
                let east = (b & EAST_OPEN != 0).then_some((c, c + 1));
                let south = (b & SOUTH_OPEN != 0).then_some((c, c + w));
                // A tunnel under this cell joins the cells on either side.
                let across = (b & UNDER_EW != 0).then(|| (c - 1, c + 1));
                let down = (b & UNDER_NS != 0).then(|| (c - w, c + w));
                east.into_iter().chain(south).chain(across).chain(down)
            }));
        }
        // Each set bit is an opening the cell owns; its wall code names both
        // cells (bit order is the order `owned_walls` visits them in).
        Box::new(self.bits.iter().enumerate().flat_map(move |(i, &b)| {
            (0..8u32)
                .filter(move |k| b & (1 << k) != 0)
                .map(move |k| self.shape.wall_cells(i as Cell * 8 + k))
        }))
    }

    /// The raw wall bits, one byte a cell (on squares bit 0: east open,
    /// bit 1: south open, and on woven squares bits 2 and 3: a tunnel
    /// under the cell west-east and north-south).
    pub fn raw(&self) -> &[u8] {
        &self.bits
    }
}

/// `Grid::passage_map` on a plain square, a row at a time (marked fast
/// path; tested equal to the general one): a cell has a passage if its
/// own east or south wall is open, or its west neighbour's east, or its
/// north neighbour's south. No closure a passage, and no scattered writes.
fn passage_map_square(bits: &[u8], width: usize, value: u8, map: &mut [u8]) {
    let none = vec![0u8; width];
    let mut above: &[u8] = &none;
    for (row, out) in bits.chunks(width).zip(map.chunks_mut(width)) {
        // Branch-free, so the compiler can do a row several cells at once.
        let own = |x: usize| row[x] & (EAST_OPEN | SOUTH_OPEN) | above[x] & SOUTH_OPEN;
        out[0] = if own(0) != 0 { value } else { 0 };
        for x in 1..row.len() {
            let open = own(x) | row[x - 1] & EAST_OPEN;
            out[x] = if open != 0 { value } else { 0 };
        }
        above = row;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pieces` (one scan on squares, woven ones' tunnels included) gives
    /// the same partition as a union for every opening.
    #[test]
    fn pieces_are_the_partition_of_every_opening() {
        use crate::generate::Params;
        use crate::union_find::UnionFind;
        let labels = |mut sets: UnionFind, cells: u32| -> Vec<u32> {
            let mut first = std::collections::HashMap::new();
            (0..cells)
                .map(|c| *first.entry(sets.find(c)).or_insert(c))
                .collect()
        };
        for (shape, weave) in [("square", false), ("square", true), ("hex", false)] {
            let shape = crate::shape::Shape::parse(shape, "37x23", None).unwrap();
            for (name, seed, braid) in
                [("kruskal", 1, 0), ("backtracker", 2, 30), ("kruskal", 3, 0)]
            {
                let params = Params {
                    weave,
                    braid,
                    ..Params::on(shape.clone(), seed)
                };
                // Halfway through, so that there are many pieces.
                let mut generator =
                    crate::generate::Generator::by_name(name, params, false).unwrap();
                let mut grid = generator.initial_grid();
                let total = generator.clone().count();
                for event in generator.by_ref().take(total / 2) {
                    grid.apply(&event);
                }
                let mut unions = UnionFind::new(grid.cells() as usize);
                grid.each_opening(|a, b| {
                    unions.union(a, b);
                });
                assert_eq!(
                    labels(grid.pieces(), grid.cells()),
                    labels(unions, grid.cells()),
                    "{name} weave {weave} seed {seed}"
                );
            }
        }
    }

    /// The plain square's row-by-row fill opens exactly the walls the
    /// shape owns, as the general loop does for every other shape.
    #[test]
    fn an_open_square_has_every_inner_wall_open() {
        for (w, h) in [(1, 1), (1, 6), (6, 1), (2, 2), (7, 5)] {
            let shape = Shape::square(Dims::new(w, h).unwrap());
            let grid = Grid::open_shape(shape.clone());
            for cell in 0..shape.cells() {
                let mut owned = 0;
                shape.owned_walls(cell, &mut |bit, _| owned |= bit);
                assert_eq!(grid.bits[cell as usize], owned, "{w}x{h} cell {cell}");
            }
            assert_eq!(grid.openings(), u64::from(2 * w * h - w - h));
        }
    }

    /// The square's fast degree and opening walk agree with the general
    /// list and iterator, on generated mazes with loops and on woven ones.
    #[test]
    fn fast_degrees_and_openings_match_the_lists() {
        use crate::generate::{generate, Params};
        let dims = Dims::new(9, 7).unwrap();
        for (name, braid, weave) in [
            ("backtracker", 0, false),
            ("prim", 60, false),
            ("recursive-division", 0, false),
            ("backtracker", 0, true),
        ] {
            let mut woven = false;
            for seed in 0..6 {
                let mut params = Params::new(dims, seed);
                params.braid = braid;
                params.weave = weave;
                let grid = generate(name, params).unwrap();
                woven |= grid.is_woven();
                for cell in 0..grid.cells() {
                    assert_eq!(
                        grid.degree(cell),
                        grid.open_neighbors(cell).len(),
                        "{name} {seed} {cell}"
                    );
                }
                let mut walked = Vec::new();
                grid.each_opening(|a, b| walked.push((a, b)));
                assert_eq!(
                    walked,
                    grid.opening_pairs().collect::<Vec<_>>(),
                    "{name} {seed}"
                );
            }
            assert_eq!(woven, weave, "{name}: a tunnel in some maze if woven");
        }
    }

    #[test]
    fn walls_are_shared_between_neighbours() {
        let dims = Dims::new(3, 2).unwrap();
        let mut grid = Grid::closed(dims);
        assert!(grid.set_open(1, 4, true));
        assert!(!grid.set_open(4, 1, true), "opening twice is no change");
        assert!(grid.is_open(1, Dir::S) && grid.is_open(4, Dir::N));
        assert_eq!(grid.open_neighbors(4).as_slice(), &[1]);
        assert_eq!(grid.openings(), 1);
        assert!(grid.set_open(4, 1, false));
        assert_eq!(grid.openings(), 0);
    }

    #[test]
    fn the_border_is_never_open_and_rows_do_not_wrap() {
        let dims = Dims::new(3, 2).unwrap();
        let grid = Grid::open(dims);
        assert_eq!(grid.openings(), 7);
        assert!(!grid.is_open(2, Dir::E));
        assert!(!grid.is_open(3, Dir::W));
        assert!(!grid.is_open(0, Dir::N));
        assert!(!dims.adjacent(2, 3));
        assert_eq!(dims.neighbors(3).as_slice(), &[0, 4]);
    }

    #[test]
    fn a_one_column_grid_stores_vertical_walls_as_south() {
        let dims = Dims::new(1, 3).unwrap();
        let mut grid = Grid::closed(dims);
        grid.set_open(0, 1, true);
        assert!(grid.is_open(0, Dir::S) && grid.is_open(1, Dir::N));
        assert!(!grid.is_open(0, Dir::E));
        assert_eq!(grid, {
            let mut open = Grid::open(dims);
            open.set_open(1, 2, false);
            open
        });
    }

    /// A plain square's passage map, read a row at a time, is the one
    /// its openings give, on odd sizes, a single row and column included.
    #[test]
    fn a_squares_passage_map_is_the_one_its_openings_give() {
        for (w, h, seed) in [(7, 5, 1), (1, 6, 2), (6, 1, 3), (16, 9, 4)] {
            let params = crate::generate::Params::new(Dims::new(w, h).unwrap(), seed);
            let mut grid = crate::generate::generate("kruskal", params).unwrap();
            // Some cells left without a passage too.
            for c in [0, w * h / 2] {
                for n in grid.open_neighbors(c).as_slice().to_vec() {
                    grid.set_open(c, n, false);
                }
            }
            let mut expected = vec![0; (w * h) as usize];
            grid.each_opening(|a, b| {
                expected[a as usize] = 3;
                expected[b as usize] = 3;
            });
            assert!(grid.square().is_some());
            assert_eq!(grid.passage_map(3), expected, "{w}x{h}");
            assert!(expected.contains(&0));
        }
    }
}
