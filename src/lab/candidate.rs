//! What the lab compares: a generator, with its pop strategy when it is the
//! growing tree (`growing-tree:newest`), as the CLI, the page and the link
//! spell it.

use crate::error::MazeError;
use crate::generate::{self, Algorithm, Knob, Params, PopSpec};
use crate::shape::Shape;

/// A generator with its option.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The generator.
    pub algorithm: &'static Algorithm,
    /// Its pop strategy (the growing tree's; others ignore it).
    pub pop: PopSpec,
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Candidate) -> bool {
        self.algorithm.name == other.algorithm.name && self.pop == other.pop
    }
}

/// Norvig's three pops, the lab's default comparison.
pub const NORVIG_TRIO: [&str; 3] = [
    "growing-tree:newest",
    "growing-tree:oldest",
    "growing-tree:random",
];

impl Candidate {
    /// Parses `name` or `name:pop` (the pop only for the growing tree;
    /// `growing-tree:newest:75,random:25` takes a mix).
    pub fn parse(text: &str) -> Result<Candidate, MazeError> {
        let (name, pop) = match text.trim().split_once(':') {
            Some((name, pop)) => (name, Some(pop)),
            None => (text.trim(), None),
        };
        let algorithm = generate::find(name)?;
        let pop = match (pop, algorithm.knob) {
            (Some(spec), Knob::Pop) => PopSpec::parse(spec)?,
            (None, _) => PopSpec::default(),
            (Some(_), _) => {
                return Err(MazeError::BadValue {
                    what: "algorithm",
                    given: text.to_string(),
                    valid: format!("{name} takes no pop strategy; only growing-tree:POP does"),
                })
            }
        };
        Ok(Candidate { algorithm, pop })
    }

    /// Parses a list separated by `~` (the link's spelling), `;` or
    /// spaces: `growing-tree:newest~kruskal`. (Not commas: a pop mix uses
    /// them.)
    pub fn parse_list(text: &str) -> Result<Vec<Candidate>, MazeError> {
        let list: Vec<Candidate> = text
            .split(['~', ';', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(Candidate::parse)
            .collect::<Result<_, _>>()?;
        if list.is_empty() {
            return Err(MazeError::BadValue {
                what: "algorithms",
                given: text.to_string(),
                valid: "at least one generator, e.g. growing-tree:newest~wilson".to_string(),
            });
        }
        Ok(list)
    }

    /// The person's own generator from the Code view, which only the
    /// page's lab workers can run (they hold a JavaScript engine).
    pub fn is_program(&self) -> bool {
        std::ptr::eq(self.algorithm, &generate::PROGRAM)
    }

    /// The spelling `parse` reads back.
    pub fn spec(&self) -> String {
        match self.algorithm.knob {
            Knob::Pop => format!("{}:{}", self.algorithm.name, self.pop.to_compact()),
            _ => self.algorithm.name.to_string(),
        }
    }

    /// How the page and reports name it: `growing-tree (newest)`.
    pub fn label(&self) -> String {
        match self.algorithm.knob {
            Knob::Pop => format!("{} ({})", self.algorithm.name, self.pop.to_compact()),
            _ => self.algorithm.name.to_string(),
        }
    }

    /// Whether it runs on `shape`, or why not.
    pub fn check(&self, shape: &Shape) -> Result<(), MazeError> {
        generate::check_shape(self.algorithm, shape)
    }

    /// The generator's params for one maze.
    pub fn params(&self, shape: &Shape, seed: u64) -> Params {
        Params {
            pop: self.pop.clone(),
            ..Params::on(shape.clone(), seed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_back() {
        for text in NORVIG_TRIO
            .into_iter()
            .chain(["wilson", "growing-tree:newest:3,random:1"])
        {
            let c = Candidate::parse(text).unwrap();
            assert_eq!(Candidate::parse(&c.spec()).unwrap(), c, "{text}");
        }
        assert_eq!(
            Candidate::parse("growing-tree").unwrap().label(),
            "growing-tree (newest)"
        );
        let list = Candidate::parse_list("growing-tree:oldest~kruskal").unwrap();
        assert_eq!(list.len(), 2);
        let list = Candidate::parse_list("program~wilson").unwrap();
        assert!(list[0].is_program() && !list[1].is_program());
        assert_eq!(list[0].spec(), "program");
    }

    #[test]
    fn bad_names_say_what_is_valid() {
        assert!(Candidate::parse("nope")
            .unwrap_err()
            .to_string()
            .contains("wilson"));
        assert!(Candidate::parse("kruskal:newest")
            .unwrap_err()
            .to_string()
            .contains("no pop"));
        assert!(Candidate::parse("growing-tree:sideways").is_err());
        assert!(Candidate::parse_list(" ~ ").is_err());
    }
}
