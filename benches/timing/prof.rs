//! Drains one generator's full event stream: `prof NAME SIDE REPEATS`
//! (SIDE may be `polar:RINGS`, `hex:SIDE` or `triangle:SIDE`, or any
//! shape with its size: `4d:32x32x32x32`, `cube:408`, `upsilon:1000x1000`).
//! For profilers and instruction counters (`perf stat -e instructions`).
use mazelab::generate::{Generator, Params};
fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().expect("usage: prof NAME SIDE REPEATS");
    let side_text = args.next().unwrap_or_else(|| "2000".to_string());
    let repeats: u64 = args
        .next()
        .map_or(1, |s| s.parse().expect("REPEATS is a number"));
    let shape = match side_text.split_once(':') {
        Some(("polar", rings)) => mazelab::shape::Shape::parse("polar", rings, None),
        Some((kind, size)) if size.contains('x') || kind == "cube" => {
            mazelab::shape::Shape::parse(kind, size, None)
        }
        Some((kind, side)) => mazelab::shape::Shape::parse(kind, &format!("{side}x{side}"), None),
        None => mazelab::shape::Shape::parse("square", &format!("{side_text}x{side_text}"), None),
    }
    .expect("a valid size");
    let mut events = 0u64;
    for seed in 0..repeats {
        let mut g = Generator::by_name(&name, Params::on(shape.clone(), seed), true)
            .expect("a known algorithm");
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
