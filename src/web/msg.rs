//! What the views ask of the app: one message a wish, whether a key, a
//! button, a control of the form or a waiting view's answer asked it.
//! The views make messages (`keys::read`, `events`); `App::update`
//! applies them, and only it changes the app.

use super::walk::Command;
use crate::settings::View;
use crate::shape::Dir;
use web_sys::Event;

pub(super) enum Msg {
    // The page's input, read where the app's state is needed to read it.
    /// A key pressed; `keys::read` says what it asks, from the view and
    /// the mode.
    KeyDown(Event),
    /// A pointer down, moving, up or cancelled on the stage's panels.
    Pointer(Event),
    /// The wheel turned over the stage.
    Wheel(Event),
    /// The stage's boxes changed size.
    Resize,

    // The maze's form.
    /// A control of the maze's form changed: the settings are read again.
    FormChanged,
    /// A speed slider (`speed` or `code-speed`) moved to `slider`.
    Speed {
        slider: u32,
        from: &'static str,
    },
    /// A new seed, and the mazes carved again (`n`, New maze, New seed).
    NewMaze,
    /// The solver picked by name.
    Solver(String),
    /// The cells' costs: a weighting, or none.
    Weights(Option<crate::weights::Weights>),
    /// Colour-blind patterns on or off.
    Patterns(bool),
    /// What the steps panel shows (numbered steps, plain English, none).
    Explain(crate::settings::Explain),
    /// Colouring by distance from the start on or off.
    Distance(bool),
    Theme,
    Help,
    /// A view's tab.
    View(View),
    /// A download of `kind` (png, svg, plot, pdf, txt, json, stl) from
    /// the button `button`.
    Export {
        kind: &'static str,
        button: &'static str,
    },

    // The timeline.
    TimelinePlay,
    StepForward,
    StepBack,
    SeekStart,
    SeekEnd,
    /// The slider dragged to a step: the link follows when it is let go
    /// (`Linked`).
    Seek(u64),
    /// The link is written again (the timeline's slider let go).
    Linked,
    /// Show a step and link it (a printed line's step pressed).
    SeekTo(u64),
    Finish,

    // Solving, playing, the maze's figures.
    Solve,
    /// Play by hand on the first panel.
    Play,
    /// Playing by hand: a step by compass, by a point of the keyboard's
    /// ring (the diagonals), or to a level's side (3D and 4D); stop.
    PlayStep(Dir),
    PlayPoint(usize),
    PlaySide(usize),
    StopPlaying,
    /// Start and goal back where they were, the solve cleared.
    ClearSolve,
    Describe,
    MonteCarlo,
    DifficultyTarget,
    /// The level slider of a 3D or 4D maze moved.
    ShowLevel,

    // The stage's view.
    /// Pan by a share of the canvas.
    Pan(f64, f64),
    Zoom(f64),
    Fit,

    // The mask tools.
    MaskPaint(bool),
    MaskClear,
    MaskFromText,
    /// The picture chosen for the mask has loaded.
    MaskImageLoaded,

    // The walk view.
    Walk(Command),
    WalkWay,
    WalkAutopilot,
    /// A drag on the walk's picture: pressed, moved to, or let go.
    WalkDrag(Drag),

    // The waiting views' answers, and their own forms.
    /// A font the printable sheet's title needs has been fetched (or not).
    SheetFont(super::sheet_fonts::Fetched),
    Code(super::code::Msg),
    Lab(super::lab::Msg),
}

/// A drag's moment, at a point of the page (CSS pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Drag {
    Down(f64, f64),
    Move(f64, f64),
    Up,
}
