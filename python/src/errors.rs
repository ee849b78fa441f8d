//! The package's exceptions (declared in Python, `rulescript/errors.py`, so they can derive
//! from `ValueError` and `RuntimeError` too) and [`guarded`], which turns a panic of the
//! engine into `EngineError` rather than a crash of the interpreter.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::prelude::*;

pyo3::import_exception!(rulescript.errors, RulesError);
pyo3::import_exception!(rulescript.errors, DeckError);
pyo3::import_exception!(rulescript.errors, SetupError);
pyo3::import_exception!(rulescript.errors, IllegalMove);
pyo3::import_exception!(rulescript.errors, EngineError);
pyo3::import_exception!(rulescript.errors, ResetNeeded);

/// Runs `body`, turning a panic into `EngineError` naming `what` was being done.
pub fn guarded<T>(what: &str, body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => Err(EngineError::new_err(format!("the engine failed in {what}: {}", panic_message(&*payload)))),
    }
}

/// The text a panic was raised with.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// An exception of type `kind` with attributes set on it.
pub fn with_attrs(py: Python<'_>, error: PyErr, attrs: &[(&str, Py<PyAny>)]) -> PyErr {
    let value = error.value(py);
    for (name, attr) in attrs {
        if let Err(failed) = value.setattr(*name, attr) {
            return failed;
        }
    }
    error
}

/// Panics inside [`guarded`]: lets the tests check that a panic of the engine reaches
/// Python as `EngineError`.
#[pyfunction]
pub fn _panic_for_tests() -> PyResult<()> {
    guarded("_panic_for_tests", || panic!("a panic raised on purpose"))
}
