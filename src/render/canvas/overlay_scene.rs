//! What the solving layer shows: a solver's marks and cursor, the start and
//! goal, the final path and the player's trail, with the links that say
//! which sides of a cell their bands leave by. The painters (`overlay`,
//! `tile_paint`) read it; it knows none of them.

use super::palette::{Palette, Rgba, CLEAR};
use super::scene::{set_mark, MARKS};
use crate::event::{Event, Mark};
use crate::shape::{Cell, Dims, Dir};
use crate::shape::{Shape, Topology};

/// A link byte: bit `k` says the band leaves the cell by side `k` (on
/// squares 0 to 3 are N, E, S, W); `ON` says the cell is on the line at all.
pub(super) const ON: u8 = 1 << 7;
/// Sides past this one carry no band (only a polar centre has so many).
const MAX_LINKED_SIDE: usize = 6;

pub(super) fn dir_bit(dir: Dir) -> u8 {
    match dir {
        Dir::N => 1,
        Dir::E => 2,
        Dir::S => 4,
        Dir::W => 8,
    }
}

/// What the overlay shows.
#[derive(Clone)]
pub struct OverlayScene {
    /// The maze's grid size.
    pub dims: Dims,
    /// The maze's shape.
    pub shape: Shape,
    /// Each cell's mark.
    pub marks: Vec<Mark>,
    /// Cells the solver has marked at least once.
    pub explored: u32,
    /// The solver's current cell.
    pub cursor: Option<Cell>,
    /// Where the search starts.
    pub start: Cell,
    /// Where it ends.
    pub goal: Cell,
    /// The final path, once a solver has one (see `set_path`).
    path: Vec<Cell>,
    pub(super) path_links: Vec<u8>,
    /// The player's trail from the start.
    pub trail: Vec<Cell>,
    pub(super) trail_links: Vec<u8>,
    /// The step of its list the solver said it is on (`Event::Phase`).
    pub phase: u8,
    /// Whether the solver's stream has ended (its `Done` applied).
    pub done: bool,
    /// How many cells carry each mark (indexed by `Mark as usize`).
    pub mark_counts: [u32; MARKS],
}

impl OverlayScene {
    /// An empty overlay on a plain square maze.
    pub fn new(dims: Dims, start: Cell, goal: Cell) -> OverlayScene {
        Self::on_shape(&Shape::square(dims), start, goal)
    }

    /// An empty overlay on a maze of any shape.
    pub fn on_shape(shape: &Shape, start: Cell, goal: Cell) -> OverlayScene {
        let cells = shape.cells() as usize;
        let (w, h) = shape.size();
        let dims = shape
            .square_dims()
            .or_else(|| Dims::new(w, h).ok())
            .unwrap_or_else(|| Dims::new(1, 1).expect("1x1 is a valid size"));
        OverlayScene {
            dims,
            shape: shape.clone(),
            marks: vec![Mark::Blank; cells],
            explored: 0,
            cursor: None,
            start,
            goal,
            path: Vec::new(),
            path_links: vec![0; cells],
            trail: Vec::new(),
            trail_links: vec![0; cells],
            phase: 0,
            done: false,
            mark_counts: super::scene::blank_counts(cells as u32),
        }
    }

    /// Forgets the solver's marks and path (a new run or new ends).
    pub fn clear_solver(&mut self) {
        self.marks.fill(Mark::Blank);
        self.explored = 0;
        self.cursor = None;
        self.phase = 0;
        self.done = false;
        self.mark_counts = super::scene::blank_counts(self.marks.len() as u32);
        for &c in &self.path {
            self.path_links[c as usize] = 0;
        }
        self.path.clear();
    }

    /// Records the solver's final path; returns the cells to repaint.
    pub fn set_path(&mut self, path: &[Cell]) -> Vec<Cell> {
        let mut changed = std::mem::take(&mut self.path);
        for &c in &changed {
            self.path_links[c as usize] = 0;
        }
        self.path = path.to_vec();
        for &c in path {
            self.path_links[c as usize] = ON;
        }
        for pair in path.windows(2) {
            link(&mut self.path_links, &self.shape, pair[0], pair[1], true);
        }
        changed.extend_from_slice(path);
        changed
    }

    /// The final path.
    pub fn path(&self) -> &[Cell] {
        &self.path
    }

    /// Forgets the player's trail.
    pub fn clear_trail(&mut self) {
        for &c in &self.trail {
            self.trail_links[c as usize] = 0;
        }
        self.trail.clear();
    }

    /// Applies a solver event; returns the cells whose look changed.
    pub fn apply(&mut self, event: &Event) -> [Option<Cell>; 2] {
        match *event {
            Event::Mark(cell, mark) => {
                let old = set_mark(&mut self.marks, &mut self.mark_counts, cell, mark);
                self.explored += u32::from(old == Mark::Blank && mark != Mark::Blank);
                [Some(cell), None]
            }
            Event::Cursor(cell) => [self.cursor.replace(cell), Some(cell)],
            Event::Phase(k) => {
                self.phase = k;
                [None, None]
            }
            Event::Done => {
                self.done = true;
                [self.cursor.take(), None]
            }
            Event::Carve(..) | Event::Build(..) => [None, None],
        }
    }

    /// Extends the trail by one cell, or, when `cell` is already on it,
    /// retracts the trail back to it. Returns the cells whose look changed,
    /// in trail order (`cell` last).
    pub fn trail_step(&mut self, cell: Cell) -> Vec<Cell> {
        if self.on_trail(cell) {
            let mut changed = Vec::new();
            while let Some(&head) = self.trail.last() {
                if head == cell {
                    break;
                }
                self.trail.pop();
                self.trail_links[head as usize] = 0;
                if let Some(&before) = self.trail.last() {
                    link(&mut self.trail_links, &self.shape, before, head, false);
                }
                changed.push(head);
            }
            changed.push(cell);
            return changed;
        }
        self.trail_links[cell as usize] = ON;
        match self.trail.last().copied() {
            None => {
                self.trail.push(cell);
                vec![cell]
            }
            Some(head) => {
                link(&mut self.trail_links, &self.shape, head, cell, true);
                self.trail.push(cell);
                vec![head, cell]
            }
        }
    }

    /// Whether the player's trail passes through `cell`.
    pub fn on_trail(&self, cell: Cell) -> bool {
        self.trail_links[cell as usize] & ON != 0
    }

    /// Whether the found path passes through `cell`.
    pub fn on_path(&self, cell: Cell) -> bool {
        self.path_links[cell as usize] & ON != 0
    }

    /// Whether the overlay shows anything on this cell.
    #[inline]
    /// The cells shown when no solver mark, path or trail is there (the
    /// state of every new maze): the ends and the cursor, else `None`.
    pub(super) fn only_markers(&self) -> Option<[Option<Cell>; 3]> {
        let bare = self.mark_counts[Mark::Blank as usize] as usize == self.marks.len()
            && self.path.is_empty()
            && self.trail.is_empty();
        bare.then_some([Some(self.start), Some(self.goal), self.cursor])
    }

    pub(super) fn shows(&self, cell: Cell) -> bool {
        cell == self.start
            || cell == self.goal
            || self.cursor == Some(cell)
            || self.marks[cell as usize] != Mark::Blank
            || self.path_links[cell as usize] | self.trail_links[cell as usize] != 0
    }

    /// The colour of a cell's square under the bands, or `None` for
    /// transparent.
    pub fn square_colour(&self, palette: &Palette, cell: Cell) -> Option<Rgba> {
        if cell == self.start {
            return Some(palette.start);
        }
        if cell == self.goal {
            return Some(palette.goal);
        }
        if self.cursor == Some(cell) {
            return Some(palette.cursor);
        }
        match self.marks[cell as usize] {
            Mark::Blank | Mark::Path => None,
            Mark::Explored => Some(palette.explored_tint),
            Mark::Frontier => Some(palette.queued_tint),
            Mark::Dead => Some(palette.dead_tint),
            Mark::Walk => Some(palette.walk),
        }
    }

    /// The one colour of a cell when cells are too small for bands.
    pub(super) fn sampled_colour(&self, palette: &Palette, cell: Cell) -> Rgba {
        if cell == self.start {
            palette.start
        } else if cell == self.goal {
            palette.goal
        } else if self.on_trail(cell) {
            palette.trail
        } else if self.on_path(cell) || self.marks[cell as usize] == Mark::Path {
            palette.path
        } else {
            self.square_colour(palette, cell).unwrap_or(CLEAR)
        }
    }
}

/// Which side of `a` faces `b`, if they are neighbours.
fn side_towards(shape: &Shape, a: Cell, b: Cell) -> Option<usize> {
    if let Some(dims) = shape.plain_square() {
        // Two apart in a line is a woven maze's tunnel: the band leaves
        // toward the cell it passes under.
        return dims.dir_between(a, b).map(|d| d as usize).or_else(|| {
            Dir::ALL
                .into_iter()
                .find(|&d| dims.step(a, d).and_then(|m| dims.step(m, d)) == Some(b))
                .map(|d| d as usize)
        });
    }
    shape.sides(a).as_slice().iter().position(|&s| s == Some(b))
}

/// Sets or clears the link between two adjacent cells in both link bytes.
fn link(links: &mut [u8], shape: &Shape, a: Cell, b: Cell, on: bool) {
    let (Some(ka), Some(kb)) = (side_towards(shape, a, b), side_towards(shape, b, a)) else {
        return;
    };
    for (cell, k) in [(a, ka), (b, kb)] {
        if k > MAX_LINKED_SIDE {
            continue;
        }
        let bit = 1u8 << k;
        if on {
            links[cell as usize] |= bit;
        } else {
            links[cell as usize] &= !bit;
        }
    }
}
