//! The canvas: the models of what is shown (`scene` for the maze,
//! `overlay_scene` for the solving layer) apart from the painters that turn
//! them into pixels (`pixels` for the plain square, `tile_paint` from a
//! `tiles` map for every other shape, `overlay` for the solving layer),
//! with where the maze sits (`layout`), the pixel buffer and its dirty
//! bands (`raster`), both themes (`palette`) and the marks' shapes for the
//! patterns mode (`glyph`). Painters read models; models know no painter.

pub mod glyph;
pub mod layout;
pub mod overlay;
pub mod overlay_scene;
pub mod palette;
pub mod pixels;
pub mod raster;
pub mod scene;
pub mod tile_paint;
pub mod tiles;
