//! Integer arguments read from any Python int, so that a number out of range is an error
//! that says what was expected (`ValueError`, or `IllegalMove` for an action) rather than
//! the bare `OverflowError` a plain `u64` or `i64` parameter raises, which names neither
//! the argument nor its range. A value of another type is still a `TypeError`, and so is
//! a bool: Python's `True` is the int 1 to PyO3, so `apply(True)` played action 1 and
//! `VecGame(n=True)` made one game, where a bool can only be a mistake.

use std::fmt;

use game::Seat;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// A `TypeError` when `obj` is a bool: `what`, an argument that takes a number, is given
/// `True` or `False`. (numpy's bools are no ints to PyO3 already: they have no
/// `__index__`.) An exact type check, as cheap as the int's own.
pub fn refuse_bool(obj: Borrowed<'_, '_, PyAny>, what: &str) -> PyResult<()> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{what} must be an int, not a bool ({})", text(obj))));
    }
    Ok(())
}

/// `obj` as a `T`, or, for an int out of `T`'s range, the error `out_of_range` makes of
/// its text.
fn int_or<'py, T>(obj: Borrowed<'_, 'py, PyAny>, out_of_range: impl FnOnce(String) -> PyErr) -> PyResult<T>
where
    for<'a> T: FromPyObject<'a, 'py, Error = PyErr>,
{
    match obj.extract::<T>() {
        Ok(value) => Ok(value),
        Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => Err(out_of_range(text(obj))),
        Err(error) => Err(error),
    }
}

/// How `obj` prints (`str`), for a message.
fn text(obj: Borrowed<'_, '_, PyAny>) -> String {
    obj.str().map(|text| text.to_string()).unwrap_or_else(|_| "that value".to_owned())
}

/// Declares a newtype over an unsigned integer whose out-of-range values are a
/// `ValueError` naming `$what` and its range.
macro_rules! unsigned_argument {
    ($(#[$doc:meta])* $name:ident, $int:ty, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name(pub $int);

        impl<'a, 'py> FromPyObject<'a, 'py> for $name {
            type Error = PyErr;

            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                refuse_bool(obj, $what)?;
                int_or(obj, |given| {
                    PyValueError::new_err(format!(
                        concat!($what, " must be an integer from 0 to {}, not {}"),
                        <$int>::MAX,
                        given
                    ))
                })
                .map($name)
            }
        }
    };
}

unsigned_argument!(
    /// A seed: an int from 0 to 2**64 - 1.
    Seed,
    u64,
    "a seed"
);

/// The seed `seed` gives, or for `None` one drawn from fresh entropy (the system's, through
/// `os.urandom`), as Gymnasium reads `seed=None`: `VecGame(seed=None)` and
/// `Game(seed=None)` play games no earlier run played, and say which (`VecGame.seeds()`,
/// `Game.seed`), so that a game worth looking at again can be.
pub fn seed_or_fresh(py: Python<'_>, seed: Option<Seed>) -> PyResult<u64> {
    if let Some(Seed(seed)) = seed {
        return Ok(seed);
    }
    let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
    let bytes: [u8; 8] = bytes.try_into().map_err(|_| PyValueError::new_err("os.urandom(8) did not give 8 bytes"))?;
    Ok(u64::from_le_bytes(bytes))
}

/// A turn limit: an int from 1 to 2**32 - 1, as `rsc run --turn-limit` takes it (the engine
/// read 0 as 1, so `turn_limit=0` played one turn and reported "the turn limit of 1 turns").
#[derive(Clone, Copy, Debug)]
pub struct TurnLimit(pub u32);

impl<'a, 'py> FromPyObject<'a, 'py> for TurnLimit {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let refuse = |given: String| {
            PyValueError::new_err(format!("a turn limit must be an integer from 1 to {}, not {given}", u32::MAX))
        };
        refuse_bool(obj, "a turn limit")?;
        match int_or::<u32>(obj, refuse)? {
            0 => Err(refuse("0".to_owned())),
            limit => Ok(TurnLimit(limit)),
        }
    }
}

/// `obj` as a count from `least` to `most` (the argument `name`): any int outside, however
/// large or negative, is a `ValueError` naming the argument and that range (a count read
/// as any `usize` said "a count must be an integer from 0 to 18446744073709551615",
/// neither); a value of another type is a `TypeError` naming the argument.
pub fn count_in(obj: &Bound<'_, PyAny>, name: &str, least: usize, most: usize) -> PyResult<usize> {
    let refuse = |given: String| PyValueError::new_err(format!("{name} must be from {least} to {most}, not {given}"));
    refuse_bool(obj.as_borrowed(), name)?;
    let count = match obj.extract::<usize>() {
        Ok(count) => count,
        Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => return Err(refuse(text(obj.as_borrowed()))),
        Err(error) if error.is_instance_of::<PyTypeError>(obj.py()) => {
            return Err(PyTypeError::new_err(format!("argument '{name}': {}", error.value(obj.py()))));
        }
        Err(error) => return Err(error),
    };
    if (least..=most).contains(&count) { Ok(count) } else { Err(refuse(count.to_string())) }
}

/// The name and range of a count argument that has a default (so that it cannot be taken
/// as a `&Bound` and read by [`count_in`]), for [`CountIn`]'s message.
pub trait CountRange {
    const NAME: &'static str;
    const LEAST: usize;
    const MOST: usize;
}

/// A count argument from `R::LEAST` to `R::MOST`, out of which it is the `ValueError` of
/// [`count_in`], naming the argument.
#[derive(Debug)]
pub struct CountIn<R>(pub usize, std::marker::PhantomData<R>);

impl<R> CountIn<R> {
    pub const fn new(count: usize) -> Self {
        CountIn(count, std::marker::PhantomData)
    }
}

impl<'a, 'py, R: CountRange> FromPyObject<'a, 'py> for CountIn<R> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let refuse = |given: String| {
            PyValueError::new_err(format!("{} must be from {} to {}, not {given}", R::NAME, R::LEAST, R::MOST))
        };
        // A TypeError is left as it is: PyO3 names the argument in it.
        refuse_bool(obj, R::NAME)?;
        let count = int_or::<usize>(obj, refuse)?;
        if (R::LEAST..=R::MOST).contains(&count) { Ok(CountIn::new(count)) } else { Err(refuse(count.to_string())) }
    }
}

/// An index into a collection: out of range (negative, or past `usize`) is an `IndexError`,
/// like the caller's own check for an index past the end.
#[derive(Clone, Copy, Debug)]
pub struct Index(pub usize);

impl<'a, 'py> FromPyObject<'a, 'py> for Index {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        refuse_bool(obj, "an index")?;
        int_or(obj, |given| PyIndexError::new_err(format!("index {given} is out of range"))).map(Index)
    }
}

/// A player's seat argument: 0 or 1; any other int is a `ValueError`, however large.
#[derive(Clone, Copy, Debug)]
pub struct Player(pub Seat);

impl<'a, 'py> FromPyObject<'a, 'py> for Player {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let refuse = |given: String| PyValueError::new_err(format!("player must be 0 or 1, not {given}"));
        refuse_bool(obj, "player")?;
        match int_or::<i64>(obj, refuse)? {
            0 => Ok(Player(Seat::FIRST)),
            1 => Ok(Player(Seat::SECOND)),
            other => Err(refuse(other.to_string())),
        }
    }
}

/// An action argument: any Python int. One past `i64` is outside the action space like
/// any other number there, so that applying it raises `IllegalMove`, not `OverflowError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// An int that fits an `i64`.
    Number(i64),
    /// A larger (or more negative) int, as Python prints it.
    Huge(String),
}

impl Action {
    /// The action's number in the action space's type, when it can be one.
    pub fn index(&self) -> Option<usize> {
        match self {
            Action::Number(number) => usize::try_from(*number).ok(),
            Action::Huge(_) => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Number(number) => write!(f, "{number}"),
            Action::Huge(text) => f.write_str(text),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Action {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        refuse_bool(obj, "an action")?;
        match obj.extract::<i64>() {
            Ok(number) => Ok(Action::Number(number)),
            Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => Ok(Action::Huge(text(obj))),
            Err(error) => Err(error),
        }
    }
}
