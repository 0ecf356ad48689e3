//! The colours of the maze and of the solving overlay, in a light and a dark
//! theme. The hues are Okabe-Ito's, which stay distinguishable with every
//! common colour-vision deficiency; only walls, passages and uncarved cells
//! swap between the themes.

use crate::event::Mark;

/// An RGBA colour.
pub type Rgba = [u8; 4];

/// A fully transparent pixel: the solving layer where it shows nothing.
pub const CLEAR: Rgba = [0; 4];

/// Everything the painters colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The theme's name in links and on the page: `light` or `dark`.
    pub name: &'static str,
    /// Whether the working state's marks (the current cell, the frontier,
    /// the walk, ...) also carry a shape (`glyph`), told apart without
    /// colour: a mode a person switches on.
    pub patterns: bool,
    /// Walls.
    pub wall: Rgba,
    /// A cell not yet carved.
    pub solid: Rgba,
    /// A carved cell.
    pub passage: Rgba,
    /// A frontier cell.
    pub frontier: Rgba,
    /// A cell on a random walk.
    pub walk: Rgba,
    /// The current cell.
    pub cursor: Rgba,
    /// A cell a solver explored.
    pub explored: Rgba,
    /// A cell on the path.
    pub path: Rgba,
    /// A dead end a solver closed.
    pub dead: Rgba,
    /// Overlay tints: translucent, so the maze's walls show through.
    pub explored_tint: Rgba,
    /// A cell a solver has queued and not yet explored (its frontier):
    /// a hue of its own, apart from the explored cells' olive and the
    /// path's blue.
    pub queued_tint: Rgba,
    /// The overlay's dead-end tint.
    pub dead_tint: Rgba,
    /// The player's trail.
    pub trail: Rgba,
    /// The start marker.
    pub start: Rgba,
    /// The goal marker.
    pub goal: Rgba,
    /// A weighted maze's floor: passages blended toward this hue, the
    /// more the dearer the cell, up to its alpha (`heat_floor`).
    pub heat: Rgba,
}

/// The colours that mark which seams of a wrapped square or the cube's net
/// meet (Okabe-Ito's hues: told apart with every common colour-vision
/// deficiency; both themes).
pub const SEAMS: [Rgba; 7] = [
    [0x00, 0x72, 0xb2, 0xff],
    [0xd5, 0x5e, 0x00, 0xff],
    [0x00, 0x9e, 0x73, 0xff],
    [0xcc, 0x79, 0xa7, 0xff],
    [0xe6, 0x9f, 0x00, 0xff],
    [0x56, 0xb4, 0xe9, 0xff],
    [0xf0, 0xe4, 0x42, 0xff],
];

/// The light theme: Okabe-Ito's hues, the lighter ones darkened until each
/// mark stands at least 3:1 against a passage (WCAG's figure for graphics;
/// the tests below hold every pair).
pub const LIGHT: Palette = Palette {
    name: "light",
    patterns: false,
    wall: [0x1d, 0x1d, 0x22, 0xff],
    solid: [0x45, 0x48, 0x52, 0xff],
    passage: [0xf7, 0xf4, 0xea, 0xff],
    frontier: [0xb9, 0x80, 0x00, 0xff],
    walk: [0x46, 0x92, 0xbd, 0xff],
    cursor: [0xd5, 0x5e, 0x00, 0xff],
    explored: [0x95, 0x8d, 0x29, 0xff],
    path: [0x00, 0x72, 0xb2, 0xff],
    dead: [0x8a, 0x8a, 0x8a, 0xff],
    explored_tint: [0x7d, 0x75, 0x18, 0xd0],
    queued_tint: [0x6a, 0x3d, 0x9a, 0xd0],
    dead_tint: [0x4a, 0x4a, 0x4a, 0xa0],
    trail: [0x46, 0x92, 0xbd, 0xff],
    start: [0x00, 0x9e, 0x73, 0xff],
    goal: [0xc0, 0x72, 0x9d, 0xff],
    heat: [0x8c, 0x51, 0x0a, 0xb0],
};

/// The dark theme: light walls on dark passages, cells not yet carved a
/// lighter grey than passages (black would stand only 1.4:1 against
/// them); the same hues for marks, with the path a lighter blue so it
/// stands out on dark ground.
pub const DARK: Palette = Palette {
    name: "dark",
    patterns: false,
    wall: [0xd8, 0xd5, 0xcb, 0xff],
    solid: [0x76, 0x7a, 0x85, 0xff],
    passage: [0x2a, 0x2d, 0x35, 0xff],
    frontier: [0xe6, 0x9f, 0x00, 0xff],
    walk: [0x56, 0xb4, 0xe9, 0xff],
    cursor: [0xd5, 0x5e, 0x00, 0xff],
    explored: [0x8a, 0x82, 0x2a, 0xff],
    path: [0x56, 0xb4, 0xe9, 0xff],
    dead: [0x8a, 0x8a, 0x8a, 0xff],
    explored_tint: [0xf0, 0xe4, 0x42, 0x70],
    queued_tint: [0xc0, 0xa0, 0xff, 0xb0],
    dead_tint: [0x9a, 0x9a, 0x9a, 0xb0],
    trail: [0xf0, 0xe4, 0x42, 0xff],
    start: [0x00, 0x9e, 0x73, 0xff],
    goal: [0xcc, 0x79, 0xa7, 0xff],
    heat: [0xc0, 0x6a, 0x18, 0xb0],
};

/// The light theme with the working state's marks patterned as well as
/// coloured (`Palette::patterns`).
pub const LIGHT_PATTERNED: Palette = Palette {
    patterns: true,
    ..LIGHT
};

/// The dark theme, patterned.
pub const DARK_PATTERNED: Palette = Palette {
    patterns: true,
    ..DARK
};

impl Palette {
    /// How much of the heat hue a cell of cost `cost` takes on a maze
    /// whose dearest cell costs `max`, of 255: none at 1, the hue's own
    /// alpha at `max`, evenly between from a faint floor (a cost of 2
    /// still shows).
    pub fn heat_share(&self, cost: u32, max: u32) -> u8 {
        if cost <= 1 || max <= 1 {
            return 0;
        }
        let top = u32::from(self.heat[3]);
        let floor = top / 6;
        (floor + (top - floor) * (cost.min(max) - 1) / (max - 1)) as u8
    }

    /// A weighted maze's floor under a cell of cost `cost`: the passage
    /// blended toward the heat hue by `heat_share`.
    pub fn heat_floor(&self, cost: u32, max: u32) -> Rgba {
        let [r, g, b, _] = blend(self.passage, self.heat, self.heat_share(cost, max));
        [r, g, b, self.passage[3]]
    }

    /// The theme by name, if there is one.
    pub fn by_name(name: &str) -> Option<&'static Palette> {
        [&LIGHT, &DARK].into_iter().find(|p| p.name == name)
    }

    /// This theme with patterns on or off.
    pub fn with_patterns(&self, on: bool) -> &'static Palette {
        match (self.name, on) {
            ("dark", false) => &DARK,
            ("dark", true) => &DARK_PATTERNED,
            (_, false) => &LIGHT,
            (_, true) => &LIGHT_PATTERNED,
        }
    }

    /// The colour of a generator's mark, if it has one of its own.
    #[inline]
    pub fn mark(&self, mark: Mark) -> Option<Rgba> {
        match mark {
            Mark::Blank => None,
            Mark::Frontier => Some(self.frontier),
            Mark::Walk => Some(self.walk),
            Mark::Explored => Some(self.explored),
            Mark::Path => Some(self.path),
            Mark::Dead => Some(self.dead),
        }
    }
}

/// The mean of two colours, for an opening between two cells.
#[inline]
pub fn mix(a: Rgba, b: Rgba) -> Rgba {
    std::array::from_fn(|i| ((u16::from(a[i]) + u16::from(b[i])) / 2) as u8)
}

/// `a` blended toward `b` by `t` of 255.
#[inline]
pub fn blend(a: Rgba, b: Rgba, t: u8) -> Rgba {
    let t = u32::from(t);
    std::array::from_fn(|i| ((u32::from(a[i]) * (255 - t) + u32::from(b[i]) * t + 127) / 255) as u8)
}

/// A sequential palette (viridis stops) for distance colouring, `t` in 0..=1:
/// readable with colour blindness and in both themes.
pub fn gradient(t: f32) -> Rgba {
    const STOPS: [[f32; 3]; 5] = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f32;
    let i = (t as usize).min(STOPS.len() - 2);
    let f = t - i as f32;
    let mix = |k: usize| (STOPS[i][k] + (STOPS[i + 1][k] - STOPS[i][k]) * f) as u8;
    [mix(0), mix(1), mix(2), 0xff]
}

/// A translucent colour laid over an opaque one: what a tint shows on a
/// passage (the legend's swatches are these).
pub fn over(top: Rgba, under: Rgba) -> Rgba {
    let [r, g, b, _] = blend(under, top, top[3]);
    [r, g, b, 0xff]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG 2's relative luminance.
    fn luminance(c: Rgba) -> f64 {
        let channel = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
    }

    /// WCAG 2's contrast ratio.
    fn contrast(a: Rgba, b: Rgba) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn walls_cells_and_marks_stand_3_to_1_against_a_passage_in_both_themes() {
        for p in [&LIGHT, &DARK] {
            let ground = p.passage;
            let opaque = [
                ("wall", p.wall),
                ("not yet carved", p.solid),
                ("frontier", p.frontier),
                ("walk", p.walk),
                ("current cell", p.cursor),
                ("explored", p.explored),
                ("path", p.path),
                ("dead end", p.dead),
                ("trail", p.trail),
                ("start", p.start),
                ("goal", p.goal),
            ];
            let tints = [
                ("explored tint", over(p.explored_tint, ground)),
                ("queued tint", over(p.queued_tint, ground)),
                ("dead-end tint", over(p.dead_tint, ground)),
            ];
            for (what, colour) in opaque.into_iter().chain(tints) {
                let ratio = contrast(colour, ground);
                assert!(
                    ratio >= 3.0,
                    "{} theme: {what} is {ratio:.2}:1 on a passage",
                    p.name
                );
            }
        }
    }

    /// CIE L*a*b* of an sRGB colour (D65).
    fn lab(c: Rgba) -> [f64; 3] {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        let (r, g, b) = (lin(c[0]), lin(c[1]), lin(c[2]));
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// How far apart two colours look (CIE76: 2.3 is just noticeable,
    /// 25 and more reads as another colour at a glance).
    fn delta_e(a: Rgba, b: Rgba) -> f64 {
        let (a, b) = (lab(a), lab(b));
        (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
    }

    #[test]
    fn a_solver_s_queued_explored_and_path_cells_are_told_apart_at_a_glance() {
        for p in [&LIGHT, &DARK] {
            let ground = p.passage;
            let queued = over(p.queued_tint, ground);
            let explored = over(p.explored_tint, ground);
            for (what, a, b) in [
                ("queued and explored", queued, explored),
                ("queued and the path", queued, p.path),
                ("explored and the path", explored, p.path),
                ("queued and dead ends", queued, over(p.dead_tint, ground)),
            ] {
                let apart = delta_e(a, b);
                assert!(
                    apart >= 30.0,
                    "{} theme: {what} are {apart:.1} apart",
                    p.name
                );
            }
        }
    }

    #[test]
    fn the_patterned_themes_differ_only_in_their_patterns() {
        for p in [&LIGHT, &DARK] {
            let patterned = p.with_patterns(true);
            assert!(patterned.patterns);
            assert_eq!(
                Palette {
                    patterns: false,
                    ..*patterned
                },
                *p
            );
            assert_eq!(patterned.with_patterns(false), p);
        }
    }

    #[test]
    fn a_weighted_floor_keeps_walls_and_the_path_readable_and_grows_with_cost() {
        for p in [&LIGHT, &DARK] {
            assert_eq!(
                p.heat_floor(1, 9),
                p.passage,
                "{}: a cost of 1 is bare",
                p.name
            );
            let mut last = p.passage;
            for cost in 2..=9 {
                let floor = p.heat_floor(cost, 9);
                // Each step dearer is another colour, further from the passage.
                assert_ne!(floor, last, "{} cost {cost}", p.name);
                assert!(contrast(floor, p.passage) >= contrast(last, p.passage));
                let wall = contrast(floor, p.wall);
                assert!(wall >= 3.0, "{} wall on cost {cost}: {wall:.2}", p.name);
                let path = contrast(floor, p.path);
                assert!(path >= 1.5, "{} path on cost {cost}: {path:.2}", p.name);
                last = floor;
            }
            // The dearest cell stands apart from the bare floor.
            assert!(contrast(p.heat_floor(9, 9), p.passage) >= 2.0, "{}", p.name);
        }
    }

    #[test]
    fn the_contrast_ratio_is_wcags() {
        assert!((contrast([0, 0, 0, 255], [255, 255, 255, 255]) - 21.0).abs() < 1e-9);
        assert!((contrast([0x77, 0x77, 0x77, 255], [255, 255, 255, 255]) - 4.48).abs() < 0.01);
    }
}
