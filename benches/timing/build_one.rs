//! Builds one generator's whole maze in instant mode, as `generate` does:
//! `build_one NAME SIDE REPEATS` (NAME may be `growing-tree/POP`). For
//! profiling the instant build (the events applied to a grid), which `prof`
//! (events only) leaves out.
fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().expect("usage: build_one NAME SIDE REPEATS");
    let side: u32 = args.next().map_or(1000, |s| s.parse().expect("SIDE"));
    let repeats: u64 = args.next().map_or(20, |s| s.parse().expect("REPEATS"));
    let dims = mazelab::shape::Dims::new(side, side).expect("a valid size");
    let started = std::time::Instant::now();
    let mut openings = 0;
    for seed in 0..repeats {
        let (algorithm, pop) = name.split_once('/').unwrap_or((&name, "newest"));
        let params = mazelab::generate::Params {
            pop: mazelab::generate::PopSpec::parse(pop).expect("a valid pop"),
            ..mazelab::generate::Params::new(dims, seed)
        };
        let grid = mazelab::generate::generate(algorithm, params).expect("a known algorithm");
        openings += grid.openings();
    }
    let ns = started.elapsed().as_nanos() as f64 / (repeats as f64 * f64::from(dims.cells()));
    println!("{name} {side}x{side}: {ns:.1} ns/cell ({openings} openings)");
}
