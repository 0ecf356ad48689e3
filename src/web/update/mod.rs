//! How the app applies what each view asks for: one file a view, each an
//! `impl App` over the app's state and the view's. The views themselves
//! (`play`, `pointer`, `mask`, `stage`, `walk`, `code`, `lab`) hold their
//! own state and draw it; they never name `App`. What reaches the app
//! from the page goes through `App::update` (`app.rs`), which calls these.

mod code;
mod controls;
mod difficulty;
mod export;
mod keys;
mod lab;
mod mask;
mod play;
mod pointer;
mod program;
mod run;
mod stage;
mod status;
mod steps;
mod timeline;
mod walk;
