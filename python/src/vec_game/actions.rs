//! A step's actions read from numpy (int32 or int64, contiguous or strided) and each found
//! among its slot's legal moves' numbers, before any game moves; and a reset's mask.

use numpy::{PyArrayDescr, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{Slot, shape_text, what_is};

/// Finds each of a step's actions among its slot's legal moves' numbers (into `picks`),
/// reading them where numpy holds them: `actions` is an int32 or int64 numpy vector of one
/// action per slot, read as a slice when contiguous, else through its strides (a slice such
/// as `a[::2]` is a valid vector too). Returns the first action that is not legal, with its
/// game's index.
pub(super) fn pick_actions(
    actions: &Bound<'_, PyAny>,
    slots: &[Slot],
    picks: &mut Vec<u16>,
) -> PyResult<Option<(usize, i64)>> {
    let n = slots.len();
    let shape_error =
        |shape: &[usize]| PyValueError::new_err(format!("actions has shape {}, not ({n},)", shape_text(shape)));
    // Another thread writes it (a view of a VecGame's own arrays, being stepped).
    let unreadable = |error: numpy::BorrowError| PyValueError::new_err(format!("actions cannot be read now ({error})"));
    if let Ok(array) = actions.cast::<PyArrayDyn<i64>>() {
        if array.shape() != [n] {
            return Err(shape_error(array.shape()));
        }
        let array = array.try_readonly().map_err(unreadable)?;
        return Ok(match array.as_slice() {
            Ok(actions) => pick_each(actions.iter().copied(), slots, picks),
            Err(_) => pick_each(array.as_array().iter().copied(), slots, picks),
        });
    }
    if let Ok(array) = actions.cast::<PyArrayDyn<i32>>() {
        if array.shape() != [n] {
            return Err(shape_error(array.shape()));
        }
        let array = array.try_readonly().map_err(unreadable)?;
        return Ok(match array.as_slice() {
            Ok(actions) => pick_each(actions.iter().map(|&a| i64::from(a)), slots, picks),
            Err(_) => pick_each(array.as_array().iter().map(|&a| i64::from(a)), slots, picks),
        });
    }
    let given = what_is(actions);
    Err(PyValueError::new_err(format!("actions must be a numpy int32 or int64 array of shape ({n},), not {given}")))
}

/// [`pick_actions`] over the actions read: each slot's action, when legal (or ignored, in a
/// slot that shows how its game ended), into `picks`; else the slot's index and the action.
fn pick_each(actions: impl Iterator<Item = i64>, slots: &[Slot], picks: &mut Vec<u16>) -> Option<(usize, i64)> {
    for (i, (action, slot)) in actions.zip(slots).enumerate() {
        match u16::try_from(action) {
            Ok(legal) if slot.allows(legal) => picks.push(legal),
            // A slot that shows how its game ended (`autoreset="next_step"`) has no legal
            // action and ignores the one given, whatever it is: checked only once the
            // action is not a legal one, so that the default step pays nothing for it.
            _ if slot.hot.held => picks.push(0),
            _ => return Some((i, action)),
        }
    }
    None
}

/// A partial reset's mask: a numpy bool vector of one entry per slot (`n`), read into a
/// `Vec`; anything else is a `ValueError` that says what is expected.
///
/// Its bytes are read as numpy reads a bool, any byte but 0 true, not as Rust `bool`s,
/// which must be 0 or 1: a numpy bool array may hold other bytes (`a.view(bool)` of
/// uint8 data, say), and read as `bool`s they made the whole mask read as no game.
pub(super) fn read_mask(mask: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<bool>> {
    let Ok(array) = mask.cast::<PyArrayDyn<bool>>() else {
        let given = what_is(mask);
        return Err(PyValueError::new_err(format!("mask must be a numpy bool array of shape ({n},), not {given}")));
    };
    if array.shape() != [n] {
        return Err(PyValueError::new_err(format!("mask has shape {}, not ({n},)", shape_text(array.shape()))));
    }
    // The same bytes as uint8 (a view: one byte each, the same strides).
    let bytes = array.call_method1("view", (PyArrayDescr::of::<u8>(mask.py()),))?;
    let bytes = bytes.cast::<PyArrayDyn<u8>>()?;
    let bytes =
        bytes.try_readonly().map_err(|error| PyValueError::new_err(format!("mask cannot be read now ({error})")))?;
    Ok(bytes.as_array().iter().map(|&byte| byte != 0).collect())
}
