//! The status line under the stage: what the run is doing, announced
//! politely, and the readouts tests and timings read from its attributes.

/// The module's linear memory: all the maze state lives in it.
pub(super) fn memory_bytes() -> f64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map_or(0.0, |m| {
            m.buffer()
                .dyn_into::<js_sys::ArrayBuffer>()
                .map_or(0.0, |b| f64::from(b.byte_length()))
        })
}
