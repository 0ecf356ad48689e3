//! The one error type of the core: every message names what was wrong and
//! what would have been accepted, so the CLI and the page can show it as is.

use std::fmt;

/// Bad input to the engine. `Display` gives a one-line message fit for a user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MazeError {
    /// The algorithm name is not in the registry.
    UnknownAlgorithm {
        /// The name given.
        name: String,
        /// The names there are.
        valid: Vec<&'static str>,
    },
    /// A size that does not parse or is outside `1..=MAX_SIDE` on a side.
    BadSize {
        /// The size given.
        given: String,
        /// The most cells a side may have.
        max: u32,
    },
    /// A pop strategy spec that does not parse.
    BadPop {
        /// The spec given.
        given: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A Binary Tree bias other than NW, NE, SW or SE.
    BadBias {
        /// The bias given.
        given: String,
    },
    /// A seed that is not an unsigned 64-bit integer.
    BadSeed {
        /// The seed given.
        given: String,
    },
    /// Any other bad value (an output format, an entrance style, a flag).
    BadValue {
        /// What the value is for ("format", "paper"...).
        what: &'static str,
        /// The value given.
        given: String,
        /// What would have been accepted.
        valid: String,
    },
}

impl fmt::Display for MazeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MazeError::UnknownAlgorithm { name, valid } => write!(
                f,
                "unknown algorithm '{name}'; valid algorithms: {}",
                valid.join(", ")
            ),
            MazeError::BadSize { given, max } => write!(
                f,
                "bad size '{given}': expected WxH with 1 <= W, H <= {max}, e.g. 40x25"
            ),
            MazeError::BadPop { given, reason } => write!(
                f,
                "bad pop strategy '{given}': {reason}; valid: newest, oldest, random, middle, \
                 or a weighted mix like newest:75,random:25"
            ),
            MazeError::BadBias { given } => {
                write!(f, "bad bias '{given}'; valid biases: NW, NE, SW, SE")
            }
            MazeError::BadSeed { given } => write!(
                f,
                "bad seed '{given}': expected a whole number from 0 to 18446744073709551615"
            ),
            MazeError::BadValue { what, given, valid } => {
                write!(f, "bad {what} '{given}'; valid: {valid}")
            }
        }
    }
}

impl std::error::Error for MazeError {}

/// Parses a seed, with the error message a user needs.
pub fn parse_seed(text: &str) -> Result<u64, MazeError> {
    text.trim().parse().map_err(|_| MazeError::BadSeed {
        given: text.to_string(),
    })
}

/// The one of `all` whose `name` is `text` (spaces around it ignored), or
/// an error naming `what` and every valid name: how every option spelled
/// by name on the command line and in a link is read.
pub fn by_name<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    what: &'static str,
    text: &str,
) -> Result<T, MazeError> {
    all.iter()
        .copied()
        .find(|&t| name(t) == text.trim())
        .ok_or_else(|| MazeError::BadValue {
            what,
            given: text.to_string(),
            valid: all.iter().map(|&t| name(t)).collect::<Vec<_>>().join(", "),
        })
}
