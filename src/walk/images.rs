//! The copies of a wrapped square drawn around it, so a seam is walked
//! over, not up to: image `(i, j)` is the maze moved `i` widths east and
//! `j` heights south, and on a Möbius strip or Klein bottle turned over
//! top to bottom when `i` is odd (the left and right edges meet so).
//! A maze with no seams has one image, itself.

use crate::shape::geometry::Point;
use crate::shape::{Kind, Shape};

/// One copy of the maze: `i` widths east, `j` heights south.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Image {
    /// Widths east.
    pub i: i32,
    /// Heights south.
    pub j: i32,
}

/// How a maze's copies lie: its size and which edges meet, and how.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Images {
    width: f64,
    height: f64,
    x: bool,
    y: bool,
    flip: bool,
}

impl Images {
    /// The copies of `shape`: around a wrapped square, else none.
    pub fn of(shape: &Shape) -> Images {
        match &shape.kind {
            Kind::Square(w) if w.wraps() => Images {
                width: f64::from(w.dims.width),
                height: f64::from(w.dims.height),
                x: w.x,
                y: w.y,
                flip: w.flip,
            },
            _ => Images::default(),
        }
    }

    /// Whether the maze has copies (a seam to walk over).
    pub fn any(&self) -> bool {
        self.x || self.y
    }

    /// Whether image `im` is the maze turned over.
    pub fn mirrored(&self, im: Image) -> bool {
        self.flip && im.i.rem_euclid(2) == 1
    }

    /// Where point `p` of the maze lies in image `im`.
    pub fn apply(&self, im: Image, p: Point) -> Point {
        let y = if self.mirrored(im) {
            self.height - p.1
        } else {
            p.1
        };
        (
            p.0 + f64::from(im.i) * self.width,
            y + f64::from(im.j) * self.height,
        )
    }

    /// The point of the maze that `p` in image `im` shows.
    pub fn unapply(&self, im: Image, p: Point) -> Point {
        let (x, y) = (
            p.0 - f64::from(im.i) * self.width,
            p.1 - f64::from(im.j) * self.height,
        );
        (
            x,
            if self.mirrored(im) {
                self.height - y
            } else {
                y
            },
        )
    }

    /// A direction (radians, y down) in image `im` as the maze has it: a
    /// turned-over copy turns it over too.
    pub fn angle(&self, im: Image, a: f64) -> f64 {
        if self.mirrored(im) {
            -a
        } else {
            a
        }
    }

    /// Of the images next to `around` (and `around` itself), the one in
    /// which `centre` (a cell's centre in the maze) lies nearest `p`: the
    /// copy of a neighbour across a seam that stands beside a cell.
    pub fn nearest(&self, around: Image, centre: Point, p: Point) -> Image {
        if !self.any() {
            return Image::default();
        }
        let reach = |wraps: bool| if wraps { -1..=1 } else { 0..=0 };
        let mut best = (f64::INFINITY, around);
        for di in reach(self.x) {
            for dj in reach(self.y) {
                let im = Image {
                    i: around.i + di,
                    j: around.j + dj,
                };
                let q = self.apply(im, centre);
                let d = (q.0 - p.0).hypot(q.1 - p.1);
                if d < best.0 - 1e-9 {
                    best = (d, im);
                }
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_and_unapply_are_inverse_and_a_mobius_copy_is_turned_over() {
        let shape = Shape::parse("square", "6x4", Some("mobius")).unwrap();
        let images = Images::of(&shape);
        assert!(images.any());
        for im in [
            Image { i: 1, j: 0 },
            Image { i: -1, j: 0 },
            Image { i: 2, j: 0 },
        ] {
            let p = (0.5, 1.5);
            let q = images.apply(im, p);
            let back = images.unapply(im, q);
            assert!((back.0 - p.0).abs() < 1e-12 && (back.1 - p.1).abs() < 1e-12);
            assert_eq!(images.mirrored(im), im.i % 2 != 0);
        }
        // Row 1 of 4 meets row 2 across the seam: the copy east is turned over.
        assert_eq!(images.apply(Image { i: 1, j: 0 }, (0.5, 1.5)), (6.5, 2.5));
        assert_eq!(images.angle(Image { i: 1, j: 0 }, 0.5), -0.5);
    }

    #[test]
    fn the_nearest_copy_of_a_neighbour_across_a_seam_stands_beside() {
        let shape = Shape::parse("square", "5x5", Some("xy")).unwrap();
        let images = Images::of(&shape);
        // Cell (4, 2)'s east neighbour is (0, 2), whose copy east stands beside it.
        let im = images.nearest(Image::default(), (0.5, 2.5), (5.5, 2.5));
        assert_eq!(im, Image { i: 1, j: 0 });
        let im = images.nearest(Image::default(), (2.5, 4.5), (2.5, -0.5));
        assert_eq!(im, Image { i: 0, j: -1 });
        let plain = Images::of(&Shape::parse("hex", "5x5", None).unwrap());
        assert!(!plain.any());
        assert_eq!(
            plain.nearest(Image::default(), (9.0, 9.0), (0.0, 0.0)),
            Image::default()
        );
    }
}
