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
    /// The overlay's frontier tint.
    pub frontier_tint: Rgba,
    /// The overlay's dead-end tint.
    pub dead_tint: Rgba,
    /// The player's trail.
    pub trail: Rgba,
    /// The start marker.
    pub start: Rgba,
    /// The goal marker.
    pub goal: Rgba,
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

/// The light theme (the colours mazelab always had).
pub const LIGHT: Palette = Palette {
    name: "light",
    wall: [0x1d, 0x1d, 0x22, 0xff],
    solid: [0x45, 0x48, 0x52, 0xff],
    passage: [0xf7, 0xf4, 0xea, 0xff],
    frontier: [0xe6, 0x9f, 0x00, 0xff],
    walk: [0x56, 0xb4, 0xe9, 0xff],
    cursor: [0xd5, 0x5e, 0x00, 0xff],
    explored: [0xf0, 0xe4, 0x42, 0xff],
    path: [0x00, 0x72, 0xb2, 0xff],
    dead: [0x99, 0x99, 0x99, 0xff],
    explored_tint: [0xf0, 0xe4, 0x42, 0x80],
    frontier_tint: [0xe6, 0x9f, 0x00, 0x90],
    dead_tint: [0x70, 0x70, 0x70, 0x70],
    trail: [0x56, 0xb4, 0xe9, 0xff],
    start: [0x00, 0x9e, 0x73, 0xff],
    goal: [0xcc, 0x79, 0xa7, 0xff],
};

/// The dark theme: light walls on dark passages; the same hues for marks,
/// with the path a lighter blue so it stands out on dark ground.
pub const DARK: Palette = Palette {
    name: "dark",
    wall: [0xd8, 0xd5, 0xcb, 0xff],
    solid: [0x0e, 0x0f, 0x12, 0xff],
    passage: [0x2a, 0x2d, 0x35, 0xff],
    frontier: [0xe6, 0x9f, 0x00, 0xff],
    walk: [0x56, 0xb4, 0xe9, 0xff],
    cursor: [0xd5, 0x5e, 0x00, 0xff],
    explored: [0x8a, 0x82, 0x2a, 0xff],
    path: [0x56, 0xb4, 0xe9, 0xff],
    dead: [0x55, 0x55, 0x55, 0xff],
    explored_tint: [0xf0, 0xe4, 0x42, 0x2c],
    frontier_tint: [0xe6, 0x9f, 0x00, 0x80],
    dead_tint: [0x00, 0x00, 0x00, 0x80],
    trail: [0xf0, 0xe4, 0x42, 0xff],
    start: [0x00, 0x9e, 0x73, 0xff],
    goal: [0xcc, 0x79, 0xa7, 0xff],
};

impl Palette {
    /// The theme by name, if there is one.
    pub fn by_name(name: &str) -> Option<&'static Palette> {
        [&LIGHT, &DARK].into_iter().find(|p| p.name == name)
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
