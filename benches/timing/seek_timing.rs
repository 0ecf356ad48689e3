//! How long the timeline's seeks take on a big run, natively: an instant
//! build recorded in the background as the page does, then seeks to steps
//! spread over the run, each timed (restore and replay, no painting).
//!   cargo run --release --example seek_timing [ALGORITHM] [SIDE] [BUDGET_MB]
//! (the budget the page gives one panel of that size, unless told);
//! `BRAID=P`, `SPARSE=P`, `POP=SPEC`, `SYMMETRY=x|y|xy|rot` and `WEAVE=1`
//! set those options, `SEEKS=990,500`
//! the steps sought (per mille of the run).
use mazelab::generate::{Generator, Params};
use mazelab::render::canvas::scene::Scene;
use mazelab::shape::{Shape, Topology};
use mazelab::timeline::{budget_for, Timeline};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "backtracker".into());
    let side = args.next().unwrap_or_else(|| "4096".into());
    let shape = Shape::parse("square", &format!("{side}x{side}"), None).expect("a size");
    let budget = args
        .next()
        .map_or(budget_for(Topology::cells(&shape).into()), |mb| {
            mb.parse::<usize>().expect("MB") << 20
        });
    let mut params = Params::on(shape.clone(), 1);
    if let Ok(b) = std::env::var("BRAID") {
        params.braid = b.parse().expect("a share");
    }
    if let Ok(b) = std::env::var("SPARSE") {
        params.sparse = b.parse().expect("a share");
    }
    if let Ok(symmetry) = std::env::var("SYMMETRY") {
        params.symmetry =
            Some(mazelab::generate::symmetry::Symmetry::parse(&symmetry).expect("a symmetry"));
    }
    params.weave = std::env::var("WEAVE").is_ok();
    if let Ok(pop) = std::env::var("POP") {
        params.pop = mazelab::generate::pop::PopSpec::parse(&pop).expect("a pop");
    }
    let generator = Generator::by_name(&name, params, true).expect("known");
    let start = Scene::new(generator.initial_grid(), generator.algorithm().starts_open);
    // The instant build: the picture at the end and the number of steps.
    let clock = Instant::now();
    let mut scene = Scene::new(generator.initial_grid(), generator.algorithm().starts_open);
    let mut total = 0u64;
    for event in generator.clone() {
        scene.apply(&event);
        total += 1;
    }
    println!(
        "{name} {side}x{side}: {total} steps, built in {:.0} ms",
        clock.elapsed().as_secs_f64() * 1e3
    );
    // Then its recording in the background, as the page does.
    let clock = Instant::now();
    let mut timeline = Timeline::new(generator, &start, total, budget);
    timeline.finished_elsewhere(total);
    timeline.start_indexing(start);
    while timeline.index(1 << 20) {}
    println!("recorded in {:.0} ms", clock.elapsed().as_secs_f64() * 1e3);
    let (count, bytes) = timeline.checkpoint_bytes();
    println!(
        "{count} checkpoints, {} MB, spacing {}",
        bytes >> 20,
        timeline.spacing()
    );
    let mut worst = 0f64;
    let mut times = Vec::new();
    // Per mille: two in the first thousandths too, where origin shift
    // lays its first tree, a step a cell.
    let per_mille: Vec<u64> = match std::env::var("SEEKS") {
        Ok(list) => list
            .split(',')
            .map(|x| x.parse().expect("per mille"))
            .collect(),
        Err(_) => vec![
            500, 100, 990, 300, 0, 750, 490, 1000, 600, 10, 900, 250, 1, 2,
        ],
    };
    for i in per_mille {
        let target = total * i / 1000;
        let clock = Instant::now();
        timeline.seek(&mut scene, target);
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        worst = worst.max(ms);
        times.push(format!("{}%: {ms:.0}", i as f64 / 10.0));
    }
    println!("seeks (ms): {}; slowest {worst:.0} ms", times.join(", "));
}
