//! The registry: every generator's name, description, the shapes it runs
//! on and the options it reads, and how it is started on a shape.

use super::*;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::rng::Rng;
use crate::shape::{Dims, Shape};

/// Builds a generic generator for the params' shape with that tiling's own
/// type: `Dims` for a plain square (its tuned loops), `Hex`, `Polar`,
/// natively also `Wrap`, `Triangle`, `Stack`, `Cube`, `Upsilon` and `Crack`, and
/// `Shape` (which checks the mask)
/// for the rest. Each is a monomorphised copy, so no hot path matches on
/// the kind. The browser build keeps four copies (`Dims`, `Hex`, `Polar`,
/// `Shape`: wrapped squares and triangles go through `Shape`, which draws
/// the same mazes; a test checks it), since every copy adds to the module
/// the page downloads, and hexagons and rings are its biggest shapes. The
/// first-visit module (`feature = "first"`) keeps one, `Shape`, for every
/// shape.
macro_rules! on_shape {
    ($params:expr, $shape:ident => $body:expr) => {{
        #[allow(unused_imports)] // the first-visit module has one arm
        use $crate::shape::Kind;
        match (&$params.shape.kind, &$params.shape.mask) {
            #[cfg(not(feature = "first"))]
            (Kind::Square(w), None) if !w.wraps() => {
                let $shape = w.dims;
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(feature = "first"))]
            (Kind::Hex(h), None) => {
                let $shape = *h;
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(feature = "first"))]
            (Kind::Polar(p), None) => {
                let $shape = p.clone();
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Kind::Square(w), None) => {
                let $shape = *w;
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Kind::Triangle(t), None) => {
                let $shape = *t;
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Kind::Stack(s), None) => {
                let $shape = *s;
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Kind::Cube(c), None) => {
                let $shape = *c;
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Kind::Upsilon(u), None) => {
                let $shape = *u;
                $body as Box<dyn $crate::stream::Step>
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Kind::Crack(c), None) => {
                let $shape = c.clone();
                $body as Box<dyn $crate::stream::Step>
            }
            _ => {
                let $shape = $params.shape.clone();
                $body as Box<dyn $crate::stream::Step>
            }
        }
    }};
}
pub(crate) use on_shape;

/// How a registry entry starts its stepper on a params' shape.
pub(super) type Maker = fn(&Params) -> Box<dyn Step>;

/// Where an algorithm runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// On every shape: it needs only cells and neighbours.
    Everywhere,
    /// On plain square grids only: it works by rows and columns.
    PlainSquare,
}

/// Which option an algorithm reads from [`Params`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// No option.
    None,
    /// The growing tree's pop strategy.
    Pop,
    /// The binary tree's bias.
    Bias,
}

/// A registry entry: the name used by the CLI and URLs, and how to start it.
pub struct Algorithm {
    /// The CLI and URL name, e.g. `growing-tree`.
    pub name: &'static str,
    /// One line on how it works and what its mazes look like.
    pub description: &'static str,
    /// What its `Frontier` marks are (stack, frontier, run...), for the legend.
    pub working_set: &'static str,
    /// Whether it starts from an open grid and builds walls.
    pub starts_open: bool,
    /// The option it reads.
    pub knob: Knob,
    /// The shapes it runs on.
    pub runs: Reach,
    /// The most cells it takes (`u32::MAX`: any size).
    pub max_cells: u32,
    /// Whether both sides must be even (the unicursal labyrinth's 2 x 2 blocks).
    pub even_sides: bool,
    /// Which texture controls steer it (`steer::RUN`, `steer::GRAIN`).
    pub steers: u8,
    /// How it starts; `None` in the first-visit module for an algorithm
    /// it leaves to the full one (`FIRST_MODULE`).
    pub(super) make: Option<Maker>,
}

impl std::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// A registry entry is built from its name, description and constructor;
/// what differs from the common case (marks named, walls built, a knob,
/// plain squares only, a size cap, even sides) is said by a call each.
impl Algorithm {
    const fn new(name: &'static str, description: &'static str, make: Maker) -> Algorithm {
        Algorithm {
            name,
            description,
            working_set: "",
            starts_open: false,
            knob: Knob::None,
            runs: Reach::Everywhere,
            max_cells: u32::MAX,
            even_sides: false,
            steers: 0,
            make: if cfg!(feature = "first") && !in_first_module(name) {
                None
            } else {
                Some(make)
            },
        }
    }

    /// Whether this module can run it (every algorithm does in the full
    /// module; the first-visit module leaves some to it).
    pub fn runs_here(&self) -> bool {
        self.make.is_some()
    }

    /// Its stepper on `params`. Only an algorithm that `runs_here` starts:
    /// `Generator::by_name` refuses the others, and the page hands a link
    /// naming one to the full module before it builds anything.
    pub(super) fn start(&self, params: &Params) -> Box<dyn Step> {
        let make = self
            .make
            .expect("only an algorithm this module runs is started (by_name checks)");
        make(params)
    }

    /// What its `Frontier` marks are (stack, frontier, run...).
    const fn marks(mut self, working_set: &'static str) -> Algorithm {
        self.working_set = working_set;
        self
    }

    /// It starts from an open grid and builds walls.
    const fn starts_open(mut self) -> Algorithm {
        self.starts_open = true;
        self
    }

    const fn knob(mut self, knob: Knob) -> Algorithm {
        self.knob = knob;
        self
    }

    /// It works by rows and columns.
    const fn plain_square_only(mut self) -> Algorithm {
        self.runs = Reach::PlainSquare;
        self
    }

    const fn max_cells(mut self, max_cells: u32) -> Algorithm {
        self.max_cells = max_cells;
        self
    }

    /// The texture controls that steer it (`steer::RUN | steer::GRAIN`).
    const fn steers(mut self, controls: u8) -> Algorithm {
        self.steers = controls;
        self
    }

    const fn even_sides(mut self) -> Algorithm {
        self.even_sides = true;
        self
    }
}

impl Algorithm {
    /// The nearest square size it takes at or above `dims` (sides made even
    /// for the unicursal labyrinth); other sizes as they are.
    pub fn fitting(&self, dims: Dims) -> Dims {
        if !self.even_sides {
            return dims;
        }
        let up = |n: u32| (n + n % 2).min(crate::shape::MAX_SIDE - crate::shape::MAX_SIDE % 2);
        Dims::new(up(dims.width), up(dims.height)).expect("an even size in range")
    }

    /// The grid this algorithm's events apply to.
    pub fn initial_grid(&self, shape: &Shape) -> Grid {
        if self.starts_open {
            Grid::open_shape(shape.clone())
        } else {
            Grid::closed_shape(shape.clone())
        }
    }

    /// Whether it runs on this shape.
    pub fn runs_on(&self, shape: &Shape) -> bool {
        self.runs == Reach::Everywhere || shape.plain_square().is_some()
    }

    /// The shapes it runs on, for messages and `mazelab list --shape`.
    pub fn shapes(&self) -> &'static str {
        match self.runs {
            Reach::Everywhere => {
                "square (also wrapped or masked), polar, hex, triangle, 3d, 4d, cube, upsilon"
            }
            Reach::PlainSquare => "square (plain: no wrap, no mask)",
        }
    }
}

/// A person's program (the page's Code tab), as the registry describes
/// it: it runs on every shape, and its run is recorded before it is played
/// (`Generator::program`), so it is made from its recording, not from the
/// params (an empty one here).
pub static PROGRAM: Algorithm = Algorithm::new(
    "program",
    "your own generator, written in the Code tab and run in a worker",
    |params| {
        Box::new(crate::program::Replay::new(std::sync::Arc::new(
            crate::program::Log::empty(&params.shape),
        )))
    },
);

/// The same for a program that starts from an open maze (`maze.openAll()`).
pub static PROGRAM_ON_OPEN: Algorithm = Algorithm::new(
    "program",
    "your own generator, written in the Code tab and run in a worker",
    |params| {
        Box::new(crate::program::Replay::new(std::sync::Arc::new(
            crate::program::Log::empty(&params.shape),
        )))
    },
)
.starts_open();

/// A registry entry's constructor for a generator that runs on every
/// shape: `Type::new(shape, params)` on the params' tiling (`on_shape!`).
macro_rules! every_shape {
    ($module:ident::$type:ident) => {
        |params| on_shape!(params, shape => Box::new($module::$type::new(shape, params)))
    };
}

/// The algorithms the first-visit module carves itself (`feature =
/// "first"`): the page's default and the common ones a link names; the
/// rest arrive with the full module.
const FIRST_MODULE: &[&str] = &["growing-tree", "backtracker", "prim", "wilson"];

/// Whether `name` is in `FIRST_MODULE` (a `const fn`, so that the
/// registry's table leaves the others' code out of that module).
const fn in_first_module(name: &str) -> bool {
    let mut i = 0;
    while i < FIRST_MODULE.len() {
        let (a, b) = (FIRST_MODULE[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// Every generator, in the order the CLI lists them.
pub static ALGORITHMS: &[Algorithm] = &[
    Algorithm::new(
        "growing-tree",
        "Norvig's random_tree: pop a cell from the frontier (newest, oldest, random, middle or a mix) and link a random unvisited neighbour",
        growing_tree::boxed,
    )
    .marks("frontier")
    .knob(Knob::Pop)
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "backtracker",
        "recursive backtracker: a random walk that backs up along its stack when stuck; long winding corridors, few dead ends",
        every_shape!(backtracker::Backtracker),
    )
    .marks("stack")
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "kruskal",
        "randomized Kruskal: remove walls in random order when they join two sets (union-find); many short dead ends",
        kruskal::boxed,
    )
    .steers(steer::GRAIN),
    Algorithm::new(
        "prim",
        "simplified Prim: attach a random frontier cell to the maze; radial texture, many short dead ends",
        prim::boxed,
    )
    .marks("frontier")
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "true-prim",
        "true Prim: random wall weights, always open the lightest wall on the frontier (bucket queue); spiky, branchy texture",
        every_shape!(true_prim::TruePrim),
    )
    .marks("frontier")
    .steers(steer::GRAIN),
    Algorithm::new(
        "cheapest-cell",
        "Prim over random cell costs (Buck's true Prim): the cheapest active cell links to its cheapest unvisited neighbour; a thicket of short stubs, the most dead ends",
        every_shape!(cheapest_cell::CheapestCell),
    )
    .marks("active")
    .steers(steer::GRAIN),
    Algorithm::new(
        "aldous-broder",
        "Aldous-Broder: a random walk that carves into every cell it enters first; uniform spanning tree, slow to finish",
        |params| {
            on_shape!(params, shape => Box::new(aldous_broder::AldousBroder::new(shape, Rng::new(params.seed)).steered(steer::Steering::of(params))))
        },
    )
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "wilson",
        "Wilson: loop-erased random walks until they hit the maze; uniform spanning tree, slow start, fast finish",
        every_shape!(wilson::Wilson),
    )
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "growing-forest",
        "growing forest (Pullen): several trees grow at once from scattered roots, then join at random walls between them",
        every_shape!(growing_forest::GrowingForest),
    )
    .marks("frontier")
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "boruvka",
        "Boruvka with random weights: every tree opens its lightest wall to another, in a few big rounds; Kruskal's texture",
        every_shape!(boruvka::Boruvka),
    )
    .steers(steer::GRAIN),
    Algorithm::new(
        "reverse-delete",
        "reverse-delete: start open, put walls back in random order wherever the cells stay connected; Kruskal in reverse, up to 64x64 cells",
        every_shape!(reverse_delete::ReverseDelete),
    )
    .starts_open()
    .max_cells(reverse_delete::MAX_CELLS)
    .steers(steer::GRAIN),
    Algorithm::new(
        "unicursal",
        "unicursal labyrinth (Pullen): one path through every cell, walking round the walls of a half-size maze; even sides only",
        unicursal::boxed,
    )
    .plain_square_only()
    .even_sides(),
    Algorithm::new(
        "blobby-division",
        "blobby division (Buck): start open, split each region into two randomly grown blobs with one door between; wandering walls, any shape",
        every_shape!(blobby_division::BlobbyDivision),
    )
    .marks("the two blobs")
    .starts_open()
    .steers(steer::GRAIN),
    Algorithm::new(
        "fractal",
        "fractal tessellation (Pullen): four copies of the maze so far tiled 2 x 2 and joined by three doors, again and again; self-similar",
        fractal::boxed,
    )
    .plain_square_only(),
    Algorithm::new(
        "houston",
        "Houston: Aldous-Broder until a third of the cells are in, then Wilson; faster than either alone, and nearly (not exactly) uniform",
        every_shape!(houston::Houston),
    )
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "origin-shift",
        "origin shift (CaptainLuma): every cell points toward a moving origin; the maze rewires until every cell has been the origin, which makes it uniform",
        every_shape!(origin_shift::OriginShift),
    )
    .marks("origin")
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "hunt-and-kill",
        "hunt-and-kill: random walk until stuck, then hunt for the first unvisited cell beside the maze; long corridors",
        every_shape!(hunt_and_kill::HuntAndKill),
    )
    .steers(steer::RUN | steer::GRAIN),
    Algorithm::new(
        "eller",
        "Eller: one row at a time with sets of connected cells; memory grows with the width only",
        eller::Eller::boxed,
    )
    .plain_square_only(),
    Algorithm::new(
        "binary-tree",
        "binary tree: every cell opens one of two biased directions; two open border corridors, diagonal texture",
        binary_tree::BinaryTree::boxed,
    )
    .knob(Knob::Bias)
    .plain_square_only(),
    Algorithm::new(
        "sidewinder",
        "sidewinder: carve runs east, close each run by opening north from one of its cells; one open top corridor",
        sidewinder::Sidewinder::boxed,
    )
    .marks("run")
    .plain_square_only(),
    Algorithm::new(
        "recursive-division",
        "recursive division: start open, split each chamber with a wall that has one gap; long straight walls, boxy",
        recursive_division::RecursiveDivision::boxed,
    )
    .starts_open()
    .plain_square_only(),
    Algorithm::new(
        "cellular-automaton",
        "Maze-rule (B3/S12345) automaton on the walls for a few generations, then a repair pass makes it perfect",
        cellular_automaton::CellularAutomaton::boxed,
    )
    .plain_square_only(),
    Algorithm::new(
        "mazectric",
        "Mazectric-rule (B3/S1234) automaton on the walls, then the same repair: longer, straighter corridors than the Maze rule",
        cellular_automaton::CellularAutomaton::mazectric,
    )
    .plain_square_only(),
    Algorithm::new(
        "brain",
        "Spurrier's fractal brain maze: four sub-mazes joined by three openings across the dividing cross, recursively",
        brain::Brain::boxed,
    )
    .plain_square_only(),
];

/// The registry entry for a name, or an error listing the valid names.
/// `program` finds the person's own generator (`PROGRAM`), which the lists
/// of generators leave out.
pub fn find(name: &str) -> Result<&'static Algorithm, MazeError> {
    ALGORITHMS
        .iter()
        .chain(std::iter::once(&PROGRAM))
        .find(|a| a.name == name.trim())
        .ok_or_else(|| MazeError::UnknownAlgorithm {
            name: name.to_string(),
            valid: ALGORITHMS.iter().map(|a| a.name).collect(),
        })
}

/// Whether `algorithm` runs on `shape`, or an error naming where it does.
pub fn check_shape(algorithm: &Algorithm, shape: &Shape) -> Result<(), MazeError> {
    if algorithm.runs_on(shape) {
        use crate::shape::Topology;
        if let Some(d) = shape.square_dims().filter(|_| algorithm.even_sides) {
            if d.width % 2 == 1 || d.height % 2 == 1 {
                let (w, h) = unicursal::nearest_even(d);
                return Err(MazeError::BadValue {
                    what: "size for this algorithm",
                    given: format!("{}x{} for {}", d.width, d.height, algorithm.name),
                    valid: format!(
                        "even sides (each of its cells is 2 x 2): the nearest is {w}x{h}"
                    ),
                });
            }
        }
        if shape.cells() > algorithm.max_cells {
            let side = f64::from(algorithm.max_cells).sqrt() as u32;
            return Err(MazeError::BadValue {
                what: "size for this algorithm",
                given: format!("{} cells for {}", shape.cells(), algorithm.name),
                valid: format!(
                    "at most {} cells ({side}x{side}): it searches the maze once per passage",
                    algorithm.max_cells
                ),
            });
        }
        return Ok(());
    }
    let what = if shape.plain_square().is_none() && shape.name() == "square" {
        "a wrapped or masked square"
    } else {
        shape.name()
    };
    Err(MazeError::BadValue {
        what: "algorithm for this shape",
        given: format!("{} on {what}", algorithm.name),
        valid: format!(
            "{} runs on {}; on {what} try {}",
            algorithm.name,
            algorithm.shapes(),
            ALGORITHMS
                .iter()
                .filter(|a| a.runs_on(shape))
                .map(|a| a.name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

/// Whether `algorithm` can weave on `shape`, or an error saying where
/// weaving runs.
pub fn check_weave(algorithm: &Algorithm, shape: &Shape) -> Result<(), MazeError> {
    if shape.plain_square().is_some() && weave::WEAVERS.contains(&algorithm.name) {
        return Ok(());
    }
    Err(MazeError::BadValue {
        what: "weave",
        given: format!("{} on {}", algorithm.name, shape.name()),
        valid: format!(
            "a plain square maze (no wrap, no mask) with {}",
            weave::WEAVERS.join(", ")
        ),
    })
}

/// The generators that run on a shape, in registry order.
pub fn available_on(shape: &Shape) -> impl Iterator<Item = &'static Algorithm> + '_ {
    // The shape's kind and its size (some algorithms cap or shape the size).
    ALGORITHMS
        .iter()
        .filter(move |a| check_shape(a, shape).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Counts;
    use crate::shape::Shape;
    use crate::stream::finish_by_events;

    /// The first-visit module builds by applying each event
    /// (`stream::finish_by_events`); it must give every generator's maze
    /// and counts exactly as the instant build's fast path does.
    #[test]
    fn building_by_events_gives_the_instant_builds_maze_and_counts() {
        let shapes = [
            Shape::parse("square", "13x9", None).unwrap(),
            Shape::parse("square", "8x6", Some("xy")).unwrap(),
            Shape::parse("hex", "7x6", None).unwrap(),
            Shape::parse("triangle", "9x6", None).unwrap(),
            Shape::parse("polar", "5", None).unwrap(),
            Shape::parse("3d", "5x4x3", None).unwrap(),
        ];
        let mut checked = 0;
        for algorithm in ALGORITHMS {
            for shape in &shapes {
                if check_shape(algorithm, shape).is_err() {
                    continue;
                }
                for seed in [1, 77] {
                    let params = Params::on(shape.clone(), seed);
                    let mut fast = algorithm.start(&params);
                    let mut by_events = fast.clone();
                    let mut fast_grid = algorithm.initial_grid(shape);
                    let mut event_grid = fast_grid.clone();
                    let (mut fast_counts, mut event_counts) =
                        (Counts::default(), Counts::default());
                    fast.finish_quietly(&mut fast_grid, &mut fast_counts);
                    finish_by_events(&mut *by_events, &mut event_grid, &mut event_counts);
                    let what = format!("{} on {} seed {seed}", algorithm.name, shape.name());
                    assert!(fast_grid == event_grid, "{what}: the mazes differ");
                    assert_eq!(
                        (fast_counts.written, fast_counts.skipped, fast_counts.at),
                        (event_counts.written, event_counts.skipped, event_counts.at),
                        "{what}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked} builds compared");
    }
}
