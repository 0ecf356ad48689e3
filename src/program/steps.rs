//! A program's own numbered steps: the numbered list in its comments
//! (`// 1. Push a random cell.` in JavaScript, `# 1. ...` in Python, a
//! step running on over the comment lines below it that are indented past
//! its number), which the steps panel shows and lights as the program
//! calls `maze.phase(k)`, and the narration quotes, as for a built-in's
//! `//!` header. The first list numbered from 1 counts; a comment line
//! that does not go on with it ends it.

/// The steps of the first numbered list in `text`'s comments (empty when
/// it has none).
pub fn numbered_steps(text: &str) -> Vec<String> {
    let mut steps: Vec<String> = Vec::new();
    // How far a step's own text is indented, for its continuation lines.
    let mut indent = 0;
    for line in text.lines() {
        let Some(comment) = comment_of(line) else {
            if steps.is_empty() {
                continue;
            }
            break;
        };
        let body = comment.trim_start();
        let lead = comment.len() - body.len();
        if let Some((number, rest)) = numbered(body) {
            if number == steps.len() + 1 {
                steps.push(rest.trim().to_string());
                indent = lead + (body.len() - rest.trim_start().len());
                continue;
            }
            if steps.is_empty() {
                continue;
            }
            break;
        }
        match steps.last_mut() {
            Some(last) if lead >= indent.max(1) && !body.is_empty() => {
                last.push(' ');
                last.push_str(body.trim_end());
            }
            Some(_) => break,
            None => {}
        }
    }
    steps
}

/// The text of a line that is a comment alone (`//` or `#`), after its
/// marker.
fn comment_of(line: &str) -> Option<&str> {
    let t = line.trim_start();
    t.strip_prefix("//").or_else(|| t.strip_prefix('#'))
}

/// `3. text` as (3, "text").
fn numbered(body: &str) -> Option<(usize, &str)> {
    let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 3 {
        return None;
    }
    let rest = body[digits..].strip_prefix(['.', ')'])?;
    rest.starts_with(' ')
        .then(|| (body[..digits].parse().ok(), rest))
        .and_then(|(n, rest)| Some((n?, rest)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_javascript_list_with_a_step_running_on_two_lines() {
        let text = "// The backtracker.\n\
                    // 1. Push a random start cell.\n\
                    // 2. Carve from the top into a random\n\
                    //    unvisited neighbour; push it.\n\
                    // 3. None left: pop.\n\
                    function generate(maze, rng) {\n  maze.phase(1); // 1. not a step\n}\n";
        assert_eq!(
            numbered_steps(text),
            [
                "Push a random start cell.",
                "Carve from the top into a random unvisited neighbour; push it.",
                "None left: pop."
            ]
        );
    }

    #[test]
    fn a_python_list_after_code_and_lists_that_do_not_count() {
        let text = "import random\n\n# Steps:\n#   1) Queue the start.\n#   2) Take the oldest.\nx = 1\n# 1. a second list\n";
        assert_eq!(
            numbered_steps(text),
            ["Queue the start.", "Take the oldest."]
        );
        // Not from 1, a number with no text, or no list at all.
        assert!(numbered_steps("// 2. two\n// 3. three\n").is_empty());
        assert!(numbered_steps("// 1.\n").is_empty());
        assert!(numbered_steps("function generate() {}\n").is_empty());
        // A list that skips a number ends there.
        assert_eq!(numbered_steps("# 1. one\n# 3. three\n"), ["one"]);
    }
}
