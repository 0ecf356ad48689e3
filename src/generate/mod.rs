//! The generators: a registry of names and descriptions, and [`Generator`],
//! the step iterator that drives any of them.
//!
//! Each algorithm implements [`Stepper`]: one call makes one small change
//! and records it (`record::Record`), written once for both ways a run
//! goes: as events `Generator` buffers and hands out, ending with
//! [`Event::Done`], or as an instant build straight into the maze. A fast
//! path for a plain square sits beside its algorithm, marked as such, and
//! `tests/generators.rs` holds it equal to stepping.

mod after;
mod aldous_broder;
mod backtracker;
pub mod binary_tree;
mod blobby_division;
mod blobby_kept;
mod boruvka;
mod braid;
mod brain;
mod carve_list;
mod cellular_automaton;
mod cheapest_cell;
mod eller;
mod fractal;
pub mod frontier;
mod growing_forest;
mod growing_tree;
mod houston;
mod hunt_and_kill;
mod kruskal;
mod mirror;
mod origin_shift;
pub mod pop;
mod prim;
mod recursive_division;
mod reverse_delete;
mod shared_shuffle;
mod sidewinder;
pub mod sparse;
pub mod steer;
pub mod symmetry;
pub mod texture;
mod true_prim;
mod unicursal;
mod wall_list;
pub mod weave;
mod weave_kruskal;
mod wilson;

use crate::error::MazeError;
use crate::event::Event;
use crate::grid::Grid;
use crate::record::{Counts, Marks};
use crate::rng::Rng;
use crate::shape::Dims;
use crate::shape::Shape;
use crate::stream::{Replayed, Stream};

pub use crate::stream::{Step, Stepper};

pub use binary_tree::Bias;
pub use pop::PopSpec;

/// Everything a generator needs to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// The maze's shape.
    pub shape: Shape,
    /// The seed every random choice is drawn from.
    pub seed: u64,
    /// The pop strategy of `growing-tree`; other algorithms ignore it.
    pub pop: PopSpec,
    /// The bias of `binary-tree`; other algorithms ignore it.
    pub bias: Bias,
    /// The share of dead ends (0 to 100) the braiding pass removes after
    /// the algorithm, giving the maze loops; 0 leaves it perfect.
    pub braid: u8,
    /// Let passages run under straight cells (plain squares, with the
    /// generators in `weave::WEAVERS`).
    pub weave: bool,
    /// The run and the grain (`steer`): how the random choices are
    /// steered; neutral by default.
    pub steer: steer::Steer,
    /// Build the maze as its own mirror image or half turn (plain squares,
    /// `symmetry.rs`): the generator carves a part, shown on its images.
    pub symmetry: Option<symmetry::Symmetry>,
    /// The share of cells (0 to 100) the sparseness pass turns to rock
    /// after the algorithm (and braiding), `sparse.rs`; the finished
    /// maze's rock is what `sparse::rock_masked` masks off.
    pub sparse: u8,
}

impl Params {
    /// Default options (`newest` pop, `NW` bias) for a square and a seed.
    pub fn new(dims: Dims, seed: u64) -> Params {
        Params::on(Shape::square(dims), seed)
    }

    /// Columns and rows: what the row-and-column algorithms read (they run
    /// on plain squares only); other shapes report their size.
    pub fn dims(&self) -> Dims {
        self.shape.square_dims().unwrap_or_else(|| {
            let (w, h) = self.shape.size();
            Dims::new(
                w.clamp(1, crate::shape::MAX_SIDE),
                h.clamp(1, crate::shape::MAX_SIDE),
            )
            .expect("clamped to the valid range")
        })
    }

    /// Default options on any shape.
    pub fn on(shape: Shape, seed: u64) -> Params {
        Params {
            shape,
            seed,
            pop: PopSpec::default(),
            bias: Bias::default(),
            braid: 0,
            weave: false,
            steer: steer::Steer::default(),
            symmetry: None,
            sparse: 0,
        }
    }
}

/// Builds a generic generator for the params' shape with that tiling's own
/// type: `Dims` for a plain square (its tuned loops), `Hex`, `Polar`,
/// natively also `Wrap`, `Triangle`, `Stack`, `Cube` and `Upsilon`, and
/// `Shape` (which checks the mask)
/// for the rest. Each is a monomorphised copy, so no hot path matches on
/// the kind. The browser build keeps four copies (`Dims`, `Hex`, `Polar`,
/// `Shape`: wrapped squares and triangles go through `Shape`, which draws
/// the same mazes; a test checks it), since every copy adds to the module
/// the page downloads, and hexagons and rings are its biggest shapes (the
/// README gives the sizes).
macro_rules! on_shape {
    ($params:expr, $shape:ident => $body:expr) => {{
        use $crate::shape::Kind;
        match (&$params.shape.kind, &$params.shape.mask) {
            (Kind::Square(w), None) if !w.wraps() => {
                let $shape = w.dims;
                $body as Box<dyn $crate::stream::Step>
            }
            (Kind::Hex(h), None) => {
                let $shape = *h;
                $body as Box<dyn $crate::stream::Step>
            }
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
            _ => {
                let $shape = $params.shape.clone();
                $body as Box<dyn $crate::stream::Step>
            }
        }
    }};
}
pub(crate) use on_shape;

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
    make: fn(&Params) -> Box<dyn Step>,
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
    const fn new(
        name: &'static str,
        description: &'static str,
        make: fn(&Params) -> Box<dyn Step>,
    ) -> Algorithm {
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
            make,
        }
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

/// Who wrote a generator: the registry (a built-in), or a person, whose
/// program's recorded run plays (`Generator::program`).
#[derive(Clone)]
pub enum Author {
    /// A generator of the registry.
    Builtin(&'static Algorithm),
    /// A program's recorded run (the Code view), played back.
    Recorded {
        /// The run's events.
        events: std::sync::Arc<crate::program::Log>,
        /// Whether the program opened every wall first.
        starts_open: bool,
        /// Where the run ends, if known (an instant build takes it).
        ending: Option<std::sync::Arc<crate::program::Ending>>,
    },
}

impl Author {
    /// A generator by this author on the params.
    pub fn start(&self, params: Params, visuals: bool) -> Generator {
        match self {
            Author::Builtin(algorithm) => Generator::new(algorithm, params, visuals),
            Author::Recorded {
                events,
                starts_open,
                ending,
            } => Generator::program(
                events.clone(),
                *starts_open,
                ending.clone(),
                params,
                visuals,
            ),
        }
    }

    /// The registry entry it runs as (`PROGRAM` for a recording).
    pub fn algorithm(&self) -> &'static Algorithm {
        match self {
            Author::Builtin(algorithm) => algorithm,
            Author::Recorded {
                starts_open: true, ..
            } => &PROGRAM_ON_OPEN,
            Author::Recorded { .. } => &PROGRAM,
        }
    }
}

/// A running generator: an iterator of events ending with [`Event::Done`].
/// A clone taken at any point makes exactly the events the original makes
/// from there (a timeline's checkpoint).
#[derive(Clone)]
pub struct Generator {
    algorithm: &'static Algorithm,
    params: Params,
    stream: Stream<dyn Step>,
}

impl Generator {
    /// Starts `algorithm`. With `visuals` off, only carving and building
    /// events (and the final `Done`) are produced: the instant mode.
    pub fn new(algorithm: &'static Algorithm, params: Params, visuals: bool) -> Generator {
        if let Some(symmetry) = params.symmetry {
            return Generator::mirrored(algorithm, params, symmetry, visuals);
        }
        let woven = params
            .weave
            .then(|| weave::boxed(algorithm.name, &params))
            .flatten();
        let stepper = woven.unwrap_or_else(|| (algorithm.make)(&params));
        Generator::with_stepper(algorithm, stepper, params, visuals)
    }

    /// A symmetric maze: the algorithm (braided, if asked) on the part the
    /// symmetry keeps, shown on its images (`mirror.rs`). A size the
    /// symmetry cannot halve runs unmirrored (`by_name` refuses it first).
    fn mirrored(
        algorithm: &'static Algorithm,
        params: Params,
        symmetry: symmetry::Symmetry,
        visuals: bool,
    ) -> Generator {
        let plain = Params {
            symmetry: None,
            ..params.clone()
        };
        // The part is carved (and braided) alone; rock comes after the
        // images are joined.
        let part_only = Params {
            sparse: 0,
            ..plain.clone()
        };
        let Some((dims, part)) = symmetry::check(&params.shape, symmetry)
            .ok()
            .and_then(|d| Some((d, symmetry::part(d, symmetry).ok()?)))
        else {
            return Generator::new(algorithm, plain, visuals);
        };
        let part_params = Params {
            shape: Shape::square(part),
            weave: false,
            ..part_only
        };
        let mut inner = (algorithm.make)(&part_params);
        if part_params.braid > 0 {
            let grid = algorithm.initial_grid(&part_params.shape);
            inner = Box::new(braid::after(
                inner,
                grid,
                part_params.braid,
                part_params.seed,
            ));
        }
        let mut stepper: Box<dyn Step> = Box::new(mirror::Mirror::new(
            inner,
            dims,
            part,
            symmetry,
            params.seed,
            algorithm.starts_open,
        ));
        if params.sparse > 0 {
            let grid = algorithm.initial_grid(&params.shape);
            stepper = Box::new(sparse::after(stepper, grid, params.sparse, params.seed));
        }
        Generator {
            algorithm,
            stream: Stream::new(stepper, visuals),
            params,
        }
    }

    /// A generator around `stepper`, followed by the braiding pass when
    /// the params ask for loops.
    fn with_stepper(
        algorithm: &'static Algorithm,
        mut stepper: Box<dyn Step>,
        params: Params,
        visuals: bool,
    ) -> Generator {
        if params.braid > 0 {
            let grid = algorithm.initial_grid(&params.shape);
            stepper = Box::new(braid::after(stepper, grid, params.braid, params.seed));
        }
        // Rock would cut a woven maze's tunnels (`by_name` refuses it).
        if params.sparse > 0 && !params.weave {
            let grid = algorithm.initial_grid(&params.shape);
            stepper = Box::new(sparse::after(stepper, grid, params.sparse, params.seed));
        }
        Generator {
            algorithm,
            stream: Stream::new(stepper, visuals),
            params,
        }
    }

    /// Plays a program's recorded run (`program::decode`'s events) as a
    /// generator, on the params' shape, braided if the params say so; the
    /// run starts from an open maze if the program called `openAll` first.
    /// With its `ending` known, an instant build takes it
    /// (`program::Recorded`) instead of playing every event again.
    pub fn program(
        events: std::sync::Arc<crate::program::Log>,
        starts_open: bool,
        ending: Option<std::sync::Arc<crate::program::Ending>>,
        params: Params,
        visuals: bool,
    ) -> Generator {
        let algorithm = if starts_open {
            &PROGRAM_ON_OPEN
        } else {
            &PROGRAM
        };
        let stepper = Box::new(crate::program::Recorded::new(events, ending));
        Generator::with_stepper(algorithm, stepper, params, visuals)
    }

    /// Looks the algorithm up by name and starts it, if it runs on the
    /// params' shape.
    pub fn by_name(name: &str, params: Params, visuals: bool) -> Result<Generator, MazeError> {
        let algorithm = find(name)?;
        check_shape(algorithm, &params.shape)?;
        if params.weave {
            check_weave(algorithm, &params.shape)?;
        }
        steer::check(algorithm, &params.steer, &params.shape)?;
        sparse::check(params.sparse)?;
        if params.sparse > 0 {
            sparse::check_weave(params.weave)?;
        }
        if let Some(s) = params.symmetry {
            symmetry::check(&params.shape, s)?;
            if params.weave {
                return Err(MazeError::BadValue {
                    what: "option with a symmetry",
                    given: "weave".into(),
                    valid: "no weave: a symmetric maze is built from plain halves".into(),
                });
            }
        }
        Ok(Generator::new(algorithm, params, visuals))
    }

    /// The algorithm this generator runs.
    pub fn algorithm(&self) -> &'static Algorithm {
        self.algorithm
    }

    /// The params it was made with.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The bytes a copy of it takes that `earlier`, the copy kept before
    /// it, does not also hold (all of them without `earlier`), where its
    /// algorithm counts them (`Keep::heap_bytes`): the state and its
    /// buffered events (the params are a few bytes, and a mask is shared).
    pub fn heap_bytes(&self, earlier: Option<&Generator>) -> Option<usize> {
        let stepper = self.stream.stepper();
        let held = stepper.kept_bytes(earlier.map(|e| e.stream.stepper()))?;
        // The stepper's own box is allocated too (Kruskal's rings of walls
        // ahead make it a few hundred bytes).
        Some(held + std::mem::size_of_val(stepper) + self.stream.buffer_bytes())
    }

    /// The work its algorithm has done that made no event
    /// (`Keep::work`).
    pub fn work(&self) -> u64 {
        self.stream.stepper().work()
    }

    /// A copy to keep (a timeline's checkpoint), its working state packed
    /// where its algorithm packs it (`Keep::packed_copy`); only `unpacked`
    /// copies of it run.
    pub fn packed(&self) -> Generator {
        self.packed_after(None)
    }

    /// The same, sharing what its working state holds equal to `earlier`,
    /// the copy kept before it (`Keep::packed_copy`).
    pub fn packed_after(&self, earlier: Option<&Generator>) -> Generator {
        Generator {
            algorithm: self.algorithm,
            params: self.params.clone(),
            stream: self.stream.packed_copy(earlier.map(|e| &e.stream)),
        }
    }

    /// A copy of a `packed` one that runs on exactly as the original would;
    /// `grid` is the maze as the events it has handed out made it (a
    /// packed copy may rebuild state the picture holds from it).
    pub fn unpacked(&self, grid: &Grid) -> Generator {
        let mut copy = self.clone();
        copy.stream.unpack(grid);
        copy
    }

    /// Whether this kept copy draws the maze's walls again as it is
    /// unpacked (`Keep::draws_walls`), so a checkpoint's picture need
    /// not hold them: only with no pass that adds or takes passages.
    pub fn draws_walls(&self) -> bool {
        let p = &self.params;
        p.braid == 0
            && !p.weave
            && p.symmetry.is_none()
            && p.sparse == 0
            && self.stream.draws_walls()
    }

    /// `unpacked`, for a copy that `draws_walls`: `grid`'s walls are
    /// drawn first, as the events it has handed out left them.
    pub fn unpacked_drawing(&self, grid: &mut Grid) -> Generator {
        let mut copy = self.clone();
        copy.stream.unpack(grid);
        copy.stream.draw_walls(grid);
        copy
    }

    /// Goes on with no event, walls straight into `grid` and each mark
    /// painted into `marks`, up to `limit` more events (`Step::replay`):
    /// a seek's fast replay, for a run with no events made but not handed
    /// out. Returns how it ended and what it did (`Stream::replay`);
    /// `None` if this run has none (its generator has none).
    pub fn replay(
        &mut self,
        grid: &mut Grid,
        marks: Marks<'_>,
        limit: u64,
    ) -> Option<(Replayed, Counts)> {
        if self.stream.buffered() > 0 {
            return None;
        }
        let (outcome, counts) = self.stream.replay(grid, marks, limit);
        (outcome != Replayed::Unsupported).then_some((outcome, counts))
    }

    /// Whether `replay` runs it quietly: its stepper marks no cell
    /// (`Stepper::MARKS_NO_CELL`), with no pass added that marks or wraps
    /// it (sparseness, weaving, braiding, a mirror image's), which steps
    /// as a stepper of its own.
    pub fn replays_quietly(&self) -> bool {
        self.stream.marks_no_cell()
    }

    /// Events made but not yet handed out.
    pub fn buffered(&self) -> usize {
        self.stream.buffered()
    }

    /// The grid the events apply to.
    pub fn initial_grid(&self) -> Grid {
        self.algorithm.initial_grid(&self.params.shape)
    }

    /// Whether the final `Done` has been handed out.
    pub fn is_done(&self) -> bool {
        self.stream.is_done()
    }

    /// The next events in order, at most `max` (at least 1) of them, or an
    /// empty slice once the stream has ended.
    pub fn next_chunk(&mut self, max: usize) -> &[Event] {
        self.stream.next_chunk(max)
    }

    /// The visual events an instant run dropped since the last call: with
    /// the events handed out, the steps an animated run would count.
    pub fn take_skipped(&mut self) -> u64 {
        self.stream.take_skipped()
    }

    /// Applies every remaining event to `grid` and returns how many there
    /// were, the visual events an instant run skips counted too. In
    /// instant mode the generator builds straight into `grid` (no event is
    /// buffered and handed out); otherwise its events are drained.
    pub fn finish_into(&mut self, grid: &mut Grid) -> u64 {
        if let Some(count) = self.stream.finish_into(grid) {
            return count;
        }
        let mut count = 0;
        loop {
            let chunk = self.stream.next_chunk(usize::MAX);
            if chunk.is_empty() {
                return count + self.stream.take_skipped();
            }
            count += chunk.len() as u64;
            for event in chunk {
                grid.apply(event);
            }
        }
    }
}

impl Iterator for Generator {
    type Item = Event;

    #[inline]
    fn next(&mut self) -> Option<Event> {
        self.stream.next_chunk(1).first().copied()
    }
}

/// Runs a generator to the end in instant mode and returns its maze.
pub fn generate(name: &str, params: Params) -> Result<Grid, MazeError> {
    let mut generator = Generator::by_name(name, params, false)?;
    let mut grid = generator.initial_grid();
    generator.finish_into(&mut grid);
    Ok(grid)
}

/// A byte a cell as a kept copy of a tree-growing run rebuilds it from
/// the picture: `value` for each cell in the maze (a cell with a passage,
/// those of a step made but not yet handed out included, and `first`, in
/// the maze before its first passage), 0 for the rest.
fn in_maze_shown(shown: &crate::keep::Shown, first: crate::shape::Cell, value: u8) -> Vec<u8> {
    let mut bytes = shown.grid.passage_map(value);
    bytes[first as usize] = value;
    for (a, b) in shown.pending_carves() {
        bytes[a as usize] = value;
        bytes[b as usize] = value;
    }
    bytes
}

/// What a copy of a bucket queue holds beyond `earlier`'s, the copy kept
/// before it: its running buckets, or a kept copy's shared ones (true
/// Prim's and cheapest cell's `kept_buckets`).
fn bucket_queue_bytes_beyond(
    buckets: &[Vec<u32>],
    kept: Option<&crate::packed::SharedLists<u32>>,
    earlier: Option<&crate::packed::SharedLists<u32>>,
) -> usize {
    bucket_queue_bytes(buckets) + kept.map_or(0, |kept| kept.bytes_beyond(earlier))
}

/// What a copy of a bucket queue allocates (cheapest cell's and true Prim's
/// buckets by cost): its list of buckets and every bucket's entries.
fn bucket_queue_bytes<T>(buckets: &[Vec<T>]) -> usize {
    let queued: usize = buckets.iter().map(Vec::len).sum();
    std::mem::size_of_val(buckets) + queued * std::mem::size_of::<T>()
}
