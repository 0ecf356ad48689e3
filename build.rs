//! Lifts each algorithm's numbered steps out of its file's `//!` header, so
//! the page shows the very steps the source documents (one text for both).
//! Writes `step_lists.rs` into `OUT_DIR`: for each file of `src/generate`
//! and `src/solve`, its lists, each with the line that titles it (empty for
//! a file with one list).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let mut out = String::from(
        "/// Each algorithm file's numbered steps: `(file stem, [(title, [step])])`.\n",
    );
    out.push_str("pub static STEP_LISTS: &[(&str, &[StepList])] = &[\n");
    for dir in ["src/generate", "src/solve"] {
        println!("cargo:rerun-if-changed={dir}");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the source folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "rs"))
            .collect();
        files.sort();
        for path in files {
            let lists = step_lists(&std::fs::read_to_string(&path).expect("a source file"));
            if lists.is_empty() {
                continue;
            }
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a file name");
            write!(out, "    ({stem:?}, &[").unwrap();
            for (title, steps) in lists {
                write!(out, "({title:?}, &[").unwrap();
                for step in steps {
                    write!(out, "{step:?}, ").unwrap();
                }
                out.push_str("]), ");
            }
            out.push_str("]),\n");
        }
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("step_lists.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
    font_files();
}

/// Lists the sheet's fallback fonts, the `.ttf` files of `www/fonts`, into
/// `font_files.rs`: their names in order (DejaVu Sans first, the CJK font
/// second, the rest by name) and, for the command line, their bytes.
fn font_files() {
    let dir =
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("www/fonts");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the fonts folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".ttf").map(str::to_string))
        .collect();
    let rank = |n: &str| match n {
        "DejaVuSans" => 0,
        "DroidSansFallback" => 1,
        _ => 2,
    };
    names.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));
    let mut out = String::from("/// The fallback fonts, each `www/fonts/NAME.ttf`.\n");
    writeln!(
        out,
        "pub const FALLBACKS: [&str; {}] = {names:?};",
        names.len()
    )
    .unwrap();
    out.push_str("/// Each fallback font's bytes, built into the command line.\n");
    out.push_str("#[cfg(not(target_arch = \"wasm32\"))]\n");
    writeln!(out, "static BUNDLED: [&[u8]; {}] = [", names.len()).unwrap();
    for n in &names {
        writeln!(
            out,
            "    include_bytes!({:?}),",
            dir.join(format!("{n}.ttf")).display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("font_files.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// The numbered lists of a file's `//!` header, with the line before each
/// (when it ends with a colon) as its title.
fn step_lists(source: &str) -> Vec<(String, Vec<String>)> {
    let header: Vec<&str> = source
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").strip_prefix(' ').unwrap_or(""))
        .collect();
    let mut lists: Vec<(String, Vec<String>)> = Vec::new();
    let mut previous = "";
    let mut in_list = false;
    for line in &header {
        let numbered = line
            .split_once(". ")
            .filter(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if let Some((_, text)) = numbered {
            if !in_list {
                let title = if previous.ends_with(':') {
                    previous.trim_end_matches(':')
                } else {
                    ""
                };
                lists.push((clean(title), Vec::new()));
                in_list = true;
            }
            lists.last_mut().expect("a list").1.push(clean(text));
        } else if in_list && line.starts_with("   ") {
            let step = lists
                .last_mut()
                .expect("a list")
                .1
                .last_mut()
                .expect("a step");
            step.push(' ');
            step.push_str(&clean(line));
        } else {
            in_list = false;
        }
        previous = line;
    }
    lists
}

/// One line of prose: no code ticks, single spaces.
fn clean(text: &str) -> String {
    text.replace('`', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
