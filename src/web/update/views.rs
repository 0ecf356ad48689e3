//! How the app applies a view's tab (`views`): the view shown, each view
//! told it is shown or hidden, the link written.

use crate::settings::View;
use crate::web::app::App;
use crate::web::{handover, views};
use wasm_bindgen::prelude::*;

impl App {
    /// Shows `view`; the first-visit module hands a view it lacks to the
    /// full one.
    pub(in crate::web) fn show_view(&mut self, view: View) -> Result<(), JsValue> {
        self.settings.view = view;
        if !handover::shows_here(view) {
            self.sync_url();
            handover::to_full(None);
            return Ok(());
        }
        views::set_view(view)?;
        if cfg!(feature = "first") {
            // Only the maze view is here (`handover::shows_here`).
        } else if view == View::Code {
            self.code_view_shown()?;
        } else {
            self.code_view_hidden();
        }
        if !cfg!(feature = "first") && view == View::Lab {
            self.lab_view_shown()?;
        }
        if !cfg!(feature = "first") && view == View::Walk {
            self.walk_view_shown()?;
        } else {
            // Leaving the walk: the panel is the stage again.
            self.stage.fitted = true;
            self.lay_out(true)?;
        }
        self.sync_url();
        Ok(())
    }
}
