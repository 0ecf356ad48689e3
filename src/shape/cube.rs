//! A maze on the surface of a cube: six `N x N` faces joined along the
//! cube's twelve edges, every cell a square with four neighbours (a face's
//! corner cell has two across seams).
//!
//! Faces are numbered as the unfolded net reads, a cross:
//!
//! ```text
//!      U
//!   L  F  R  B
//!      D
//! ```
//!
//! cell `face * N * N + y * N + x`, each face in rows as drawn in the net
//! (x right, y down, seen from outside the cube). Sides run N, E, S, W on
//! the face. Across an edge the neighbour is found by folding: each face
//! knows where it sits in space (an origin and two axes on a cube of side
//! `2N`), a step off the face goes to the edge and down the next face.
//!
//! A wall belongs to the lower-numbered cell of the two, on its side's
//! bit. The mazes look like a square's on every face, with corridors
//! running round the edges and no border anywhere: the whole surface is
//! closed.

use super::{Lower, Topology};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Walker};

type V3 = [i64; 3];

/// One face: where it sits on a cube of side 1 (its origin corner, scaled
/// by the cube's size), its x and y axes and its outward normal.
struct Face {
    origin: V3,
    u: V3,
    v: V3,
    normal: V3,
    /// Its column and row in the unfolded net (4 wide, 3 high).
    net: (u32, u32),
}

/// The six faces in numbering order: U, L, F, R, B, D. The front face
/// looks at the viewer (normal -z), x right and y down; the others fold
/// from it so that each face's axes, seen from outside, run as the net
/// draws them.
const FACES: [Face; 6] = [
    Face {
        origin: [0, 0, 1],
        u: [1, 0, 0],
        v: [0, 0, -1],
        normal: [0, -1, 0],
        net: (1, 0),
    },
    Face {
        origin: [0, 0, 1],
        u: [0, 0, -1],
        v: [0, 1, 0],
        normal: [-1, 0, 0],
        net: (0, 1),
    },
    Face {
        origin: [0, 0, 0],
        u: [1, 0, 0],
        v: [0, 1, 0],
        normal: [0, 0, -1],
        net: (1, 1),
    },
    Face {
        origin: [1, 0, 0],
        u: [0, 0, 1],
        v: [0, 1, 0],
        normal: [1, 0, 0],
        net: (2, 1),
    },
    Face {
        origin: [1, 0, 1],
        u: [-1, 0, 0],
        v: [0, 1, 0],
        normal: [0, 0, 1],
        net: (3, 1),
    },
    Face {
        origin: [0, 1, 0],
        u: [1, 0, 0],
        v: [0, 0, 1],
        normal: [0, 1, 0],
        net: (1, 2),
    },
];

/// The face names in numbering order.
pub const FACE_NAMES: [&str; 6] = ["up", "left", "front", "right", "back", "down"];

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn scale(a: V3, s: i64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

fn dot(a: V3, b: V3) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Six square faces of `n x n` cells folded into a cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cube {
    /// Cells along a face's side.
    pub n: u32,
    /// Dividing by a face's side and area without a hardware division.
    by_n: super::stack::Divider,
    by_area: super::stack::Divider,
}

impl Cube {
    /// A cube of `n x n` faces; refuses 0 and more than 16.7 million cells.
    pub fn new(n: u32) -> Result<Cube, MazeError> {
        if n == 0 || 6 * u64::from(n) * u64::from(n) > super::stack::MAX_CELLS {
            return Err(MazeError::BadValue {
                what: "size",
                given: n.to_string(),
                valid: "a face's side from 1 to 1672 cells, e.g. 12".into(),
            });
        }
        Ok(Cube {
            n,
            by_n: super::stack::Divider::new(n),
            by_area: super::stack::Divider::new(n * n),
        })
    }

    /// Parses a face's side (`12`, or `12x12`).
    pub fn parse(text: &str) -> Result<Cube, MazeError> {
        let t = text.trim().to_ascii_lowercase();
        let side = match t.split_once('x') {
            Some((a, b)) if a.trim() == b.trim() => a.trim(),
            Some(_) => "",
            None => t.as_str(),
        };
        let n = side.parse::<u32>().map_err(|_| MazeError::BadValue {
            what: "size",
            given: text.to_string(),
            valid: "a face's side in cells for a cube, e.g. 12".into(),
        })?;
        Cube::new(n)
    }

    /// A cell's face, column and row.
    #[inline]
    pub fn locate(&self, cell: Cell) -> (usize, u32, u32) {
        let (face, rest) = self.by_area.split(cell);
        let (y, x) = self.by_n.split(rest);
        (face as usize, x, y)
    }

    /// The cell at a face's column and row.
    #[inline]
    pub fn at(&self, face: usize, x: u32, y: u32) -> Cell {
        face as u32 * self.n * self.n + y * self.n + x
    }

    /// A face's place in the unfolded net (column of 4, row of 3).
    pub fn net(face: usize) -> (u32, u32) {
        FACES[face].net
    }

    /// The neighbour one step from `(face, x, y)` along the face's axis
    /// `(dx, dy)`, across an edge if the step leaves the face.
    fn step(&self, face: usize, x: u32, y: u32, dx: i64, dy: i64) -> Cell {
        let n = i64::from(self.n);
        let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
        if (0..n).contains(&nx) && (0..n).contains(&ny) {
            return self.at(face, nx as u32, ny as u32);
        }
        // Cell centres sit at odd coordinates on a cube of side 2n: go to
        // the edge (one unit along the step), then one unit down the next
        // face (against this face's normal). That face's normal is the step.
        let f = &FACES[face];
        let side = 2 * n;
        let centre = add(
            scale(f.origin, side),
            add(
                scale(f.u, 2 * i64::from(x) + 1),
                scale(f.v, 2 * i64::from(y) + 1),
            ),
        );
        let dir = add(scale(f.u, dx), scale(f.v, dy));
        let there = sub(add(centre, dir), f.normal);
        let g = FACES
            .iter()
            .position(|g| g.normal == dir)
            .expect("every axis direction is a face's normal");
        let rel = sub(there, scale(FACES[g].origin, side));
        let (gx, gy) = (dot(rel, FACES[g].u), dot(rel, FACES[g].v));
        self.at(g, ((gx - 1) / 2) as u32, ((gy - 1) / 2) as u32)
    }
}

impl Topology for Cube {
    type SideList = [Option<Cell>; 4];

    fn cells(&self) -> u32 {
        6 * self.n * self.n
    }

    /// N, E, S, W on the cell's face, across the cube's edges where needed.
    #[inline]
    fn side_cells(&self, cell: Cell) -> [Option<Cell>; 4] {
        let (face, x, y) = self.locate(cell);
        let n = self.n;
        // Inside a face the neighbours are the rows' arithmetic; only a
        // step off the face folds over an edge.
        if x > 0 && y > 0 && x + 1 < n && y + 1 < n {
            return [
                Some(cell - n),
                Some(cell + 1),
                Some(cell + n),
                Some(cell - 1),
            ];
        }
        [(0, -1), (1, 0), (0, 1), (-1, 0)].map(|(dx, dy)| Some(self.step(face, x, y, dx, dy)))
    }

    /// Inside a face, the W or N cell's E or S side; across an edge, the
    /// lower cell's side that faces the other.
    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        let (lo, hi) = (a.min(b), a.max(b));
        if hi >= self.cells() {
            return None;
        }
        let (face, x, y) = self.locate(lo);
        // A step off a face always lands on another face: two cells of one
        // face meet only inside it.
        if face == self.by_area.split(hi).0 as usize {
            return if hi == lo + 1 && x + 1 < self.n {
                Some((lo, 1 << 1))
            } else if hi == lo + self.n && y + 1 < self.n {
                Some((lo, 1 << 2))
            } else {
                None
            };
        }
        super::slot_by_lower(self, a, b)
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        super::owned_by_lower(self, cell, visit);
    }

    /// West or north on the face; a face's first cell looks across its
    /// edges (every face but the first meets an earlier one there).
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        let (_, x, y) = self.locate(cell);
        if x > 0 {
            Some(Lower::Neighbor(cell - 1))
        } else if y > 0 {
            Some(Lower::Neighbor(cell - self.n))
        } else if cell == 0 {
            // No cell is lower than the first: known without stepping over
            // the cube's edges, so `lower(0)` is a constant (hunt-and-kill
            // asks it at every step).
            Some(Lower::First)
        } else {
            super::lower_by_sides(self, cell)
        }
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker { cell, x: 0, y: 0 }
    }

    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        super::walk_by_sides(self, w, rng, live);
    }
}
