//! The lab's settings as the page holds them and the link spells them:
//! `view=lab&lab=growing-tree:newest~wilson&lab_shape=square&lab_size=40x40
//! &lab_runs=200&lab_seed=1&lab_trees=3x3&lab_tree_runs=20000`, the
//! texture controls every maze is built with (`lab_braid`, `lab_run`,
//! `lab_grain`, `lab_sparse`, `lab_symmetry`, `lab_weights`) and a sweep
//! (`lab_sweep=run:0:100:11`). Keys left at their defaults stay out of the
//! link.

use super::candidate::{Candidate, NORVIG_TRIO};
use super::run::check_runs;
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
    /// The statistics' shape and size (no wrap or mask).
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
                self.shape = Shape::parse(value, size, None).map_err(|e| e.to_string())?;
            }
            "lab_size" => {
                self.shape =
                    Shape::parse(self.shape.name(), value, None).map_err(|e| e.to_string())?;
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
        parts
    }

    /// Whether the whole request can run: every candidate on the shape, a
    /// total size the tab can take, a uniformity size small enough.
    pub fn check(&self) -> Result<(), String> {
        for c in &self.candidates {
            c.check(&self.shape).map_err(|e| e.to_string())?;
            if c.is_program() && (!self.texture.is_plain() || self.sweep.is_some()) {
                return Err("a program's mazes are its own: the texture controls and sweeps run the built-in generators".into());
            }
            if let Some(sweep) = &self.sweep {
                sweep.check(c).map_err(|e| e.to_string())?;
            }
        }
        for series in self.series() {
            if !series.candidate.is_program() {
                series
                    .texture
                    .check(series.candidate.algorithm, &self.shape)
                    .map_err(|e| e.to_string())?;
            }
        }
        let points = self.sweep.as_ref().map_or(1, |s| s.values.len() as u64);
        let mazes = self.runs * points;
        let total = u64::from(crate::shape::Topology::cells(&self.shape)) * mazes;
        if total > MAX_TOTAL_CELLS {
            return Err(format!(
                "{mazes} mazes of {} cells is {total} cells; the lab runs at most {MAX_TOTAL_CELLS} at once: fewer runs, points or a smaller size",
                crate::shape::Topology::cells(&self.shape)
            ));
        }
        Ok(())
    }

    /// The batches a run measures: each candidate under the texture, or
    /// with a sweep each candidate at each point (point by point).
    pub fn series(&self) -> Vec<Series> {
        match &self.sweep {
            None => self
                .candidates
                .iter()
                .map(|c| Series {
                    candidate: c.clone(),
                    texture: self.texture,
                    value: None,
                })
                .collect(),
            Some(sweep) => sweep
                .values
                .iter()
                .flat_map(|&v| {
                    self.candidates.iter().map(move |c| {
                        let (texture, candidate) = sweep.at(v, &self.texture, c);
                        Series {
                            candidate,
                            texture,
                            value: Some(v),
                        }
                    })
                })
                .collect(),
        }
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
