//! How the app applies the control panel (`controls`): the form read into
//! the settings and shown from them, a new seed, pause and go on, the
//! theme.

use crate::error::parse_seed;
use crate::generate::{self, Bias, Knob, PopSpec};
use crate::rng::fresh_seed;
use crate::settings::{PanelSpec, Settings, Speed};
use crate::solve;
use crate::web::app::App;
use crate::web::controls::{check_weave, read_shape, speed_label};
use crate::web::dom::{self, input, select};
use crate::web::mode::State;
use crate::web::theme;
use wasm_bindgen::prelude::*;

impl App {
    /// Copies the settings into the controls.
    pub(in crate::web) fn show_settings(&self) -> Result<(), JsValue> {
        let s = &self.settings;
        select("algorithm")?.set_value(s.main.algorithm);
        let algorithm = generate::find(s.main.algorithm).map_err(|e| e.to_string())?;
        dom::set_text("description", algorithm.description);
        dom::set_text(
            "legend-frontier",
            if algorithm.working_set.is_empty() {
                "frontier / working set"
            } else {
                algorithm.working_set
            },
        );
        dom::set_hidden("pop-controls", algorithm.knob != Knob::Pop);
        dom::set_hidden("bias-controls", algorithm.knob != Knob::Bias);
        self.show_shape()?;
        self.show_explain()?;
        let pop = s.main.pop.to_string();
        let parts = s.main.pop.parts();
        let mix = parts.len() == 2
            && parts
                .iter()
                .all(|(p, _)| matches!(p.name(), "newest" | "random"));
        select("pop")?.set_value(if mix { "mix" } else { &pop });
        if mix {
            let total: u32 = parts.iter().map(|&(_, w)| w).sum();
            let random = parts
                .iter()
                .find(|(p, _)| p.name() == "random")
                .map_or(0, |&(_, w)| w);
            input("pop-mix")?.set_value(&(100 * random / total.max(1)).to_string());
        }
        // The random share is the mix's alone: still for any other pop.
        input("pop-mix")?.set_disabled(!mix);
        dom::set_text("pop-mix-value", &format!("{}%", input("pop-mix")?.value()));
        select("bias")?.set_value(&s.main.bias.to_string());
        // The Code view has its own speed slider, the same setting.
        for (slider, label) in [("speed", "speed-value"), ("code-speed", "code-speed-value")] {
            input(slider)?.set_value(&s.speed.slider().to_string());
            dom::set_text(label, &speed_label(s.speed));
        }
        input("seed")?.set_value(&s.seed.to_string());
        input("braid")?.set_value(&s.braid.to_string());
        let weave = input("weave")?;
        weave.set_checked(s.weave);
        let can_weave = generate::find(s.main.algorithm)
            .and_then(|a| generate::check_weave(a, &s.shape))
            .is_ok();
        // Offered on plain squares; with another generator it says which weave.
        dom::set_hidden("weave-field", s.shape.plain_square().is_none());
        weave.set_disabled(!can_weave && !s.weave);
        dom::by_id::<web_sys::Element>("weave-field")?.set_attribute(
            "title",
            "passages may run under straight cells: with kruskal, backtracker or growing-tree on a plain square",
        )?;
        dom::set_text("braid-value", &format!("{}%", s.braid));
        crate::web::texture_controls::show_steer(s)?;
        let comparing = !s.compare.is_empty();
        input("compare")?.set_checked(comparing);
        let specs: Vec<String> = s.compare.iter().map(PanelSpec::to_text).collect();
        input("compare-specs")?.set_value(&specs.join(","));
        if comparing {
            if let Some(group) = dom::by_id_opt("compare-group") {
                group.set_attribute("open", "")?;
            }
        }
        // The texture knobs fold away until one is used: a link that
        // sets one shows them.
        let textured =
            s.braid > 0 || s.weave || !s.steer.is_neutral() || s.symmetry.is_some() || s.sparse > 0;
        if textured {
            if let Some(group) = dom::by_id_opt("texture-group") {
                group.set_attribute("open", "")?;
            }
        }
        select("solver")?.set_value(s.solver);
        select("weights")?.set_value(s.weights.map_or("none", |w| w.pattern.name()));
        if let Some(w) = s.weights {
            input("weights-max")?.set_value(&w.max.to_string());
        }
        input("weights-max")?.set_disabled(s.weights.is_none());
        dom::set_hidden("legend-dear", s.weights.is_none());
        let solver = solve::find(s.solver).map_err(|e| e.to_string())?;
        dom::set_text("solver-description", solver.description);
        Ok(())
    }

    /// Copies the shape, its size and wrap into the controls, and offers
    /// only the algorithms that run on it.
    fn show_shape(&self) -> Result<(), JsValue> {
        let shape = &self.settings.shape;
        select("shape")?.set_value(shape.name());
        // Polar and the cube take one number (rings, a face's side); 3D a
        // level's width and height and the levels, 4D one more.
        let single = matches!(shape.name(), "polar" | "cube");
        let (w, h) = match &shape.kind {
            crate::shape::Kind::Stack(s) => (s.width, s.height),
            crate::shape::Kind::Cube(c) => (c.n, 0),
            crate::shape::Kind::Crack(c) => (c.dims.width, c.dims.height),
            _ => shape
                .rows()
                .map_or((shape.size().1, 0), |d| (d.width, d.height)),
        };
        let (levels, hyper) = match &shape.kind {
            crate::shape::Kind::Stack(s) => (Some(s.levels), s.four.then_some(s.hyper)),
            _ => (None, None),
        };
        input("width")?.set_value(&w.to_string());
        input("height")?.set_value(&h.to_string());
        input("levels")?.set_value(&levels.unwrap_or(1).to_string());
        input("hyper")?.set_value(&hyper.unwrap_or(1).to_string());
        dom::set_hidden("height", single);
        dom::set_hidden("size-times", single);
        dom::set_hidden("size-preset", single || levels.is_some());
        dom::set_hidden("levels", levels.is_none());
        dom::set_hidden("levels-times", levels.is_none());
        dom::set_hidden("hyper", hyper.is_none());
        dom::set_hidden("hyper-times", hyper.is_none());
        // One level at a time: a slider over the levels, at "all" for a
        // new maze.
        let count = levels.unwrap_or(1) * hyper.unwrap_or(1);
        dom::set_hidden("level-field", levels.is_none());
        input("level")?.set_max(&count.to_string());
        dom::set_text(
            "size-label",
            match shape.name() {
                "polar" => "Rings",
                "cube" => "Face side",
                "3d" => "Size x levels",
                "4d" => "Size x levels x rows of levels",
                _ => "Size",
            },
        );
        input("width")?.set_attribute(
            "aria-label",
            match shape.name() {
                "polar" => "rings",
                "cube" => "cells along a face's side",
                _ => "width in cells",
            },
        )?;
        let preset = format!("{w}x{h}");
        let presets = select("size-preset")?;
        presets.set_value(&preset);
        if presets.value() != preset {
            presets.set_value("");
        }
        dom::set_hidden("wrap-field", shape.name() != "square");
        select("wrap")?.set_value(shape.wrap_text());
        let masked = shape.mask.as_ref().map_or(0, |m| m.cells() - m.live());
        dom::set_text(
            "mask-summary",
            &if masked == 0 {
                "no cells masked".to_string()
            } else {
                format!("{masked} cells masked off")
            },
        );
        // Text draws square mazes only: the button says so rather than fail.
        let txt = dom::by_id::<web_sys::HtmlButtonElement>("export-txt")?;
        let square = shape.plain_square().is_some();
        txt.set_disabled(!square);
        txt.set_title(if square {
            "the maze as ASCII text"
        } else {
            "text draws plain square mazes only: use SVG, PNG or JSON"
        });
        // Only the algorithms that run on this shape can be picked.
        let algorithms = select("algorithm")?;
        let options = algorithms.options();
        for i in 0..options.length() {
            if let Some(option) = options.item(i) {
                let runs = generate::find(&option.get_attribute("value").unwrap_or_default())
                    .is_ok_and(|a| a.runs_on(shape));
                if runs {
                    option.remove_attribute("disabled")?;
                } else {
                    option.set_attribute("disabled", "")?;
                }
            }
        }
        Ok(())
    }

    /// Reads the controls into the settings; a bad value leaves the old one
    /// and returns the message to show.
    pub(in crate::web) fn read_controls(&mut self) -> Result<Vec<String>, JsValue> {
        let mut problems = Vec::new();
        let s = &mut self.settings;
        match generate::find(&select("algorithm")?.value()) {
            Ok(a) => s.main.algorithm = a.name,
            Err(e) => problems.push(e.to_string()),
        }
        problems.extend(read_shape(s)?);
        let pop = match select("pop")?.value().as_str() {
            "mix" => {
                let random: u32 = input("pop-mix")?.value().parse().unwrap_or(25).min(100);
                if random == 0 {
                    "newest".to_string()
                } else if random == 100 {
                    "random".to_string()
                } else {
                    format!("newest:{},random:{random}", 100 - random)
                }
            }
            other => other.to_string(),
        };
        match PopSpec::parse(&pop) {
            Ok(p) => s.main.pop = p,
            Err(e) => problems.push(e.to_string()),
        }
        match Bias::parse(&select("bias")?.value()) {
            Ok(b) => s.main.bias = b,
            Err(e) => problems.push(e.to_string()),
        }
        match parse_seed(&input("seed")?.value()) {
            Ok(seed) => s.seed = seed,
            Err(e) => problems.push(e.to_string()),
        }
        let slider: u32 = input("speed")?.value().parse().unwrap_or(0);
        s.speed = s.speed.read_back(slider);
        s.braid = input("braid")?.value().parse::<u8>().unwrap_or(0).min(100);
        s.sparse = input("sparse")?.value().parse::<u8>().unwrap_or(0).min(100);
        s.weave = input("weave")?.checked();
        s.steer.run = input("run")?.value().parse::<u8>().unwrap_or(0).min(100);
        let symmetry = select("symmetry")?.value();
        s.symmetry = crate::generate::symmetry::Symmetry::parse(&symmetry).ok();
        let grain = format!(
            "{}:{}",
            select("grain-axis")?.value(),
            input("grain")?.value()
        );
        match crate::generate::steer::Grain::parse(&grain) {
            Ok(g) => s.steer.grain = g,
            Err(e) => problems.push(e.to_string()),
        }
        if input("compare")?.checked() {
            let text = input("compare-specs")?.value();
            let text = if text.trim().is_empty() {
                Settings::default_comparison()
                    .iter()
                    .map(PanelSpec::to_text)
                    .collect::<Vec<_>>()
                    .join(",")
            } else {
                text
            };
            let (parsed, notices) = Settings::from_query(&format!("compare={text}"), s.seed);
            if notices.is_empty() {
                s.compare = parsed.compare;
            } else {
                problems.extend(notices);
            }
        } else {
            s.compare.clear();
        }
        check_weave(s, &mut problems);
        Ok(problems)
    }
}

impl App {
    /// A changed setting rebuilds the mazes; a bad value is named, not used.
    pub(in crate::web) fn settings_changed(&mut self) -> Result<(), JsValue> {
        let problems = self.read_controls()?;
        dom::show_notice(&problems.join("; "));
        self.show_settings()?;
        self.rebuild()
    }

    /// A speed slider (`from`) moved: the maze's and the Code view's show
    /// one setting.
    pub(in crate::web) fn set_speed(&mut self, slider: u32, from: &str) -> Result<(), JsValue> {
        self.settings.speed = Speed::from_slider(slider);
        for (other, label) in [("speed", "speed-value"), ("code-speed", "code-speed-value")] {
            if other != from {
                input(other)?.set_value(&slider.to_string());
            }
            dom::set_text(label, &speed_label(self.settings.speed));
        }
        self.sync_url();
        Ok(())
    }

    /// The solver picked by name, for every panel.
    pub(in crate::web) fn pick_solver(&mut self, name: &str) -> Result<(), JsValue> {
        self.settings.solver = solve::find(name).map_err(|e| e.to_string())?.name;
        for panel in &self.maze.panels {
            panel.solver_pick.set_value(self.settings.solver);
        }
        self.show_settings()?;
        self.sync_url();
        Ok(())
    }

    /// Weighs the cells (or not) on every panel: the heat layer shows the
    /// costs, the next solve pays them, and the link keeps them.
    pub(in crate::web) fn set_weights(
        &mut self,
        weights: Option<crate::weights::Weights>,
    ) -> Result<(), JsValue> {
        self.settings.weights = weights;
        let costs = weights.map(|w| w.costs(&self.settings.shape, self.settings.seed));
        for panel in &mut self.maze.panels {
            panel.set_costs(costs.clone());
        }
        self.show_settings()?;
        self.sync_url();
        self.show_status();
        Ok(())
    }

    /// Colour-blind patterns on or off, on every panel.
    pub(in crate::web) fn set_patterns(&mut self, on: bool) -> Result<(), JsValue> {
        let palette = theme::set_patterns(on);
        for panel in &mut self.maze.panels {
            panel.set_palette(palette)?;
        }
        Ok(())
    }

    /// Colouring by distance from the start on or off, on every panel.
    pub(in crate::web) fn set_distance(&mut self, on: bool) -> Result<(), JsValue> {
        self.stage.distance = on;
        for panel in &mut self.maze.panels {
            panel.set_distance_colouring(on);
            panel.blit()?;
        }
        Ok(())
    }

    /// A new seed, and the mazes carved again.
    pub(in crate::web) fn new_maze(&mut self) -> Result<(), JsValue> {
        self.settings.seed = fresh_seed();
        self.show_settings()?;
        self.rebuild()
    }

    /// Pauses a run, or goes on with it.
    pub(in crate::web) fn toggle_play(&mut self) -> Result<(), JsValue> {
        self.maze.state = match self.maze.state {
            State::Running => State::Paused,
            State::Paused => State::Running,
            State::Done => State::Done,
        };
        self.maze.clock.restart();
        self.show_status();
        Ok(())
    }

    /// Switches between the light and dark themes and repaints every panel.
    pub(in crate::web) fn toggle_theme(&mut self) -> Result<(), JsValue> {
        let palette = theme::toggle();
        for panel in &mut self.maze.panels {
            panel.set_palette(palette)?;
        }
        Ok(())
    }
}
