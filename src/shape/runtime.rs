//! [`Shape`]: any tiling, chosen at run time by name and size (with a
//! wrap or a mask), stepping as its own type would.

use super::*;
use crate::error::MazeError;
use crate::rng::Rng;
use std::sync::Arc;

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
    /// Cells of any outline: the Voronoi cells of scattered points.
    Crack(Crack),
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
pub const SHAPE_NAMES: [&str; 9] = [
    "square", "polar", "hex", "triangle", "3d", "4d", "cube", "upsilon", "crack",
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
        "crack" => "30x20",
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
            "crack" => Kind::Crack(Crack::new(Dims::parse(size)?)?),
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
            Kind::Crack(_) => "crack",
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
            Kind::Polar(_) | Kind::Stack(_) | Kind::Cube(_) | Kind::Crack(_) => None,
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
            Kind::Crack(c) => (c.dims.width, c.dims.height),
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
            Kind::Polar(_) | Kind::Triangle(_) | Kind::Crack(_) => None,
            // N S, E W, up down, ana kata.
            Kind::Stack(_) => [2, 3, 0, 1, 5, 4, 7, 6].get(k).copied(),
            _ => Some((k + sides / 2) % sides.max(1)),
        }
    }

    /// The east side of a cell of `sides` sides, where there is one.
    pub fn east_side(&self, sides: usize) -> Option<usize> {
        match self.kind {
            Kind::Polar(_) | Kind::Triangle(_) | Kind::Crack(_) => None,
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
            Kind::Crack($k) => $body,
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
