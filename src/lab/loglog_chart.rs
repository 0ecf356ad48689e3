//! Log-log charts: a scaling's means against the side, a distribution's
//! densities against the size, each algorithm's points with the line of
//! its fitted power, and the published power as a grey dashed line. On
//! log-log axes a power law is a straight line whose slope is the power,
//! so a fit that bends away from its points shows at once.
//!
//! Drawn with the histograms' colours, dashes and legend (`chart.rs`).

use super::chart::{
    axes, escape_xml, fmt_tick, open_svg, series_path, BOTTOM, H, LEFT, RIGHT, TOP, W,
};
use std::fmt::Write;

/// A point: x, y above 0, and y's 95% interval if it has one.
pub type LogPoint = (f64, f64, Option<(f64, f64)>);

/// One algorithm's points on a log-log chart.
pub struct LogSeries {
    /// The algorithm's label.
    pub label: String,
    /// Its points.
    pub points: Vec<LogPoint>,
    /// The fitted power and the x range it was fitted over: its line runs
    /// through the mean of the logs of the points in that range, as a
    /// least-squares line does.
    pub fit: Option<(f64, f64, f64)>,
}

/// What a chart shows.
pub struct LogChart<'a> {
    /// The title (also read out by screen readers).
    pub title: &'a str,
    /// The x axis' label.
    pub x_label: &'a str,
    /// The y axis' label.
    pub y_label: &'a str,
    /// A published power to draw beside the first fit, and its name.
    pub published: Option<(f64, &'a str)>,
    /// Where to label the x axis (a scaling's sides); `None`: powers of
    /// ten, or the ends.
    pub x_ticks: Option<&'a [f64]>,
}

/// The least-squares line's anchor for power `slope` over the points with
/// x in `[from, to]`: the mean of their logs.
fn anchor(points: &[LogPoint], from: f64, to: f64) -> Option<(f64, f64)> {
    let inside: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.0 >= from && p.0 <= to && p.1 > 0.0)
        .map(|p| (p.0.ln(), p.1.ln()))
        .collect();
    let n = inside.len() as f64;
    (n > 0.0).then(|| {
        (
            inside.iter().map(|p| p.0).sum::<f64>() / n,
            inside.iter().map(|p| p.1).sum::<f64>() / n,
        )
    })
}

/// Powers of ten between `lo` and `hi`, or the smallest and largest
/// values drawn (`data`) when the range holds fewer than two.
fn ticks(lo: f64, hi: f64, data: (f64, f64)) -> Vec<f64> {
    let decades: Vec<f64> = (lo.log10().ceil() as i32..=hi.log10().floor() as i32)
        .map(|k| 10f64.powi(k))
        .collect();
    if decades.len() >= 2 {
        decades
    } else {
        vec![data.0, data.1]
    }
}

/// The chart as SVG.
pub fn loglog_chart(chart: &LogChart, series: &[LogSeries]) -> String {
    let mut out = String::new();
    open_svg(&mut out, chart.title, "loglog");
    let all: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| s.points.iter())
        .flat_map(|&(x, y, band)| {
            let (lo, hi) = band.unwrap_or((y, y));
            [(x, y), (x, lo), (x, hi)]
        })
        .filter(|&(x, y)| x > 0.0 && y > 0.0 && x.is_finite() && y.is_finite())
        .collect();
    if all.is_empty() {
        out.push_str(
            "<text x=\"180\" y=\"100\" text-anchor=\"middle\">nothing to draw</text></svg>",
        );
        return out;
    }
    let extent = |f: fn(&(f64, f64)) -> f64| {
        let lo = all.iter().map(f).fold(f64::INFINITY, f64::min);
        let hi = all.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
        (lo, hi)
    };
    // A little room either side; one value gets a decade around it.
    let pad = |(lo, hi): (f64, f64)| {
        if hi > lo {
            (lo / 1.15, hi * 1.15)
        } else {
            (lo / 3.0, hi * 3.0)
        }
    };
    let (x_data, y_data) = (extent(|p| p.0), extent(|p| p.1));
    let ((x_lo, x_hi), (y_lo, y_hi)) = (pad(x_data), pad(y_data));
    let px = |x: f64| LEFT + (x / x_lo).ln() / (x_hi / x_lo).ln() * (W - LEFT - RIGHT);
    let py = |y: f64| H - BOTTOM - (y / y_lo).ln() / (y_hi / y_lo).ln() * (H - TOP - BOTTOM);
    axes(&mut out, chart.x_label, chart.y_label);
    let x_ticks = chart
        .x_ticks
        .map_or_else(|| ticks(x_lo, x_hi, x_data), <[f64]>::to_vec);
    for x in x_ticks {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            px(x),
            H - BOTTOM + 12.0,
            fmt_tick(x)
        );
    }
    for y in ticks(y_lo, y_hi, y_data) {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            LEFT - 3.0,
            py(y) + 4.0,
            short(y)
        );
    }
    // A line of power `slope` through `(lx, ly)` (logs), over the fitted
    // range: where the fit speaks, and inside the axes.
    let line = |slope: f64, (lx, ly): (f64, f64), (from, to): (f64, f64)| {
        let at = |x: f64| (ly + slope * (x.ln() - lx)).exp();
        let (x0, x1) = (from.max(x_lo), to.min(x_hi));
        format!(
            "M{:.1} {:.1}L{:.1} {:.1}",
            px(x0),
            py(at(x0)),
            px(x1),
            py(at(x1))
        )
    };
    if let Some((power, _)) = chart.published {
        let first = series.iter().find_map(|s| {
            s.fit
                .and_then(|(_, from, to)| anchor(&s.points, from, to).map(|at| (at, (from, to))))
        });
        if let Some((at, span)) = first {
            let _ = write!(
                out,
                "<path class=\"published\" d=\"{}\" stroke=\"currentColor\" stroke-opacity=\"0.45\" stroke-width=\"1.2\" stroke-dasharray=\"3 3\" fill=\"none\"/>",
                line(power, at, span)
            );
        }
    }
    for (i, s) in series.iter().enumerate() {
        if let Some((power, from, to)) = s.fit {
            if let Some(at) = anchor(&s.points, from, to) {
                series_path(&mut out, i, &line(power, at, (from, to)), false);
            }
        }
        for &(x, y, band) in s.points.iter().filter(|p| p.0 > 0.0 && p.1 > 0.0) {
            if let Some((lo, hi)) = band.filter(|b| b.0 > 0.0) {
                let _ = write!(
                    out,
                    "<path class=\"series-{}\" d=\"M{:.1} {:.1}V{:.1}\" stroke=\"currentColor\" stroke-width=\"1.2\"/>",
                    i % 8,
                    px(x),
                    py(lo),
                    py(hi)
                );
            }
            let _ = write!(
                out,
                "<circle class=\"series-{}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.2\" fill=\"currentColor\"><title>{}: {} at {}</title></circle>",
                i % 8,
                px(x),
                py(y),
                escape_xml(&s.label),
                short(y),
                fmt_tick(x)
            );
        }
    }
    if let Some((power, name)) = chart.published {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" opacity=\"0.8\">- - {} {:.3}</text>",
            W - RIGHT - 2.0,
            TOP - 6.0,
            escape_xml(name),
            power
        );
    }
    out.push_str("</svg>");
    out
}

/// A tick's value: plain down to 0.01, then as a power of ten.
fn short(v: f64) -> String {
    if v >= 0.01 {
        fmt_tick(v)
    } else {
        format!("1e{}", v.log10().round() as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ys(svg: &str) -> Vec<(f64, f64)> {
        let read = |attribute| super::super::chart::numbers_of(svg, "<circle", attribute);
        read("cx").into_iter().zip(read("cy")).collect()
    }

    #[test]
    fn a_power_law_is_a_straight_line_of_its_slope() {
        // y = 3 x^1.25 at four sides: evenly spaced x on a log axis give
        // evenly spaced y, and the fitted line runs through every dot.
        let points: Vec<_> = [16.0f64, 32.0, 64.0, 128.0]
            .iter()
            .map(|&x| {
                (
                    x,
                    3.0 * x.powf(1.25),
                    Some((2.9 * x.powf(1.25), 3.1 * x.powf(1.25))),
                )
            })
            .collect();
        let svg = loglog_chart(
            &LogChart {
                title: "solution against side",
                x_label: "side",
                y_label: "cells",
                published: Some((1.25, "Kenyon")),
                x_ticks: Some(&[16.0, 32.0, 64.0, 128.0]),
            },
            &[LogSeries {
                label: "wilson".into(),
                points,
                fit: Some((1.25, 16.0, 128.0)),
            }],
        );
        let dots = ys(&svg);
        assert_eq!(dots.len(), 4);
        let steps: Vec<(f64, f64)> = dots
            .windows(2)
            .map(|w| (w[1].0 - w[0].0, w[1].1 - w[0].1))
            .collect();
        for s in &steps {
            assert!(
                (s.0 - steps[0].0).abs() < 0.2 && (s.1 - steps[0].1).abs() < 0.2,
                "{steps:?}"
            );
        }
        assert!(steps[0].1 < 0.0, "higher values sit higher");
        // An error bar per dot, the fit's line, the published line and its name.
        assert!(svg.matches("V").count() >= 4);
        assert!(svg.contains("class=\"published\"") && svg.contains("Kenyon 1.250"));
        assert!(svg.contains("<title>solution against side</title>"));
    }

    #[test]
    fn nothing_to_draw_says_so() {
        let svg = loglog_chart(
            &LogChart {
                title: "t",
                x_label: "x",
                y_label: "y",
                published: None,
                x_ticks: None,
            },
            &[],
        );
        assert!(svg.contains("nothing to draw"));
    }
}
