//! How the app applies the Difficulty group (`difficulty`): the seeds
//! tried, the one found carved.

use crate::difficulty::{self, Keep, Target};
use crate::web::app::App;
use crate::web::dom::{self, input, select};
use wasm_bindgen::prelude::*;

impl App {
    /// Generates mazes with consecutive seeds and keeps the hardest or easiest.
    pub(in crate::web) fn monte_carlo(&mut self) -> Result<(), JsValue> {
        let trials = match difficulty::parse_trials(&input("mc-trials")?.value()) {
            Ok(trials) => trials,
            Err(e) => {
                dom::show_notice(&e.to_string());
                return Ok(());
            }
        };
        let keep = if select("mc-keep")?.value() == "easiest" {
            Keep::Easiest
        } else {
            Keep::Hardest
        };
        let s = &self.settings;
        let params = s.params();
        match difficulty::monte_carlo(s.main.algorithm, &params, trials, keep) {
            Ok(pick) => {
                let which = if keep == Keep::Hardest {
                    "hardest"
                } else {
                    "easiest"
                };
                dom::show_notice(&format!(
                    "kept the {which} of {trials} mazes (seeds {} to {}): seed {}, solution {} moves",
                    s.seed,
                    s.seed.wrapping_add(u64::from(trials) - 1),
                    pick.seed,
                    pick.solution_length
                ));
                self.go_to_seed(pick.seed)
            }
            Err(e) => {
                dom::show_notice(&e.to_string());
                Ok(())
            }
        }
    }

    /// Generates seed after seed until the chosen metric is in range, and
    /// shows the maze found and how many it took.
    pub(in crate::web) fn difficulty_target(&mut self) -> Result<(), JsValue> {
        let text = format!(
            "{}:{}-{}",
            select("target-metric")?.value(),
            input("target-low")?.value().trim(),
            input("target-high")?.value().trim()
        );
        let s = &self.settings;
        let found = Target::parse(&text)
            .and_then(|t| difficulty::reach(s.main.algorithm, &s.params(), &t).map(|hit| (t, hit)));
        match found {
            Ok((t, hit)) => {
                let info = &crate::lab::METRICS[t.metric];
                dom::show_notice(&format!(
                    "{} {:.2} {} after {} maze{} (seeds {} to {}): seed {}",
                    info.label,
                    hit.value,
                    info.unit,
                    hit.tried,
                    if hit.tried == 1 { "" } else { "s" },
                    s.seed,
                    hit.seed,
                    hit.seed
                ));
                let target = dom::by_id::<web_sys::Element>("target-run")?;
                target.set_attribute("data-tried", &hit.tried.to_string())?;
                self.go_to_seed(hit.seed)
            }
            Err(e) => {
                dom::show_notice(&e.to_string());
                Ok(())
            }
        }
    }

    /// Shows the maze of `seed` (a search's find), from its own ends.
    fn go_to_seed(&mut self, seed: u64) -> Result<(), JsValue> {
        self.settings.seed = seed;
        self.settings.start = None;
        self.settings.goal = None;
        self.show_settings()?;
        self.rebuild()
    }
}
