//! The solving layer: a transparent picture drawn over the maze, so a solver
//! or a player never forces a repaint of the maze itself. It shows the
//! solver's marks, its cursor, the final path with the openings it crosses,
//! the player's trail, and the start and goal markers on top of all.

use super::pixels::{colour, Layout, Raster};
use crate::event::{Event, Mark};
use crate::grid::{Cell, Dims};

/// Overlay colours as RGBA; translucent ones let the maze show through.
pub mod tint {
    pub const EXPLORED: [u8; 4] = [0xf0, 0xe4, 0x42, 0xa0];
    pub const FRONTIER: [u8; 4] = [0xe6, 0x9f, 0x00, 0xa0];
    pub const DEAD: [u8; 4] = [0x70, 0x70, 0x70, 0x90];
    pub const PATH: [u8; 4] = super::colour::PATH;
    pub const TRAIL: [u8; 4] = [0x56, 0xb4, 0xe9, 0xff];
    pub const CURSOR: [u8; 4] = super::colour::CURSOR;
    pub const START: [u8; 4] = [0x00, 0x9e, 0x73, 0xff];
    pub const GOAL: [u8; 4] = [0xcc, 0x79, 0xa7, 0xff];
}

/// What the overlay shows.
pub struct OverlayScene {
    pub dims: Dims,
    pub marks: Vec<Mark>,
    /// Cells the solver has marked at least once.
    pub explored: u32,
    pub cursor: Option<Cell>,
    pub start: Cell,
    pub goal: Cell,
    /// The final path, once a solver has one (see `set_path`).
    path: Vec<Cell>,
    on_path: Vec<bool>,
    /// The player's trail from the start, and which cells are on it.
    pub trail: Vec<Cell>,
    on_trail: Vec<bool>,
}

impl OverlayScene {
    pub fn new(dims: Dims, start: Cell, goal: Cell) -> OverlayScene {
        let cells = dims.cells() as usize;
        OverlayScene {
            dims,
            marks: vec![Mark::Blank; cells],
            explored: 0,
            cursor: None,
            start,
            goal,
            path: Vec::new(),
            on_path: vec![false; cells],
            trail: Vec::new(),
            on_trail: vec![false; cells],
        }
    }

    /// Forgets the solver's marks and path (a new run or new ends).
    pub fn clear_solver(&mut self) {
        self.marks.fill(Mark::Blank);
        self.explored = 0;
        self.cursor = None;
        for &c in &self.path {
            self.on_path[c as usize] = false;
        }
        self.path.clear();
    }

    /// Records the solver's final path.
    pub fn set_path(&mut self, path: &[Cell]) {
        for &c in &self.path {
            self.on_path[c as usize] = false;
        }
        self.path = path.to_vec();
        for &c in path {
            self.on_path[c as usize] = true;
        }
    }

    /// Forgets the player's trail.
    pub fn clear_trail(&mut self) {
        for &c in &self.trail {
            self.on_trail[c as usize] = false;
        }
        self.trail.clear();
    }

    /// Applies a solver event; returns the cells whose look changed.
    pub fn apply(&mut self, event: &Event) -> [Option<Cell>; 2] {
        match *event {
            Event::Mark(cell, mark) => {
                let old = std::mem::replace(&mut self.marks[cell as usize], mark);
                self.explored += u32::from(old == Mark::Blank && mark != Mark::Blank);
                [Some(cell), None]
            }
            Event::Cursor(cell) => [self.cursor.replace(cell), Some(cell)],
            Event::Done => [self.cursor.take(), None],
            Event::Carve(..) | Event::Build(..) => [None, None],
        }
    }

    /// Extends the trail by one cell, or, when `cell` is already on it,
    /// retracts the trail back to it. Returns the cells whose look changed,
    /// in trail order (`cell` last).
    pub fn trail_step(&mut self, cell: Cell) -> Vec<Cell> {
        let n = self.trail.len();
        if self.on_trail[cell as usize] {
            let mut changed = Vec::new();
            while let Some(&head) = self.trail.last() {
                if head == cell {
                    break;
                }
                self.trail.pop();
                self.on_trail[head as usize] = false;
                changed.push(head);
            }
            changed.push(cell);
            return changed;
        }
        self.trail.push(cell);
        self.on_trail[cell as usize] = true;
        match n {
            0 => vec![cell],
            _ => vec![self.trail[n - 1], cell],
        }
    }

    pub fn on_trail(&self, cell: Cell) -> bool {
        self.on_trail[cell as usize]
    }

    /// The colour of a cell's square, or `None` for transparent.
    pub fn cell_colour(&self, cell: Cell) -> Option<[u8; 4]> {
        if cell == self.start {
            return Some(tint::START);
        }
        if cell == self.goal {
            return Some(tint::GOAL);
        }
        if self.on_trail[cell as usize] {
            return Some(tint::TRAIL);
        }
        if self.cursor == Some(cell) {
            return Some(tint::CURSOR);
        }
        match self.marks[cell as usize] {
            Mark::Blank => None,
            Mark::Explored => Some(tint::EXPLORED),
            Mark::Frontier => Some(tint::FRONTIER),
            Mark::Path => Some(tint::PATH),
            Mark::Dead => Some(tint::DEAD),
            Mark::Walk => Some(colour::WALK),
        }
    }

    /// The colour of the opening between two adjacent cells: the trail's or
    /// the path's where they run through it, else transparent.
    pub fn link_colour(&self, a: Cell, b: Cell) -> Option<[u8; 4]> {
        let consecutive = |list: &[Cell]| {
            list.windows(2)
                .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
        };
        if self.on_trail[a as usize] && self.on_trail[b as usize] && consecutive(&self.trail) {
            Some(tint::TRAIL)
        } else if consecutive(&self.path) {
            Some(tint::PATH)
        } else {
            None
        }
    }
}

/// The overlay's pixels.
pub struct Overlay {
    layout: Layout,
    raster: Raster,
    /// Nothing painted since it was made: a new canvas is transparent
    /// already, so the first full paint needs no clearing (at 4096 x 4096,
    /// clearing means handing 268 MB of nothing to the canvas).
    pristine: bool,
}

impl Overlay {
    pub fn new(layout: Layout) -> Overlay {
        Overlay {
            layout,
            raster: Raster::new(layout.width(), layout.height()),
            pristine: true,
        }
    }

    pub fn raster(&mut self) -> &mut Raster {
        &mut self.raster
    }

    /// Repaints a cell's square (not its openings).
    pub fn paint_cell(&mut self, scene: &OverlayScene, cell: Cell) {
        self.pristine = false;
        let (px, py) = self.layout.origin(cell);
        let s = self.layout.cell_px;
        self.raster
            .fill(px, py, s, s, scene.cell_colour(cell).unwrap_or([0; 4]));
    }

    /// Repaints the opening between two adjacent cells.
    pub fn paint_link(&mut self, scene: &OverlayScene, a: Cell, b: Cell) {
        self.pristine = false;
        let (lo, hi) = (a.min(b), a.max(b));
        let (px, py) = self.layout.origin(lo);
        let s = self.layout.cell_px;
        let c = scene.link_colour(lo, hi).unwrap_or([0; 4]);
        if hi == lo + self.layout.dims.width {
            self.raster.fill(px, py + s, s, 1, c);
        } else {
            self.raster.fill(px + s, py, 1, s, c);
        }
    }

    /// Repaints everything: every cell, and the openings along the path and trail.
    pub fn paint_all(&mut self, scene: &OverlayScene) {
        if !self.pristine {
            self.raster.clear();
        }
        for cell in 0..scene.dims.cells() {
            if scene.cell_colour(cell).is_some() {
                self.paint_cell(scene, cell);
            }
        }
        for list in [&scene.path, &scene.trail] {
            for w in list.windows(2) {
                self.paint_link(scene, w[0], w[1]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trail_extends_and_retracts_and_markers_stay_on_top() {
        let dims = Dims::new(3, 1).unwrap();
        let mut scene = OverlayScene::new(dims, 0, 2);
        assert_eq!(scene.trail_step(0), vec![0]);
        assert_eq!(scene.trail_step(1), vec![0, 1]);
        assert_eq!(scene.cell_colour(1), Some(tint::TRAIL));
        assert_eq!(
            scene.cell_colour(0),
            Some(tint::START),
            "the start marker wins"
        );
        assert_eq!(scene.link_colour(0, 1), Some(tint::TRAIL));
        // Stepping back onto the cell before the head retracts the trail.
        assert_eq!(scene.trail_step(0), vec![1, 0]);
        assert_eq!(scene.trail, vec![0]);
        assert_eq!(scene.cell_colour(1), None);
        assert_eq!(scene.link_colour(0, 1), None);
    }

    #[test]
    fn stepping_onto_any_earlier_cell_of_the_trail_retracts_to_it() {
        let dims = Dims::new(2, 2).unwrap();
        let mut scene = OverlayScene::new(dims, 0, 3);
        for cell in [0, 1, 3, 2] {
            scene.trail_step(cell);
        }
        // 2 touches 0, the start: the loop 0-1-3-2 closes and retracts.
        assert_eq!(scene.trail_step(0), vec![2, 3, 1, 0]);
        assert_eq!(scene.trail, vec![0]);
        assert!(!scene.on_trail(3));
    }

    #[test]
    fn painting_shows_the_path_through_its_openings() {
        let dims = Dims::new(2, 2).unwrap();
        let layout = Layout { dims, cell_px: 2 };
        let mut scene = OverlayScene::new(dims, 0, 3);
        scene.set_path(&[0, 1, 3]);
        scene.marks[1] = Mark::Path;
        let mut overlay = Overlay::new(layout);
        overlay.paint_all(&scene);
        let at = |o: &mut Overlay, x: u32, y: u32| {
            let w = o.raster().width;
            o.raster().rgba()[((y * w + x) * 4) as usize..][..4].to_vec()
        };
        assert_eq!(at(&mut overlay, 4, 1), tint::PATH, "cell 1");
        assert_eq!(
            at(&mut overlay, 3, 1),
            tint::PATH,
            "the opening between 0 and 1"
        );
        assert_eq!(
            at(&mut overlay, 4, 3),
            tint::PATH,
            "the opening between 1 and 3"
        );
        assert_eq!(at(&mut overlay, 1, 3), [0; 4], "no path between 0 and 2");
        assert_eq!(at(&mut overlay, 1, 1), tint::START);
    }
}
