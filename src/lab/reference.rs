//! Published figures to set the lab's measurements beside.
//!
//! - **Pullen**: Walter D. Pullen, *Think Labyrinth: Maze Algorithms*
//!   (astrolog.org/labyrnth/algrithm.htm), the "Dead End" and "Solution"
//!   columns of the table of perfect-maze creation algorithms: the share
//!   of cells that are dead ends, and on the solution, in his orthogonal
//!   mazes. Transcribed by hand. His variants are not always ours (his
//!   hunt-and-kill and recursive division differ), and the solution share
//!   shrinks as mazes grow, so read them as a neighbourhood, not a target:
//!   on 100 x 100 the lab measures 10.0 / 18.7 for the backtracker (his
//!   10 / 19.0) and 30.5 / 4.1 for Kruskal (his 30 / 4.1).
//! - **Theory**: the dead-end density of the uniform spanning tree of the
//!   square lattice, 8/π² · (1 − 2/π) ≈ 29.45% (Manna, Dhar and Majumdar,
//!   Phys. Rev. A 46, 1992), and in the same paper the shares of cells with
//!   two, three and four openings, about 44.7%, 22.2% and 3.6%. They hold
//!   for every uniform sampler on big square mazes: Aldous-Broder, Wilson,
//!   origin shift (not Houston, which the lab finds slightly biased).

use super::candidate::Candidate;
use crate::generate::Knob;

/// A published figure and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reference {
    /// The published value.
    pub value: f64,
    /// Where it was published.
    pub source: &'static str,
}

/// Walter Pullen's figures.
pub const PULLEN: &str = "Pullen, Think Labyrinth";
/// The figure theory gives for a uniform spanning tree.
pub const THEORY: &str = "uniform spanning tree (Manna, Dhar, Majumdar 1992)";

/// The citations, for the page's footnote and the README.
pub const CITATIONS: [(&str, &str); 2] = [
    (
        PULLEN,
        "Walter D. Pullen, Think Labyrinth: Maze Algorithms, astrolog.org/labyrnth/algrithm.htm (dead-end and solution columns of the creation-algorithm table)",
    ),
    (
        THEORY,
        "S. S. Manna, D. Dhar, S. N. Majumdar, Spanning trees in two dimensions, Phys. Rev. A 46 (1992): dead-end density 8/π²(1 − 2/π) of the uniform spanning tree, and its shares of sites with two, three and four bonds",
    ),
];

/// Pullen's figures: (dead-end %, solution %) by our generator names.
/// His "Prim's (modified)", a random frontier cell joined to the maze, is
/// our `prim`; his "Prim's (true)", random wall weights, our `true-prim`.
fn pullen(candidate: &Candidate) -> Option<(f64, f64)> {
    let pop = (candidate.algorithm.knob == Knob::Pop).then(|| candidate.pop.to_compact());
    Some(match (candidate.algorithm.name, pop.as_deref()) {
        // Norvig's newest pop is the recursive backtracker.
        ("backtracker", _) | ("growing-tree", Some("newest")) => (10.0, 19.0),
        ("hunt-and-kill", _) => (11.0, 9.5),
        ("recursive-division", _) => (23.0, 7.2),
        ("binary-tree", _) => (25.0, 2.0),
        ("sidewinder", _) => (27.0, 2.6),
        ("eller", _) => (28.0, 4.2),
        ("wilson", _) | ("aldous-broder", _) => (29.0, 4.5),
        ("kruskal", _) | ("true-prim", _) => (30.0, 4.1),
        ("prim", _) => (36.0, 2.3),
        ("unicursal", _) => (0.0, 100.0),
        _ => return None,
    })
}

/// The published figures for a candidate and a metric (by key) on square
/// mazes, theory first where there is one.
pub fn references(candidate: &Candidate, key: &str) -> Vec<Reference> {
    let mut out = Vec::new();
    let uniform = matches!(
        candidate.algorithm.name,
        "aldous-broder" | "wilson" | "origin-shift"
    );
    if uniform {
        let pi = std::f64::consts::PI;
        let value = match key {
            "dead_end_pct" => Some(800.0 / (pi * pi) * (1.0 - 2.0 / pi)),
            "corridor_pct" => Some(44.7),
            "three_way_pct" => Some(22.2),
            "four_way_pct" => Some(3.6),
            _ => None,
        };
        if let Some(value) = value {
            out.push(Reference {
                value,
                source: THEORY,
            });
        }
    }
    if let Some((dead, solution)) = pullen(candidate) {
        match key {
            "dead_end_pct" => out.push(Reference {
                value: dead,
                source: PULLEN,
            }),
            "solution_pct" => out.push(Reference {
                value: solution,
                source: PULLEN,
            }),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uniform_density_is_about_29_percent() {
        let wilson = references(&Candidate::parse("wilson").unwrap(), "dead_end_pct");
        assert!(
            (wilson[0].value - 29.45).abs() < 0.01,
            "{}",
            wilson[0].value
        );
        assert_eq!((wilson[1].value, wilson[1].source), (29.0, PULLEN));
        let newest = references(
            &Candidate::parse("growing-tree:newest").unwrap(),
            "solution_pct",
        );
        assert_eq!(newest[0].value, 19.0);
        let oldest = Candidate::parse("growing-tree:oldest").unwrap();
        assert!(references(&oldest, "dead_end_pct").is_empty());
    }
}
