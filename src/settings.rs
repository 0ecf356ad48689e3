//! What is on screen, as a URL query: parsing never fails, it falls back to
//! defaults and says what it ignored, so a broken link still opens the app.
//!
//! Keys: `algorithm`, `size` (`WxH`), `seed`, `pop`, `bias`, `speed` (steps
//! per second or `instant`), `compare` (comma-separated panel specs, each
//! `ALGORITHM` or `ALGORITHM/OPTION`, the option a pop spec with `+` between
//! its parts or a bias, e.g. `growing-tree/newest,growing-tree/oldest`),
//! `solver`, and `start` and `goal` as `x,y` cell coordinates.

use crate::error::parse_seed;
use crate::generate::{self, Bias, Knob, PopSpec};
use crate::grid::{Cell, Dims};
use crate::solve;

/// The fastest animated speed; above it the control means "instant".
pub const MAX_SPEED: f64 = 100_000.0; // steps/s
/// The slowest speed the control offers.
pub const MIN_SPEED: f64 = 1.0; // steps/s
/// At most this many comparison panels.
pub const MAX_PANELS: usize = 4;

/// How fast to play: steps per second, or everything at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Speed {
    StepsPerSecond(f64),
    Instant,
}

/// One panel: an algorithm and the option it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelSpec {
    pub algorithm: &'static str,
    pub pop: PopSpec,
    pub bias: Bias,
}

impl PanelSpec {
    /// Parses `growing-tree/newest:75+random:25`, `binary-tree/NE`, `wilson`.
    pub fn parse(text: &str) -> Result<PanelSpec, String> {
        let (name, option) = match text.split_once('/') {
            Some((name, option)) => (name, Some(option)),
            None => (text, None),
        };
        let algorithm = generate::find(name).map_err(|e| e.to_string())?;
        let mut spec = PanelSpec {
            algorithm: algorithm.name,
            pop: PopSpec::default(),
            bias: Bias::default(),
        };
        match (algorithm.knob, option) {
            (_, None) => {}
            (Knob::Pop, Some(pop)) => spec.pop = PopSpec::parse(pop).map_err(|e| e.to_string())?,
            (Knob::Bias, Some(bias)) => spec.bias = Bias::parse(bias).map_err(|e| e.to_string())?,
            (Knob::None, Some(option)) => {
                return Err(format!(
                    "{} takes no option, but got '{option}'",
                    algorithm.name
                ))
            }
        }
        Ok(spec)
    }

    /// The spec as written in a link.
    pub fn to_text(&self) -> String {
        match generate::find(self.algorithm).map(|a| a.knob) {
            Ok(Knob::Pop) => format!("{}/{}", self.algorithm, self.pop.to_compact()),
            Ok(Knob::Bias) => format!("{}/{}", self.algorithm, self.bias),
            _ => self.algorithm.to_string(),
        }
    }
}

/// Everything the link reproduces.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub main: PanelSpec,
    pub dims: Dims,
    pub seed: u64,
    pub speed: Speed,
    /// Empty: one panel. Otherwise 2 to 4 panels of the same size and seed.
    pub compare: Vec<PanelSpec>,
    /// The solver every panel starts with.
    pub solver: &'static str,
    /// Where solving starts and ends; `None` means the entrance or the exit.
    pub start: Option<(u32, u32)>,
    pub goal: Option<(u32, u32)>,
}

impl Settings {
    /// The app's opening state, with the given seed.
    pub fn defaults(seed: u64) -> Settings {
        Settings {
            main: PanelSpec {
                algorithm: "growing-tree",
                pop: PopSpec::default(),
                bias: Bias::default(),
            },
            dims: Dims::new(40, 25).expect("the default size is valid"),
            seed,
            speed: Speed::StepsPerSecond(400.0),
            compare: Vec::new(),
            solver: "bfs",
            start: None,
            goal: None,
        }
    }

    /// The start cell: the chosen one, or the entrance (top-left).
    pub fn start_cell(&self) -> Cell {
        self.start.map_or(0, |(x, y)| self.dims.at(x, y))
    }

    /// The goal cell: the chosen one, or the exit (bottom-right).
    pub fn goal_cell(&self) -> Cell {
        self.goal
            .map_or(self.dims.cells() - 1, |(x, y)| self.dims.at(x, y))
    }

    /// Forgets a start or goal that no longer fits the size.
    pub fn clamp_ends(&mut self) {
        let (w, h) = (self.dims.width, self.dims.height);
        let fits = |p: Option<(u32, u32)>| p.filter(|&(x, y)| x < w && y < h);
        self.start = fits(self.start);
        self.goal = fits(self.goal);
    }

    /// The default comparison: Norvig's three pops side by side.
    pub fn default_comparison() -> Vec<PanelSpec> {
        ["newest", "oldest", "random"]
            .into_iter()
            .map(|pop| PanelSpec {
                algorithm: "growing-tree",
                pop: PopSpec::parse(pop).expect("built-in pops parse"),
                bias: Bias::default(),
            })
            .collect()
    }

    /// Reads a query string (with or without the leading `?`). Unknown keys
    /// and bad values are skipped; each skip is described in the returned
    /// notices. `fresh_seed` is used when the link carries no valid seed.
    pub fn from_query(query: &str, fresh_seed: u64) -> (Settings, Vec<String>) {
        let mut settings = Settings::defaults(fresh_seed);
        let mut notices = Vec::new();
        for pair in query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(raw);
            let result: Result<(), String> = match key {
                "algorithm" => generate::find(&value)
                    .map(|a| settings.main.algorithm = a.name)
                    .map_err(|e| e.to_string()),
                "size" => Dims::parse(&value)
                    .map(|d| settings.dims = d)
                    .map_err(|e| e.to_string()),
                "seed" => parse_seed(&value)
                    .map(|s| settings.seed = s)
                    .map_err(|e| e.to_string()),
                "pop" => PopSpec::parse(&value)
                    .map(|p| settings.main.pop = p)
                    .map_err(|e| e.to_string()),
                "bias" => Bias::parse(&value)
                    .map(|b| settings.main.bias = b)
                    .map_err(|e| e.to_string()),
                "speed" => parse_speed(&value).map(|s| settings.speed = s),
                "compare" => parse_compare(&value).map(|c| settings.compare = c),
                "solver" => solve::find(&value)
                    .map(|s| settings.solver = s.name)
                    .map_err(|e| e.to_string()),
                "start" => parse_point(&value).map(|p| settings.start = Some(p)),
                "goal" => parse_point(&value).map(|p| settings.goal = Some(p)),
                _ => Err(format!("unknown setting '{key}'")),
            };
            if let Err(message) = result {
                notices.push(format!("ignored {key}: {message}"));
            }
        }
        // Points are checked against the final size, whatever the key order.
        for (key, point) in [("start", settings.start), ("goal", settings.goal)] {
            if let Some((x, y)) =
                point.filter(|&(x, y)| x >= settings.dims.width || y >= settings.dims.height)
            {
                notices.push(format!(
                    "ignored {key}: {x},{y} is outside the {}x{} maze",
                    settings.dims.width, settings.dims.height
                ));
            }
        }
        settings.clamp_ends();
        (settings, notices)
    }

    /// The query string that reproduces these settings, without `?`.
    pub fn to_query(&self) -> String {
        let mut parts = vec![
            format!("algorithm={}", self.main.algorithm),
            format!("size={}x{}", self.dims.width, self.dims.height),
            format!("seed={}", self.seed),
        ];
        match generate::find(self.main.algorithm).map(|a| a.knob) {
            Ok(Knob::Pop) => parts.push(format!(
                "pop={}",
                percent_encode(&self.main.pop.to_string())
            )),
            Ok(Knob::Bias) => parts.push(format!("bias={}", self.main.bias)),
            _ => {}
        }
        parts.push(match self.speed {
            Speed::Instant => "speed=instant".to_string(),
            Speed::StepsPerSecond(s) => format!("speed={}", s.round()),
        });
        if !self.compare.is_empty() {
            let specs: Vec<String> = self.compare.iter().map(PanelSpec::to_text).collect();
            parts.push(format!("compare={}", percent_encode(&specs.join(","))));
        }
        if self.solver != "bfs" {
            parts.push(format!("solver={}", self.solver));
        }
        for (key, point) in [("start", self.start), ("goal", self.goal)] {
            if let Some((x, y)) = point {
                parts.push(format!("{key}={x},{y}"));
            }
        }
        parts.join("&")
    }

    /// The panels to show: the comparison, or the main panel alone.
    pub fn panels(&self) -> Vec<PanelSpec> {
        if self.compare.is_empty() {
            vec![self.main.clone()]
        } else {
            self.compare.clone()
        }
    }
}

fn parse_speed(text: &str) -> Result<Speed, String> {
    if text.eq_ignore_ascii_case("instant") {
        return Ok(Speed::Instant);
    }
    match text.parse::<f64>() {
        Ok(v) if (MIN_SPEED..=MAX_SPEED).contains(&v) => Ok(Speed::StepsPerSecond(v)),
        _ => Err(format!(
            "'{text}' is not 'instant' or a number of steps per second from {MIN_SPEED} to {MAX_SPEED}"
        )),
    }
}

fn parse_point(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{text}' is not a cell as x,y (from 0,0 at the top left)");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

fn parse_compare(text: &str) -> Result<Vec<PanelSpec>, String> {
    let specs = text
        .split(',')
        .map(|s| PanelSpec::parse(s.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    if !(2..=MAX_PANELS).contains(&specs.len()) {
        return Err(format!(
            "a comparison has 2 to {MAX_PANELS} panels, not {}",
            specs.len()
        ));
    }
    Ok(specs)
}

/// Decodes `%XX` escapes and `+` as a space would be wrong here: pop specs
/// use `+`, so only `%XX` is decoded. Invalid escapes are kept as written.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(byte) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes what a query value cannot hold as is (`,` and `:` stay readable).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~,:+/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_round_trips_through_the_settings() {
        let query =
            "algorithm=growing-tree&size=60x40&seed=7&pop=newest:75,random:25&speed=instant\
                     &compare=growing-tree/newest,growing-tree/oldest,binary-tree/NE";
        let (settings, notices) = Settings::from_query(query, 1);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(settings.dims, Dims::new(60, 40).unwrap());
        assert_eq!(settings.seed, 7);
        assert_eq!(settings.speed, Speed::Instant);
        assert_eq!(settings.main.pop.to_string(), "newest:75,random:25");
        assert_eq!(settings.compare.len(), 3);
        assert_eq!(settings.compare[2].bias, Bias::NE);
        let (again, notices) = Settings::from_query(&settings.to_query(), 2);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(again, settings);
    }

    #[test]
    fn bad_values_fall_back_to_defaults_with_a_notice_each() {
        let (settings, notices) = Settings::from_query(
            "?algorithm=nope&size=0x9&seed=abc&speed=fast&compare=wilson&colour=red&pop=",
            5,
        );
        assert_eq!(settings, Settings::defaults(5));
        assert_eq!(notices.len(), 7, "{notices:?}");
        for key in [
            "algorithm",
            "size",
            "seed",
            "speed",
            "compare",
            "colour",
            "pop",
        ] {
            assert!(
                notices.iter().any(|n| n.contains(key)),
                "{key}: {notices:?}"
            );
        }
    }

    #[test]
    fn solver_start_and_goal_round_trip_and_bad_ones_are_named() {
        let (settings, notices) =
            Settings::from_query("size=10x5&solver=astar&start=2,3&goal=9,4", 1);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(
            (settings.solver, settings.start_cell(), settings.goal_cell()),
            ("astar", 32, 49)
        );
        let (again, _) = Settings::from_query(&settings.to_query(), 2);
        assert_eq!(again, settings);
        let (settings, notices) =
            Settings::from_query("goal=40,1&size=10x5&start=x&solver=teleport", 1);
        assert_eq!(
            (settings.start_cell(), settings.goal_cell(), settings.solver),
            (0, 49, "bfs")
        );
        assert_eq!(notices.len(), 3, "{notices:?}");
        assert!(
            notices.iter().any(|n| n.contains("outside the 10x5 maze")),
            "{notices:?}"
        );
    }

    #[test]
    fn panel_specs_carry_their_option_and_refuse_stray_ones() {
        let spec = PanelSpec::parse("growing-tree/newest:75+random:25").unwrap();
        assert_eq!(spec.to_text(), "growing-tree/newest:75+random:25");
        assert!(PanelSpec::parse("wilson/oldest")
            .unwrap_err()
            .contains("takes no option"));
        assert!(PanelSpec::parse("binary-tree/XX")
            .unwrap_err()
            .contains("NW, NE, SW, SE"));
    }

    #[test]
    fn percent_escapes_decode_and_bad_ones_stay() {
        assert_eq!(
            percent_decode("newest%3A75%2Crandom%3A25"),
            "newest:75,random:25"
        );
        assert_eq!(percent_decode("50%"), "50%");
        assert_eq!(percent_decode("%zz"), "%zz");
        assert_eq!(percent_encode("<b>"), "%3Cb%3E");
    }
}
