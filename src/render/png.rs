//! PNG: the maze as the page paints it (`canvas::Pixels`, the same walls
//! and colours), at a chosen cell size and theme, with the start, the goal
//! and, when asked, the solution laid over it as the page's solver layer
//! draws them (`canvas::Overlay`), then encoded by the `png` crate (the
//! page hands the same picture to the browser's encoder instead).

use crate::error::MazeError;
use crate::grid::Grid;
use crate::render::canvas::layout::Layout;
use crate::render::canvas::overlay::Overlay;
use crate::render::canvas::overlay_scene::OverlayScene;
use crate::render::canvas::palette::{over, Palette};
use crate::render::canvas::pixels::Pixels;
use crate::render::canvas::scene::Scene;
use crate::render::canvas::tiles::TileMap;
use crate::shape::{Cell, Shape};
use std::sync::Arc;

/// The smallest cell offered, in pixels, wall included.
pub const MIN_CELL_PX: u32 = 2;
/// The largest.
pub const MAX_CELL_PX: u32 = 64;
/// A picture's pixels at most (a 64-megapixel picture is 256 MB of RGBA
/// before encoding).
pub const MAX_PIXELS: u64 = 64_000_000;

/// How the picture is drawn.
#[derive(Clone, Copy, Debug)]
pub struct PngOptions {
    /// Pixels from one wall's middle to the next (a square cell's side,
    /// wall included).
    pub cell_px: u32,
    /// The page's light or dark colours.
    pub palette: &'static Palette,
}

/// A picture's pixels: `width` x `height`, RGBA row by row.
pub struct Picture {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
    /// Four bytes a pixel, red, green, blue and alpha, row by row.
    pub rgba: Vec<u8>,
}

/// The picture's size for `shape` at `cell_px`, or why it cannot be
/// drawn (a cell size out of range, a picture too big).
pub fn check(shape: &Shape, cell_px: u32) -> Result<(u32, u32), MazeError> {
    if !(MIN_CELL_PX..=MAX_CELL_PX).contains(&cell_px) {
        return Err(MazeError::BadValue {
            what: "cell size",
            given: format!("{cell_px} px"),
            valid: format!("{MIN_CELL_PX} to {MAX_CELL_PX} pixels"),
        });
    }
    let pitch = f64::from(cell_px);
    let (uw, uh) = shape.bounds();
    // A pixel of margin each side, as the page's fitted picture has.
    let width = (uw * pitch).ceil() as u64 + 2;
    let height = (uh * pitch).ceil() as u64 + 2;
    if width * height > MAX_PIXELS {
        return Err(MazeError::BadValue {
            what: "PNG size",
            given: format!("{width} x {height} pixels at {cell_px} px a cell"),
            valid: format!(
                "at most {} megapixels: a smaller cell size",
                MAX_PIXELS / 1_000_000
            ),
        });
    }
    Ok((width as u32, height as u32))
}

/// The maze drawn at `options`' cell size: its walls and passages, the
/// start and goal (`ends`), and `path` when given.
pub fn picture(
    grid: &Grid,
    ends: (Cell, Cell),
    path: Option<&[Cell]>,
    options: &PngOptions,
) -> Result<Picture, MazeError> {
    let shape = grid.shape();
    let (width, height) = check(shape, options.cell_px)?;
    let layout = Layout::for_shape(shape, width, height);
    let map = shape
        .plain_square()
        .is_none()
        .then(|| Arc::new(TileMap::new(shape, layout)));

    let mut scene = Scene::new(grid.clone(), false);
    scene.set_costs(grid.costs().cloned());
    scene.set_done(true);
    let mut pixels = Pixels::new(layout);
    pixels.set_map(map.clone());
    pixels.set_palette(options.palette);
    pixels.paint_all(&scene);

    let mut marks = OverlayScene::on_shape(shape, ends.0, ends.1);
    if let Some(path) = path {
        marks.set_path(path);
    }
    let mut overlay = Overlay::new(layout);
    overlay.set_map(map);
    overlay.set_palette(options.palette);
    overlay.paint_all(&marks);

    let mut rgba = pixels.rgba().to_vec();
    blend_over(&mut rgba, overlay.raster().rgba());
    Ok(Picture {
        width,
        height,
        rgba,
    })
}

/// Lays `top` (straight alpha) over the opaque `under`, pixel by pixel, as
/// the browser lays the overlay canvas over the maze's.
fn blend_over(under: &mut [u8], top: &[u8]) {
    for (u, t) in under.chunks_exact_mut(4).zip(top.chunks_exact(4)) {
        if t[3] != 0 {
            let top = [t[0], t[1], t[2], t[3]];
            u.copy_from_slice(&over(top, [u[0], u[1], u[2], u[3]]));
        }
    }
}

/// Encodes a picture as PNG bytes.
#[cfg(not(target_arch = "wasm32"))]
pub fn encode(picture: &Picture) -> Result<Vec<u8>, MazeError> {
    let mut bytes = Vec::new();
    let failed = |e: png::EncodingError| MazeError::BadValue {
        what: "PNG",
        given: e.to_string(),
        valid: "a picture the encoder can write".into(),
    };
    {
        let mut encoder = png::Encoder::new(&mut bytes, picture.width, picture.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(failed)?;
        writer.write_image_data(&picture.rgba).map_err(failed)?;
    }
    Ok(bytes)
}

/// The maze as PNG bytes (`picture`, then `encode`).
#[cfg(not(target_arch = "wasm32"))]
pub fn render(
    grid: &Grid,
    ends: (Cell, Cell),
    path: Option<&[Cell]>,
    options: &PngOptions,
) -> Result<Vec<u8>, MazeError> {
    encode(&picture(grid, ends, path, options)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entrance::{place, EntranceStyle};

    type Ends = (Cell, Cell);
    use crate::generate::{Generator, Params};
    use crate::render::canvas::palette::{DARK, LIGHT};
    use crate::shape::{Dims, Shape};

    fn maze(shape: Shape) -> (Grid, Ends) {
        let mut generator =
            Generator::by_name("backtracker", Params::on(shape, 3), false).expect("backtracker");
        let mut grid = generator.initial_grid();
        generator.finish_into(&mut grid);
        let doors = place(&grid, EntranceStyle::default(), 3);
        (grid, (doors.entrance.cell, doors.exit.cell))
    }

    fn square(w: u32, h: u32) -> (Grid, Ends) {
        maze(Shape::square(Dims::new(w, h).expect("a size")))
    }

    fn count(picture: &Picture, colour: [u8; 4]) -> usize {
        picture
            .rgba
            .chunks_exact(4)
            .filter(|p| *p == colour)
            .count()
    }

    #[test]
    fn a_cell_is_the_asked_pixels_and_the_picture_the_maze_s_size() {
        let (grid, ends) = square(20, 12);
        for cell_px in [2, 12, 24, 40] {
            let options = PngOptions {
                cell_px,
                palette: &LIGHT,
            };
            let p = picture(&grid, ends, None, &options).expect("a picture");
            assert_eq!((p.width, p.height), (20 * cell_px + 2, 12 * cell_px + 2));
            assert_eq!(p.rgba.len(), (p.width * p.height * 4) as usize);
        }
    }

    #[test]
    fn start_goal_and_the_solution_are_drawn_in_the_theme_s_colours() {
        let (grid, ends) = square(20, 12);
        let path = crate::analyze::shortest_path(&grid, ends.0, ends.1).expect("a path");
        for palette in [&LIGHT, &DARK] {
            let options = PngOptions {
                cell_px: 24,
                palette,
            };
            let plain = picture(&grid, ends, None, &options).expect("a picture");
            let solved = picture(&grid, ends, Some(&path), &options).expect("a picture");
            assert!(
                count(&plain, palette.start) > 100,
                "{}: the start",
                palette.name
            );
            assert!(
                count(&plain, palette.goal) > 100,
                "{}: the goal",
                palette.name
            );
            assert_eq!(
                count(&plain, palette.path),
                0,
                "{}: no path unasked",
                palette.name
            );
            // The path's band: some pixels a cell of the path, at least.
            assert!(
                count(&solved, palette.path) >= path.len() * 8,
                "{}: the path has {} pixels for {} cells",
                palette.name,
                count(&solved, palette.path),
                path.len()
            );
            assert!(count(&plain, palette.passage) > 0, "{}", palette.name);
        }
        let light = picture(
            &grid,
            ends,
            None,
            &PngOptions {
                cell_px: 24,
                palette: &LIGHT,
            },
        );
        let dark = picture(
            &grid,
            ends,
            None,
            &PngOptions {
                cell_px: 24,
                palette: &DARK,
            },
        );
        assert_ne!(light.expect("light").rgba, dark.expect("dark").rgba);
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn every_shape_draws_and_encodes_as_a_png() {
        for (name, size) in [
            ("hex", "12x10"),
            ("polar", "8"),
            ("triangle", "14x10"),
            ("upsilon", "10x8"),
            ("cube", "5"),
            ("3d", "6x5x3"),
        ] {
            let shape = Shape::parse(name, size, None).expect("a shape");
            let (grid, ends) = maze(shape);
            let bytes = render(
                &grid,
                ends,
                None,
                &PngOptions {
                    cell_px: 10,
                    palette: &LIGHT,
                },
            )
            .expect("a PNG");
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{name}");
        }
    }

    #[test]
    fn a_cell_size_out_of_range_or_a_picture_too_big_is_refused_by_name() {
        let (grid, ends) = square(20, 12);
        for cell_px in [0, 1, 65, 1000] {
            let e = picture(
                &grid,
                ends,
                None,
                &PngOptions {
                    cell_px,
                    palette: &LIGHT,
                },
            )
            .err()
            .expect("refused");
            assert!(e.to_string().contains("cell size"), "{e}");
        }
        let (big, ends) = square(1000, 1000);
        let e = picture(
            &big,
            ends,
            None,
            &PngOptions {
                cell_px: 64,
                palette: &LIGHT,
            },
        )
        .err()
        .expect("refused");
        assert!(e.to_string().contains("megapixels"), "{e}");
    }
}
