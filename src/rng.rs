//! A portable seeded random generator: PCG32 (O'Neill's XSH-RR variant).
//!
//! rand's `SmallRng` is a different generator on 64-bit hosts and on wasm32,
//! so one seed would give two mazes. PCG32 is a few lines of integer
//! arithmetic that behave identically everywhere, which is what makes a seed
//! mean the same maze in the CLI, the browser and a shared link.

/// PCG32 with a 64-bit state and a fixed odd increment.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    inc: u64,
    /// Unused random bits for `coin`, and how many are left.
    bits: u32,
    bits_left: u32,
}

const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
/// The stream every mazelab generator uses; any odd constant would do.
const MAZELAB_STREAM: u64 = 0x6d61_7a65_6c61_6221;

impl Rng {
    /// The generator every algorithm draws from for a given seed.
    pub fn new(seed: u64) -> Rng {
        Rng::with_stream(seed, MAZELAB_STREAM)
    }

    /// Seeds exactly as the reference `pcg32_srandom_r(initstate, initseq)`.
    pub fn with_stream(initstate: u64, initseq: u64) -> Rng {
        let mut rng = Rng {
            state: 0,
            inc: (initseq << 1) | 1,
            bits: 0,
            bits_left: 0,
        };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(initstate);
        rng.next_u32();
        rng
    }

    /// The next 32 uniformly distributed bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// The next 64 uniformly distributed bits (two draws).
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

    /// A uniformly chosen element of a non-empty slice.
    #[inline]
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u32) as usize]
    }
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
