//! The maze as a program's worker sees it: flat tables the page hands over
//! once, so that a program's `neighbors` and `isOpen` cost no call back
//! into the page. Cell `c`'s live neighbours, in the shape's clockwise
//! order, are `adj[start[c] .. start[c + 1]]`; bit `k` of `open[c]` says the
//! wall to its `k`-th neighbour is open; `back[start[c] + k]` is the place
//! of `c` in that neighbour's own list, so a carve sets both sides' bits
//! without searching the neighbour's list.

use crate::grid::Grid;
use crate::shape::{Shape, Topology};

/// A maze's tables for the program harness (`www/code/harness.js`).
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    /// Where each cell's neighbours start in `adj` (one more entry than cells).
    pub start: Vec<u32>,
    /// Every cell's live neighbours, in the shape's clockwise order.
    pub adj: Vec<u32>,
    /// 1 for a cell of the maze, 0 for one a mask switches off.
    pub live: Vec<u8>,
    /// Each cell's centre, x then y, in the shape's drawing units.
    pub centres: Vec<f64>,
    /// For each entry of `adj` (cell `c`'s `k`-th neighbour `n`), the
    /// first place of `c` in `n`'s list: the side of `n` a carve from `c`
    /// opens, as the harness would find it by searching.
    pub back: Vec<u8>,
    /// Bit `k` of a cell: the wall to its `k`-th neighbour is open.
    pub open: Vec<u8>,
}

/// The tables of `grid`'s shape and its open walls.
pub fn tables(grid: &Grid) -> Tables {
    let shape = grid.shape();
    let cells = grid.cells();
    let mut t = Tables {
        start: Vec::with_capacity(cells as usize + 1),
        adj: Vec::with_capacity(cells as usize * 4),
        live: Vec::with_capacity(cells as usize),
        centres: Vec::with_capacity(cells as usize * 2),
        back: Vec::new(),
        open: Vec::with_capacity(cells as usize),
    };
    t.start.push(0);
    for c in 0..cells {
        let live = shape.is_cell(c);
        t.live.push(u8::from(live));
        let (x, y) = shape.centre(c);
        t.centres.extend([x, y]);
        let mut open = 0u8;
        if live {
            for (k, &n) in shape.neighbors(c).as_slice().iter().enumerate() {
                t.adj.push(n);
                if grid.is_open_between(c, n) {
                    open |= 1 << k;
                }
            }
        }
        t.open.push(open);
        t.start.push(t.adj.len() as u32);
    }
    let list = |c: u32| &t.adj[t.start[c as usize] as usize..t.start[c as usize + 1] as usize];
    let mut back = Vec::with_capacity(t.adj.len());
    for c in 0..cells {
        for &n in list(c) {
            let place = list(n).iter().position(|&m| m == c);
            back.push(place.expect("a neighbour lists the cell back") as u8);
        }
    }
    t.back = back;
    t
}

/// The maze a program's run left, from its walls as the harness keeps
/// them (`open`: per cell, bit `k` for the wall to its `k`-th neighbour),
/// checked: one byte a cell, no bit past a cell's neighbours, and each
/// opening seen from both sides.
pub fn grid_of(shape: &Shape, open: &[u8]) -> Result<Grid, String> {
    let cells = shape.cells();
    if open.len() != cells as usize {
        return Err(format!(
            "the walls of {} cells came back for a maze of {cells}",
            open.len()
        ));
    }
    let mut grid = Grid::closed_shape(shape.clone());
    for c in 0..cells {
        let bits = open[c as usize];
        if bits == 0 {
            continue;
        }
        let neighbours = if shape.is_cell(c) {
            shape.neighbors(c)
        } else {
            Default::default()
        };
        let listed = neighbours.as_slice();
        if u32::from(bits) >> listed.len() != 0 {
            return Err(format!("cell {c} has an opening where it has no neighbour"));
        }
        for (k, &n) in listed.iter().enumerate() {
            if bits >> k & 1 == 0 {
                continue;
            }
            let back = shape.neighbors(n).as_slice().iter().position(|&m| m == c);
            if back.is_none_or(|j| open[n as usize] >> j & 1 == 0) {
                return Err(format!("the wall {c}-{n} is open from one side only"));
            }
            grid.set_open(c, n, true);
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Mask, Shape};

    #[test]
    fn each_cell_lists_its_live_neighbours_and_open_walls() {
        let shapes = ["square:4x3", "hex:4x3", "polar:3", "triangle:5x3"].map(|spec| {
            let (kind, size) = spec.split_once(':').unwrap();
            (kind, Shape::parse(kind, size, None).unwrap())
        });
        for (kind, shape) in shapes {
            let mut grid = Grid::closed_shape(shape.clone());
            let (a, b) = (1, shape.neighbors(1).as_slice()[0]);
            grid.set_open(a, b, true);
            let t = tables(&grid);
            for c in 0..shape.cells() {
                let listed = &t.adj[t.start[c as usize] as usize..t.start[c as usize + 1] as usize];
                assert_eq!(listed, shape.neighbors(c).as_slice(), "{kind} cell {c}");
                for (k, &n) in listed.iter().enumerate() {
                    let open = t.open[c as usize] >> k & 1 == 1;
                    assert_eq!(open, grid.is_open_between(c, n), "{kind} {c}-{n}");
                }
            }
            assert_eq!(t.centres.len(), 2 * shape.cells() as usize);
        }
    }

    /// `back` names, for each listed neighbour, the cell's first place in
    /// that neighbour's list, on every kind of shape, a wrap and a mask
    /// included.
    #[test]
    fn back_names_each_cells_place_in_its_neighbours_list() {
        let (_, mask) = Mask::from_text(".X..\n....\n..X.").unwrap();
        let shapes = [
            Shape::parse("square", "4x3", None).unwrap(),
            Shape::parse("square", "3x3", Some("xy")).unwrap(),
            Shape::parse("hex", "4x3", None).unwrap(),
            Shape::parse("polar", "3", None).unwrap(),
            Shape::parse("triangle", "5x3", None).unwrap(),
            Shape::parse("3d", "3x2x2", None).unwrap(),
            Shape::parse("square", "4x3", None)
                .unwrap()
                .with_mask(mask)
                .unwrap(),
        ];
        for shape in shapes {
            let t = tables(&Grid::closed_shape(shape.clone()));
            assert_eq!(t.back.len(), t.adj.len());
            let list =
                |c: u32| &t.adj[t.start[c as usize] as usize..t.start[c as usize + 1] as usize];
            for c in 0..shape.cells() {
                for (k, &n) in list(c).iter().enumerate() {
                    let place = list(n).iter().position(|&m| m == c);
                    let back = t.back[t.start[c as usize] as usize + k];
                    assert_eq!(Some(back as usize), place, "{shape:?} {c}-{n}");
                }
            }
        }
    }

    #[test]
    fn masked_cells_are_off_and_listed_by_no_one() {
        let (_, mask) = Mask::from_text(".X.\n...").unwrap();
        let shape = Shape::parse("square", "3x2", None)
            .unwrap()
            .with_mask(mask)
            .unwrap();
        let t = tables(&Grid::closed_shape(shape));
        assert_eq!(t.live, [1, 0, 1, 1, 1, 1]);
        assert!(!t.adj.contains(&1));
        assert_eq!(t.start[1], t.start[2], "a masked cell has no neighbours");
    }

    #[test]
    fn walls_read_back_into_the_maze_they_came_from() {
        use crate::generate::{generate, Params};
        for spec in ["square:7x5", "hex:5x4", "polar:4", "triangle:6x4"] {
            let (kind, size) = spec.split_once(':').unwrap();
            let shape = Shape::parse(kind, size, None).unwrap();
            let grid = generate("kruskal", Params::on(shape.clone(), 3)).unwrap();
            assert_eq!(
                grid_of(&shape, &tables(&grid).open).unwrap(),
                grid,
                "{spec}"
            );
        }
    }

    #[test]
    fn broken_walls_are_refused_by_name() {
        let shape = Shape::parse("square", "3x2", None).unwrap();
        let mut open = tables(&Grid::closed_shape(shape.clone())).open;
        assert!(grid_of(&shape, &open[..5]).unwrap_err().contains("6"));
        open[0] = 1 << 2; // cell 0 has two neighbours (E, S): no third
        assert!(grid_of(&shape, &open).unwrap_err().contains("no neighbour"));
        open[0] = 1; // open to the east, but cell 1 does not agree
        assert!(grid_of(&shape, &open)
            .unwrap_err()
            .contains("one side only"));
    }
}
