//! The README and docs/ say what is true now: the CLI's examples print
//! what they show, every picture is the CLI's drawing of today, every
//! generator, solver, shape, link key and subcommand is in its table,
//! every link leads to a file, and no line tells the history of the work
//! (git log keeps that).

use mazelab::generate::ALGORITHMS;
use mazelab::settings::Settings;
use mazelab::shape::{SHAPE_NAMES, WRAP_NAMES};
use mazelab::solve::SOLVERS;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The seven files docs/ holds.
const DOCS: [&str; 7] = [
    "guide.md",
    "cli.md",
    "algorithms.md",
    "architecture.md",
    "contributing.md",
    "testing.md",
    "performance.md",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The READMEs (the project's and its packages') and every file of
/// docs/, with their paths.
fn prose() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = ["README.md", "python/README.md", "www/npm/README.md"]
        .iter()
        .map(|path| (path.to_string(), read(path)))
        .collect();
    for doc in DOCS {
        let path = format!("docs/{doc}");
        files.push((path.clone(), read(&path)));
    }
    files
}

fn cli() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mazelab"));
    command.current_dir(root());
    command
}

#[test]
fn the_readme_is_short_and_holds_the_two_commands() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md is {lines} lines; at most 250");
    assert!(
        readme.contains("scripts/serve "),
        "the command that runs the app"
    );
    assert!(
        readme.contains("scripts/test "),
        "the command that runs every test"
    );
    for doc in DOCS {
        assert!(
            readme.contains(&format!("(docs/{doc})")),
            "README links docs/{doc}"
        );
    }
    let ci = read(".ci/run");
    assert!(
        ci.contains("scripts/test"),
        ".ci/run runs the README's test command"
    );
}

/// Whether a line (lowercased) is one kind of history.
type Clue = fn(&str) -> bool;

/// Lines that tell how the work went rather than how things are: rounds
/// of work, what was tried, figures that were true once.
#[test]
fn no_file_tells_the_history_of_the_work() {
    let patterns: [(&str, Clue); 6] = [
        ("a session", |l| {
            has_word(l, "session") || has_word(l, "sessions")
        }),
        ("tried and not kept", |l| {
            l.contains("tried and not kept") || l.contains("not kept")
        }),
        ("a figure that was", |l| {
            l.contains(" was ") && l.chars().any(|c| c.is_ascii_digit()) && l.contains("ms")
        }),
        ("a before and after figure", |l| before_after_figure(l)),
        ("a round of work", |l| {
            l.contains("this round") || l.contains("last round")
        }),
        ("an earlier figure", |l| {
            l.contains("Earlier figures") || l.contains("before this")
        }),
    ];
    let mut found = Vec::new();
    for (path, text) in prose() {
        // The test command's own table of its phases names the day it was
        // timed, as performance.md's figures do.
        let mut timed = false;
        for (n, line) in text.lines().enumerate() {
            if line.starts_with("<!-- phases:") || line.starts_with("<!-- end of phases") {
                timed = line.starts_with("<!-- phases:");
            }
            let lower = line.to_lowercase();
            for (what, matches) in &patterns {
                if matches(&lower) {
                    found.push(format!("{path}:{}: {what}: {line}", n + 1));
                }
            }
            // Dates belong beside today's figures only.
            if path != "docs/performance.md" && !timed && has_date(line) {
                found.push(format!("{path}:{}: a date: {line}", n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "history in the docs:\n{}",
        found.join("\n")
    );
}

fn has_word(line: &str, word: &str) -> bool {
    line.split(|c: char| !c.is_alphanumeric())
        .any(|w| w == word)
}

/// `123 -> 45` or `1.2 -> 0.9`: a figure before and after a change.
fn before_after_figure(line: &str) -> bool {
    line.match_indices(" -> ").any(|(i, _)| {
        let before = line[..i].chars().last().is_some_and(|c| c.is_ascii_digit());
        let after = line[i + 4..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit());
        before && after
    })
}

/// A date such as 2026-11-27.
fn has_date(line: &str) -> bool {
    let bytes = line.as_bytes();
    bytes.windows(10).any(|w| {
        let digits = |r: std::ops::Range<usize>| w[r].iter().all(u8::is_ascii_digit);
        digits(0..4) && w[4] == b'-' && digits(5..7) && w[7] == b'-' && digits(8..10)
    })
}

#[test]
fn every_relative_link_leads_to_a_file() {
    let mut broken = Vec::new();
    for (path, text) in prose() {
        let dir = Path::new(&path).parent().unwrap_or(Path::new(""));
        for target in links(&text) {
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let file = target.split('#').next().unwrap_or("");
            if !root().join(dir).join(file).exists() {
                broken.push(format!("{path}: {target}"));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}

/// The targets of a text's Markdown links and images, `](target)`.
fn links(text: &str) -> Vec<String> {
    text.match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &text[i + 2..];
            rest.find(')').map(|end| rest[..end].to_string())
        })
        .collect()
}

/// Each line of docs/pictures/pictures.txt: a picture's name and the
/// options of `mazelab generate` that draw it.
fn picture_list() -> Vec<(String, Vec<String>)> {
    read("docs/pictures/pictures.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, options) = l.split_once(':').expect("NAME: options");
            let options = options.split_whitespace().map(String::from).collect();
            (name.trim().to_string(), options)
        })
        .collect()
}

#[test]
fn every_picture_is_the_clis_drawing_of_today() {
    let mut stale = Vec::new();
    for (name, options) in picture_list() {
        let out = cli()
            .arg("generate")
            .args(&options)
            .args(["--format", "svg"])
            .output()
            .expect("the CLI runs");
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let path = format!("docs/pictures/{name}.svg");
        match std::fs::read(root().join(&path)) {
            Ok(bytes) if bytes == out.stdout => {}
            Ok(_) => stale.push(format!("{path} is stale")),
            Err(_) => stale.push(format!("{path} is missing")),
        }
    }
    assert!(
        stale.is_empty(),
        "run scripts/doc-pictures:\n{}",
        stale.join("\n")
    );
}

#[test]
fn every_generator_solver_and_shape_has_its_row_and_picture() {
    let algorithms = read("docs/algorithms.md");
    let pictures: Vec<String> = picture_list().into_iter().map(|(n, _)| n).collect();
    let mut missing = Vec::new();
    let mut want = |row: String, picture: String| {
        if !algorithms.contains(&row) {
            missing.push(format!("the row {row}"));
        }
        if !pictures.contains(&picture) {
            missing.push(format!("the picture {picture} in pictures.txt"));
        }
        if !algorithms.contains(&format!("pictures/{picture}.svg")) {
            missing.push(format!("the picture {picture} in algorithms.md"));
        }
    };
    for a in ALGORITHMS {
        want(format!("| `{}` |", a.name), format!("generator-{}", a.name));
    }
    for s in SOLVERS {
        want(format!("| `{}` |", s.name), format!("solver-{}", s.name));
    }
    for shape in SHAPE_NAMES {
        want(format!("| `{shape}`"), format!("shape-{shape}"));
    }
    for wrap in WRAP_NAMES.iter().filter(|w| **w != "y") {
        want(wrap.to_string(), format!("shape-square-wrap-{wrap}"));
    }
    assert!(
        missing.is_empty(),
        "docs/algorithms.md lacks:\n{}",
        missing.join("\n")
    );
    let readme = read("README.md");
    for name in ALGORITHMS
        .iter()
        .map(|a| a.name)
        .chain(SOLVERS.iter().map(|s| s.name))
    {
        assert!(
            has_word(&readme, name) || readme.contains(name),
            "README names {name}"
        );
    }
    let count = |what: &str| readme.contains(what);
    assert!(count(&format!("**{} generators**", ALGORITHMS.len())));
    assert!(count(&format!("**{} solvers**", SOLVERS.len())));
    assert!(count(&format!("**{} shapes**", SHAPE_NAMES.len())));
}

/// The keys of the link table in docs/guide.md: its first column.
fn link_table_keys() -> Vec<String> {
    let guide = read("docs/guide.md");
    let table = guide.split("## The link").nth(1).expect("a link section");
    table
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| {
            let first = l.trim_start_matches('|').split('|').next().unwrap_or("");
            first
                .split('`')
                .skip(1)
                .step_by(2)
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_guides_link_table_names_every_key_the_page_reads_and_no_other() {
    let keys = link_table_keys();
    assert!(keys.len() > 20, "the table: {keys:?}");
    // Every documented key is read (a key the page does not know is
    // named in a notice).
    for key in &keys {
        let (_, notices) = Settings::from_query(&format!("{key}=%01"), 1);
        assert!(
            !notices.iter().any(|n| n.contains("unknown setting")),
            "{key} is in the table, and the page does not know it: {notices:?}"
        );
    }
    // Every key a link is written with is in the table.
    let settings = Settings::from_query(
        "algorithm=growing-tree&pop=oldest&braid=10&run=20&grain=v:60&sparse=5&weave=1&speed=50\
         &solver=astar&start=1,1&goal=3,3&at=5&view=lab&compare=kruskal,prim&lab_runs=30\
         &lab_trees=off&lab_braid=10&lab_sweep=run:0:100:3&mask=0.2.3.1.i&symmetry=x",
        7,
    )
    .0;
    for pair in settings.to_query().split('&') {
        let key = pair.split('=').next().unwrap_or("");
        assert!(
            keys.iter().any(|k| k == key),
            "the link writes {key}, and the table lacks it"
        );
    }
}

#[test]
fn the_cli_guide_has_a_section_for_every_subcommand() {
    let guide = read("docs/cli.md");
    let out = cli().arg("--help").output().expect("the CLI runs");
    let help = String::from_utf8(out.stdout).expect("text");
    // A command's line starts two spaces in; its help's wrapped lines, more.
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .expect("a list of commands")
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() >= 8, "{commands:?}");
    for command in commands {
        assert!(
            guide.contains(&format!("mazelab {command}")),
            "docs/cli.md says nothing of `mazelab {command}`"
        );
    }
}

/// One example of docs/cli.md: the words after `$ mazelab`, the output
/// written under it (what it prints on stdout, then on stderr), and the exit status it says (0 unless a last line
/// `(exit status N)` says otherwise).
struct Example {
    args: Vec<String>,
    output: String,
    status: i32,
}

fn examples(text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    for block in text.split("```console\n").skip(1) {
        let block = block.split("\n```").next().unwrap_or("");
        let mut current: Option<Example> = None;
        for line in block.lines() {
            if let Some(command) = line.strip_prefix("$ mazelab ") {
                found.extend(current.take());
                current = Some(Example {
                    args: command.split_whitespace().map(String::from).collect(),
                    output: String::new(),
                    status: 0,
                });
            } else if let Some(example) = current.as_mut() {
                if let Some(code) = line
                    .strip_prefix("(exit status ")
                    .and_then(|r| r.strip_suffix(')'))
                {
                    example.status = code.parse().expect("an exit status");
                } else {
                    example.output.push_str(line);
                    example.output.push('\n');
                }
            }
        }
        found.extend(current);
    }
    found
}

/// Whether `actual` is `expected` line for line, where `[..]` in an
/// expected line stands for any text.
fn matches(expected: &str, actual: &str) -> bool {
    let (want, got): (Vec<&str>, Vec<&str>) =
        (expected.lines().collect(), actual.lines().collect());
    want.len() == got.len()
        && want.iter().zip(&got).all(|(w, g)| {
            let parts: Vec<&str> = w.split("[..]").collect();
            if parts.len() == 1 {
                return w == g;
            }
            let mut rest = *g;
            for (i, part) in parts.iter().enumerate() {
                match rest.find(part) {
                    Some(at) if i > 0 || at == 0 => rest = &rest[at + part.len()..],
                    _ => return false,
                }
            }
            parts.last().is_some_and(|p| p.is_empty()) || rest.is_empty()
        })
}

#[test]
fn the_cli_guides_examples_print_what_they_show() {
    let guide = read("docs/cli.md");
    let examples = examples(&guide);
    assert!(examples.len() >= 10, "{} examples", examples.len());
    for example in examples {
        let out = cli().args(&example.args).output().expect("the CLI runs");
        let mut actual = String::from_utf8(out.stdout).expect("text");
        actual.push_str(&String::from_utf8(out.stderr).expect("text"));
        let said = format!("$ mazelab {}", example.args.join(" "));
        assert_eq!(out.status.code(), Some(example.status), "{said}");
        assert!(
            matches(&example.output, &actual),
            "{said}\nwritten:\n{}\nprinted:\n{actual}",
            example.output
        );
    }
}

#[test]
fn the_example_matcher_holds_its_wildcard_to_one_line() {
    assert!(matches("a=[..] b=2\n", "a=0.51 b=2\n"));
    assert!(matches("x,[..]\n", "x,1,2,3\n"));
    assert!(!matches("a=[..] b=2\n", "a=0.51 b=3\n"));
    assert!(!matches("one\n", "one\ntwo\n"));
    assert!(!matches("[..]end\n", "the end is near\n"));
}

#[test]
fn the_contributing_guides_worked_example_is_the_backtracker_as_it_is() {
    let guide = read("docs/contributing.md");
    let file = read("src/generate/backtracker.rs");
    assert!(
        guide.contains(&format!("```rust\n{}```", file)),
        "docs/contributing.md quotes src/generate/backtracker.rs whole"
    );
    let registry = read("src/generate/registry.rs");
    assert!(registry.contains("every_shape!(backtracker::Backtracker)"));
    assert!(guide.contains("every_shape!(backtracker::Backtracker)"));
}
