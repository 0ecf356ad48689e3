//! Pop strategies for the growing tree: which frontier cell to work on next.
//!
//! Written as in Jamis Buck's demos: a single name (`newest`, `oldest`,
//! `random`, `middle`) or a weighted mix such as `newest:75,random:25`
//! (`+` may stand for `,`, so a mix fits inside a comma-separated list).

use crate::error::MazeError;
use crate::rng::Rng;
use std::fmt;

/// Where to pop from the frontier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pop {
    /// The last cell pushed: depth-first, Norvig's `deque.pop`.
    Newest,
    /// The first cell pushed: breadth-first, Norvig's `deque.popleft`.
    Oldest,
    /// A uniformly random cell, swapped to the end first (Norvig's `poprandom`).
    Random,
    /// The cell at index `len / 2`.
    Middle,
}

impl Pop {
    /// Every pop, in the order help lists them.
    pub const ALL: [Pop; 4] = [Pop::Newest, Pop::Oldest, Pop::Random, Pop::Middle];

    /// The pop's name in links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Pop::Newest => "newest",
            Pop::Oldest => "oldest",
            Pop::Random => "random",
            Pop::Middle => "middle",
        }
    }
}

/// A pop strategy: one or more pops with integer weights.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PopSpec {
    parts: Vec<(Pop, u32)>,
    total: u32,
}

impl Default for PopSpec {
    fn default() -> Self {
        PopSpec::single(Pop::Newest)
    }
}

impl PopSpec {
    /// Always the same pop.
    pub fn single(pop: Pop) -> PopSpec {
        PopSpec {
            parts: vec![(pop, 1)],
            total: 1,
        }
    }

    /// Parses `newest`, `oldest:1`, `newest:75,random:25` or `newest:75+random:25`.
    pub fn parse(text: &str) -> Result<PopSpec, MazeError> {
        let bad = |reason: &str| MazeError::BadPop {
            given: text.to_string(),
            reason: reason.to_string(),
        };
        let mut parts: Vec<(Pop, u32)> = Vec::new();
        for item in text.split([',', '+']) {
            let item = item.trim();
            if item.is_empty() {
                return Err(bad("empty part"));
            }
            let (name, weight) = match item.split_once(':') {
                Some((name, weight)) => {
                    let weight: u32 = weight
                        .trim()
                        .parse()
                        .map_err(|_| bad("weights must be whole numbers"))?;
                    (name.trim(), weight)
                }
                None => (item, 1),
            };
            let pop = Pop::ALL
                .into_iter()
                .find(|p| p.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| bad(&format!("unknown pop '{name}'")))?;
            if weight > 1_000_000 {
                return Err(bad("weights must be at most 1000000"));
            }
            if parts.iter().any(|&(p, _)| p == pop) {
                return Err(bad(&format!("'{name}' is named twice")));
            }
            parts.push((pop, weight));
        }
        parts.retain(|&(_, w)| w > 0);
        let total = parts.iter().map(|&(_, w)| w).sum();
        if total == 0 {
            return Err(bad("the weights add up to zero"));
        }
        Ok(PopSpec { parts, total })
    }

    /// The pops and their weights.
    pub fn parts(&self) -> &[(Pop, u32)] {
        &self.parts
    }

    /// Draws the pop to use this time (no draw when there is only one).
    #[inline]
    pub fn choose(&self, rng: &mut Rng) -> Pop {
        if self.parts.len() == 1 {
            return self.parts[0].0;
        }
        let mut r = rng.below(self.total);
        for &(pop, weight) in &self.parts {
            if r < weight {
                return pop;
            }
            r -= weight;
        }
        unreachable!("weights add up to total")
    }

    /// The spec with `+` between parts, safe inside a comma-separated list.
    pub fn to_compact(&self) -> String {
        self.to_string().replace(',', "+")
    }
}

impl fmt::Display for PopSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.parts.len() == 1 {
            return f.write_str(self.parts[0].0.name());
        }
        for (i, &(pop, weight)) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}:{weight}", pop.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for text in [
            "newest",
            "oldest",
            "random",
            "middle",
            "newest:75,random:25",
        ] {
            assert_eq!(PopSpec::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(
            PopSpec::parse("newest:75+random:25").unwrap(),
            PopSpec::parse("newest:75,random:25").unwrap()
        );
        assert_eq!(PopSpec::parse("Random:3").unwrap().to_string(), "random");
    }

    #[test]
    fn malformed_specs_are_refused_with_the_reason() {
        for (text, reason) in [
            ("", "empty"),
            ("newest,", "empty"),
            ("sideways", "unknown pop 'sideways'"),
            ("newest:x", "whole numbers"),
            ("newest:0", "zero"),
            ("newest:1,newest:2", "twice"),
        ] {
            let err = PopSpec::parse(text).unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
    }

    #[test]
    fn a_mix_draws_each_pop_in_proportion() {
        let spec = PopSpec::parse("newest:75,random:25").unwrap();
        let mut rng = Rng::new(1);
        let newest = (0..4000)
            .filter(|_| spec.choose(&mut rng) == Pop::Newest)
            .count();
        assert!((2800..3200).contains(&newest), "{newest}");
    }
}
