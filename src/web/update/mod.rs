//! How the app applies what each view asks for: one file a view, each an
//! `impl App` over the app's state and the view's. The views themselves
//! (`play`, `pointer`, `mask`, `stage`, `walk`, `code`, `lab`) hold their
//! own state and draw it; they never name `App`. Keys, the pointer
//! and the waiting views' answers reach the app as messages through
//! `App::update` (`app.rs`); the form's and buttons' handlers
//! (`mount.rs`) call these methods directly.

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
