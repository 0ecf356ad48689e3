//! [`Generator`]: any algorithm of the registry, or a person's recorded
//! run, as one iterator of events.

use super::{braid, mirror, sparse, symmetry, weave, Algorithm, Params, PROGRAM, PROGRAM_ON_OPEN};
use super::{check_shape, check_weave, find, steer, Step};
use crate::error::MazeError;
use crate::event::Event;
use crate::grid::Grid;
use crate::record::{Counts, Marks};
use crate::shape::Shape;
use crate::stream::{Replayed, Stream};

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
        let stepper = woven.unwrap_or_else(|| algorithm.start(&params));
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
        let mut inner = algorithm.start(&part_params);
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
            stepper = with_rock(algorithm, stepper, &params);
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
            stepper = with_rock(algorithm, stepper, &params);
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
        if !algorithm.runs_here() {
            return Err(MazeError::BadValue {
                what: "algorithm in the first-visit module",
                given: name.into(),
                valid: "the full module's (the page loads it)".into(),
            });
        }
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

/// `stepper` followed by the sparseness pass, which turns dead ends to
/// rock (`params.sparse` percent of the cells).
fn with_rock(algorithm: &Algorithm, stepper: Box<dyn Step>, params: &Params) -> Box<dyn Step> {
    let grid = algorithm.initial_grid(&params.shape);
    Box::new(sparse::after(stepper, grid, params.sparse, params.seed))
}
