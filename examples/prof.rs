//! Drains one generator's full event stream: `prof NAME SIDE REPEATS`.
//! For profilers and instruction counters (`perf stat -e instructions`).
use mazelab::generate::{Generator, Params};
fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().expect("usage: prof NAME SIDE REPEATS");
    let side: u32 = args
        .next()
        .map_or(2000, |s| s.parse().expect("SIDE is a number"));
    let repeats: u64 = args
        .next()
        .map_or(1, |s| s.parse().expect("REPEATS is a number"));
    let dims = mazelab::grid::Dims::new(side, side).expect("a valid size");
    let mut events = 0u64;
    for seed in 0..repeats {
        let mut g =
            Generator::by_name(&name, Params::new(dims, seed), true).expect("a known algorithm");
        loop {
            let chunk = g.next_chunk(256);
            if chunk.is_empty() {
                break;
            }
            events += chunk.len() as u64;
        }
    }
    println!("{events}");
}
