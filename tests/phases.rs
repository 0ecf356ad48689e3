//! Every algorithm says which of its listed steps it is on: each run on a
//! 10 x 10 maze visits every step of its list (the list is the one its
//! file's `//!` header gives, via `mazelab::steps`), in order of first
//! appearance where the method is sequential, and never names a step the
//! list does not have.

use mazelab::event::{Event, BRAID_PHASE};
use mazelab::generate::{Generator, Params, ALGORITHMS};
use mazelab::shape::Shape;
use mazelab::solve::{Solver, SOLVERS};
use mazelab::steps;
use std::collections::BTreeSet;

fn phases(events: impl Iterator<Item = Event>) -> (BTreeSet<u8>, Vec<u8>) {
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for event in events {
        if let Event::Phase(k) = event {
            if seen.insert(k) {
                order.push(k);
            }
        }
    }
    (seen, order)
}

#[test]
fn every_generator_visits_each_of_its_steps() {
    let shape = Shape::parse("square", "10x10", None).unwrap();
    for algorithm in ALGORITHMS {
        let (_, list) = steps::generator_steps(algorithm.name, false);
        let mut all = BTreeSet::new();
        // A few seeds: a step that depends on chance shows in one of them.
        for seed in 0..4 {
            let generator = Generator::new(algorithm, Params::on(shape.clone(), seed), true);
            let (seen, order) = phases(generator);
            assert_eq!(
                order.first(),
                Some(&1),
                "{}: starts at step 1 ({order:?})",
                algorithm.name
            );
            all.extend(seen);
        }
        let want: BTreeSet<u8> = (1..=list.len() as u8).collect();
        assert_eq!(all, want, "{}: the steps it reported", algorithm.name);
    }
}

#[test]
fn woven_and_braided_runs_report_their_own_lists() {
    let shape = Shape::parse("square", "10x10", None).unwrap();
    for name in mazelab::generate::weave::WEAVERS {
        let (_, list) = steps::generator_steps(name, true);
        let params = Params {
            weave: true,
            ..Params::on(shape.clone(), 4)
        };
        let (seen, _) = phases(Generator::by_name(name, params, true).unwrap());
        let want: BTreeSet<u8> = (1..=list.len() as u8).collect();
        assert_eq!(seen, want, "{name} woven");
    }
    let params = Params {
        braid: 100,
        ..Params::on(shape, 4)
    };
    let (seen, _) = phases(Generator::by_name("kruskal", params, true).unwrap());
    let braid: BTreeSet<u8> = seen
        .iter()
        .filter(|&&k| k & BRAID_PHASE != 0)
        .map(|k| k & !BRAID_PHASE)
        .collect();
    assert_eq!(braid, (1..=4).collect(), "braiding's steps");
}

#[test]
fn every_solver_visits_each_of_its_steps() {
    let shape = Shape::parse("square", "10x10", None).unwrap();
    for info in SOLVERS {
        let (_, list) = steps::solver_steps(info.name);
        let mut all = BTreeSet::new();
        // Perfect and braided mazes, corner to corner, across and straight
        // along a side: some steps need loops (a loop to seal), and the
        // Pledge walker lets go of a wall only when its chosen direction is
        // one a side faces (a diagonal never adds up to zero turns).
        for (braid, seed) in [(0, 1), (0, 2), (100, 3), (50, 4)] {
            let params = Params {
                braid,
                ..Params::on(shape.clone(), seed)
            };
            let grid = mazelab::generate::generate("backtracker", params).unwrap();
            for (start, goal) in [(0, 99), (44, 0), (9, 90), (55, 12), (0, 9), (3, 93)] {
                let solver = Solver::new(info, &grid, start, goal, true).unwrap();
                all.extend(phases(solver).0);
            }
        }
        // A maze with no way through: the steps that say so (the chain's
        // robots coming back) can only happen there.
        let walled = mazelab::grid::Grid::closed(mazelab::shape::Dims::new(10, 10).unwrap());
        all.extend(phases(Solver::new(info, &walled, 0, 99, true).unwrap()).0);
        let want: BTreeSet<u8> = (1..=list.len() as u8).collect();
        let missing: Vec<u8> = want.difference(&all).copied().collect();
        let extra: Vec<u8> = all.difference(&want).copied().collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing steps {missing:?}, unknown {extra:?}",
            info.name
        );
    }
}
