//! How long painting a finished maze takes, natively, by zoom: the part of
//! an instant finish that is not generation.
//!   cargo run --release --example paint_timing
use mazelab::generate::{self, Params};
use mazelab::grid::Dims;
use mazelab::render::layout::Layout;
use mazelab::render::pixels::{Pixels, Scene};
use std::time::Instant;

fn main() {
    for (side, canvas) in [
        (1000, (940, 740)),
        (4096, (940, 740)),
        (100, (940, 740)),
        (40, (1880, 1480)),
    ] {
        let dims = Dims::new(side, side).unwrap();
        let grid = generate::generate("backtracker", Params::new(dims, 1)).unwrap();
        let mut scene = Scene::new(grid, false);
        scene.done = true;
        let layout = Layout::fit(dims, canvas.0, canvas.1);
        let mut pixels = Pixels::new(layout);
        let best = (0..20)
            .map(|_| {
                let started = Instant::now();
                pixels.paint_all(&scene);
                started.elapsed().as_secs_f64() * 1000.0
            })
            .fold(f64::INFINITY, f64::min);
        println!(
            "{side}x{side} in {}x{} (pitch {:.2}): paint_all {best:.2} ms",
            canvas.0, canvas.1, layout.pitch
        );
    }
}
