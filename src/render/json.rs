//! JSON: the maze as Norvig's edge list, on every shape. Cell indices are
//! the shape's own (squares, hex and triangle `y * width + x`; polar ring by
//! ring from the centre, clockwise from east in each ring).
//!
//! `{"shape", "width", "height", "cells", "seed", "algorithm", "entrance",
//! "exit", "edges": [[a, b], ...], "masked": [...], "openings": [[a, b],
//! ...], "solution": [...]}`: `edges` lists every wall that could open,
//! `masked` the cells a mask switched off, `tunnels` a woven square's
//! passages under cells as `[from, under, to]` (each also in `openings` as
//! `[from, to]`), `solution` only when asked for. A weighted maze also
//! gives `weights`, each cell's cost in cell order, and with a solution its
//! `cost` (the sum of the weights of the cells it enters).
//! A wrapped square also says `"wrap": "x"`, `"y"`, `"xy"`, `"mobius"` or
//! `"klein"`; a 3D, 4D or cube maze gives its whole size as `"size"`
//! (`"10x10x4"`), its `width` and `height` being a level's or a face's.

use crate::entrance::Ends;
use crate::grid::Grid;
use crate::shape::Cell;
use crate::shape::Topology;
use serde::{Deserialize, Serialize};

/// A maze as the CLI's JSON, the npm package's `generate` and the page's
/// export give it: the one definition of that data, written and read by
/// serde. `render` writes the same text by hand, faster on big mazes
/// (tested equal to this type's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MazeJson {
    /// The tiling: square, hex, triangle or polar.
    pub shape: String,
    /// Columns (cells in the outer ring on polar mazes) and rows (rings).
    pub width: u32,
    /// Rows (rings on polar mazes).
    pub height: u32,
    /// Cells, masked ones included.
    pub cells: u32,
    /// A wrapped square's wrap: "x", "y", "xy", "mobius" or "klein".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrap: Option<String>,
    /// The whole size where width and height do not say it: `WxHxL` (3D),
    /// `WxHxLxK` (4D), a face's side (cube).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// The seed the maze was generated from.
    pub seed: u64,
    /// The generator's name.
    pub algorithm: String,
    /// The entrance's cell.
    pub entrance: Cell,
    /// The exit's cell.
    pub exit: Cell,
    /// Every pair of neighbouring cells (every wall that could open).
    pub edges: Vec<[Cell; 2]>,
    /// The cells a mask switched off.
    pub masked: Vec<Cell>,
    /// The pairs with no wall between them.
    pub openings: Vec<[Cell; 2]>,
    /// A woven square's passages under cells: `[from, under, to]`.
    pub tunnels: Vec<[Cell; 3]>,
    /// The path from the entrance to the exit, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<Cell>>,
    /// A weighted maze's cost per cell, in cell order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Vec<u8>>,
    /// What the solution costs on a weighted maze.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<u64>,
}

impl MazeJson {
    /// The data of a maze, its origin, its ends and its solution.
    pub fn of(grid: &Grid, meta: &Meta, ends: &Ends, solution: Option<&[Cell]>) -> MazeJson {
        let shape = grid.shape();
        let (width, height) = shape.size();
        let wrap = Some(shape.wrap_text())
            .filter(|w| !w.is_empty())
            .map(String::from);
        let mut edges = Vec::new();
        shape.for_each_edge(|a, b| edges.push([a, b]));
        MazeJson {
            shape: shape.name().to_string(),
            width,
            height,
            cells: shape.cells(),
            wrap,
            size: matches!(shape.name(), "3d" | "4d" | "cube").then(|| shape.size_text()),
            seed: meta.seed,
            algorithm: meta.algorithm.to_string(),
            entrance: ends.entrance.cell,
            exit: ends.exit.cell,
            edges,
            masked: (0..shape.cells()).filter(|&c| !shape.is_cell(c)).collect(),
            openings: grid.opening_pairs().map(|(a, b)| [a, b]).collect(),
            tunnels: grid
                .tunnels()
                .into_iter()
                .map(|(f, u, t)| [f, u, t])
                .collect(),
            solution: solution.map(<[Cell]>::to_vec),
            weights: grid.costs().map(|c| c.as_slice().to_vec()),
            cost: grid
                .costs()
                .zip(solution)
                .map(|(c, path)| crate::weights::path_cost(Some(c), path)),
        }
    }

    /// The JSON text, one line and a newline, as `render` writes it.
    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string(self).expect("a maze's data is plain");
        text.push('\n');
        text
    }
}

/// What the JSON says about where the maze came from.
pub struct Meta<'a> {
    /// The seed the maze was generated from.
    pub seed: u64,
    /// The generator's name.
    pub algorithm: &'a str,
}

/// Renders one JSON object followed by a newline: `MazeJson`'s text (serde
/// writes it faster than the hand-written writer it replaced; figures in
/// the commit that did).
pub fn render(grid: &Grid, meta: &Meta, ends: &Ends, solution: Option<&[Cell]>) -> String {
    MazeJson::of(grid, meta, ends, solution).to_text()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entrance::{self, EntranceStyle};
    use crate::generate::{generate, Params};
    use crate::shape::{Mask, Shape};

    /// The text is the format the README gives (a small maze, whole), and
    /// reads back into the same data on every shape, wraps, masks, weaves
    /// and solutions.
    #[test]
    fn the_text_keeps_its_format_and_reads_back() {
        let grid = generate(
            "backtracker",
            Params::new(crate::shape::Dims::new(3, 2).unwrap(), 1),
        )
        .unwrap();
        let ends = entrance::place(&grid, EntranceStyle::Norvig, 1);
        let meta = Meta {
            seed: 1,
            algorithm: "backtracker",
        };
        assert_eq!(
            render(&grid, &meta, &ends, None),
            "{\"shape\":\"square\",\"width\":3,\"height\":2,\"cells\":6,\"seed\":1,\"algorithm\":\"backtracker\",\
             \"entrance\":0,\"exit\":5,\"edges\":[[0,1],[0,3],[1,2],[1,4],[2,5],[3,4],[4,5]],\"masked\":[],\
             \"openings\":[[0,1],[0,3],[1,2],[2,5],[4,5]],\"tunnels\":[]}\n"
        );
        let (_, mask) = Mask::from_text("..X..\n.....\nX....").unwrap();
        let masked = Shape::parse("square", "5x3", None)
            .unwrap()
            .with_mask(mask)
            .unwrap();
        let mut cases: Vec<(Shape, bool)> = [
            ("square", "9x7", None),
            ("square", "8x6", Some("xy")),
            ("square", "8x6", Some("x")),
            ("hex", "7x5", None),
            ("triangle", "9x5", None),
            ("polar", "4", None),
            ("square", "6x5", Some("klein")),
            ("3d", "4x3x2", None),
            ("4d", "2x3x2x2", None),
            ("cube", "3", None),
            ("upsilon", "5x4", None),
        ]
        .into_iter()
        .map(|(k, s, w)| (Shape::parse(k, s, w).unwrap(), false))
        .collect();
        cases.push((masked, false));
        cases.push((Shape::parse("square", "9x7", None).unwrap(), true));
        for (i, (shape, weave)) in cases.into_iter().enumerate() {
            let mut params = Params::on(shape.clone(), 11);
            params.weave = weave;
            let mut grid = generate("kruskal", params).unwrap();
            // Every other case weighted.
            if i % 2 == 1 {
                let w = crate::weights::Weights::parse("random:9").unwrap();
                grid = grid.with_costs(Some(w.costs(&shape, 11)));
            }
            let ends = entrance::place(&grid, EntranceStyle::Norvig, 11);
            let meta = Meta {
                seed: u64::MAX,
                algorithm: "kruskal",
            };
            let path = crate::solve::solve("bfs", &grid, ends.entrance.cell, ends.exit.cell)
                .ok()
                .and_then(|o| match o {
                    crate::solve::Outcome::Found(p) => Some(p),
                    _ => None,
                });
            for solution in [None, path.as_deref()] {
                let data = MazeJson::of(&grid, &meta, &ends, solution);
                let text = render(&grid, &meta, &ends, solution);
                let back: MazeJson = serde_json::from_str(&text).unwrap();
                assert_eq!(back, data, "{} weave {weave}", shape.name());
                assert_eq!(
                    back.size.is_some(),
                    matches!(shape.name(), "3d" | "4d" | "cube")
                );
                assert_eq!(
                    back.wrap.is_some(),
                    shape.name() == "square"
                        && shape.plain_square().is_none()
                        && shape.mask.is_none()
                );
                assert_eq!(!back.tunnels.is_empty(), weave);
                assert_eq!(back.weights.is_some(), i % 2 == 1);
                assert_eq!(back.cost.is_some(), i % 2 == 1 && solution.is_some());
            }
        }
    }
}
