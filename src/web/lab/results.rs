//! The lab's results on the page: the table (metric by algorithm, with the
//! published figures beside), the histograms, the uniformity charts, and
//! the CSV and JSON downloads.

use super::super::dom;
use super::Finished;
use crate::lab::chart::{self, escape_xml};
use crate::lab::distribution::{Distribution, FIT_FROM};
use crate::lab::loglog_chart::{loglog_chart, LogChart, LogSeries};
use crate::lab::measure::{METRICS, METRIC_COUNT};
use crate::lab::reference::{references, CITATIONS};
use crate::lab::report::{self, StatsReport};
use crate::lab::scaling::Scaling;
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
    out.push_str("<p class=\"note\">Each line: the mean at each point, the band its 95% confidence interval. The same seeds at every point.</p><div class=\"charts\" id=\"lab-sweep-charts\">");
    for (m, info) in METRICS.iter().enumerate() {
        out.push_str(&sweep_chart(sweep, points, m, info));
    }
    out.push_str("</div>");
    out
}

/// A power's row: the algorithm, the power and its interval.
fn power_row(out: &mut String, label: &str, exponent: f64, low: f64, high: f64) {
    let _ = write!(
        out,
        "<tr data-exponent=\"{exponent}\"><th scope=\"row\">{}</th><td><b>{exponent:.3}</b></td><td>[{low:.3}, {high:.3}]</td></tr>",
        escape_xml(label)
    );
}

/// A scaling's results: the means against the side on log-log axes, each
/// algorithm's fitted power with its interval, and Kenyon's 5/4 beside
/// the solution's.
fn scaling_html(f: &Finished, scalings: &[Scaling]) -> String {
    let s = &f.settings;
    let Some(first) = scalings.first() else {
        return String::new();
    };
    let side_list: Vec<String> = first.sizes.iter().map(u32::to_string).collect();
    let mut out = format!(
        "<h2>Scaling of {} ({}): {} mazes of {}{} at each side {} per algorithm, seeds {}..{} <small>({:.2} s)</small></h2>",
        first.metric,
        escape_xml(first.unit),
        s.runs,
        s.shape.name(),
        s.wrap().map_or(String::new(), |w| format!(" (wrap {w})")),
        side_list.join(", "),
        s.seed,
        texture_note(f),
        f.ms / 1000.0
    );
    let labels: Vec<String> = s.candidates.iter().map(|c| c.label()).collect();
    out.push_str(&chart::legend(&labels));
    // The solution between far corners of a uniform spanning tree grows as
    // the loop-erased random walk (Kenyon 2000).
    let published = (first.metric == "solution").then_some((1.25, "loop-erased walk, 5/4"));
    let series: Vec<LogSeries> = scalings
        .iter()
        .zip(&labels)
        .map(|(sc, label)| LogSeries {
            label: label.clone(),
            points: sc
                .sizes
                .iter()
                .zip(&sc.means)
                .map(|(&n, m)| (f64::from(n), m.mean, Some(m.ci95)))
                .collect(),
            fit: Some((sc.exponent, 0.0, f64::INFINITY)),
        })
        .collect();
    let sides: Vec<f64> = first.sizes.iter().map(|&n| f64::from(n)).collect();
    let chart = loglog_chart(
        &LogChart {
            x_ticks: Some(&sides),
            title: &format!("{} against the side, log-log", first.metric),
            x_label: if s.shape.name() == "polar" {
                "rings"
            } else {
                "side n (n x n)"
            },
            y_label: &format!("{} ({})", first.metric, first.unit),
            published,
        },
        &series,
    );
    let _ = write!(
        out,
        "<div class=\"charts\" id=\"lab-scaling-chart\">{chart}</div><p class=\"note\">Each dot: the mean at that side with its 95% interval; each line: the least-squares fit on the logs, whose slope is the power. The interval comes from 2,000 resamplings of the runs.</p>\
         <div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"scaling\"><table class=\"lab-table\" id=\"lab-scaling-table\"><thead><tr><th scope=\"col\">algorithm</th><th scope=\"col\">grows as side^</th><th scope=\"col\">95% interval</th></tr></thead><tbody>"
    );
    for (sc, label) in scalings.iter().zip(&labels) {
        power_row(&mut out, label, sc.exponent, sc.low, sc.high);
    }
    out.push_str("</tbody></table></div>");
    if published.is_some() {
        out.push_str("<p class=\"note\">The dashed line: 5/4, the power a uniform maze's solution grows as (Kenyon 2000), for Wilson's and Aldous-Broder's mazes; a depth-first maze's grows nearly as 2.</p>");
    }
    out
}

/// The branch or loop distribution: each algorithm's densities on
/// log-log axes with its fitted power, beside the uniform spanning tree's.
fn distribution_html(f: &Finished) -> String {
    let Some(first) = f.distributions.first() else {
        return String::new();
    };
    let labels: Vec<String> = f.settings.candidates.iter().map(|c| c.label()).collect();
    let (what, axis) = match first.quantity.name() {
        "branch" => (
            "Branch sizes: the smaller part cutting a passage splits off",
            "branch size (cells)",
        ),
        _ => (
            "Loop lengths: the loop opening a wall closes",
            "loop length (cells)",
        ),
    };
    let published = first.quantity.published();
    let mut out = format!("<h3>{what}</h3>");
    out.push_str(&chart::legend(&labels));
    let series: Vec<LogSeries> = f
        .distributions
        .iter()
        .zip(&labels)
        .map(|(d, label)| LogSeries {
            label: label.clone(),
            points: d
                .fit
                .as_ref()
                .map_or(Vec::new(), |fit| fit.histogram.densities())
                .into_iter()
                .map(|(x, y)| (x, y, None))
                .collect(),
            fit: d.fit.as_ref().map(|fit| (fit.exponent, FIT_FROM, d.fit_to)),
        })
        .collect();
    let chart = loglog_chart(
        &LogChart {
            title: &format!("{} density, log-log", first.quantity.name()),
            x_label: axis,
            y_label: "density",
            published: Some((published, "uniform spanning tree")),
            x_ticks: None,
        },
        &series,
    );
    let _ = write!(
        out,
        "<div class=\"charts\" id=\"lab-distribution-chart\">{chart}</div><p class=\"note\">Each dot: a bin a quarter of an octave wide, its share of the values per integer. Each line: the power fitted from {FIT_FROM} to a twentieth of the cells ({:.0}); its interval from ten groups of the mazes. The dashed line: the uniform spanning tree's {} (Manna, Dhar and Majumdar 1992).</p>\
         <div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"distribution\"><table class=\"lab-table\" id=\"lab-distribution-table\"><thead><tr><th scope=\"col\">algorithm</th><th scope=\"col\">falls as size^</th><th scope=\"col\">95% interval</th></tr></thead><tbody>",
        first.fit_to,
        if published == -11.0 / 8.0 { "-11/8" } else { "-8/5" }
    );
    for (d, label) in f.distributions.iter().zip(&labels) {
        match &d.fit {
            Some(fit) => power_row(&mut out, label, fit.exponent, fit.low, fit.high),
            None => {
                let _ = write!(
                    out,
                    "<tr><th scope=\"row\">{}</th><td colspan=\"2\">too few bins to fit: a bigger maze</td></tr>",
                    escape_xml(label)
                );
            }
        }
    }
    out.push_str("</tbody></table></div>");
    out
}

/// The results as HTML, every label escaped.
fn html(f: &Finished) -> String {
    let s = &f.settings;
    if let (Some(sweep), Some(points)) = (&s.sweep, &f.sweep) {
        return sweep_html(f, sweep, points);
    }
    if let Some(scalings) = &f.scaling {
        return scaling_html(f, scalings);
    }
    let mut out = format!(
        "<h2>{} mazes of {} {}{} per algorithm, seeds {}..{} <small>({:.2} s)</small></h2>",
        s.runs,
        s.shape.name(),
        s.shape.size_text(),
        s.wrap().map_or(String::new(), |w| format!(" (wrap {w})")),
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
    out.push_str(&distribution_html(f));
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
    if let Some(scalings) = &f.scaling {
        let mut out = String::from("algorithm,shape,metric,side,mean,ci95_low,ci95_high\n");
        for sc in scalings {
            for (n, m) in sc.sizes.iter().zip(&sc.means) {
                let _ = writeln!(
                    out,
                    "{},{},{},{n},{},{},{}",
                    sc.algorithm, sc.shape, sc.metric, m.mean, m.ci95.0, m.ci95.1
                );
            }
        }
        return out;
    }
    let mut out = StatsReport::CSV_HEADER.to_string();
    for r in &f.reports {
        out.push_str(&r.csv_rows());
    }
    out
}

/// `{"stats": [the CLI's stats objects], "uniformity": [the CLI's
/// uniformity objects], "distribution": [the CLI's distribution
/// objects]}`, or with a scaling `{"scaling": [the CLI's scaling
/// objects]}`.
pub(in crate::web) fn json(f: &Finished) -> String {
    if let (Some(sweep), Some(points)) = (&f.settings.sweep, &f.sweep) {
        return sweep::to_json(sweep, points) + "\n";
    }
    if let Some(scalings) = &f.scaling {
        let all: Vec<String> = scalings.iter().map(Scaling::to_json).collect();
        return format!("{{\"scaling\":[{}]}}\n", all.join(","));
    }
    let distributions: Vec<String> = f.distributions.iter().map(Distribution::to_json).collect();
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
        "{{\"stats\":[{}],\"uniformity\":[{}],\"distribution\":[{}]}}\n",
        stats.join(","),
        uniformity.join(","),
        distributions.join(",")
    )
}
