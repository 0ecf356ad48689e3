//! Published figures to set the lab's measurements beside.
//!
//! - **Pullen**: Walter D. Pullen, *Think Labyrinth: Maze Algorithms*
//!   (astrolog.org/labyrnth/algrithm.htm), the "Dead End" column of the
//!   table of perfect-maze creation algorithms: the share of cells that
//!   are dead ends in his orthogonal mazes. Transcribed by hand; his
//!   mazes are wall-added at a different scale, so expect agreement to a
//!   point or two, not to the decimal.
//! - **Theory**: the dead-end density of the uniform spanning tree of the
//!   square lattice, 8/π² · (1 − 2/π) ≈ 29.45% (Manna, Dhar and Majumdar,
//!   Phys. Rev. A 46, 1992). It holds for every uniform sampler on big
//!   square mazes: Aldous-Broder, Wilson, origin shift (not Houston, which
//!   the lab finds slightly biased).

use super::candidate::Candidate;
use crate::generate::Knob;

/// A published figure and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reference {
    pub value: f64,
    pub source: &'static str,
}

pub const PULLEN: &str = "Pullen, Think Labyrinth";
pub const THEORY: &str = "uniform spanning tree (Manna, Dhar, Majumdar 1992)";

/// The citations, for the page's footnote and the README.
pub const CITATIONS: [(&str, &str); 2] = [
    (
        PULLEN,
        "Walter D. Pullen, Think Labyrinth: Maze Algorithms, astrolog.org/labyrnth/algrithm.htm (dead-end column of the creation-algorithm table)",
    ),
    (
        THEORY,
        "S. S. Manna, D. Dhar, S. N. Majumdar, Spanning trees in two dimensions, Phys. Rev. A 46 (1992): dead-end density 8/π²(1 − 2/π) of the uniform spanning tree",
    ),
];

/// The published dead-end share (% of cells) for a candidate on square
/// mazes, if there is one.
pub fn dead_end_pct(candidate: &Candidate) -> Option<Reference> {
    let pullen = |value| {
        Some(Reference {
            value,
            source: PULLEN,
        })
    };
    let pop = (candidate.algorithm.knob == Knob::Pop).then(|| candidate.pop.to_compact());
    match (candidate.algorithm.name, pop.as_deref()) {
        // Norvig's newest pop is the recursive backtracker.
        ("backtracker", _) | ("growing-tree", Some("newest")) => pullen(10.0),
        ("hunt-and-kill", _) => pullen(11.0),
        ("recursive-division", _) => pullen(23.0),
        ("binary-tree", _) => pullen(25.0),
        ("sidewinder", _) => pullen(27.0),
        ("eller", _) => pullen(28.0),
        ("kruskal", _) | ("true-prim", _) => pullen(30.0),
        ("prim", _) => pullen(32.0),
        ("unicursal", _) => pullen(0.0),
        ("aldous-broder", _) | ("wilson", _) | ("origin-shift", _) => Some(Reference {
            value: 800.0 / (std::f64::consts::PI * std::f64::consts::PI)
                * (1.0 - 2.0 / std::f64::consts::PI),
            source: THEORY,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uniform_density_is_about_29_percent() {
        let wilson = dead_end_pct(&Candidate::parse("wilson").unwrap()).unwrap();
        assert!((wilson.value - 29.45).abs() < 0.01, "{}", wilson.value);
        let newest = dead_end_pct(&Candidate::parse("growing-tree:newest").unwrap()).unwrap();
        assert_eq!(newest.value, 10.0);
        assert_eq!(
            dead_end_pct(&Candidate::parse("growing-tree:oldest").unwrap()),
            None
        );
    }
}
