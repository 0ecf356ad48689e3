//! Tallies that merge exactly: a metric's count, range, sum and sum of
//! squares over any set of mazes, kept so that two tallies merge into the
//! tally of both sets, bit for bit, in any order. That is what lets a run
//! split over threads, processes or a cluster's workers give the very
//! figures one process gives for the same seeds.
//!
//! The sums are exact: each is kept as Shewchuk's non-overlapping partials
//! (the expansion behind Python's `math.fsum`) and read correctly rounded,
//! so the order values arrive in cannot change a bit of the result.

use super::special::t95;
use super::Summary;
use serde::{Deserialize, Serialize};

/// A sum of floats kept exactly, as non-overlapping partials in increasing
/// magnitude; `value` is the exact sum correctly rounded.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ExactSum {
    partials: Vec<f64>,
}

impl ExactSum {
    /// Adds `x` exactly (Shewchuk's grow-expansion with zero elimination).
    pub fn add(&mut self, mut x: f64) {
        let mut kept = 0;
        for k in 0..self.partials.len() {
            let mut y = self.partials[k];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                self.partials[kept] = lo;
                kept += 1;
            }
            x = hi;
        }
        self.partials.truncate(kept);
        self.partials.push(x);
    }

    /// Adds the product `a * b` exactly: its rounded value and the
    /// rounding error, which a fused multiply-add gives exactly.
    pub fn add_product(&mut self, a: f64, b: f64) {
        let p = a * b;
        self.add(p);
        self.add(a.mul_add(b, -p));
    }

    /// Adds every partial of `other`: the sum of both, exactly.
    pub fn merge(&mut self, other: &ExactSum) {
        for &x in &other.partials {
            self.add(x);
        }
    }

    /// The exact sum, correctly rounded to the nearest float (ties to
    /// even), as CPython's `math.fsum` reads its partials.
    pub fn value(&self) -> f64 {
        let p = &self.partials;
        let Some(mut n) = p.len().checked_sub(1) else {
            return 0.0;
        };
        let mut hi = p[n];
        let mut lo = 0.0;
        while n > 0 {
            let x = hi;
            n -= 1;
            let y = p[n];
            hi = x + y;
            lo = y - (hi - x);
            if lo != 0.0 {
                break;
            }
        }
        // A half-way case: the partials below decide which way to round.
        if n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0)) {
            let y = lo * 2.0;
            let x = hi + y;
            if y == x - hi {
                hi = x;
            }
        }
        hi
    }
}

/// One metric's tally over a set of mazes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// How many values.
    pub count: u64,
    /// The smallest (`+inf` while empty).
    #[serde(with = "infinite")]
    pub min: f64,
    /// The largest (`-inf` while empty).
    #[serde(with = "infinite")]
    pub max: f64,
    /// Their sum, exactly.
    pub sum: ExactSum,
    /// The sum of their squares, exactly.
    pub squares: ExactSum,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Tally {
        Tally {
            min: f64::INFINITY,
            max: f64::NEG_INFINITY,
            ..Tally::default()
        }
    }

    /// The tally of the finite values (a metric a shape does not define is
    /// NaN and left out).
    pub fn of(values: impl IntoIterator<Item = f64>) -> Tally {
        let mut t = Tally::new();
        for v in values {
            t.add(v);
        }
        t
    }

    /// Counts `v` if it is finite.
    pub fn add(&mut self, v: f64) {
        if !v.is_finite() {
            return;
        }
        self.count += 1;
        self.min = self.min.min(v);
        self.max = self.max.max(v);
        self.sum.add(v);
        self.squares.add_product(v, v);
    }

    /// Adds `other`'s values: the tally of both sets, exactly.
    pub fn merge(&mut self, other: &Tally) {
        self.count += other.count;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
        self.sum.merge(&other.sum);
        self.squares.merge(&other.squares);
    }

    /// The mean, spread and 95% interval; `None` with no values.
    pub fn summary(&self) -> Option<Summary> {
        let count = self.count;
        if count == 0 {
            return None;
        }
        let n = count as f64;
        let mean = self.sum.value() / n;
        // n · Σv² − (Σv)², the spread's numerator, exactly: every partial
        // product goes into one more exact sum, so no cancellation is left
        // to lose digits to and equal values give a spread of exactly 0.
        let mut spread = ExactSum::default();
        for &b in &self.squares.partials {
            spread.add_product(n, b);
        }
        for &a in &self.sum.partials {
            for &b in &self.sum.partials {
                spread.add_product(-a, b);
            }
        }
        let std = if count > 1 {
            (spread.value().max(0.0) / (n * (n - 1.0))).sqrt()
        } else {
            0.0
        };
        let half = if count > 1 {
            t95(count - 1) * std / n.sqrt()
        } else {
            f64::INFINITY
        };
        Some(Summary {
            count,
            mean,
            std,
            min: self.min,
            max: self.max,
            ci95: (mean - half, mean + half),
        })
    }
}

/// An empty tally's range is infinite, which JSON cannot spell: it is
/// written as `null` and read back as the infinity it stands for.
mod infinite {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
        if v.is_finite() {
            s.serialize_f64(*v)
        } else {
            s.serialize_none()
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        // Only an empty tally has no range; its min and max never count.
        Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn sample(seed: u64, n: usize) -> Vec<f64> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| f64::from(rng.below(1_000_000)) / 7.0 - 1e4 * f64::from(rng.below(3)))
            .collect()
    }

    #[test]
    fn sums_are_exact_where_plain_addition_is_not() {
        let mut s = ExactSum::default();
        for x in [1e100, 1.0, -1e100, 1e-3] {
            s.add(x);
        }
        assert_eq!(s.value(), 1.001);
        let mut tenths = ExactSum::default();
        for _ in 0..10 {
            tenths.add(0.1);
        }
        // Plain addition gives 0.9999999999999999; the exact sum of ten
        // copies of the float nearest 0.1 rounds to 1.
        assert_eq!(tenths.value(), 1.0);
    }

    #[test]
    fn any_split_and_order_gives_the_same_bits() {
        let values = sample(7, 5000);
        let whole = Tally::of(values.iter().copied()).summary().unwrap();
        for parts in [2, 3, 17, 400] {
            let mut merged = Tally::new();
            // Merge the parts last first: order must not matter either.
            let per = values.len().div_ceil(parts);
            for chunk in values.chunks(per).rev() {
                merged.merge(&Tally::of(chunk.iter().copied()));
            }
            assert_eq!(merged.summary().unwrap(), whole, "{parts} parts");
        }
    }

    #[test]
    fn the_summary_matches_a_two_pass_computation() {
        let values = sample(11, 2000);
        let s = Tally::of(values.iter().copied()).summary().unwrap();
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
        assert!((s.mean - mean).abs() <= 1e-9 * mean.abs());
        assert!((s.std - var.sqrt()).abs() <= 1e-9 * var.sqrt());
    }

    #[test]
    fn equal_values_have_no_spread() {
        let s = Tally::of([0.1; 1000]).summary().unwrap();
        assert_eq!((s.std, s.min, s.max), (0.0, 0.1, 0.1));
    }

    #[test]
    fn a_tally_survives_json() {
        let t = Tally::of(sample(3, 300));
        let back: Tally = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back, t);
        let empty: Tally =
            serde_json::from_str(&serde_json::to_string(&Tally::new()).unwrap()).unwrap();
        assert_eq!((empty.count, empty.summary()), (0, None));
    }
}
