//! The square maze the tight loops write: a byte a cell (east and south
//! openings and a visited bit), and the checks and helpers they share.

use mazelab::rng::Rng;

pub const EAST: u8 = 1;
pub const SOUTH: u8 = 2;
pub const SEEN: u8 = 4;

/// A square maze as the loops keep it: a byte a cell.
pub struct Maze {
    pub n: u32,
    pub bits: Vec<u8>,
}

impl Maze {
    pub fn new(n: u32) -> Maze {
        Maze {
            n,
            bits: vec![0; (n * n) as usize],
        }
    }

    #[inline(always)]
    pub fn carve(&mut self, a: u32, b: u32) {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        self.bits[lo as usize] |= if hi == lo + self.n { SOUTH } else { EAST };
    }

    #[inline(always)]
    pub fn seen(&self, c: u32) -> bool {
        self.bits[c as usize] & SEEN != 0
    }

    #[inline(always)]
    pub fn see(&mut self, c: u32) {
        self.bits[c as usize] |= SEEN;
    }

    /// The up to four neighbours of `c`, into `out`; returns how many.
    #[inline(always)]
    pub fn neighbours(&self, c: u32, out: &mut [u32; 4]) -> usize {
        let (n, x, y) = (self.n, c % self.n, c / self.n);
        let mut k = 0;
        if y > 0 {
            out[k] = c - n;
            k += 1;
        }
        if x + 1 < n {
            out[k] = c + 1;
            k += 1;
        }
        if y + 1 < n {
            out[k] = c + n;
            k += 1;
        }
        if x > 0 {
            out[k] = c - 1;
            k += 1;
        }
        k
    }

    /// Unvisited neighbours only.
    #[inline(always)]
    pub fn fresh_neighbours(&self, c: u32, out: &mut [u32; 4]) -> usize {
        let mut all = [0; 4];
        let k = self.neighbours(c, &mut all);
        let mut m = 0;
        for &nb in &all[..k] {
            if !self.seen(nb) {
                out[m] = nb;
                m += 1;
            }
        }
        m
    }

    /// One step of a random walk to a uniformly random neighbour, the
    /// walker keeping its coordinates (no division a step).
    #[inline(always)]
    pub fn walk(&self, x: &mut u32, y: &mut u32, rng: &mut Rng) {
        loop {
            match rng.two_bits() {
                0 if *y > 0 => *y -= 1,
                1 if *x + 1 < self.n => *x += 1,
                2 if *y + 1 < self.n => *y += 1,
                3 if *x > 0 => *x -= 1,
                _ => continue,
            }
            return;
        }
    }

    /// The neighbours of `c` it has a passage to, into `out`; returns how
    /// many.
    #[inline(always)]
    pub fn open_neighbours(&self, c: u32, out: &mut [u32; 4]) -> usize {
        let (n, b) = (self.n, self.bits[c as usize]);
        let mut k = 0;
        if b & EAST != 0 {
            out[k] = c + 1;
            k += 1;
        }
        if b & SOUTH != 0 {
            out[k] = c + n;
            k += 1;
        }
        if c % n > 0 && self.bits[(c - 1) as usize] & EAST != 0 {
            out[k] = c - 1;
            k += 1;
        }
        if c >= n && self.bits[(c - n) as usize] & SOUTH != 0 {
            out[k] = c - n;
            k += 1;
        }
        k
    }

    /// Whether the walls make a perfect maze: cells - 1 passages, all
    /// cells reached from cell 0.
    pub fn is_perfect(&self) -> bool {
        let n = self.n;
        let open = |b: u8| u32::from(b & EAST != 0) + u32::from(b & SOUTH != 0);
        let passages: u32 = self.bits.iter().map(|&b| open(b)).sum();
        if passages != n * n - 1 {
            return false;
        }
        let mut reached = vec![false; (n * n) as usize];
        let mut stack = vec![0u32];
        reached[0] = true;
        let mut count = 1;
        let mut links = [0; 4];
        while let Some(c) = stack.pop() {
            let k = self.open_neighbours(c, &mut links);
            for &l in &links[..k] {
                if !reached[l as usize] {
                    reached[l as usize] = true;
                    count += 1;
                    stack.push(l);
                }
            }
        }
        count == n * n
    }
}

/// A union-find with path halving (no ranks: the textbook's shortest).
pub struct Sets(pub Vec<u32>);

impl Sets {
    /// Every one of `cells` cells in a set of its own.
    pub fn new(cells: usize) -> Sets {
        Sets((0..cells as u32).collect())
    }

    /// Joins the sets of `a` and `b`; false if they were one already.
    pub fn union(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        self.0[ra as usize] = rb;
        ra != rb
    }

    pub fn find(&mut self, mut x: u32) -> u32 {
        while self.0[x as usize] != x {
            let p = self.0[self.0[x as usize] as usize];
            self.0[x as usize] = p;
            x = p;
        }
        x
    }
}
