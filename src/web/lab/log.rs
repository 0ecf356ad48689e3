//! What a program printed in the Lab: each worker keeps the first lines
//! of its statistics job (each with its maze's seed and the step it was
//! printed at; the uniformity test's runs keep none)
//! and counts the rest; the run's log puts the jobs in seed order, keeps
//! the first `LOG_LINES`, and shows them under the results, per program.

use crate::lab::chart::escape_xml;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// The lines a run's log keeps, per program.
pub(in crate::web) const LOG_LINES: usize = 1000;

/// One job's (or one run's) printed lines: (maze seed, step, line), and
/// how many more were printed.
#[derive(Clone, Debug, Default)]
pub(in crate::web) struct LabLog {
    pub lines: Vec<(String, u64, String)>,
    pub dropped: u64,
}

impl LabLog {
    /// A job's log from a worker's answer (`log`: [[seed, step, line],
    /// ...], `dropped`).
    pub(in crate::web) fn read(data: &wasm_bindgen::JsValue) -> LabLog {
        let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or_default();
        let mut log = LabLog {
            lines: Vec::new(),
            dropped: get("dropped").as_f64().unwrap_or(0.0) as u64,
        };
        if let Ok(lines) = get("log").dyn_into::<js_sys::Array>() {
            for entry in lines.iter() {
                let part = |i: u32| js_sys::Reflect::get_u32(&entry, i).unwrap_or_default();
                log.lines.push((
                    part(0).as_string().unwrap_or_default(),
                    part(1).as_f64().unwrap_or(0.0) as u64,
                    part(2).as_string().unwrap_or_default(),
                ));
            }
        }
        log
    }

    /// The jobs' logs joined in the order given (seed order), the first
    /// `LOG_LINES` kept.
    pub(in crate::web) fn join(jobs: impl IntoIterator<Item = LabLog>) -> LabLog {
        let mut all = LabLog::default();
        for job in jobs {
            all.dropped += job.dropped;
            for line in job.lines {
                if all.lines.len() < LOG_LINES {
                    all.lines.push(line);
                } else {
                    all.dropped += 1;
                }
            }
        }
        all
    }
}

/// The section of the results that shows each program's log (`label`,
/// log); empty when no program printed.
pub(in crate::web) fn html(logs: &[(String, LabLog)]) -> String {
    let printed: Vec<_> = logs
        .iter()
        .filter(|(_, l)| !l.lines.is_empty() || l.dropped > 0)
        .collect();
    if printed.is_empty() {
        return String::new();
    }
    let mut out = String::from("<section id=\"lab-log\"><h3>What the program printed</h3>");
    for (label, log) in printed {
        let total = log.lines.len() as u64 + log.dropped;
        let _ = write!(
            out,
            "<details class=\"panel-log\" data-lines=\"{}\"><summary>{}: {} line{}</summary><ol>",
            log.lines.len(),
            escape_xml(label),
            total,
            if total == 1 { "" } else { "s" }
        );
        for (seed, step, line) in &log.lines {
            let _ = write!(
                out,
                "<li><span class=\"code-output-step\">seed {} · step {step}</span><span class=\"code-output-line\">{}</span></li>",
                escape_xml(seed),
                escape_xml(line)
            );
        }
        out.push_str("</ol>");
        if log.dropped > 0 {
            let _ = write!(
                out,
                "<p class=\"description\">{} more not kept: the log keeps the first {LOG_LINES} of the run, in seed order</p>",
                log.dropped
            );
        }
        out.push_str("</details>");
    }
    out.push_str("</section>");
    out
}
