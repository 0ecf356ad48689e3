//! What the page shows beside the maze: each algorithm's numbered steps,
//! lifted at build time from its file's `//!` header (`build.rs`), so the
//! source and the page list the same steps; and a short "about" for each.

/// One numbered list, with its title (empty for a file with one list).
pub type StepList = (&'static str, &'static [&'static str]);

include!(concat!(env!("OUT_DIR"), "/step_lists.rs"));

/// The file a generator or solver lives in, by its registry name.
fn file_of(name: &str) -> String {
    match name {
        "mazectric" => "cellular_automaton".into(),
        "wall-follower-right" => "wall_follower".into(),
        other => other.replace('-', "_"),
    }
}

/// The lists of a source file by its stem.
pub fn lists_of(stem: &str) -> &'static [StepList] {
    STEP_LISTS
        .iter()
        .find(|(s, _)| *s == stem)
        .map_or(&[], |(_, lists)| lists)
}

/// The steps a generator reports its phases against: its own list, or
/// the weave's list for it when woven (the woven growing tree's for the
/// backtracker and growing tree, woven Kruskal's for Kruskal).
pub fn generator_steps(name: &str, woven: bool) -> StepList {
    if woven {
        let file = if name == "kruskal" {
            "weave_kruskal"
        } else {
            "weave"
        };
        if let Some(list) = lists_of(file).first() {
            return *list;
        }
    }
    lists_of(&file_of(name))
        .first()
        .copied()
        .unwrap_or(("", &[]))
}

/// The braiding pass's steps (phases `BRAID_PHASE + k`).
pub fn braid_steps() -> StepList {
    lists_of("braid").first().copied().unwrap_or(("", &[]))
}

/// The sparseness pass's steps (phases `SPARSE_PHASE + k`).
pub fn sparse_steps() -> StepList {
    lists_of("sparse").first().copied().unwrap_or(("", &[]))
}

/// A solver's steps.
pub fn solver_steps(name: &str) -> StepList {
    lists_of(&file_of(name))
        .first()
        .copied()
        .unwrap_or(("", &[]))
}

/// A short account of an algorithm beyond its one-line description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// The algorithm's name.
    pub name: &'static str,
    /// What its mazes (or, for a solver, its searches) look like.
    pub texture: &'static str,
    /// Whether it draws every spanning tree with the same chance (for a
    /// solver: what it promises).
    pub uniform: &'static str,
    /// Time and memory.
    pub cost: &'static str,
    /// Who it comes from.
    pub credit: &'static str,
}

const fn about(
    name: &'static str,
    texture: &'static str,
    uniform: &'static str,
    cost: &'static str,
    credit: &'static str,
) -> About {
    About {
        name,
        texture,
        uniform,
        cost,
        credit,
    }
}

const NO: &str = "no: biased toward its texture";
const UST: &str = "yes: every spanning tree equally likely";

/// The about of every generator and solver (n = cells).
pub static ABOUT: &[About] = &[
    about("growing-tree", "set by the pop: newest is the backtracker's long corridors (about 10% dead ends), oldest a radial fan of straight spokes, random Prim's short branches (about 30%)", NO, "O(n) time; the frontier, up to n cells", "Peter Norvig's random_tree; Jamis Buck's growing tree"),
    about("backtracker", "long winding corridors, few dead ends (about 10%), a long solution", NO, "O(n) time; a stack up to n cells", "depth-first search (Trémaux's method, 19th century), as a maze by many"),
    about("kruskal", "short corridors, many short dead ends (about 30%), no direction", "no, though close to it on screen", "O(n α(n)) time; union-find and the wall list, under 14 bytes a cell", "Kruskal 1956 (minimum spanning trees); randomized by Buck and Pullen"),
    about("prim", "radial from its start, many short dead ends (about 30%), short corridors", NO, "O(n) time; the frontier list", "Prim 1957 / Jarník 1930, simplified as in Buck's book"),
    about("true-prim", "spiky and branchy, many dead ends (about 35%)", NO, "O(n) time with a bucket queue; weights and the queue", "Prim 1957 with random weights (Pullen's \"true Prim\")"),
    about("cheapest-cell", "a thicket of one-cell stubs: about 45% dead ends, more than true-prim (30%) or Prim (35%)", NO, "O(n) time with a bucket queue; a cost and a flag a cell", "Prim 1957 over cell costs, as Jamis Buck's \"true Prim's\" (Mazes for Programmers)"),
    about("aldous-broder", "no bias at all: about 30% dead ends, the texture of a uniform spanning tree", UST, "expected O(n log² n) steps on a grid (the cover time); n bits", "Aldous 1990 and Broder 1989, independently"),
    about("wilson", "the same uniform texture as Aldous-Broder (about 30% dead ends)", UST, "expected O(n log n) on a grid; the walk's next-step table, n cells", "David Wilson 1996 (loop-erased random walks)"),
    about("growing-forest", "patches of Prim-like texture seamed together", NO, "O(n) time; the frontiers and a union-find", "Walter Pullen (Think Labyrinth)"),
    about("boruvka", "Kruskal's texture: short corridors, many dead ends", "no, though close to Kruskal's look", "O(n log n) over at most log2 n rounds; weights and union-find", "Borůvka 1926, with random weights"),
    about("reverse-delete", "Kruskal's texture, built by adding walls", "no", "O(n²): a connectivity search per wall, so up to 64 x 64", "Kruskal 1956 (the reverse-delete variant)"),
    about("unicursal", "one path, no junctions: a labyrinth through every cell", "no (one path follows from a perfect maze)", "O(n) time; the half-size maze", "Walter Pullen (Think Labyrinth)"),
    about("blobby-division", "wandering walls around blobs; long corridors along them", NO, "O(n log n) time; the regions' cell lists", "Jamis Buck's blobby recursive division"),
    about("fractal", "self-similar: the same quarter maze tiled again and again", NO, "O(n) time; the maze so far", "Walter Pullen (Think Labyrinth)"),
    about("houston", "uniform-looking (about 30% dead ends)", "nearly, not exactly: the lab's exact test measures a small bias", "faster than either half alone; Wilson's tables", "Houston's hybrid of Aldous-Broder and Wilson"),
    about("origin-shift", "uniform texture once mixed (about 30% dead ends)", "yes, once every cell has been the origin (a Markov chain on trees)", "O(n) steps until every cell was the origin, often more; a parent per cell", "CaptainLuma 2024"),
    about("hunt-and-kill", "long corridors like the backtracker's, slightly more dead ends", NO, "O(n) to O(n²) with the hunt's scans; n bits", "folklore; described by Buck and Pullen"),
    about("eller", "short corridors along rows, about 28% dead ends", NO, "O(n) time; memory for one row", "Marlin Eller 1982"),
    about("binary-tree", "a diagonal bias and two open border corridors", NO, "O(n) time, no memory", "folklore; named by Buck and Pullen"),
    about("sidewinder", "an open top corridor, vertical bias, short dead ends", NO, "O(n) time; the current run", "Walter Pullen"),
    about("recursive-division", "long straight walls, boxy rooms, few short dead ends", NO, "O(n log n) time; a stack of chambers", "folklore; described by Buck and Pullen"),
    about("cellular-automaton", "short twisty corridors, many small dead ends", NO, "a few generations over the walls, then a linear repair", "the Maze rule B3/S12345 (Conway's Life family)"),
    about("mazectric", "longer, straighter corridors than the Maze rule", NO, "a few generations over the walls, then a linear repair", "the Mazectric rule B3/S1234"),
    about("brain", "four sub-mazes joined across a cross, again and again", NO, "O(n) time; the recursion's regions", "Spurrier's fractal brain maze"),
    about("bfs", "a flood that widens evenly from the start", "a shortest path", "O(n) time; a queue and a parent per cell", "Moore 1959, Zuse 1945"),
    about("dfs", "one long probe at a time, backing up at dead ends", "a path, not always the shortest", "O(n) time; a stack", "Trémaux (19th century) in its maze form"),
    about("dijkstra", "a flood that runs ahead through cheap cells and lags in dear ones", "a cheapest path (a shortest one when unweighted)", "O(n log n) time; a heap and a cost per cell", "Edsger Dijkstra 1959"),
    about("astar", "a search that leans toward the goal", "a shortest path (the Manhattan distance never overestimates)", "O(n log n) time; a heap and costs", "Hart, Nilsson and Raphael 1968"),
    about("bidirectional-bfs", "two floods, from start and goal, that meet", "a shortest path", "O(n) time; two queues", "Pohl 1971"),
    about("greedy-best-first", "a beeline toward the goal that backs off at walls", "a path, not always the shortest", "O(n log n) time; a heap", "Doran and Michie 1966"),
    about("iddfs", "deeper and deeper bounded probes", "a shortest path in a perfect maze", "O(n·d) time; a stack of depth d", "Korf 1985"),
    about("wall-follower", "one hand on the wall all the way", "a path on a perfect maze; gives up when circling", "O(n) time; the trail", "folklore (the hand-on-wall rule)"),
    about("wall-follower-right", "the right hand on the wall all the way", "a path on a perfect maze; gives up when circling", "O(n) time; the trail", "folklore (the hand-on-wall rule)"),
    about("pledge", "a wall follower that counts its turns to leave islands", "a way out to the border; a path or gives up inside", "O(n) time; visits per cell and side", "John Pledge, 12, in Abelson and diSessa 1980"),
    about("chain", "a guide line with two wall-following robots at each wall", "a path, usually short", "O(n) time; the guide line and robots' trails", "Walter Pullen (Think Labyrinth)"),
    about("tremaux", "marks passages once and twice; never walks one a third time", "a path whenever there is one", "O(n) time; a count per passage", "Charles Pierre Trémaux (19th century)"),
    about("dead-end-filler", "fills every dead end until only the solution is left", "the path in a perfect maze", "O(n) time; a degree per cell", "Walter Pullen (Think Labyrinth)"),
    about("random-mouse", "aimless wandering, never back unless stuck", "a path if lucky; gives up after a limit", "unbounded in principle; no memory", "folklore"),
    about("collision", "floods from the start that collide and seal loops", "every shortest path", "O(n) time; the flood fronts", "Walter Pullen (Think Labyrinth)"),
    about("shortest-paths", "a flood from each end, then every cell on some shortest path", "all shortest paths", "O(n) time; two distance tables", "Walter Pullen (Think Labyrinth)"),
    about("cul-de-sac-filler", "fills dead ends and the loops hanging off one cell", "a path in mazes with simple loops", "O(n) time", "Walter Pullen (Think Labyrinth)"),
    about("blind-alley-filler", "fills every blind alley, loops included", "all solutions remain", "O(n²) time at worst", "Walter Pullen (Think Labyrinth)"),
    about("blind-alley-sealer", "seals each blind alley at its mouth", "all solutions remain", "O(n) time; a union-find of passages", "Walter Pullen (Think Labyrinth)"),
    about("longest-path", "two floods: farthest cell from the start, then farthest from that", "the longest path in a perfect maze", "O(n) time; two sweeps", "the double sweep (Dijkstra's folklore for tree diameter)"),
];

/// The about of a generator or solver.
pub fn about_of(name: &str) -> Option<&'static About> {
    ABOUT.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_has_steps_and_an_about() {
        let names = crate::generate::ALGORITHMS
            .iter()
            .map(|a| a.name)
            .chain(crate::solve::SOLVERS.iter().map(|s| s.name));
        for name in names {
            assert!(about_of(name).is_some(), "{name} has no about");
            let steps = if crate::solve::find(name).is_ok() {
                solver_steps(name).1
            } else {
                generator_steps(name, false).1
            };
            assert!(steps.len() >= 2, "{name}: {steps:?}");
        }
        for name in crate::generate::weave::WEAVERS {
            assert!(generator_steps(name, true).1.len() >= 2, "{name} woven");
        }
        assert_eq!(braid_steps().1.len(), 4);
        assert_eq!(sparse_steps().1.len(), 4);
        // A list's title is the whole line before it, not the end of a
        // sentence that wrapped onto it.
        for (file, lists) in STEP_LISTS {
            for (title, _) in lists.iter() {
                let balanced = title.matches('(').count() == title.matches(')').count();
                let capital = title.chars().next().is_none_or(char::is_uppercase);
                assert!(balanced && capital, "{file}: a list titled {title:?}");
            }
        }
        // Woven, each has its own list, not its plain one.
        for name in crate::generate::weave::WEAVERS {
            assert_ne!(
                generator_steps(name, true).1,
                generator_steps(name, false).1,
                "{name}"
            );
        }
    }
}
