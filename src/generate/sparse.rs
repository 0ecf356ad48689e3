//! Sparseness (Pullen's Daedalus): turn dead ends to rock, again and again,
//! so the maze thins out into separate corridors through solid rock.
//!
//! 1. Let the generator finish; list the maze's dead ends.
//! 2. Pick a dead end at random and turn it to rock: wall its one passage
//!    off, so the cell leaves the maze (a masked cell).
//! 3. Its neighbour may now be a dead end itself: it joins the list.
//! 4. Repeat from 2 until `P`% of the maze's cells are rock.
//!
//! Only dead ends go, so what is left stays one piece, and a perfect maze
//! stays perfect over its remaining cells. On a braided maze with no dead
//! end left, nothing can go. The mazes keep their generator's texture in
//! the corridors that remain, with wide bands of rock between them.

use super::after::{After, Pass};
use super::Step;
use crate::error::MazeError;
use crate::event::{Mark, SPARSE_PHASE};
use crate::grid::Grid;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Mask, Topology};

/// The random stream sparseness draws from, apart from the generator's.
const SPARSE_STREAM: u64 = 0x7370_6172; // "spar"

/// Refuses a share outside 0 to 100.
pub fn check(percent: u8) -> Result<(), MazeError> {
    if percent > 100 {
        return Err(MazeError::BadValue {
            what: "sparse",
            given: percent.to_string(),
            valid: "0 to 100 (the share of cells turned to rock)".into(),
        });
    }
    Ok(())
}

/// The thinning itself, one dead end at a time (steps 2 to 4): what both
/// the pass in the event stream and [`sparsify`] run.
#[derive(Clone)]
struct Thinning {
    /// Each cell's openings to cells that are not rock.
    degree: Vec<u32>,
    rock: Vec<bool>,
    /// Dead ends to pick from (some may have stopped being one).
    dead: Vec<Cell>,
    rng: Rng,
    left: u64,
}

impl Thinning {
    /// Step 1 on the finished maze.
    fn new(grid: &Grid, percent: u8, seed: u64) -> Thinning {
        let shape = grid.shape();
        let live = shape.live_cells();
        // Always leave two cells: a maze needs somewhere to go.
        let target =
            (u64::from(live) * u64::from(percent) / 100).min(u64::from(live.saturating_sub(2)));
        let degree = Thinning::degrees(grid);
        let dead = (0..shape.cells())
            .filter(|&c| shape.is_cell(c) && degree[c as usize] == 1)
            .collect();
        Thinning {
            degree,
            rock: vec![false; shape.cells() as usize],
            dead,
            rng: Rng::with_stream(seed, SPARSE_STREAM),
            left: target,
        }
    }

    /// Each cell's openings (none for a masked cell).
    fn degrees(grid: &Grid) -> Vec<u32> {
        let shape = grid.shape();
        (0..shape.cells())
            .map(|c| match shape.is_cell(c) {
                true => grid.degree(c) as u32,
                false => 0,
            })
            .collect()
    }

    /// Steps 2 and 3: the next cell turned to rock and the one cell it was
    /// open to (`grid` is the maze, with or without the rock walled off),
    /// or `None` when enough is rock or no dead end is left.
    fn next(&mut self, grid: &Grid) -> Option<(Cell, Cell)> {
        while self.left > 0 && !self.dead.is_empty() {
            let i = self.rng.below(self.dead.len() as u32) as usize;
            let cell = self.dead.swap_remove(i);
            if self.rock[cell as usize] || self.degree[cell as usize] != 1 {
                continue;
            }
            self.rock[cell as usize] = true;
            self.degree[cell as usize] = 0;
            self.left -= 1;
            let mut joined = None;
            for &m in grid.open_neighbors(cell).as_slice() {
                if !self.rock[m as usize] {
                    joined = Some(m);
                    self.degree[m as usize] -= 1;
                    if self.degree[m as usize] == 1 {
                        self.dead.push(m);
                    }
                }
            }
            return Some((cell, joined.expect("a dead end is open to one cell")));
        }
        None
    }
}

/// Turns dead ends to rock until `percent` of the live cells are rock (or
/// no dead end is left), drawing them with a generator seeded by `seed`;
/// the rest comes back as a maze on the same shape under a mask.
pub fn sparsify(grid: &Grid, percent: u8, seed: u64) -> Result<Grid, MazeError> {
    check(percent)?;
    if percent == 0 {
        return Ok(grid.clone());
    }
    check_weave(grid.is_woven())?;
    let mut thinning = Thinning::new(grid, percent, seed);
    while thinning.next(grid).is_some() {}
    let rock = thinning.rock;
    masked(grid, |cell| rock[cell as usize])
}

/// Refuses rock in a woven maze: its passages run under cells, which rock
/// would cut.
pub fn check_weave(woven: bool) -> Result<(), MazeError> {
    if woven {
        return Err(MazeError::BadValue {
            what: "option with sparse",
            given: "weave".into(),
            valid: "no weave: rock would cut the passages that run under cells".into(),
        });
    }
    Ok(())
}

/// The maze with the `rock` cells masked off and their walls gone.
fn masked(grid: &Grid, rock: impl Fn(Cell) -> bool) -> Result<Grid, MazeError> {
    let shape = grid.shape();
    let mut mask = shape
        .mask
        .as_deref()
        .cloned()
        .unwrap_or_else(|| Mask::all_on(shape.cells()));
    for cell in 0..shape.cells() {
        if rock(cell) {
            mask.set(cell, false);
        }
    }
    let sparse = shape.unmasked().with_mask(mask)?;
    let mut out = Grid::closed_shape(sparse);
    for (a, b) in grid.opening_pairs() {
        if !rock(a) && !rock(b) {
            out.set_open(a, b, true);
        }
    }
    Ok(out)
}

/// The maze a run with the sparseness pass finished, its rock (the live
/// cells the pass walled off, left with no opening) masked off as
/// [`sparsify`] gives it. A maze of one cell has nothing walled off.
pub fn rock_masked(grid: &Grid) -> Result<Grid, MazeError> {
    let shape = grid.shape();
    if shape.live_cells() < 2 {
        return Ok(grid.clone());
    }
    masked(grid, |cell| shape.is_cell(cell) && grid.degree(cell) == 0)
}

/// `inner`, whose events start from `grid`, followed by turning `percent`
/// (1 to 100) of the cells to rock when it finishes.
pub fn after(inner: Box<dyn Step>, grid: Grid, percent: u8, seed: u64) -> After<Sparse> {
    After::new(inner, grid, Sparse::new(percent, seed))
}

/// The sparseness pass in the event stream: each cell turned to rock is
/// marked ruled out and walled off from the one cell it was open to.
#[derive(Clone)]
pub struct Sparse {
    percent: u8,
    seed: u64,
    thinning: Option<Thinning>,
}

impl Sparse {
    /// Turns `percent` (1 to 100) of the cells to rock, drawing from `seed`.
    pub fn new(percent: u8, seed: u64) -> Sparse {
        Sparse {
            percent: percent.min(100),
            seed,
            thinning: None,
        }
    }
}

impl Pass for Sparse {
    fn start<R: Record>(&mut self, grid: &Grid, out: &mut R) {
        out.phase(SPARSE_PHASE + 1);
        self.thinning = Some(Thinning::new(grid, self.percent, self.seed));
    }

    fn one<R: Record>(&mut self, grid: &mut Grid, out: &mut R) -> bool {
        let Some(thinning) = &mut self.thinning else {
            return false;
        };
        match thinning.next(grid) {
            Some((cell, joined)) => {
                grid.set_open(cell, joined, false);
                out.phase(SPARSE_PHASE + 2);
                out.cursor(cell);
                out.mark(cell, Mark::Dead);
                out.build(cell, joined);
                out.phase(SPARSE_PHASE + 3);
                true
            }
            None => {
                self.thinning = None;
                out.phase(SPARSE_PHASE + 4);
                false
            }
        }
    }

    fn heap_bytes_beyond(&self, _earlier: Option<&Sparse>) -> usize {
        self.thinning.as_ref().map_or(0, |t| {
            t.degree.len() * std::mem::size_of::<u32>()
                + t.rock.len()
                + t.dead.len() * std::mem::size_of::<Cell>()
        })
    }

    /// A kept copy keeps only its list of dead ends: each cell's openings
    /// are the maze's, rock walled off, and the rock is the cells left
    /// with none.
    fn pack(&mut self) {
        if let Some(t) = self.thinning.as_mut() {
            t.degree = Vec::new();
            t.rock = Vec::new();
        }
    }

    fn unpack(&mut self, grid: &Grid) {
        if let Some(t) = self.thinning.as_mut() {
            if t.degree.is_empty() {
                let shape = grid.shape();
                t.degree = Thinning::degrees(grid);
                t.rock = (0..shape.cells())
                    .map(|c| shape.is_cell(c) && t.degree[c as usize] == 0)
                    .collect();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Params};
    use crate::shape::Shape;

    #[test]
    fn a_sparse_maze_is_a_perfect_maze_over_its_remaining_cells() {
        for (name, size) in [
            ("square", "20x15"),
            ("hex", "12x10"),
            ("3d", "6x6x3"),
            ("cube", "4"),
        ] {
            let shape = Shape::parse(name, size, None).unwrap();
            for seed in 0..5 {
                let grid = generate("backtracker", Params::on(shape.clone(), seed)).unwrap();
                assert_eq!(sparsify(&grid, 0, seed).unwrap(), grid, "0 leaves the maze");
                for percent in [10, 50, 90] {
                    let sparse = sparsify(&grid, percent, seed).unwrap();
                    let live = sparse.shape().live_cells();
                    let rock = shape.cells() - live;
                    assert_eq!(
                        u64::from(rock),
                        u64::from(shape.cells()) * u64::from(percent) / 100,
                        "{name} {percent}%"
                    );
                    assert_eq!(
                        sparse.openings(),
                        u64::from(live) - 1,
                        "{name} {percent}%: a tree"
                    );
                    let first = (0..shape.cells())
                        .find(|&c| sparse.shape().is_cell(c))
                        .unwrap();
                    let reached = crate::analyze::distances(&sparse, first)
                        .iter()
                        .filter(|&&d| d != crate::analyze::UNREACHABLE)
                        .count();
                    assert_eq!(reached as u32, live, "{name} {percent}%: one piece");
                }
            }
        }
        let grid = generate(
            "kruskal",
            Params::on(Shape::parse("square", "5x5", None).unwrap(), 1),
        )
        .unwrap();
        assert!(sparsify(&grid, 101, 1)
            .unwrap_err()
            .to_string()
            .contains("0 to 100"));
        // All of it: two cells stay.
        assert_eq!(sparsify(&grid, 100, 1).unwrap().shape().live_cells(), 2);
    }

    /// The pass in the event stream (animated or instant) turns the same
    /// cells to rock as `sparsify` after the plain run, braided or not,
    /// mirrored or not, on every shape it runs on.
    #[test]
    fn the_pass_in_the_stream_makes_the_maze_sparsify_makes() {
        use crate::generate::{symmetry::Symmetry, Generator};
        for (algorithm, name, size, braid, symmetry) in [
            ("backtracker", "square", "20x15", 0, None),
            ("kruskal", "square", "16x12", 40, None),
            ("wilson", "hex", "12x10", 0, None),
            ("recursive-division", "square", "12x10", 0, None),
            ("prim", "polar", "6", 0, None),
            ("growing-tree", "3d", "5x5x3", 0, None),
            ("backtracker", "square", "12x10", 0, Some(Symmetry::X)),
        ] {
            let shape = Shape::parse(name, size, None).unwrap();
            for seed in 0..4 {
                for percent in [1, 30, 80, 100] {
                    let plain = Params {
                        braid,
                        symmetry,
                        ..Params::on(shape.clone(), seed)
                    };
                    let want =
                        sparsify(&generate(algorithm, plain.clone()).unwrap(), percent, seed)
                            .unwrap();
                    let params = Params {
                        sparse: percent,
                        ..plain
                    };
                    for visuals in [false, true] {
                        let mut run =
                            Generator::by_name(algorithm, params.clone(), visuals).unwrap();
                        let mut grid = run.initial_grid();
                        if visuals {
                            for event in run.by_ref() {
                                grid.apply(&event);
                            }
                        } else {
                            run.finish_into(&mut grid);
                        }
                        assert_eq!(
                            rock_masked(&grid).unwrap(),
                            want,
                            "{algorithm} on {name} {size}, braid {braid}, {symmetry:?}, seed {seed}, {percent}%, visuals {visuals}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn rock_and_weave_are_refused_together() {
        let shape = Shape::parse("square", "8x6", None).unwrap();
        let params = Params {
            weave: true,
            sparse: 30,
            ..Params::on(shape.clone(), 2)
        };
        let refused = crate::generate::Generator::by_name("backtracker", params, false);
        assert!(refused.err().unwrap().to_string().contains("no weave"));
        let woven = generate(
            "backtracker",
            Params {
                weave: true,
                ..Params::on(shape, 2)
            },
        )
        .unwrap();
        assert!(sparsify(&woven, 30, 2).is_err());
        assert_eq!(
            sparsify(&woven, 0, 2).unwrap(),
            woven,
            "no rock, no refusal"
        );
    }
}
