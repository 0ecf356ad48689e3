//! What a random memory access costs on this machine, by table size:
//! `cargo run --release --example memory`.
//!
//! Kruskal's union-find reads the sets of two random cells per wall, so its
//! time per cell on a big grid is bound by these figures: "dependent" is one
//! access waiting for the previous (a `find` chasing parents), "independent"
//! is accesses whose addresses are known ahead (walls fetched ahead), which
//! the memory system overlaps. A table of four-byte sets is 16 MB at 2000².
use std::hint::black_box;
use std::time::Instant;

/// A small xorshift: this measures memory, not random number quality.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn main() {
    const STEPS: u32 = 4_000_000;
    println!("table     dependent  independent  (ns per access)");
    for megabytes in [0.25, 1.0, 4.0, 16.0, 64.0] {
        let len = (megabytes * 1024.0 * 1024.0 / 4.0) as usize;
        // One random cycle through the whole table (Sattolo's shuffle), so a
        // chase visits every slot before repeating.
        let mut order: Vec<u32> = (0..len as u32).collect();
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for i in (1..len).rev() {
            let j = (xorshift(&mut state) % i as u64) as usize;
            order.swap(i, j);
        }
        let mut next = vec![0u32; len];
        for i in 0..len {
            next[order[i] as usize] = order[(i + 1) % len];
        }
        drop(order);

        let start = Instant::now();
        let mut at = 0u32;
        for _ in 0..STEPS {
            at = next[at as usize];
        }
        let dependent = start.elapsed().as_nanos() as f64 / f64::from(STEPS);
        black_box(at);

        let start = Instant::now();
        let mut sum = 0u32;
        for _ in 0..STEPS {
            let i = (((xorshift(&mut state) >> 32) * len as u64) >> 32) as usize;
            sum = sum.wrapping_add(next[i]);
        }
        let independent = start.elapsed().as_nanos() as f64 / f64::from(STEPS);
        black_box(sum);
        println!("{megabytes:>5} MB {dependent:>10.1} {independent:>12.1}");
    }
}
