//! An RGBA pixel buffer the size of a canvas, and which of its rows changed:
//! what the maze and the overlay above it hand to their canvases.
//!
//! Changes are tracked per band of [`BAND_ROWS`] rows, each with its own
//! column extent, rather than as one bounding rectangle: an algorithm whose
//! changes are scattered (Kruskal) would otherwise make every frame upload
//! the whole picture.

/// Rows per dirty band.
pub const BAND_ROWS: u32 = 16;

/// A rectangle of pixels: `x0..x1` by `y0..y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// The left edge.
    pub x0: u32,
    /// The top edge.
    pub y0: u32,
    /// The right edge (exclusive).
    pub x1: u32,
    /// The bottom edge (exclusive).
    pub y1: u32,
}

impl Rect {
    /// Its width in pixels.
    pub fn width(&self) -> u32 {
        self.x1 - self.x0
    }

    /// Its height in pixels.
    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }
}

/// An RGBA buffer and the bands painted since they were last taken.
pub struct Raster {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    rgba: Vec<u8>,
    /// Per band, the dirty columns `x0..x1` (empty when `x0 >= x1`).
    dirty: Vec<(u32, u32)>,
    any_dirty: bool,
}

impl Raster {
    /// A transparent buffer.
    pub fn new(width: u32, height: u32) -> Raster {
        Raster {
            width,
            height,
            rgba: vec![0; (width as usize) * (height as usize) * 4],
            dirty: vec![(u32::MAX, 0); height.div_ceil(BAND_ROWS) as usize],
            any_dirty: false,
        }
    }

    /// The RGBA bytes, row by row.
    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// The pixel at (x, y).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// The rectangles changed since the last call, top to bottom; bands
    /// next to each other are merged when their columns overlap, so a full
    /// repaint is one rectangle.
    pub fn take_dirty(&mut self) -> Vec<Rect> {
        let mut out: Vec<Rect> = Vec::new();
        if !self.any_dirty {
            return out;
        }
        self.any_dirty = false;
        for (band, extent) in self.dirty.iter_mut().enumerate() {
            let (x0, x1) = std::mem::replace(extent, (u32::MAX, 0));
            if x0 >= x1 {
                continue;
            }
            let y0 = band as u32 * BAND_ROWS;
            let y1 = (y0 + BAND_ROWS).min(self.height);
            match out.last_mut() {
                Some(r) if r.y1 == y0 && x0 < r.x1 && r.x0 < x1 => {
                    r.x0 = r.x0.min(x0);
                    r.x1 = r.x1.max(x1);
                    r.y1 = y1;
                }
                _ => out.push(Rect { x0, y0, x1, y1 }),
            }
        }
        out
    }

    /// Fills a rectangle with one colour; the parts outside the buffer are
    /// clipped away, so callers can paint cells that are partly off screen.
    #[inline]
    pub fn fill(&mut self, x0: i64, y0: i64, w: i64, h: i64, c: [u8; 4]) {
        let x1 = (x0 + w).min(i64::from(self.width));
        let y1 = (y0 + h).min(i64::from(self.height));
        let (x0, y0) = (x0.max(0), y0.max(0));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (x0, y0, x1, y1) = (x0 as u32, y0 as u32, x1 as u32, y1 as u32);
        for y in y0..y1 {
            let row = ((y * self.width + x0) * 4) as usize;
            fill_run(&mut self.rgba[row..row + ((x1 - x0) * 4) as usize], c);
        }
        self.mark_dirty(Rect { x0, y0, x1, y1 });
    }

    /// Adds a rectangle (inside the buffer) to the dirty bands.
    pub fn mark_dirty(&mut self, r: Rect) {
        if r.x0 >= r.x1 || r.y0 >= r.y1 {
            return;
        }
        self.any_dirty = true;
        for band in r.y0 / BAND_ROWS..=(r.y1 - 1) / BAND_ROWS {
            let extent = &mut self.dirty[band as usize];
            extent.0 = extent.0.min(r.x0);
            extent.1 = extent.1.max(r.x1);
        }
    }

    /// Sets every pixel to one colour (transparent for the overlay).
    pub fn clear(&mut self, c: [u8; 4]) {
        fill_run(&mut self.rgba, c);
        self.mark_dirty(Rect {
            x0: 0,
            y0: 0,
            x1: self.width,
            y1: self.height,
        });
    }

    /// The RGBA bytes of a rectangle, row by row, into `out` (reused).
    pub fn copy_rect(&self, r: Rect, out: &mut Vec<u8>) {
        out.clear();
        for y in r.y0..r.y1 {
            let start = ((y * self.width + r.x0) * 4) as usize;
            out.extend_from_slice(&self.rgba[start..start + (r.width() * 4) as usize]);
        }
    }

    /// Mutable access to the bytes, for painters that write whole rows;
    /// they mark what they wrote with `mark_dirty`.
    pub fn rgba_mut(&mut self) -> &mut [u8] {
        &mut self.rgba
    }
}

impl Raster {
    /// Draws `glyph` in `ink` over the `s`-pixel square at `(x0, y0)`
    /// (clipped to the raster).
    pub fn glyph(&mut self, x0: i64, y0: i64, s: i64, glyph: super::glyph::Glyph, ink: [u8; 4]) {
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        let size = s as f64;
        for y in y0.max(0)..(y0 + s).min(h) {
            let v = ((y - y0) as f64 + 0.5) / size - 0.5;
            for x in x0.max(0)..(x0 + s).min(w) {
                let u = ((x - x0) as f64 + 0.5) / size - 0.5;
                if glyph.covers(u, v) {
                    let at = ((y * w + x) * 4) as usize;
                    self.rgba[at..at + 4].copy_from_slice(&ink);
                }
            }
        }
    }
}

/// Writes one colour over a run of RGBA pixels.
#[inline]
pub fn fill_run(run: &mut [u8], c: [u8; 4]) {
    for px in run.chunks_exact_mut(4) {
        px.copy_from_slice(&c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scattered_changes_stay_in_their_bands() {
        let mut r = Raster::new(100, 100);
        r.fill(2, 3, 2, 2, [1; 4]);
        r.fill(90, 70, 3, 3, [1; 4]);
        let dirty = r.take_dirty();
        assert_eq!(
            dirty,
            vec![
                Rect {
                    x0: 2,
                    y0: 0,
                    x1: 4,
                    y1: 16
                },
                Rect {
                    x0: 90,
                    y0: 64,
                    x1: 93,
                    y1: 80
                }
            ]
        );
        assert!(r.take_dirty().is_empty(), "taking clears");
    }

    #[test]
    fn a_full_repaint_is_one_rectangle_and_fills_clip() {
        let mut r = Raster::new(40, 37);
        r.clear([0; 4]);
        assert_eq!(
            r.take_dirty(),
            vec![Rect {
                x0: 0,
                y0: 0,
                x1: 40,
                y1: 37
            }]
        );
        r.fill(-5, -5, 8, 8, [9; 4]);
        assert_eq!(r.pixel(2, 2), [9; 4]);
        assert_eq!(r.pixel(3, 3), [0; 4]);
        r.fill(38, 35, 10, 10, [7; 4]);
        assert_eq!(r.pixel(39, 36), [7; 4]);
        r.fill(50, 50, 3, 3, [7; 4]);
        r.fill(-9, 2, 3, 3, [7; 4]);
    }
}
