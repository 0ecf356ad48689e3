//! The lab's settings as the page holds them and the link spells them:
//! `view=lab&lab=growing-tree:newest~wilson&lab_shape=square&lab_size=40x40
//! &lab_runs=200&lab_seed=1&lab_trees=3x3&lab_tree_runs=20000`, the
//! texture controls every maze is built with (`lab_braid`, `lab_run`,
//! `lab_grain`, `lab_sparse`, `lab_symmetry`, `lab_weights`) and a sweep
//! (`lab_sweep=run:0:100:11`), the square's wrap (`lab_wrap=xy`), a
//! scaling over sides (`lab_scaling=solution:16,32,64,128`) and the
//! branch or loop distribution (`lab_distribution=branch`). Keys left at
//! their defaults stay out of the link.

use super::candidate::{Candidate, NORVIG_TRIO};
use super::distribution::Quantity;
use super::run::check_runs;
use super::scaling::{parse_sizes, scaling_metric, size_text};
use super::sweep::Sweep;
use super::trees::Trees;
use crate::error::parse_seed;
use crate::generate::texture::Texture;
use crate::shape::Shape;

/// The most cells all the mazes of one statistics run add up to: a
/// thousand 100 x 100 mazes ten times over, a few seconds of work.
pub const MAX_TOTAL_CELLS: u64 = 100_000_000;

/// What the lab view runs.
#[derive(Clone, Debug, PartialEq)]
pub struct LabSettings {
    /// The algorithms compared.
    pub candidates: Vec<Candidate>,
    /// The statistics' shape and size, with the square's wrap (no mask).
    pub shape: Shape,
    /// Mazes per algorithm.
    pub runs: u64,
    /// The first maze's seed (maze i has seed + i).
    pub seed: u64,
    /// The uniformity test's size (square), or `None` to skip the test.
    pub trees: Option<Shape>,
    /// Uniformity runs per algorithm.
    pub tree_runs: u64,
    /// The texture controls every maze is built with.
    pub texture: Texture,
    /// A control stepped over a range, each algorithm run at every point
    /// (the uniformity test is then left out).
    pub sweep: Option<Sweep>,
    /// A metric followed over sides, each algorithm run at every side (the
    /// uniformity test is then left out).
    pub scaling: Option<LabScaling>,
    /// Branch sizes or loop lengths counted over every passage, with the
    /// power they fall as.
    pub distribution: Option<Quantity>,
}

/// What a lab scaling follows: a metric (`SCALING_METRICS`) at each side
/// n of n x n mazes of the lab's shape (polar: rings).
#[derive(Clone, Debug, PartialEq)]
pub struct LabScaling {
    /// The metric's key.
    pub metric: &'static str,
    /// The sides, increasing.
    pub sizes: Vec<u32>,
}

impl LabScaling {
    /// Reads `METRIC:16,32,64`.
    pub fn parse(text: &str) -> Result<LabScaling, String> {
        let (metric, sizes) = text
            .split_once(':')
            .ok_or_else(|| format!("'{text}' is not METRIC:SIDES, e.g. solution:16,32,64,128"))?;
        Ok(LabScaling {
            metric: scaling_metric(metric).map_err(|e| e.to_string())?.key,
            sizes: parse_sizes(sizes).map_err(|e| e.to_string())?,
        })
    }

    /// `METRIC:16,32,64`, as `parse` reads it.
    pub fn to_text(&self) -> String {
        let sizes: Vec<String> = self.sizes.iter().map(u32::to_string).collect();
        format!("{}:{}", self.metric, sizes.join(","))
    }
}

/// One batch of mazes the lab runs: an algorithm under a texture, and the
/// sweep's value it stands for, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The algorithm (with its pop, which a pop-share sweep sets).
    pub candidate: Candidate,
    /// The controls its mazes are built with.
    pub texture: Texture,
    /// The sweep's value at this point.
    pub value: Option<u8>,
    /// The shape its mazes are (a scaling's side, or the lab's shape).
    pub shape: Shape,
    /// A scaling's side at this point.
    pub side: Option<u32>,
}

impl Default for LabSettings {
    fn default() -> LabSettings {
        LabSettings {
            candidates: NORVIG_TRIO
                .iter()
                .map(|s| Candidate::parse(s).expect("the trio parses"))
                .collect(),
            shape: Shape::parse("square", "40x40", None).expect("a valid size"),
            runs: 200,
            seed: 1,
            trees: Some(Shape::parse("square", "3x3", None).expect("a valid size")),
            tree_runs: 20_000,
            texture: Texture::default(),
            sweep: None,
            scaling: None,
            distribution: None,
        }
    }
}

/// The uniformity sizes the page offers (each has at most 100352 trees).
pub const TREE_SIZES: [&str; 7] = ["2x2", "2x3", "3x3", "2x5", "3x4", "4x4", "2x2x2"];

impl LabSettings {
    /// The candidates in the link's spelling.
    pub fn candidates_text(&self) -> String {
        self.candidates
            .iter()
            .map(Candidate::spec)
            .collect::<Vec<_>>()
            .join("~")
    }

    /// Sets one key from the link (`lab`, `lab_shape`, ...); an error says
    /// why the value was refused and leaves the setting as it was.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        match key {
            "lab" => {
                self.candidates = Candidate::parse_list(value).map_err(|e| e.to_string())?;
            }
            "lab_shape" => {
                let size = crate::shape::default_size(value);
                let shape = Shape::parse(value, size, None).map_err(|e| e.to_string())?;
                // The wrap stays where the new shape takes it.
                self.shape = Shape::parse(value, size, self.wrap()).unwrap_or(shape);
            }
            "lab_size" => {
                self.shape = Shape::parse(self.shape.name(), value, self.wrap())
                    .map_err(|e| e.to_string())?;
            }
            "lab_wrap" => {
                let wrap = Some(value).filter(|w| !w.is_empty() && *w != "none");
                self.shape = Shape::parse(self.shape.name(), &self.shape.size_text(), wrap)
                    .map_err(|e| e.to_string())?;
            }
            "lab_scaling" => {
                self.scaling = if value == "off" || value.is_empty() {
                    None
                } else {
                    Some(LabScaling::parse(value)?)
                }
            }
            "lab_distribution" => {
                self.distribution = match value {
                    "off" | "" => None,
                    _ => Some(
                        Quantity::ALL
                            .into_iter()
                            .find(|q| q.name() == value)
                            .ok_or_else(|| {
                                format!("unknown distribution '{value}'; valid: branch, loop, off")
                            })?,
                    ),
                }
            }
            "lab_runs" => self.runs = parse_runs(value)?,
            "lab_seed" => self.seed = parse_seed(value).map_err(|e| e.to_string())?,
            "lab_trees" => {
                self.trees = if value == "off" {
                    None
                } else {
                    Some(tree_shape(value)?)
                }
            }
            "lab_tree_runs" => self.tree_runs = parse_runs(value)?,
            "lab_sweep" => {
                self.sweep = if value == "off" || value.is_empty() {
                    None
                } else {
                    Some(Sweep::parse(value).map_err(|e| e.to_string())?)
                }
            }
            _ => match key.strip_prefix("lab_") {
                Some(control) if Texture::KEYS.contains(&control) => {
                    let mut texture = self.texture;
                    texture.set(control, value).map_err(|e| e.to_string())?;
                    self.texture = texture;
                }
                _ => return Err(format!("unknown setting '{key}'")),
            },
        }
        Ok(())
    }

    /// The link's keys for what differs from the defaults.
    pub fn query_parts(&self) -> Vec<String> {
        let d = LabSettings::default();
        let mut parts = Vec::new();
        if self.candidates != d.candidates {
            parts.push(format!(
                "lab={}",
                crate::percent::percent_encode(&self.candidates_text())
            ));
        }
        if self.shape.name() != d.shape.name() {
            parts.push(format!("lab_shape={}", self.shape.name()));
        }
        if self.shape != d.shape {
            parts.push(format!("lab_size={}", self.shape.size_text()));
        }
        if let Some(wrap) = self.wrap() {
            parts.push(format!("lab_wrap={wrap}"));
        }
        if self.runs != d.runs {
            parts.push(format!("lab_runs={}", self.runs));
        }
        if self.seed != d.seed {
            parts.push(format!("lab_seed={}", self.seed));
        }
        if self.trees != d.trees {
            let size = self
                .trees
                .as_ref()
                .map_or("off".to_string(), Shape::size_text);
            parts.push(format!("lab_trees={size}"));
        }
        if self.tree_runs != d.tree_runs {
            parts.push(format!("lab_tree_runs={}", self.tree_runs));
        }
        for (key, value) in self.texture.to_pairs() {
            parts.push(format!("lab_{key}={value}"));
        }
        if let Some(sweep) = &self.sweep {
            parts.push(format!("lab_sweep={}", sweep.to_text()));
        }
        if let Some(scaling) = &self.scaling {
            parts.push(format!("lab_scaling={}", scaling.to_text()));
        }
        if let Some(q) = self.distribution {
            parts.push(format!("lab_distribution={}", q.name()));
        }
        parts
    }

    /// The shape's wrap as the link spells it, if it has one.
    pub fn wrap(&self) -> Option<&'static str> {
        Some(self.shape.wrap_text()).filter(|w| !w.is_empty())
    }

    /// Whether the uniformity test runs: asked for, and neither a sweep
    /// nor a scaling (which run other mazes).
    pub fn tests_uniformity(&self) -> bool {
        self.trees.is_some() && self.sweep.is_none() && self.scaling.is_none()
    }

    /// Whether the whole request can run: every candidate on the shape, a
    /// total size the tab can take, a uniformity size small enough.
    pub fn check(&self) -> Result<(), String> {
        if self.sweep.is_some() && self.scaling.is_some() {
            return Err(
                "a sweep steps a control and a scaling steps the size: run one at a time".into(),
            );
        }
        if self.distribution.is_some() && (self.sweep.is_some() || self.scaling.is_some()) {
            return Err("branches and loops are counted on the lab's own size: without a sweep or a scaling".into());
        }
        if self.distribution.is_some() && self.texture.braid > 0 {
            return Err("branches and loops are counted on perfect mazes: braid 0".into());
        }
        for c in &self.candidates {
            c.check(&self.shape).map_err(|e| e.to_string())?;
            let plain = self.texture.is_plain()
                && self.sweep.is_none()
                && self.scaling.is_none()
                && self.distribution.is_none()
                && self.wrap().is_none();
            if c.is_program() && !plain {
                return Err("a program's mazes are its own: the texture controls, wraps, sweeps, scalings and distributions run the built-in generators".into());
            }
            if let Some(sweep) = &self.sweep {
                sweep.check(c).map_err(|e| e.to_string())?;
            }
        }
        let series = self.series()?;
        for b in &series {
            b.candidate.check(&b.shape).map_err(|e| e.to_string())?;
            if !b.candidate.is_program() {
                b.texture
                    .check(b.candidate.algorithm, &b.shape)
                    .map_err(|e| e.to_string())?;
            }
        }
        let cells: u64 = series
            .iter()
            .map(|b| u64::from(crate::shape::Topology::cells(&b.shape)))
            .sum();
        let total = cells * self.runs;
        if total > MAX_TOTAL_CELLS {
            return Err(format!(
                "{} mazes of {} cells in all is {total} cells; the lab runs at most {MAX_TOTAL_CELLS} at once: fewer runs, points or smaller sizes",
                self.runs * series.len() as u64,
                cells / series.len().max(1) as u64,
            ));
        }
        Ok(())
    }

    /// The batches a run measures: each candidate under the texture, or
    /// with a sweep each candidate at each point (point by point), or with
    /// a scaling each candidate at each side (side by side).
    pub fn series(&self) -> Result<Vec<Series>, String> {
        let plain = |c: &Candidate| Series {
            candidate: c.clone(),
            texture: self.texture,
            value: None,
            shape: self.shape.clone(),
            side: None,
        };
        if let Some(sweep) = &self.sweep {
            return Ok(sweep
                .values
                .iter()
                .flat_map(|&v| {
                    self.candidates.iter().map(move |c| {
                        let (texture, candidate) = sweep.at(v, &self.texture, c);
                        Series {
                            texture,
                            candidate,
                            value: Some(v),
                            ..plain(c)
                        }
                    })
                })
                .collect());
        }
        if let Some(scaling) = &self.scaling {
            let mut out = Vec::new();
            for &n in &scaling.sizes {
                let name = self.shape.name();
                let shape = Shape::parse(name, &size_text(name, n), self.wrap())
                    .map_err(|e| e.to_string())?;
                for c in &self.candidates {
                    out.push(Series {
                        shape: shape.clone(),
                        side: Some(n),
                        ..plain(c)
                    });
                }
            }
            return Ok(out);
        }
        Ok(self.candidates.iter().map(plain).collect())
    }
}

fn parse_runs(value: &str) -> Result<u64, String> {
    let runs: u64 = value
        .parse()
        .map_err(|_| format!("'{value}' is not a whole number of runs"))?;
    check_runs(runs).map_err(|e| e.to_string())?;
    Ok(runs)
}

/// A square small enough to list its spanning trees.
pub fn tree_shape(size: &str) -> Result<Shape, String> {
    // Three sides make a 3D maze (2x2x2: 384 trees).
    let kind = if size.matches('x').count() == 2 {
        "3d"
    } else {
        "square"
    };
    let shape = Shape::parse(kind, size, None).map_err(|e| e.to_string())?;
    let count = super::trees::matrix_tree_count(&shape);
    if count > super::trees::MAX_TREES {
        // The same message the CLI gives.
        return Err(Trees::of(&shape)
            .err()
            .map_or_else(String::new, |e| e.to_string()));
    }
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_stay_out_of_the_link_and_the_rest_reads_back() {
        let mut s = LabSettings::default();
        assert!(s.query_parts().is_empty());
        for (key, value) in [
            ("lab", "wilson~growing-tree:oldest"),
            ("lab_shape", "hex"),
            ("lab_size", "12x10"),
            ("lab_runs", "50"),
            ("lab_seed", "77"),
            ("lab_trees", "2x3"),
            ("lab_tree_runs", "500"),
            ("lab_run", "40"),
            ("lab_grain", "v:70"),
            ("lab_braid", "10"),
            ("lab_sweep", "sparse:0:60:4"),
            ("lab_distribution", "loop"),
        ] {
            s.set(key, value).unwrap();
        }
        let mut back = LabSettings::default();
        for part in s.query_parts() {
            let (key, value) = part.split_once('=').unwrap();
            back.set(key, &crate::percent::percent_decode(value))
                .unwrap();
        }
        assert_eq!(back, s);
        s.set("lab_trees", "2x2x2").unwrap();
        assert_eq!(s.trees.as_ref().map(Shape::name), Some("3d"));
        assert!(s.query_parts().contains(&"lab_trees=2x2x2".to_string()));
        s.set("lab_trees", "off").unwrap();
        assert!(s.query_parts().contains(&"lab_trees=off".to_string()));
    }

    #[test]
    fn a_wrap_a_scaling_and_a_distribution_go_into_the_link_and_back() {
        let mut s = LabSettings::default();
        for (key, value) in [
            ("lab_size", "24x24"),
            ("lab_wrap", "xy"),
            ("lab_scaling", "longest_path:8,16,32"),
        ] {
            s.set(key, value).unwrap();
        }
        // A new size keeps the wrap.
        s.set("lab_size", "20x20").unwrap();
        assert_eq!(s.wrap(), Some("xy"));
        let parts = s.query_parts();
        assert!(parts.contains(&"lab_wrap=xy".to_string()), "{parts:?}");
        assert!(parts.contains(&"lab_scaling=longest_path:8,16,32".to_string()));
        let mut back = LabSettings::default();
        for part in &parts {
            let (key, value) = part.split_once('=').unwrap();
            back.set(key, value).unwrap();
        }
        assert_eq!(back, s);
        // Each candidate at each side, side by side, every side wrapped.
        let series = s.series().unwrap();
        assert_eq!(series.len(), 3 * 3);
        assert_eq!(series[3].side, Some(16));
        assert_eq!(series[3].shape.size_text(), "16x16");
        assert!(series.iter().all(|b| b.shape.wrap_text() == "xy"));
        assert!(!s.tests_uniformity(), "a scaling leaves the test out");
        assert!(s.check().is_ok());
        // A shape with no wrap drops it; refusals name the reason.
        s.set("lab_shape", "hex").unwrap();
        assert_eq!(s.wrap(), None);
        assert!(s.set("lab_wrap", "zz").is_err());
        assert!(s
            .set("lab_scaling", "beauty:8,16")
            .unwrap_err()
            .contains("solution"));
        assert!(s
            .set("lab_scaling", "solution")
            .unwrap_err()
            .contains("METRIC:SIDES"));
        assert!(s
            .set("lab_distribution", "rings")
            .unwrap_err()
            .contains("branch, loop"));
        let mut both = LabSettings::default();
        both.set("lab_scaling", "solution:8,16").unwrap();
        both.set("lab_sweep", "braid:0:100:3").unwrap();
        assert!(both.check().unwrap_err().contains("one at a time"));
        let mut braided = LabSettings::default();
        braided.set("lab_distribution", "branch").unwrap();
        braided.set("lab_braid", "20").unwrap();
        assert!(braided.check().unwrap_err().contains("perfect"));
        let mut program = LabSettings::default();
        program.set("lab", "program").unwrap();
        program.set("lab_wrap", "x").unwrap();
        assert!(program.check().unwrap_err().contains("wraps"));
    }

    #[test]
    fn bad_values_are_refused_with_a_reason() {
        let mut s = LabSettings::default();
        assert!(s
            .set("lab", "nope")
            .unwrap_err()
            .contains("valid algorithms"));
        assert!(s.set("lab_runs", "0").unwrap_err().contains("1 to"));
        assert!(s
            .set("lab_runs", "many")
            .unwrap_err()
            .contains("whole number"));
        assert!(s.set("lab_trees", "5x5").unwrap_err().contains("4x4"));
        assert!(s.set("lab_size", "0x3").is_err());
        assert!(s.set("lab_run", "101").unwrap_err().contains("0 to 100"));
        assert!(s.set("lab_grain", "x:50").unwrap_err().contains("h:P"));
        assert!(s
            .set("lab_sweep", "walk:0:100:3")
            .unwrap_err()
            .contains("braid, run"));
        assert!(s
            .set("lab_sweep", "run:0:100")
            .unwrap_err()
            .contains("CONTROL:FROM"));
        assert!(s.set("lab_colour", "1").unwrap_err().contains("unknown"));
        assert_eq!(s, LabSettings::default(), "nothing changed");
        s.set("lab", "sidewinder").unwrap();
        s.set("lab_shape", "hex").unwrap();
        assert!(s.check().unwrap_err().contains("sidewinder"));
        let mut big = LabSettings::default();
        big.set("lab_size", "1000x1000").unwrap();
        assert!(big.check().unwrap_err().contains("at most"));
        // A sweep multiplies the mazes by its points.
        let mut swept = LabSettings::default();
        swept.set("lab_size", "100x100").unwrap();
        swept.set("lab_runs", "1000").unwrap();
        assert!(swept.check().is_ok());
        swept.set("lab_sweep", "braid:0:100:11").unwrap();
        assert!(swept.check().unwrap_err().contains("points"));
        // A control the algorithm cannot take is named.
        let mut eller = LabSettings::default();
        eller.set("lab", "eller").unwrap();
        eller.set("lab_sweep", "run:0:100:3").unwrap();
        assert!(eller.check().unwrap_err().contains("eller"));
    }
}
