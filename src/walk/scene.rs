//! The maze around the walker as the renderer draws it: boxes (walls, a
//! bridge's deck and the walls under it, ladder rails, the goal's beacon)
//! and flat tiles (floors coloured by what marks them, a 3D level's
//! ceiling). Only cells within [`VIEW`] of the eye are built, found by a
//! breadth-first search over the shape from the walker's cell (through
//! the copies of a wrapped maze), so the cost follows the view, not the
//! maze. A wall that opens sinks, and one that closes (the timeline
//! scrubbed back) rises, over [`SINK_MS`].

use super::ground::LEVEL_H;
use super::ground::{side_points, Ground};
use super::images::Image;
use super::walker::{Walker, BRIDGE_H};
use crate::grid::Grid;
use crate::render::canvas::palette::{Palette, Rgba};
use crate::shape::geometry::Point;
use crate::shape::{Cell, Dir, Kind, Topology};
use std::collections::{HashMap, HashSet, VecDeque};

/// How far the eye sees, in cells: past it the fog is whole.
pub const VIEW: f64 = 14.0;
/// Walls' height (a cell is 1 across).
pub const WALL_H: f64 = 1.0;
/// Half a wall's thickness.
pub const WALL_HALF: f64 = 0.05;
/// A bridge deck's thickness.
pub const DECK: f64 = 0.07;
/// How long a wall takes to sink or rise.
pub const SINK_MS: f64 = 450.0;
/// Floats a box takes: its base's ends (x, y twice), its bottom and top,
/// its half width, its colour.
pub const BOX_FLOATS: usize = 10;
/// Floats a tile's vertex takes: x, altitude, y, its colour, and how far
/// in from the cell's outline it is (0 on it, 1 at the centre: the
/// renderer draws the cells' edges on the floor from it).
pub const TILE_FLOATS: usize = 7;

/// The colours of the world, from the page's theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Colours {
    /// The sky and the fog.
    pub sky: [f32; 3],
    /// A carved cell's floor.
    pub floor: [f32; 3],
    /// A cell not yet carved.
    pub uncarved: [f32; 3],
    /// Walls.
    pub wall: [f32; 3],
    /// A level's ceiling, and a bridge's deck.
    pub ceiling: [f32; 3],
    /// The walker's trail.
    pub trail: [f32; 3],
    /// The solver's way, when shown.
    pub way: [f32; 3],
    /// The start.
    pub start: [f32; 3],
    /// The goal and its beacon.
    pub goal: [f32; 3],
    /// A hole down to the level below.
    pub hole: [f32; 3],
}

fn rgb(c: Rgba) -> [f32; 3] {
    [c[0], c[1], c[2]].map(|v| f32::from(v) / 255.0)
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

impl Colours {
    /// The world in a theme's colours: the marks as the map has them,
    /// walls between the map's walls and passages so they shade.
    pub fn from_palette(p: &Palette) -> Colours {
        let (passage, wall) = (rgb(p.passage), rgb(p.wall));
        let dark = p.name == "dark";
        Colours {
            sky: if dark {
                mix(passage, [0.0; 3], 0.35)
            } else {
                mix(passage, [0.78, 0.86, 0.95], 0.6)
            },
            floor: mix(passage, wall, 0.12),
            uncarved: rgb(p.solid),
            wall: mix(wall, passage, if dark { 0.35 } else { 0.7 }),
            ceiling: mix(wall, passage, 0.45),
            trail: rgb(p.trail),
            way: rgb(p.path),
            start: rgb(p.start),
            goal: rgb(p.goal),
            hole: mix(wall, [0.0; 3], 0.6),
        }
    }
}

/// What the floor shows besides the maze.
pub struct Marks<'a> {
    /// The start.
    pub start: Cell,
    /// The goal.
    pub goal: Cell,
    /// The solver's way, when shown.
    pub way: &'a HashSet<Cell>,
    /// Whether the maze is still being carved (cells not yet reached show).
    pub carving: bool,
}

/// A wall as last drawn: open or not, and since when.
#[derive(Clone, Copy, Debug)]
struct Shown {
    open: bool,
    since: f64,
    stamp: u32,
}

/// The boxes and tiles around the walker, rebuilt as it moves.
#[derive(Default)]
pub struct Scene {
    /// `BOX_FLOATS` floats a box.
    pub boxes: Vec<f32>,
    /// `TILE_FLOATS` floats a vertex, three vertices a triangle.
    pub tiles: Vec<f32>,
    /// Whether a wall is still sinking or rising: build again next frame.
    pub animating: bool,
    /// Cells built in the last build.
    pub cells: usize,
    walls: HashMap<(Cell, u8), Shown>,
    seen: HashSet<(Cell, Image)>,
    queue: VecDeque<(Cell, Image)>,
    trail: HashSet<Cell>,
    points: Vec<Point>,
    starts: Vec<usize>,
    side: Vec<Point>,
    stamp: u32,
}

impl Scene {
    /// Builds the scene around the walker's eye at time `now_ms`.
    pub fn build(
        &mut self,
        ground: &Ground,
        grid: &Grid,
        walker: &Walker,
        marks: &Marks,
        colours: &Colours,
        now_ms: f64,
    ) {
        self.boxes.clear();
        self.tiles.clear();
        self.animating = false;
        self.cells = 0;
        self.stamp = self.stamp.wrapping_add(1);
        self.trail.clear();
        self.trail.extend(walker.trail.iter().copied());
        let (eye, _) = walker.eye(ground, grid);
        let (first, second) = walker.anchors();
        self.seen.clear();
        for anchor in std::iter::once(first).chain(second) {
            self.search(ground, grid, anchor, eye.at, marks, colours, now_ms);
        }
        let stamp = self.stamp;
        self.walls.retain(|_, s| s.stamp == stamp);
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        ground: &Ground,
        grid: &Grid,
        anchor: Cell,
        eye: Point,
        marks: &Marks,
        colours: &Colours,
        now_ms: f64,
    ) {
        let images = ground.images;
        self.queue.clear();
        if self.seen.insert((anchor, Image::default())) {
            self.queue.push_back((anchor, Image::default()));
        }
        while let Some((cell, im)) = self.queue.pop_front() {
            self.cells += 1;
            // `cell` leaves the cell's outline in `points`, as drawn in `im`.
            self.cell(ground, grid, cell, im, marks, colours, now_ms);
            let centre = images.apply(im, ground.centre(cell));
            for k in 0..self.starts.len() {
                let Some(n) = grid.shape().side(cell, k) else {
                    continue;
                };
                let next = if images.any() {
                    // The neighbour's copy beside this side: as far past it
                    // as the centre is before it.
                    let (a, b) = super::ground::side_ends(&self.points, &self.starts, k);
                    let guess = (a.0 + b.0 - centre.0, a.1 + b.1 - centre.1);
                    images.nearest(im, ground.centre(n), guess)
                } else {
                    im
                };
                let at = images.apply(next, ground.centre(n));
                if (at.0 - eye.0).hypot(at.1 - eye.1) <= VIEW + 1.0 && self.seen.insert((n, next)) {
                    self.queue.push_back((n, next));
                }
            }
        }
    }

    /// One cell's floor, ceiling, walls and fittings.
    #[allow(clippy::too_many_arguments)]
    fn cell(
        &mut self,
        ground: &Ground,
        grid: &Grid,
        cell: Cell,
        im: Image,
        marks: &Marks,
        colours: &Colours,
        now_ms: f64,
    ) {
        let images = ground.images;
        let shape = grid.shape();
        let base = ground.altitude(cell);
        let stacked = matches!(shape.kind, Kind::Stack(_));
        let sides = ground.level_sides(cell);
        let open_to = |k: usize| grid.through(cell, k).is_some();
        let (up, down) = if stacked {
            (open_to(sides), open_to(sides + 1))
        } else {
            (false, false)
        };
        ground.outline(cell, &mut self.points, &mut self.starts);
        for p in self.points.iter_mut() {
            *p = images.apply(im, *p);
        }
        let centre = images.apply(im, ground.centre(cell));

        // The floor, coloured by what marks it.
        let floor = if cell == marks.goal {
            colours.goal
        } else if cell == marks.start {
            colours.start
        } else if down {
            colours.hole
        } else if marks.way.contains(&cell) {
            colours.way
        } else if self.trail.contains(&cell) {
            colours.trail
        } else if marks.carving && grid.degree(cell) == 0 {
            colours.uncarved
        } else {
            colours.floor
        };
        fan(&mut self.tiles, centre, &self.points, base, floor);
        if stacked && !up {
            fan(
                &mut self.tiles,
                centre,
                &self.points,
                base + WALL_H,
                colours.ceiling,
            );
        }

        // The walls, each drawn from the lower-numbered cell of its two.
        for k in 0..sides {
            let n = shape.side(cell, k);
            if n.is_some_and(|n| n < cell) {
                continue;
            }
            side_points(&self.points, &self.starts, k, &mut self.side);
            let Some(n) = n else {
                push_sides(
                    &mut self.boxes,
                    &self.side,
                    base,
                    base + WALL_H,
                    colours.wall,
                );
                continue;
            };
            let open = grid.is_open_between(cell, n);
            if !open && k < 4 && grid.is_woven() && grid.tunnel_mouth(cell, Dir::ALL[k]) {
                // A tunnel's mouth: wall only above it, the bridge's side.
                let (z0, z1) = (base + BRIDGE_H - DECK, base + WALL_H);
                push_sides(&mut self.boxes, &self.side, z0, z1, colours.wall);
                continue;
            }
            let shown = self.walls.entry((cell, k as u8)).or_insert(Shown {
                open,
                since: f64::NEG_INFINITY,
                stamp: self.stamp,
            });
            if shown.open != open {
                shown.open = open;
                shown.since = now_ms;
            }
            shown.stamp = self.stamp;
            let t = ((now_ms - shown.since) / SINK_MS).clamp(0.0, 1.0);
            if t < 1.0 {
                self.animating = true;
            }
            let height = WALL_H * if open { 1.0 - t } else { t };
            if height > 1e-3 {
                push_sides(
                    &mut self.boxes,
                    &self.side,
                    base,
                    base + height,
                    colours.wall,
                );
            }
        }

        // A bridge over a tunnel: its deck, and walls under the deck on
        // the sides it is walked on from, closing the tunnel in.
        if let Some(ew) = grid.tunnel_beneath(cell) {
            let walked = if ew { [0, 2] } else { [1, 3] };
            let mut ends = [centre; 2];
            for (end, k) in ends.iter_mut().zip(walked) {
                side_points(&self.points, &self.starts, k, &mut self.side);
                let (a, b) = (self.side[0], self.side[self.side.len() - 1]);
                *end = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                push_sides(
                    &mut self.boxes,
                    &self.side,
                    base,
                    base + BRIDGE_H - DECK,
                    colours.wall,
                );
            }
            push_box(
                &mut self.boxes,
                ends[0],
                ends[1],
                (base + BRIDGE_H - DECK, base + BRIDGE_H),
                0.5 - WALL_HALF,
                colours.ceiling,
            );
        }

        // A ladder up through the ceiling, or the top of one coming up
        // through a hole in the floor.
        if up || down {
            let (z0, z1) = if up {
                (base, base + LEVEL_H)
            } else {
                (base - 0.4, base + 0.35)
            };
            for dx in [-0.18, 0.18] {
                let a = (centre.0 + dx, centre.1 - 0.01);
                let b = (centre.0 + dx, centre.1 + 0.01);
                push_box(&mut self.boxes, a, b, (z0, z1), 0.025, colours.wall);
            }
            let mut z = z0 + 0.15;
            while z < z1 {
                let a = (centre.0 - 0.18, centre.1);
                let b = (centre.0 + 0.18, centre.1);
                push_box(&mut self.boxes, a, b, (z, z + 0.03), 0.02, colours.wall);
                z += 0.22;
            }
        }

        // The goal's beacon, seen over the walls.
        if cell == marks.goal {
            let a = (centre.0 - 0.06, centre.1);
            let b = (centre.0 + 0.06, centre.1);
            push_box(
                &mut self.boxes,
                a,
                b,
                (base, base + 2.5),
                0.06,
                colours.goal,
            );
        }
    }
}

/// A polygon as triangles fanned from `centre`, at altitude `alt`.
fn fan(out: &mut Vec<f32>, centre: Point, points: &[Point], alt: f64, colour: [f32; 3]) {
    let mut vertex = |p: Point, rim: f32| {
        out.extend_from_slice(&[p.0 as f32, alt as f32, p.1 as f32]);
        out.extend_from_slice(&colour);
        out.push(rim);
    };
    for i in 0..points.len() {
        vertex(centre, 1.0);
        vertex(points[i], 0.0);
        vertex(points[(i + 1) % points.len()], 0.0);
    }
}

/// A wall along each segment of `side` (several for a curved side).
fn push_sides(out: &mut Vec<f32>, side: &[Point], z0: f64, z1: f64, colour: [f32; 3]) {
    for pair in side.windows(2) {
        push_box(out, pair[0], pair[1], (z0, z1), WALL_HALF, colour);
    }
}

/// A box over the segment `a`-`b`, `half` to each side and as far past
/// each end (so walls meeting at a corner close it).
fn push_box(
    out: &mut Vec<f32>,
    a: Point,
    b: Point,
    (z0, z1): (f64, f64),
    half: f64,
    colour: [f32; 3],
) {
    out.extend_from_slice(&[
        a.0 as f32,
        a.1 as f32,
        b.0 as f32,
        b.1 as f32,
        z0 as f32,
        z1 as f32,
        half as f32,
    ]);
    out.extend_from_slice(&colour);
}
