//! Summaries of a sample: mean, standard deviation, range and a 95%
//! confidence interval of the mean (Student's t, so a handful of runs gets
//! an honestly wide interval).

/// What the lab reports for one metric over many mazes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// How many values.
    pub count: u64,
    /// Their mean.
    pub mean: f64,
    /// The sample standard deviation (n - 1 in the denominator).
    pub std: f64,
    /// The smallest.
    pub min: f64,
    /// The largest.
    pub max: f64,
    /// The 95% confidence interval of the mean: mean ± t · std / √n.
    pub ci95: (f64, f64),
}

impl Summary {
    /// Summarises the finite values (a metric a shape does not define is
    /// NaN and left out); `None` if there are none.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Summary> {
        super::tally::Tally::of(values).summary()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_sample_by_hand() {
        let s = Summary::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]).unwrap();
        assert_eq!(s.count, 8);
        assert!((s.mean - 5.0).abs() < 1e-12);
        // Sum of squares 32 over 7.
        assert!((s.std - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!((s.min, s.max), (2.0, 9.0));
        let half = 2.365 * s.std / 8f64.sqrt();
        assert!((s.ci95.0 - (5.0 - half)).abs() < 1e-12);
        assert!(s.ci95.0 < s.mean && s.mean < s.ci95.1);
    }

    #[test]
    fn undefined_values_are_left_out() {
        assert_eq!(Summary::of([f64::NAN, f64::NAN]), None);
        let s = Summary::of([f64::NAN, 3.0]).unwrap();
        assert_eq!((s.count, s.mean, s.std), (1, 3.0, 0.0));
        assert!(s.ci95.0.is_infinite());
    }
}
