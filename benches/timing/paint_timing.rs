//! How long painting a finished maze takes, natively, by zoom: the part of
//! an instant finish that is not generation.
//!   cargo run --release --example paint_timing
use mazelab::generate::{self, Params};
use mazelab::render::canvas::layout::Layout;
use mazelab::render::canvas::pixels::Pixels;
use mazelab::render::canvas::scene::Scene;
use mazelab::shape::Dims;
use std::time::Instant;

fn main() {
    shapes();
    for (side, canvas) in [
        (1000, (940, 740)),
        (4096, (940, 740)),
        (100, (940, 740)),
        (40, (1880, 1480)),
    ] {
        let dims = Dims::new(side, side).unwrap();
        let grid = generate::generate("backtracker", Params::new(dims, 1)).unwrap();
        let mut scene = Scene::new(grid, false);
        scene.set_done(true);
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

/// Other shapes: building the pixel map (once per zoom) and painting it.
fn shapes() {
    use mazelab::render::canvas::tiles::TileMap;
    use mazelab::shape::Shape;
    use std::sync::Arc;
    for (name, size, canvas) in [
        ("hex", "1000x1000", (940, 740)),
        ("polar", "500", (940, 740)),
        ("hex", "30x20", (1880, 1480)),
        ("polar", "15", (1880, 1480)),
        ("triangle", "60x30", (1880, 1480)),
    ] {
        let shape = Shape::parse(name, size, None).unwrap();
        let started = Instant::now();
        let grid = generate::generate("growing-tree", Params::on(shape.clone(), 1)).unwrap();
        let generated = started.elapsed().as_secs_f64() * 1000.0;
        let mut scene = Scene::new(grid, false);
        scene.set_done(true);
        let layout = Layout::for_shape(&shape, canvas.0, canvas.1);
        let started = Instant::now();
        let map = Arc::new(TileMap::new(&shape, layout));
        let mapped = started.elapsed().as_secs_f64() * 1000.0;
        let mut pixels = Pixels::new(layout);
        pixels.set_map(Some(map));
        let started = Instant::now();
        pixels.paint_all(&scene);
        let painted = started.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{name} {size} in {}x{} (pitch {:.2}): generate {generated:.1} ms, map {mapped:.1} ms, paint_all {painted:.1} ms",
            canvas.0, canvas.1, layout.pitch
        );
    }
}
