//! `mazelab sheet`, read back with poppler's tools (pdfinfo, pdftotext,
//! pdftoppm, which scripts/setup installs): the pages come in the paper's
//! size and number, the text is real text naming each maze's seed, every
//! shape prints, an answer page differs from its puzzle only by the
//! solution drawn over the maze, and bad options are refused by name.

use std::process::{Command, Output};

fn mazelab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazelab"))
        .args(args)
        .output()
        .expect("the CLI runs")
}

/// Writes a sheet to a temporary file; its path.
fn sheet(name: &str, args: &[&str]) -> std::path::PathBuf {
    let out = mazelab(&[&["sheet"], args].concat());
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path =
        std::env::temp_dir().join(format!("mazelab-sheet-{}-{name}.pdf", std::process::id()));
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{name} (poppler-utils, installed by scripts/setup): {e}"));
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `pdfinfo`'s value for `key`.
fn info(path: &std::path::Path, key: &str) -> String {
    tool("pdfinfo", &[path.to_str().unwrap()])
        .lines()
        .find_map(|l| {
            l.strip_prefix(&format!("{key}:"))
                .map(|v| v.trim().to_string())
        })
        .unwrap_or_default()
}

#[test]
fn pages_come_in_the_papers_size_and_number_and_name_their_seeds() {
    let a4 = sheet(
        "a4",
        &[
            "--size",
            "20x15",
            "--seed",
            "40",
            "--count",
            "3",
            "--answers",
            "--title",
            "Class 4B",
        ],
    );
    assert_eq!(info(&a4, "Pages"), "6");
    assert!(
        info(&a4, "Page size").starts_with("595 x 842 pts"),
        "{}",
        info(&a4, "Page size")
    );
    assert_eq!(info(&a4, "Title"), "Class 4B");
    let text = tool("pdftotext", &[a4.to_str().unwrap(), "-"]);
    for seed in 40..43 {
        assert!(
            text.contains(&format!("seed {seed}")),
            "seed {seed} in\n{text}"
        );
        assert!(
            text.contains(&format!("size=20x15&seed={seed}")),
            "the link of seed {seed}"
        );
    }
    assert!(text.contains("answer to maze 3 of 3") && text.contains("Class 4B"));
    // Each caption numbers its maze and names the algorithm and the seed;
    // a page has a line for a name and a date.
    assert!(
        text.contains("2. backtracker - square 20x15 - seed 41"),
        "{text}"
    );
    assert!(text.contains("Name") && text.contains("Date"), "{text}");

    let letter = sheet(
        "letter",
        &["--size", "20x15", "--paper", "letter", "--landscape"],
    );
    assert_eq!(info(&letter, "Pages"), "1");
    assert!(
        info(&letter, "Page size").starts_with("792 x 612 pts"),
        "{}",
        info(&letter, "Page size")
    );
    for path in [a4, letter] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn every_shape_prints() {
    for (name, args) in [
        ("hex", vec!["--shape", "hex", "--size", "14x12"]),
        ("polar", vec!["--shape", "polar", "--size", "9"]),
        ("triangle", vec!["--shape", "triangle", "--size", "16x10"]),
        ("torus", vec!["--wrap", "xy", "--size", "15x10"]),
        ("woven", vec!["--weave", "--size", "12x9"]),
    ] {
        let path = sheet(name, &[&args[..], &["--seed", "3", "--answers"]].concat());
        assert_eq!(info(&path, "Pages"), "2", "{name}");
        assert!(
            tool("pdftotext", &[path.to_str().unwrap(), "-"]).contains("seed 3"),
            "{name}"
        );
        let _ = std::fs::remove_file(path);
    }
}

/// The page as grey pixels (pdftoppm -gray, a PGM): width, height, bytes.
fn render_page(path: &std::path::Path, page: u32) -> (usize, usize, Vec<u8>) {
    let page = page.to_string();
    let out = Command::new("pdftoppm")
        .args([
            "-gray",
            "-r",
            "40",
            "-f",
            &page,
            "-l",
            &page,
            path.to_str().unwrap(),
        ])
        .output()
        .expect("pdftoppm (poppler-utils) runs");
    let bytes = out.stdout;
    // "P5\n<w> <h>\n255\n" then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, bytes[at + 1..].to_vec())
}

#[test]
fn an_answer_page_differs_from_its_puzzle_only_by_the_path() {
    let path = sheet("answers", &["--size", "15x15", "--seed", "8", "--answers"]);
    let (w, h, puzzle) = render_page(&path, 1);
    let (_, _, answer) = render_page(&path, 2);
    // The maze's own rows: below the title and above the footer (15 mm
    // margins and 30 pt bands; 40 dpi).
    let px = |pt: f64| (pt / 72.0 * 40.0) as usize;
    let (top, bottom) = (px(42.5 + 30.0), h - px(42.5 + 30.0));
    let mut changed = 0;
    let mut darkened = 0;
    for y in top..bottom {
        for x in 0..w {
            let (p, a) = (puzzle[y * w + x], answer[y * w + x]);
            if p != a {
                changed += 1;
                // The path is drawn over the maze: it darkens white paper
                // (red is mid-grey), it never lightens a wall.
                if a < p {
                    darkened += 1;
                }
            }
        }
    }
    assert!(
        changed > 200,
        "the answer page shows a path ({changed} pixels differ)"
    );
    assert!(
        darkened * 100 >= changed * 97,
        "only the path is added: {darkened} of {changed} changed pixels darker"
    );
    // And the puzzle pages carry no path: two puzzles of the same seed
    // render alike.
    let again = sheet("again", &["--size", "15x15", "--seed", "8"]);
    assert_eq!(render_page(&again, 1).2, puzzle);
    for p in [path, again] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn bad_options_are_refused_by_name() {
    for (args, says) in [
        (vec!["--count", "0"], "count"),
        (vec!["--paper", "b5"], "b5"),
        (vec!["--size", "300x300"], "landscape"),
        (vec!["--wall-mm", "9"], "0.1 to 5 mm"),
        (vec!["--algorithm", "nope"], "nope"),
        (vec!["--per-page", "3"], "1, 2, 4 or 6"),
        (vec!["--title", "Tangut \u{17000}"], "U+17000"),
    ] {
        let out = mazelab(&[&["sheet"], &args[..]].concat());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing written");
    }
}

#[test]
fn twenty_mazes_with_answers_come_out_whole() {
    let path = sheet(
        "twenty",
        &[
            "--size",
            "40x40",
            "--count",
            "20",
            "--answers",
            "--seed",
            "1",
        ],
    );
    assert_eq!(info(&path, "Pages"), "40");
    let _ = std::fs::remove_file(path);
}

#[test]
fn several_mazes_a_page_with_answers_in_the_same_layout_and_a_western_title_whole() {
    // Four mazes with answers, four a page: two pages, not eight.
    let title = "Class 3B \u{2013} Friday \u{201c}Mazes\u{201d}";
    let four = sheet(
        "four",
        &[
            "--size",
            "15x15",
            "--count",
            "4",
            "--per-page",
            "4",
            "--answers",
            "--seed",
            "3",
            "--title",
            title,
        ],
    );
    assert_eq!(info(&four, "Pages"), "2");
    let text = tool("pdftotext", &[four.to_str().unwrap(), "-"]);
    // The en dash and the curly quotes print as themselves, not "?".
    assert!(text.contains(title), "{text}");
    assert!(text.contains("mazes 1-4 of 4") && text.contains("answers to mazes 1-4 of 4"));
    for seed in 3..7 {
        assert!(text.contains(&format!("seed {seed}")), "seed {seed}");
    }
    // Six a page on seven mazes: two puzzle pages and two answer pages;
    // without the name line none is printed.
    let seven = sheet(
        "seven",
        &[
            "--size",
            "12x12",
            "--count",
            "7",
            "--per-page",
            "6",
            "--answers",
            "--no-name-line",
        ],
    );
    assert_eq!(info(&seven, "Pages"), "4");
    let text = tool("pdftotext", &[seven.to_str().unwrap(), "-"]);
    assert!(
        text.contains("maze 7 of 7") && !text.contains("Name"),
        "{text}"
    );
    for p in [four, seven] {
        let _ = std::fs::remove_file(p);
    }
}

/// The text of each `/ActualText` of the PDF's deflated content streams.
fn actual_texts(pdf: &[u8]) -> Vec<String> {
    let mut texts = Vec::new();
    let mut rest = pdf;
    while let Some(at) = find(rest, b"stream\n") {
        let body = &rest[at + 7..];
        let end = find(body, b"\nendstream").expect("a stream ends");
        if let Ok(content) = miniz_oxide::inflate::decompress_to_vec_zlib(&body[..end]) {
            let content = String::from_utf8_lossy(&content).into_owned();
            for part in content.split("/ActualText <FEFF").skip(1) {
                let hex = &part[..part.find('>').expect("a hex string ends")];
                let units: Vec<u16> = (0..hex.len())
                    .step_by(4)
                    .map(|i| u16::from_str_radix(&hex[i..i + 4], 16).unwrap())
                    .collect();
                texts.push(String::from_utf16(&units).unwrap());
            }
        }
        rest = &body[end + b"\nendstream".len()..];
    }
    texts
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn a_title_written_right_to_left_or_shaped_prints_in_its_scripts_fonts() {
    // Hebrew, Arabic and Hindi, each with a Latin word and digits.
    let title = "\u{5e9}\u{5dc}\u{5d5}\u{5dd} \u{645}\u{631}\u{62d}\u{628}\u{627} \u{928}\u{92e}\u{938}\u{94d}\u{924}\u{947} Class 3B (2026)";
    let path = sheet("scripts", &["--title", title, "--seed", "4"]);
    assert_eq!(info(&path, "Title"), title);
    let fonts = tool("pdffonts", &[path.to_str().unwrap()]);
    for name in [
        "+NotoSansHebrew-Regular",
        "+NotoSansArabic-Regular",
        "+NotoSansDevanagari-Regular",
    ] {
        assert!(fonts.contains(name), "{name} in {fonts}");
    }
    // However the glyphs are ordered on the line, copying the title gives
    // it back in reading order.
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(actual_texts(&bytes), [title]);
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_title_in_any_script_prints_whole_with_only_its_glyphs_embedded() {
    let title = "Class 3B \u{2013} Friday \u{2713} \u{8ff7}\u{8def} \u{395}\u{3bb}\u{3bb}\u{3ac}\u{3b4}\u{3b1} \u{41c}\u{43e}\u{441}\u{43a}\u{432}\u{430}";
    let world = sheet(
        "world",
        &[
            "--count",
            "4",
            "--per-page",
            "4",
            "--seed",
            "2",
            "--title",
            title,
        ],
    );
    let text = tool("pdftotext", &[world.to_str().unwrap(), "-"]);
    assert!(text.contains(title), "{text}");
    assert_eq!(info(&world, "Title"), title);
    // Helvetica (not embedded) and the two fallback fonts, each a subset.
    let fonts = tool("pdffonts", &[world.to_str().unwrap()]);
    for name in ["+DejaVuSans", "+DroidSansFallback"] {
        let line = fonts
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in {fonts}"));
        assert!(
            line.contains("CID TrueType") && line.contains("yes yes yes"),
            "{line}"
        );
    }
    // The whole fonts are 4.2 MB; their used glyphs a few kilobytes.
    let bytes = std::fs::metadata(&world).unwrap().len();
    assert!(bytes < 100_000, "{bytes} bytes");
    // A Western title embeds nothing.
    let western = sheet("western", &["--title", "Class 3B \u{2013} Friday"]);
    let fonts = tool("pdffonts", &[western.to_str().unwrap()]);
    assert_eq!(fonts.lines().count(), 3, "Helvetica alone: {fonts}");
    for p in [world, western] {
        let _ = std::fs::remove_file(p);
    }
}
