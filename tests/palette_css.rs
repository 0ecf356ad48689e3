//! The page's stylesheet names the canvas's colours for its legend
//! (`--passage`, `--frontier`, ...): each must be the colour the canvas
//! paints in that theme (src/render/canvas/palette.rs), so the legend never
//! shows a swatch the maze does not.

use mazelab::render::canvas::palette::{over, Palette, Rgba, DARK, LIGHT};

/// The `--name: #rrggbb` declarations of the stylesheet's block that starts
/// with `selector`.
fn variables(css: &str, selector: &str) -> Vec<(String, Rgba)> {
    let start = css
        .find(selector)
        .unwrap_or_else(|| panic!("style.css has a {selector} block"));
    let block = &css[start..start + css[start..].find('}').expect("the block ends")];
    block
        .split(';')
        .filter_map(|decl| {
            let (name, value) = decl.split_once(':')?;
            let name = name.trim().rsplit(['{', '\n', ' ']).next()?.to_string();
            let hex = value.trim().strip_prefix('#')?;
            if !name.starts_with("--") || hex.len() != 6 {
                return None;
            }
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
            Some((name, [byte(0)?, byte(2)?, byte(4)?, 0xff]))
        })
        .collect()
}

fn check(palette: &Palette, selector: &str) {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/style.css"))
        .expect("www/style.css");
    let found = variables(&css, selector);
    let canvas = [
        ("--passage", palette.passage),
        ("--solid", palette.solid),
        ("--wall", palette.wall),
        ("--path", palette.path),
        ("--explored", palette.explored),
        ("--trail", palette.trail),
        ("--frontier", palette.frontier),
        ("--walk", palette.walk),
        ("--cursor", palette.cursor),
        ("--dead", palette.dead),
        ("--start", palette.start),
        ("--goal", palette.goal),
    ];
    // A solver's queued cells are a tint over a passage: the swatch is
    // the colour they show.
    let canvas = canvas
        .into_iter()
        .chain([("--queued", over(palette.queued_tint, palette.passage))])
        // The dearest cell of a weighted maze: the floor at the top cost.
        .chain([("--dear", palette.heat_floor(9, 9))]);
    for (name, colour) in canvas {
        let css_colour = found
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{selector} sets {name}"))
            .1;
        assert_eq!(css_colour, colour, "{} theme: {name}", palette.name);
    }
}

#[test]
fn the_legend_colours_are_the_light_canvas_colours() {
    check(&LIGHT, ":root, [data-theme=\"light\"] {");
}

#[test]
fn the_legend_colours_are_the_dark_canvas_colours() {
    check(&DARK, "[data-theme=\"dark\"] {");
}
