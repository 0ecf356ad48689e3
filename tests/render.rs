//! Renderers against hand-checked small mazes, and round trips on random ones.

mod common;

use common::{comb, dims};
use mazelab::analyze;
use mazelab::entrance::{self, Door, Ends};
use mazelab::generate::{generate, Params, ALGORITHMS};
use mazelab::grid::Grid;
use mazelab::render::text::{ascii, blocks, norvig};
use mazelab::render::{json, svg};

/// `+-+-+` / `|   |`: two cells with the wall between them open.
fn pair() -> Grid {
    let mut grid = Grid::closed(dims(2, 1));
    grid.set_open(0, 1, true);
    grid
}

#[test]
fn ascii_draws_the_blog_style_with_gaps_for_the_ends() {
    assert_eq!(ascii::render(&pair(), None, None), "+-+-+\n|   |\n+-+-+\n");
    let ends = entrance::norvig(dims(2, 1));
    assert_eq!(
        ascii::render(&pair(), Some(&ends), None),
        "+ +-+\n|   |\n+-+ +\n"
    );
    let path = [0, 1];
    assert_eq!(
        ascii::render(&pair(), Some(&ends), Some(&path)),
        "+ +-+\n|...|\n+-+ +\n"
    );
    assert_eq!(
        ascii::render(&comb(), None, None),
        "+-+-+-+\n|     |\n+ +-+ +\n| | | |\n+-+-+-+\n"
    );
}

#[test]
fn ascii_marks_inner_ends_with_letters() {
    let ends = Ends {
        entrance: Door {
            cell: 3,
            side: None,
        },
        exit: Door {
            cell: 5,
            side: None,
        },
    };
    assert_eq!(
        ascii::render(&comb(), Some(&ends), None),
        "+-+-+-+\n|     |\n+ +-+ +\n|S| |E|\n+-+-+-+\n"
    );
}

#[test]
fn norvig_draws_o_and_double_dashes() {
    let ends = entrance::norvig(dims(2, 1));
    assert_eq!(
        norvig::render(&pair(), Some(&ends), None),
        "o  o--o\n|     |\no--o  o\n"
    );
    assert_eq!(
        norvig::render(&pair(), Some(&ends), Some(&[0, 1])),
        "o  o--o\n|*****|\no--o  o\n"
    );
}

#[test]
fn blocks_draw_one_hash_per_wall_pixel() {
    let ends = entrance::norvig(dims(3, 2));
    assert_eq!(
        blocks::render(&comb(), Some(&ends), None),
        "#S#####\n#     #\n# ### #\n# # # #\n#####E#\n"
    );
}

#[test]
fn svg_merges_wall_runs_and_leaves_gaps_for_the_ends() {
    let grid = Grid::closed(dims(1, 1));
    let ends = entrance::norvig(dims(1, 1));
    let text = svg::render(&grid, Some(&ends), Some(&[0]));
    assert!(
        text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\""),
        "{text}"
    );
    assert!(text.contains("<path d=\"M5 5V15M15 5V15\""), "{text}");
    assert!(
        text.contains("class=\"solution\" points=\"10,10\""),
        "{text}"
    );
    let closed = svg::render(&pair(), None, None);
    assert!(
        closed.contains("d=\"M5 5H25M5 15H25M5 5V15M25 5V15\""),
        "{closed}"
    );
    assert!(closed.trim_end().ends_with("</svg>"));
}

#[test]
fn json_lists_openings_as_cell_index_pairs() {
    let ends = entrance::norvig(dims(3, 2));
    let meta = json::Meta {
        seed: 7,
        algorithm: "hand",
    };
    assert_eq!(
        json::render(&comb(), &meta, &ends, Some(&[0, 1, 2, 5])),
        "{\"shape\":\"square\",\"width\":3,\"height\":2,\"cells\":6,\"seed\":7,\"algorithm\":\"hand\",\
         \"entrance\":0,\"exit\":5,\"edges\":[[0,1],[0,3],[1,2],[1,4],[2,5],[3,4],[4,5]],\"masked\":[],\
         \"openings\":[[0,1],[0,3],[1,2],[2,5]],\"tunnels\":[],\"solution\":[0,1,2,5]}\n"
    );
}

/// Reads an ascii maze back: a space between two cells is an opening.
fn parse_ascii(text: &str, w: u32, h: u32) -> Grid {
    let lines: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
    assert_eq!(lines.len(), 2 * h as usize + 1);
    let mut grid = Grid::closed(dims(w, h));
    for y in 0..h {
        for x in 0..w {
            let (px, py) = (2 * x as usize + 1, 2 * y as usize + 1);
            let cell = y * w + x;
            if x + 1 < w && lines[py][px + 1] == b' ' {
                grid.set_open(cell, cell + 1, true);
            }
            if y + 1 < h && lines[py + 1][px] == b' ' {
                grid.set_open(cell, cell + w, true);
            }
        }
    }
    grid
}

/// Reads a JSON maze back from its `openings` list.
fn parse_json_openings(text: &str, w: u32, h: u32) -> Grid {
    let start = text.find("\"openings\":[").unwrap() + "\"openings\":[".len();
    let end = start + text[start..].find("]]").map_or(0, |i| i + 1);
    let mut grid = Grid::closed(dims(w, h));
    for pair in text[start..end].split("],[") {
        let pair = pair.trim_matches(|c| c == '[' || c == ']');
        if pair.is_empty() {
            continue;
        }
        let (a, b) = pair.split_once(',').unwrap();
        assert!(grid.set_open(a.parse().unwrap(), b.parse().unwrap(), true));
    }
    grid
}

#[test]
fn ascii_and_json_read_back_to_the_same_maze() {
    for algorithm in ALGORITHMS {
        for (w, h) in [(1, 1), (5, 1), (1, 4), (13, 8)] {
            // The unicursal labyrinth takes even sides only.
            let (w, h) = if algorithm.even_sides {
                (w + w % 2, h + h % 2)
            } else {
                (w, h)
            };
            let grid = generate(algorithm.name, Params::new(dims(w, h), 8)).unwrap();
            let ends = entrance::norvig(grid.dims());
            assert_eq!(
                parse_ascii(&ascii::render(&grid, Some(&ends), None), w, h),
                grid,
                "{}",
                algorithm.name
            );
            let meta = json::Meta {
                seed: 8,
                algorithm: algorithm.name,
            };
            assert_eq!(
                parse_json_openings(&json::render(&grid, &meta, &ends, None), w, h),
                grid
            );
        }
    }
}

#[test]
fn every_text_format_has_the_documented_dimensions() {
    let grid = generate("prim", Params::new(dims(9, 4), 1)).unwrap();
    let ends = entrance::place(&grid, entrance::EntranceStyle::Random, 1);
    let path = analyze::shortest_path(&grid, ends.entrance.cell, ends.exit.cell).unwrap();
    for (text, width) in [
        (ascii::render(&grid, Some(&ends), Some(&path)), 19),
        (blocks::render(&grid, Some(&ends), Some(&path)), 19),
        (norvig::render(&grid, Some(&ends), Some(&path)), 28),
    ] {
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9, "{text}");
        assert!(lines.iter().all(|l| l.chars().count() == width), "{text}");
    }
    let side = ends.entrance.side.unwrap();
    assert!(grid.dims().on_border(ends.entrance.cell, side));
    let exit_side = ends.exit.side.unwrap();
    assert!(grid.dims().on_border(ends.exit.cell, exit_side));
    assert_ne!(
        (ends.entrance.cell, side),
        (ends.exit.cell, exit_side),
        "random ends must differ"
    );
}
