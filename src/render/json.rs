//! JSON: the maze as Norvig's edge list. Cell indices are `y * width + x`.
//!
//! `{"width", "height", "seed", "algorithm", "entrance", "exit", "openings":
//! [[a, b], ...], "solution": [...]}`, `solution` only when asked for.

use crate::entrance::Ends;
use crate::grid::{Cell, Grid};
use std::fmt::Write;

/// What the JSON says about where the maze came from.
pub struct Meta<'a> {
    pub seed: u64,
    pub algorithm: &'a str,
}

/// Renders one JSON object followed by a newline.
pub fn render(grid: &Grid, meta: &Meta, ends: &Ends, solution: Option<&[Cell]>) -> String {
    let mut out = String::with_capacity(grid.cells() as usize * 16 + 128);
    let _ = write!(
        out,
        r#"{{"width":{},"height":{},"seed":{},"algorithm":"{}","entrance":{},"exit":{},"openings":["#,
        grid.width(),
        grid.height(),
        meta.seed,
        escape(meta.algorithm),
        ends.entrance.cell,
        ends.exit.cell
    );
    for (i, (a, b)) in grid.opening_pairs().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{a},{b}]");
    }
    out.push(']');
    if let Some(solution) = solution {
        out.push_str(r#","solution":["#);
        for (i, c) in solution.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{c}");
        }
        out.push(']');
    }
    out.push_str("}\n");
    out
}

/// Escapes a string for a JSON string literal.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}
