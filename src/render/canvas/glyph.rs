//! Shapes for the working state's marks, so a viewer who cannot tell the
//! colours apart still tells the current cell from the frontier and the
//! walk (the page's "patterns" mode, `Palette::patterns`): the current cell
//! a disc, the frontier a ring, a random walk a cross, an explored cell a
//! speck, the path a diamond, a dead end a bar. Each is drawn in black or
//! white, whichever stands out more on the mark's colour.

use super::palette::Rgba;
use crate::event::Mark;

/// A mark's shape inside its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// The current cell.
    Disc,
    /// A frontier cell.
    Ring,
    /// A cell on a random walk.
    Cross,
    /// A cell a search explored.
    Speck,
    /// A cell on the path.
    Diamond,
    /// A dead end.
    Bar,
}

/// Cells smaller than this many pixels show no glyph (it would be a smudge).
pub const MIN_CELL_PX: i64 = 6;

impl Glyph {
    /// The glyph of a generator's mark, if it has one.
    pub fn of_mark(mark: Mark) -> Option<Glyph> {
        match mark {
            Mark::Blank => None,
            Mark::Frontier => Some(Glyph::Ring),
            Mark::Walk => Some(Glyph::Cross),
            Mark::Explored => Some(Glyph::Speck),
            Mark::Path => Some(Glyph::Diamond),
            Mark::Dead => Some(Glyph::Bar),
        }
    }

    /// Whether the point `(u, v)`, measured from the cell's centre in cell
    /// widths, lies on the glyph.
    pub fn covers(self, u: f64, v: f64) -> bool {
        let (au, av) = (u.abs(), v.abs());
        match self {
            Glyph::Disc => u * u + v * v <= 0.28 * 0.28,
            Glyph::Ring => {
                let edge = au.max(av);
                (0.17..=0.29).contains(&edge)
            }
            Glyph::Cross => (au - av).abs() <= 0.09 && au <= 0.28,
            Glyph::Speck => u * u + v * v <= 0.12 * 0.12,
            Glyph::Diamond => au + av <= 0.3,
            Glyph::Bar => au <= 0.28 && av <= 0.07,
        }
    }
}

/// Black or white, whichever contrasts more with `fill`.
pub fn ink(fill: Rgba) -> Rgba {
    // Relative luminance's weights, on the gamma-encoded channels: close
    // enough to choose between black and white.
    let light =
        0.2126 * f64::from(fill[0]) + 0.7152 * f64::from(fill[1]) + 0.0722 * f64::from(fill[2]);
    if light > 140.0 {
        [0, 0, 0, 0xff]
    } else {
        [0xff, 0xff, 0xff, 0xff]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Glyph; 6] = [
        Glyph::Disc,
        Glyph::Ring,
        Glyph::Cross,
        Glyph::Speck,
        Glyph::Diamond,
        Glyph::Bar,
    ];

    /// The glyph as a picture of `n` x `n` samples of the cell.
    fn picture(glyph: Glyph, n: usize) -> Vec<bool> {
        (0..n * n)
            .map(|i| {
                let (x, y) = (i % n, i / n);
                let at = |k: usize| (k as f64 + 0.5) / n as f64 - 0.5;
                glyph.covers(at(x), at(y))
            })
            .collect()
    }

    #[test]
    fn every_glyph_differs_from_every_other_and_stays_inside_its_cell() {
        let pictures: Vec<Vec<bool>> = ALL.iter().map(|&g| picture(g, 16)).collect();
        for (i, a) in pictures.iter().enumerate() {
            assert!(a.iter().any(|&p| p), "{:?} shows", ALL[i]);
            for (j, b) in pictures.iter().enumerate().skip(i + 1) {
                let differing = a.iter().zip(b).filter(|(x, y)| x != y).count();
                assert!(
                    differing >= 8,
                    "{:?} and {:?} differ in {differing} samples",
                    ALL[i],
                    ALL[j]
                );
            }
        }
        for &g in &ALL {
            // Nothing reaches the cell's edge, where the walls are.
            for k in 0..=20 {
                let t = k as f64 / 20.0 - 0.5;
                for (u, v) in [(t, -0.5), (t, 0.5), (-0.5, t), (0.5, t)] {
                    assert!(!g.covers(u, v), "{g:?} reaches the edge at ({u}, {v})");
                }
            }
        }
    }

    #[test]
    fn the_ink_is_dark_on_light_marks_and_light_on_dark_ones() {
        assert_eq!(ink([0xf0, 0xe4, 0x42, 0xff]), [0, 0, 0, 0xff]);
        assert_eq!(ink([0x00, 0x72, 0xb2, 0xff]), [0xff; 4]);
    }

    #[test]
    fn each_mark_but_blank_has_a_glyph() {
        assert_eq!(Glyph::of_mark(Mark::Blank), None);
        assert_eq!(Glyph::of_mark(Mark::Frontier), Some(Glyph::Ring));
        assert_eq!(Glyph::of_mark(Mark::Walk), Some(Glyph::Cross));
    }
}
