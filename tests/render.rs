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

/// The walls path of an SVG document (its first path).
fn walls_path(svg: &str) -> &str {
    let from = svg.find("<path d=\"").expect("a walls path") + "<path d=\"".len();
    &svg[from..from + svg[from..].find('"').unwrap()]
}

/// Wall segments as sorted, direction-free keys (hundredths of a unit),
/// each split wherever one of `corners` lies on it, so that a drawing
/// that merges straight runs and one that does not compare equal.
fn segment_set(d: &str, corners: &[(i64, i64)]) -> Vec<[i64; 4]> {
    let k = |v: f64| (v * 100.0).round() as i64;
    let mut out = Vec::new();
    for ((ax, ay), (bx, by)) in mazelab::render::plot::segments(d, None) {
        let (a, b) = ((k(ax), k(ay)), (k(bx), k(by)));
        // The corners strictly inside the segment, in order along it.
        let mut on: Vec<(i64, i64)> = corners
            .iter()
            .copied()
            .filter(|&p| {
                let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
                let within = (p.0 - a.0) * (p.0 - b.0) + (p.1 - a.1) * (p.1 - b.1) < 0;
                cross == 0 && within
            })
            .collect();
        on.sort_by_key(|&p| (p.0 - a.0).abs() + (p.1 - a.1).abs());
        let mut from = a;
        for to in on.into_iter().chain([b]) {
            let (p, q) = if from <= to { (from, to) } else { (to, from) };
            out.push([p.0, p.1, q.0, q.1]);
            from = to;
        }
    }
    out.sort_unstable();
    out
}

/// Every end of every piece of a walls path.
fn corners_of(d: &str) -> Vec<(i64, i64)> {
    let k = |v: f64| (v * 100.0).round() as i64;
    let mut out: Vec<(i64, i64)> = mazelab::render::plot::segments(d, None)
        .into_iter()
        .flat_map(|((ax, ay), (bx, by))| [(k(ax), k(ay)), (k(bx), k(by))])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The plotter's SVG draws every wall segment of the plain SVG exactly
/// once (the same multiset of segments), on every shape, woven, braided
/// and wrapped mazes included, and says how many strokes it took; a
/// 40 x 40 backtracker needs at most a quarter as many strokes as it has
/// wall segments.
#[test]
fn the_plotters_svg_draws_each_wall_once_in_few_strokes() {
    use mazelab::shape::Shape;
    let cases: Vec<(&str, Shape, u8, bool)> = vec![
        (
            "backtracker",
            Shape::parse("square", "40x40", None).unwrap(),
            0,
            false,
        ),
        (
            "wilson",
            Shape::parse("square", "17x11", None).unwrap(),
            30,
            false,
        ),
        (
            "kruskal",
            Shape::parse("square", "12x9", None).unwrap(),
            0,
            true,
        ),
        (
            "prim",
            Shape::parse("square", "12x9", Some("xy")).unwrap(),
            0,
            false,
        ),
        (
            "backtracker",
            Shape::parse("hex", "9x7", None).unwrap(),
            0,
            false,
        ),
        (
            "backtracker",
            Shape::parse("polar", "6", None).unwrap(),
            0,
            false,
        ),
        (
            "kruskal",
            Shape::parse("triangle", "10x7", None).unwrap(),
            20,
            false,
        ),
        (
            "backtracker",
            Shape::parse("3d", "5x4x3", None).unwrap(),
            0,
            false,
        ),
        ("wilson", Shape::parse("cube", "4", None).unwrap(), 0, false),
        (
            "kruskal",
            Shape::parse("upsilon", "8x6", None).unwrap(),
            0,
            false,
        ),
        (
            "prim",
            Shape::parse("square", "8x6", Some("klein")).unwrap(),
            0,
            false,
        ),
    ];
    for (name, shape, braid, weave) in cases {
        let label = format!("{name} on {}", shape.name());
        let mut params = Params::on(shape, 9);
        params.braid = braid;
        params.weave = weave;
        let grid = generate(name, params).unwrap();
        let ends = entrance::place(&grid, entrance::EntranceStyle::Norvig, 9);
        let plain = svg::render(&grid, Some(&ends), None);
        let plotted = svg::render_for_plotter(&grid, Some(&ends), None);
        // Both drawings split at every corner either has.
        let mut corners = corners_of(walls_path(&plain));
        corners.extend(corners_of(walls_path(&plotted)));
        corners.sort_unstable();
        corners.dedup();
        let want = segment_set(walls_path(&plain), &corners);
        let got = segment_set(walls_path(&plotted), &corners);
        let first_difference = want.iter().zip(&got).find(|(a, b)| a != b);
        assert!(
            got == want,
            "{label}: every wall once, nothing else: {} segments for {}, first difference {first_difference:?}",
            got.len(),
            want.len()
        );
        let strokes = walls_path(&plotted).matches('M').count();
        assert!(
            plotted.contains(&format!("<desc>for plotters: {strokes} strokes draw the ")),
            "{label}: {}",
            &plotted[..200]
        );
        if name == "backtracker" && grid.square().is_some() {
            // Wall segments a cell side long.
            let units = mazelab::render::plot::segments(walls_path(&plain), Some(10.0)).len();
            assert!(
                strokes * 4 <= units,
                "{label}: {strokes} strokes for {units} wall segments"
            );
        }
    }
}

/// A 3D or 4D maze's SVG draws one arrow (a closed triangle of three
/// strokes) in each of the two cells of every passage between levels, and
/// a solution that changes level jumps there as a dashed line.
#[test]
fn passages_between_levels_are_arrows_in_both_cells() {
    use mazelab::shape::{Shape, Topology};
    for (kind, size) in [("3d", "5x4x3"), ("4d", "3x3x2x2")] {
        let shape = Shape::parse(kind, size, None).unwrap();
        let grid = generate("backtracker", Params::on(shape.clone(), 4)).unwrap();
        let between_levels = grid
            .opening_pairs()
            .filter(|&(a, b)| {
                let k = shape
                    .sides(a)
                    .as_slice()
                    .iter()
                    .position(|&s| s == Some(b))
                    .unwrap();
                k >= 4
            })
            .count();
        assert!(between_levels > 0, "{kind}");
        let ends = entrance::place(&grid, entrance::EntranceStyle::Norvig, 4);
        let path = match mazelab::solve::solve("bfs", &grid, ends.entrance.cell, ends.exit.cell)
            .unwrap()
        {
            mazelab::solve::Outcome::Found(p) => p,
            other => panic!("{other:?}"),
        };
        let text = svg::render(&grid, Some(&ends), Some(&path));
        // An arrow is the only closed four-point run (M, L, L, L back).
        let arrows = walls_path(&text)
            .split('M')
            .filter(|piece| piece.matches('L').count() == 3)
            .count();
        assert_eq!(arrows, 2 * between_levels, "{kind}");
        assert!(
            text.contains("class=\"jumps\""),
            "{kind}: the solution changes level"
        );
    }
}
