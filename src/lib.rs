//! mazelab: maze generators and solvers as seeded step iterators.
//!
//! Every generator reports each change it makes as an [`event::Event`]; replaying
//! the events on a blank [`grid::Grid`] rebuilds the maze. The same stream feeds
//! the browser animation, the text renderers, the tests and the benchmarks.
//!
//! # Using the library
//!
//! Build a maze at once, or step through the events that carve it; place
//! its ends, solve it, measure it and render it. One seed, one maze: the
//! app, the CLI and the npm package make the same one.
//!
//! ```
//! use mazelab::entrance::{self, EntranceStyle};
//! use mazelab::event::Event;
//! use mazelab::generate::{self, Generator, Params};
//! use mazelab::render::{json, svg, text::ascii};
//! use mazelab::shape::{Dims, Shape};
//! use mazelab::solve::{self, Outcome};
//!
//! // A 12 x 8 maze by Wilson's algorithm, seed 7.
//! let params = Params::new(Dims::new(12, 8).unwrap(), 7);
//! let maze = generate::generate("wilson", params.clone()).unwrap();
//! assert_eq!(maze.openings(), 12 * 8 - 1); // a perfect maze: a spanning tree
//!
//! // The same maze, event by event, as the page animates it.
//! let carves = Generator::by_name("wilson", params, true)
//!     .unwrap()
//!     .filter(|e| matches!(e, Event::Carve(..)))
//!     .count();
//! assert_eq!(carves, 12 * 8 - 1);
//!
//! // Its ends, a shortest path between them, and its measures.
//! let ends = entrance::place(&maze, EntranceStyle::Norvig, 7);
//! let Outcome::Found(path) = solve::solve("bfs", &maze, ends.entrance.cell, ends.exit.cell).unwrap()
//! else {
//!     panic!("a perfect maze has a path between any two cells")
//! };
//! let metrics = mazelab::analyze::metrics(&maze, ends.entrance.cell, ends.exit.cell);
//! assert_eq!(metrics.solution_length, Some(path.len() as u32 - 1));
//!
//! // As text, SVG and JSON; any shape renders to SVG and JSON.
//! assert!(ascii::render(&maze, Some(&ends), Some(&path)).starts_with('+'));
//! assert!(svg::render(&maze, Some(&ends), None).starts_with("<svg"));
//! let hex = Shape::parse("hex", "9x7", None).unwrap();
//! let hex_maze = generate::generate("kruskal", Params::on(hex, 3)).unwrap();
//! let hex_ends = entrance::place(&hex_maze, EntranceStyle::Norvig, 3);
//! let meta = json::Meta { seed: 3, algorithm: "kruskal" };
//! assert!(json::render(&hex_maze, &meta, &hex_ends, None).contains("\"shape\":\"hex\""));
//! ```

// Every public item of the library says what it is (cargo doc reads it).
#![deny(missing_docs)]

pub mod analyze;
pub mod bitset;
pub mod describe;
pub mod difficulty;
pub mod entrance;
pub mod error;
pub mod event;
pub mod generate;
pub mod grid;
pub mod keep;
pub mod lab;
pub mod narrate;
pub mod packed;
pub mod percent;
pub mod program;
pub mod record;
pub mod render;
pub mod request;
pub mod rng;
pub mod settings;
pub mod shape;
pub mod solve;
pub mod steps;
pub mod stream;
pub mod timeline;
pub mod union_find;
pub mod walk;
pub mod weights;

// The page, or (with the `npm` feature) the npm package's exports instead:
// a package for Node must not mount an app when it loads.
#[cfg(all(target_arch = "wasm32", feature = "npm"))]
pub mod npm;
#[cfg(all(target_arch = "wasm32", not(feature = "npm")))]
pub mod web;

// The README's Rust example runs as a doctest, so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
