use mazelab::generate::{Generator, Params};
use mazelab::render::pixels::{Pixels, Scene};
use std::time::Instant;
fn main() {
    let name = std::env::args().nth(1).unwrap();
    let side: u32 = std::env::args().nth(2).map_or(2000, |s| s.parse().unwrap());
    let dims = mazelab::grid::Dims::new(side, side).unwrap();
    let t = Instant::now();
    let mut g = Generator::by_name(&name, Params::new(dims, 1), false).unwrap();
    let mut scene = Scene::new(g.initial_grid(), false);
    g.finish_into(&mut scene.grid);
    scene.done = true;
    let t1 = t.elapsed();
    let mut px = Pixels::new(dims, 1);
    let t2 = Instant::now();
    px.paint_all(&scene);
    let t3 = t2.elapsed();
    let ends = mazelab::entrance::norvig(dims);
    let t4 = Instant::now();
    let m = mazelab::analyze::metrics(&scene.grid, &ends);
    println!(
        "generate {t1:?} paint_all {t3:?} metrics {:?} {}",
        t4.elapsed(),
        m.cells
    );
}
