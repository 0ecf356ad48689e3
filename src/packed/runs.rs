//! Numbers kept as runs of equal values.

/// Numbers kept as runs of equal values: a cell's tree or region number,
/// where neighbours along a row mostly share one (growing forest's trees
/// are blobs a few hundred cells across), so a list of runs is a small
/// fraction of a number a cell. Exact: every value comes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Runs<T = u32> {
    /// Each run's value, and the index just past its end.
    values: Vec<T>,
    ends: Vec<u32>,
}

impl<T: Copy + PartialEq> Runs<T> {
    /// The runs of `numbers` (fewer than 2^32 of them).
    pub fn of(numbers: &[T]) -> Runs<T> {
        let mut runs = Runs {
            values: Vec::new(),
            ends: Vec::new(),
        };
        for (i, &n) in numbers.iter().enumerate() {
            if runs.values.last() == Some(&n) {
                *runs.ends.last_mut().expect("a run per value") = i as u32 + 1;
            } else {
                runs.values.push(n);
                runs.ends.push(i as u32 + 1);
            }
        }
        // A kept copy holds them: no room to grow.
        runs.values.shrink_to_fit();
        runs.ends.shrink_to_fit();
        runs
    }

    /// The numbers again.
    pub fn expand(&self) -> Vec<T> {
        let mut numbers = Vec::with_capacity(self.ends.last().map_or(0, |&e| e as usize));
        for (&value, &end) in self.values.iter().zip(&self.ends) {
            numbers.resize(end as usize, value);
        }
        numbers
    }

    /// The bytes it holds.
    pub fn heap_bytes(&self) -> usize {
        self.values.len() * std::mem::size_of::<T>() + self.ends.len() * std::mem::size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs give back every number, and take two numbers a run.
    #[test]
    fn runs_give_back_the_numbers() {
        for numbers in [
            vec![],
            vec![5],
            vec![0, 0, 0, 1, 1, 0, 7, 7, 7, 7],
            (0..300u32).map(|i| i / 40 % 3).collect(),
        ] {
            let runs = Runs::of(&numbers);
            assert_eq!(runs.expand(), numbers);
            let count = numbers.windows(2).filter(|w| w[0] != w[1]).count()
                + usize::from(!numbers.is_empty());
            assert_eq!(runs.heap_bytes(), count * 8, "{numbers:?}");
        }
    }
}
