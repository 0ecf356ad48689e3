//! A sweep's chart: one metric's mean against the control, a line per
//! algorithm with its 95% interval as a band, drawn with the histograms'
//! colours, dashes and legend (`chart.rs`) so the lines stay apart for
//! colour-blind viewers and in greyscale.

use super::chart::{
    axes, escape_xml, fmt_tick, open_svg, series_path, BOTTOM, H, LEFT, RIGHT, TOP, W,
};
use super::measure::MetricInfo;
use super::sweep::{Sweep, SweepPoint};
use std::fmt::Write;

/// The chart of metric `m` (its place in `METRICS`) over the sweep's
/// points: each algorithm's mean as a line with dots, its interval as a
/// shaded band. A point where the metric is undefined breaks the line.
pub fn sweep_chart(sweep: &Sweep, points: &[SweepPoint], m: usize, info: &MetricInfo) -> String {
    let labels: Vec<String> = points
        .first()
        .map(|p| p.reports.iter().map(|r| r.label.clone()).collect())
        .unwrap_or_default();
    let mut out = String::new();
    open_svg(
        &mut out,
        &format!(
            "{} ({}) against {}, for {}",
            info.label,
            info.unit,
            sweep.param,
            labels.join(", ")
        ),
        "sweep",
    );
    // (mean, low, high) per algorithm per point.
    let at = |a: usize, p: &SweepPoint| {
        p.reports
            .get(a)
            .and_then(|r| r.metrics[m].as_ref())
            .map(|x| (x.mean, x.ci95.0, x.ci95.1))
            .filter(|v| v.0.is_finite())
    };
    let all: Vec<(f64, f64, f64)> = (0..labels.len())
        .flat_map(|a| points.iter().filter_map(move |p| at(a, p)))
        .collect();
    if all.is_empty() {
        let _ = write!(
            out,
            "<text x=\"180\" y=\"100\" text-anchor=\"middle\">{}</text></svg>",
            info.undefined
        );
        return out;
    }
    let lo = all
        .iter()
        .map(|v| v.1.min(v.0))
        .fold(f64::INFINITY, f64::min);
    let hi = all
        .iter()
        .map(|v| v.2.max(v.0))
        .fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else {
        (lo - 1.0, hi + 1.0)
    };
    let (x_lo, x_hi) = (
        f64::from(sweep.from.min(sweep.to)),
        f64::from(sweep.from.max(sweep.to)),
    );
    let x_span = (x_hi - x_lo).max(1.0);
    let px = |x: f64| LEFT + (x - x_lo) / x_span * (W - LEFT - RIGHT);
    let py = |y: f64| H - BOTTOM - (y - lo) / (hi - lo) * (H - TOP - BOTTOM);
    axes(
        &mut out,
        sweep.axis_label(),
        &format!("{} ({})", info.label, info.unit),
    );
    for (x, anchor) in [
        (x_lo, "start"),
        ((x_lo + x_hi) / 2.0, "middle"),
        (x_hi, "end"),
    ] {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
            px(x),
            H - BOTTOM + 12.0,
            fmt_tick(x)
        );
    }
    for y in [lo, hi] {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            LEFT - 3.0,
            py(y) + 4.0,
            fmt_tick(y)
        );
    }
    for (a, label) in labels.iter().enumerate() {
        let seen: Vec<(f64, (f64, f64, f64))> = points
            .iter()
            .filter_map(|p| at(a, p).map(|v| (f64::from(p.value), v)))
            .collect();
        if seen.is_empty() {
            continue;
        }
        // The band: along the highs, back along the lows.
        let mut band = String::new();
        for (i, (x, v)) in seen.iter().enumerate() {
            let _ = write!(
                band,
                "{}{:.1} {:.1}",
                if i == 0 { "M" } else { "L" },
                px(*x),
                py(v.2)
            );
        }
        for (x, v) in seen.iter().rev() {
            let _ = write!(band, "L{:.1} {:.1}", px(*x), py(v.1));
        }
        band.push('Z');
        let _ = write!(
            out,
            "<path class=\"series-{} band\" d=\"{band}\" fill=\"currentColor\" fill-opacity=\"0.15\" stroke=\"none\"/>",
            a % 8
        );
        let mut line = String::new();
        for (i, (x, v)) in seen.iter().enumerate() {
            let _ = write!(
                line,
                "{}{:.1} {:.1}",
                if i == 0 { "M" } else { "L" },
                px(*x),
                py(v.0)
            );
        }
        series_path(&mut out, a, &line, false);
        for (x, v) in &seen {
            let _ = write!(
                out,
                "<circle class=\"series-{}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.2\" fill=\"currentColor\"><title>{}: {} at {}</title></circle>",
                a % 8,
                px(*x),
                py(v.0),
                escape_xml(label),
                fmt_tick(v.0),
                x
            );
        }
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::texture::Texture;
    use crate::lab::{sweep, Candidate, METRICS};
    use crate::shape::Shape;

    #[test]
    fn a_line_and_a_band_per_algorithm_with_a_dot_per_point() {
        let plan = Sweep::new("run", 0, 100, 3).unwrap();
        let shape = Shape::parse("square", "10x10", None).unwrap();
        let candidates = [
            Candidate::parse("backtracker").unwrap(),
            Candidate::parse("wilson").unwrap(),
        ];
        let serial = |seed: u64, runs: u64, work: &sweep::Work| work(seed, runs);
        let points = sweep::run(
            &plan,
            &candidates,
            &shape,
            &Texture::default(),
            1,
            10,
            &|| 0.0,
            &serial,
        )
        .unwrap();
        let m = METRICS
            .iter()
            .position(|i| i.key == "mean_corridor")
            .unwrap();
        let svg = sweep_chart(&plan, &points, m, &METRICS[m]);
        assert_eq!(svg.matches("class=\"series-0 band\"").count(), 1);
        assert_eq!(svg.matches("class=\"series-1 band\"").count(), 1);
        assert_eq!(svg.matches("<circle").count(), 6, "{svg}");
        assert!(svg.contains("run (% chance to carry straight on)"));
        // The backtracker's corridors lengthen with the run: its last dot
        // sits higher (a smaller y) than its first.
        let ys = super::super::chart::numbers_of(&svg, "<circle class=\"series-0\"", "cy");
        assert!(ys[2] < ys[0], "{ys:?}");
    }
}
