//! What the timeline records: generators and solvers as sources, the
//! maze's scene and the solver's overlay as frames.

use super::{Frame, Skipped, Source};
use crate::event::{Event, Mark};
use crate::generate::Generator;
use crate::grid::{UNDER_EW, UNDER_NS};
use crate::packed::{Chunked, Packed, Tiles};
use crate::record::Marks;
use crate::render::canvas::overlay_scene::OverlayScene;
use crate::render::canvas::scene::{Scene, MARKS};
use crate::shape::Topology;
use crate::shape::{Cell, EAST_OPEN, SOUTH_OPEN};
use crate::solve::Solver;
use crate::stream::Replayed;

/// The most a generator's working state was measured to take, in bytes a
/// cell: `cargo run --release --example timeline_memory` copies every
/// generator at a quarter, half and three quarters of its run under a
/// counting allocator (reverse-delete on hexagons, 17.9; most take 0 to 8).
/// The budget counts every copy at this size.
pub const GENERATOR_STATE_BYTES_PER_CELL: usize = 18;

/// What each generator's copy was measured to take, most over square, hex
/// and polar, rounded up (bytes a cell; the same example): the budget
/// counts checkpoints at these sizes, so the lean ones get more of them.
/// Only where a generator does not count its own (`Keep::heap_bytes`):
/// most that do, do so only unsteered, and fall back on these.
fn state_bytes_per_cell(name: &str) -> usize {
    match name {
        "aldous-broder" | "hunt-and-kill" | "eller" | "binary-tree" | "sidewinder"
        | "recursive-division" | "brain" => 1,
        "growing-tree" | "backtracker" | "prim" | "wilson" | "houston" => 2,
        "true-prim" => 8,
        "cheapest-cell" => 6,
        "growing-forest" | "blobby-division" | "cellular-automaton" | "mazectric" => 7,
        "unicursal" | "fractal" | "origin-shift" => 9,
        "kruskal" | "boruvka" => 13,
        _ => GENERATOR_STATE_BYTES_PER_CELL,
    }
}

/// The same for solvers, measured the same way halfway through (pledge,
/// 23.9: its copy of the maze, marks and the visits of each cell and side).
const SOLVER_STATE_BYTES_PER_CELL: usize = 24;

impl Source<Scene> for Generator {
    fn next_chunk(&mut self, max: usize) -> &[Event] {
        Generator::next_chunk(self, max)
    }

    fn state_bytes(&self) -> usize {
        if let Some(bytes) = self.heap_bytes(None) {
            return bytes;
        }
        let params = self.params();
        // The weavers were not measured apart: counted at the most.
        let mut per_cell = if params.weave {
            GENERATOR_STATE_BYTES_PER_CELL
        } else {
            state_bytes_per_cell(self.algorithm().name)
        };
        if params.braid > 0 || params.sparse > 0 {
            // A pass after the generator keeps its list of dead ends in a
            // kept copy (`after.rs`), four bytes each, at most about two
            // thirds of the cells.
            per_cell += 3;
        }
        params.shape.cells() as usize * per_cell
    }

    fn work(&self) -> u64 {
        Generator::work(self)
    }

    fn kept(&self, earlier: Option<&Generator>) -> Generator {
        self.packed_after(earlier)
    }

    fn kept_bytes(&self, earlier: Option<&Generator>) -> usize {
        self.heap_bytes(earlier)
            .unwrap_or_else(|| self.state_bytes())
    }

    fn draws_walls(&self) -> bool {
        Generator::draws_walls(self)
    }

    fn resumed(&self, scene: &mut Scene) -> Generator {
        match self.draws_walls() {
            true => self.unpacked_drawing(&mut scene.grid),
            false => self.unpacked(&scene.grid),
        }
    }

    /// Its walls go straight into the scene's grid, and a run that marks
    /// cells paints them straight into its marks; the cursor, step and
    /// passages are set once at the end (`Generator::replay`).
    fn skip(&mut self, scene: &mut Scene, max: u64) -> Skipped {
        // A step's events made but not yet handed out come first.
        let mut went = 0;
        let buffered = (self.buffered() as u64).min(max);
        if buffered > 0 {
            for event in Generator::next_chunk(self, buffered as usize) {
                scene.apply(event);
                went += 1;
            }
        }
        let marks = Marks {
            marks: &mut scene.marks,
            counts: &mut scene.mark_counts,
        };
        let Some((outcome, counts)) = self.replay(&mut scene.grid, marks, max - went) else {
            return if went > 0 {
                Skipped::By(went)
            } else {
                Skipped::Unsupported
            };
        };
        // What the replay opened less what it closed: counting the
        // passages over the whole maze before and after took longer than a
        // page's slice of background recording on a big maze.
        scene.carved += counts.opened;
        scene.cursor = counts.at.cursor;
        scene.phase = counts.at.phase;
        match outcome {
            Replayed::Overshot => Skipped::Overshot,
            _ => Skipped::By(went + counts.written + counts.skipped),
        }
    }
}

impl Source<OverlayScene> for Solver {
    fn next_chunk(&mut self, max: usize) -> &[Event] {
        Solver::next_chunk(self, max)
    }

    fn state_bytes(&self) -> usize {
        self.cells() as usize * SOLVER_STATE_BYTES_PER_CELL
    }
}

/// The maze's scene at a step: everything the events change, its walls
/// and marks packed (`Packed`), in chunks shared with the checkpoint
/// before where they are the same (`Chunked`).
#[derive(Clone, Debug, PartialEq)]
pub struct SceneSnapshot {
    /// The grid's wall bits (a byte a cell there), packed; `None` where
    /// the checkpoint's source draws them again (`Source::draws_walls`).
    pub walls: Option<Chunked>,
    /// On a woven maze, whether each cell has a tunnel under it, where
    /// `walls` then holds only each cell's two passage bits (`woven_join`).
    pub tunnels: Option<Chunked>,
    /// Whether a tunnel was ever opened.
    pub woven: bool,
    /// Each cell's mark, packed.
    pub marks: Chunked,
    /// The current cell.
    pub cursor: Option<Cell>,
    /// Whether the run has ended.
    pub done: bool,
    /// The step it is at.
    pub phase: u8,
    /// How many cells hold each mark.
    pub mark_counts: [u32; MARKS],
    /// Passages opened so far.
    pub carved: i64,
}

/// A mark from its code (`Mark as u8`); a snapshot only holds codes of
/// marks, so the `Blank` of an unknown code is never taken.
fn mark_of(code: u8) -> Mark {
    Mark::ALL
        .get(usize::from(code))
        .copied()
        .unwrap_or(Mark::Blank)
}

fn code_of(mark: Mark) -> u8 {
    mark as u8
}

/// A square cell's own passage bits (east, south).
const PASSAGES: u8 = EAST_OPEN | SOUTH_OPEN;
/// A square cell's tunnel bits (one under it, west-east or north-south).
const TUNNELS: u8 = UNDER_EW | UNDER_NS;

/// A woven cell's wall bits from its passage bits and whether a tunnel
/// runs under it. A tunnel runs under a passage straight across it, so
/// its way follows from the cell's own passage: west-east under one open
/// to the south, north-south under one open to the east and shut to the
/// south. A picture where some cell breaks this keeps its bytes whole
/// (`snapshot_after` checks), so the split never loses a bit: a woven
/// picture packs in three bits a cell, not four.
fn woven_join(passages: u8, tunnel: bool) -> u8 {
    match (tunnel, passages & SOUTH_OPEN != 0) {
        (false, _) => passages,
        (true, true) => passages | UNDER_EW,
        (true, false) => passages | UNDER_NS,
    }
}

/// Bytes a snapshot of `cells` cells takes with the widths most runs
/// need: a plain square's two wall bits and one for the marks (blank or
/// working). Others take more; the timeline thins to its budget then.
fn packed_estimate(cells: usize) -> usize {
    cells * 3 / 8
}

impl Scene {
    /// The order its snapshots pack its walls and marks in: tile by tile
    /// where its cells are numbered row by row (`Tiles`).
    fn tiles(&self) -> Option<Tiles> {
        Tiles::of(self.grid.width(), self.grid.height(), self.marks.len())
    }
}

/// `values` packed in chunks shared with `earlier`'s, tile by tile where
/// there are `tiles`.
fn chunked<T: Copy>(
    tiles: Option<Tiles>,
    values: &[T],
    code: impl Fn(T) -> u8 + Copy,
    earlier: Option<&Chunked>,
) -> Chunked {
    match tiles {
        Some(tiles) => Chunked::tiled(values, tiles, code, earlier),
        None => Chunked::new(Packed::pack(values, code), earlier),
    }
}

impl Frame for Scene {
    type Snapshot = SceneSnapshot;

    fn apply(&mut self, event: &Event) -> [Option<Cell>; 2] {
        Scene::apply(self, event)
    }

    fn snapshot(&self) -> SceneSnapshot {
        self.snapshot_after(None)
    }

    fn snapshot_after(&self, earlier: Option<&SceneSnapshot>) -> SceneSnapshot {
        let (walls, woven) = self.grid.wall_bytes();
        let earlier_walls = earlier.and_then(|e| e.walls.as_ref());
        let split = woven
            && walls
                .iter()
                .all(|&b| woven_join(b & PASSAGES, b & TUNNELS != 0) == b);
        if split {
            let earlier_tunnels = earlier.and_then(|e| e.tunnels.as_ref());
            return SceneSnapshot {
                walls: Some(chunked(
                    self.tiles(),
                    walls,
                    |b| b & PASSAGES,
                    earlier_walls,
                )),
                tunnels: Some(chunked(
                    self.tiles(),
                    walls,
                    |b| u8::from(b & TUNNELS != 0),
                    earlier_tunnels,
                )),
                ..self.snapshot_without_walls(earlier)
            };
        }
        SceneSnapshot {
            walls: Some(chunked(self.tiles(), walls, |b| b, earlier_walls)),
            ..self.snapshot_without_walls(earlier)
        }
    }

    fn snapshot_without_walls(&self, earlier: Option<&SceneSnapshot>) -> SceneSnapshot {
        SceneSnapshot {
            walls: None,
            tunnels: None,
            woven: self.grid.wall_bytes().1,
            marks: chunked(
                self.tiles(),
                &self.marks,
                code_of,
                earlier.map(|e| &e.marks),
            ),
            cursor: self.cursor,
            done: self.is_done(),
            phase: self.phase,
            mark_counts: self.mark_counts,
            carved: self.carved,
        }
    }

    /// Distances are the finished maze's: they go, and the caller works
    /// them out again if the restored scene is finished and coloured.
    fn restore(&mut self, s: &SceneSnapshot) {
        if let Some(walls) = &s.walls {
            self.grid.restore_wall_bytes(
                |bits| {
                    walls.unpack_into(bits, |b| b);
                    if let Some(tunnels) = &s.tunnels {
                        tunnels.merge_into(bits, |b, tunnel| *b = woven_join(*b, tunnel != 0));
                    }
                },
                s.woven,
            );
        }
        s.marks.unpack_into(&mut self.marks, mark_of);
        self.cursor = s.cursor;
        self.set_done(s.done);
        self.phase = s.phase;
        self.mark_counts = s.mark_counts;
        self.carved = s.carved;
        self.distances = None;
    }

    fn snapshot_bytes(&self) -> usize {
        packed_estimate(self.marks.len())
    }

    fn bytes_of(s: &SceneSnapshot) -> usize {
        Self::bytes_beyond(s, None)
    }

    fn bytes_beyond(s: &SceneSnapshot, earlier: Option<&SceneSnapshot>) -> usize {
        let earlier_walls = earlier.and_then(|e| e.walls.as_ref());
        let earlier_tunnels = earlier.and_then(|e| e.tunnels.as_ref());
        s.walls
            .as_ref()
            .map_or(0, |w| w.bytes_beyond(earlier_walls))
            + s.tunnels
                .as_ref()
                .map_or(0, |t| t.bytes_beyond(earlier_tunnels))
            + s.marks.bytes_beyond(earlier.map(|e| &e.marks))
    }
}

/// The solver's overlay at a step (the start, goal and the player's trail
/// are not the solver's, and stay as they are).
#[derive(Clone, Debug, PartialEq)]
pub struct OverlaySnapshot {
    /// Each cell's mark.
    pub marks: Chunked,
    /// Cells the solver has marked at least once.
    pub explored: u32,
    /// The solver's current cell.
    pub cursor: Option<Cell>,
    /// The step it is at.
    pub phase: u8,
    /// Whether the search has ended.
    pub done: bool,
    /// How many cells hold each mark.
    pub mark_counts: [u32; MARKS],
}

impl Frame for OverlayScene {
    type Snapshot = OverlaySnapshot;

    fn apply(&mut self, event: &Event) -> [Option<Cell>; 2] {
        OverlayScene::apply(self, event)
    }

    fn snapshot(&self) -> OverlaySnapshot {
        self.snapshot_after(None)
    }

    fn snapshot_after(&self, earlier: Option<&OverlaySnapshot>) -> OverlaySnapshot {
        OverlaySnapshot {
            marks: Chunked::new(
                Packed::pack(&self.marks, code_of),
                earlier.map(|e| &e.marks),
            ),
            explored: self.explored,
            cursor: self.cursor,
            phase: self.phase,
            done: self.done,
            mark_counts: self.mark_counts,
        }
    }

    /// The final path is drawn after the solver's `Done`: the caller puts
    /// it back when the restored step is the last.
    fn restore(&mut self, s: &OverlaySnapshot) {
        self.clear_solver();
        s.marks.unpack_into(&mut self.marks, mark_of);
        self.explored = s.explored;
        self.cursor = s.cursor;
        self.phase = s.phase;
        self.done = s.done;
        self.mark_counts = s.mark_counts;
    }

    fn snapshot_bytes(&self) -> usize {
        self.marks.len() / 2
    }

    fn bytes_of(s: &OverlaySnapshot) -> usize {
        s.marks.bytes_beyond(None)
    }

    fn bytes_beyond(s: &OverlaySnapshot, earlier: Option<&OverlaySnapshot>) -> usize {
        s.marks.bytes_beyond(earlier.map(|e| &e.marks))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Params;
    use crate::grid::Grid;
    use crate::shape::Shape;
    use crate::timeline::Timeline;
    use std::collections::HashSet;

    /// A woven picture packs its passages and its tunnels apart, three
    /// bits a cell, and restores byte for byte; one where a tunnel's way
    /// does not follow from its cell's passage keeps whole bytes, and
    /// restores as well.
    #[test]
    fn woven_pictures_pack_in_three_bits_and_restore_exactly() {
        let shape = Shape::parse("square", "256x128", None).unwrap();
        let cells = 256 * 128;
        for name in ["kruskal", "backtracker"] {
            let params = Params {
                weave: true,
                ..Params::on(shape.clone(), 3)
            };
            let fresh = Generator::by_name(name, params, true).unwrap();
            let mut scene = Scene::new(fresh.initial_grid(), false);
            for (k, event) in fresh.clone().enumerate() {
                scene.apply(&event);
                if k % 9000 != 0 && event != Event::Done {
                    continue;
                }
                let snapshot = scene.snapshot();
                let mut restored = Scene::new(fresh.initial_grid(), false);
                restored.restore(&snapshot);
                assert_eq!(restored.grid, scene.grid, "{name} after {k} events");
                if scene.grid.is_woven() {
                    let walls = snapshot.walls.as_ref().unwrap().bytes_beyond(None);
                    let tunnels = snapshot.tunnels.as_ref().unwrap().bytes_beyond(None);
                    assert_eq!(walls, cells / 4, "{name}: two bits a cell");
                    assert!(tunnels <= cells / 8, "{name}: a bit a cell");
                }
            }
            assert!(scene.grid.is_woven(), "{name}");
        }
        // A tunnel under a cell with no passage of its own.
        let shape = Shape::parse("square", "5x5", None).unwrap();
        let mut scene = Scene::new(Grid::closed_shape(shape.clone()), false);
        scene.apply(&Event::Carve(11, 13));
        assert!(scene.grid.is_woven());
        let snapshot = scene.snapshot();
        assert!(snapshot.tunnels.is_none(), "whole bytes kept");
        let mut restored = Scene::new(Grid::closed_shape(shape), false);
        restored.restore(&snapshot);
        assert_eq!(restored.grid, scene.grid);
        assert!(restored.grid.is_open_between(11, 13));
    }

    /// What a timeline counts its checkpoints' pictures at is what their
    /// chunks take, each shared chunk once; Aldous-Broder's late pictures
    /// share much of theirs (here about half: the grid is 16 chunks), so
    /// they take less than a whole picture each.
    #[test]
    fn shared_chunks_are_counted_once() {
        let shape = Shape::parse("square", "256x256", None).unwrap();
        let fresh = Generator::by_name("aldous-broder", Params::on(shape, 5), true).unwrap();
        let new_scene = || Scene::new(fresh.initial_grid(), false);
        let mut scene = new_scene();
        let total = fresh.clone().count() as u64;
        let mut timeline = Timeline::with_limits(fresh.clone(), &scene, total / 40, 64);
        while timeline.advance(&mut scene, 1 << 16, |_, _| {}) > 0 {}
        let mut seen = HashSet::new();
        let mut held = 0;
        let mut whole = 0;
        for checkpoint in &timeline.checkpoints {
            let snapshot = &checkpoint.snapshot;
            whole = Scene::bytes_of(snapshot);
            // Aldous-Broder's copies share nothing: each counts whole.
            held += checkpoint.source.kept_bytes(None);
            let walls = snapshot
                .walls
                .as_ref()
                .expect("Aldous-Broder keeps its walls");
            for chunk in walls.chunks().iter().chain(snapshot.marks.chunks()) {
                if seen.insert(chunk.as_ptr()) {
                    held += chunk.len();
                }
            }
        }
        let (kept, used) = timeline.checkpoint_bytes();
        assert!(kept >= 30, "only {kept} checkpoints");
        assert_eq!(used, held, "counted against what the chunks take");
        let states: usize = timeline
            .checkpoints
            .iter()
            .map(|c| c.source.kept_bytes(None))
            .sum();
        assert!(
            (used - states) * 4 < whole * kept * 3,
            "{kept} pictures of {whole} bytes take {} bytes: little shared",
            used - states
        );
        // And each still shows its step.
        for target in [total / 2, total - 3, total / 7] {
            timeline.seek(&mut scene, target);
            let mut forward = new_scene();
            for event in fresh.clone().take(target as usize) {
                forward.apply(&event);
            }
            assert_eq!(scene.snapshot(), forward.snapshot(), "at {target}");
        }
    }

    /// Origin shift's checkpoints keep no walls once its first tree is
    /// laid (its arrows are the passages), and a seek from one draws them
    /// again: every step shows the forward run's picture, those just after
    /// a checkpoint kept in the middle of a step's events included, in an
    /// animated recording and in one made in the background.
    #[test]
    fn origin_shifts_checkpoints_draw_their_walls_again() {
        let shape = Shape::parse("square", "24x18", None).unwrap();
        let fresh = Generator::by_name("origin-shift", Params::on(shape, 9), true).unwrap();
        let new_scene = || Scene::new(fresh.initial_grid(), false);
        let total = fresh.clone().count() as u64;
        let forward = |target: u64| {
            let mut scene = new_scene();
            for event in fresh.clone().take(target as usize) {
                scene.apply(&event);
            }
            scene.snapshot()
        };
        let mut played = new_scene();
        let mut animated = Timeline::with_limits(fresh.clone(), &played, total / 61, 64);
        while animated.advance(&mut played, 97, |_, _| {}) > 0 {}
        let mut indexed = Timeline::with_limits(fresh.clone(), &new_scene(), total / 53, 64);
        indexed.finished_elsewhere(total);
        indexed.start_indexing(new_scene());
        while indexed.index(1 << 10) {}
        for (name, mut timeline) in [("animated", animated), ("indexed", indexed)] {
            let steps: Vec<u64> = timeline.checkpoints.iter().map(|c| c.step).collect();
            let without = timeline
                .checkpoints
                .iter()
                .filter(|c| c.snapshot.walls.is_none())
                .count();
            assert!(timeline.checkpoints[0].snapshot.walls.is_some(), "{name}");
            assert!(
                without * 4 > steps.len() * 3,
                "{name}: {without} of {}",
                steps.len()
            );
            // Last first, so that each seek restores a checkpoint.
            let mut scene = new_scene();
            for step in steps.into_iter().rev() {
                for target in [step + 7, step + 3, step + 2, step + 1, step] {
                    let target = target.min(total - 1);
                    timeline.seek(&mut scene, target);
                    assert_eq!(scene.snapshot(), forward(target), "{name} at {target}");
                }
            }
        }
    }

    /// A painted replay of origin shift goes nearly all the way it is
    /// asked in one call, past its first tree (laid in one step of
    /// hundreds of events) and its moves (batches of them), stopping only
    /// where no move fits: the events left are handed out one by one, at
    /// several times the cost. Where it stops, the scene is the forward
    /// run's.
    #[test]
    fn origin_shifts_painted_replay_goes_the_whole_way() {
        let shape = Shape::parse("square", "64x48", None).unwrap();
        let fresh = Generator::by_name("origin-shift", Params::on(shape, 4), true).unwrap();
        let total = fresh.clone().count() as u64;
        let late = (0..12).map(|k| total / 3 + k);
        for asked in [64 * 48 / 2, 64 * 48 + 100, total - 40]
            .into_iter()
            .chain(late)
        {
            let mut scene = Scene::new(fresh.initial_grid(), false);
            let mut run = fresh.clone();
            let Skipped::By(went) = Source::skip(&mut run, &mut scene, asked) else {
                panic!("no painted replay");
            };
            assert!(went <= asked && went + 8 > asked, "{went} of {asked}");
            let mut forward = Scene::new(fresh.initial_grid(), false);
            for event in fresh.clone().take(went as usize) {
                forward.apply(&event);
            }
            assert_eq!(scene.snapshot(), forward.snapshot(), "after {went}");
            let rest: Vec<Event> = run.collect();
            let original: Vec<Event> = fresh.clone().skip(went as usize).collect();
            assert_eq!(rest, original, "the run after {went}");
        }
    }
}
