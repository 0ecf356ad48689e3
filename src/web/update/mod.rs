//! How the app applies what each view asks for: one file a view, each an
//! `impl App` over the app's state and the view's. The views themselves
//! (`play`, `pointer`, `mask`, `stage`, `walk`, `code`, `lab`) hold their
//! own state and draw it; they never name `App`. Every event reaches the
//! app as a message (`msg.rs`, read by `events.rs`), which
//! `App::update` (`app.rs`) applies by calling these methods.

mod code;
mod controls;
mod difficulty;
mod export;
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
mod views;
mod walk;
