//! What a program's worker says to the page, JavaScript's or Python's
//! alike: the worker's messages read as reports. Both the worker that runs
//! JavaScript (`worker.rs`) and the Python worker (`python.rs`) speak it.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What the worker reports.
pub(in crate::web) enum Report {
    /// A piece of the event log: the worker's array, or a window on the
    /// shared ring (read before the handler returns: then it is the
    /// worker's again).
    Log(js_sys::Int32Array),
    /// A spare worker could not load the program: run it in a fresh one,
    /// which names the line of a syntax error.
    Retry,
    /// The program opened every wall before its first change.
    Opened,
    /// What the program printed: each line with the steps made before it;
    /// and how many lines the worker has left out so far.
    Output {
        lines: Vec<(u64, String)>,
        dropped: u64,
    },
    /// The end of the run: its error (with the line or step).
    Done {
        error: Option<String>,
        /// The program's own time in the worker, calls and recording.
        run_ms: f64,
        /// A solver's path (cells; anything not a cell as `u32::MAX`).
        path: Option<Vec<u32>>,
    },
}

/// A worker's message as a report (`None` for one the harness never
/// sends, which a program could post itself).
pub(in crate::web) fn read(data: &JsValue) -> Option<Report> {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let log = get("log");
    if !log.is_undefined() {
        // The worker's own array, not a copy (a copy of a million-cell
        // run's log cost more than reading it).
        return log.dyn_into::<js_sys::Int32Array>().ok().map(Report::Log);
    }
    let output = get("output");
    if !output.is_undefined() {
        let lines = js_sys::Array::from(&output)
            .iter()
            .map(|pair| {
                let pair = js_sys::Array::from(&pair);
                let step = pair.get(0).as_f64().unwrap_or(0.0).max(0.0) as u64;
                (step, pair.get(1).as_string().unwrap_or_default())
            })
            .collect();
        let dropped = get("dropped").as_f64().unwrap_or(0.0).max(0.0) as u64;
        return Some(Report::Output { lines, dropped });
    }
    if get("done").as_bool() != Some(true) {
        if get("retry").as_bool() == Some(true) {
            return Some(Report::Retry);
        }
        return (get("startsOpen").as_bool() == Some(true)).then_some(Report::Opened);
    }
    Some(Report::Done {
        error: get("error").as_string(),
        run_ms: get("runMs").as_f64().unwrap_or(0.0),
        path: {
            let path = get("path");
            (!path.is_undefined()).then(|| {
                js_sys::Array::from(&path)
                    .iter()
                    .map(|c| match c.as_f64() {
                        Some(c) if c >= 0.0 && c < f64::from(u32::MAX) => c as u32,
                        _ => u32::MAX,
                    })
                    .collect()
            })
        },
    })
}
