//! The lab's charts as small hand-written SVG: a histogram per metric with
//! the candidates overlaid, and the uniformity chart (a sweep's lines are
//! in `sweep_chart.rs`).
//!
//! Hand-written rather than plotters: two chart kinds of step lines and
//! rectangles come to about 150 lines, while plotters' SVG backend would
//! add its text layout and font handling to the wasm. Colours come from the
//! page's CSS (`.series-0` ... and `currentColor`), so the charts follow
//! the theme; each series also has its own dash pattern and a direct label,
//! so they stay apart for colour-blind viewers and in greyscale.

use super::measure::MetricInfo;
use super::uniformity::{format_p, Uniformity};
use std::fmt::Write;

pub(super) const W: f64 = 360.0;
pub(super) const H: f64 = 200.0;
pub(super) const LEFT: f64 = 44.0;
pub(super) const RIGHT: f64 = 10.0;
pub(super) const TOP: f64 = 26.0;
pub(super) const BOTTOM: f64 = 34.0;

/// Dash patterns by series, so lines differ by more than their colour.
pub(super) const DASHES: [&str; 6] = ["", "6 3", "2 2", "8 3 2 3", "1 3", "12 4"];

/// Each `element`'s numeric `attribute`, in the order drawn: what the
/// charts' tests read their dots' places with.
#[cfg(test)]
pub(super) fn numbers_of(svg: &str, element: &str, attribute: &str) -> Vec<f64> {
    let key = format!(" {attribute}=\"");
    svg.split(element)
        .skip(1)
        .filter_map(|c| c.split(&key).nth(1)?.split('"').next()?.parse().ok())
        .collect()
}

/// Escapes text for SVG and HTML.
pub fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub(super) fn fmt_tick(v: f64) -> String {
    if v.abs() >= 100.0 || v.fract() == 0.0 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

pub(super) fn open_svg(out: &mut String, title: &str, class: &str) {
    let _ = write!(
        out,
        "<svg class=\"chart {class}\" viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{t}\" \
         xmlns=\"http://www.w3.org/2000/svg\" font-size=\"11\" fill=\"currentColor\">\
         <title>{t}</title>",
        t = escape_xml(title)
    );
}

pub(super) fn axes(out: &mut String, x_label: &str, y_label: &str) {
    let (x0, y0, x1, y1) = (LEFT, H - BOTTOM, W - RIGHT, TOP);
    let _ = write!(
        out,
        "<path class=\"axis\" d=\"M{x0} {y1}V{y0}H{x1}\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1\"/>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
         <text x=\"12\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 12 {})\">{}</text>",
        (x0 + x1) / 2.0,
        H - 4.0,
        escape_xml(x_label),
        (y0 + y1) / 2.0,
        (y0 + y1) / 2.0,
        escape_xml(y_label)
    );
}

/// A histogram of one metric: each series' share of mazes per bin, as an
/// outlined step line. `series` pairs a label with its values (NaN left out).
///
/// The range shown runs from the 0.5th to the 99.5th percentile of all the
/// values: a stray slow maze's time would otherwise squash every bar into
/// one. Values outside it fall into the edge bins.
pub fn histogram(info: &MetricInfo, series: &[(String, Vec<f64>)]) -> String {
    let finite = || {
        series
            .iter()
            .flat_map(|(_, v)| v.iter().copied().filter(|x| x.is_finite()))
    };
    let mut all: Vec<f64> = finite().collect();
    all.sort_unstable_by(f64::total_cmp);
    let quantile = |q: f64| all[((all.len() - 1) as f64 * q).round() as usize];
    let (lo, hi) = if all.is_empty() {
        (f64::INFINITY, f64::NEG_INFINITY)
    } else if quantile(0.005) < quantile(0.995) {
        (quantile(0.005), quantile(0.995))
    } else {
        (all[0], all[all.len() - 1])
    };
    let labels: Vec<&str> = series.iter().map(|(l, _)| l.as_str()).collect();
    let mut out = String::new();
    open_svg(
        &mut out,
        &format!(
            "{} ({}): share of mazes per value, for {}",
            info.label,
            info.unit,
            labels.join(", ")
        ),
        "histogram",
    );
    if !lo.is_finite() {
        let _ = write!(
            out,
            "<text x=\"180\" y=\"100\" text-anchor=\"middle\">{}</text></svg>",
            info.undefined
        );
        return out;
    }
    // Whole-number metrics with a small range get one bin per value.
    let integral = finite().all(|x| x.fract() == 0.0);
    let bins = if integral && hi - lo < 24.0 {
        (hi - lo) as usize + 1
    } else {
        24
    };
    let (lo, width) = if integral && hi - lo < 24.0 {
        (lo - 0.5, 1.0)
    } else if hi > lo {
        (lo, (hi - lo) / bins as f64)
    } else {
        (lo - 0.5, 1.0 / bins as f64)
    };
    let shares: Vec<Vec<f64>> = series
        .iter()
        .map(|(_, values)| {
            let mut counts = vec![0u32; bins];
            let mut n = 0u32;
            for &v in values.iter().filter(|v| v.is_finite()) {
                // Below the range counts in the first bin (the cast of a
                // negative float is 0), above it in the last.
                let b = (((v - lo) / width).max(0.0) as usize).min(bins - 1);
                counts[b] += 1;
                n += 1;
            }
            counts
                .iter()
                .map(|&c| 100.0 * f64::from(c) / f64::from(n.max(1)))
                .collect()
        })
        .collect();
    let top = shares
        .iter()
        .flatten()
        .fold(0.0f64, |a, &b| a.max(b))
        .max(1e-9);
    axes(
        &mut out,
        &format!("{} ({})", info.label, info.unit),
        "% of mazes",
    );
    let px = |x: f64| LEFT + (x - lo) / (width * bins as f64) * (W - LEFT - RIGHT);
    let py = |y: f64| H - BOTTOM - y / top * (H - TOP - BOTTOM);
    let span = width * bins as f64;
    for (x, anchor) in [
        (lo, "start"),
        (lo + span / 2.0, "middle"),
        (lo + span, "end"),
    ] {
        let shown = match anchor {
            "start" if integral && width == 1.0 => x + 0.5,
            "end" if integral && width == 1.0 => x - 0.5,
            _ => x,
        };
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
            px(x),
            H - BOTTOM + 12.0,
            fmt_tick(shown)
        );
    }
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\">0</text>",
        LEFT - 3.0,
        py(top) + 4.0,
        fmt_tick(top),
        LEFT - 3.0,
        H - BOTTOM
    );
    for (i, share) in shares.iter().enumerate() {
        let mut d = format!("M{:.1} {:.1}", px(lo), py(0.0));
        for (b, &s) in share.iter().enumerate() {
            let (x0, x1) = (px(lo + width * b as f64), px(lo + width * (b + 1) as f64));
            let _ = write!(d, "V{:.1}H{:.1}", py(s), x1.max(x0));
        }
        let _ = write!(d, "V{:.1}", py(0.0));
        series_path(&mut out, i, &d, true);
    }
    out.push_str("</svg>");
    out
}

pub(super) fn series_path(out: &mut String, i: usize, d: &str, fill: bool) {
    let dash = DASHES[i % DASHES.len()];
    let _ = write!(
        out,
        "<path class=\"series-{}\" d=\"{d}\" fill=\"{}\" fill-opacity=\"0.12\" stroke=\"currentColor\" stroke-width=\"1.6\"{}/>",
        i % 8,
        if fill { "currentColor" } else { "none" },
        if dash.is_empty() { String::new() } else { format!(" stroke-dasharray=\"{dash}\"") }
    );
}

/// One legend for a set of charts, as HTML: each label with a sample of
/// its line (colour and dash).
pub fn legend(labels: &[String]) -> String {
    let mut out = String::from("<ul class=\"chart-legend\">");
    for (i, label) in labels.iter().enumerate() {
        let dash = DASHES[i % DASHES.len()];
        let _ = write!(
            out,
            "<li class=\"series-{}\"><svg width=\"28\" height=\"10\" aria-hidden=\"true\">\
             <path d=\"M1 5h26\" stroke=\"currentColor\" stroke-width=\"2.5\"{}/></svg>{}</li>",
            i % 8,
            if dash.is_empty() {
                String::new()
            } else {
                format!(" stroke-dasharray=\"{dash}\"")
            },
            escape_xml(label)
        );
    }
    out.push_str("</ul>");
    out
}

/// "p = 0.85", or "p < 1e-300" at the floor.
pub fn p_text(p: f64) -> String {
    let shown = format_p(p);
    match shown.strip_prefix('<') {
        Some(floor) => format!("p < {floor}"),
        None => format!("p = {shown}"),
    }
}

/// How often each spanning tree came out against the uniform line: trees
/// sorted from most to least drawn, each as count / expected, with the band
/// a uniform sampler stays in (±2 binomial standard deviations).
pub fn uniformity(label: &str, index: usize, u: &Uniformity) -> String {
    let mut out = String::new();
    let title = format!(
        "{label}: {} runs over {} trees, {}",
        u.runs,
        u.trees,
        p_text(u.p_value)
    );
    open_svg(&mut out, &title, "uniformity");
    let expected = u.runs as f64 / u.trees.max(1) as f64;
    let mut ratios: Vec<f64> = u
        .counts
        .iter()
        .map(|&c| c as f64 / expected.max(1e-9))
        .collect();
    ratios.sort_unstable_by(|a, b| b.total_cmp(a));
    let sigma = (expected * (1.0 - 1.0 / u.trees.max(1) as f64)).sqrt() / expected.max(1e-9);
    let top = ratios
        .first()
        .copied()
        .unwrap_or(1.0)
        .max(1.0 + 2.5 * sigma)
        .max(2.0);
    axes(
        &mut out,
        "spanning trees, most drawn first",
        "drawn / expected",
    );
    let px = |i: f64| LEFT + i / (ratios.len().max(2) - 1) as f64 * (W - LEFT - RIGHT);
    let py = |y: f64| H - BOTTOM - y / top * (H - TOP - BOTTOM);
    let (band_hi, band_lo) = (
        py((1.0 + 2.0 * sigma).min(top)),
        py((1.0 - 2.0 * sigma).max(0.0)),
    );
    let _ = write!(
        out,
        "<rect class=\"band\" x=\"{LEFT}\" y=\"{band_hi:.1}\" width=\"{}\" height=\"{:.1}\" fill=\"currentColor\" fill-opacity=\"0.12\"/>\
         <path class=\"uniform-line\" d=\"M{LEFT} {:.1}H{}\" stroke=\"currentColor\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">1 (uniform)</text>\
         <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\">0</text>",
        W - LEFT - RIGHT,
        band_lo - band_hi,
        py(1.0),
        W - RIGHT,
        W - RIGHT - 2.0,
        py(1.0) - 3.0,
        LEFT - 3.0,
        py(top) + 4.0,
        fmt_tick(top),
        LEFT - 3.0,
        H - BOTTOM
    );
    // At most one point per half pixel: the sorted curve loses nothing.
    let step = (ratios.len() / 640).max(1);
    let mut d = String::new();
    for (i, r) in ratios.iter().enumerate().step_by(step) {
        let _ = write!(
            d,
            "{}{:.1} {:.1}",
            if d.is_empty() { "M" } else { "L" },
            px(i as f64),
            py(*r)
        );
    }
    let _ = write!(
        d,
        "L{:.1} {:.1}",
        px((ratios.len() - 1) as f64),
        py(ratios[ratios.len() - 1])
    );
    series_path(&mut out, index, &d, false);
    let _ = write!(
        out,
        "<text x=\"{LEFT}\" y=\"14\">{}</text></svg>",
        escape_xml(&format!(
            "{label}: {}, TV = {:.3}",
            p_text(u.p_value),
            u.tv_distance
        ))
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::measure::METRICS;

    #[test]
    fn a_histogram_has_a_line_and_a_label_per_series() {
        let series = vec![
            ("newest".to_string(), vec![10.0, 11.0, 12.0, 11.0]),
            ("oldest <&>".to_string(), vec![30.0, 31.0, f64::NAN]),
        ];
        let svg = histogram(&METRICS[0], &series);
        assert_eq!(svg.matches("<path class=\"series-").count(), 2);
        assert!(svg.contains("oldest &lt;&amp;&gt;"), "named in the title");
        let legend = legend(&[series[0].0.clone(), series[1].0.clone()]);
        assert_eq!(legend.matches("<li class=\"series-").count(), 2);
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
    }

    #[test]
    fn the_uniformity_chart_draws_the_uniform_line_and_the_p_value() {
        let u = Uniformity::from_counts(vec![10, 12, 8, 10]);
        let svg = uniformity("wilson", 0, &u);
        assert!(svg.contains("uniform-line"));
        assert!(svg.contains("p = "));
        assert_eq!(p_text(0.0), "p < 1e-300");
        assert!(!svg.contains("NaN"));
    }
}
