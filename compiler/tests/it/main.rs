//! The compiler's integration tests, one binary: `cargo test -p compiler --test it`.
//!
//! - [`error_files`]: every file of `test_data/err/` against the diagnostics annotated in it,
//!   and every diagnostic code covered by at least one file.
//! - [`diagnostics_text`]: the exact text (message, span, label, help) of the diagnostics
//!   for the most common mistakes.
//! - [`explanations`]: every code's explanation, with a wrong card that gets the code and a
//!   right one that compiles clean.
//! - [`foreign`]: a game other than CFC is told its own words by every diagnostic.
//! - [`limits`]: memory linear in the number of actions; the limits of the format, the same
//!   in `check` and `compile`.
//! - [`long_chains`]: long operator and index chains and deep nesting, on a small stack.
//! - [`roles`]: the words the compiler gives a meaning to come from the catalogue's roles.
//! - [`tidy`]: repository rules (`//!` first lines, no copied corpus cards).

mod diagnostics_text;
mod error_files;
mod explanations;
mod foreign;
mod limits;
mod long_chains;
mod roles;
mod tidy;
