use mazelab::generate::{Generator, Params};
fn main() {
    let name = std::env::args().nth(1).unwrap();
    let visuals = std::env::args().nth(2).is_none();
    let dims = mazelab::grid::Dims::new(2000, 2000).unwrap();
    let mut g = Generator::by_name(&name, Params::new(dims, 1), visuals).unwrap();
    let mut n = 0u64;
    loop {
        let c = g.next_chunk(256);
        if c.is_empty() {
            break;
        }
        n += c.len() as u64;
    }
    println!("{n} events, {:.2}/cell", n as f64 / 4e6);
}
