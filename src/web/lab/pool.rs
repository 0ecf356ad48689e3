//! A pool of Web Workers, one per core, each running the page's own module
//! (see `worker.rs`). It hands out jobs as workers come free, so a slow
//! chunk never holds the others up, and reports each answer to a callback.

use super::log::{LabLog, LOG_LINES};
use super::worker::{JAVASCRIPT_PROGRAM, PROGRAM_HANDLER, PYTHON_PROGRAM, SCRIPT};
use crate::lab::measure::METRIC_COUNT;
use crate::program::Lang;
use crate::web::code::python;
use crate::web::code::worker::{harnessed, MAX_STEPS};
use std::collections::VecDeque;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

/// One piece of work: mazes `seed .. seed + count` of one candidate.
#[derive(Clone, Debug)]
pub(in crate::web) struct Job {
    /// What it computes.
    pub kind: super::JobKind,
    /// The job's place in its run's results.
    pub index: usize,
    pub spec: String,
    pub shape: String,
    pub size: String,
    /// The square's wrap (`xy`...), or empty.
    pub wrap: String,
    pub seed: u64,
    /// Its first maze's place in the run (a distribution groups mazes by it).
    pub first: u64,
    pub count: u32,
    /// The texture controls, as `Texture::to_line` spells them.
    pub texture: String,
    /// A distribution's quantity (`branch`, `loop`), or empty.
    pub quantity: &'static str,
}

/// A worker's answer: a job's figures (statistics with what a program
/// printed making them).
pub(in crate::web) enum Answer {
    Values(Vec<f64>, LabLog),
    Counts(Vec<u32>),
    Failed(String),
}

type OnAnswer = Box<dyn FnMut(usize, Answer)>;

pub(in crate::web) struct Pool {
    workers: Vec<Worker>,
    /// The job each worker is on.
    busy: Vec<Option<usize>>,
    queue: VecDeque<Job>,
    _listeners: Vec<Closure<dyn FnMut(MessageEvent)>>,
    _errors: Vec<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
}

/// The URL of the full module's glue (the page names it:
/// tools/write-boot.mjs).
fn module_url() -> Result<String, JsValue> {
    let meta = super::super::dom::document()
        .query_selector("meta[name=mazelab-full-module]")?
        .ok_or("the lab's workers need the built page (trunk build or trunk serve)")?;
    let href = meta.get_attribute("content").unwrap_or_default();
    Ok(web_sys::Url::new_with_base(
        &href,
        &super::super::dom::document()
            .base_uri()?
            .unwrap_or_default(),
    )?
    .href())
}

/// The workers' script, whether it is a module, and the lines before a
/// program's first (0 without one, or for Python, whose harness names the
/// program's lines itself).
fn script(program: Option<(&str, Lang)>) -> Result<(String, bool, usize), JsValue> {
    let glue = module_url()?;
    let Some((program, lang)) = program else {
        return Ok((SCRIPT.replace("GLUE", &glue), true, 0));
    };
    let handler = PROGRAM_HANDLER
        .replace("GLUE", &glue)
        .replace("METRICS", &METRIC_COUNT.to_string())
        .replace("MAX_STEPS", &MAX_STEPS.to_string())
        .replace("LOG_LINES", &LOG_LINES.to_string());
    if lang == Lang::Python {
        return Ok((
            format!("{}\n{PYTHON_PROGRAM}{handler}", python::SCRIPT),
            false,
            0,
        ));
    }
    let handler = format!("{JAVASCRIPT_PROGRAM}{handler}");
    // The offset is known once the script is put together; a number in
    // place of the word changes no line.
    let (_, offset) = harnessed(&handler, program);
    let (script, _) = harnessed(&handler.replace("OFFSET", &offset.to_string()), program);
    Ok((script, false, offset))
}

impl Pool {
    /// Starts `size` workers, which also run `program` (the Code view's
    /// generator) if given. `on_answer(worker, answer)` runs on the page
    /// for every answer; the pool is told to `next` by its owner.
    pub(in crate::web) fn start(
        size: usize,
        program: Option<&(String, Lang)>,
        on_answer: impl FnMut(usize, Answer) + 'static,
    ) -> Result<Pool, JsValue> {
        let (script, is_module, offset) = script(program.map(|(t, l)| (t.as_str(), *l)))?;
        let parts = js_sys::Array::of1(&JsValue::from_str(&script));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let on_answer: std::rc::Rc<std::cell::RefCell<OnAnswer>> =
            std::rc::Rc::new(std::cell::RefCell::new(Box::new(on_answer)));
        let (mut workers, mut listeners, mut errors) = (Vec::new(), Vec::new(), Vec::new());
        let module = wasm_bindgen::module();
        for w in 0..size.max(1) {
            let options = web_sys::WorkerOptions::new();
            if is_module {
                options.set_type(web_sys::WorkerType::Module);
            }
            let worker = Worker::new_with_options(&url, &options)?;
            let handler = on_answer.clone();
            let listener = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let answer = read_answer(&event.data());
                if let Ok(mut handler) = handler.try_borrow_mut() {
                    handler(w, answer);
                }
            });
            worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
            let handler = on_answer.clone();
            let error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(
                move |event: web_sys::ErrorEvent| {
                    event.prevent_default();
                    // A program that does not parse names its line.
                    let line = (event.lineno() as usize).saturating_sub(offset);
                    let message = if offset > 0 && line > 0 {
                        format!("program, line {line}: {}", event.message())
                    } else {
                        format!("a lab worker stopped: {}", event.message())
                    };
                    if let Ok(mut handler) = handler.try_borrow_mut() {
                        handler(w, Answer::Failed(message));
                    }
                },
            );
            worker.set_onerror(Some(error.as_ref().unchecked_ref()));
            let hello = js_sys::Object::new();
            js_sys::Reflect::set(&hello, &"module".into(), &module)?;
            if let Some((text, Lang::Python)) = program {
                // Each worker loads Python, and runs the program maze by maze.
                js_sys::Reflect::set(&hello, &"python".into(), &python::load_message()?)?;
                js_sys::Reflect::set(&hello, &"text".into(), &text.as_str().into())?;
            }
            worker.post_message(&hello)?;
            workers.push(worker);
            listeners.push(listener);
            errors.push(error);
        }
        let _ = web_sys::Url::revoke_object_url(&url);
        Ok(Pool {
            busy: vec![None; workers.len()],
            workers,
            queue: VecDeque::new(),
            _listeners: listeners,
            _errors: errors,
        })
    }

    pub(in crate::web) fn len(&self) -> usize {
        self.workers.len()
    }

    /// Replaces the queue with a run's jobs and sets every free worker going.
    pub(in crate::web) fn run(&mut self, jobs: Vec<Job>) -> Result<(), JsValue> {
        self.queue = jobs.into();
        for w in 0..self.workers.len() {
            if self.busy[w].is_none() {
                self.next(w)?;
            }
        }
        Ok(())
    }

    /// Worker `w` is free: the job it finished, and gives it the next one.
    pub(in crate::web) fn next(&mut self, w: usize) -> Result<Option<usize>, JsValue> {
        let finished = self.busy[w].take();
        if let Some(job) = self.queue.pop_front() {
            let m = js_sys::Object::new();
            let set = |k: &str, v: JsValue| js_sys::Reflect::set(&m, &k.into(), &v);
            set("kind", job.kind.name().into())?;
            set("job", (job.index as f64).into())?;
            set("candidate", job.spec.as_str().into())?;
            set("shape", job.shape.as_str().into())?;
            set("size", job.size.as_str().into())?;
            set("wrap", job.wrap.as_str().into())?;
            set("seed", job.seed.to_string().into())?;
            set("first", job.first.to_string().into())?;
            set("quantity", job.quantity.into())?;
            set("count", f64::from(job.count).into())?;
            set("texture", job.texture.as_str().into())?;
            self.workers[w].post_message(&m)?;
            self.busy[w] = Some(job.index);
        }
        Ok(finished)
    }

    /// The job worker `w` is on.
    pub(in crate::web) fn job_of(&self, w: usize) -> Option<usize> {
        self.busy[w]
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for worker in &self.workers {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
    }
}

fn read_answer(data: &JsValue) -> Answer {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    if let Some(values) = get("values").dyn_ref::<js_sys::Float64Array>() {
        return Answer::Values(values.to_vec(), LabLog::read(data));
    }
    if let Some(counts) = get("counts").dyn_ref::<js_sys::Uint32Array>() {
        return Answer::Counts(counts.to_vec());
    }
    Answer::Failed(
        get("error")
            .as_string()
            .unwrap_or_else(|| "a lab worker sent nothing".into()),
    )
}
