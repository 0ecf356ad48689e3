//! What is on screen, as a URL query: parsing never fails, it falls back to
//! defaults and says what it ignored, so a broken link still opens the app.
//!
//! Keys: `algorithm`, `shape` (square, polar, hex, triangle; square when
//! absent), `size` (`WxH`, or rings for polar), `wrap` (`x`, `y`, `xy`),
//! `mask` (run lengths, see `Mask::to_runs`), `seed`, `braid` (the share of
//! dead ends removed, 0 to 100), `weave` (1: passages under straight cells),
//! `run` (0 to 100, the chance a walk carries straight on), `grain` (`h:P`
//! or `v:P`, a direction bias; `h:50` is none), `symmetry` (`x`, `y`, `xy`,
//! `rot`: plain squares with even sides where halved), `sparse` (0 to 100,
//! the share of cells turned to rock after generating; not with weave),
//! `pop`, `bias`,
//! `speed` (steps per second or `instant`), `compare` (comma-separated panel
//! specs, each `ALGORITHM` or `ALGORITHM/OPTION`, the option a pop spec with
//! `+` between its parts or a bias, e.g.
//! `growing-tree/newest,growing-tree/oldest`), `solver`, and `start` and
//! `goal` as `x,y` cell coordinates (polar: the cell's number), and
//! `explain` (`steps`, `words` or `hidden`: what the steps panel shows),
//! and `weights` (`random:MAX` or `patches:MAX`: a cost per cell, see
//! `weights`).

use crate::error::{parse_seed, shown};
use crate::generate::{self, Bias, Knob, Params, PopSpec};
use crate::percent::{percent_decode, percent_encode};
use crate::shape::default_size;
use crate::shape::Cell;
use crate::shape::{Mask, Shape, Topology, SHAPE_NAMES};
use crate::solve;

/// The fastest animated speed; above it the control means "instant".
pub const MAX_SPEED: f64 = 100_000.0; // steps/s
/// The slowest speed the control offers.
pub const MIN_SPEED: f64 = 1.0; // steps/s
/// At most this many comparison panels.
pub const MAX_PANELS: usize = 4;

/// How fast to play: steps per second, or everything at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Speed {
    /// Steps per second (1 to 100,000).
    StepsPerSecond(f64),
    /// Every step at once.
    Instant,
}

/// The page's speed slider's top position, which means "instant".
pub const SLIDER_INSTANT: u32 = 1001;
/// Slider positions per decade of steps per second (0 is 1 step/s).
const SLIDER_PER_DECADE: f64 = 200.0;

impl Speed {
    /// Where the page's speed slider stands for this speed (a decade of
    /// steps per second every 200 positions).
    pub fn slider(self) -> u32 {
        match self {
            Speed::Instant => SLIDER_INSTANT,
            Speed::StepsPerSecond(s) => (s.log10() * SLIDER_PER_DECADE).round() as u32,
        }
    }

    /// The speed the slider at `position` means.
    pub fn from_slider(position: u32) -> Speed {
        if position >= SLIDER_INSTANT {
            Speed::Instant
        } else {
            Speed::StepsPerSecond(
                10f64
                    .powf(f64::from(position) / SLIDER_PER_DECADE)
                    .clamp(MIN_SPEED, MAX_SPEED),
            )
        }
    }

    /// The speed once the form is read back with the slider at `position`:
    /// this one while the slider still stands where this one puts it (a
    /// link's 400 steps/s is not rounded to the slider's 398), else the
    /// slider's.
    pub fn read_back(self, position: u32) -> Speed {
        if self.slider() == position {
            self
        } else {
            Speed::from_slider(position)
        }
    }
}

/// One panel: an algorithm and the option it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelSpec {
    /// The generator's name.
    pub algorithm: &'static str,
    /// The growing tree's pop strategy.
    pub pop: PopSpec,
    /// The binary tree's bias.
    pub bias: Bias,
}

impl PanelSpec {
    /// Parses `growing-tree/newest:75+random:25`, `binary-tree/NE`, `wilson`.
    pub fn parse(text: &str) -> Result<PanelSpec, String> {
        let (name, option) = match text.split_once('/') {
            Some((name, option)) => (name, Some(option)),
            None => (text, None),
        };
        let algorithm = generate::find(name).map_err(|e| e.to_string())?;
        let mut spec = PanelSpec {
            algorithm: algorithm.name,
            pop: PopSpec::default(),
            bias: Bias::default(),
        };
        match (algorithm.knob, option) {
            (_, None) => {}
            (Knob::Pop, Some(pop)) => spec.pop = PopSpec::parse(pop).map_err(|e| e.to_string())?,
            (Knob::Bias, Some(bias)) => spec.bias = Bias::parse(bias).map_err(|e| e.to_string())?,
            (Knob::None, Some(option)) => {
                return Err(format!(
                    "{} takes no option, but got '{option}'",
                    algorithm.name
                ))
            }
        }
        Ok(spec)
    }

    /// The spec as written in a link.
    pub fn to_text(&self) -> String {
        match generate::find(self.algorithm).map(|a| a.knob) {
            Ok(Knob::Pop) => format!("{}/{}", self.algorithm, self.pop.to_compact()),
            Ok(Knob::Bias) => format!("{}/{}", self.algorithm, self.bias),
            _ => self.algorithm.to_string(),
        }
    }
}

/// The page's four views.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    #[default]
    /// The maze, its controls and the stage.
    Maze,
    /// The lab: statistics over many mazes.
    Lab,
    /// The Code view: a person's own algorithm.
    Code,
    /// The walk view: the maze from inside, the panel a map in its corner.
    Walk,
}

/// What the steps panel shows beside the maze.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Explain {
    #[default]
    /// The algorithm's numbered steps, the one at work lit.
    Steps,
    /// Each step of the run told in plain English (`narrate`).
    Words,
    /// Neither.
    Hidden,
}

impl Explain {
    /// Every choice, as the link and the control write it.
    pub const ALL: [(Explain, &'static str); 3] = [
        (Explain::Steps, "steps"),
        (Explain::Words, "words"),
        (Explain::Hidden, "hidden"),
    ];

    /// The choice's name in the link.
    pub fn name(self) -> &'static str {
        Explain::ALL
            .iter()
            .find(|(e, _)| *e == self)
            .map_or("steps", |(_, n)| n)
    }

    /// The choice a link's word names.
    pub fn parse(text: &str) -> Result<Explain, String> {
        Explain::ALL
            .iter()
            .find(|(_, n)| *n == text.trim())
            .map(|(e, _)| *e)
            .ok_or_else(|| format!("'{}' is not steps, words or hidden", shown(text)))
    }
}

/// Everything the link reproduces.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The main panel's algorithm and options.
    pub main: PanelSpec,
    /// The tiling, its size, wrap and mask.
    pub shape: Shape,
    /// The maze's seed.
    pub seed: u64,
    /// The share of dead ends braided away after generating (0 to 100).
    pub braid: u8,
    /// Passages may run under straight cells (plain squares; kruskal,
    /// backtracker, growing-tree).
    pub weave: bool,
    /// The run and the grain (kept as set; each panel takes what its
    /// algorithm and the shape can, `steer::for_algorithm`).
    pub steer: crate::generate::steer::Steer,
    /// The maze's mirror or half-turn symmetry (kept as set; used where
    /// the shape allows it).
    pub symmetry: Option<crate::generate::symmetry::Symmetry>,
    /// The share of cells turned to rock after generating (0 to 100; kept
    /// as set, used where the maze is not woven).
    pub sparse: u8,
    /// How fast runs play.
    pub speed: Speed,
    /// Empty: one panel. Otherwise 2 to 4 panels of the same size and seed.
    pub compare: Vec<PanelSpec>,
    /// The solver every panel starts with.
    pub solver: &'static str,
    /// Where solving starts and ends; `None` means the entrance or the exit.
    pub start: Option<Cell>,
    /// The solver's goal cell, if chosen.
    pub goal: Option<Cell>,
    /// Whether the page shows the lab rather than the maze.
    /// The view shown: the maze, the lab, or the code editor.
    pub view: View,
    /// The person's own program (the Code view), if any: kept in the link
    /// (`program`, see `program::link`) and run only when asked.
    pub program: Option<String>,
    /// The program's language (`lang`).
    pub lang: crate::program::Lang,
    /// What the lab runs (kept in the link even while the maze shows).
    pub lab: crate::lab::settings::LabSettings,
    /// The carving's step to open paused at (`at=N`).
    pub at: Option<u64>,
    /// The solve's step to open at, after solving the finished maze
    /// (`solve_at=N`).
    pub solve_at: Option<u64>,
    /// What the steps panel shows.
    pub explain: Explain,
    /// A cost per cell, if the maze is weighted.
    pub weights: Option<crate::weights::Weights>,
}

impl Settings {
    /// The main maze's generator params: its shape, seed, pop, bias,
    /// braid and weave.
    pub fn params(&self) -> Params {
        Params {
            pop: self.main.pop.clone(),
            bias: self.main.bias,
            braid: self.braid,
            weave: self.weave,
            steer: generate::find(self.main.algorithm).map_or(Default::default(), |a| {
                generate::steer::for_algorithm(self.steer, a, &self.shape)
            }),
            symmetry: self.symmetry_here(),
            sparse: self.sparse_here(),
            ..Params::on(self.shape.clone(), self.seed)
        }
    }

    /// The symmetry where the shape can take it (a plain square, even
    /// where halved), else none.
    pub fn symmetry_here(&self) -> Option<crate::generate::symmetry::Symmetry> {
        self.symmetry
            .filter(|&s| generate::symmetry::check(&self.shape, s).is_ok())
    }

    /// The share of rock where the maze can take it (not woven), else 0.
    pub fn sparse_here(&self) -> u8 {
        if self.weave {
            0
        } else {
            self.sparse
        }
    }

    /// The app's opening state, with the given seed.
    pub fn defaults(seed: u64) -> Settings {
        Settings {
            main: PanelSpec {
                algorithm: "growing-tree",
                pop: PopSpec::default(),
                bias: Bias::default(),
            },
            shape: Shape::parse("square", default_size("square"), None)
                .expect("the default size is valid"),
            seed,
            braid: 0,
            weave: false,
            steer: Default::default(),
            symmetry: None,
            sparse: 0,
            speed: Speed::StepsPerSecond(400.0),
            compare: Vec::new(),
            solver: "bfs",
            start: None,
            goal: None,
            view: View::Maze,
            program: None,
            lang: Default::default(),
            lab: crate::lab::settings::LabSettings::default(),
            at: None,
            solve_at: None,
            explain: Explain::Steps,
            weights: None,
        }
    }

    /// The start cell: the chosen one, or the entrance (the first cell).
    pub fn start_cell(&self) -> Cell {
        self.start.unwrap_or_else(|| {
            (0..self.shape.cells())
                .find(|&c| self.shape.is_cell(c))
                .unwrap_or(0)
        })
    }

    /// The goal cell: the chosen one, or the exit (the last cell).
    pub fn goal_cell(&self) -> Cell {
        self.goal.unwrap_or_else(|| {
            (0..self.shape.cells())
                .rev()
                .find(|&c| self.shape.is_cell(c))
                .unwrap_or(0)
        })
    }

    /// Forgets a start or goal that is no cell of the shape (any more).
    pub fn clamp_ends(&mut self) {
        let shape = &self.shape;
        let fits = |p: Option<Cell>| p.filter(|&c| c < shape.cells() && shape.is_cell(c));
        self.start = fits(self.start);
        self.goal = fits(self.goal);
    }

    /// Replaces the algorithm, and drops comparison panels, that do not run
    /// on the shape, with a notice each.
    pub fn keep_algorithms_that_run(&mut self, notices: &mut Vec<String>) {
        // An algorithm that needs even sides gets the nearest even size.
        if let (Ok(algorithm), Some(d)) = (
            generate::find(self.main.algorithm),
            self.shape.plain_square(),
        ) {
            let fitted = algorithm.fitting(d);
            if fitted != d {
                notices.push(format!(
                    "{} takes even sides: the size is now {}x{}",
                    algorithm.name, fitted.width, fitted.height
                ));
                self.shape = Shape::square(fitted);
                self.start = None;
                self.goal = None;
            }
        }
        let shape = &self.shape;
        let check = |name: &str| {
            generate::find(name)
                .and_then(|a| generate::check_shape(a, shape))
                .map_err(|e| e.to_string())
        };
        if let Err(e) = check(self.main.algorithm) {
            notices.push(format!("ignored algorithm: {e}"));
            self.main = Settings::defaults(0).main;
        }
        if self.weave {
            let weaves =
                |name: &str| generate::find(name).and_then(|a| generate::check_weave(a, shape));
            let refused = std::iter::once(self.main.algorithm)
                .chain(self.compare.iter().map(|p| p.algorithm))
                .find_map(|name| weaves(name).err());
            if let Some(e) = refused {
                notices.push(format!("ignored weave: {e}"));
                self.weave = false;
            }
        }
        let before = self.compare.len();
        self.compare.retain(|spec| match check(spec.algorithm) {
            Ok(()) => true,
            Err(e) => {
                notices.push(format!("ignored compare panel: {e}"));
                false
            }
        });
        if self.compare.len() < 2 && before >= 2 {
            notices.push("ignored compare: fewer than 2 panels run on this shape".into());
            self.compare.clear();
        }
    }

    /// A cell as a link writes it: `x,y` on shapes in rows, else its number.
    pub fn point_text(&self, cell: Cell) -> String {
        match self.shape.rows() {
            Some(d) => {
                let (x, y) = d.xy(cell);
                format!("{x},{y}")
            }
            None => cell.to_string(),
        }
    }

    /// The default comparison: Norvig's three pops side by side.
    pub fn default_comparison() -> Vec<PanelSpec> {
        ["newest", "oldest", "random"]
            .into_iter()
            .map(|pop| PanelSpec {
                algorithm: "growing-tree",
                pop: PopSpec::parse(pop).expect("built-in pops parse"),
                bias: Bias::default(),
            })
            .collect()
    }

    /// Applies one key of a link (but the shape's and the points', which
    /// `from_query` reads last); an error says what was wrong.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let said = |e: crate::error::MazeError| e.to_string();
        match key {
            "algorithm" => self.main.algorithm = generate::find(value).map_err(said)?.name,
            "seed" => self.seed = parse_seed(value).map_err(said)?,
            "pop" => self.main.pop = PopSpec::parse(value).map_err(said)?,
            "bias" => self.main.bias = Bias::parse(value).map_err(said)?,
            "speed" => self.speed = parse_speed(value)?,
            "weave" => self.weave = parse_switch(value)?,
            "braid" => self.braid = parse_percent(value)?,
            "run" => self.steer.run = parse_percent(value)?,
            "sparse" => self.sparse = parse_percent(value)?,
            "weights" => {
                self.weights = match value.trim() {
                    "" | "none" => None,
                    v => Some(crate::weights::Weights::parse(v).map_err(said)?),
                }
            }
            "symmetry" => {
                self.symmetry = match value.trim() {
                    "" | "none" => None,
                    v => Some(generate::symmetry::Symmetry::parse(v).map_err(said)?),
                }
            }
            "grain" => self.steer.grain = generate::steer::Grain::parse(value).map_err(said)?,
            "compare" => self.compare = parse_compare(value)?,
            "solver" => self.solver = solve::find(value).map_err(said)?.name,
            "view" => {
                self.view = match value.trim() {
                    "maze" => View::Maze,
                    "lab" => View::Lab,
                    "code" => View::Code,
                    "walk" => View::Walk,
                    other => {
                        return Err(format!("'{}' is not maze, lab, code or walk", shown(other)))
                    }
                }
            }
            // The first-visit module never reads a program: the page hands
            // a link with one to the full module before it reads it
            // (`web::mount::Link::runs_here`), and leaves out the inflater.
            "program" if cfg!(feature = "first") => {
                return Err("a program opens with the full module".into());
            }
            "program" => {
                self.program = Some(crate::program::link::decode(value).map_err(said)?);
            }
            "lang" => self.lang = crate::program::Lang::parse(value).map_err(said)?,
            "explain" => self.explain = Explain::parse(value)?,
            k if k == "lab" || k.starts_with("lab_") => return self.lab.set(k, value),
            "at" => self.at = Some(parse_step(value)?),
            "solve_at" => self.solve_at = Some(parse_step(value)?),
            _ => return Err(format!("unknown setting '{}'", shown(key))),
        }
        Ok(())
    }

    /// Reads a query string (with or without the leading `?`). Unknown keys
    /// and bad values are skipped; each skip is described in the returned
    /// notices. `fresh_seed` is used when the link carries no valid seed.
    pub fn from_query(query: &str, fresh_seed: u64) -> (Settings, Vec<String>) {
        let mut settings = Settings::defaults(fresh_seed);
        let mut notices = Vec::new();
        // The shape's keys and the points depend on one another: read them
        // first, build after.
        let mut deferred: [Option<String>; 6] = Default::default();
        for pair in query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(raw);
            let result = match DEFERRED_KEYS.iter().position(|&k| k == key) {
                Some(i) => {
                    deferred[i] = Some(value);
                    Ok(())
                }
                None => settings.set(key, &value),
            };
            if let Err(message) = result {
                notices.push(format!("ignored {}: {message}", shown(key)));
            }
        }
        let [shape, size, wrap, mask, start, goal] = deferred;
        settings.shape = build_shape(shape, size, wrap, mask, &mut notices);
        settings.keep_algorithms_that_run(&mut notices);
        for (key, text) in [("start", start), ("goal", goal)] {
            let Some(text) = text else { continue };
            match parse_point(&text, &settings.shape) {
                Ok(cell) if key == "start" => settings.start = Some(cell),
                Ok(cell) => settings.goal = Some(cell),
                Err(message) => notices.push(format!("ignored {key}: {message}")),
            }
        }
        settings.clamp_ends();
        (settings, notices)
    }

    /// The query string that reproduces these settings, without `?`.
    pub fn to_query(&self) -> String {
        let mut parts = vec![format!("algorithm={}", self.main.algorithm)];
        if self.shape.name() != "square" {
            parts.push(format!("shape={}", self.shape.name()));
        }
        parts.push(format!("size={}", self.shape.size_text()));
        if !self.shape.wrap_text().is_empty() {
            parts.push(format!("wrap={}", self.shape.wrap_text()));
        }
        if let Some(mask) = &self.shape.mask {
            parts.push(format!("mask={}", mask.to_runs()));
        }
        parts.push(format!("seed={}", self.seed));
        if self.braid > 0 {
            parts.push(format!("braid={}", self.braid));
        }
        if self.weave {
            parts.push("weave=1".into());
        }
        if self.steer.run > 0 {
            parts.push(format!("run={}", self.steer.run));
        }
        if let Some(sym) = self.symmetry {
            parts.push(format!("symmetry={}", sym.name()));
        }
        if self.sparse > 0 {
            parts.push(format!("sparse={}", self.sparse));
        }
        if let Some(w) = self.weights {
            parts.push(format!("weights={}", w.name()));
        }
        // A neutral grain on the other axis is kept: the axis is the person's choice.
        if self.steer.grain != crate::generate::steer::Grain::default() {
            parts.push(format!(
                "grain={}",
                percent_encode(&self.steer.grain.to_text())
            ));
        }
        match generate::find(self.main.algorithm).map(|a| a.knob) {
            Ok(Knob::Pop) => parts.push(format!(
                "pop={}",
                percent_encode(&self.main.pop.to_string())
            )),
            Ok(Knob::Bias) => parts.push(format!("bias={}", self.main.bias)),
            _ => {}
        }
        parts.push(match self.speed {
            Speed::Instant => "speed=instant".to_string(),
            Speed::StepsPerSecond(s) => format!("speed={}", s.round()),
        });
        if !self.compare.is_empty() {
            let specs: Vec<String> = self.compare.iter().map(PanelSpec::to_text).collect();
            parts.push(format!("compare={}", percent_encode(&specs.join(","))));
        }
        if self.solver != "bfs" {
            parts.push(format!("solver={}", self.solver));
        }
        for (key, point) in [("start", self.start), ("goal", self.goal)] {
            if let Some(cell) = point {
                parts.push(format!("{key}={}", self.point_text(cell)));
            }
        }
        if let Some(n) = self.at {
            parts.push(format!("at={n}"));
        }
        if self.explain != Explain::Steps {
            parts.push(format!("explain={}", self.explain.name()));
        }
        if let Some(n) = self.solve_at {
            parts.push(format!("solve_at={n}"));
        }
        match self.view {
            View::Maze => {}
            View::Lab => parts.push("view=lab".into()),
            View::Code => parts.push("view=code".into()),
            View::Walk => parts.push("view=walk".into()),
        }
        // (None in the first-visit module, which never reads one.)
        if let Some(text) = self.program.as_ref().filter(|_| !cfg!(feature = "first")) {
            parts.push(format!("program={}", crate::program::link::encode(text)));
        }
        if self.lang != crate::program::Lang::JavaScript {
            parts.push(format!("lang={}", self.lang.name()));
        }
        parts.extend(self.lab.query_parts());
        parts.join("&")
    }

    /// The panels to show: the comparison, or the main panel alone.
    pub fn panels(&self) -> Vec<PanelSpec> {
        if self.compare.is_empty() {
            vec![self.main.clone()]
        } else {
            self.compare.clone()
        }
    }
}

/// A timeline position: a step number from 0.
fn parse_step(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("'{}' is not a step number (0 or more)", shown(text)))
}

/// The link keys read after the others, in this order: the shape's, then
/// the points on it.
const DEFERRED_KEYS: [&str; 6] = ["shape", "size", "wrap", "mask", "start", "goal"];

/// `1`, `true`, `on`, `yes` or their opposites.
fn parse_switch(value: &str) -> Result<bool, String> {
    match value.trim() {
        "1" | "true" | "on" | "yes" => Ok(true),
        "0" | "false" | "off" | "no" => Ok(false),
        other => Err(format!("'{}' is not 1 or 0", shown(other))),
    }
}

/// A whole percentage, 0 to 100.
fn parse_percent(value: &str) -> Result<u8, String> {
    match value.trim().parse::<u8>() {
        Ok(p) if p <= 100 => Ok(p),
        _ => Err(format!(
            "'{}' is not a percentage from 0 to 100",
            shown(value)
        )),
    }
}

fn parse_speed(text: &str) -> Result<Speed, String> {
    if text.eq_ignore_ascii_case("instant") {
        return Ok(Speed::Instant);
    }
    match text.parse::<f64>() {
        Ok(v) if (MIN_SPEED..=MAX_SPEED).contains(&v) => Ok(Speed::StepsPerSecond(v)),
        _ => Err(format!(
            "'{}' is not 'instant' or a number of steps per second from {MIN_SPEED} to {MAX_SPEED}",
            shown(text)
        )),
    }
}

/// Builds the shape from its link keys; each part that does not fit is
/// named in a notice and falls back (to square, to the shape's default
/// size, to no wrap, to no mask).
fn build_shape(
    name: Option<String>,
    size: Option<String>,
    wrap: Option<String>,
    mask: Option<String>,
    notices: &mut Vec<String>,
) -> Shape {
    let mut name = name.unwrap_or_else(|| "square".into()).trim().to_string();
    if !SHAPE_NAMES.contains(&name.as_str()) {
        notices.push(format!(
            "ignored shape: '{name}' is not one of {}",
            SHAPE_NAMES.join(", ")
        ));
        name = "square".into();
    }
    let fallback = default_size(&name);
    let size = size.unwrap_or_else(|| fallback.into());
    let mut shape = Shape::parse(&name, &size, None).unwrap_or_else(|e| {
        notices.push(format!("ignored size: {e}"));
        Shape::parse(&name, fallback, None).expect("default sizes are valid")
    });
    if let Some(wrap) = wrap.filter(|w| !w.trim().is_empty()) {
        match Shape::parse(&name, &shape.size_text(), Some(&wrap)) {
            Ok(wrapped) => shape = wrapped,
            Err(e) => notices.push(format!("ignored wrap: {e}")),
        }
    }
    if let Some(runs) = mask {
        match Mask::from_runs(&runs, shape.cells()).and_then(|m| shape.clone().with_mask(m)) {
            Ok(masked) => shape = masked,
            Err(e) => notices.push(format!("ignored mask: {e}")),
        }
    }
    shape
}

/// A cell as `x,y` (shapes in rows) or its number (any shape).
fn parse_point(text: &str, shape: &Shape) -> Result<Cell, String> {
    let cell = match (text.split_once(','), shape.rows()) {
        (Some((x, y)), Some(d)) => {
            let bad = || {
                format!(
                    "'{}' is not a cell as x,y (from 0,0 at the top left)",
                    shown(text)
                )
            };
            let (x, y): (u32, u32) = (
                x.trim().parse().map_err(|_| bad())?,
                y.trim().parse().map_err(|_| bad())?,
            );
            if x >= d.width || y >= d.height {
                return Err(format!(
                    "{x},{y} is outside the {}x{} maze",
                    d.width, d.height
                ));
            }
            d.at(x, y)
        }
        (Some(_), None) => {
            return Err(format!(
                "'{text}': a {} maze's cells are given by number",
                shape.name()
            ))
        }
        (None, _) => text
            .trim()
            .parse()
            .map_err(|_| format!("'{}' is not a cell as x,y or a cell number", shown(text)))?,
    };
    if cell >= shape.cells() || !shape.is_cell(cell) {
        return Err(format!("{text} is not a cell of this maze"));
    }
    Ok(cell)
}

fn parse_compare(text: &str) -> Result<Vec<PanelSpec>, String> {
    let specs = text
        .split(',')
        .map(|s| PanelSpec::parse(s.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    if !(2..=MAX_PANELS).contains(&specs.len()) {
        return Err(format!(
            "a comparison has 2 to {MAX_PANELS} panels, not {}",
            specs.len()
        ));
    }
    Ok(specs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_round_trips_through_the_settings() {
        let query =
            "algorithm=growing-tree&size=60x40&seed=7&pop=newest:75,random:25&speed=instant\
                     &compare=growing-tree/newest,growing-tree/oldest,binary-tree/NE";
        let (settings, notices) = Settings::from_query(query, 1);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(
            settings.shape,
            Shape::parse("square", "60x40", None).unwrap()
        );
        assert_eq!(settings.seed, 7);
        assert_eq!(settings.speed, Speed::Instant);
        assert_eq!(settings.main.pop.to_string(), "newest:75,random:25");
        assert_eq!(settings.compare.len(), 3);
        assert_eq!(settings.compare[2].bias, Bias::NE);
        let (again, notices) = Settings::from_query(&settings.to_query(), 2);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(again, settings);
    }

    #[test]
    fn what_the_steps_panel_shows_lives_in_the_link() {
        for (mode, name) in Explain::ALL {
            let (settings, notices) = Settings::from_query(&format!("seed=1&explain={name}"), 1);
            assert!(notices.is_empty(), "{notices:?}");
            assert_eq!(settings.explain, mode);
            assert_eq!(
                settings.to_query().contains("explain="),
                mode != Explain::Steps
            );
            assert_eq!(Settings::from_query(&settings.to_query(), 2).0, settings);
        }
        let (settings, notices) = Settings::from_query("seed=1&explain=loud", 1);
        assert_eq!(settings.explain, Explain::Steps);
        assert!(
            notices[0].contains("'loud' is not steps, words or hidden"),
            "{notices:?}"
        );
    }

    #[test]
    fn a_weighting_lives_in_the_link_and_a_bad_one_is_named() {
        for name in ["random:9", "patches:30"] {
            let (settings, notices) = Settings::from_query(&format!("seed=1&weights={name}"), 1);
            assert!(notices.is_empty(), "{notices:?}");
            assert_eq!(settings.weights.map(|w| w.name()).as_deref(), Some(name));
            assert!(settings.to_query().contains(&format!("weights={name}")));
            assert_eq!(Settings::from_query(&settings.to_query(), 2).0, settings);
        }
        assert!(!Settings::defaults(1).to_query().contains("weights"));
        let (settings, notices) = Settings::from_query("seed=1&weights=random:0", 1);
        assert_eq!(settings.weights, None);
        assert!(notices[0].contains("MAX from 2 to 255"), "{notices:?}");
    }

    #[test]
    fn the_lab_view_and_its_settings_live_in_the_link() {
        let query = "algorithm=wilson&seed=3&view=lab&lab=wilson~growing-tree:oldest\
                     &lab_size=25x25&lab_runs=80&lab_trees=2x3&lab_tree_runs=900";
        let (settings, notices) = Settings::from_query(query, 1);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(settings.view, View::Lab);
        assert_eq!(settings.lab.candidates_text(), "wilson~growing-tree:oldest");
        assert_eq!((settings.lab.runs, settings.lab.tree_runs), (80, 900));
        let (again, notices) = Settings::from_query(&settings.to_query(), 2);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(again, settings);
        let (broken, notices) = Settings::from_query("view=sideways&lab_runs=-1&lab=", 1);
        assert_eq!(notices.len(), 3, "{notices:?}");
        assert_eq!(broken.view, View::Maze);
        assert_eq!(broken.lab, crate::lab::settings::LabSettings::default());
    }

    #[test]
    fn the_speed_read_back_from_an_unmoved_slider_is_the_links() {
        for speed in [1.0, 7.0, 398.0, 400.0, 2000.0, 99_999.0, 100_000.0] {
            let speed = Speed::StepsPerSecond(speed);
            assert_eq!(speed.read_back(speed.slider()), speed);
        }
        assert_eq!(Speed::Instant.slider(), SLIDER_INSTANT);
        assert_eq!(Speed::from_slider(SLIDER_INSTANT), Speed::Instant);
        // A moved slider gives its own speed: 400 steps/s is position 520,
        // and 521 is about 402.
        let moved = Speed::StepsPerSecond(400.0).read_back(521);
        assert_eq!(moved, Speed::from_slider(521));
        assert_eq!(Speed::StepsPerSecond(400.0).slider(), 520);
        assert_eq!(Speed::from_slider(0), Speed::StepsPerSecond(1.0));
    }

    /// A right-to-left override (U+202E) in a link would print the rest
    /// of its notice backwards: the notice names it instead.
    #[test]
    fn a_notice_shows_a_direction_turning_character_as_its_code() {
        for query in [
            "?algorithm=wil%E2%80%AEson",
            "?size=40x%E2%80%AE25",
            "?view=ma%E2%80%AEze",
            "?start=1%E2%80%AE,2",
            "?braid=5%E2%80%AE",
        ] {
            let (_, notices) = Settings::from_query(query, 5);
            assert_eq!(notices.len(), 1, "{query}: {notices:?}");
            assert!(notices[0].contains("\\u{202e}"), "{query}: {notices:?}");
            assert!(!notices[0].contains('\u{202e}'), "{query}: {notices:?}");
        }
    }

    #[test]
    fn bad_values_fall_back_to_defaults_with_a_notice_each() {
        let (settings, notices) = Settings::from_query(
            "?algorithm=nope&size=0x9&seed=abc&speed=fast&compare=wilson&colour=red&pop=",
            5,
        );
        assert_eq!(settings, Settings::defaults(5));
        assert_eq!(notices.len(), 7, "{notices:?}");
        for key in [
            "algorithm",
            "size",
            "seed",
            "speed",
            "compare",
            "colour",
            "pop",
        ] {
            assert!(
                notices.iter().any(|n| n.contains(key)),
                "{key}: {notices:?}"
            );
        }
    }

    #[test]
    fn solver_start_and_goal_round_trip_and_bad_ones_are_named() {
        let (settings, notices) =
            Settings::from_query("size=10x5&solver=astar&start=2,3&goal=9,4", 1);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(
            (settings.solver, settings.start_cell(), settings.goal_cell()),
            ("astar", 32, 49)
        );
        let (again, _) = Settings::from_query(&settings.to_query(), 2);
        assert_eq!(again, settings);
        let (settings, notices) =
            Settings::from_query("goal=40,1&size=10x5&start=x&solver=teleport", 1);
        assert_eq!(
            (settings.start_cell(), settings.goal_cell(), settings.solver),
            (0, 49, "bfs")
        );
        assert_eq!(notices.len(), 3, "{notices:?}");
        assert!(
            notices.iter().any(|n| n.contains("outside the 10x5 maze")),
            "{notices:?}"
        );
    }

    #[test]
    fn panel_specs_carry_their_option_and_refuse_stray_ones() {
        let spec = PanelSpec::parse("growing-tree/newest:75+random:25").unwrap();
        assert_eq!(spec.to_text(), "growing-tree/newest:75+random:25");
        assert!(PanelSpec::parse("wilson/oldest")
            .unwrap_err()
            .contains("takes no option"));
        assert!(PanelSpec::parse("binary-tree/XX")
            .unwrap_err()
            .contains("NW, NE, SW, SE"));
    }
}

#[cfg(test)]
mod shape_tests {
    use super::*;

    #[test]
    fn shapes_wraps_masks_and_points_round_trip_through_the_link() {
        let mut mask = Mask::all_on(30 * 20);
        for cell in [0, 1, 2, 31, 599] {
            mask.set(cell, false);
        }
        let shape = Shape::parse("hex", "30x20", None)
            .unwrap()
            .with_mask(mask)
            .unwrap();
        let settings = Settings {
            shape,
            start: Some(45),
            goal: Some(500),
            ..Settings::defaults(9)
        };
        let query = settings.to_query();
        assert!(query.contains("shape=hex&size=30x20&mask="), "{query}");
        let (braided, notices) = Settings::from_query("braid=40", 1);
        assert!(notices.is_empty());
        assert_eq!(braided.braid, 40);
        assert!(braided.to_query().contains("braid=40"));
        let (_, notices) = Settings::from_query("braid=140", 1);
        assert!(notices[0].contains("0 to 100"), "{notices:?}");
        assert!(query.contains("start=15,1"), "{query}");
        let (again, notices) = Settings::from_query(&query, 1);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(again, settings);
        for query in ["shape=polar&size=15&goal=100", "size=20x10&wrap=xy"] {
            let (s, notices) = Settings::from_query(query, 1);
            assert!(notices.is_empty(), "{query}: {notices:?}");
            let (again, _) = Settings::from_query(&s.to_query(), 2);
            assert_eq!(again.shape, s.shape, "{query}");
            assert_eq!(again.goal, s.goal, "{query}");
        }
        let (polar, _) = Settings::from_query("shape=polar&size=15", 1);
        assert_eq!(polar.shape.size_text(), "15");
    }

    #[test]
    fn the_new_shapes_read_from_a_link_and_their_bad_sizes_are_named() {
        for (query, name, size) in [
            ("shape=3d&size=6x5x4", "3d", "6x5x4"),
            ("shape=4d&size=3x3x2x2", "4d", "3x3x2x2"),
            ("shape=cube&size=7", "cube", "7"),
            ("shape=upsilon&size=9x8", "upsilon", "9x8"),
            ("size=9x8&wrap=klein", "square", "9x8"),
        ] {
            let (s, notices) = Settings::from_query(query, 1);
            assert!(notices.is_empty(), "{query}: {notices:?}");
            assert_eq!(
                (s.shape.name(), s.shape.size_text()),
                (name, size.to_string()),
                "{query}"
            );
        }
        for (query, hint) in [
            ("shape=3d&size=0x5x4", "every side 1 to 4096"),
            ("shape=3d&size=6x100000x3", "every side 1 to 4096"),
            ("shape=4d&size=100000x4x2x2", "every side 1 to 4096"),
            ("shape=3d&size=5x4", "WxHxL"),
            ("shape=cube&size=5000", "1672"),
            ("size=2x8&wrap=mobius", "at least 3"),
        ] {
            let (s, notices) = Settings::from_query(query, 1);
            assert!(
                notices.iter().any(|n| n.contains(hint)),
                "{query}: {notices:?}"
            );
            // The maze falls back to a shape that works.
            assert!(s.shape.cells() > 0);
        }
    }

    #[test]
    fn bad_shape_keys_fall_back_each_with_a_notice() {
        let (s, notices) = Settings::from_query(
            "shape=sphere&size=0&wrap=q&mask=zz.zz&start=1,1,1&algorithm=binary-tree",
            1,
        );
        assert_eq!(s.shape.name(), "square");
        for key in ["shape", "size", "wrap", "mask", "start"] {
            assert!(
                notices
                    .iter()
                    .any(|n| n.starts_with(&format!("ignored {key}"))),
                "{key}: {notices:?}"
            );
        }
        // A generator that does not run on the shape is named and replaced.
        let (s, notices) = Settings::from_query("shape=hex&algorithm=sidewinder", 1);
        assert_eq!(s.main.algorithm, "growing-tree");
        assert!(notices[0].contains("sidewinder"), "{notices:?}");
        // A mask in pieces is refused with the number of regions.
        let mut split = Mask::all_on(9);
        for cell in [1, 4, 7] {
            split.set(cell, false);
        }
        let (s, notices) = Settings::from_query(&format!("size=3x3&mask={}", split.to_runs()), 1);
        assert!(s.shape.mask.is_none());
        assert!(notices[0].contains("2 separate regions"), "{notices:?}");
        let (_, notices) = Settings::from_query("shape=polar&size=5&start=1,2", 1);
        assert!(notices[0].contains("by number"), "{notices:?}");
    }

    #[test]
    fn mask_runs_round_trip() {
        let mut mask = Mask::all_on(100);
        for cell in (0..100).filter(|c| c % 7 == 0 || (40..80).contains(c)) {
            mask.set(cell, false);
        }
        let runs = mask.to_runs();
        assert!(runs.starts_with("0."), "{runs}");
        assert_eq!(Mask::from_runs(&runs, 100).unwrap(), mask);
        assert!(Mask::from_runs(&runs, 99).is_err());
        assert_eq!(Mask::all_on(5).to_runs(), "5");
    }
}
