//! The random source's draws for a few seeds, written down in
//! `tests/fixtures/pcg32.json`: the browser's program harness
//! (`www/code/harness.js`) ports the generator, and its Node test holds the
//! port to these numbers. This test keeps the file true to the Rust side
//! (`MAZELAB_WRITE_FIXTURES=1 cargo test --test rng_fixture` rewrites it).

use mazelab::rng::Rng;

const SEEDS: [u64; 5] = [0, 1, 42, (1 << 40) + 7, u64::MAX];
const BOUNDS: [u32; 5] = [1, 3, 7, 1000, (1 << 31) + 1];

fn fixture() -> String {
    let mut cases = Vec::new();
    for seed in SEEDS {
        let mut rng = Rng::new(seed);
        let next: Vec<String> = (0..8).map(|_| rng.next_u32().to_string()).collect();
        let below: Vec<String> = BOUNDS
            .iter()
            .flat_map(|&n| (0..4).map(move |_| n))
            .map(|n| format!("[{n}, {}]", rng.below(n)))
            .collect();
        cases.push(format!(
            "  {{\"seed_hi\": {}, \"seed_lo\": {}, \"next_u32\": [{}], \"below\": [{}]}}",
            seed >> 32,
            seed & 0xffff_ffff,
            next.join(", "),
            below.join(", ")
        ));
    }
    format!("[\n{}\n]\n", cases.join(",\n"))
}

#[test]
fn the_written_draws_are_the_generators_own() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pcg32.json");
    if std::env::var_os("MAZELAB_WRITE_FIXTURES").is_some() {
        std::fs::write(path, fixture()).unwrap();
    }
    let written = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        written,
        fixture(),
        "tests/fixtures/pcg32.json is out of date"
    );
}
