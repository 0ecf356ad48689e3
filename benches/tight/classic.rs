//! Tight loops for the classic generators: the textbook form of each, on
//! the byte-a-cell square of `maze.rs`.

use super::maze::{Maze, Sets, EAST, SEEN, SOUTH};
use mazelab::rng::Rng;
use std::collections::{BinaryHeap, VecDeque};

pub fn backtracker(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let mut stack = vec![0u32];
    m.see(0);
    let mut fresh = [0; 4];
    while let Some(&c) = stack.last() {
        let k = m.fresh_neighbours(c, &mut fresh);
        if k == 0 {
            stack.pop();
            continue;
        }
        let next = fresh[rng.below(k as u32) as usize];
        m.carve(c, next);
        m.see(next);
        stack.push(next);
    }
    m
}

/// Which frontier cell the growing tree takes.
#[derive(Clone, Copy, PartialEq)]
pub enum Take {
    Oldest,
    Middle,
    Random,
}

/// A list whose middle pops in O(1): `left ++ right`, with `right` as long
/// as `left` or one longer, so the middle is `right`'s front.
#[derive(Default)]
struct Halves {
    left: VecDeque<u32>,
    right: VecDeque<u32>,
}

impl Halves {
    fn push(&mut self, c: u32) {
        self.right.push_back(c);
        if self.right.len() > self.left.len() + 1 {
            let moved = self.right.pop_front().expect("right is longer");
            self.left.push_back(moved);
        }
    }

    fn pop_middle(&mut self) -> Option<u32> {
        let c = self.right.pop_front()?;
        if self.right.len() < self.left.len() {
            let moved = self.left.pop_back().expect("left is longer");
            self.right.push_front(moved);
        }
        Some(c)
    }
}

/// Norvig's growing tree: pop a frontier cell; if it has an unvisited
/// neighbour, link it and push both back (the popped cell first).
pub fn growing_tree(n: u32, seed: u64, take: Take) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let root = rng.below(n * n);
    m.see(root);
    let (mut queue, mut list, mut halves) = (VecDeque::new(), Vec::new(), Halves::default());
    match take {
        Take::Oldest => queue.push_back(root),
        Take::Random => list.push(root),
        Take::Middle => halves.push(root),
    }
    let mut remaining = n * n - 1;
    let mut fresh = [0; 4];
    while remaining > 0 {
        let c = match take {
            Take::Oldest => queue.pop_front(),
            Take::Random => {
                let i = rng.below(list.len() as u32) as usize;
                Some(list.swap_remove(i))
            }
            Take::Middle => halves.pop_middle(),
        }
        .expect("the frontier holds a cell while cells remain");
        let k = m.fresh_neighbours(c, &mut fresh);
        if k == 0 {
            continue;
        }
        let next = fresh[rng.below(k as u32) as usize];
        m.carve(c, next);
        m.see(next);
        remaining -= 1;
        for cell in [c, next] {
            match take {
                Take::Oldest => queue.push_back(cell),
                Take::Random => list.push(cell),
                Take::Middle => halves.push(cell),
            }
        }
    }
    m
}

pub fn prim(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    const QUEUED: u8 = 8;
    let mut frontier = Vec::new();
    let mut all = [0; 4];
    let mut add = |m: &mut Maze, c: u32, frontier: &mut Vec<u32>| {
        m.see(c);
        let k = m.neighbours(c, &mut all);
        for &nb in &all[..k] {
            if m.bits[nb as usize] & (SEEN | QUEUED) == 0 {
                m.bits[nb as usize] |= QUEUED;
                frontier.push(nb);
            }
        }
    };
    add(&mut m, 0, &mut frontier);
    let mut inside = [0; 4];
    while !frontier.is_empty() {
        let i = rng.below(frontier.len() as u32) as usize;
        let c = frontier.swap_remove(i);
        let k = m.neighbours(c, &mut inside);
        let mut seen = [0; 4];
        let mut s = 0;
        for &nb in &inside[..k] {
            if m.seen(nb) {
                seen[s] = nb;
                s += 1;
            }
        }
        m.carve(c, seen[rng.below(s as u32) as usize]);
        add(&mut m, c, &mut frontier);
    }
    m
}

/// True Prim: random wall weights, the lightest frontier wall first (a
/// binary heap of the walls leaving the tree).
pub fn true_prim(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let mut heap = BinaryHeap::new();
    let mut all = [0; 4];
    let mut enter =
        |m: &mut Maze, c: u32, heap: &mut BinaryHeap<(u32, u32, u32)>, rng: &mut Rng| {
            m.see(c);
            let k = m.neighbours(c, &mut all);
            for &nb in &all[..k] {
                if !m.seen(nb) {
                    heap.push((rng.next_u32(), c, nb));
                }
            }
        };
    enter(&mut m, 0, &mut heap, &mut rng);
    while let Some((_, from, to)) = heap.pop() {
        if !m.seen(to) {
            m.carve(from, to);
            enter(&mut m, to, &mut heap, &mut rng);
        }
    }
    m
}

pub fn kruskal(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    // Wall codes: cell * 2 (east) and cell * 2 + 1 (south).
    let mut walls: Vec<u32> = (0..n * n)
        .flat_map(|c| [c * 2, c * 2 + 1])
        .filter(|&w| {
            let c = w / 2;
            if w & 1 == 0 {
                c % n + 1 < n
            } else {
                c / n + 1 < n
            }
        })
        .collect();
    let mut sets = Sets::new((n * n) as usize);
    let mut joined = 0;
    let mut i = 0;
    while joined + 1 < n * n {
        let j = i + rng.below((walls.len() - i) as u32) as usize;
        walls.swap(i, j);
        let w = walls[i];
        i += 1;
        let a = w / 2;
        let b = if w & 1 == 0 { a + 1 } else { a + n };
        let (ra, rb) = (sets.find(a), sets.find(b));
        if ra != rb {
            sets.0[ra as usize] = rb;
            m.carve(a, b);
            joined += 1;
        }
    }
    m
}

/// Aldous-Broder's walk from cell 0 until `target` cells are in the maze,
/// carving into every cell it enters first.
fn walk_in(m: &mut Maze, rng: &mut Rng, target: u32) {
    let n = m.n;
    let (mut x, mut y) = (0, 0);
    m.see(0);
    let mut inside = 1;
    while inside < target {
        let c = y * n + x;
        m.walk(&mut x, &mut y, rng);
        let next = y * n + x;
        if !m.seen(next) {
            m.carve(c, next);
            m.see(next);
            inside += 1;
        }
    }
}

pub fn aldous_broder(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    walk_in(&mut m, &mut rng, n * n);
    m
}

/// Wilson's loop-erased walks, each cell remembering its last exit.
fn wilson_from(m: &mut Maze, rng: &mut Rng, order: impl Iterator<Item = u32>) {
    let n = m.n;
    let mut exit = vec![0u32; m.bits.len()];
    for start in order {
        if m.seen(start) {
            continue;
        }
        let (mut x, mut y) = (start % n, start / n);
        let mut c = start;
        while !m.seen(c) {
            m.walk(&mut x, &mut y, rng);
            let next = y * n + x;
            exit[c as usize] = next;
            c = next;
        }
        let mut c = start;
        while !m.seen(c) {
            let next = exit[c as usize];
            m.carve(c, next);
            m.see(c);
            c = next;
        }
    }
}

pub fn wilson(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    m.see(0);
    wilson_from(&mut m, &mut rng, 0..n * n);
    m
}

/// Aldous-Broder until a third of the cells are in, then Wilson.
pub fn houston(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    walk_in(&mut m, &mut rng, (n * n).div_ceil(3));
    wilson_from(&mut m, &mut rng, 0..n * n);
    m
}

pub fn hunt_and_kill(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let mut c = 0;
    m.see(0);
    let (mut fresh, mut all) = ([0; 4], [0; 4]);
    // Rows before this one have no unvisited cell left.
    let mut done_rows = 0;
    loop {
        let k = m.fresh_neighbours(c, &mut fresh);
        if k > 0 {
            let next = fresh[rng.below(k as u32) as usize];
            m.carve(c, next);
            m.see(next);
            c = next;
            continue;
        }
        let mut found = None;
        let first_row = done_rows;
        'hunt: for row in first_row..n {
            let mut full = true;
            for cell in row * n..(row + 1) * n {
                if m.seen(cell) {
                    continue;
                }
                full = false;
                let k = m.neighbours(cell, &mut all);
                let mut s = 0;
                for &nb in &all[..k] {
                    if m.seen(nb) {
                        fresh[s] = nb;
                        s += 1;
                    }
                }
                if s > 0 {
                    found = Some((cell, fresh[rng.below(s as u32) as usize]));
                    break 'hunt;
                }
            }
            if full && row == done_rows {
                done_rows += 1;
            }
        }
        let Some((cell, into)) = found else {
            break;
        };
        m.carve(cell, into);
        m.see(cell);
        c = cell;
    }
    m
}

pub fn binary_tree(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    for c in 0..n * n {
        let (x, y) = (c % n, c / n);
        match (x > 0, y > 0) {
            (true, true) => {
                if rng.coin() {
                    m.carve(c, c - 1);
                } else {
                    m.carve(c, c - n);
                }
            }
            (true, false) => m.carve(c, c - 1),
            (false, true) => m.carve(c, c - n),
            (false, false) => {}
        }
    }
    m
}

pub fn sidewinder(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    for x in 0..n - 1 {
        m.bits[x as usize] |= EAST;
    }
    for y in 1..n {
        let row = y * n;
        let mut run = 0;
        for x in 0..n {
            if x + 1 == n || rng.coin() {
                let chosen = run + rng.below(x - run + 1);
                m.bits[(row - n + chosen) as usize] |= SOUTH;
                run = x + 1;
            } else {
                m.bits[(row + x) as usize] |= EAST;
            }
        }
    }
    m
}

/// Eller's, a row at a time: each row's sets are labels below `2n`, joined
/// with a small union-find over the labels, grouped by counting.
pub fn eller(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let w = n as usize;
    let mut label: Vec<u32> = (0..n).collect();
    let mut parent: Vec<u32> = (0..2 * n).collect();
    let mut start = vec![0u32; 2 * w + 1];
    let mut order = vec![0u32; w];
    let mut renumber = vec![u32::MAX; 2 * w];
    let mut fill = vec![0u32; 2 * w + 1];
    let mut down = vec![false; w];
    fn root(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let p = parent[parent[x as usize] as usize];
            parent[x as usize] = p;
            x = p;
        }
        x
    }
    for y in 0..n {
        let row = (y * n) as usize;
        let last = y + 1 == n;
        for x in 0..w - 1 {
            let (a, b) = (root(&mut parent, label[x]), root(&mut parent, label[x + 1]));
            if a != b && (last || rng.coin()) {
                parent[b as usize] = a;
                m.bits[row + x] |= EAST;
            }
        }
        if last {
            break;
        }
        for l in label.iter_mut() {
            *l = root(&mut parent, *l);
        }
        // Group the row's cells by set (counting sort on the label).
        start.iter_mut().for_each(|s| *s = 0);
        for &l in &label {
            start[l as usize + 1] += 1;
        }
        for i in 0..2 * w {
            start[i + 1] += start[i];
        }
        fill.copy_from_slice(&start);
        for (x, &l) in label.iter().enumerate() {
            let l = l as usize;
            order[fill[l] as usize] = x as u32;
            fill[l] += 1;
        }
        // At least one cell of each set goes down; the others at random.
        let mut next = n;
        renumber.iter_mut().for_each(|r| *r = u32::MAX);
        down.iter_mut().for_each(|d| *d = false);
        for l in 0..2 * w {
            let group = &order[start[l] as usize..start[l + 1] as usize];
            if group.is_empty() {
                continue;
            }
            let forced = group[rng.below(group.len() as u32) as usize];
            for &x in group {
                if x == forced || rng.coin() {
                    m.bits[row + x as usize] |= SOUTH;
                    down[x as usize] = true;
                }
            }
        }
        // The next row: cells below keep their set (renumbered below n),
        // the others start sets of their own.
        for (x, label) in label.iter_mut().enumerate() {
            *label = if down[x] {
                let l = *label as usize;
                if renumber[l] == u32::MAX {
                    renumber[l] = x as u32;
                }
                renumber[l]
            } else {
                next += 1;
                next - 1
            };
        }
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u32;
        }
    }
    m
}

pub fn recursive_division(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    for y in 0..n {
        for x in 0..n {
            let c = (y * n + x) as usize;
            m.bits[c] = if x + 1 < n { EAST } else { 0 } | if y + 1 < n { SOUTH } else { 0 };
        }
    }
    let mut stack = vec![(0u32, 0u32, n, n)];
    while let Some((x, y, w, h)) = stack.pop() {
        if w < 2 || h < 2 {
            continue;
        }
        if h > w || (h == w && rng.coin()) {
            let split = y + 1 + rng.below(h - 1);
            let gap = x + rng.below(w);
            for cx in x..x + w {
                if cx != gap {
                    m.bits[((split - 1) * n + cx) as usize] &= !SOUTH;
                }
            }
            stack.push((x, y, w, split - y));
            stack.push((x, split, w, y + h - split));
        } else {
            let split = x + 1 + rng.below(w - 1);
            let gap = y + rng.below(h);
            for cy in y..y + h {
                if cy != gap {
                    m.bits[(cy * n + split - 1) as usize] &= !EAST;
                }
            }
            stack.push((x, y, split - x, h));
            stack.push((split, y, x + w - split, h));
        }
    }
    m
}

/// Origin shift: every cell points toward the origin; the origin moves to
/// a random neighbour, which it then points to, until every cell has been
/// the origin (its cover time).
pub fn origin_shift(n: u32, seed: u64) -> Maze {
    let mut rng = Rng::new(seed);
    let cells = n * n;
    // Start: every cell points to the one before it in a snake; the origin
    // is the last.
    let mut to: Vec<u32> = (0..cells)
        .map(|c| {
            let (x, y) = (c % n, c / n);
            if x + 1 < n {
                c + 1
            } else if y + 1 < n {
                c + n
            } else {
                c
            }
        })
        .collect();
    let mut m = Maze::new(n);
    let mut origin = cells - 1;
    let (mut x, mut y) = (n - 1, n - 1);
    m.see(origin);
    let mut left = cells - 1;
    while left > 0 {
        m.walk(&mut x, &mut y, &mut rng);
        let next = y * n + x;
        to[origin as usize] = next;
        to[next as usize] = next;
        origin = next;
        if !m.seen(next) {
            m.see(next);
            left -= 1;
        }
    }
    for c in 0..cells {
        let t = to[c as usize];
        if t != c {
            m.carve(c, t);
        }
    }
    m
}

/// Several roots grow at once (a random frontier cell each step); trees
/// join through the walls between them, in random order.
pub fn growing_forest(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let mut sets = Sets::new((n * n) as usize);
    let mut frontier = Vec::new();
    let roots = ((f64::from(n * n).sqrt() / 2.0).ceil() as u32).max(1);
    for _ in 0..roots {
        let r = rng.below(n * n);
        if !m.seen(r) {
            m.see(r);
            frontier.push(r);
        }
    }
    let mut fresh = [0; 4];
    while !frontier.is_empty() {
        let i = rng.below(frontier.len() as u32) as usize;
        let c = frontier[i];
        let k = m.fresh_neighbours(c, &mut fresh);
        if k == 0 {
            frontier.swap_remove(i);
            continue;
        }
        let next = fresh[rng.below(k as u32) as usize];
        m.carve(c, next);
        m.see(next);
        let r = sets.find(c);
        sets.0[next as usize] = r;
        frontier.push(next);
    }
    let mut walls = Vec::new();
    for c in 0..n * n {
        if c % n + 1 < n && sets.find(c) != sets.find(c + 1) {
            walls.push((c, c + 1));
        }
        if c / n + 1 < n && sets.find(c) != sets.find(c + n) {
            walls.push((c, c + n));
        }
    }
    let mut i = 0;
    while i < walls.len() {
        let j = i + rng.below((walls.len() - i) as u32) as usize;
        walls.swap(i, j);
        let (a, b) = walls[i];
        i += 1;
        let (ra, rb) = (sets.find(a), sets.find(b));
        if ra != rb {
            sets.0[ra as usize] = rb;
            m.carve(a, b);
        }
    }
    m
}
