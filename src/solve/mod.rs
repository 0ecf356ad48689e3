//! The solvers: step iterators over the same event vocabulary as the
//! generators (cells marked explored, on the path, dead), each in its own
//! file, and [`Solver`], which drives any of them on a copy of a maze.
//!
//! Every solver works on any maze, loops included. Where a method cannot
//! guarantee an answer (a wall follower between two inner cells can circle,
//! a random mouse can wander), it detects that and ends with
//! [`Outcome::NotFound`] instead of running forever.

mod astar;
mod bfs;
mod bidirectional_bfs;
mod blind_alley_filler;
mod blind_alley_sealer;
mod blind_alleys;
mod chain;
mod cheapest_first;
mod collision;
mod cul_de_sac_filler;
mod dead_end_filler;
mod dfs;
mod dijkstra;
mod greedy_best_first;
mod iddfs;
mod longest_path;
mod pledge;
mod random_mouse;
mod recorded;
mod shortest_paths;
mod tremaux;
mod wall_follower;

use crate::error::MazeError;
use crate::event::{Event, Mark};
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::{Batch, Stream};

/// How a search ended, or that it has not yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still looking.
    Searching,
    /// The path from start to goal, both included, through openings.
    Found(Vec<Cell>),
    /// Why this method found no path.
    NotFound(String),
}

impl Outcome {
    /// No path: the goal lies in another piece of the maze.
    pub fn unreachable() -> Outcome {
        Outcome::NotFound("the goal cannot be reached from the start".into())
    }
}

/// A solver's state between steps, and its result.
pub trait Solve: Batch + SolveClone {
    /// What the search has found so far.
    fn outcome(&self) -> &Outcome;
}

/// A boxed copy of a solver mid-run (a solve's timeline checkpoints it).
pub trait SolveClone {
    /// A copy of the solver, at the same point of its run.
    fn clone_solve(&self) -> Box<dyn Solve>;
}

impl<T: Solve + Clone + 'static> SolveClone for T {
    fn clone_solve(&self) -> Box<dyn Solve> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Solve> {
    fn clone(&self) -> Box<dyn Solve> {
        self.clone_solve()
    }
}

/// A registry entry: the CLI and URL name, and how to start it.
pub struct SolverInfo {
    /// The solver's name.
    pub name: &'static str,
    /// One line on how it works and which mazes it handles.
    pub description: &'static str,
    /// What it promises on any maze, loops included.
    pub promise: Promise,
    make: fn(Grid, Cell, Cell) -> Box<dyn Solve>,
}

/// What a solver's method guarantees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promise {
    /// A shortest path whenever the goal can be reached.
    Shortest,
    /// A cheapest path by the cells' weights whenever the goal can be
    /// reached: on an unweighted maze, a shortest one.
    Cheapest,
    /// Some path whenever the goal can be reached.
    Path,
    /// A path or "no path found by this method" (wall followers circling,
    /// the random mouse giving up): never a hang.
    PathOrGiveUp,
}

impl Promise {
    /// Whether the method finds a shortest path on an unweighted maze.
    pub fn is_shortest(self) -> bool {
        matches!(self, Promise::Shortest | Promise::Cheapest)
    }
}

/// A person's own solver (the Code view); it is made from its recording
/// (`Solver::program`), never from the registry's `make`.
pub static PROGRAM_SOLVER: SolverInfo = SolverInfo {
    name: "program",
    description: "your own solver, written in the Code view and run in a worker",
    promise: Promise::PathOrGiveUp,
    make: |grid, _, _| {
        Box::new(recorded::RecordedSolve::new(
            std::sync::Arc::new(crate::program::Log::empty(grid.shape())),
            Outcome::NotFound("no program has run".into()),
        ))
    },
};

/// Every solver, in the order the CLI lists them.
pub static SOLVERS: &[SolverInfo] = &[
    SolverInfo {
        name: "bfs",
        description: "breadth-first search from the start: always a shortest path, on any maze",
        promise: Promise::Shortest,
        make: bfs::Bfs::boxed,
    },
    SolverInfo {
        name: "dfs",
        description: "depth-first search with backtracking: finds a path on any maze, not always the shortest",
        promise: Promise::Path,
        make: dfs::Dfs::boxed,
    },
    SolverInfo {
        name: "dijkstra",
        description: "Dijkstra's algorithm: the cheapest way on a weighted maze (each cell entered costs its weight), the shortest on an unweighted one",
        promise: Promise::Cheapest,
        make: dijkstra::boxed,
    },
    SolverInfo {
        name: "astar",
        description: "A* with the Manhattan distance: a shortest path (the cheapest on a weighted maze), exploring toward the goal first",
        promise: Promise::Cheapest,
        make: astar::boxed,
    },
    SolverInfo {
        name: "bidirectional-bfs",
        description: "breadth-first sweeps from both ends, growing the smaller frontier, until they meet: a shortest path, fewer cells looked at",
        promise: Promise::Shortest,
        make: bidirectional_bfs::BidirectionalBfs::boxed,
    },
    SolverInfo {
        name: "greedy-best-first",
        description: "always explores the cell that looks nearest the goal: fast when the way is direct, not always shortest",
        promise: Promise::Path,
        make: greedy_best_first::GreedyBestFirst::boxed,
    },
    SolverInfo {
        name: "iddfs",
        description: "iterative deepening depth-first search: depth-first rounds with a limit raised by one each time; shortest, holding only its path",
        promise: Promise::Shortest,
        make: iddfs::Iddfs::boxed,
    },
    SolverInfo {
        name: "wall-follower",
        description: "left hand on the wall: works on perfect mazes; with loops it can circle, which is detected",
        promise: Promise::PathOrGiveUp,
        make: wall_follower::WallFollower::left_hand,
    },
    SolverInfo {
        name: "wall-follower-right",
        description: "right hand on the wall: as wall-follower, mirrored",
        promise: Promise::PathOrGiveUp,
        make: wall_follower::WallFollower::right_hand,
    },
    SolverInfo {
        name: "pledge",
        description: "the Pledge algorithm: walk toward the goal, follow walls counting turns, let go when the count is back to zero; leaves islands, finds the outer edge, not always an inner goal",
        promise: Promise::PathOrGiveUp,
        make: pledge::Pledge::boxed,
    },
    SolverInfo {
        name: "chain",
        description: "Pullen's chain algorithm: follow a guide line to the goal, send two wall-following robots round each wall in the way; short, not always shortest",
        promise: Promise::PathOrGiveUp,
        make: chain::Chain::boxed,
    },
    SolverInfo {
        name: "tremaux",
        description: "Tremaux: mark each passage as you pass; never take a passage marked twice; any maze",
        promise: Promise::Path,
        make: tremaux::Tremaux::boxed,
    },
    SolverInfo {
        name: "dead-end-filler",
        description: "fill dead ends until only the way through is left (mazelib's transmuter), then walk it",
        promise: Promise::Shortest,
        make: dead_end_filler::DeadEndFiller::boxed,
    },
    SolverInfo {
        name: "random-mouse",
        description: "a random walk that avoids turning back; slow, and gives up after a bounded number of moves",
        promise: Promise::PathOrGiveUp,
        make: random_mouse::RandomMouse::boxed,
    },
    SolverInfo {
        name: "collision",
        description: "Pullen's collision solver: floods from both ends at once until the fronts collide; marks every meeting point of the shortest paths",
        promise: Promise::Shortest,
        make: collision::Collision::boxed,
    },
    SolverInfo {
        name: "shortest-paths",
        description: "every shortest path at once: cells whose distances from start and to goal add up to the shortest",
        promise: Promise::Shortest,
        make: shortest_paths::ShortestPaths::boxed,
    },
    SolverInfo {
        name: "cul-de-sac-filler",
        description: "Pullen's cul-de-sac filler: fills dead ends and nooses (loops hung off a single passage), then walks what is left",
        promise: Promise::Shortest,
        make: cul_de_sac_filler::boxed,
    },
    SolverInfo {
        name: "blind-alley-filler",
        description: "Pullen's blind alley filler: fills every part no way to the goal can use, leaving all solutions of any length",
        promise: Promise::Shortest,
        make: blind_alley_filler::boxed,
    },
    SolverInfo {
        name: "blind-alley-sealer",
        description: "Pullen's blind alley sealer: as the filler, but seals only each blind alley's stem up to its first fork",
        promise: Promise::Shortest,
        make: blind_alley_sealer::boxed,
    },
    SolverInfo {
        name: "longest-path",
        description: "the path between the two most distant cells (two breadth-first sweeps; start and goal ignored)",
        promise: Promise::Path,
        make: longest_path::LongestPath::boxed,
    },
];

/// The registry entry for a name, or an error listing the valid names.
pub fn find(name: &str) -> Result<&'static SolverInfo, MazeError> {
    SOLVERS
        .iter()
        .find(|s| s.name == name.trim())
        .ok_or_else(|| MazeError::BadValue {
            what: "solver",
            given: name.to_string(),
            valid: SOLVERS
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// A running solver: an iterator of events ending with [`Event::Done`].
/// A copy taken mid-run goes on exactly as the original.
#[derive(Clone)]
pub struct Solver {
    info: &'static SolverInfo,
    cells: u32,
    stream: Stream<dyn Solve>,
}

impl Solver {
    /// Starts a solver on a copy of `grid`; start and goal must be cells of it.
    pub fn new(
        info: &'static SolverInfo,
        grid: &Grid,
        start: Cell,
        goal: Cell,
        visuals: bool,
    ) -> Result<Solver, MazeError> {
        for (what, cell) in [("start", start), ("goal", goal)] {
            if cell >= grid.cells() {
                return Err(MazeError::BadValue {
                    what,
                    given: cell.to_string(),
                    valid: format!("a cell index from 0 to {}", grid.cells() - 1),
                });
            }
        }
        Ok(Solver {
            info,
            cells: grid.cells(),
            stream: Stream::new((info.make)(grid.clone(), start, goal), visuals),
        })
    }

    /// Plays a program's recorded solve (its marks and moves, then the path
    /// it gave) on `grid`, as a solver named `program`.
    pub fn program(
        events: std::sync::Arc<crate::program::Log>,
        result: Outcome,
        grid: &Grid,
        visuals: bool,
    ) -> Solver {
        Solver {
            info: &PROGRAM_SOLVER,
            cells: grid.cells(),
            stream: Stream::new(
                Box::new(recorded::RecordedSolve::new(events, result)),
                visuals,
            ),
        }
    }

    /// The solver `name` on `grid` from `start` to `goal`; `visuals` asks for its marks as events.
    pub fn by_name(
        name: &str,
        grid: &Grid,
        start: Cell,
        goal: Cell,
        visuals: bool,
    ) -> Result<Solver, MazeError> {
        Solver::new(find(name)?, grid, start, goal, visuals)
    }

    /// The solver's entry in the registry.
    pub fn info(&self) -> &'static SolverInfo {
        self.info
    }

    /// The cells of the maze it runs on.
    pub fn cells(&self) -> u32 {
        self.cells
    }

    /// The next events, at most `max` of them; empty once the stream ended.
    pub fn next_chunk(&mut self, max: usize) -> &[Event] {
        self.stream.next_chunk(max)
    }

    /// The result so far.
    pub fn outcome(&self) -> &Outcome {
        self.stream.stepper().outcome()
    }

    /// Runs to the end and returns the result.
    pub fn run(&mut self) -> &Outcome {
        while !self.stream.next_chunk(usize::MAX).is_empty() {}
        self.outcome()
    }
}

impl Iterator for Solver {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        self.stream.next_chunk(1).first().copied()
    }
}

/// Runs a solver to the end without visuals and returns its outcome.
pub fn solve(name: &str, grid: &Grid, start: Cell, goal: Cell) -> Result<Outcome, MazeError> {
    let mut solver = Solver::by_name(name, grid, start, goal, false)?;
    Ok(solver.run().clone())
}

/// The marks a solver has set, so that it only reports real changes.
#[derive(Clone)]
pub(crate) struct CellMarks {
    marks: Vec<Mark>,
}

impl CellMarks {
    pub(crate) fn new(cells: u32) -> CellMarks {
        CellMarks {
            marks: vec![Mark::Blank; cells as usize],
        }
    }

    pub(crate) fn get(&self, cell: Cell) -> Mark {
        self.marks[cell as usize]
    }

    /// Sets a mark, emitting an event only if it changes.
    #[inline]
    pub(crate) fn set<R: Record>(&mut self, out: &mut R, cell: Cell, mark: Mark) {
        if self.marks[cell as usize] != mark {
            self.marks[cell as usize] = mark;
            out.mark(cell, mark);
        }
    }

    /// Marks a whole path as the final path.
    /// A search's visit: the cursor moves to `cell`, now explored; at the
    /// goal, the path `path_to` gives is marked (step 2 of the searches'
    /// lists) and returned as the outcome.
    pub(crate) fn explore<R: Record>(
        &mut self,
        out: &mut R,
        cell: Cell,
        goal: Cell,
        path_to: impl FnOnce() -> Vec<Cell>,
    ) -> Option<Outcome> {
        out.cursor(cell);
        self.set(out, cell, Mark::Explored);
        if cell != goal {
            return None;
        }
        out.phase(2);
        Some(self.found(out, path_to()))
    }

    /// A best-first search's visit of the cell its queue gave (`None`: the
    /// queue ran dry, the goal unreachable): explored, or the search's
    /// end, the goal's path walked back through `parent`.
    pub(crate) fn visit_queued<R: Record>(
        &mut self,
        out: &mut R,
        queued: Option<Cell>,
        goal: Cell,
        parent: &[u32],
    ) -> Result<Cell, Outcome> {
        let cell = queued.ok_or_else(Outcome::unreachable)?;
        match self.explore(out, cell, goal, || path_from_parents(parent, cell)) {
            Some(found) => Err(found),
            None => Ok(cell),
        }
    }

    /// Marks the final path and gives it as the outcome.
    pub(crate) fn found<R: Record>(&mut self, out: &mut R, path: Vec<Cell>) -> Outcome {
        self.set_path(out, &path);
        Outcome::Found(path)
    }

    pub(crate) fn set_path<R: Record>(&mut self, out: &mut R, path: &[Cell]) {
        for &cell in path {
            self.set(out, cell, Mark::Path);
        }
    }
}

/// No parent yet.
pub(crate) const NONE: u32 = u32::MAX;

/// A breadth-first sweep, one cell per call: shared by `bfs` and
/// `longest-path`.
#[derive(Clone)]
pub(crate) struct Sweep {
    queue: Vec<Cell>,
    head: usize,
    parent: Vec<u32>,
}

impl Sweep {
    pub(crate) fn new(cells: u32, from: Cell) -> Sweep {
        let mut sweep = Sweep {
            queue: Vec::with_capacity(cells as usize),
            head: 0,
            parent: vec![NONE; cells as usize],
        };
        sweep.queue.push(from);
        sweep.parent[from as usize] = from;
        sweep
    }

    /// Takes the next cell off the queue and queues its unseen neighbours
    /// (passed to `queued`); `None` once every reachable cell is taken.
    #[inline]
    pub(crate) fn advance(&mut self, grid: &Grid, queued: impl FnMut(Cell)) -> Option<Cell> {
        self.advance_within(grid, |_| true, queued)
    }

    /// As `advance`, entering only cells for which `allowed` holds.
    #[inline]
    pub(crate) fn advance_within(
        &mut self,
        grid: &Grid,
        allowed: impl Fn(Cell) -> bool,
        mut queued: impl FnMut(Cell),
    ) -> Option<Cell> {
        let cell = *self.queue.get(self.head)?;
        self.head += 1;
        for &n in grid.open_neighbors(cell).as_slice() {
            if self.parent[n as usize] == NONE && allowed(n) {
                self.parent[n as usize] = cell;
                self.queue.push(n);
                queued(n);
            }
        }
        Some(cell)
    }

    /// The cell a taken cell was reached from (the origin's is itself).
    #[inline]
    pub(crate) fn parent(&self, cell: Cell) -> Cell {
        self.parent[cell as usize]
    }

    /// The path from the sweep's origin to `to`, both included.
    pub(crate) fn path_to(&self, to: Cell) -> Vec<Cell> {
        path_from_parents(&self.parent, to)
    }
}

/// Follows parent links from `to` back to the cell that is its own parent,
/// and returns that path in order, both ends included.
pub(crate) fn path_from_parents(parent: &[u32], to: Cell) -> Vec<Cell> {
    let mut path = vec![to];
    let mut cell = to;
    while parent[cell as usize] != cell {
        cell = parent[cell as usize];
        path.push(cell);
    }
    path.reverse();
    path
}

/// Two sweeps' halves joined where they met: the start's sweep's path to
/// `a`, then `b`'s path back to the goal (both kept in one parent table,
/// each cell by the sweep that reached it first; `a == b` at a lone cell).
pub(crate) fn join_halves(parent: &[u32], a: Cell, b: Cell) -> Vec<Cell> {
    let mut path = path_from_parents(parent, a);
    if a != b {
        let mut back = path_from_parents(parent, b);
        back.reverse();
        path.extend(back);
    }
    path
}

/// A walker's trail with its loops erased: a simple path from where it
/// began. Shared by the wall follower and the random mouse.
#[derive(Clone)]
pub(crate) struct Trail {
    cells: Vec<Cell>,
    on: Vec<bool>,
}

impl Trail {
    pub(crate) fn new(cells: u32) -> Trail {
        Trail {
            cells: Vec::new(),
            on: vec![false; cells as usize],
        }
    }

    /// Moves the walker to `cell`: extends the trail, or erases the loop it
    /// just closed (those cells go back to merely explored).
    pub(crate) fn step_to<R: Record>(&mut self, cell: Cell, marks: &mut CellMarks, out: &mut R) {
        out.cursor(cell);
        if self.on[cell as usize] {
            while let Some(&top) = self.cells.last() {
                if top == cell {
                    return;
                }
                self.cells.pop();
                self.on[top as usize] = false;
                marks.set(out, top, Mark::Explored);
            }
        } else {
            self.cells.push(cell);
            self.on[cell as usize] = true;
            marks.set(out, cell, Mark::Path);
        }
    }

    pub(crate) fn cells(&self) -> &[Cell] {
        &self.cells
    }
}
