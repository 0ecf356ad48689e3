//! Tight loops for the generators whose work is mostly a structure of
//! their own: the two automata, brain, Borůvka, reverse-delete, blobby
//! division, the fractal tessellation and the unicursal labyrinth. Each is
//! the method its mazelab header describes, written for a square alone.

use super::classic::backtracker;
use super::maze::{Maze, Sets, EAST, SOUTH};
use mazelab::rng::Rng;

/// The cellular automaton with walls surviving on up to `survive_max` live
/// neighbours (5: the Maze rule B3/S12345; 4: Mazectric, B3/S1234): coin
/// flips for the openings, up to twelve generations each read from a
/// snapshot, then the repair (close what makes a loop, open what joins two
/// pieces).
pub fn automaton(n: u32, seed: u64, survive_max: u32) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    for y in 0..n {
        for x in 0..n {
            let c = (y * n + x) as usize;
            if x + 1 < n && rng.coin() {
                m.bits[c] |= EAST;
            }
            if y + 1 < n && rng.coin() {
                m.bits[c] |= SOUTH;
            }
        }
    }
    let mut prev = vec![0u8; (n * n) as usize];
    for _ in 0..12 {
        prev.copy_from_slice(&m.bits);
        // Wall pixels of the snapshot; the border always stands.
        let east = |x: u32, y: u32| x + 1 >= n || prev[(y * n + x) as usize] & EAST == 0;
        let south = |x: u32, y: u32| y + 1 >= n || prev[(y * n + x) as usize] & SOUTH == 0;
        // Two lattice points are always alive beside the four walls.
        let stands = |alive: bool, around: u32| {
            if alive {
                2 + around <= survive_max
            } else {
                2 + around == 3
            }
        };
        let mut changed = false;
        for y in 0..n {
            for x in 0..n {
                let c = (y * n + x) as usize;
                let mut b = 0;
                if x + 1 < n {
                    let around = u32::from(y == 0 || south(x, y - 1))
                        + u32::from(y == 0 || south(x + 1, y - 1))
                        + u32::from(south(x, y))
                        + u32::from(south(x + 1, y));
                    if !stands(east(x, y), around) {
                        b |= EAST;
                    }
                }
                if y + 1 < n {
                    let around = u32::from(x == 0 || east(x - 1, y))
                        + u32::from(east(x, y))
                        + u32::from(x == 0 || east(x - 1, y + 1))
                        + u32::from(east(x, y + 1));
                    if !stands(south(x, y), around) {
                        b |= SOUTH;
                    }
                }
                changed |= b != prev[c];
                m.bits[c] = b;
            }
        }
        if !changed {
            break;
        }
    }
    let mut sets = Sets::new((n * n) as usize);
    for c in 0..n * n {
        for (bit, to) in [(EAST, c + 1), (SOUTH, c + n)] {
            if m.bits[c as usize] & bit != 0 && !sets.union(c, to) {
                m.bits[c as usize] &= !bit;
            }
        }
    }
    for y in 0..n {
        for x in 0..n {
            let c = y * n + x;
            let mut order = [(EAST, x + 1 < n, c + 1), (SOUTH, y + 1 < n, c + n)];
            if rng.coin() {
                order.swap(0, 1);
            }
            for (bit, inside, to) in order {
                if inside && sets.union(c, to) {
                    m.bits[c as usize] |= bit;
                }
            }
        }
    }
    m
}

/// Brain: split at the middle into quadrants, make each a maze, open a gap
/// in three of the cross's four arms.
pub fn brain(n: u32, seed: u64) -> Maze {
    fn divide(m: &mut Maze, rng: &mut Rng, x: u32, y: u32, w: u32, h: u32) {
        if w * h < 2 {
            return;
        }
        let (n, hw, hh) = (m.n, w / 2, h / 2);
        if w > 1 && h > 1 {
            divide(m, rng, x, y, hw, hh);
            divide(m, rng, x + hw, y, w - hw, hh);
            divide(m, rng, x, y + hh, hw, h - hh);
            divide(m, rng, x + hw, y + hh, w - hw, h - hh);
            let skip = rng.below(4);
            for arm in (0..4).filter(|&a| a != skip) {
                let (c, to) = match arm {
                    0 => ((y + rng.below(hh)) * n + x + hw - 1, 1),
                    1 => ((y + hh + rng.below(h - hh)) * n + x + hw - 1, 1),
                    2 => ((y + hh - 1) * n + x + rng.below(hw), n),
                    _ => ((y + hh - 1) * n + x + hw + rng.below(w - hw), n),
                };
                m.carve(c, c + to);
            }
        } else if w > 1 {
            divide(m, rng, x, y, hw, h);
            divide(m, rng, x + hw, y, w - hw, h);
            let c = (y + rng.below(h)) * n + x + hw - 1;
            m.carve(c, c + 1);
        } else {
            divide(m, rng, x, y, w, hh);
            divide(m, rng, x, y + hh, w, h - hh);
            let c = (y + hh - 1) * n + x + rng.below(w);
            m.carve(c, c + n);
        }
    }
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    divide(&mut m, &mut rng, 0, 0, n, n);
    m
}

/// Borůvka: every wall a hashed random weight; each round every tree
/// opens its lightest wall to another tree.
pub fn boruvka(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let salt = rng.next_u64();
    let weight = |code: u32| {
        let mut z = salt ^ u64::from(code).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let cells = (n * n) as usize;
    let mut sets = Sets::new(cells);
    // Per tree root, its lightest wall out (code, weight) this round.
    let mut best = vec![(u32::MAX, u64::MAX); cells];
    let mut trees = cells;
    while trees > 1 {
        for y in 0..n {
            for x in 0..n {
                let c = y * n + x;
                for (code, to, inside) in [(2 * c, c + 1, x + 1 < n), (2 * c + 1, c + n, y + 1 < n)]
                {
                    if !inside {
                        continue;
                    }
                    let (ra, rb) = (sets.find(c), sets.find(to));
                    if ra == rb {
                        continue;
                    }
                    let w = weight(code);
                    for r in [ra, rb] {
                        if w < best[r as usize].1 {
                            best[r as usize] = (code, w);
                        }
                    }
                }
            }
        }
        for slot in best.iter_mut() {
            let (code, _) = std::mem::replace(slot, (u32::MAX, u64::MAX));
            if code == u32::MAX {
                continue;
            }
            let a = code / 2;
            let b = if code % 2 == 0 { a + 1 } else { a + n };
            if sets.union(a, b) {
                m.carve(a, b);
                trees -= 1;
            }
        }
    }
    m
}

/// Reverse-delete: every wall open, then each passage in random order
/// closed unless that cuts its two cells apart (a search grown from both
/// cells by turns, the smaller front first, as mazelab's).
pub fn reverse_delete(n: u32, seed: u64) -> Maze {
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    let mut walls = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let c = y * n + x;
            if x + 1 < n {
                m.bits[c as usize] |= EAST;
                walls.push(2 * c);
            }
            if y + 1 < n {
                m.bits[c as usize] |= SOUTH;
                walls.push(2 * c + 1);
            }
        }
    }
    let cells = (n * n) as usize;
    let mut extra = walls.len() + 1 - cells;
    let (mut seen, mut side, mut search) = (vec![0u32; cells], vec![0u8; cells], 0);
    let (mut fronts, mut next) = ([Vec::new(), Vec::new()], Vec::new());
    let mut links = [0; 4];
    let mut i = 0;
    while extra > 0 {
        let j = i + rng.below((walls.len() - i) as u32) as usize;
        walls.swap(i, j);
        let code = walls[i];
        i += 1;
        let (a, bit) = (code / 2, if code % 2 == 0 { EAST } else { SOUTH });
        let b = if bit == EAST { a + 1 } else { a + n };
        m.bits[a as usize] &= !bit;
        search += 1;
        for (s, c) in [a, b].into_iter().enumerate() {
            seen[c as usize] = search;
            side[c as usize] = s as u8;
            fronts[s].clear();
            fronts[s].push(c);
        }
        let joined = 'search: loop {
            let s = usize::from(fronts[1].len() < fronts[0].len());
            if fronts[s].is_empty() {
                break false;
            }
            next.clear();
            for &c in &fronts[s] {
                let k = m.open_neighbours(c, &mut links);
                for &l in &links[..k] {
                    let li = l as usize;
                    if seen[li] == search {
                        if usize::from(side[li]) != s {
                            break 'search true;
                        }
                        continue;
                    }
                    seen[li] = search;
                    side[li] = s as u8;
                    next.push(l);
                }
            }
            std::mem::swap(&mut fronts[s], &mut next);
        };
        if joined {
            extra -= 1;
        } else {
            m.bits[a as usize] |= bit;
        }
    }
    m
}

/// Blobby division: split a region by growing two random seeds into blobs,
/// build every wall between them but one, divide each blob the same way.
pub fn blobby_division(n: u32, seed: u64) -> Maze {
    const OUTSIDE: u8 = 0;
    const FREE: u8 = 1;
    const A: u8 = 2;
    const B: u8 = 3;
    let (mut m, mut rng) = (Maze::new(n), Rng::new(seed));
    for y in 0..n {
        for x in 0..n {
            let c = (y * n + x) as usize;
            m.bits[c] |= if x + 1 < n { EAST } else { 0 } | if y + 1 < n { SOUTH } else { 0 };
        }
    }
    let cells = n * n;
    // Every region a range of one array, split in place (A first).
    let mut order: Vec<u32> = (0..cells).collect();
    let mut side = vec![OUTSIDE; cells as usize];
    let mut regions = if cells > 1 { vec![(0, cells)] } else { vec![] };
    let (mut edge, mut between) = (Vec::new(), Vec::new());
    let (mut all, mut free) = ([0; 4], [0; 4]);
    while let Some((start, len)) = regions.pop() {
        let region = &mut order[start as usize..(start + len) as usize];
        for &c in region.iter() {
            side[c as usize] = FREE;
        }
        let a = region[rng.below(len) as usize];
        let mut b = region[rng.below(len - 1) as usize];
        if b == a {
            b = region[len as usize - 1];
        }
        side[a as usize] = A;
        side[b as usize] = B;
        edge.clear();
        edge.extend([a, b]);
        let mut claimed = 2;
        while claimed < len {
            let i = rng.below(edge.len() as u32) as usize;
            let c = edge[i];
            let k = m.neighbours(c, &mut all);
            let mut f = 0;
            for &nb in &all[..k] {
                if side[nb as usize] == FREE {
                    free[f] = nb;
                    f += 1;
                }
            }
            if f == 0 {
                edge.swap_remove(i);
                continue;
            }
            let nb = free[rng.below(f as u32) as usize];
            side[nb as usize] = side[c as usize];
            edge.push(nb);
            claimed += 1;
        }
        between.clear();
        for &c in region.iter() {
            if side[c as usize] == A {
                let k = m.neighbours(c, &mut all);
                between.extend(
                    all[..k]
                        .iter()
                        .filter(|&&nb| side[nb as usize] == B)
                        .map(|&nb| (c, nb)),
                );
            }
        }
        let door = rng.below(between.len() as u32) as usize;
        for (k, &(p, q)) in between.iter().enumerate() {
            if k != door {
                let (lo, hi) = (p.min(q), p.max(q));
                m.bits[lo as usize] &= if hi == lo + n { !SOUTH } else { !EAST };
            }
        }
        let mut first_b = 0;
        for i in 0..region.len() {
            if side[region[i] as usize] == A {
                region.swap(first_b, i);
                first_b += 1;
            }
        }
        for &c in region.iter() {
            side[c as usize] = OUTSIDE;
        }
        let a_len = first_b as u32;
        for (s, l) in [(start, a_len), (start + a_len, len - a_len)] {
            if l > 1 {
                regions.push((s, l));
            }
        }
    }
    m
}

/// Fractal tessellation: four copies of the maze so far tiled 2 x 2 and
/// joined through three of their four borders, until the square covers
/// the maze; the n x n window's pieces are then joined in row-major order
/// from a random wall.
pub fn fractal(n: u32, seed: u64) -> Maze {
    let mut rng = Rng::new(seed);
    let (mut side, mut bits) = (1u32, vec![0u8]);
    while side < n {
        let big = 2 * side;
        let mut next = vec![0u8; (big * big) as usize];
        for y in 0..side {
            let row = &bits[(y * side) as usize..((y + 1) * side) as usize];
            for (dx, dy) in [(0, 0), (side, 0), (0, side), (side, side)] {
                let at = ((y + dy) * big + dx) as usize;
                next[at..at + side as usize].copy_from_slice(row);
            }
        }
        let skip = rng.below(4);
        for border in (0..4).filter(|&b| b != skip) {
            let at = rng.below(side);
            let (cell, bit) = match border {
                0 => (at * big + side - 1, EAST),
                1 => ((side + at) * big + side - 1, EAST),
                2 => ((side - 1) * big + at, SOUTH),
                _ => ((side - 1) * big + side + at, SOUTH),
            };
            next[cell as usize] |= bit;
        }
        bits = next;
        side = big;
    }
    let mut m = Maze::new(n);
    let mut passages = 0;
    for y in 0..n {
        for x in 0..n {
            let mut b = bits[(y * side + x) as usize];
            if x + 1 == n {
                b &= !EAST;
            }
            if y + 1 == n {
                b &= !SOUTH;
            }
            passages += u32::from(b & EAST != 0) + u32::from(b & SOUTH != 0);
            m.bits[(y * n + x) as usize] = b;
        }
    }
    if passages + 1 == n * n {
        return m;
    }
    let mut sets = Sets::new((n * n) as usize);
    let mut links = [0; 4];
    for c in 0..n * n {
        let k = m.open_neighbours(c, &mut links);
        for &l in &links[..k] {
            sets.union(c, l);
        }
    }
    let walls = 2 * n * n;
    let first = rng.below(walls);
    let mut pieces = n * n - passages;
    for k in 0..walls {
        if pieces == 1 {
            break;
        }
        let code = (first + k) % walls;
        let a = code / 2;
        let (bit, b, inside) = if code % 2 == 0 {
            (EAST, a + 1, a % n + 1 < n)
        } else {
            (SOUTH, a + n, a / n + 1 < n)
        };
        if inside && sets.union(a, b) {
            m.bits[a as usize] |= bit;
            pieces -= 1;
        }
    }
    m
}

/// Unicursal: a backtracker maze of half the side, each cell a ring of
/// 2 x 2 cells, the rings of joined cells opened into each other, the one
/// ring cut at the top-left corner. Even sides only.
pub fn unicursal(n: u32, seed: u64) -> Maze {
    let h = n / 2;
    let small = backtracker(h, seed);
    let mut m = Maze::new(n);
    for by in 0..h {
        for bx in 0..h {
            let block = by * h + bx;
            let sb = small.bits[block as usize];
            let east = sb & EAST != 0;
            let south = sb & SOUTH != 0;
            let west = bx > 0 && small.bits[(block - 1) as usize] & EAST != 0;
            let north = by > 0 && small.bits[(block - h) as usize] & SOUTH != 0;
            let tl = (2 * by * n + 2 * bx) as usize;
            let (tr, bl, br) = (tl + 1, tl + n as usize, tl + n as usize + 1);
            if !north && block != 0 {
                m.bits[tl] |= EAST;
            }
            if !south {
                m.bits[bl] |= EAST;
            }
            if !west {
                m.bits[tl] |= SOUTH;
            }
            if !east {
                m.bits[tr] |= SOUTH;
            }
            if east {
                m.bits[tr] |= EAST;
                m.bits[br] |= EAST;
            }
            if south {
                m.bits[bl] |= SOUTH;
                m.bits[br] |= SOUTH;
            }
        }
    }
    m
}
