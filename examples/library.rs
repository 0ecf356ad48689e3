//! mazelab as a library, through its public API only: a maze by Wilson's
//! algorithm, its ends and shortest path, drawn as text, then the same
//! seed's maze event by event, and a hexagon maze's measures.
//!
//! cargo run --example library

use mazelab::analyze;
use mazelab::entrance::{self, EntranceStyle};
use mazelab::event::{Event, Mark};
use mazelab::generate::{self, Generator, Params};
use mazelab::render::text::ascii;
use mazelab::shape::{Dims, Shape};
use mazelab::solve::{self, Outcome};

fn main() -> Result<(), mazelab::error::MazeError> {
    let params = Params::new(Dims::new(16, 8)?, 2026);
    let maze = generate::generate("wilson", params.clone())?;
    let ends = entrance::place(&maze, EntranceStyle::Norvig, 2026);
    let path = match solve::solve("bfs", &maze, ends.entrance.cell, ends.exit.cell)? {
        Outcome::Found(path) => Some(path),
        _ => None,
    };
    print!("{}", ascii::render(&maze, Some(&ends), path.as_deref()));

    let mut carves = 0;
    let mut walk_marks = 0;
    for event in Generator::by_name("wilson", params, true)? {
        match event {
            Event::Carve(..) => carves += 1,
            Event::Mark(_, Mark::Walk) => walk_marks += 1,
            _ => {}
        }
    }
    println!(
        "wilson carved {carves} passages; its random walks marked {walk_marks} cells on the way"
    );

    let hex = Shape::parse("hex", "20x12", None)?;
    let hex_maze = generate::generate("backtracker", Params::on(hex, 7))?;
    let hex_ends = entrance::place(&hex_maze, EntranceStyle::Norvig, 7);
    println!(
        "{}",
        analyze::metrics(&hex_maze, hex_ends.entrance.cell, hex_ends.exit.cell)
    );
    Ok(())
}
