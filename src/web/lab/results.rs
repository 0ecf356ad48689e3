//! The lab's results on the page: the table (metric by algorithm, with the
//! published figures beside), the histograms, the uniformity charts, and
//! the CSV and JSON downloads.

use super::super::dom;
use super::Finished;
use crate::lab::chart::{self, escape_xml};
use crate::lab::measure::{METRICS, METRIC_COUNT};
use crate::lab::reference::{references, CITATIONS};
use crate::lab::report::{self, StatsReport};
use crate::lab::sweep::{self, Sweep, SweepPoint};
use crate::lab::sweep_chart::sweep_chart;
use crate::lab::uniformity::format_p;
use std::fmt::Write;
use wasm_bindgen::prelude::*;

fn fmt(v: f64) -> String {
    if v.abs() >= 1000.0 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

/// The texture controls the mazes were built with, for a heading.
fn texture_note(f: &Finished) -> String {
    let line = f.settings.texture.to_line();
    if line.is_empty() {
        String::new()
    } else {
        format!(", {}", escape_xml(&line))
    }
}

/// A sweep's results: a chart per metric, each algorithm's mean and 95%
/// interval against the control.
fn sweep_html(f: &Finished, sweep: &Sweep, points: &[SweepPoint]) -> String {
    let s = &f.settings;
    let mut out = format!(
        "<h2>Sweep of {}: {} mazes of {} {} per algorithm at each of {} points, seeds {}..{} <small>({:.2} s)</small></h2>",
        sweep.param,
        s.runs,
        s.shape.name(),
        s.shape.size_text(),
        sweep.values.len(),
        s.seed,
        texture_note(f),
        f.ms / 1000.0
    );
    let labels: Vec<String> = s.candidates.iter().map(|c| c.label()).collect();
    out.push_str(&chart::legend(&labels));
    out.push_str("<p class=\"note\">Each line: the mean at each point, the band its 95% confidence interval. The same seeds at every point.</p><div class=\"charts\" id=\"lab-sweep\">");
    for (m, info) in METRICS.iter().enumerate() {
        out.push_str(&sweep_chart(sweep, points, m, info));
    }
    out.push_str("</div>");
    out
}

/// The results as HTML, every label escaped.
fn html(f: &Finished) -> String {
    let s = &f.settings;
    if let (Some(sweep), Some(points)) = (&s.sweep, &f.sweep) {
        return sweep_html(f, sweep, points);
    }
    let mut out = format!(
        "<h2>{} mazes of {} {} per algorithm, seeds {}..{} <small>({:.2} s)</small></h2>",
        s.runs,
        s.shape.name(),
        s.shape.size_text(),
        s.seed,
        texture_note(f),
        f.ms / 1000.0
    );
    out.push_str("<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"statistics\"><table id=\"lab-table\" class=\"lab-table\"><thead><tr><th scope=\"col\">metric</th>");
    for c in &s.candidates {
        let _ = write!(out, "<th scope=\"col\">{}</th>", escape_xml(&c.label()));
    }
    out.push_str("<th scope=\"col\">published</th></tr></thead><tbody>");
    let square = s.shape.name() == "square";
    for (m, info) in METRICS.iter().enumerate() {
        let _ = write!(
            out,
            "<tr data-metric=\"{}\"><th scope=\"row\">{}<small>{}</small></th>",
            info.key,
            escape_xml(info.label),
            escape_xml(info.unit)
        );
        for r in &f.reports {
            match &r.metrics[m] {
                Some(x) => {
                    let _ = write!(
                        out,
                        "<td><b>{}</b> <small>[{}, {}]</small><small>σ {} · {} to {}</small></td>",
                        fmt(x.mean),
                        fmt(x.ci95.0),
                        fmt(x.ci95.1),
                        fmt(x.std),
                        fmt(x.min),
                        fmt(x.max)
                    );
                }
                None => {
                    let _ = write!(
                        out,
                        "<td><small>{}</small></td>",
                        escape_xml(info.undefined)
                    );
                }
            }
        }
        out.push_str("<td class=\"published\">");
        if square {
            for c in &s.candidates {
                for r in references(c, info.key) {
                    let n = CITATIONS
                        .iter()
                        .position(|(k, _)| *k == r.source)
                        .unwrap_or(0)
                        + 1;
                    let _ = write!(
                        out,
                        "<span>{}: {}<sup>[{n}]</sup></span>",
                        escape_xml(&c.label()),
                        fmt(r.value)
                    );
                }
            }
        }
        out.push_str("</td></tr>");
    }
    out.push_str("</tbody></table></div><p class=\"note\">Each cell: the mean, its 95% confidence interval, the standard deviation and the range. Definitions are in the README's lab section.</p><ol class=\"citations\">");
    for (_, text) in CITATIONS {
        let _ = write!(out, "<li>{}</li>", escape_xml(text));
    }
    let labels: Vec<String> = s.candidates.iter().map(|c| c.label()).collect();
    out.push_str("</ol><h3>Distributions</h3>");
    out.push_str(&chart::legend(&labels));
    out.push_str("<div class=\"charts\" id=\"lab-histograms\">");
    for (m, info) in METRICS.iter().enumerate() {
        let series: Vec<(String, Vec<f64>)> = s
            .candidates
            .iter()
            .zip(&f.rows)
            .map(|(c, rows)| {
                (
                    c.label(),
                    rows.chunks_exact(METRIC_COUNT).map(|r| r[m]).collect(),
                )
            })
            .collect();
        out.push_str(&chart::histogram(info, &series));
    }
    out.push_str("</div>");
    if let Some(trees) = s.trees.as_ref().filter(|_| !f.uniformity.is_empty()) {
        let _ = write!(
            out,
            "<h3>Uniformity on {} squares: {} runs per algorithm</h3>\
             <p class=\"note\">Every spanning tree's count against the uniform expectation (the dashed line; the band is ±2 standard deviations). p below 0.001 rejects uniform sampling.</p>\
             <div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"uniformity test\"><table class=\"lab-table\" id=\"lab-uniformity-table\"><thead><tr><th scope=\"col\">algorithm</th><th scope=\"col\">trees</th><th scope=\"col\">chi²</th><th scope=\"col\">p</th><th scope=\"col\">TV distance</th><th scope=\"col\">never drawn</th><th scope=\"col\">verdict</th></tr></thead><tbody>",
            trees.size_text(),
            s.tree_runs
        );
        for (c, u) in s.candidates.iter().zip(&f.uniformity) {
            let _ = write!(
                out,
                "<tr><th scope=\"row\">{}</th><td>{}</td><td>{:.1}</td><td>{}</td><td>{:.4}</td><td>{}</td><td>{}</td></tr>",
                escape_xml(&c.label()),
                u.trees,
                u.chi2,
                escape_xml(&format_p(u.p_value)),
                u.tv_distance,
                u.missing,
                u.conclusion()
            );
        }
        out.push_str("</tbody></table></div><div class=\"charts\" id=\"lab-uniformity\">");
        for (i, (c, u)) in s.candidates.iter().zip(&f.uniformity).enumerate() {
            out.push_str(&chart::uniformity(&c.label(), i, u));
        }
        out.push_str("</div>");
    }
    out
}

pub(in crate::web) fn show(f: &Finished) -> Result<(), JsValue> {
    let results: web_sys::Element = dom::by_id("lab-results")?;
    results.set_inner_html(&(html(f) + &super::log::html(&f.logs)));
    for id in ["lab-csv", "lab-json"] {
        dom::by_id::<web_sys::HtmlButtonElement>(id)?.set_disabled(false);
    }
    Ok(())
}

/// The statistics, one row per algorithm and metric (with a sweep, per
/// point too, as `mazelab sweep --format csv` writes them).
pub(in crate::web) fn csv(f: &Finished) -> String {
    if let (Some(sweep), Some(points)) = (&f.settings.sweep, &f.sweep) {
        return sweep::csv_header() + &sweep::csv_rows(sweep, points);
    }
    let mut out = StatsReport::CSV_HEADER.to_string();
    for r in &f.reports {
        out.push_str(&r.csv_rows());
    }
    out
}

/// `{"stats": [the CLI's stats objects], "uniformity": [the CLI's
/// uniformity objects]}`.
pub(in crate::web) fn json(f: &Finished) -> String {
    if let (Some(sweep), Some(points)) = (&f.settings.sweep, &f.sweep) {
        return sweep::to_json(sweep, points) + "\n";
    }
    let stats: Vec<String> = f.reports.iter().map(StatsReport::to_json).collect();
    let size = f
        .settings
        .trees
        .as_ref()
        .map(crate::shape::Shape::size_text);
    let uniformity: Vec<String> = f
        .settings
        .candidates
        .iter()
        .zip(&f.uniformity)
        .map(|(c, u)| {
            report::uniformity_json(&c.spec(), size.as_deref().unwrap_or(""), f.settings.seed, u)
        })
        .collect();
    format!(
        "{{\"stats\":[{}],\"uniformity\":[{}]}}\n",
        stats.join(","),
        uniformity.join(",")
    )
}
