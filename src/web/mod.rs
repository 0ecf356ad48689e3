//! The browser side: the only module that names wasm_bindgen, web_sys or js_sys.
