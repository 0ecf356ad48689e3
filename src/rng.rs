//! The core's random source: rand_pcg's `Pcg32` (O'Neill's PCG32, XSH-RR),
//! seeded exactly as the reference `pcg32_srandom_r`, behind a thin wrapper.
//!
//! rand's `SmallRng` is a different generator on 64-bit hosts and on wasm32,
//! so one seed would give two mazes; PCG32 is integer arithmetic that behaves
//! identically everywhere, which makes a seed mean the same maze in the CLI,
//! the browser and a shared link. The wrapper keeps three draws of its own,
//! because rand's helpers would change existing seeds' mazes or cost more:
//! - `below` is Lemire's exact method. rand 0.10's `random_range` takes the
//!   same high word but handles the rare biased case differently (a second
//!   draw instead of a rejection), so some mazes would change.
//! - `coin` and `two_bits` spend one or two bits of a buffered draw instead
//!   of a whole `u32` per flip (`cargo bench --bench rng` measures both).
//!
//! [`Rng`] implements rand's `Rng` trait, so any rand API takes it as is.
//! Fresh seeds come from the platform: see [`fresh_seed`].

use rand_pcg::Pcg32;

/// PCG32 with buffered bits for coins and directions.
#[derive(Clone, Debug)]
pub struct Rng {
    pcg: Pcg32,
    /// Unused random bits for `coin`, and how many are left.
    bits: u32,
    bits_left: u32,
}

/// The stream every mazelab generator uses; any odd constant would do.
const MAZELAB_STREAM: u64 = 0x6d61_7a65_6c61_6221;

impl Rng {
    /// The generator every algorithm draws from for a given seed.
    pub fn new(seed: u64) -> Rng {
        Rng::with_stream(seed, MAZELAB_STREAM)
    }

    /// Seeds exactly as the reference `pcg32_srandom_r(initstate, initseq)`,
    /// which is what `Pcg32::new(state, stream)` does.
    pub fn with_stream(initstate: u64, initseq: u64) -> Rng {
        Rng {
            pcg: Pcg32::new(initstate, initseq),
            bits: 0,
            bits_left: 0,
        }
    }

    /// The next 32 uniformly distributed bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        rand::Rng::next_u32(&mut self.pcg)
    }

    /// The next 64 uniformly distributed bits: two draws, the first one high.
    pub fn next_u64(&mut self) -> u64 {
        (u64::from(self.next_u32()) << 32) | u64::from(self.next_u32())
    }

    /// A uniform integer in `0..n`, without modulo bias (Lemire's method).
    /// `n` must be at least 1.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "below(0) has no valid answer");
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// A fair coin: one bit of a draw, so 32 flips cost one draw.
    #[inline]
    pub fn coin(&mut self) -> bool {
        if self.bits_left == 0 {
            self.bits = self.next_u32();
            self.bits_left = 32;
        }
        let bit = self.bits & 1 != 0;
        self.bits >>= 1;
        self.bits_left -= 1;
        bit
    }

    /// Flips coins until the first head, at most `max` flips: how many
    /// tails came first and whether a head ended them. The same draws and
    /// results as that many `coin()` calls, a buffered word at a time (a
    /// run of tails is a run of zero bits), so a loop over runs need not
    /// branch on every flip.
    #[inline]
    pub fn tails_before_head(&mut self, max: u32) -> (u32, bool) {
        let mut tails = 0;
        while tails < max {
            if self.bits_left == 0 {
                self.bits = self.next_u32();
                self.bits_left = 32;
            }
            let n = (max - tails).min(self.bits_left);
            let window = if n == 32 {
                self.bits
            } else {
                self.bits & ((1 << n) - 1)
            };
            if window != 0 {
                let t = window.trailing_zeros();
                self.spend_bits(t + 1);
                return (tails + t, true);
            }
            self.spend_bits(n);
            tails += n;
        }
        (tails, false)
    }

    #[inline]
    fn spend_bits(&mut self, k: u32) {
        self.bits = self.bits.checked_shr(k).unwrap_or(0);
        self.bits_left -= k;
    }

    /// A uniform value in `0..4` from two buffered bits: a random direction.
    #[inline]
    pub fn two_bits(&mut self) -> u32 {
        if self.bits_left < 2 {
            self.bits = self.next_u32();
            self.bits_left = 32;
        }
        let value = self.bits & 3;
        self.bits >>= 2;
        self.bits_left -= 2;
        value
    }

    /// A uniform value in `0..8` from three buffered bits: a hexagon's side
    /// by rejecting 6 and 7, cheaper than a multiply per draw.
    #[inline]
    pub fn three_bits(&mut self) -> u32 {
        if self.bits_left < 3 {
            self.bits = self.next_u32();
            self.bits_left = 32;
        }
        let value = self.bits & 7;
        self.bits >>= 3;
        self.bits_left -= 3;
        value
    }

    /// A uniformly chosen element of a non-empty slice.
    #[inline]
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u32) as usize]
    }
}

/// rand's infallible generator trait, so rand's distributions and helpers
/// accept mazelab's generator (the lab and the tests use them).
impl rand::TryRng for Rng {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        rand::Rng::fill_bytes(&mut self.pcg, dst);
        Ok(())
    }
}

/// A seed nobody chose: 64 bits from the platform's random source (the OS
/// natively, `crypto.getRandomValues` in the browser, through getrandom).
/// Should the platform refuse, a fallback (the clock natively, a counter in
/// wasm, where there is no clock without JavaScript) is mixed through PCG,
/// so a "new maze" button never fails.
pub fn fresh_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| Rng::new(fallback_entropy()).next_u64())
}

#[cfg(not(target_arch = "wasm32"))]
fn fallback_entropy() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32)
}

#[cfg(target_arch = "wasm32")]
fn fallback_entropy() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0x9e37_79b9_7f4a_7c15);
    CALLS.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_pcg32_reference_output() {
        // The first outputs of pcg32-demo for initstate 42, initseq 54.
        let mut rng = Rng::with_stream(42, 54);
        let got: Vec<u32> = (0..6).map(|_| rng.next_u32()).collect();
        assert_eq!(
            got,
            [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]
        );
    }

    #[test]
    fn fresh_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..8).map(|_| fresh_seed()).collect();
        assert_eq!(seeds.len(), 8, "eight fresh seeds, eight values");
    }

    #[test]
    fn rand_apis_accept_the_generator_and_draw_the_same_words() {
        use rand::RngExt as _;
        let mut ours = Rng::new(9);
        let mut again = Rng::new(9);
        assert_eq!(rand::Rng::next_u32(&mut ours), again.next_u32());
        let roll: u8 = ours.random_range(1..=6);
        assert!((1..=6).contains(&roll));
    }

    #[test]
    fn tails_before_head_flips_as_coins_do() {
        for seed in 0..40 {
            let (mut one, mut runs) = (Rng::new(seed), Rng::new(seed));
            // Interleaved with other draws, as sidewinder's runs are.
            for round in 0..400u32 {
                let max = round * 7 % 70;
                let mut tails = 0;
                let mut head = false;
                while tails < max {
                    if one.coin() {
                        head = true;
                        break;
                    }
                    tails += 1;
                }
                assert_eq!(
                    runs.tails_before_head(max),
                    (tails, head),
                    "seed {seed} round {round}"
                );
                assert_eq!(one.below(round + 1), runs.below(round + 1));
            }
        }
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            let v = rng.below(5);
            assert!(v < 5);
            seen[v as usize] += 1;
        }
        assert!(seen.iter().all(|&count| count > 150), "{seen:?}");
    }
}
