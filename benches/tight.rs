//! mazelab beside tight single-purpose loops: for each generator a loop
//! written for one job only (a square of side N, no events, no shapes, its
//! walls two bits a cell plus a visited bit, the same PCG32), against
//! mazelab's whole instant build (`generate::generate`), at 1000 x 1000.
//! The last column is mazelab's time over the loop's: how much the
//! engine's generality (shapes, events, steps, the timeline's counting)
//! costs. Each loop is checked to make a perfect maze before it is timed.
//!
//! `cargo bench --bench tight [NAME...]`
//!
//! The loops are the plain textbook forms, as one would write them for a
//! single use; they need not draw the same maze for a seed as mazelab.
//! Generators whose work is the data structure itself (the automata, the
//! blob and fractal divisions, the labyrinth, Boruvka) have no loop here:
//! see the closing notes of the catalogue issue.

use mazelab::generate::{self, Params, PopSpec};
use mazelab::grid::Dims;
use mazelab::rng::Rng;
use std::collections::{BinaryHeap, VecDeque};
use std::hint::black_box;

#[path = "common/timing.rs"]
mod timing;
use timing::ns_per_cell;

const EAST: u8 = 1;
const SOUTH: u8 = 2;
const SEEN: u8 = 4;

/// A square maze as the loops keep it: a byte a cell.
struct Maze {
    n: u32,
    bits: Vec<u8>,
}

impl Maze {
    fn new(n: u32) -> Maze {
        Maze {
            n,
            bits: vec![0; (n * n) as usize],
        }
    }

    #[inline(always)]
    fn carve(&mut self, a: u32, b: u32) {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        self.bits[lo as usize] |= if hi == lo + self.n { SOUTH } else { EAST };
    }

    #[inline(always)]
    fn seen(&self, c: u32) -> bool {
        self.bits[c as usize] & SEEN != 0
    }

    #[inline(always)]
    fn see(&mut self, c: u32) {
        self.bits[c as usize] |= SEEN;
    }

    /// The up to four neighbours of `c`, into `out`; returns how many.
    #[inline(always)]
    fn neighbours(&self, c: u32, out: &mut [u32; 4]) -> usize {
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
    fn fresh_neighbours(&self, c: u32, out: &mut [u32; 4]) -> usize {
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
    fn walk(&self, x: &mut u32, y: &mut u32, rng: &mut Rng) {
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

    /// Whether the walls make a perfect maze: cells - 1 passages, all
    /// cells reached from cell 0.
    fn is_perfect(&self) -> bool {
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
        while let Some(c) = stack.pop() {
            let (x, y) = (c % n, c / n);
            let mut links = Vec::new();
            if self.bits[c as usize] & EAST != 0 {
                links.push(c + 1);
            }
            if self.bits[c as usize] & SOUTH != 0 {
                links.push(c + n);
            }
            if x > 0 && self.bits[(c - 1) as usize] & EAST != 0 {
                links.push(c - 1);
            }
            if y > 0 && self.bits[(c - n) as usize] & SOUTH != 0 {
                links.push(c - n);
            }
            for l in links {
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

/// A union-find with path halving, for Kruskal.
struct Sets(Vec<u32>);

impl Sets {
    fn find(&mut self, mut x: u32) -> u32 {
        while self.0[x as usize] != x {
            let p = self.0[self.0[x as usize] as usize];
            self.0[x as usize] = p;
            x = p;
        }
        x
    }
}

fn backtracker(n: u32, seed: u64) -> Maze {
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
enum Take {
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
fn growing_tree(n: u32, seed: u64, take: Take) -> Maze {
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

fn prim(n: u32, seed: u64) -> Maze {
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
fn true_prim(n: u32, seed: u64) -> Maze {
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

fn kruskal(n: u32, seed: u64) -> Maze {
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
    let mut sets = Sets((0..n * n).collect());
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

fn aldous_broder(n: u32, seed: u64) -> Maze {
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

fn wilson(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    m.see(0);
    wilson_from(&mut m, &mut rng, 0..n * n);
    m
}

/// Aldous-Broder until a third of the cells are in, then Wilson.
fn houston(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    walk_in(&mut m, &mut rng, (n * n).div_ceil(3));
    wilson_from(&mut m, &mut rng, 0..n * n);
    m
}

fn hunt_and_kill(n: u32, seed: u64) -> Maze {
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

fn binary_tree(n: u32, seed: u64) -> Maze {
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

fn sidewinder(n: u32, seed: u64) -> Maze {
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
fn eller(n: u32, seed: u64) -> Maze {
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

fn recursive_division(n: u32, seed: u64) -> Maze {
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
fn origin_shift(n: u32, seed: u64) -> Maze {
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
fn growing_forest(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let mut sets = Sets((0..n * n).collect());
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

type Loop = fn(u32, u64) -> Maze;

fn cases() -> Vec<(&'static str, &'static str, &'static str, Loop)> {
    vec![
        ("backtracker", "backtracker", "newest", backtracker),
        // Newest is depth-first: mazelab runs it as the backtracker.
        ("growing-tree/newest", "growing-tree", "newest", backtracker),
        ("growing-tree/oldest", "growing-tree", "oldest", |n, s| {
            growing_tree(n, s, Take::Oldest)
        }),
        ("growing-tree/middle", "growing-tree", "middle", |n, s| {
            growing_tree(n, s, Take::Middle)
        }),
        ("growing-tree/random", "growing-tree", "random", |n, s| {
            growing_tree(n, s, Take::Random)
        }),
        ("prim", "prim", "newest", prim),
        ("true-prim", "true-prim", "newest", true_prim),
        ("kruskal", "kruskal", "newest", kruskal),
        ("aldous-broder", "aldous-broder", "newest", aldous_broder),
        ("wilson", "wilson", "newest", wilson),
        ("houston", "houston", "newest", houston),
        ("hunt-and-kill", "hunt-and-kill", "newest", hunt_and_kill),
        ("binary-tree", "binary-tree", "newest", binary_tree),
        ("sidewinder", "sidewinder", "newest", sidewinder),
        ("eller", "eller", "newest", eller),
        (
            "recursive-division",
            "recursive-division",
            "newest",
            recursive_division,
        ),
        ("origin-shift", "origin-shift", "newest", origin_shift),
        ("growing-forest", "growing-forest", "newest", growing_forest),
    ]
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!(
        "{:<22} {:>6} {:>12} {:>12} {:>8}",
        "ns/cell", "side", "mazelab", "tight loop", "ratio"
    );
    for (label, name, pop, tight) in cases() {
        if !filter.is_empty() && !filter.iter().any(|f| label.contains(f.as_str())) {
            continue;
        }
        for (n, seed) in [(1, 1), (2, 2), (7, 3), (30, 4), (31, 5)] {
            assert!(tight(n, seed).is_perfect(), "{label}'s loop at {n}x{n}");
        }
        // Origin shift runs to its cover time: 1000 x 1000 takes seconds.
        let side = if name == "origin-shift" { 300 } else { 1000 };
        let seeds = if name == "origin-shift" || name == "aldous-broder" {
            3
        } else {
            5
        };
        let dims = Dims::new(side, side).expect("a valid size");
        let cells = f64::from(dims.cells());
        let pop = PopSpec::parse(pop).expect("a valid pop");
        let ours = ns_per_cell(cells, seeds, |seed| {
            let params = Params {
                pop: pop.clone(),
                ..Params::new(dims, seed)
            };
            black_box(generate::generate(name, params).expect("a known algorithm"));
        });
        let theirs = ns_per_cell(cells, seeds, |seed| {
            black_box(tight(side, seed));
        });
        println!(
            "{label:<22} {side:>6} {ours:>12.1} {theirs:>12.1} {:>7.2}x",
            ours / theirs
        );
    }
}
