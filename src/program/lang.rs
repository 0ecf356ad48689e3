//! The languages a program may be written in, and what a program's text
//! says it is: a generator or a solver, by the function it defines.

use crate::error::MazeError;

/// The language of the Code view's program (the link's `lang`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// Run by the browser itself (`www/code/harness.js`).
    #[default]
    JavaScript,
    /// Run by CPython compiled to WebAssembly, Pyodide
    /// (`www/code/harness.py`), loaded when first chosen.
    Python,
}

impl Lang {
    /// Every language, the default first.
    pub const ALL: [Lang; 2] = [Lang::JavaScript, Lang::Python];

    /// The name the link and the page's select use.
    pub fn name(self) -> &'static str {
        match self {
            Lang::JavaScript => "javascript",
            Lang::Python => "python",
        }
    }

    /// A language by its name (or `js`, `py`).
    pub fn parse(text: &str) -> Result<Lang, MazeError> {
        match text.trim() {
            "javascript" | "js" => Ok(Lang::JavaScript),
            "python" | "py" => Ok(Lang::Python),
            other => Err(MazeError::BadValue {
                what: "lang",
                given: other.to_string(),
                valid: "javascript, python".into(),
            }),
        }
    }
}

/// What a program is: a generator or a solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Defines `generate(maze, rng)`.
    Generator,
    /// Defines `solve(maze, start, goal)`.
    Solver,
}

impl Kind {
    /// The kind `text` defines in `lang` (a generator if it defines both),
    /// or `None` if it defines neither function.
    pub fn of(text: &str, lang: Lang) -> Option<Kind> {
        let (generate, solve) = match lang {
            Lang::JavaScript => ("function generate", "function solve"),
            Lang::Python => ("def generate", "def solve"),
        };
        if text.contains(generate) {
            Some(Kind::Generator)
        } else if text.contains(solve) {
            Some(Kind::Solver)
        } else {
            None
        }
    }

    /// The function a program of this kind defines, in `lang`.
    pub fn describe(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Kind::Generator, Lang::JavaScript) => "a generator: function generate(maze, rng)",
            (Kind::Solver, Lang::JavaScript) => {
                "a solver: function solve(maze, start, goal), on the maze shown"
            }
            (Kind::Generator, Lang::Python) => {
                "a generator: def generate(maze, rng), which may return its tree's edges"
            }
            (Kind::Solver, Lang::Python) => {
                "a solver: def solve(maze, start, goal), on the maze shown"
            }
        }
    }

    /// What a program must define, when it defines neither.
    pub fn wanted(lang: Lang) -> &'static str {
        match lang {
            Lang::JavaScript => {
                "a program defines function generate(maze, rng) or function solve(maze, start, goal)"
            }
            Lang::Python => {
                "a program defines def generate(maze, rng) or def solve(maze, start, goal)"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_languages_name_reads_back_and_anything_else_is_refused_by_name() {
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.name()).unwrap(), lang);
        }
        assert_eq!(Lang::default(), Lang::JavaScript);
        let e = Lang::parse("ruby").unwrap_err().to_string();
        assert_eq!(e, "bad lang 'ruby'; valid: javascript, python");
    }

    #[test]
    fn a_programs_kind_is_the_function_it_defines_in_its_language() {
        let py = "def generate(maze, rng):\n    pass\n";
        assert_eq!(Kind::of(py, Lang::Python), Some(Kind::Generator));
        assert_eq!(Kind::of(py, Lang::JavaScript), None);
        let solver = "def solve(maze, start, goal):\n    return []\n";
        assert_eq!(Kind::of(solver, Lang::Python), Some(Kind::Solver));
        assert_eq!(
            Kind::of("function solve(maze, s, g) {}", Lang::JavaScript),
            Some(Kind::Solver)
        );
        assert_eq!(Kind::of("x = 1", Lang::Python), None);
    }
}
