//! Every spanning tree of a small maze, numbered, so a generated maze can be
//! looked up as "tree number k" and a generator's output counted exactly.
//!
//! The trees are listed by backtracking over the pairs of neighbours with a
//! union-find that can undo its last union: take a pair if it joins two
//! pieces, or skip it while enough pairs remain. Each tree is the bitmask
//! of its passages, bit i for the i-th pair in `Topology::for_each_edge`
//! order (on a square: cell by cell, each cell's east then south
//! neighbour); trees are numbered by that mask, ascending. That order is
//! the `counts` order of `mazelab uniformity --format json`.
//!
//! The count is checked against Kirchhoff's matrix-tree theorem (the
//! determinant of the Laplacian with one row and column removed), computed
//! exactly with Bareiss's fraction-free elimination.

use crate::error::MazeError;
use crate::grid::Grid;
use crate::shape::Cell;
use crate::shape::{Shape, Topology};

/// The most spanning trees the lab lists (a 4 x 4 square has 100,352; the
/// next squares, 4 x 5 and 5 x 5, have 4,140,081 and 557,568,000).
pub const MAX_TREES: u128 = 1_000_000;

/// The spanning trees of one shape.
pub struct Trees {
    /// Pairs of neighbours, in bit order.
    edges: Vec<(Cell, Cell)>,
    /// Each tree's passages, ascending.
    masks: Vec<u64>,
}

impl Trees {
    /// Lists the spanning trees of `shape`, or says why it is too big.
    pub fn of(shape: &Shape) -> Result<Trees, MazeError> {
        let too_big = |given: String| MazeError::BadValue {
            what: "size for the uniformity test",
            given,
            valid: format!(
                "at most {MAX_TREES} spanning trees: squares up to 4x4 (100352 trees), 3x5 or 2x8"
            ),
        };
        let mut edges = Vec::new();
        shape.for_each_edge(|a, b| edges.push((a, b)));
        if edges.len() > 64 {
            return Err(too_big(format!(
                "{} ({} pairs of neighbours)",
                shape.size_text(),
                edges.len()
            )));
        }
        let count = matrix_tree_count(shape);
        if count == 0 {
            return Err(MazeError::BadValue {
                what: "shape for the uniformity test",
                given: shape.size_text(),
                valid: "a shape whose cells are all connected".to_string(),
            });
        }
        if count > MAX_TREES {
            return Err(too_big(format!(
                "{} ({count} spanning trees)",
                shape.size_text()
            )));
        }
        let cells: Vec<Cell> = (0..shape.cells()).filter(|&c| shape.is_cell(c)).collect();
        let mut search = Search {
            edges: &edges,
            parent: (0..shape.cells()).collect(),
            size: vec![1; shape.cells() as usize],
            found: Vec::with_capacity(count as usize),
        };
        search.descend(0, cells.len().saturating_sub(1), 0);
        let mut masks = search.found;
        masks.sort_unstable();
        Ok(Trees { edges, masks })
    }

    /// How many trees there are.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Whether there are no trees (a shape with no cells).
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// The pairs of neighbours, in bit order.
    pub fn edges(&self) -> &[(Cell, Cell)] {
        &self.edges
    }

    /// The passages of tree `i` as a bitmask.
    pub fn mask(&self, i: usize) -> u64 {
        self.masks[i]
    }

    /// The number of the tree `grid` is, or `None` if it is not one of
    /// them (a maze with a loop or a wall too many).
    pub fn index_of(&self, grid: &Grid) -> Option<usize> {
        let mut mask = 0u64;
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if grid.is_open_between(a, b) {
                mask |= 1 << i;
            }
        }
        self.masks.binary_search(&mask).ok()
    }
}

/// The backtracking search, with a union-find it can undo (union by size,
/// no path compression, so an undo is one assignment).
struct Search<'a> {
    edges: &'a [(Cell, Cell)],
    parent: Vec<Cell>,
    size: Vec<u32>,
    found: Vec<u64>,
}

impl Search<'_> {
    fn root(&self, mut c: Cell) -> Cell {
        while self.parent[c as usize] != c {
            c = self.parent[c as usize];
        }
        c
    }

    fn descend(&mut self, i: usize, needed: usize, mask: u64) {
        if needed == 0 {
            self.found.push(mask);
            return;
        }
        if self.edges.len() - i < needed {
            return;
        }
        let (a, b) = self.edges[i];
        let (mut ra, mut rb) = (self.root(a), self.root(b));
        if ra != rb {
            if self.size[ra as usize] < self.size[rb as usize] {
                std::mem::swap(&mut ra, &mut rb);
            }
            self.parent[rb as usize] = ra;
            self.size[ra as usize] += self.size[rb as usize];
            self.descend(i + 1, needed - 1, mask | 1 << i);
            self.size[ra as usize] -= self.size[rb as usize];
            self.parent[rb as usize] = rb;
        }
        self.descend(i + 1, needed, mask);
    }
}

/// The number of spanning trees by the matrix-tree theorem: the
/// determinant of the live cells' Laplacian without its last row and
/// column, exact in integers (Bareiss: every division is exact).
pub fn matrix_tree_count(shape: &Shape) -> u128 {
    let cells: Vec<Cell> = (0..shape.cells()).filter(|&c| shape.is_cell(c)).collect();
    let n = cells.len();
    if n <= 1 {
        return n as u128;
    }
    if n > 64 {
        // Far past MAX_TREES; the exact figure would overflow anyway.
        return u128::MAX;
    }
    let laplacian = laplacian(shape, &cells);
    let mut m: Vec<Vec<i128>> = laplacian
        .iter()
        .map(|row| row.iter().map(|&x| i128::from(x)).collect())
        .collect();
    let k = n - 1;
    let mut previous = 1i128;
    let mut sign = 1i128;
    for p in 0..k {
        if m[p][p] == 0 {
            match (p + 1..k).find(|&r| m[r][p] != 0) {
                Some(r) => {
                    m.swap(p, r);
                    sign = -sign;
                }
                None => return 0,
            }
        }
        for i in p + 1..k {
            for j in p + 1..k {
                let cross = m[i][j]
                    .checked_mul(m[p][p])
                    .zip(m[i][p].checked_mul(m[p][j]))
                    .and_then(|(a, b)| a.checked_sub(b));
                let Some(cross) = cross else {
                    // Past i128 midway (an 8 x 8 square's minors are):
                    // the count in floating point, far past MAX_TREES.
                    return float_tree_count(&laplacian);
                };
                m[i][j] = cross / previous;
            }
        }
        previous = m[p][p];
    }
    (sign * m[k - 1][k - 1]).max(0) as u128
}

/// The live cells' Laplacian (`cells` in order).
fn laplacian(shape: &Shape, cells: &[Cell]) -> Vec<Vec<i32>> {
    let n = cells.len();
    let index = |c: Cell| cells.binary_search(&c).ok();
    let mut m = vec![vec![0; n]; n];
    shape.for_each_edge(|a, b| {
        if let (Some(i), Some(j)) = (index(a), index(b)) {
            m[i][i] += 1;
            m[j][j] += 1;
            m[i][j] -= 1;
            m[j][i] -= 1;
        }
    });
    m
}

/// The matrix-tree determinant in floating point (Gaussian elimination
/// with partial pivoting), rounded and saturated into a `u128`: close,
/// not exact, for counts too big to be worked out exactly in i128.
fn float_tree_count(laplacian: &[Vec<i32>]) -> u128 {
    let k = laplacian.len() - 1;
    let mut m: Vec<Vec<f64>> = laplacian[..k]
        .iter()
        .map(|row| row[..k].iter().map(|&x| f64::from(x)).collect())
        .collect();
    let mut det = 1.0f64;
    for p in 0..k {
        let pivot = (p..k)
            .max_by(|&a, &b| m[a][p].abs().total_cmp(&m[b][p].abs()))
            .expect("a row");
        if m[pivot][p] == 0.0 {
            return 0;
        }
        if pivot != p {
            m.swap(pivot, p);
            det = -det;
        }
        det *= m[p][p];
        let (above, below) = m.split_at_mut(p + 1);
        let pivot_row = &above[p];
        for row in below {
            let factor = row[p] / pivot_row[p];
            for (x, &y) in row[p..].iter_mut().zip(&pivot_row[p..]) {
                *x -= factor * y;
            }
        }
    }
    // `as` saturates: a count past u128 reads as its most.
    det.round().max(0.0) as u128
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(size: &str) -> Shape {
        Shape::parse("square", size, None).unwrap()
    }

    /// Past the exact count's reach (its i128 working overflows midway),
    /// the count is worked out in floating point: close to the known
    /// figure, and far past what can be listed. Below it, the floating
    /// point agrees with the exact count.
    #[test]
    fn a_count_too_big_to_work_out_exactly_is_still_close() {
        // Spanning trees of the 8 x 8 grid graph (OEIS A007341).
        let exact = 126_231_322_912_498_539_682_594_816_f64;
        let count = matrix_tree_count(&square("8x8")) as f64;
        assert!((count / exact - 1.0).abs() < 1e-9, "{count}");
        assert!(matrix_tree_count(&square("8x8")) > MAX_TREES);
        let cells: Vec<Cell> = (0..16).collect();
        assert_eq!(
            float_tree_count(&laplacian(&square("4x4"), &cells)),
            100_352
        );
        // A link's `lab_trees=5x4x3` overflowed (the property tests found
        // it): now too many to list, with the message, and no panic.
        let cube = Shape::parse("3d", "5x4x3", None).unwrap();
        assert!(matrix_tree_count(&cube) > MAX_TREES);
        assert!(crate::lab::settings::tree_shape("5x4x3").is_err());
    }

    #[test]
    fn the_lists_match_the_matrix_tree_theorem() {
        for (size, trees) in [("2x2", 4), ("2x3", 15), ("3x3", 192), ("4x4", 100_352)] {
            let shape = square(size);
            assert_eq!(matrix_tree_count(&shape), trees as u128, "{size}");
            let listed = Trees::of(&shape).unwrap();
            assert_eq!(listed.len(), trees, "{size}");
            // Every listed tree has cells - 1 passages, and no two agree.
            let cells = shape.live_cells();
            assert!((0..listed.len()).all(|i| listed.mask(i).count_ones() == cells - 1));
            assert!(listed.masks.windows(2).all(|w| w[0] < w[1]));
        }
        // Known counts beyond: 4 x 5, and a hexagon patch and a ring.
        assert_eq!(matrix_tree_count(&square("4x5")), 4_140_081);
        assert_eq!(matrix_tree_count(&square("5x5")), 557_568_000);
    }

    #[test]
    fn other_small_shapes_are_listed_too() {
        for (kind, size) in [("hex", "3x3"), ("triangle", "4x3"), ("polar", "2")] {
            let shape = Shape::parse(kind, size, None).unwrap();
            let trees = Trees::of(&shape).unwrap();
            assert_eq!(
                trees.len() as u128,
                matrix_tree_count(&shape),
                "{kind} {size}"
            );
        }
    }

    #[test]
    fn too_big_names_the_largest_allowed() {
        let message = Trees::of(&square("5x5")).err().unwrap().to_string();
        assert!(message.contains("4x4"), "{message}");
        assert!(message.contains("557568000"), "{message}");
    }

    #[test]
    fn a_generated_maze_is_found_and_a_loop_is_not() {
        let shape = square("3x3");
        let trees = Trees::of(&shape).unwrap();
        let grid =
            crate::generate::generate("wilson", crate::generate::Params::on(shape.clone(), 7))
                .unwrap();
        let i = trees
            .index_of(&grid)
            .expect("a perfect maze is a spanning tree");
        assert_eq!(trees.mask(i).count_ones(), 8);
        let open = Grid::open_shape(shape);
        assert_eq!(trees.index_of(&open), None);
    }
}
