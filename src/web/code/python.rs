//! The Code view's Python: one worker that loads Pyodide (CPython compiled
//! to WebAssembly, from the build's `pyodide/` folder) when Python is first
//! chosen, reporting its progress, and then runs each Python program in
//! turn (`www/code/python.js`, which runs `www/code/harness.py`). Loading
//! takes seconds, so the worker stays between runs; a run that is stopped
//! (the time limit, a new Run) or that breaks Python (out of memory) takes
//! its worker with it, and a fresh one loads at once.

use super::report::{read, Report};
use crate::program::Tables;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The script that loads Python and runs programs in it (the lab's
/// workers take it too).
pub(in crate::web) const SCRIPT: &str = include_str!("../../../www/code/python.js");
const HARNESS: &str = include_str!("../../../www/code/harness.py");

/// The worker's handler, after `PYTHON`: it loads Python on its first
/// message, then runs a program per message.
const HANDLER: &str = r#"
self.onmessage = (event) => {
  const m = event.data;
  if (m.load) {
    const began = performance.now();
    self.mazelabPython.load(m.load, (bytes, total) => self.postMessage({ progress: bytes, total }))
      .then(() => self.postMessage({ ready: performance.now() - began, interrupt: self.mazelabPython.interruptBuffer() }),
            (e) => self.postMessage({ loadError: String((e && e.message) || e) }));
    return;
  }
  self.mazelabPython.run(m, (r) => self.postMessage(r, r.log ? [r.log.buffer] : []));
};
"#;

/// Where the worker is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::web) enum State {
    Loading,
    /// Ready for a program.
    Ready,
    /// Running one.
    Busy,
    /// Of no more use: it could not load, or a program broke Python.
    Broken,
}

/// What loading reports to the page.
pub(in crate::web) enum Loading {
    /// Bytes of Pyodide's files arrived, of the total so far.
    Progress(f64, f64),
    /// Python is ready, this long after the worker was asked to load it.
    Ready(f64),
    Failed(String),
}

type Route = Rc<RefCell<Option<Box<dyn FnMut(Report)>>>>;

/// The Python worker.
pub(in crate::web) struct Python {
    worker: Worker,
    state: Rc<Cell<State>>,
    /// The last tables sent to the worker, which it keeps, and their key.
    sent: RefCell<Option<(Rc<Tables>, u32)>>,
    /// Where a run's reports go (`None` between runs).
    run_to: Route,
    /// Where the page asks a run to stop (`worker::time_limit`), on a
    /// cross-origin isolated page.
    interrupt: Rc<RefCell<Option<js_sys::Int32Array>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Drop for Python {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The absolute address of the build's Pyodide folder (a worker made from
/// a script's text has no address of its own to resolve one against).
fn index_url() -> Result<String, JsValue> {
    let base = super::super::dom::document()
        .base_uri()?
        .unwrap_or_default();
    Ok(web_sys::Url::new_with_base("pyodide/", &base)?.href())
}

/// What `mazelabPython.load` takes: where Pyodide is, and the harness.
pub(in crate::web) fn load_message() -> Result<JsValue, JsValue> {
    let load = js_sys::Object::new();
    js_sys::Reflect::set(&load, &"indexURL".into(), &index_url()?.into())?;
    js_sys::Reflect::set(&load, &"harness".into(), &HARNESS.into())?;
    Ok(load.into())
}

impl Python {
    /// Starts a worker loading Python; `on_load` hears how it goes.
    pub(in crate::web) fn load(on_load: impl FnMut(Loading) + 'static) -> Result<Python, JsValue> {
        let parts = js_sys::Array::of1(&JsValue::from_str(&format!("{SCRIPT}\n{HANDLER}")));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let worker = Worker::new(&url);
        let _ = web_sys::Url::revoke_object_url(&url);
        let worker = worker?;

        let state = Rc::new(Cell::new(State::Loading));
        let run_to: Route = Rc::new(RefCell::new(None));
        let interrupt = Rc::new(RefCell::new(None));
        let on_load: Rc<RefCell<dyn FnMut(Loading)>> = Rc::new(RefCell::new(on_load));

        let (st, to, loading) = (state.clone(), run_to.clone(), on_load.clone());
        let stop = interrupt.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let data = event.data();
            let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).unwrap_or_default();
            if st.get() == State::Loading {
                let said = if let Some(bytes) = get("progress").as_f64() {
                    Loading::Progress(bytes, get("total").as_f64().unwrap_or(0.0))
                } else if let Some(ms) = get("ready").as_f64() {
                    st.set(State::Ready);
                    let buffer = get("interrupt");
                    if buffer.is_object() {
                        *stop.borrow_mut() = Some(js_sys::Int32Array::new(&buffer));
                    }
                    Loading::Ready(ms)
                } else if let Some(why) = get("loadError").as_string() {
                    st.set(State::Broken);
                    Loading::Failed(why)
                } else {
                    return;
                };
                if let Ok(mut f) = loading.try_borrow_mut() {
                    f(said);
                }
                return;
            }
            let Some(report) = read(&data) else {
                return;
            };
            if matches!(report, Report::Done { .. }) {
                let fatal = get("fatal").as_bool() == Some(true);
                st.set(if fatal { State::Broken } else { State::Ready });
            }
            // The route is taken while the report is handled: the handler
            // may end the run, which clears it.
            let route = to.borrow_mut().take();
            if let Some(mut route) = route {
                route(report);
                let mut slot = to.borrow_mut();
                if slot.is_none() && st.get() == State::Busy {
                    *slot = Some(route);
                }
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));

        let (st, to, loading) = (state.clone(), run_to.clone(), on_load);
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            let was = st.replace(State::Broken);
            let why = event.message();
            if was == State::Loading {
                if let Ok(mut f) = loading.try_borrow_mut() {
                    f(Loading::Failed(why));
                }
            } else if let Some(mut route) = to.borrow_mut().take() {
                route(Report::Done {
                    error: Some(format!("Python stopped: {why}")),
                    run_ms: 0.0,
                    path: None,
                });
            }
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));

        let m = js_sys::Object::new();
        js_sys::Reflect::set(&m, &"load".into(), &load_message()?)?;
        worker.post_message(&m)?;
        Ok(Python {
            worker,
            state,
            sent: RefCell::new(None),
            run_to,
            interrupt,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    pub(in crate::web) fn state(&self) -> State {
        self.state.get()
    }

    /// Where to ask a run to stop: storing 2 there (`worker::time_limit`) raises
    /// KeyboardInterrupt in Python at the line it is running, so the run
    /// ends with that line named and the worker stays. `None` on a page
    /// without shared memory, where only ending the worker stops a run.
    pub(in crate::web) fn interrupt(&self) -> Option<js_sys::Int32Array> {
        self.interrupt.borrow().clone()
    }

    /// The key the worker knows `tables` by: `Ok` if it has them already,
    /// else `Err` with the key to send them under (taken as sent).
    pub(in crate::web) fn tables_key(&self, tables: &Rc<Tables>) -> Result<u32, u32> {
        let mut sent = self.sent.borrow_mut();
        match &*sent {
            Some((last, key)) if Rc::ptr_eq(last, tables) => Ok(*key),
            last => {
                let key = last.as_ref().map_or(1, |(_, k)| k + 1);
                *sent = Some((tables.clone(), key));
                Err(key)
            }
        }
    }

    /// Runs a program: `message` is the harness's setup (with the
    /// program's `text`), `transfer` the buffers it hands over; `report`
    /// hears the run.
    pub(in crate::web) fn run(
        &self,
        message: &JsValue,
        transfer: &js_sys::Array,
        report: Box<dyn FnMut(Report)>,
    ) -> Result<(), JsValue> {
        if self.state.get() != State::Ready {
            return Err("Python is not ready".into());
        }
        *self.run_to.borrow_mut() = Some(report);
        self.state.set(State::Busy);
        self.worker.post_message_with_transfer(message, transfer)
    }
}
