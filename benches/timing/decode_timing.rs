//! How long the page's check of a program's log takes, natively: a
//! built-in backtracker's events at 1000 x 1000 written as a program's log
//! (`program::pack`), then read by `program::Decoder` in the worker's
//! pieces, as the page reads them.
//!   cargo run --release --example decode_timing [SIDE]
use mazelab::event::Event;
use mazelab::generate::{Generator, Params};
use mazelab::program::{pack, Decoder, Op};
use mazelab::shape::{Shape, Topology};
use std::time::Instant;

fn main() {
    let side = std::env::args().nth(1).unwrap_or_else(|| "1000".into());
    let shape = Shape::parse("square", &format!("{side}x{side}"), None).expect("a size");
    let generator = Generator::by_name("backtracker", Params::on(shape.clone(), 1), true).unwrap();
    let start = generator.initial_grid();
    let mut log = Vec::new();
    for event in generator {
        log.push(match event {
            Event::Carve(a, b) => {
                let x = shape
                    .neighbors(a)
                    .as_slice()
                    .iter()
                    .position(|&n| n == b)
                    .unwrap();
                pack(Op::Carve, a, x as u32)
            }
            Event::Mark(c, m) => pack(Op::Mark, c, m as u32),
            Event::Cursor(c) => pack(Op::Cursor, c, 0),
            Event::Phase(k) => pack(Op::Phase, u32::from(k), 0),
            _ => continue,
        });
    }
    let mut times = Vec::new();
    for _ in 0..7 {
        let clock = Instant::now();
        let mut decoder = Decoder::new(start.clone());
        for piece in log.chunks(1 << 18) {
            decoder.feed(piece);
        }
        let decoded = decoder.finish();
        assert!(decoded.error.is_none());
        times.push(clock.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} events: decoded in {:.1} ms median ({:.1}-{:.1}), {:.1} ns an event",
        log.len(),
        times[3],
        times[0],
        times[6],
        times[3] * 1e6 / log.len() as f64
    );
}
