//! A run told in plain words: one sentence for each step of the timeline,
//! made from the event stream every view shares, so it needs nothing
//! written for a particular algorithm or seed.
//!
//! A step is one event (`timeline`), so the sentence for step `s` tells
//! what the `s`th event did: a passage carved or a wall built between two
//! cells, a cell joining or leaving the algorithm's working set (named as
//! the algorithm names it: stack, frontier, queue...), a random walk's
//! step or its loop erased, a cell looked at, put on the path or ruled
//! out, the algorithm's attention moving, a numbered step of its list
//! begun (quoted from the list the page shows), the run's end. Cells are
//! named as the page names them (`describe::place`: "row 3, column 5").
//! What a cell was before an event (to tell a loop erased from a cell
//! leaving the stack) is kept from the events heard so far.

use crate::describe;
use crate::event::{Event, Mark, BRAID_PHASE, SPARSE_PHASE};
use crate::shape::{Cell, Shape};
use crate::steps::StepList;
use std::collections::VecDeque;

/// How many steps' sentences are kept for the history.
pub const HISTORY: usize = 200;

/// What the sentences need to know of the algorithm.
pub struct Words {
    /// The algorithm's name, as the page shows it.
    pub algorithm: String,
    /// What its `Frontier` marks are ("stack", "frontier"); empty: "working
    /// set".
    pub working_set: &'static str,
    /// Whether it is a solver (its marks are searches, not carving).
    pub solver: bool,
    /// Its numbered steps, for its phases.
    pub steps: StepList,
    /// The braiding pass's steps (`BRAID_PHASE + k`).
    pub braid: StepList,
    /// The sparseness pass's steps (`SPARSE_PHASE + k`).
    pub sparse: StepList,
}

/// One step heard: its number (the timeline's step once it is applied),
/// the event, and the mark its cell had before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heard {
    /// The timeline's step once the event is applied (the first is 1).
    pub step: u64,
    /// What happened.
    pub event: Event,
    /// The mark the event's cell had before (`Blank` for other events).
    pub before: Mark,
}

/// The events of a run heard in order, the marks they leave, and the
/// last `HISTORY` of them.
pub struct Narration {
    marks: Vec<Mark>,
    at: u64,
    recent: VecDeque<Heard>,
}

impl Narration {
    /// A run on `cells` cells, before its first step.
    pub fn new(cells: usize) -> Narration {
        Narration {
            marks: vec![Mark::Blank; cells],
            at: 0,
            recent: VecDeque::with_capacity(HISTORY),
        }
    }

    /// The step the narration has reached (0: none heard).
    pub fn at(&self) -> u64 {
        self.at
    }

    /// Hears the next event of the run.
    pub fn hear(&mut self, event: &Event) {
        let before = match *event {
            Event::Mark(cell, mark) => match self.marks.get_mut(cell as usize) {
                Some(slot) => std::mem::replace(slot, mark),
                None => Mark::Blank,
            },
            _ => Mark::Blank,
        };
        self.at += 1;
        if self.recent.len() == HISTORY {
            self.recent.pop_front();
        }
        self.recent.push_back(Heard {
            step: self.at,
            event: *event,
            before,
        });
    }

    /// The last steps heard, oldest first (at most `HISTORY`).
    pub fn recent(&self) -> impl DoubleEndedIterator<Item = &Heard> {
        self.recent.iter()
    }
}

/// The sentence for a step heard, begun with a capital.
pub fn sentence(heard: &Heard, words: &Words, shape: &Shape) -> String {
    let said = said(heard, words, shape);
    let mut chars = said.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => said,
    }
}

fn said(heard: &Heard, words: &Words, shape: &Shape) -> String {
    let at = |c: Cell| describe::place(shape, c);
    let set = if words.working_set.is_empty() {
        "working set"
    } else {
        words.working_set
    };
    match heard.event {
        Event::Carve(a, b) if words.solver => {
            format!("Opened the way from {} to {}.", at(a), at(b))
        }
        Event::Carve(a, b) => format!("Carved a passage from {} to {}.", at(a), at(b)),
        Event::Build(a, b) => format!("Built a wall between {} and {}.", at(a), at(b)),
        Event::Cursor(c) => format!("The current cell is now {}.", at(c)),
        Event::Phase(k) => phase(k, words),
        Event::Done if words.solver => {
            format!("Finished: {} has ended its search.", words.algorithm)
        }
        Event::Done => format!("Finished: {} has carved the whole maze.", words.algorithm),
        Event::Mark(c, mark) => marked(&at(c), heard.before, mark, set, words.solver),
    }
}

/// A numbered step begun, quoted from its list.
fn phase(k: u8, words: &Words) -> String {
    let (list, k, pass) = if k >= SPARSE_PHASE {
        (&words.sparse, k - SPARSE_PHASE, "sparseness pass, ")
    } else if k >= BRAID_PHASE {
        (&words.braid, k - BRAID_PHASE, "braiding pass, ")
    } else {
        (&words.steps, k, "")
    };
    match list.1.get(usize::from(k).wrapping_sub(1)) {
        Some(text) => format!("{pass}step {k}: {text}"),
        None => format!("Moving on to {pass}step {k}."),
    }
}

/// A cell's mark changed from `before` to `mark`.
fn marked(cell: &str, before: Mark, mark: Mark, set: &str, solver: bool) -> String {
    match (before, mark) {
        (_, Mark::Frontier) => format!("{cell} joined the {set}."),
        (Mark::Walk, Mark::Walk) => format!("The random walk came back to {cell}."),
        (_, Mark::Walk) => format!("The random walk stepped onto {cell}."),
        (_, Mark::Explored) => format!("Looked at {cell}."),
        (_, Mark::Path) => format!("{cell} is on the path."),
        (_, Mark::Dead) if solver => format!("{cell} is ruled out: no way on from it."),
        (_, Mark::Dead) => format!("{cell} is done: no way on to a new cell, so it is left."),
        (Mark::Walk, Mark::Blank) => {
            format!("{cell} was erased from the walk: the walk had looped back, so the loop goes.")
        }
        (Mark::Frontier, Mark::Blank) => format!("{cell} left the {set}."),
        (Mark::Path, Mark::Blank) => format!("{cell} left the path."),
        (Mark::Explored, Mark::Blank) | (Mark::Dead, Mark::Blank) => {
            format!("{cell} is unmarked.")
        }
        (Mark::Blank, Mark::Blank) => format!("{cell} stays as it is."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{self, Generator, Params};
    use crate::shape::{Shape, Topology};
    use crate::steps;

    fn words_for(name: &'static str) -> Words {
        let algorithm = generate::find(name).expect("a generator");
        Words {
            algorithm: name.to_string(),
            working_set: algorithm.working_set,
            solver: false,
            steps: steps::generator_steps(name, false),
            braid: steps::braid_steps(),
            sparse: steps::sparse_steps(),
        }
    }

    #[test]
    fn every_generator_tells_every_step_of_a_small_maze() {
        let shape = Shape::parse("square", "6x5", None).unwrap();
        for algorithm in generate::available_on(&shape) {
            let words = words_for(algorithm.name);
            let mut narration = Narration::new(shape.cells() as usize);
            let generator =
                Generator::by_name(algorithm.name, Params::on(shape.clone(), 7), true).unwrap();
            let mut told = 0;
            for event in generator {
                narration.hear(&event);
                let last = narration.recent().next_back().unwrap();
                assert_eq!(last.step, narration.at());
                let said = sentence(last, &words, &shape);
                assert!(
                    said.ends_with('.') || said.contains("step"),
                    "{}: {said}",
                    algorithm.name
                );
                assert!(!said.contains("{"), "{said}");
                told += 1;
            }
            assert!(told > 0, "{}", algorithm.name);
            let last = narration.recent().next_back().unwrap();
            assert!(
                sentence(last, &words, &shape).starts_with("Finished"),
                "{} ends by saying so",
                algorithm.name
            );
        }
    }

    /// Every sentence of a run of `name` on an 8 x 8 square.
    fn told(name: &'static str) -> Vec<String> {
        let shape = Shape::parse("square", "8x8", None).unwrap();
        let words = words_for(name);
        let mut narration = Narration::new(64);
        let mut said = Vec::new();
        for event in Generator::by_name(name, Params::on(shape.clone(), 7), true).unwrap() {
            narration.hear(&event);
            said.push(sentence(
                narration.recent().next_back().unwrap(),
                &words,
                &shape,
            ));
        }
        said
    }

    #[test]
    fn wilsons_loops_are_told_as_erased_and_the_backtrackers_stack_by_name() {
        let wilson = told("wilson");
        assert!(
            wilson.iter().any(|s| s.contains("stepped onto row")),
            "a walk"
        );
        assert!(
            wilson.iter().any(|s| s.contains("erased from the walk")),
            "a loop erased"
        );
        let backtracker = told("backtracker");
        let set = generate::find("backtracker").unwrap().working_set;
        assert!(!set.is_empty());
        assert!(backtracker
            .iter()
            .any(|s| s.contains(&format!("joined the {set}"))));
        assert!(backtracker
            .iter()
            .any(|s| s.starts_with("Carved a passage from row")));
        assert!(
            backtracker.iter().all(|s| !s.starts_with("row")),
            "each begun with a capital"
        );
        // A phase quotes the numbered step the page lights.
        let first = steps::generator_steps("backtracker", false).1[0];
        assert!(
            backtracker.iter().any(|s| s == &format!("Step 1: {first}")),
            "{first}"
        );
    }

    #[test]
    fn a_solver_is_told_looking_finding_its_path_and_finishing() {
        let shape = Shape::parse("square", "8x8", None).unwrap();
        let grid = generate::generate("backtracker", Params::on(shape.clone(), 7)).unwrap();
        let solver = crate::solve::Solver::by_name("bfs", &grid, 0, 63, true).unwrap();
        let words = Words {
            algorithm: "bfs".into(),
            working_set: "queue",
            solver: true,
            steps: steps::solver_steps("bfs"),
            braid: ("", &[]),
            sparse: ("", &[]),
        };
        let mut narration = Narration::new(64);
        let mut said = Vec::new();
        for event in solver {
            narration.hear(&event);
            said.push(sentence(
                narration.recent().next_back().unwrap(),
                &words,
                &shape,
            ));
        }
        assert!(
            said.iter().any(|s| s.starts_with("Looked at row")),
            "{said:?}"
        );
        assert!(said.iter().any(|s| s.ends_with("is on the path.")));
        assert_eq!(said.last().unwrap(), "Finished: bfs has ended its search.");
    }

    #[test]
    fn the_history_keeps_the_last_steps_in_order() {
        let mut narration = Narration::new(4);
        for k in 0..(HISTORY as u32 + 50) {
            narration.hear(&Event::Cursor(k % 4));
        }
        assert_eq!(narration.at(), HISTORY as u64 + 50);
        let steps: Vec<u64> = narration.recent().map(|h| h.step).collect();
        assert_eq!(steps.len(), HISTORY);
        assert_eq!(steps[0], 51);
        assert!(steps.windows(2).all(|w| w[1] == w[0] + 1));
        // A mark's cell out of range is heard, not a panic.
        narration.hear(&Event::Mark(99, Mark::Path));
    }
}
