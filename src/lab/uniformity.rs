//! Does a generator draw every spanning tree equally often? Count how often
//! each tree of a small maze comes out of N runs and compare with the
//! uniform N / T: Pearson's chi-square statistic with T - 1 degrees of
//! freedom, its p-value, and the total-variation distance
//! ½ Σ |count / N − 1 / T| (0 for a perfect match, near 1 for a generator
//! that always draws the same tree).
//!
//! A p-value below 0.001 rejects uniformity; above it the data are
//! consistent with uniform sampling (no test can prove it). The test needs
//! several expected draws per tree: the README suggests 100 × T runs.

use super::special::chi_square_p;

/// The verdict on one generator.
#[derive(Clone, Debug, PartialEq)]
pub struct Uniformity {
    /// How many spanning trees there are.
    pub trees: usize,
    /// Mazes drawn.
    pub runs: u64,
    /// One count per tree, in the trees' order.
    pub counts: Vec<u64>,
    /// Pearson's chi-square against the uniform counts.
    pub chi2: f64,
    /// Its p-value (the chance of a chi-square this large from a uniform sampler).
    pub p_value: f64,
    /// The total-variation distance between the drawn and the uniform shares.
    pub tv_distance: f64,
    /// Trees never drawn.
    pub missing: usize,
}

/// The p-value under which the lab calls a generator not uniform.
pub const REJECT_BELOW: f64 = 0.001;

impl Uniformity {
    /// The verdict on `counts`, one count per spanning tree.
    pub fn from_counts(counts: Vec<u64>) -> Uniformity {
        let trees = counts.len();
        let runs: u64 = counts.iter().sum();
        let expected = runs as f64 / trees.max(1) as f64;
        let (mut chi2, mut tv) = (0.0, 0.0);
        for &c in &counts {
            let d = c as f64 - expected;
            chi2 += d * d / expected;
            tv += d.abs();
        }
        let df = trees.saturating_sub(1) as f64;
        Uniformity {
            trees,
            runs,
            missing: counts.iter().filter(|&&c| c == 0).count(),
            counts,
            chi2,
            p_value: if df > 0.0 {
                chi_square_p(chi2, df)
            } else {
                1.0
            },
            tv_distance: tv / (2.0 * runs.max(1) as f64),
        }
    }

    /// Whether the test rejects uniform sampling.
    pub fn rejects(&self) -> bool {
        self.p_value < REJECT_BELOW
    }

    /// Whether there were enough runs for the test to see a bias: at least
    /// five expected draws per tree (with fewer it rarely rejects anything,
    /// which would read as a pass).
    pub fn enough_runs(&self) -> bool {
        self.runs >= 5 * self.trees as u64
    }

    /// The verdict in words.
    pub fn conclusion(&self) -> &'static str {
        if self.rejects() {
            "not uniform"
        } else if self.enough_runs() {
            "consistent with uniform"
        } else {
            "too few runs to judge"
        }
    }

    /// One line: the figures and the verdict.
    pub fn verdict(&self) -> String {
        format!(
            "chi2={:.1} df={} p={} tv={:.4}: {}",
            self.chi2,
            self.trees.saturating_sub(1),
            format_p(self.p_value),
            self.tv_distance,
            self.conclusion()
        )
    }
}

/// A p-value for people: four significant digits, `<1e-300` at the floor.
pub fn format_p(p: f64) -> String {
    if p <= 0.0 {
        "<1e-300".to_string()
    } else if p < 1e-4 {
        format!("{p:.2e}")
    } else {
        format!("{p:.4}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_counts_are_uniform_and_one_tree_is_not() {
        let flat = Uniformity::from_counts(vec![100; 192]);
        assert_eq!((flat.chi2, flat.tv_distance, flat.p_value), (0.0, 0.0, 1.0));
        assert!(!flat.rejects());
        assert_eq!(flat.conclusion(), "consistent with uniform");
        let mut few = vec![0; 192];
        few[..100].fill(1);
        assert_eq!(
            Uniformity::from_counts(few).conclusion(),
            "too few runs to judge"
        );
        let mut one = vec![0; 192];
        one[5] = 1000;
        let one = Uniformity::from_counts(one);
        assert!(one.rejects());
        assert!((one.tv_distance - 191.0 / 192.0).abs() < 1e-12);
        assert_eq!(one.missing, 191);
    }

    #[test]
    fn chi_square_by_hand() {
        // Expected 10 each: (15-10)²/10 + (5-10)²/10 = 5 with one degree of
        // freedom: p = 0.0253.
        let u = Uniformity::from_counts(vec![15, 5]);
        assert!((u.chi2 - 5.0).abs() < 1e-12);
        assert!((u.p_value - 0.025_347).abs() < 1e-5, "{}", u.p_value);
        assert!((u.tv_distance - 0.25).abs() < 1e-12);
    }
}
