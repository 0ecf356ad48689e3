//! JSON: the maze as Norvig's edge list, on every shape. Cell indices are
//! the shape's own (squares, hex and triangle `y * width + x`; polar ring by
//! ring from the centre, clockwise from east in each ring).
//!
//! `{"shape", "width", "height", "cells", "seed", "algorithm", "entrance",
//! "exit", "edges": [[a, b], ...], "masked": [...], "openings": [[a, b],
//! ...], "solution": [...]}`: `edges` lists every wall that could open,
//! `masked` the cells a mask switched off, `tunnels` a woven square's
//! passages under cells as `[from, under, to]` (each also in `openings` as
//! `[from, to]`), `solution` only when asked for.
//! A wrapped square also says `"wrap": "x"`, `"y"` or `"xy"`.

use crate::entrance::Ends;
use crate::grid::Grid;
use crate::shape::Cell;
use crate::shape::{Kind, Topology};
use std::fmt::Write;

/// What the JSON says about where the maze came from.
pub struct Meta<'a> {
    pub seed: u64,
    pub algorithm: &'a str,
}

/// Renders one JSON object followed by a newline.
pub fn render(grid: &Grid, meta: &Meta, ends: &Ends, solution: Option<&[Cell]>) -> String {
    let mut out = String::with_capacity(grid.cells() as usize * 32 + 160);
    let shape = grid.shape();
    let (width, height) = shape.size();
    let _ = write!(
        out,
        r#"{{"shape":"{}","width":{},"height":{},"cells":{},"#,
        shape.name(),
        width,
        height,
        shape.cells()
    );
    if let Kind::Square(w) = &shape.kind {
        if w.wraps() {
            let wrap = match (w.x, w.y) {
                (true, true) => "xy",
                (true, false) => "x",
                _ => "y",
            };
            let _ = write!(out, r#""wrap":"{wrap}","#);
        }
    }
    let _ = write!(
        out,
        r#""seed":{},"algorithm":"{}","entrance":{},"exit":{},"edges":["#,
        meta.seed,
        escape(meta.algorithm),
        ends.entrance.cell,
        ends.exit.cell
    );
    let mut first = true;
    shape.for_each_edge(|a, b| {
        if !first {
            out.push(',');
        }
        first = false;
        let _ = write!(out, "[{a},{b}]");
    });
    out.push_str(r#"],"masked":["#);
    let mut first = true;
    for cell in (0..shape.cells()).filter(|&c| !shape.is_cell(c)) {
        if !first {
            out.push(',');
        }
        first = false;
        let _ = write!(out, "{cell}");
    }
    out.push_str(r#"],"openings":["#);
    for (i, (a, b)) in grid.opening_pairs().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{a},{b}]");
    }
    out.push_str(r#"],"tunnels":["#);
    for (i, (from, under, to)) in grid.tunnels().into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{from},{under},{to}]");
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
pub(crate) fn escape(text: &str) -> String {
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
