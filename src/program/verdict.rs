//! Whether a program did what it says: a generator's maze is perfect
//! (every live cell reached, no loop), a solver's path walks from start to
//! goal through openings. Where it is not, the verdict names the first
//! loop or the cells left out, for the stage to show.

use crate::grid::Grid;
use crate::shape::{Cell, Topology};
use crate::union_find::UnionFind;

/// A generator's result, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Openings between cells.
    pub passages: u64,
    /// Live cells, and how many the first of them reaches.
    pub live: u32,
    /// Live cells the first one reaches.
    pub reached: u32,
    /// The first opening (in cell order) that closes a loop.
    pub first_loop: Option<(Cell, Cell)>,
    /// Live cells the first live cell does not reach.
    pub unreached: Vec<Cell>,
}

impl Verdict {
    /// Connected, no loop, every live cell reached: a perfect maze.
    pub fn perfect(&self) -> bool {
        self.first_loop.is_none() && self.unreached.is_empty()
    }

    /// One line for the page: what is right, or the first thing wrong.
    pub fn summary(&self) -> String {
        if self.perfect() {
            return format!(
                "a perfect maze: {} cells, {} passages, every cell reached, no loop",
                self.live, self.passages
            );
        }
        let mut parts = Vec::new();
        if let Some((a, b)) = self.first_loop {
            parts.push(format!("a loop closes at the passage {a}-{b}"));
        }
        if !self.unreached.is_empty() {
            parts.push(format!(
                "{} of {} cells not reached (the first: {})",
                self.unreached.len(),
                self.live,
                self.unreached[0]
            ));
        }
        format!("not a perfect maze: {}", parts.join("; "))
    }
}

/// Judges a finished maze: one union-find pass over its openings finds the
/// first loop, one over the cells the pieces.
pub fn judge(grid: &Grid) -> Verdict {
    let shape = grid.shape();
    let mut sets = UnionFind::new(grid.cells() as usize);
    let mut first_loop = None;
    let mut passages = 0;
    grid.each_opening(|a, b| {
        passages += 1;
        if !sets.union(a, b) && first_loop.is_none() {
            first_loop = Some((a.min(b), a.max(b)));
        }
    });
    let live_cells: Vec<Cell> = (0..grid.cells()).filter(|&c| shape.is_cell(c)).collect();
    let root = live_cells.first().map(|&c| sets.find(c));
    let unreached: Vec<Cell> = live_cells
        .iter()
        .copied()
        .filter(|&c| Some(sets.find(c)) != root)
        .collect();
    Verdict {
        passages,
        live: live_cells.len() as u32,
        reached: (live_cells.len() - unreached.len()) as u32,
        first_loop,
        unreached,
    }
}

/// Whether `path` is a walk from `start` to `goal` through openings; the
/// error names the first step that is not.
pub fn check_path(grid: &Grid, start: Cell, goal: Cell, path: &[Cell]) -> Result<(), String> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Err("the path is empty".into());
    };
    if first != start {
        return Err(format!(
            "the path starts at cell {first}, not at the start, {start}"
        ));
    }
    if last != goal {
        return Err(format!(
            "the path ends at cell {last}, not at the goal, {goal}"
        ));
    }
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if !grid.open_neighbors(a).as_slice().contains(&b) {
            return Err(format!(
                "step {} of the path, {a} to {b}, goes through a wall",
                i + 1
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Dims;

    fn grid(w: u32, h: u32, open: &[(Cell, Cell)]) -> Grid {
        let mut g = Grid::closed(Dims::new(w, h).unwrap());
        for &(a, b) in open {
            g.set_open(a, b, true);
        }
        g
    }

    #[test]
    fn a_spanning_tree_is_perfect() {
        let v = judge(&grid(2, 2, &[(0, 1), (1, 3), (3, 2)]));
        assert!(v.perfect(), "{v:?}");
        assert_eq!((v.passages, v.live, v.reached), (3, 4, 4));
        assert!(v.summary().starts_with("a perfect maze"));
    }

    #[test]
    fn a_loop_and_a_cut_off_cell_are_named() {
        let v = judge(&grid(3, 2, &[(0, 1), (1, 4), (4, 3), (3, 0)]));
        assert_eq!(v.first_loop, Some((3, 4)), "in cell order, 3-4 closes it");
        assert_eq!(v.unreached, vec![2, 5]);
        assert!(!v.perfect());
        assert!(
            v.summary().contains("a loop closes at the passage 3-4"),
            "{}",
            v.summary()
        );
        assert!(
            v.summary().contains("2 of 6 cells not reached"),
            "{}",
            v.summary()
        );
    }

    #[test]
    fn a_path_through_a_wall_or_from_elsewhere_is_refused() {
        let g = grid(2, 2, &[(0, 1), (1, 3), (3, 2)]);
        assert_eq!(check_path(&g, 0, 2, &[0, 1, 3, 2]), Ok(()));
        let err = check_path(&g, 0, 2, &[0, 2]).unwrap_err();
        assert!(
            err.contains("step 1 of the path, 0 to 2, goes through a wall"),
            "{err}"
        );
        assert!(check_path(&g, 0, 2, &[1, 3, 2])
            .unwrap_err()
            .contains("starts at cell 1"));
        assert!(check_path(&g, 0, 2, &[0, 1])
            .unwrap_err()
            .contains("ends at cell 1"));
        assert!(check_path(&g, 0, 2, &[]).unwrap_err().contains("empty"));
    }
}
