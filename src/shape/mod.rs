//! Shapes: the tilings a maze can be laid over, and what every algorithm
//! needs to know of them, behind one trait, [`Topology`].
//!
//! A shape numbers its cells `0..cells()` and answers, for each cell, its
//! neighbours in a fixed clockwise order (so "turn left" means something to
//! a wall follower on every shape), every side in that order (a border side
//! has no neighbour), and which cell stores the wall between two neighbours:
//! each cell owns up to eight walls, one bit each, so a maze is one byte a
//! cell on every shape.
//!
//! Algorithms are generic over `Topology` and monomorphised: the plain
//! square ([`Dims`]) keeps its tuned loops, and [`Shape`] (square with wrap,
//! polar, hex and triangle, each under an optional mask) serves the rest.
//! Drawing and clicking need the shape's geometry: see [`geometry`].

mod cube;
pub mod geometry;
mod hex;
mod lattice;
mod mask;
mod polar;
mod square;
mod stack;
mod triangle;
mod upsilon;

pub use cube::{Cube, FACE_NAMES};
pub use hex::Hex;
pub use lattice::{square_wall_bit, Cell, Dims, Dir, Few, Neighbors, Sides, Walker, MAX_SIDE};
pub use lattice::{EAST_OPEN, SOUTH_OPEN};
pub use mask::Mask;
pub use polar::Polar;
pub use square::Wrap;
pub use stack::{Place, Stack, MAX_CELLS};
pub use triangle::Triangle;
pub use upsilon::Upsilon;

use crate::error::MazeError;
use crate::rng::Rng;
use std::sync::Arc;

/// What generators, solvers and the maze's storage need of a tiling (a
/// value that can be copied with a run, for its checkpoints).
pub trait Topology: Clone + 'static {
    /// Cell indices run over `0..cells()`; under a mask some are off.
    fn cells(&self) -> u32;

    /// Whether a cell index is a cell of the maze (a mask switches some off).
    #[inline]
    fn is_cell(&self, _cell: Cell) -> bool {
        true
    }

    /// How many cells are on.
    fn live_cells(&self) -> u32 {
        self.cells()
    }

    /// A cell's sides as the tiling lists them (an array, or `Sides`).
    type SideList: AsRef<[Option<Cell>]>;

    /// Every side in clockwise order, with the neighbour across it (`None`
    /// on the outer border, or facing a masked cell): what the rest of a
    /// cell's neighbourhood is worked out from.
    fn side_cells(&self, cell: Cell) -> Self::SideList;

    /// The neighbouring cells, in the shape's clockwise order.
    #[inline]
    fn neighbors(&self, cell: Cell) -> Neighbors {
        neighbors_of(self.side_cells(cell).as_ref())
    }

    /// Every side in clockwise order, with the neighbour across it.
    #[inline]
    fn sides(&self, cell: Cell) -> Sides {
        sides_of(self.side_cells(cell).as_ref())
    }

    /// Each side in clockwise order with the neighbour across it, without
    /// building the whole list (squares step four times).
    #[inline]
    fn for_each_side(&self, cell: Cell, mut visit: impl FnMut(usize, Option<Cell>)) {
        for (k, &side) in self.sides(cell).as_slice().iter().enumerate() {
            visit(k, side);
        }
    }

    /// The neighbour across side `k` of a cell.
    #[inline]
    fn side(&self, cell: Cell, k: usize) -> Option<Cell> {
        self.sides(cell).as_slice().get(k).copied().flatten()
    }

    /// Which cell stores the wall between two neighbours, and its bit.
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)>;

    /// The walls a cell stores: its bit and the neighbour across, up to eight.
    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell));

    /// Each side's neighbour in clockwise order with the slot of the wall
    /// between them (its owner and bit), as `wall_slot` gives it: a maze
    /// reads its open sides from this without searching for each wall.
    /// Tilings whose `wall_slot` searches override it.
    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        self.for_each_side(cell, |_, n| {
            if let Some(n) = n {
                if let Some((owner, bit)) = self.wall_slot(cell, n) {
                    visit(n, owner, bit);
                }
            }
        });
    }

    /// Whether two cells share a wall.
    #[inline]
    fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.wall_slot(a, b).is_some()
    }

    /// A uniformly random neighbour for which `want` holds: draws
    /// `rng.below(k)` over the wanted neighbours in clockwise order.
    #[inline]
    fn random_neighbor(
        &self,
        cell: Cell,
        rng: &mut Rng,
        want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        pick_wanted(self.side_cells(cell).as_ref(), rng, want)
    }

    /// A uniformly random cell (a live one under a mask).
    #[inline]
    fn random_cell(&self, rng: &mut Rng) -> Cell {
        loop {
            let cell = rng.below(self.cells());
            if self.is_cell(cell) {
                return cell;
            }
        }
    }

    /// A random walker standing on `cell`, its coordinates worked out once.
    fn walker(&self, cell: Cell) -> Walker;

    /// A random walk's step: a neighbour drawn uniformly, drawn again
    /// while `live` refuses it (the walker has a neighbour it admits).
    fn walk(&self, walker: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool);

    /// Moves a walker to a uniformly random neighbour (the shape has at
    /// least two connected cells). Always inlined: a walk's step is the
    /// random walks' whole loop, and a call saves and restores six
    /// registers every step.
    #[inline(always)]
    fn step_random(&self, walker: &mut Walker, rng: &mut Rng) {
        self.walk(walker, rng, |_| true);
    }

    /// Whether this type is the plain square (`Dims`), as a constant.
    const PLAIN_SQUARE: bool = false;

    /// Where a cell stands in a numbering that fills in order (rows or
    /// rings numbered one after another): a neighbour with a lower number,
    /// or for a cell with none, a neighbour that has one (its stand-in).
    /// Then the first cell not yet in a growing maze always touches it,
    /// which is how hunt-and-kill hunts in O(1). `None` for every cell of
    /// a shape with no such numbering (a mask).
    #[inline]
    fn lower(&self, _cell: Cell) -> Option<Lower> {
        None
    }

    /// Every wall once as a compact code, in cell order: `owner * 8 + bit
    /// index` (squares: `cell * 2` east, `cell * 2 + 1` south).
    fn for_each_wall_code(&self, mut visit: impl FnMut(u32)) {
        for cell in 0..self.cells() {
            if self.is_cell(cell) {
                self.owned_walls(cell, &mut |bit, _| visit(cell * 8 + bit.trailing_zeros()));
            }
        }
    }

    /// The code `for_each_wall_code` gives the wall between two
    /// neighbours, either way round (`None` if they share no wall): what
    /// turns a side back into the wall a generator weighed.
    #[inline]
    fn wall_code(&self, a: Cell, b: Cell) -> Option<u32> {
        self.wall_slot(a, b)
            .map(|(owner, bit)| owner * 8 + bit.trailing_zeros())
    }

    /// The code of each of a cell's walls (to a live neighbour), side by
    /// side in clockwise order.
    #[inline]
    fn for_each_wall_code_of(&self, cell: Cell, mut visit: impl FnMut(u32)) {
        self.for_each_side(cell, |_, n| {
            if let Some(code) = n.and_then(|n| self.wall_code(cell, n)) {
                visit(code);
            }
        });
    }

    /// How many walls `for_each_wall_code` visits.
    fn wall_count(&self) -> usize {
        let mut count = 0;
        self.for_each_wall_code(|_| count += 1);
        count
    }

    /// The two cells of a wall code.
    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        let bit = 1u8 << (code & 7);
        let mut across = owner;
        self.owned_walls(owner, &mut |b, n| {
            if b == bit {
                across = n;
            }
        });
        (owner, across)
    }

    /// Every pair of neighbours once, as (owner, neighbour) in cell order.
    fn for_each_edge(&self, mut visit: impl FnMut(Cell, Cell)) {
        for cell in 0..self.cells() {
            if self.is_cell(cell) {
                self.owned_walls(cell, &mut |_, n| visit(cell, n));
            }
        }
    }
}

/// A cell's place in a numbering that fills in order (`Topology::lower`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lower {
    /// Cell 0, the first.
    First,
    /// A neighbour numbered lower.
    Neighbor(Cell),
    /// No neighbour is numbered lower, but this one is and has one (a
    /// triangle pointing up at a row's start: the one east of it).
    StandIn(Cell),
}

impl Lower {
    /// `Neighbor` for a lower neighbour, else `First`.
    #[inline]
    pub fn neighbor_or_first(lower: Option<Cell>) -> Lower {
        lower.map_or(Lower::First, Lower::Neighbor)
    }
}

/// The neighbours among a list of sides, in order.
#[inline]
pub(crate) fn neighbors_of(sides: &[Option<Cell>]) -> Neighbors {
    let mut out = Neighbors::new();
    for n in sides.iter().flatten() {
        out.push(*n);
    }
    out
}

/// A list of sides as `Sides`.
#[inline]
pub(crate) fn sides_of(sides: &[Option<Cell>]) -> Sides {
    let mut out = Sides::new();
    for &side in sides {
        out.push(side);
    }
    out
}

/// A uniformly random wanted cell among `sides`, drawn as the default
/// `random_neighbor` draws (`below(k)` over the wanted ones in order), but
/// with the candidates in a bit mask in a register rather than a list.
#[inline]
pub(crate) fn pick_wanted(
    sides: &[Option<Cell>],
    rng: &mut Rng,
    mut want: impl FnMut(Cell) -> bool,
) -> Option<Cell> {
    let mut mask = 0u32;
    for (i, side) in sides.iter().enumerate() {
        if let Some(c) = *side {
            if want(c) {
                mask |= 1 << i;
            }
        }
    }
    sides[pick_in_mask(mask, rng)?]
}

/// The place of a uniformly drawn set bit of `mask` (`below(count)`, the
/// k-th set bit from the lowest), or `None` for an empty mask: the draw
/// every `random_neighbor` makes over its wanted sides, whatever way it
/// found them.
#[inline]
pub(crate) fn pick_in_mask(mut mask: u32, rng: &mut Rng) -> Option<usize> {
    if mask == 0 {
        return None;
    }
    let mut k = rng.below(mask.count_ones());
    while k > 0 {
        mask &= mask - 1;
        k -= 1;
    }
    Some(mask.trailing_zeros() as usize)
}

/// The wall between two neighbours as tilings with no cheaper rule store
/// it: in the lower-numbered cell, on the bit of its side facing the other.
pub(crate) fn slot_by_lower<T: Topology>(shape: &T, a: Cell, b: Cell) -> Option<(Cell, u8)> {
    let (lo, hi) = (a.min(b), a.max(b));
    if lo == hi || hi >= shape.cells() {
        return None;
    }
    let sides = shape.side_cells(lo);
    let k = sides.as_ref().iter().position(|&s| s == Some(hi))?;
    Some((lo, 1 << k))
}

/// The walls a cell stores under `slot_by_lower`: the sides facing a
/// higher-numbered neighbour.
pub(crate) fn owned_by_lower<T: Topology>(shape: &T, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
    for (k, side) in shape.side_cells(cell).as_ref().iter().enumerate() {
        if let Some(n) = *side {
            if n > cell {
                visit(1 << k, n);
            }
        }
    }
}

/// `Topology::lower` from the sides: the first lower-numbered neighbour in
/// side order, or the first cell. For tilings where every cell but the
/// first has one (3D, the cube, upsilon; the tests check it).
pub(crate) fn lower_by_sides<T: Topology>(shape: &T, cell: Cell) -> Option<Lower> {
    let sides = shape.side_cells(cell);
    let lower = sides
        .as_ref()
        .iter()
        .flatten()
        .copied()
        .filter(|&n| n < cell)
        .min();
    Some(Lower::neighbor_or_first(lower))
}

/// A random walk's step from the sides: two random bits for a cell of
/// four sides, three for more (draws past the last side drawn again),
/// redrawn while no live cell lies across (the cell has a live neighbour).
#[inline]
pub(crate) fn walk_by_sides<T: Topology>(
    shape: &T,
    w: &mut Walker,
    rng: &mut Rng,
    live: impl Fn(Cell) -> bool,
) {
    let sides = shape.side_cells(w.cell);
    let sides = sides.as_ref();
    loop {
        let k = if sides.len() <= 4 {
            rng.two_bits()
        } else {
            rng.three_bits()
        } as usize;
        if let Some(&Some(n)) = sides.get(k) {
            if live(n) {
                w.cell = n;
                return;
            }
        }
    }
}

/// The base tilings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A rectangle of squares; with wrap, a cylinder or a torus.
    Square(Wrap),
    /// Rings round a centre.
    Polar(Polar),
    /// Hexagons.
    Hex(Hex),
    /// Triangles.
    Triangle(Triangle),
    /// Square levels in 3D, or a 4D array of them.
    Stack(Stack),
    /// Six square faces folded into a cube.
    Cube(Cube),
    /// Octagons and squares.
    Upsilon(Upsilon),
}

/// A maze's shape: a tiling and an optional mask of cells switched off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The tiling.
    pub kind: Kind,
    /// The cells switched off, if any (shared between copies).
    pub mask: Option<Arc<Mask>>,
}

/// The names of the base shapes, as the CLI and links write them.
pub const SHAPE_NAMES: [&str; 8] = [
    "square", "polar", "hex", "triangle", "3d", "4d", "cube", "upsilon",
];

/// The size a shape opens at when none is given.
pub fn default_size(shape: &str) -> &'static str {
    match shape {
        "polar" => "12",
        "hex" => "30x20",
        "triangle" => "40x20",
        "3d" => "10x10x4",
        "4d" => "6x6x3x3",
        "cube" => "12",
        "upsilon" => "30x20",
        _ => "40x25",
    }
}

impl Shape {
    /// A plain square grid.
    pub fn square(dims: Dims) -> Shape {
        Shape {
            kind: Kind::Square(Wrap::new(dims, false, false).expect("no wrap always fits")),
            mask: None,
        }
    }

    /// Builds a shape from its name, a size (`WxH`; a ring count for
    /// polar, a face's side for the cube, `WxHxL` for 3D, `WxHxLxK` for
    /// 4D) and a wrap (`x`, `y`, `xy`, `mobius`, `klein`: square only).
    pub fn parse(name: &str, size: &str, wrap: Option<&str>) -> Result<Shape, MazeError> {
        let bad_shape = || MazeError::BadValue {
            what: "shape",
            given: name.to_string(),
            valid: SHAPE_NAMES.join(", "),
        };
        let name = name.trim();
        if wrap.is_some_and(|w| !w.trim().is_empty()) && name != "square" {
            return Err(MazeError::BadValue {
                what: "wrap",
                given: wrap.unwrap_or_default().to_string(),
                valid: "none: wrap-around is for square mazes only".into(),
            });
        }
        let kind = match name {
            "square" => {
                let dims = Dims::parse(size)?;
                Kind::Square(match parse_wrap(wrap.unwrap_or(""))? {
                    WrapSpec::Plain(x, y) => Wrap::new(dims, x, y)?,
                    WrapSpec::Twisted { klein } => Wrap::twisted(dims, klein)?,
                })
            }
            "3d" => Kind::Stack(Stack::parse(size, false)?),
            "4d" => Kind::Stack(Stack::parse(size, true)?),
            "cube" => Kind::Cube(Cube::parse(size)?),
            "upsilon" => Kind::Upsilon(Upsilon::new(Dims::parse(size)?)),
            "hex" => Kind::Hex(Hex::new(Dims::parse(size)?)),
            "triangle" => Kind::Triangle(Triangle::new(Dims::parse(size)?)?),
            "polar" => Kind::Polar(Polar::parse(size)?),
            _ => return Err(bad_shape()),
        };
        Ok(Shape { kind, mask: None })
    }

    /// The base shape's name, as `SHAPE_NAMES` writes it.
    pub fn name(&self) -> &'static str {
        match self.kind {
            Kind::Square(_) => "square",
            Kind::Polar(_) => "polar",
            Kind::Hex(_) => "hex",
            Kind::Triangle(_) => "triangle",
            Kind::Stack(s) if s.four => "4d",
            Kind::Stack(_) => "3d",
            Kind::Cube(_) => "cube",
            Kind::Upsilon(_) => "upsilon",
        }
    }

    /// The plain square's dimensions, when this is one (no wrap, no mask):
    /// the case the tuned square code runs.
    pub fn plain_square(&self) -> Option<Dims> {
        match &self.kind {
            Kind::Square(w) if !w.wraps() && self.mask.is_none() => Some(w.dims),
            _ => None,
        }
    }

    /// The rows and columns of a square shape (wrapped or masked too).
    pub fn square_dims(&self) -> Option<Dims> {
        match &self.kind {
            Kind::Square(w) => Some(w.dims),
            _ => None,
        }
    }

    /// The wrap as the CLI and links write it: `x`, `y`, `xy`, or empty.
    pub fn wrap_text(&self) -> &'static str {
        match &self.kind {
            Kind::Square(w) if w.flip => {
                if w.y {
                    "klein"
                } else {
                    "mobius"
                }
            }
            Kind::Square(w) => match (w.x, w.y) {
                (true, true) => "xy",
                (true, false) => "x",
                (false, true) => "y",
                (false, false) => "",
            },
            _ => "",
        }
    }

    /// The columns and rows of a shape laid out in rows (square, hex,
    /// triangle: cell `y * width + x`); polar has rings instead.
    pub fn rows(&self) -> Option<Dims> {
        match &self.kind {
            Kind::Square(w) => Some(w.dims),
            Kind::Hex(h) => Some(h.dims),
            Kind::Triangle(t) => Some(t.dims),
            Kind::Upsilon(u) => Some(u.dims),
            Kind::Polar(_) | Kind::Stack(_) | Kind::Cube(_) => None,
        }
    }

    /// How many levels a row a 3D picture is drawn with (0: the default).
    pub fn level_columns(&self) -> u32 {
        match &self.kind {
            Kind::Stack(s) if !s.four => s.columns,
            _ => 0,
        }
    }

    /// The same maze drawn with `columns` levels a row (3D; 0 for the
    /// 16:10 default); other shapes are returned as they are.
    pub fn with_level_columns(&self, columns: u32) -> Shape {
        let mut shape = self.clone();
        if let Kind::Stack(s) = &mut shape.kind {
            if !s.four {
                s.columns = columns;
            }
        }
        shape
    }

    /// The same shape with no cell switched off.
    pub fn unmasked(&self) -> Shape {
        Shape {
            kind: self.kind.clone(),
            mask: None,
        }
    }

    /// Width and height as the CLI reports them: columns and rows, or for
    /// polar the cells of the outer ring and the number of rings.
    pub fn size(&self) -> (u32, u32) {
        match &self.kind {
            Kind::Square(w) => (w.dims.width, w.dims.height),
            Kind::Hex(h) => (h.dims.width, h.dims.height),
            Kind::Triangle(t) => (t.dims.width, t.dims.height),
            Kind::Upsilon(u) => (u.dims.width, u.dims.height),
            Kind::Polar(p) => (p.ring_len(p.rings() - 1), p.rings()),
            Kind::Stack(s) => (s.width, s.height),
            Kind::Cube(c) => (c.n, c.n),
        }
    }

    /// The size as written in a link or on the command line.
    pub fn size_text(&self) -> String {
        match &self.kind {
            Kind::Polar(p) => p.rings().to_string(),
            Kind::Cube(c) => c.n.to_string(),
            Kind::Stack(s) => s.size_text(),
            _ => {
                let (w, h) = self.size();
                format!("{w}x{h}")
            }
        }
    }

    /// Whether a cell's first four sides are N, E, S, W as drawn (squares,
    /// 3D and 4D levels, the cube's faces in the net): arrow keys step by
    /// the side.
    pub fn compass_sides(&self) -> bool {
        matches!(self.kind, Kind::Square(_) | Kind::Stack(_) | Kind::Cube(_))
    }

    /// Whether edges of the drawn picture meet (a wrapped square, the
    /// cube's net): cells drawn apart may be neighbours.
    pub fn has_seams(&self) -> bool {
        match &self.kind {
            Kind::Square(w) => w.wraps(),
            Kind::Cube(_) => true,
            _ => false,
        }
    }

    /// How many of a cell's `sides` are drawn as segments of its outline:
    /// all but a 3D or 4D cell's sides to other levels.
    pub fn drawn_sides(&self, sides: usize) -> usize {
        match self.kind {
            Kind::Stack(_) => sides.min(4),
            _ => sides,
        }
    }

    /// The side facing side `k` across a cell of `sides` sides, where the
    /// tiling has opposite sides (not rings, not triangles): what straight
    /// corridors and turns are measured by.
    pub fn opposite_side(&self, sides: usize, k: usize) -> Option<usize> {
        match self.kind {
            Kind::Polar(_) | Kind::Triangle(_) => None,
            // N S, E W, up down, ana kata.
            Kind::Stack(_) => [2, 3, 0, 1, 5, 4, 7, 6].get(k).copied(),
            _ => Some((k + sides / 2) % sides.max(1)),
        }
    }

    /// The east side of a cell of `sides` sides, where there is one.
    pub fn east_side(&self, sides: usize) -> Option<usize> {
        match self.kind {
            Kind::Polar(_) | Kind::Triangle(_) => None,
            Kind::Hex(_) => Some(0),
            Kind::Upsilon(_) if sides == 8 => Some(2),
            _ => Some(1),
        }
    }

    /// Switches cells off; refuses a mask with no cells or in pieces.
    pub fn with_mask(mut self, mask: Mask) -> Result<Shape, MazeError> {
        let unmasked = Shape {
            mask: None,
            ..self.clone()
        };
        mask.check(&unmasked)?;
        self.mask = Some(Arc::new(mask));
        Ok(self)
    }
}

/// A wrap as written: edges that meet plainly, or turned over.
enum WrapSpec {
    Plain(bool, bool),
    Twisted { klein: bool },
}

/// The wraps as the CLI and links write them.
pub const WRAP_NAMES: [&str; 5] = ["x", "y", "xy", "mobius", "klein"];

fn parse_wrap(text: &str) -> Result<WrapSpec, MazeError> {
    match text.trim() {
        "" | "none" => Ok(WrapSpec::Plain(false, false)),
        "x" => Ok(WrapSpec::Plain(true, false)),
        "y" => Ok(WrapSpec::Plain(false, true)),
        "xy" | "yx" => Ok(WrapSpec::Plain(true, true)),
        "mobius" | "möbius" => Ok(WrapSpec::Twisted { klein: false }),
        "klein" => Ok(WrapSpec::Twisted { klein: true }),
        other => Err(MazeError::BadValue {
            what: "wrap",
            given: other.to_string(),
            valid:
                "x (a cylinder), y, xy (a torus), mobius (a Möbius strip), klein (a Klein bottle)"
                    .into(),
        }),
    }
}

macro_rules! on_kind {
    ($shape:expr, $k:ident => $body:expr) => {
        match &$shape.kind {
            Kind::Square($k) => $body,
            Kind::Polar($k) => $body,
            Kind::Hex($k) => $body,
            Kind::Triangle($k) => $body,
            Kind::Stack($k) => $body,
            Kind::Cube($k) => $body,
            Kind::Upsilon($k) => $body,
        }
    };
}

impl Topology for Shape {
    #[inline]
    fn cells(&self) -> u32 {
        on_kind!(self, k => k.cells())
    }

    #[inline]
    fn is_cell(&self, cell: Cell) -> bool {
        self.mask.as_ref().is_none_or(|m| m.is_on(cell))
    }

    fn live_cells(&self) -> u32 {
        self.mask
            .as_ref()
            .map_or_else(|| self.cells(), |m| m.live())
    }

    /// The tiling's own, with no cell masked off (an all-on mask counts as
    /// none, so it draws the same mazes as the tiling's own type).
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        if self.mask.as_ref().is_none_or(|m| m.live() == m.cells()) {
            on_kind!(self, k => k.lower(cell))
        } else {
            None
        }
    }

    type SideList = Sides;

    fn side_cells(&self, cell: Cell) -> Sides {
        let all = on_kind!(self, k => k.sides(cell));
        match &self.mask {
            None => all,
            Some(m) => {
                let mut out = Sides::new();
                for &s in all.as_slice() {
                    out.push(s.filter(|&n| m.is_on(n)));
                }
                out
            }
        }
    }

    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        if !self.is_cell(a) || !self.is_cell(b) {
            return None;
        }
        on_kind!(self, k => k.wall_slot(a, b))
    }

    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        match &self.mask {
            None => on_kind!(self, k => k.side_slots(cell, visit)),
            Some(m) => {
                if m.is_on(cell) {
                    on_kind!(self, k => k.side_slots(cell, |n, owner, bit| {
                        if m.is_on(n) {
                            visit(n, owner, bit)
                        }
                    }))
                }
            }
        }
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        match &self.mask {
            None => on_kind!(self, k => k.owned_walls(cell, visit)),
            Some(m) => on_kind!(self, k => k.owned_walls(cell, &mut |bit, n| {
                if m.is_on(n) {
                    visit(bit, n)
                }
            })),
        }
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        on_kind!(self, k => k.walker(cell))
    }

    /// Each tiling's own rejection step, skipping masked cells: with every
    /// cell on, the same draws as the tiling's own type.
    #[inline]
    fn walk(&self, walker: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        match &self.mask {
            None => on_kind!(self, k => k.walk(walker, rng, live)),
            Some(m) => on_kind!(self, k => k.walk(walker, rng, |n| m.is_on(n) && live(n))),
        }
    }
}

#[cfg(test)]
mod tests;
