//! The maze being watched, as the canvas paints it: its walls, each cell's
//! mark, the cursor, the step at work, and the colour every cell shows.
//! The painters (`pixels`, `tile_paint`) read it; it knows none of them.

use super::palette::{gradient, mix, Palette, Rgba};
use crate::event::{Event, Mark};
use crate::grid::Grid;
use crate::shape::Cell;
use crate::weights::Costs;

/// The light theme's colours, as the tests and the smoke test know them.
pub mod colour {
    use super::super::palette::{Rgba, LIGHT};
    /// The light theme's wall colour.
    pub const WALL: Rgba = LIGHT.wall;
    /// The light theme's uncarved cell.
    pub const SOLID: Rgba = LIGHT.solid;
    /// The light theme's carved cell.
    pub const PASSAGE: Rgba = LIGHT.passage;
    /// The light theme's frontier cell.
    pub const FRONTIER: Rgba = LIGHT.frontier;
    /// The light theme's walk cell.
    pub const WALK: Rgba = LIGHT.walk;
    /// The light theme's current cell.
    pub const CURSOR: Rgba = LIGHT.cursor;
    /// The light theme's explored cell.
    pub const EXPLORED: Rgba = LIGHT.explored;
    /// The light theme's path cell.
    pub const PATH: Rgba = LIGHT.path;
    /// The light theme's dead end.
    pub const DEAD: Rgba = LIGHT.dead;
}

/// A maze being watched: its walls, marks, cursor and how to colour it.
pub struct Scene {
    /// The walls.
    pub grid: Grid,
    /// Each cell's mark.
    pub marks: Vec<Mark>,
    /// The cell the algorithm's attention is on.
    pub cursor: Option<Cell>,
    /// Whether the run has ended (`is_done`, `set_done`).
    done: bool,
    /// Cells of wall-building algorithms are open from the start.
    pub starts_open: bool,
    /// The run ends with the sparseness pass: a finished maze's cells
    /// with no opening are rock and drawn solid.
    pub rock: bool,
    /// Finished with no rock and no costs: every cell is the passage
    /// colour (`set_done` keeps it, so colouring a finished maze tests one
    /// flag a cell).
    all_passage: bool,
    /// Distances for distance colouring, and the largest one.
    pub distances: Option<(Vec<u32>, u32)>,
    /// A weighted maze's cost per cell and the dearest: carved cells are
    /// floored by cost (`Palette::heat_floor`), under every mark.
    pub costs: Option<(Costs, u32)>,
    /// The step of its list the algorithm said it is on (`Event::Phase`).
    pub phase: u8,
    /// How many cells carry each mark (indexed by `Mark as usize`): the
    /// working set's size, for the counters beside the maze.
    pub mark_counts: [u32; MARKS],
    /// Walls removed less walls built since the start: with the cells,
    /// how many separate pieces a carving algorithm has left to join.
    pub carved: i64,
}

/// How many kinds of mark there are.
pub const MARKS: usize = 6;

/// Sets a cell's mark and keeps the count of each mark; returns the old one.
#[inline]
pub fn set_mark(marks: &mut [Mark], counts: &mut [u32; MARKS], cell: Cell, mark: Mark) -> Mark {
    let old = std::mem::replace(&mut marks[cell as usize], mark);
    counts[old as usize] -= 1;
    counts[mark as usize] += 1;
    old
}

/// Every cell blank.
pub fn blank_counts(cells: u32) -> [u32; MARKS] {
    let mut counts = [0; MARKS];
    counts[Mark::Blank as usize] = cells;
    counts
}

impl Scene {
    /// A blank scene on the algorithm's initial grid.
    pub fn new(grid: Grid, starts_open: bool) -> Scene {
        let cells = grid.cells() as usize;
        Scene {
            grid,
            marks: vec![Mark::Blank; cells],
            cursor: None,
            done: false,
            starts_open,
            rock: false,
            all_passage: false,
            distances: None,
            costs: None,
            phase: 0,
            mark_counts: blank_counts(cells as u32),
            carved: 0,
        }
    }

    /// Whether the run has ended.
    #[inline]
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Marks the run finished, or not (a seek back from its end).
    #[inline]
    pub fn set_done(&mut self, done: bool) {
        self.done = done;
        self.all_passage = done && !self.rock && self.costs.is_none();
    }

    /// Applies one event; returns the cells whose look changed (up to two).
    #[inline]
    pub fn apply(&mut self, event: &Event) -> [Option<Cell>; 2] {
        match *event {
            Event::Carve(a, b) => {
                self.carved += i64::from(self.grid.apply(event));
                [Some(a), Some(b)]
            }
            Event::Build(a, b) => {
                self.carved -= i64::from(self.grid.apply(event));
                [Some(a), Some(b)]
            }
            Event::Mark(cell, mark) => {
                set_mark(&mut self.marks, &mut self.mark_counts, cell, mark);
                [Some(cell), None]
            }
            Event::Cursor(cell) => [self.cursor.replace(cell), Some(cell)],
            Event::Phase(k) => {
                self.phase = k;
                [None, None]
            }
            Event::Done => {
                self.set_done(true);
                [None, None]
            }
        }
    }

    /// Floors the cells by their costs (a weighted maze), or plainly.
    pub fn set_costs(&mut self, costs: Option<Costs>) {
        self.costs = costs.map(|c| {
            let max = u32::from(c.max());
            (c, max)
        });
        self.set_done(self.done);
    }

    /// The shape a cell's mark carries in the patterns mode, if any: the
    /// working state's marks only, while the run is under way.
    pub fn cell_glyph(&self, cell: Cell) -> Option<super::glyph::Glyph> {
        if self.done {
            return None;
        }
        if self.cursor == Some(cell) {
            return Some(super::glyph::Glyph::Disc);
        }
        super::glyph::Glyph::of_mark(self.marks[cell as usize])
    }

    /// The colour of a cell's square.
    #[inline]
    pub fn cell_colour(&self, palette: &Palette, cell: Cell) -> Rgba {
        // The common case first: a finished maze, no rock, no gradient.
        if self.all_passage && self.distances.is_none() {
            return palette.passage;
        }
        if !self.done {
            if self.cursor == Some(cell) {
                return palette.cursor;
            }
            if let Some(c) = palette.mark(self.marks[cell as usize]) {
                return c;
            }
        }
        if let Some((dist, max)) = &self.distances {
            let d = dist[cell as usize];
            if d != crate::analyze::UNREACHABLE {
                return gradient(d as f32 / (*max).max(1) as f32);
            }
        }
        // A finished maze is all passage but its rock, which is closed all
        // round; a wall-builder's cells are open from the start.
        let done_passage = self.done && !self.rock;
        if done_passage || (self.starts_open && !self.done) || self.grid.degree(cell) > 0 {
            match &self.costs {
                None => palette.passage,
                Some((costs, max)) => palette.heat_floor(costs.of(cell), *max),
            }
        } else {
            palette.solid
        }
    }

    /// What one pixel shows of a cell when cells are smaller than two
    /// pixels: the mean of the cell, its east and south walls (the cell's
    /// colour where open) and a wall corner, as a picture of one-pixel cells
    /// and walls would look shrunk. It depends on this cell alone, so a
    /// change repaints only the cells the event names.
    #[inline]
    pub(super) fn sampled_colour(&self, palette: &Palette, cell: Cell) -> Rgba {
        let here = self.cell_colour(palette, cell);
        sampled_table(palette, here)[(self.grid.raw()[cell as usize] & 3) as usize]
    }
}

/// A sampled pixel's colour for a cell of colour `here`, indexed by the
/// cell's wall bits (bit 0: east open, bit 1: south open; see `Grid::raw`).
#[inline]
pub(super) fn sampled_table(palette: &Palette, here: Rgba) -> [Rgba; 4] {
    let corner = mix(here, palette.wall);
    let side = |open: bool| if open { here } else { palette.wall };
    std::array::from_fn(|bits| mix(corner, mix(side(bits & 1 != 0), side(bits & 2 != 0))))
}
