//! A symmetric maze as a step iterator, so the page can animate it and
//! its timeline seek it: the generator carves one part of the square
//! (`symmetry.rs` says which), and every event it makes is shown on the
//! part and, at once, on its images; then the joining passages open.
//!
//! 1. (An algorithm that starts from an open maze: build every wall across
//!    the middle lines first, so the parts start apart.)
//! 2. Step the part's generator (with its braiding, if any); each carve,
//!    build and mark lands on the part's cell and its images, the cursor
//!    on the part.
//! 3. When it is done, open the joins across the middle, drawn from the
//!    same random stream as `symmetry::generate`, which builds the same
//!    maze from the finished part (a test holds the two equal).
//!
//! A timeline's kept copy keeps its part's generator packed as that
//! generator would keep itself, and unpacks it with the part cut from the
//! picture: the part's own events are the first of each event's images.

use super::symmetry::{halves, joins, Symmetry};
use super::Step;
use crate::event::Event;
use crate::grid::Grid;
use crate::keep::{Keep, Shown};
use crate::record::{Emit, Record};
use crate::shape::{Cell, Dims};
use crate::stream::Stepper;

/// The part's generator, shown on the part and its images.
#[derive(Clone)]
pub struct Mirror {
    inner: Box<dyn Step>,
    /// The whole square and the part the generator carves.
    dims: Dims,
    part: Dims,
    /// The images of a part's cell: the symmetry's (for xy its two mirrors
    /// and both together).
    maps: Vec<Symmetry>,
    symmetry: Symmetry,
    seed: u64,
    starts_open: bool,
    /// The part's events of the last step, replayed onto the square.
    scratch: Emit,
    state: State,
    /// Whether it is a kept copy, to be unpacked before it runs.
    packed: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Start,
    Carving,
    Done,
}

impl Mirror {
    /// Shows `inner`, a generator on `part` (the top-left part of `dims`
    /// the symmetry keeps), on the whole square; `starts_open` when the
    /// algorithm starts from an open maze.
    pub fn new(
        inner: Box<dyn Step>,
        dims: Dims,
        part: Dims,
        symmetry: Symmetry,
        seed: u64,
        starts_open: bool,
    ) -> Mirror {
        let maps = match symmetry {
            Symmetry::XY => vec![Symmetry::X, Symmetry::Y, Symmetry::XY],
            s => vec![s],
        };
        Mirror {
            inner,
            dims,
            part,
            maps,
            symmetry,
            seed,
            starts_open,
            scratch: Emit::new(true),
            state: State::Start,
            packed: false,
        }
    }

    /// A part's cell on the square, and its images.
    fn cells(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let (x, y) = self.part.xy(cell);
        std::iter::once(self.dims.at(x, y)).chain(self.maps.iter().map(move |m| {
            let (ix, iy) = m.image(self.dims, x, y);
            self.dims.at(ix, iy)
        }))
    }

    /// The whole square's cell `cell` as a cell of the part, if it is in it.
    fn in_part(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.dims.xy(cell);
        (x < self.part.width && y < self.part.height).then(|| self.part.at(x, y))
    }

    /// The part's maze, cut from the whole square's.
    fn part_grid(&self, whole: &Grid) -> Grid {
        let (d, p) = (self.dims, self.part);
        let mut grid = Grid::closed(p);
        for y in 0..p.height {
            for x in 0..p.width {
                let (cell, at) = (p.at(x, y), d.at(x, y));
                if x + 1 < p.width && whole.is_open_between(at, at + 1) {
                    grid.set_open(cell, cell + 1, true);
                }
                if y + 1 < p.height && whole.is_open_between(at, at + d.width) {
                    grid.set_open(cell, cell + p.width, true);
                }
            }
        }
        grid
    }

    /// The part's own events among `events` (the images, the joins and
    /// the middle's walls lie outside it), as the part's generator made
    /// them.
    fn part_events(&self, events: &[Event]) -> Vec<Event> {
        let mut out = Vec::new();
        for &event in events {
            let mine = match event {
                Event::Carve(a, b) => self
                    .in_part(a)
                    .zip(self.in_part(b))
                    .map(|(a, b)| Event::Carve(a, b)),
                Event::Build(a, b) => self
                    .in_part(a)
                    .zip(self.in_part(b))
                    .map(|(a, b)| Event::Build(a, b)),
                Event::Mark(c, m) => self.in_part(c).map(|c| Event::Mark(c, m)),
                Event::Cursor(c) => self.in_part(c).map(Event::Cursor),
                Event::Phase(k) => Some(Event::Phase(k)),
                Event::Done => None,
            };
            out.extend(mine);
        }
        out
    }

    /// Every wall across the middle lines (step 1).
    fn close_middle<R: Record>(&self, out: &mut R) {
        let (halve_x, halve_y) = halves(self.symmetry);
        let d = self.dims;
        if halve_x {
            for y in 0..d.height {
                out.build(d.at(d.width / 2 - 1, y), d.at(d.width / 2, y));
            }
        }
        if halve_y {
            for x in 0..d.width {
                out.build(d.at(x, d.height / 2 - 1), d.at(x, d.height / 2));
            }
        }
    }
}

impl Stepper for Mirror {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        match self.state {
            State::Start => {
                if self.starts_open {
                    self.close_middle(out);
                }
                self.state = State::Carving;
                true
            }
            State::Carving => {
                self.scratch.clear();
                let more = self.inner.step(&mut self.scratch);
                for i in 0..self.scratch.len() {
                    match self.scratch.slice(i, i + 1)[0] {
                        Event::Carve(a, b) => {
                            for (a, b) in self.cells(a).zip(self.cells(b)) {
                                out.carve(a, b);
                            }
                        }
                        Event::Build(a, b) => {
                            for (a, b) in self.cells(a).zip(self.cells(b)) {
                                out.build(a, b);
                            }
                        }
                        Event::Mark(c, m) => {
                            for c in self.cells(c) {
                                out.mark(c, m);
                            }
                        }
                        Event::Cursor(c) => {
                            let (x, y) = self.part.xy(c);
                            out.cursor(self.dims.at(x, y));
                        }
                        Event::Phase(k) => out.phase(k),
                        Event::Done => {}
                    }
                }
                if !more {
                    self.state = State::Done;
                    for (a, b) in joins(self.dims, self.symmetry, self.seed) {
                        out.cursor(a);
                        out.carve(a, b);
                    }
                }
                more
            }
            State::Done => false,
        }
    }
}

impl Keep for Mirror {
    fn work(&self) -> u64 {
        self.inner.work()
    }

    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        let inner = self.inner.kept_bytes(earlier.map(|e| &*e.inner))?;
        Some(inner + self.scratch.len() * std::mem::size_of::<Event>())
    }

    /// A kept copy: its part's generator packed, sharing what it can with
    /// `earlier`'s.
    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        Mirror {
            inner: self.inner.packed_box(earlier.map(|e| &*e.inner)),
            dims: self.dims,
            part: self.part,
            maps: self.maps.clone(),
            symmetry: self.symmetry,
            seed: self.seed,
            starts_open: self.starts_open,
            scratch: Emit::new(true),
            state: self.state,
            packed: true,
        }
    }

    /// The part's generator sees the part of the picture and its own
    /// events not yet handed out.
    fn unpack(&mut self, shown: &Shown) {
        if !self.packed {
            return;
        }
        let grid = self.part_grid(shown.grid);
        let pending = self.part_events(shown.pending);
        self.inner.unpack(&Shown {
            grid: &grid,
            pending: &pending,
        });
        self.packed = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, symmetry, Generator, Params};
    use crate::grid::Grid;

    /// The stream builds the maze `symmetry::generate` builds from the
    /// finished part, animated (every event applied) and instant alike,
    /// braided and from an open start too.
    #[test]
    fn the_stream_builds_the_reference_maze_step_by_step() {
        for (sym, size) in [("x", "12x7"), ("y", "7x12"), ("rot", "9x8"), ("xy", "10x8")] {
            let s = Symmetry::parse(sym).unwrap();
            let dims = Dims::parse(size).unwrap();
            for algorithm in [
                "backtracker",
                "kruskal",
                "recursive-division",
                "wilson",
                "sidewinder",
            ] {
                for (seed, braid) in [(1, 0), (2, 0), (3, 40)] {
                    let params = Params {
                        braid,
                        ..Params::new(dims, seed)
                    };
                    let label = format!("{sym} {algorithm} seed {seed} braid {braid}");
                    let reference = symmetry::generate(algorithm, params.clone(), s).unwrap();
                    let mirrored = Params {
                        symmetry: Some(s),
                        ..params
                    };
                    assert_eq!(
                        generate(algorithm, mirrored.clone()).unwrap(),
                        reference,
                        "{label}"
                    );
                    let mut g = Generator::by_name(algorithm, mirrored, true).unwrap();
                    let mut grid: Grid = g.initial_grid();
                    let mut done = 0;
                    for event in g.by_ref() {
                        done += usize::from(event == Event::Done);
                        grid.apply(&event);
                    }
                    assert_eq!(done, 1, "{label}");
                    assert_eq!(grid, reference, "{label}: animated");
                }
            }
        }
    }
}
