//! Disjoint sets with path halving and union by rank: near-constant time per
//! operation, five bytes per element.

/// A partition of `0..len` into sets.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<u32>,
    rank: Vec<u8>,
}

impl UnionFind {
    /// Every element in its own set.
    pub fn new(len: usize) -> UnionFind {
        UnionFind {
            parent: (0..len as u32).collect(),
            rank: vec![0; len],
        }
    }

    /// The representative of `x`'s set.
    #[inline]
    pub fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let grandparent = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = grandparent;
            x = grandparent;
        }
        x
    }

    /// Joins the sets of `a` and `b`; returns `false` if they were one already.
    #[inline]
    pub fn union(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (ka, kb) = (self.rank[ra as usize], self.rank[rb as usize]);
        if ka < kb {
            self.parent[ra as usize] = rb;
        } else {
            self.parent[rb as usize] = ra;
            if ka == kb {
                self.rank[ra as usize] += 1;
            }
        }
        true
    }

    /// Puts `0..len` back into singleton sets without reallocating.
    pub fn reset(&mut self, len: usize) {
        self.parent.clear();
        self.parent.extend(0..len as u32);
        self.rank.clear();
        self.rank.resize(len, 0);
    }
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
}
