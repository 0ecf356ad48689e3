use mazelab::generate::{Generator, Params};
fn main() {
    let name = std::env::args().nth(1).unwrap();
    let visuals = std::env::args().nth(2).is_none();
    let dims = mazelab::grid::Dims::new(2000, 2000).unwrap();
    let mut total = 0u64;
    for seed in 0..5 {
        let mut g = Generator::by_name(&name, Params::new(dims, seed), visuals).unwrap();
        loop {
            let c = g.next_chunk(256);
            if c.is_empty() {
                break;
            }
            total += c.len() as u64;
        }
    }
    println!("{total}");
}
