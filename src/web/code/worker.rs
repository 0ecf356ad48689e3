//! The worker a program runs in, where it can touch nothing of the page.
//! The page stops it after `TIME_LIMIT_MS`.
//!
//! Two ways in. Usually a **spare** worker, made while the person reads or
//! types (`spare`): the harness (`www/code/harness.js`) loaded and the
//! shape's tables handed over, so that Run only posts the program's text,
//! which the worker loads as a script of its own (`importScripts`). A
//! program that does not load that way (a syntax error, or an exception at
//! its top level), a solver, or a shape the spare was not made for, runs
//! in a **fresh** worker whose one script is the harness and the program's
//! text together: the browser then reports a syntax error with the
//! program's line. A fresh start pays for the worker's start and the
//! tables' copy while the person waits; a spare has paid them ahead.
//!
//! The log comes in pieces, copied in messages; or, on a page that is
//! cross-origin isolated (served with the two headers `scripts/serve`
//! sends), through a **ring** of shared memory the page makes once
//! (`Ring`): the worker writes its events there and says how far in a
//! number, and the page reads them from there, so the worker copies
//! nothing (the harness's `run` has the details).

use super::python::{Python, State as PyState};
use super::report::{read, Report};
use crate::program::Tables;
use crate::shape::Shape;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// How long a program may run before the page stops it.
pub(in crate::web) const TIME_LIMIT_MS: i32 = 10_000;

/// The steps a program may make (a log of 600 MB): past it, the run stops.
pub(in crate::web) const MAX_STEPS: u32 = 50_000_000;

const HARNESS: &str = include_str!("../../../www/code/harness.js");

/// A worker made ahead of Run for a shape, the harness loaded and the
/// shape's tables handed over (`spare`).
pub(in crate::web) struct Spare {
    worker: Option<Worker>,
    /// The shape the tables are of.
    pub shape: Shape,
}

impl Drop for Spare {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
    }
}

/// The spare worker's script: the harness, then a handler that keeps the
/// tables of its first message and runs the program of its second, loaded
/// as a script of its own (so its stack frames are its own lines).
const SPARE: &str = r#"
let topology = null;
self.onmessage = function (event) {
  const m = event.data;
  if (m.topology) { topology = m.topology; return; }
  const url = m.programUrl;
  try {
    importScripts(url);
  } catch (e) {
    self.postMessage({ retry: true });
    return;
  }
  m.topology = topology;
  self.__mazelabRun(m, function (r) {
    self.postMessage(r, r.log && !r.kept ? [r.log.buffer] : []);
  }, function () { return self.__mazelabProgram; });
};
"#;

thread_local! {
    /// The spare's script, made once.
    static SPARE_URL: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The shared ring, between runs: a run takes it and gives it back
    /// when its worker has said its last word. A run stopped before that
    /// keeps it (its worker may still be writing as it ends), and the next
    /// run makes a new one.
    static RING: RefCell<Option<Ring>> = const { RefCell::new(None) };
}

/// Events the shared ring holds (4 MB): four full pieces of the log.
const RING_EVENTS: u32 = 1 << 20;

/// The log's ring of shared memory and its two counters: `ctrl[0]`, the
/// events the worker has written, `ctrl[1]`, the events the page has read.
struct Ring {
    ring: js_sys::Int32Array,
    ctrl: js_sys::Int32Array,
}

impl Ring {
    /// The ring of the last run, or a new one; `None` on a page that is not
    /// cross-origin isolated, where shared memory is not to be had.
    fn take() -> Option<Ring> {
        let isolated = js_sys::Reflect::get(&js_sys::global(), &"crossOriginIsolated".into())
            .ok()
            .and_then(|v| v.as_bool())
            == Some(true);
        if !isolated {
            return None;
        }
        let ring = RING
            .with(|r| r.borrow_mut().take())
            .unwrap_or_else(|| Ring {
                ring: js_sys::Int32Array::new(&js_sys::SharedArrayBuffer::new(4 * RING_EVENTS)),
                ctrl: js_sys::Int32Array::new(&js_sys::SharedArrayBuffer::new(8)),
            });
        ring.ctrl.fill(0, 0, 2);
        Some(ring)
    }

    /// Hands the events the worker has written up to `up_to` to `report`,
    /// one window on the ring at a time (two where they wrap round it),
    /// then tells the worker they are read.
    fn read(&self, up_to: u32, report: &mut dyn FnMut(Report)) {
        // No further than the worker's own count says (a program could
        // post a message of its own).
        let written = js_sys::Atomics::load(&self.ctrl, 0).unwrap_or(0).max(0) as u32;
        let up_to = up_to.min(written);
        let mut from = js_sys::Atomics::load(&self.ctrl, 1).unwrap_or(0).max(0) as u32;
        while from < up_to {
            let at = from % RING_EVENTS;
            let to = RING_EVENTS.min(at + (up_to - from));
            report(Report::Log(self.ring.subarray(at, to)));
            from += to - at;
        }
        let _ = js_sys::Atomics::store(&self.ctrl, 1, up_to as i32);
        let _ = js_sys::Atomics::notify(&self.ctrl, 1);
    }

    /// The ring as the harness takes it (`setup.shared`).
    fn to_js(&self) -> Result<JsValue, JsValue> {
        let shared = js_sys::Object::new();
        js_sys::Reflect::set(&shared, &"ring".into(), &self.ring)?;
        js_sys::Reflect::set(&shared, &"ctrl".into(), &self.ctrl)?;
        Ok(shared.into())
    }
}

/// A worker for `shape`'s runs, its tables handed over now.
pub(in crate::web) fn spare(shape: &Shape, tables: &Tables) -> Result<Spare, JsValue> {
    let url = SPARE_URL.with(|url| -> Result<String, JsValue> {
        if let Some(url) = url.borrow().as_ref() {
            return Ok(url.clone());
        }
        let (text, _) = harnessed(SPARE, "");
        let made = script_url(&text)?;
        *url.borrow_mut() = Some(made.clone());
        Ok(made)
    })?;
    let worker = Worker::new(&url)?;
    let transfer = js_sys::Array::new();
    let m = js_sys::Object::new();
    js_sys::Reflect::set(&m, &"topology".into(), &topology(tables, &transfer)?)?;
    worker.post_message_with_transfer(&m, &transfer)?;
    Ok(Spare {
        worker: Some(worker),
        shape: shape.clone(),
    })
}

/// A script's text as an address a worker can start from.
fn script_url(text: &str) -> Result<String, JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    web_sys::Url::create_object_url_with_blob(&blob)
}

/// A program running in its worker.
pub(in crate::web) struct Running {
    /// A JavaScript program's worker, ended with the run.
    worker: Option<Worker>,
    /// A Python program's worker, given back when the run ends (`into_python`),
    /// else ended with it.
    python: Option<Python>,
    /// Whether its log comes through the shared ring (else copied).
    pub shares_log: bool,
    limit: Limit,
    /// The program's own script, for a spare (made by the page, whose
    /// main thread is idle while the worker starts).
    url: Option<String>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    _on_error: Option<Closure<dyn FnMut(ErrorEvent)>>,
}

impl Running {
    /// The Python worker of a run that has ended, ready for the next (none
    /// for a JavaScript run, or one stopped or broken).
    pub(in crate::web) fn into_python(mut self) -> Option<Python> {
        self.python.take().filter(|p| p.state() == PyState::Ready)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(worker) = &self.worker {
            worker.terminate();
        }
        if let Some(url) = &self.url {
            let _ = web_sys::Url::revoke_object_url(url);
        }
        self.limit.clear();
    }
}

/// The worker's script: the harness in a scope of its own, the message
/// handler, then the program, whose first line is the script's `offset + 1`.
fn script(program: &str) -> (String, usize) {
    harnessed(
        "self.onmessage = function (event) {\n\
           self.__mazelabRun(event.data, function (m) {\n\
             self.postMessage(m, m.log && !m.kept ? [m.log.buffer] : []);\n\
           }, function () {\n\
             return {\n\
               generate: typeof generate === \"function\" ? generate : undefined,\n\
               solve: typeof solve === \"function\" ? solve : undefined,\n\
             };\n\
           });\n\
         };\n",
        program,
    )
}

/// A classic worker script that runs `program`: the harness (as
/// `self.__mazelabRun`), then `handler`, then the program's text at the
/// top level, as a learner's script would run on its own. Also returns
/// the lines before the program's first (for an error's line number).
pub(in crate::web) fn harnessed(handler: &str, program: &str) -> (String, usize) {
    let head = format!("(function () {{\n{HARNESS}\nself.__mazelabRun = run;\n}})();\n{handler}");
    let offset = head.matches('\n').count();
    (format!("{head}{program}\n"), offset)
}

/// What the harness needs to know of the run.
pub(in crate::web) struct Setup<'a> {
    pub kind: &'a str,
    pub seed: u64,
    pub shape: &'a str,
    pub size: (u32, u32),
    pub tables: &'a Tables,
    pub ends: (u32, u32),
}

/// Starts `program` in `spare` (made for the setup's shape), else in a
/// fresh worker; `report` receives what it says, and an error once it
/// passes the time limit.
pub(in crate::web) fn start(
    program: &str,
    setup: &Setup,
    spare: Option<Spare>,
    report: impl FnMut(Report) + 'static,
) -> Result<Running, JsValue> {
    let (worker, offset, message, url) = match spare.and_then(|mut s| s.worker.take()) {
        Some(worker) => {
            let url = script_url(&program_script(program))?;
            (worker, 0, run_message(setup, &url)?, Some(url))
        }
        None => {
            let (text, offset) = script(program);
            let url = script_url(&text)?;
            let worker = Worker::new(&url)?;
            let _ = web_sys::Url::revoke_object_url(&url);
            (worker, offset, message(setup, offset)?, None)
        }
    };
    let ring = Ring::take();
    let shares_log = ring.is_some();
    if let Some(ring) = &ring {
        js_sys::Reflect::set(&message.0, &"shared".into(), &ring.to_js()?)?;
    }
    let report: Rc<RefCell<dyn FnMut(Report)>> = Rc::new(RefCell::new(report));

    let to = report.clone();
    let mut ring = ring;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        let Ok(mut to) = to.try_borrow_mut() else {
            return;
        };
        if let (Some(ring), Some(up_to)) = (&ring, shared_up_to(&data)) {
            ring.read(up_to, &mut *to);
            return;
        }
        if let Some(message) = read(&data) {
            if matches!(message, Report::Done { .. }) {
                // The worker has written its last: the ring is free for
                // the next run.
                if let Some(ring) = ring.take() {
                    RING.with(|r| *r.borrow_mut() = Some(ring));
                }
            }
            to(message);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));

    let to = report.clone();
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        event.prevent_default();
        // A syntax error: the script never ran, and the line is the script's.
        let line = (event.lineno() as usize).saturating_sub(offset);
        let error = if line > 0 {
            format!("line {line}: {}", event.message())
        } else {
            event.message()
        };
        if let Ok(mut to) = to.try_borrow_mut() {
            to(Report::Done {
                error: Some(error),
                run_ms: 0.0,
                path: None,
            });
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));

    let limit = time_limit(report, None)?;
    let (message, transfer) = message;
    worker.post_message_with_transfer(&message, &transfer)?;
    Ok(Running {
        worker: Some(worker),
        python: None,
        shares_log,
        limit,
        url,
        _on_message: Some(on_message),
        _on_error: Some(on_error),
    })
}

/// Starts a Python program in `python` (ready); `report` receives what it
/// says, and an error once it passes the time limit.
///
/// The worker keeps the last tables it was sent (made into Python's lists,
/// which costs more than the run of a small maze): `tables`, if they are
/// the ones it has, are not sent again.
pub(in crate::web) fn start_python(
    program: &str,
    setup: &Setup,
    tables: &Rc<Tables>,
    python: Python,
    report: impl FnMut(Report) + 'static,
) -> Result<Running, JsValue> {
    let (message, transfer) = match python.tables_key(tables) {
        Ok(key) => {
            let m = run_fields(setup, 0)?;
            js_sys::Reflect::set(&m, &"tablesKey".into(), &key.into())?;
            (m.into(), js_sys::Array::new())
        }
        Err(key) => {
            let (m, transfer) = message(setup, 0)?;
            js_sys::Reflect::set(&m, &"tablesKey".into(), &key.into())?;
            (m, transfer)
        }
    };
    js_sys::Reflect::set(&message, &"text".into(), &program.into())?;
    let report: Rc<RefCell<dyn FnMut(Report)>> = Rc::new(RefCell::new(report));
    let to = report.clone();
    python.run(
        &message,
        &transfer,
        Box::new(move |r| {
            if let Ok(mut to) = to.try_borrow_mut() {
                to(r);
            }
        }),
    )?;
    let limit = time_limit(report, python.interrupt())?;
    Ok(Running {
        worker: None,
        python: Some(python),
        shares_log: false,
        limit,
        url: None,
        _on_message: None,
        _on_error: None,
    })
}

/// How long a run past its time limit has to end on its own, naming the
/// line it was running (a JavaScript program's loops look at the clock,
/// a Python run is interrupted), before its worker is ended instead.
const STOP_GRACE_MS: i32 = 1_500;

/// A run's time limit: its timers (the limit's, and the grace after it)
/// and their callbacks.
struct Limit {
    timer: i32,
    grace: Rc<std::cell::Cell<Option<i32>>>,
    _on_time: Closure<dyn FnMut()>,
    _on_grace: Closure<dyn FnMut()>,
}

impl Limit {
    fn clear(&self) {
        if let Some(w) = web_sys::window() {
            w.clear_timeout_with_handle(self.timer);
            if let Some(grace) = self.grace.get() {
                w.clear_timeout_with_handle(grace);
            }
        }
    }
}

/// The page's timer that ends a run after `TIME_LIMIT_MS`, telling `to`.
/// The run first has `STOP_GRACE_MS` to end itself: a JavaScript
/// program's guarded loops stop at the limit (`Editor::guard_loops`), a
/// Python run with an `interrupt` buffer is asked to (KeyboardInterrupt);
/// either names the line that was running. Only a run still going is
/// ended by `to`, its worker with it.
fn time_limit(
    to: Rc<RefCell<dyn FnMut(Report)>>,
    interrupt: Option<js_sys::Int32Array>,
) -> Result<Limit, JsValue> {
    let on_grace = Closure::<dyn FnMut()>::new(move || {
        if let Ok(mut to) = to.try_borrow_mut() {
            to(Report::Done {
                error: Some(format!(
                    "stopped after {} s: an endless loop? The steps before it stay",
                    TIME_LIMIT_MS / 1000
                )),
                run_ms: 0.0,
                path: None,
            });
        }
    });
    let grace_fn: js_sys::Function = on_grace
        .as_ref()
        .unchecked_ref::<js_sys::Function>()
        .clone();
    let grace = Rc::new(std::cell::Cell::new(None));
    let grace_timer = grace.clone();
    let on_time = Closure::<dyn FnMut()>::new(move || {
        let Some(w) = web_sys::window() else {
            return;
        };
        if let Some(buffer) = &interrupt {
            let _ = js_sys::Atomics::store(buffer, 0, 2);
        }
        if let Ok(handle) =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(&grace_fn, STOP_GRACE_MS)
        {
            grace_timer.set(Some(handle));
        }
    });
    let timer = web_sys::window()
        .ok_or("a window")?
        .set_timeout_with_callback_and_timeout_and_arguments_0(
            on_time.as_ref().unchecked_ref(),
            TIME_LIMIT_MS,
        )?;
    Ok(Limit {
        timer,
        grace,
        _on_time: on_time,
        _on_grace: on_grace,
    })
}

/// The setup message, the tables as typed arrays, and the list of their
/// buffers, handed over rather than copied (a million cells' tables are
/// some 40 MB).
fn message(setup: &Setup, offset: usize) -> Result<(JsValue, js_sys::Array), JsValue> {
    let transfer = js_sys::Array::new();
    let m = run_fields(setup, offset)?;
    let set = |k: &str, v: JsValue| js_sys::Reflect::set(&m, &k.into(), &v);
    set("topology", topology(setup.tables, &transfer)?)?;
    let open: JsValue = js_sys::Uint8Array::from(&setup.tables.open[..]).into();
    transfer.push(&js_sys::Reflect::get(&open, &"buffer".into())?);
    set("open", open)?;
    Ok((m.into(), transfer))
}

/// The message that runs the program at `url` in a spare, which holds the
/// tables (a generator starts from closed walls, which the harness makes).
fn run_message(setup: &Setup, url: &str) -> Result<(JsValue, js_sys::Array), JsValue> {
    let m = run_fields(setup, 0)?;
    js_sys::Reflect::set(&m, &"programUrl".into(), &url.into())?;
    Ok((m.into(), js_sys::Array::new()))
}

/// The program as a script of its own for a spare to load: its text, then
/// a line that hands its functions to the harness.
fn program_script(program: &str) -> String {
    format!(
        "{program}\n;self.__mazelabProgram = {{\n\
           generate: typeof generate === \"function\" ? generate : undefined,\n\
           solve: typeof solve === \"function\" ? solve : undefined }};\n"
    )
}

/// What every run is told: its kind, seed, shape, ends and limits.
fn run_fields(setup: &Setup, offset: usize) -> Result<js_sys::Object, JsValue> {
    let m = js_sys::Object::new();
    let set = |k: &str, v: JsValue| js_sys::Reflect::set(&m, &k.into(), &v);
    set("kind", setup.kind.into())?;
    set("seedHi", ((setup.seed >> 32) as u32).into())?;
    set("seedLo", ((setup.seed & 0xffff_ffff) as u32).into())?;
    set("shape", setup.shape.into())?;
    set("width", setup.size.0.into())?;
    set("height", setup.size.1.into())?;
    set("start", setup.ends.0.into())?;
    set("goal", setup.ends.1.into())?;
    set("maxSteps", MAX_STEPS.into())?;
    set("timeLimitS", (TIME_LIMIT_MS / 1000).into())?;
    set("lineOffset", (offset as u32).into())?;
    Ok(m)
}

/// The shape's tables as typed arrays, their buffers listed in `transfer`
/// (handed over rather than copied: a million cells' tables are some 40 MB).
fn topology(tables: &Tables, transfer: &js_sys::Array) -> Result<JsValue, JsValue> {
    let t = js_sys::Object::new();
    let put = |k: &str, v: JsValue| -> Result<bool, JsValue> {
        transfer.push(&js_sys::Reflect::get(&v, &"buffer".into())?);
        js_sys::Reflect::set(&t, &k.into(), &v)
    };
    put("start", js_sys::Uint32Array::from(&tables.start[..]).into())?;
    put("adj", js_sys::Uint32Array::from(&tables.adj[..]).into())?;
    put("live", js_sys::Uint8Array::from(&tables.live[..]).into())?;
    put("back", js_sys::Uint8Array::from(&tables.back[..]).into())?;
    put(
        "centres",
        js_sys::Float64Array::from(&tables.centres[..]).into(),
    )?;
    Ok(t.into())
}

/// How far the worker has written in the shared ring, from its message
/// `{ upTo }` (the page reads no further than the ring's own counter).
fn shared_up_to(data: &JsValue) -> Option<u32> {
    let up_to = js_sys::Reflect::get(data, &"upTo".into()).ok()?.as_f64()?;
    (up_to >= 0.0 && up_to <= f64::from(MAX_STEPS) + 1.0 && up_to.fract() == 0.0)
        .then_some(up_to as u32)
}
