//! mazelab for Python: a thin layer over the library. Options arrive by
//! the CLI's names and go through the same `request::MazeRequest` the CLI
//! builds from, so a maze's JSON here is the CLI's, byte for byte. Bad
//! options raise `ValueError` with the CLI's message.

use mazelab::entrance::EntranceStyle;
use mazelab::event::{Event, Mark};
use mazelab::generate::steer::{Grain, Steer};
use mazelab::generate::symmetry::Symmetry;
use mazelab::generate::texture::Texture;
use mazelab::generate::{Bias, Generator, PopSpec, ALGORITHMS};
use mazelab::grid::Grid;
use mazelab::lab::stats::StatsRequest;
use mazelab::render;
use mazelab::request::{Built, MaskText, MazeRequest};
use mazelab::shape::{Cell, Shape, Topology};
use mazelab::solve::{self, Outcome, SOLVERS};
use mazelab::weights::{Costs, Weights};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A mazelab error as Python's `ValueError`.
fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A seed as Python gives it (any int), or a `ValueError` naming the
/// range (not the `OverflowError` a negative one would raise).
fn seed_of(seed: Option<i128>) -> PyResult<Option<u64>> {
    seed.map(|s| {
        u64::try_from(s).map_err(|_| {
            bad(format!(
                "bad seed {s}; valid: a whole number from 0 to {}",
                u64::MAX
            ))
        })
    })
    .transpose()
}

/// A count of runs as Python gives it, or a `ValueError`.
fn runs_of(runs: i64) -> PyResult<u64> {
    u64::try_from(runs).map_err(|_| bad(format!("bad number of runs {runs}; valid: 1 or more")))
}

/// A maze: its cells and openings, its ends, and what made it.
#[pyclass(module = "mazelab", frozen, skip_from_py_object)]
struct Maze {
    request: MazeRequest,
    built: Built,
    /// A learner's own openings, in their order (`Maze.from_edges`): the
    /// maze has no generator to run again.
    given: Option<Vec<(Cell, Cell)>>,
}

/// The request's texture from its parts (`Texture::check` judges its
/// ranges when the request is checked, as for the CLI).
fn texture(
    braid: u8,
    run: u8,
    grain: &str,
    sparse: u8,
    symmetry: Option<&str>,
    weights: Option<&str>,
) -> PyResult<Texture> {
    Ok(Texture {
        weights: weights.map(Weights::parse).transpose().map_err(bad)?,
        braid,
        steer: Steer {
            run,
            grain: Grain::parse(grain).map_err(bad)?,
        },
        sparse,
        symmetry: symmetry.map(Symmetry::parse).transpose().map_err(bad)?,
    })
}

/// Builds a maze: the same maze as the web app, the CLI and the npm
/// package for the same options (one seed, one maze).
///
/// algorithm: a generator's name (`mazelab.generators()` lists them).
/// width, height: the size in cells (polar and cube take one number);
///     or size="WxH" as the CLI writes it ("10x10x4" in 3D).
/// seed: a whole number from 0 to 2**64 - 1 (a fresh one when None).
/// shape: "square", "polar", "hex", "triangle", "upsilon", "crack", "3d", "4d" or
///     "cube"; wrap: "x", "y", "xy", "mobius" or "klein" (squares only);
///     mask: the cells switched off, as the link writes them.
/// pop, bias: the growing tree's pop ("newest", "oldest", "random",
///     "middle" or a mix "newest:75,random:25") and the binary tree's
///     bias ("NW", "NE", "SW", "SE").
/// weave, braid, run, grain, sparse, symmetry: the texture controls, as
///     the CLI's --weave, --braid and the rest.
/// entrances: "norvig" (the default) or "corners".
/// weights: "random:MAX" or "patches:MAX" (MAX 2 to 255): each cell costs
///     1 to MAX to enter, drawn from the seed; `maze.weights` lists them,
///     `maze.solve("dijkstra")` (or "astar") finds the cheapest way and
///     `maze.path_cost(path)` says what a path costs.
///
/// Cells are numbered row by row from 0 at the top left on shapes in
/// rows (cell = y * width + x; hex, triangle, upsilon and each level of
/// 3D and 4D alike); polar numbers its rings from the centre outwards,
/// the cube face by face. `Maze.center(cell)` gives a cell's centre on
/// every shape.
///
/// Raises ValueError with a message for any bad option.
#[pyfunction]
#[pyo3(signature = (
    algorithm = "backtracker", width = None, height = None, *, size = None, seed = None,
    shape = "square", wrap = None, mask = None, pop = "newest", bias = "NW", weave = false,
    braid = 0, run = 0, grain = "h:50", sparse = 0, symmetry = None, entrances = "norvig",
    weights = None
))]
#[allow(clippy::too_many_arguments)]
fn generate(
    algorithm: &str,
    width: Option<i64>,
    height: Option<i64>,
    size: Option<String>,
    seed: Option<i128>,
    shape: &str,
    wrap: Option<String>,
    mask: Option<String>,
    pop: &str,
    bias: &str,
    weave: bool,
    braid: u8,
    run: u8,
    grain: &str,
    sparse: u8,
    symmetry: Option<&str>,
    entrances: &str,
    weights: Option<&str>,
) -> PyResult<Maze> {
    let size = match (width, height, size) {
        (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => {
            return Err(bad("give width and height, or size, not both"))
        }
        (Some(w), Some(h), None) => Some(format!("{w}x{h}")),
        (Some(w), None, None) if shape == "polar" || shape == "cube" => Some(w.to_string()),
        (Some(_), None, None) | (None, Some(_), None) => {
            return Err(bad(
                "give both width and height (or size, as the CLI writes it)",
            ))
        }
        (None, None, size) => size,
    };
    let request = MazeRequest {
        algorithm: algorithm.to_string(),
        shape: shape.to_string(),
        size,
        wrap,
        mask: mask.map(|text| MaskText {
            text,
            from: "the mask".into(),
        }),
        seed: seed_of(seed)?,
        pop: PopSpec::parse(pop).map_err(bad)?,
        bias: Bias::parse(bias).map_err(bad)?,
        weave,
        texture: texture(braid, run, grain, sparse, symmetry, weights)?,
        entrances: EntranceStyle::parse(entrances).map_err(|_| {
            bad(format!(
                "bad entrances '{entrances}'; valid: norvig, random, longest"
            ))
        })?,
    };
    let built = request.build().map_err(bad)?;
    Ok(Maze {
        request,
        built,
        given: None,
    })
}

impl Maze {
    fn grid(&self) -> &Grid {
        &self.built.grid
    }

    /// `cell` if it is a live cell of the maze, else a `ValueError`.
    fn cell(&self, cell: i64) -> PyResult<Cell> {
        live_cell(self.grid().shape(), cell).map_err(bad)
    }

    /// The generator stepped again, with every event.
    fn stream(&self) -> Generator {
        // The request's own shape: a sparse maze's rock is the run's doing.
        let shape = self.request.shape().expect("the request was checked");
        let mut params = self.request.params(shape, self.built.seed);
        params.sparse = self.request.texture.sparse;
        Generator::by_name(self.built.algorithm, params, true)
            .expect("the request was checked when the maze was built")
    }

    /// `path`, or the solver's path from the entrance to the exit.
    fn path(
        &self,
        solver: &str,
        start: Option<i64>,
        goal: Option<i64>,
    ) -> PyResult<Option<Vec<Cell>>> {
        let start = start.map_or(Ok(self.built.ends.entrance.cell), |c| self.cell(c))?;
        let goal = goal.map_or(Ok(self.built.ends.exit.cell), |c| self.cell(c))?;
        match solve::solve(solver, self.grid(), start, goal).map_err(bad)? {
            Outcome::Found(path) => Ok(Some(path)),
            _ => Ok(None),
        }
    }
}

#[pymethods]
impl Maze {
    /// How many cell numbers there are (masked cells included).
    #[getter]
    fn cells(&self) -> u32 {
        self.grid().cells()
    }

    /// Columns: a square's width; polar: the outer ring's cells; 3D and
    /// 4D: a level's; the cube: a face's (as the JSON's `width`).
    #[getter]
    fn width(&self) -> u32 {
        self.json_meta().width
    }

    /// Rows (polar: the rings), as the JSON's `height`.
    #[getter]
    fn height(&self) -> u32 {
        self.json_meta().height
    }

    /// The shape's name: square, polar, hex, triangle, upsilon, crack, 3d, 4d or
    /// cube.
    #[getter]
    fn shape(&self) -> &'static str {
        self.grid().shape().name()
    }

    /// The whole size as the CLI writes it (`20x10`, `12`, `10x10x4`).
    #[getter]
    fn size(&self) -> String {
        self.grid().shape().size_text()
    }

    /// The seed it was built with.
    #[getter]
    fn seed(&self) -> u64 {
        self.built.seed
    }

    /// The generator's name.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.built.algorithm
    }

    /// The entrance cell.
    #[getter]
    fn entrance(&self) -> Cell {
        self.built.ends.entrance.cell
    }

    /// The exit cell.
    #[getter]
    fn exit(&self) -> Cell {
        self.built.ends.exit.cell
    }

    /// The openings as pairs of cells, in the order the generator carved
    /// them (walls a wall-adding generator never closed come first).
    #[getter]
    fn edges(&self) -> Vec<(Cell, Cell)> {
        match &self.given {
            Some(edges) => edges.clone(),
            None => carving_order(self.grid(), self.stream()),
        }
    }

    /// A maze of a learner's own openings: `edges` are pairs of
    /// neighbouring cells, on `shape` at `size` (as `generate` takes them).
    /// A pair that is not two neighbouring cells raises ValueError naming
    /// it. `maze.verdict()` then judges it as the page does. `weights`, a
    /// cost (1 to 255) for every cell number, weighs it.
    #[staticmethod]
    #[pyo3(signature = (shape, size, edges, *, wrap = None, weights = None))]
    fn from_edges(
        shape: &str,
        size: &str,
        edges: Vec<(i64, i64)>,
        wrap: Option<String>,
        weights: Option<Vec<u32>>,
    ) -> PyResult<Maze> {
        let request = MazeRequest {
            algorithm: "from-edges".into(),
            shape: shape.to_string(),
            size: Some(size.to_string()),
            wrap,
            ..MazeRequest::default()
        };
        let shape = request.shape().map_err(bad)?;
        let mut grid = Grid::closed_shape(shape);
        let mut given = Vec::with_capacity(edges.len());
        for (k, &(a, b)) in edges.iter().enumerate() {
            let live = |c| live_cell(grid.shape(), c);
            let (ca, cb) = live(a).and_then(|ca| Ok((ca, live(b)?))).map_err(|why| {
                bad(format!(
                    "edge {k} ({a}, {b}): not two cells of the maze: {why}"
                ))
            })?;
            if !grid.adjacent(ca, cb) {
                return Err(bad(format!(
                    "edge {k} ({a}, {b}): {}",
                    not_neighbours(ca, cb)
                )));
            }
            grid.set_open(ca, cb, true);
            given.push((ca, cb));
        }
        if let Some(values) = weights {
            let costs = Costs::from_values(&values, grid.cells()).map_err(bad)?;
            grid = grid.with_costs(Some(costs));
        }
        let ends = mazelab::entrance::place(&grid, EntranceStyle::Norvig, 0);
        Ok(Maze {
            request,
            built: Built {
                grid,
                ends,
                seed: 0,
                algorithm: "from-edges",
                generate_ms: 0.0,
            },
            given: Some(given),
        })
    }

    /// The page's verdict on the maze: a dict with `perfect` (every cell
    /// reached, no loop), `passages`, `live` and `reached` cells,
    /// `first_loop` (the first opening that closes a loop, or None),
    /// `unreached` (the cells the first cell does not reach) and
    /// `summary`, the page's line.
    fn verdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let verdict = mazelab::program::judge(self.grid());
        let out = pyo3::types::PyDict::new(py);
        out.set_item("perfect", verdict.perfect())?;
        out.set_item("passages", verdict.passages)?;
        out.set_item("live", verdict.live)?;
        out.set_item("reached", verdict.reached)?;
        out.set_item("first_loop", verdict.first_loop)?;
        out.set_item("unreached", verdict.unreached.clone())?;
        out.set_item("summary", verdict.summary())?;
        Ok(out)
    }

    /// Each cell's cost to enter, by cell number, on a weighted maze;
    /// `None` when every move costs 1.
    #[getter]
    fn weights(&self) -> Option<Vec<u8>> {
        self.grid().costs().map(|c| c.as_slice().to_vec())
    }

    /// What `path` (cells, as `solve` gives them) costs: the weights of
    /// the cells it enters, its first excepted; its moves when unweighted.
    /// A step between cells that are not open neighbours raises ValueError.
    fn path_cost(&self, path: Vec<i64>) -> PyResult<u64> {
        let cells = path
            .iter()
            .map(|&c| self.cell(c))
            .collect::<PyResult<Vec<Cell>>>()?;
        for pair in cells.windows(2) {
            if !self.grid().adjacent(pair[0], pair[1])
                || !self.grid().is_open_between(pair[0], pair[1])
            {
                return Err(bad(format!(
                    "no passage from {} to {}: a path steps through openings",
                    pair[0], pair[1]
                )));
            }
        }
        Ok(mazelab::weights::path_cost(self.grid().costs(), &cells))
    }

    /// Whether `cell` is a cell of the maze (a mask switches some off).
    fn is_live(&self, cell: i64) -> bool {
        self.cell(cell).is_ok()
    }

    /// `cell`'s neighbours in the shape's clockwise order, open or not.
    fn neighbors(&self, cell: i64) -> PyResult<Vec<Cell>> {
        let cell = self.cell(cell)?;
        Ok(self.grid().shape().neighbors(cell).as_slice().to_vec())
    }

    /// Whether the wall between neighbours `a` and `b` is open.
    fn is_open(&self, a: i64, b: i64) -> PyResult<bool> {
        let (a, b) = (self.cell(a)?, self.cell(b)?);
        if !self.grid().adjacent(a, b) {
            return Err(bad(not_neighbours(a, b)));
        }
        Ok(self.grid().is_open_between(a, b))
    }

    /// The path `solver` finds from `start` to `goal` (the entrance and the
    /// exit unless given), as cells; `None` where the method finds none.
    #[pyo3(signature = (solver = "bfs", start = None, goal = None))]
    fn solve(
        &self,
        solver: &str,
        start: Option<i64>,
        goal: Option<i64>,
    ) -> PyResult<Option<Vec<Cell>>> {
        self.path(solver, start, goal)
    }

    /// The run's events in order, as tuples: `("carve", a, b)`,
    /// `("build", a, b)`, `("mark", cell, kind)`, `("cursor", cell)` and
    /// `("phase", step)`: what the page animates.
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let mut out = Vec::new();
        if let Some(edges) = &self.given {
            for &(a, b) in edges {
                out.push(("carve", a, b).into_pyobject(py)?);
            }
            return Ok(out);
        }
        for event in self.stream() {
            let tuple = match event {
                Event::Carve(a, b) => ("carve", a, b).into_pyobject(py)?,
                Event::Build(a, b) => ("build", a, b).into_pyobject(py)?,
                Event::Mark(cell, mark) => ("mark", cell, mark_name(mark)).into_pyobject(py)?,
                Event::Cursor(cell) => ("cursor", cell).into_pyobject(py)?,
                Event::Phase(k) => ("phase", k).into_pyobject(py)?,
                Event::Done => break,
            };
            out.push(tuple);
        }
        Ok(out)
    }

    /// The maze as text: `ascii` (`+-+`), `norvig` (`o--o`) or `blocks`
    /// (`#`), plain squares only; with `solve`, the path marked.
    #[pyo3(signature = (format = "ascii", solve = false, solver = "bfs"))]
    fn text(&self, format: &str, solve: bool, solver: &str) -> PyResult<String> {
        let grid = self.grid();
        if grid.shape().plain_square().is_none() || grid.is_woven() {
            return Err(bad(format!(
                "bad format for this maze '{format}'; valid: svg or to_json() (the text formats draw plain, unwoven square mazes only)"
            )));
        }
        if grid.costs().is_some() {
            return Err(bad(format!(
                "bad format for a weighted maze '{format}'; valid: svg, png or to_json() (the text formats cannot show a cell's cost)"
            )));
        }
        let path = if solve {
            self.path(solver, None, None)?
        } else {
            None
        };
        let (ends, path) = (Some(&self.built.ends), path.as_deref());
        match format {
            "ascii" => Ok(render::text::ascii::render(grid, ends, path)),
            "norvig" => Ok(render::text::norvig::render(grid, ends, path)),
            "blocks" => Ok(render::text::blocks::render(grid, ends, path)),
            other => Err(bad(format!(
                "bad format '{other}'; valid: ascii, norvig, blocks"
            ))),
        }
    }

    /// The maze as a solid to 3D-print, binary STL (what `mazelab generate
    /// --format stl` writes with the same millimetres); a measure that
    /// cannot print raises `ValueError` with the CLI's message.
    #[pyo3(signature = (cell_mm = 6.0, wall_mm = 1.2, height_mm = 5.0, base_mm = 2.0))]
    fn stl<'py>(
        &self,
        py: Python<'py>,
        cell_mm: f64,
        wall_mm: f64,
        height_mm: f64,
        base_mm: f64,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let options = render::stl::StlOptions {
            cell_mm,
            wall_mm,
            height_mm,
            base_mm,
        };
        let bytes = render::stl::render(self.grid(), &self.built.ends, &options).map_err(bad)?;
        Ok(pyo3::types::PyBytes::new(py, &bytes))
    }

    /// The maze as SVG (every shape); with `solve`, the path drawn; with
    /// `plot`, each wall once, joined into few strokes for a plotter.
    #[pyo3(signature = (solve = false, solver = "bfs", plot = false))]
    fn svg(&self, solve: bool, solver: &str, plot: bool) -> PyResult<String> {
        let path = if solve {
            self.path(solver, None, None)?
        } else {
            None
        };
        let ends = Some(&self.built.ends);
        Ok(match plot {
            true => render::svg::render_for_plotter(self.grid(), ends, path.as_deref()),
            false => render::svg::render(self.grid(), ends, path.as_deref()),
        })
    }

    /// What `mazelab generate --format json` prints for the same options
    /// (with `solve`, its `--solve --solver SOLVER`).
    #[pyo3(signature = (solve = false, solver = "bfs"))]
    fn to_json(&self, solve: bool, solver: &str) -> PyResult<String> {
        let path = if solve {
            self.path(solver, None, None)?
        } else {
            None
        };
        Ok(self.built.json(path.as_deref()))
    }

    /// A cell's centre `(x, y)` in the SVG's units (y runs down): on
    /// every shape, where its picture draws it.
    fn center(&self, cell: i64) -> PyResult<(f64, f64)> {
        let cell = self.cell(cell)?;
        Ok(render::svg::centre(self.grid(), cell))
    }

    /// The maze as a networkx `Graph`: a node for every live cell, with
    /// its centre as `pos` (so `nx.draw(g, nx.get_node_attributes(g,
    /// "pos"))` draws the maze), an edge for every opening (networkx must
    /// be installed).
    fn to_networkx<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let graph = py.import("networkx")?.call_method0("Graph")?;
        let shape = self.grid().shape();
        for cell in (0..shape.cells()).filter(|&c| shape.is_cell(c)) {
            let (x, y) = render::svg::centre(self.grid(), cell);
            let attributes = pyo3::types::PyDict::new(py);
            // networkx draws y upwards: the picture's y turned over.
            attributes.set_item("pos", (x, -y))?;
            graph.call_method("add_node", (cell,), Some(&attributes))?;
        }
        let mut edges = Vec::new();
        self.grid().each_opening(|a, b| edges.push((a, b)));
        graph.call_method1("add_edges_from", (edges,))?;
        Ok(graph)
    }

    /// What a notebook shows: the SVG up to `NOTEBOOK_SVG_CELLS` cells;
    /// past that a PNG at most about `NOTEBOOK_PX` pixels across (a
    /// 1000 x 1000 maze's SVG is megabytes in the notebook's file).
    #[pyo3(signature = (include = None, exclude = None))]
    fn _repr_mimebundle_<'py>(
        &self,
        py: Python<'py>,
        include: Option<Bound<'py, PyAny>>,
        exclude: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let _ = (include, exclude);
        let bundle = pyo3::types::PyDict::new(py);
        let shape = self.grid().shape();
        if shape.live_cells() <= NOTEBOOK_SVG_CELLS {
            let svg = render::svg::render(self.grid(), Some(&self.built.ends), None);
            bundle.set_item("image/svg+xml", svg)?;
            return Ok(bundle);
        }
        let (w, h) = shape.bounds();
        let fit = (f64::from(NOTEBOOK_PX) / w.max(h)).floor() as u32;
        let options = render::png::PngOptions {
            cell_px: fit.clamp(render::png::MIN_CELL_PX, render::png::MAX_CELL_PX),
            palette: &render::canvas::palette::LIGHT,
        };
        let ends = (self.built.ends.entrance.cell, self.built.ends.exit.cell);
        let png = render::png::render(self.grid(), ends, None, &options).map_err(bad)?;
        bundle.set_item("image/png", pyo3::types::PyBytes::new(py, &png))?;
        Ok(bundle)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mazelab.Maze {} {} {} seed={}>",
            self.built.algorithm,
            self.shape(),
            self.size(),
            self.built.seed
        )
    }
}

/// `cell` if it is a live cell of `shape`, else why not.
fn live_cell(shape: &Shape, cell: i64) -> Result<Cell, String> {
    match u32::try_from(cell) {
        Ok(c) if c < shape.cells() && shape.is_cell(c) => Ok(c),
        _ => Err(format!(
            "{cell} is not a cell of the maze (cells are 0 to {}{})",
            shape.cells().saturating_sub(1),
            if shape.mask.is_some() {
                ", masked ones left out"
            } else {
                ""
            }
        )),
    }
}

/// Why there is no wall between two cells that are not neighbours.
fn not_neighbours(a: Cell, b: Cell) -> String {
    format!(
        "cells {a} and {b} are not neighbours, so no wall stands between them (maze.neighbors({a}) lists {a}'s)"
    )
}

/// The most cells a notebook is shown as SVG; a bigger maze is a PNG.
const NOTEBOOK_SVG_CELLS: u32 = 40_000;

/// About how many pixels across a big maze's PNG in a notebook is.
const NOTEBOOK_PX: u32 = 1200;

impl Maze {
    /// The JSON's description of the maze (its width and height).
    fn json_meta(&self) -> render::json::MazeJson {
        let meta = render::json::Meta {
            seed: self.built.seed,
            algorithm: self.built.algorithm,
        };
        render::json::MazeJson::of(self.grid(), &meta, &self.built.ends, None)
    }
}

/// The maze's openings in the order its events last carved them; walls
/// open from the start and never closed come first, in cell order.
fn carving_order(grid: &Grid, generator: Generator) -> Vec<(Cell, Cell)> {
    let key = |a: Cell, b: Cell| (a.min(b), a.max(b));
    let mut when = std::collections::HashMap::new();
    for (n, event) in generator.enumerate() {
        match event {
            Event::Carve(a, b) => {
                when.insert(key(a, b), n);
            }
            Event::Build(a, b) => {
                when.remove(&key(a, b));
            }
            _ => {}
        }
    }
    let mut openings: Vec<(usize, Cell, Cell)> = Vec::new();
    grid.each_opening(|a, b| {
        let (a, b) = key(a, b);
        openings.push((when.get(&(a, b)).map_or(0, |n| n + 1), a, b));
    });
    openings.sort_unstable();
    openings.into_iter().map(|(_, a, b)| (a, b)).collect()
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Blank => "blank",
        Mark::Frontier => "frontier",
        Mark::Walk => "walk",
        Mark::Explored => "explored",
        Mark::Path => "path",
        Mark::Dead => "dead",
    }
}

/// The generators as `(name, description)`, those that run on `shape`
/// (at its default size) if given.
#[pyfunction]
#[pyo3(signature = (shape = None))]
fn generators(shape: Option<&str>) -> PyResult<Vec<(&'static str, &'static str)>> {
    let shape = shape
        .map(|name| Shape::parse(name, mazelab::shape::default_size(name), None))
        .transpose()
        .map_err(bad)?;
    Ok(ALGORITHMS
        .iter()
        .filter(|a| shape.as_ref().is_none_or(|s| a.runs_on(s)))
        .map(|a| (a.name, a.description))
        .collect())
}

/// The solvers as `(name, description)`.
#[pyfunction]
fn solvers() -> Vec<(&'static str, &'static str)> {
    SOLVERS.iter().map(|s| (s.name, s.description)).collect()
}

/// Measures many mazes as `mazelab stats --format json` does, and gives
/// its JSON (see `mazelab.stats`).
#[pyfunction]
#[pyo3(signature = (
    algorithm = "growing-tree", *, pop = None, shape = "square", size = None, wrap = None,
    runs = 100, seed = None, braid = 0, run = 0, grain = "h:50", sparse = 0, symmetry = None,
    weights = None, part = false, progress = None
))]
#[allow(clippy::too_many_arguments)]
fn stats_json(
    algorithm: &str,
    pop: Option<&str>,
    shape: &str,
    size: Option<String>,
    wrap: Option<String>,
    runs: i64,
    seed: Option<i128>,
    braid: u8,
    run: u8,
    grain: &str,
    sparse: u8,
    symmetry: Option<&str>,
    weights: Option<&str>,
    part: bool,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let request = StatsRequest {
        algorithm: algorithm.to_string(),
        pop: pop.map(PopSpec::parse).transpose().map_err(bad)?,
        shape: shape.to_string(),
        size,
        wrap,
        runs: runs_of(runs)?,
        seed: seed_of(seed)?,
        texture: texture(braid, run, grain, sparse, symmetry, weights)?,
    };
    if part {
        // A share of a run a cluster spreads: tallies that merge exactly.
        let seed = request
            .seed
            .ok_or_else(|| bad("a stats part needs its seed"))?;
        return Ok(mazelab::lab::stats::stats_part(&request, seed)
            .map_err(bad)?
            .to_json());
    }
    Ok(mazelab::lab::stats::stats(&request, &mut told(progress))
        .map_err(bad)?
        .to_json())
}

/// A Rust progress report as a call of `progress(done)` (a Python
/// callable; what it raises is not the run's concern).
fn told(progress: Option<Bound<'_, PyAny>>) -> impl FnMut(u64) + '_ {
    move |done| {
        if let Some(p) = &progress {
            let _ = p.call1((done,));
        }
    }
}

/// The report of a run from its parts' JSON (`stats_json(part=True)`),
/// merged exactly; `seed` is the run's first seed.
#[pyfunction]
fn stats_merge_json(parts: Vec<String>, seed: i128) -> PyResult<String> {
    use mazelab::lab::stats::StatsPart;
    let mut parts = parts.iter().map(|p| StatsPart::from_json(p).map_err(bad));
    let mut whole = parts
        .next()
        .ok_or_else(|| bad("no stats parts to merge"))??;
    for part in parts {
        whole.merge(&part?).map_err(bad)?;
    }
    let seed = seed_of(Some(seed))?.unwrap_or_default();
    Ok(whole.report(seed).to_json())
}

/// A metric's growth with the maze's side, as `mazelab scaling --format
/// json` gives it (see `mazelab.scaling`).
#[pyfunction]
#[pyo3(signature = (
    algorithm = "wilson", *, metric = "solution", sizes = vec![16, 32, 64, 128],
    shape = "square", wrap = None, runs = 100, seed = None, progress = None
))]
#[allow(clippy::too_many_arguments)]
fn scaling_json(
    algorithm: &str,
    metric: &str,
    sizes: Vec<u32>,
    shape: &str,
    wrap: Option<String>,
    runs: i64,
    seed: Option<i128>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let request = scaling_request(algorithm, metric, sizes, shape, wrap, runs, seed)?;
    let mut told = told(progress);
    Ok(
        mazelab::lab::scaling::scaling(&request, &mut |sizes| told(sizes as u64))
            .map_err(bad)?
            .to_json(),
    )
}

fn scaling_request(
    algorithm: &str,
    metric: &str,
    sizes: Vec<u32>,
    shape: &str,
    wrap: Option<String>,
    runs: i64,
    seed: Option<i128>,
) -> PyResult<mazelab::lab::scaling::ScalingRequest> {
    Ok(mazelab::lab::scaling::ScalingRequest {
        algorithm: algorithm.to_string(),
        metric: metric.to_string(),
        sizes,
        shape: shape.to_string(),
        wrap,
        runs: runs_of(runs)?,
        seed: seed_of(seed)?,
    })
}

/// A share of a scaling a cluster spreads: the metric of `runs` mazes at
/// side `side` from `seed`, in seed order.
#[pyfunction]
#[pyo3(signature = (algorithm, *, metric, sizes, shape, wrap, side, seed, runs))]
#[allow(clippy::too_many_arguments)]
fn scaling_values(
    algorithm: &str,
    metric: &str,
    sizes: Vec<u32>,
    shape: &str,
    wrap: Option<String>,
    side: u32,
    seed: i128,
    runs: i64,
) -> PyResult<Vec<f64>> {
    let request = scaling_request(algorithm, metric, sizes, shape, wrap, runs, Some(seed))?;
    let seed = request.seed.unwrap_or_default();
    mazelab::lab::scaling::scaling_values(&request, side, seed, request.runs).map_err(bad)
}

/// The scaling's JSON from every size's values in seed order, gathered
/// from its shares (`scaling_values`).
#[pyfunction]
#[pyo3(signature = (algorithm, *, metric, sizes, shape, wrap, runs, seed, values))]
#[allow(clippy::too_many_arguments)]
fn scaling_fit_json(
    algorithm: &str,
    metric: &str,
    sizes: Vec<u32>,
    shape: &str,
    wrap: Option<String>,
    runs: i64,
    seed: i128,
    values: Vec<Vec<f64>>,
) -> PyResult<String> {
    let request = scaling_request(algorithm, metric, sizes, shape, wrap, runs, Some(seed))?;
    let seed = request.seed.unwrap_or_default();
    Ok(
        mazelab::lab::scaling::scaling_from_values(&request, seed, values)
            .map_err(bad)?
            .to_json(),
    )
}

/// A distribution over the passages of many perfect mazes and its power,
/// as `mazelab distribution --format json` gives it (see
/// `mazelab.distribution`).
#[pyfunction]
#[pyo3(signature = (
    algorithm = "wilson", *, quantity = "branch", shape = "square", size = "64x64",
    wrap = None, runs = 100, seed = None
))]
fn distribution_json(
    algorithm: &str,
    quantity: &str,
    shape: &str,
    size: &str,
    wrap: Option<String>,
    runs: i64,
    seed: Option<i128>,
) -> PyResult<String> {
    use mazelab::lab::distribution::{distribution, DistributionRequest, Quantity};
    let quantity = Quantity::ALL
        .into_iter()
        .find(|q| q.name() == quantity)
        .ok_or_else(|| bad(format!("bad quantity '{quantity}'; valid: branch, loop")))?;
    let request = DistributionRequest {
        algorithm: algorithm.to_string(),
        quantity,
        shape: shape.to_string(),
        size: size.to_string(),
        wrap,
        runs: runs_of(runs)?,
        seed: seed_of(seed)?.unwrap_or_else(mazelab::rng::fresh_seed),
    };
    Ok(distribution(&request).map_err(bad)?.to_json())
}

/// The extension module the `mazelab` package wraps.
#[pymodule]
fn _mazelab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Maze>()?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(generators, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add_function(wrap_pyfunction!(stats_json, m)?)?;
    m.add_function(wrap_pyfunction!(stats_merge_json, m)?)?;
    m.add_function(wrap_pyfunction!(scaling_json, m)?)?;
    m.add_function(wrap_pyfunction!(scaling_values, m)?)?;
    m.add_function(wrap_pyfunction!(scaling_fit_json, m)?)?;
    m.add_function(wrap_pyfunction!(distribution_json, m)?)?;
    Ok(())
}
