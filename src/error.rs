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
                "unknown algorithm '{}'; valid algorithms: {}",
                Shown(name),
                valid.join(", ")
            ),
            MazeError::BadSize { given, max } => write!(
                f,
                "bad size '{}': expected WxH with 1 <= W, H <= {max}, e.g. 40x25",
                Shown(given)
            ),
            MazeError::BadPop { given, reason } => write!(
                f,
                "bad pop strategy '{}': {reason}; valid: newest, oldest, random, middle, \
                 or a weighted mix like newest:75,random:25",
                Shown(given)
            ),
            MazeError::BadBias { given } => {
                write!(
                    f,
                    "bad bias '{}'; valid biases: NW, NE, SW, SE",
                    Shown(given)
                )
            }
            MazeError::BadSeed { given } => write!(
                f,
                "bad seed '{}': expected a whole number from 0 to 18446744073709551615",
                Shown(given)
            ),
            MazeError::BadValue { what, given, valid } => {
                write!(f, "bad {what} '{}'; valid: {valid}", Shown(given))
            }
        }
    }
}

/// Text a person gave, as a message shows it: each control character and
/// each character that turns the direction of text (U+202E would print
/// the rest of the message backwards) written as `\u{...}`, so the message
/// reads as written and the person sees what they sent.
struct Shown<'a>(&'a str);

/// `text` as a message shows what a person gave: control characters and
/// those that turn the direction of text escaped (`\u{202e}`).
pub fn shown(text: &str) -> impl fmt::Display + '_ {
    Shown(text)
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            let turns = matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}')
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c);
            if c.is_control() || turns {
                write!(f, "\\u{{{:x}}}", u32::from(c))?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_shows_what_was_given_without_turning_or_breaking_its_text() {
        let e = MazeError::BadSize {
            given: "40x\u{202e}52\n".into(),
            max: 4096,
        };
        let text = e.to_string();
        assert!(
            text.starts_with("bad size '40x\\u{202e}52\\u{a}'"),
            "{text}"
        );
        assert!(!text.chars().any(|c| c.is_control() || c == '\u{202e}'));
        // Other text, accents and all, is shown as given.
        assert_eq!(shown("größe 迷路 🧩").to_string(), "größe 迷路 🧩");
        assert_eq!(
            shown("a\u{2067}b\u{200f}").to_string(),
            "a\\u{2067}b\\u{200f}"
        );
    }
}
