//! Disjoint sets with path halving and union by rank: near-constant time per
//! operation, four bytes per element.
//!
//! Parent and rank share one array (a root stores its rank with the top bit
//! set), so a `find` on a cold cell costs one cache miss, not two: Kruskal on
//! a big grid is bound by exactly these misses.

const ROOT: u32 = 1 << 31;

/// A partition of `0..len` into sets; `len` must stay below 2^31.
#[derive(Clone, Debug)]
pub struct UnionFind {
    /// `ROOT | rank` for a root, else the parent's index.
    slot: Vec<u32>,
}

impl UnionFind {
    /// Every element in its own set.
    pub fn new(len: usize) -> UnionFind {
        UnionFind {
            slot: vec![ROOT; len],
        }
    }

    /// The sets of a `width` x `height` grid's cells (numbered row by row)
    /// joined to the cell `west(c)` names on their left and `north(c)`
    /// names above (a neighbour, or a cell beyond a tunnel), built in one
    /// scan: a cell joined only one way takes that cell's set as its
    /// parent, and only a cell joined both ways joins two sets. A
    /// picture's connected pieces come out faster than with a union for
    /// every passage. A cell hung under a root leaves that root's rank as
    /// it was, so ranks may be low: the sets are right, later finds at
    /// worst a step longer (path halving shortens them).
    pub fn of_grid(
        width: usize,
        height: usize,
        west: impl Fn(usize) -> Option<usize>,
        north: impl Fn(usize) -> Option<usize>,
    ) -> UnionFind {
        let mut sets = UnionFind::new(width * height);
        for y in 0..height {
            let row = y * width;
            for x in 0..width {
                let c = row + x;
                let west = if x > 0 { west(c) } else { None };
                let north = if y > 0 { north(c) } else { None };
                match (west, north) {
                    (None, None) => {}
                    (Some(w), None) => sets.slot[c] = sets.find(w as u32),
                    (None, Some(n)) => sets.slot[c] = sets.find(n as u32),
                    (Some(w), Some(n)) => {
                        let root = sets.find(w as u32);
                        sets.slot[c] = root;
                        sets.union(root, n as u32);
                    }
                }
            }
        }
        sets
    }

    /// The representative of `x`'s set.
    #[inline]
    pub fn find(&mut self, mut x: u32) -> u32 {
        loop {
            let parent = self.slot[x as usize];
            if parent & ROOT != 0 {
                return x;
            }
            let grandparent = self.slot[parent as usize];
            if grandparent & ROOT != 0 {
                return parent;
            }
            self.slot[x as usize] = grandparent;
            x = grandparent;
        }
    }

    /// Asks the cache for `x`'s slot without waiting for it.
    #[inline]
    pub fn prefetch(&self, x: u32) {
        prefetch(&self.slot[x as usize]);
    }

    /// Asks the cache for the slot of `x`'s parent, if `x` has one; waits for
    /// `x`'s own slot, so call it once that has been fetched.
    #[inline]
    pub fn prefetch_parent(&self, x: u32) {
        let parent = self.slot[x as usize];
        if parent & ROOT == 0 {
            prefetch(&self.slot[parent as usize]);
        }
    }

    /// Joins the sets of `a` and `b`; returns `false` if they were one already.
    #[inline]
    pub fn union(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        self.link(ra, rb);
        true
    }

    /// Joins the sets of `a` and `b` under the lower-numbered root; returns
    /// `false` if they were one already. Used alone (never with `union`),
    /// a set's root is always its lowest element, whatever order its
    /// members were joined in: sets rebuilt from a picture have the roots
    /// the original's had. Without union by rank a find may walk further,
    /// which path halving keeps short.
    #[inline]
    pub fn union_to_least(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (low, high) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.slot[high as usize] = low;
        true
    }

    /// Joins two different roots by rank and returns the new root; for
    /// callers that already hold both roots.
    #[inline]
    pub fn link(&mut self, ra: u32, rb: u32) -> u32 {
        debug_assert!(
            ra != rb && self.slot[ra as usize] & ROOT != 0 && self.slot[rb as usize] & ROOT != 0
        );
        let (ka, kb) = (self.slot[ra as usize], self.slot[rb as usize]);
        if ka < kb {
            self.slot[ra as usize] = rb;
            rb
        } else {
            self.slot[rb as usize] = ra;
            if ka == kb {
                self.slot[ra as usize] += 1;
            }
            ra
        }
    }

    /// The bytes it holds.
    pub fn heap_bytes(&self) -> usize {
        self.slot.len() * std::mem::size_of::<u32>()
    }

    /// Puts `0..len` back into singleton sets without reallocating.
    pub fn reset(&mut self, len: usize) {
        self.slot.clear();
        self.slot.resize(len, ROOT);
    }
}

/// A software prefetch where the target has one (x86-64); elsewhere nothing,
/// which only costs speed.
#[inline]
fn prefetch(slot: &u32) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: prefetching is a hint; any address is allowed, and this
        // one is a live reference.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(slot).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_merge_sets_and_report_redundant_joins() {
        let mut sets = UnionFind::new(5);
        assert!(sets.union(0, 1));
        assert!(sets.union(3, 4));
        assert!(!sets.union(1, 0));
        assert_eq!(sets.find(0), sets.find(1));
        assert_ne!(sets.find(1), sets.find(3));
        assert!(sets.union(1, 4));
        assert_eq!(sets.find(0), sets.find(3));
        assert_ne!(sets.find(2), sets.find(0));
    }

    #[test]
    fn joined_to_the_least_a_sets_root_is_its_lowest_element() {
        let mut sets = UnionFind::new(8);
        for (a, b) in [(7, 6), (6, 3), (5, 7), (1, 2), (2, 5)] {
            assert!(sets.union_to_least(a, b));
        }
        assert!(!sets.union_to_least(3, 1));
        for x in [1, 2, 3, 5, 6, 7] {
            assert_eq!(sets.find(x), 1);
        }
        assert_eq!(sets.find(0), 0);
        assert_eq!(sets.find(4), 4);
    }
}
