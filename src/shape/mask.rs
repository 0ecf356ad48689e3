//! A mask: cells of a base shape switched off, for mazes in any outline (a
//! heart, a word, a picture). A mask must leave at least one cell on, in one
//! piece: a maze cannot join regions that share no wall.

use super::{Shape, Topology};
use crate::bitset::BitSet;
use crate::error::MazeError;
use crate::shape::{Cell, Dims};

/// Which cells are on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mask {
    on: BitSet,
    cells: u32,
    live: u32,
}

fn push_run(out: &mut String, run: u32) {
    if !out.is_empty() {
        out.push('.');
    }
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut buf = Vec::new();
    let mut n = run;
    loop {
        buf.push(digits[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.extend(buf.iter().rev().map(|&b| b as char));
}

impl Mask {
    /// Every one of `cells` cells on.
    pub fn all_on(cells: u32) -> Mask {
        let mut on = BitSet::new(cells as usize);
        for c in 0..cells {
            on.insert(c);
        }
        Mask {
            on,
            cells,
            live: cells,
        }
    }

    /// Switches a cell on or off.
    pub fn set(&mut self, cell: Cell, on: bool) {
        if cell >= self.cells || self.on.contains(cell) == on {
            return;
        }
        if on {
            self.on.insert(cell);
            self.live += 1;
        } else {
            self.on.remove(cell);
            self.live -= 1;
        }
    }

    #[inline]
    /// Whether `cell` is part of the maze.
    pub fn is_on(&self, cell: Cell) -> bool {
        self.on.contains(cell)
    }

    /// How many cells are on.
    pub fn live(&self) -> u32 {
        self.live
    }

    /// How many cells the mask covers, on or off.
    pub fn cells(&self) -> u32 {
        self.cells
    }

    /// Reads rows of text: `X` switches a cell off, anything else leaves it
    /// on; the longest line sets the width (shorter lines are on past their
    /// end) and the lines the height.
    pub fn from_text(text: &str) -> Result<(Dims, Mask), MazeError> {
        let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
        let lines: Vec<&str> = {
            let end = lines
                .iter()
                .rposition(|l| !l.is_empty())
                .map_or(0, |i| i + 1);
            lines[..end].to_vec()
        };
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
        let dims = Dims::new(width, lines.len() as u32).map_err(|_| MazeError::BadValue {
            what: "mask",
            given: format!("{width} x {} characters", lines.len()),
            valid: "rows of 1 to 4096 characters, 1 to 4096 rows; X for a cell that is off".into(),
        })?;
        let mut mask = Mask::all_on(dims.cells());
        for (y, line) in lines.iter().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                if ch == 'X' || ch == 'x' {
                    mask.set(dims.at(x as u32, y as u32), false);
                }
            }
        }
        Ok((dims, mask))
    }

    /// A 3D mask from text: one level's rows after another, levels parted
    /// by a blank line (as `from_text` reads each). The levels take the
    /// widest and tallest level's size (cells past a shorter one are on).
    /// Gives the level's size, the number of levels and the mask.
    pub fn from_levels_text(text: &str) -> Result<(Dims, u32, Mask), MazeError> {
        let text = text.replace('\r', "");
        let levels: Vec<&str> = text
            .split("\n\n")
            .map(|l| l.trim_matches('\n'))
            .filter(|l| !l.is_empty())
            .collect();
        let parsed: Vec<(Dims, Mask)> = levels
            .iter()
            .map(|l| Mask::from_text(l))
            .collect::<Result<_, _>>()?;
        let Some(&(first, _)) = parsed.first() else {
            return Err(MazeError::BadValue {
                what: "mask",
                given: "no rows".into(),
                valid: "levels of rows parted by blank lines; X for a cell that is off".into(),
            });
        };
        let dims = parsed.iter().fold(first, |d, (e, _)| {
            Dims::new(d.width.max(e.width), d.height.max(e.height)).unwrap_or(d)
        });
        let count = parsed.len() as u32;
        if u64::from(dims.cells()) * u64::from(count) > crate::shape::MAX_CELLS {
            return Err(MazeError::BadValue {
                what: "mask",
                given: format!("{count} levels of {} x {}", dims.width, dims.height),
                valid: format!("at most {} cells in all", crate::shape::MAX_CELLS),
            });
        }
        let mut mask = Mask::all_on(dims.cells() * count);
        for (l, (own, level)) in parsed.iter().enumerate() {
            for cell in (0..own.cells()).filter(|&c| !level.is_on(c)) {
                let (x, y) = own.xy(cell);
                mask.set(l as u32 * dims.cells() + dims.at(x, y), false);
            }
        }
        Ok((dims, count, mask))
    }

    /// The mask as a link writes it: run lengths in base 36 joined by `.`,
    /// alternating cells on and cells off, starting with on (so a mask
    /// whose first cell is off starts with `0`). A painted outline of a
    /// 60 x 40 maze takes a few hundred characters.
    pub fn to_runs(&self) -> String {
        let mut out = String::new();
        let mut state = true;
        let mut run = 0u32;
        for cell in 0..self.cells {
            if self.is_on(cell) == state {
                run += 1;
            } else {
                push_run(&mut out, run);
                state = !state;
                run = 1;
            }
        }
        push_run(&mut out, run);
        out
    }

    /// Reads `to_runs`' form for a shape of `cells` cells.
    pub fn from_runs(text: &str, cells: u32) -> Result<Mask, MazeError> {
        let bad = |given: String| MazeError::BadValue {
            what: "mask",
            given,
            valid: format!("base-36 run lengths joined by '.', {cells} cells in all"),
        };
        let mut mask = Mask::all_on(cells);
        let mut at = 0u64;
        let mut on = true;
        for part in text.split('.') {
            let run =
                u64::from_str_radix(part.trim(), 36).map_err(|_| bad(format!("run '{part}'")))?;
            if at + run > u64::from(cells) {
                return Err(bad(format!("runs past {cells} cells")));
            }
            if !on {
                for cell in at..at + run {
                    mask.set(cell as Cell, false);
                }
            }
            at += run;
            on = !on;
        }
        if at != u64::from(cells) {
            return Err(bad(format!("runs covering {at} cells")));
        }
        Ok(mask)
    }

    /// Checks the mask fits `shape` (unmasked) and leaves one piece of at
    /// least one cell.
    pub fn check(&self, shape: &Shape) -> Result<(), MazeError> {
        let bad = |given: String, valid: &str| MazeError::BadValue {
            what: "mask",
            given,
            valid: valid.to_string(),
        };
        if self.cells != shape.cells() {
            return Err(bad(
                format!("{} cells for a shape of {}", self.cells, shape.cells()),
                "one entry per cell of the shape",
            ));
        }
        if self.live == 0 {
            return Err(bad(
                "with every cell off".into(),
                "a mask that leaves at least one cell on",
            ));
        }
        let regions = self.regions(shape);
        if regions > 1 {
            return Err(bad(
                format!("that splits the maze into {regions} separate regions"),
                "a mask whose cells are all in one piece (a maze cannot join regions that share no wall)",
            ));
        }
        Ok(())
    }

    /// Switches off every cell outside the largest piece (a word's letters
    /// enclose pockets that no passage could reach). Returns how many cells
    /// it switched off.
    pub fn keep_largest_region(&mut self, shape: &Shape) -> u32 {
        let mut region = vec![u32::MAX; self.cells as usize];
        let mut sizes = Vec::new();
        let mut queue = Vec::new();
        for first in 0..self.cells {
            if !self.is_on(first) || region[first as usize] != u32::MAX {
                continue;
            }
            let id = sizes.len() as u32;
            let mut size = 0u32;
            region[first as usize] = id;
            queue.push(first);
            while let Some(cell) = queue.pop() {
                size += 1;
                for &n in shape.neighbors(cell).as_slice() {
                    if self.is_on(n) && region[n as usize] == u32::MAX {
                        region[n as usize] = id;
                        queue.push(n);
                    }
                }
            }
            sizes.push(size);
        }
        let Some(largest) = (0..sizes.len()).max_by_key(|&i| sizes[i]) else {
            return 0;
        };
        let mut off = 0;
        for cell in 0..self.cells {
            if self.is_on(cell) && region[cell as usize] != largest as u32 {
                self.set(cell, false);
                off += 1;
            }
        }
        off
    }

    /// How many separate pieces the cells that are on make.
    pub fn regions(&self, shape: &Shape) -> u32 {
        let mut seen = BitSet::new(self.cells as usize);
        let mut queue = Vec::new();
        let mut regions = 0;
        for first in 0..self.cells {
            if !self.is_on(first) || seen.contains(first) {
                continue;
            }
            regions += 1;
            seen.insert(first);
            queue.push(first);
            while let Some(cell) = queue.pop() {
                for &n in shape.neighbors(cell).as_slice() {
                    if self.is_on(n) && !seen.contains(n) {
                        seen.insert(n);
                        queue.push(n);
                    }
                }
            }
        }
        regions
    }
}
