//! A sweep: one texture control stepped over a range, every metric measured
//! at each point for each algorithm, so a chart can show how the control
//! moves the numbers (mean and 95% interval against the control).
//!
//! The controls a sweep steps: `braid` (the share of dead ends opened,
//! every generator), `run` (the chance a walk carries straight on),
//! `grain` (`h:P`, the share of choices preferring east-west openings),
//! `sparse` (the share of cells turned to rock by pruning dead ends) and
//! `pop-share` (the growing tree's pop, from all newest at 0 to all random
//! at 100: Norvig's dial between the backtracker's long corridors and
//! Prim's short branches). The other controls stay at the base texture's
//! settings.

use super::run::measure_textured;
use super::{Candidate, StatsReport};
use crate::error::MazeError;
use crate::generate::texture::Texture;
use crate::generate::PopSpec;
use crate::shape::Shape;

/// The controls a sweep can step, as the CLI and links name them.
pub const SWEEP_PARAMS: [&str; 5] = ["braid", "run", "grain", "sparse", "pop-share"];

/// The most points a sweep takes.
pub const MAX_POINTS: u32 = 101;

/// A control and the values it is stepped through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// The control's name (one of `SWEEP_PARAMS`).
    pub param: &'static str,
    /// Its values, evenly spaced from the first to the last (whole percents).
    pub values: Vec<u8>,
    /// The first value asked for.
    pub from: u8,
    /// The last value asked for.
    pub to: u8,
}

impl Sweep {
    /// `points` evenly spaced values from `from` to `to` (0 to 100, either
    /// way round), rounded to whole percents; refuses an unknown control,
    /// a value past 0-100 and fewer than 2 or more than 101 points.
    pub fn new(param: &str, from: u32, to: u32, points: u32) -> Result<Sweep, MazeError> {
        let param =
            *SWEEP_PARAMS
                .iter()
                .find(|p| **p == param)
                .ok_or_else(|| MazeError::BadValue {
                    what: "sweep parameter",
                    given: param.to_string(),
                    valid: SWEEP_PARAMS.join(", "),
                })?;
        for (what, v) in [("from", from), ("to", to)] {
            if v > 100 {
                return Err(MazeError::BadValue {
                    what: "sweep range",
                    given: format!("{what} {v}"),
                    valid: "0 to 100 (a percentage)".into(),
                });
            }
        }
        if !(2..=MAX_POINTS).contains(&points) {
            return Err(MazeError::BadValue {
                what: "sweep points",
                given: points.to_string(),
                valid: format!("2 to {MAX_POINTS}"),
            });
        }
        let step = (f64::from(to) - f64::from(from)) / f64::from(points - 1);
        let values = (0..points)
            .map(|i| (f64::from(from) + step * f64::from(i)).round() as u8)
            .collect();
        Ok(Sweep {
            param,
            values,
            from: from as u8,
            to: to as u8,
        })
    }

    /// The link's spelling, `run:0:100:11` (control, from, to, points).
    pub fn to_text(&self) -> String {
        format!(
            "{}:{}:{}:{}",
            self.param,
            self.from,
            self.to,
            self.values.len()
        )
    }

    /// Reads `to_text`'s spelling.
    pub fn parse(text: &str) -> Result<Sweep, MazeError> {
        let parts: Vec<&str> = text.trim().split(':').collect();
        let number = |s: &str| {
            s.trim().parse::<u32>().map_err(|_| MazeError::BadValue {
                what: "sweep",
                given: text.to_string(),
                valid: "CONTROL:FROM:TO:POINTS, e.g. run:0:100:11".into(),
            })
        };
        match parts[..] {
            [param, from, to, points] => {
                Sweep::new(param, number(from)?, number(to)?, number(points)?)
            }
            _ => Err(MazeError::BadValue {
                what: "sweep",
                given: text.to_string(),
                valid: "CONTROL:FROM:TO:POINTS, e.g. run:0:100:11".into(),
            }),
        }
    }

    /// The axis label of a chart against the control.
    pub fn axis_label(&self) -> &'static str {
        match self.param {
            "braid" => "braid (% of dead ends opened)",
            "run" => "run (% chance to carry straight on)",
            "grain" => "grain (% of choices east-west)",
            "sparse" => "sparse (% of cells turned to rock)",
            _ => "pop share (% random, the rest newest)",
        }
    }

    /// Whether the control means something for `candidate`: the pop share
    /// only for the growing tree.
    pub fn check(&self, candidate: &Candidate) -> Result<(), MazeError> {
        if self.param == "pop-share" && candidate.algorithm.name != "growing-tree" {
            return Err(MazeError::BadValue {
                what: "algorithm for a pop-share sweep",
                given: candidate.label(),
                valid: "growing-tree (the share is of its pops: newest to random)".into(),
            });
        }
        Ok(())
    }

    /// The texture and the candidate at `value`: the control set on
    /// the base texture, or (pop share) on the candidate's pop.
    pub fn at(&self, value: u8, base: &Texture, candidate: &Candidate) -> (Texture, Candidate) {
        let mut texture = *base;
        let mut candidate = candidate.clone();
        match self.param {
            "braid" => texture.braid = value,
            "run" => texture.steer.run = value,
            "grain" => texture = texture.with_grain(value),
            "sparse" => texture.sparse = value,
            _ => {
                let random = u32::from(value);
                candidate.pop = PopSpec::parse(&format!("newest:{},random:{random}", 100 - random))
                    .expect("two shares adding to 100 always parse");
            }
        }
        (texture, candidate)
    }
}

/// One point of a sweep: the control's value and each algorithm's report.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    /// The control's value.
    pub value: u8,
    /// One report per algorithm, in the order given.
    pub reports: Vec<StatsReport>,
}

/// A batch of work over seeds `(first, count)`, and how a caller runs one:
/// `slices(seed, runs, work)` gives the rows of seeds `seed .. seed + runs`
/// in order (the CLI splits them over its cores).
pub type Work<'a> = dyn Fn(u64, u64) -> Result<Vec<f64>, MazeError> + Sync + 'a;

/// Runs a batch of `Work` over `(seed, runs)` and gives its rows in order.
pub type Slices<'a> = dyn Fn(u64, u64, &Work) -> Result<Vec<f64>, MazeError> + 'a;

/// Runs `runs` mazes (seeds `seed ..`, the same at every point) of every
/// candidate at every point.
#[allow(clippy::too_many_arguments)]
pub fn run(
    sweep: &Sweep,
    candidates: &[Candidate],
    shape: &Shape,
    base: &Texture,
    seed: u64,
    runs: u64,
    now_ns: &(dyn Fn() -> f64 + Sync),
    slices: &Slices,
) -> Result<Vec<SweepPoint>, MazeError> {
    for c in candidates {
        c.check(shape)?;
        sweep.check(c)?;
        // Both ends of the range must be buildable (a grain or a run the
        // algorithm does not take is refused before any maze is run).
        for &v in [sweep.values.first(), sweep.values.last()]
            .into_iter()
            .flatten()
        {
            let (texture, c) = sweep.at(v, base, c);
            texture.check(c.algorithm, shape)?;
        }
    }
    sweep
        .values
        .iter()
        .map(|&value| {
            let reports = candidates
                .iter()
                .map(|c| {
                    let (texture, point) = sweep.at(value, base, c);
                    let rows = slices(seed, runs, &|from, count| {
                        let mut rows = Vec::new();
                        measure_textured(&point, shape, &texture, from, count, now_ns, &mut rows)?;
                        Ok(rows)
                    })?;
                    // The pop the sweep sets is the point's value, not the
                    // candidate's own.
                    let (spec, label) = if sweep.param == "pop-share" {
                        (c.algorithm.name.to_string(), c.algorithm.name.to_string())
                    } else {
                        (c.spec(), c.label())
                    };
                    Ok(StatsReport::from_rows(
                        spec,
                        label,
                        shape.name().to_string(),
                        shape.size_text(),
                        seed,
                        &rows,
                    ))
                })
                .collect::<Result<Vec<_>, MazeError>>()?;
            Ok(SweepPoint { value, reports })
        })
        .collect()
}

/// The sweep as JSON: the control, the shape and each point's reports (the
/// same objects `mazelab stats --format json` writes).
pub fn to_json(sweep: &Sweep, points: &[SweepPoint]) -> String {
    #[derive(serde::Serialize)]
    struct Point<'a> {
        value: u8,
        results: Vec<super::report::StatsJson<'a>>,
    }
    #[derive(serde::Serialize)]
    struct Out<'a> {
        param: &'a str,
        values: &'a [u8],
        points: Vec<Point<'a>>,
    }
    let out = Out {
        param: sweep.param,
        values: &sweep.values,
        points: points
            .iter()
            .map(|p| Point {
                value: p.value,
                results: p.reports.iter().map(StatsReport::data).collect(),
            })
            .collect(),
    };
    serde_json::to_string(&out).expect("a sweep is plain data")
}

/// The header of the sweep's CSV: the control and its value, then the
/// columns `mazelab stats --format csv` writes.
pub fn csv_header() -> String {
    format!("param,value,{}", StatsReport::CSV_HEADER)
}

/// The sweep as CSV rows under `csv_header`.
pub fn csv_rows(sweep: &Sweep, points: &[SweepPoint]) -> String {
    let mut out = String::new();
    for p in points {
        for r in &p.reports {
            for line in r.csv_rows().lines() {
                out.push_str(&format!("{},{},{line}\n", sweep.param, p.value));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serial(seed: u64, runs: u64, work: &Work) -> Result<Vec<f64>, MazeError> {
        work(seed, runs)
    }

    #[test]
    fn points_are_evenly_spaced_and_bad_sweeps_are_named() {
        assert_eq!(
            Sweep::new("braid", 0, 100, 5).unwrap().values,
            [0, 25, 50, 75, 100]
        );
        assert_eq!(Sweep::new("braid", 100, 0, 3).unwrap().values, [100, 50, 0]);
        for (param, from, to, points, hint) in [
            ("walk", 0, 100, 5, "braid, run, grain, sparse, pop-share"),
            ("braid", 0, 101, 5, "0 to 100"),
            ("braid", 0, 100, 1, "2 to 101"),
            ("braid", 0, 100, 500, "2 to 101"),
        ] {
            let err = Sweep::new(param, from, to, points).unwrap_err().to_string();
            assert!(err.contains(hint), "{param} {to} {points}: {err}");
        }
        let pop = Sweep::new("pop-share", 0, 100, 3).unwrap();
        let err = pop
            .check(&Candidate::parse("kruskal").unwrap())
            .unwrap_err();
        assert!(err.to_string().contains("growing-tree"), "{err}");
    }

    /// Braid removes dead ends in step with the setting, and the pop share
    /// moves the growing tree from the backtracker's texture to Prim's:
    /// checked on the means over 30 mazes at each end.
    #[test]
    fn the_controls_move_their_metrics_the_way_they_should() {
        let shape = Shape::parse("square", "16x16", None).unwrap();
        let clock = || 0.0;
        let dead = |p: &SweepPoint| p.reports[0].metrics[0].unwrap().mean;
        // 30 mazes of one algorithm at each point of a sweep.
        let swept = |sweep: &Sweep, algorithm: &str| {
            let candidates = [Candidate::parse(algorithm).unwrap()];
            run(
                sweep,
                &candidates,
                &shape,
                &Texture::default(),
                1,
                30,
                &clock,
                &serial,
            )
            .unwrap()
        };
        let points = swept(&Sweep::new("braid", 0, 100, 3).unwrap(), "kruskal");
        let d: Vec<f64> = points.iter().map(dead).collect();
        assert!(d[0] > 20.0 && d[1] < d[0] && d[2] == 0.0, "{d:?}");
        let pop = Sweep::new("pop-share", 0, 100, 2).unwrap();
        let points = swept(&pop, "growing-tree");
        let (newest, random) = (dead(&points[0]), dead(&points[1]));
        assert!(newest < 15.0 && random > 20.0, "{newest} {random}");
        // Sparseness prunes dead ends: fewer of them, longer corridors.
        let thin = swept(&Sweep::new("sparse", 0, 60, 2).unwrap(), "kruskal");
        let corridor = |p: &SweepPoint| p.reports[0].metrics[3].unwrap().mean;
        assert!(
            dead(&thin[1]) < dead(&thin[0]),
            "{} {}",
            dead(&thin[0]),
            dead(&thin[1])
        );
        assert!(corridor(&thin[1]) > corridor(&thin[0]));
        // The output carries every point and algorithm.
        let csv = csv_rows(&pop, &points);
        assert_eq!(
            csv.lines().filter(|l| l.contains(",dead_end_pct,")).count(),
            2
        );
        assert!(
            csv.starts_with("pop-share,0,growing-tree,square,16x16,30,1,"),
            "{csv}"
        );
        let json: serde_json::Value = serde_json::from_str(&to_json(&pop, &points)).unwrap();
        assert_eq!(json["points"].as_array().unwrap().len(), 2);
        assert_eq!(json["points"][1]["value"], 100);
        assert!(json["points"][1]["results"][0]["metrics"]["dead_end_pct"]["mean"].is_number());
    }
}
