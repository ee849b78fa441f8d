//! `rsc explain CODE`: what a diagnostic code means and how severe it is.

use std::io::{self, Write};

use crate::Exit;
use crate::render;

/// Prints `error[E0008]: unknown command` for `E0008` (any case); an unknown code is a
/// usage error.
pub fn run(code: &str) -> Exit {
    match compiler::Code::parse(code.trim()) {
        Some(code) => {
            let line = format!("{}: {}", render::code_head(code), code.title());
            match writeln!(io::stdout(), "{line}") {
                Ok(()) => Exit::Success,
                Err(_) => Exit::Usage,
            }
        }
        None => {
            eprintln!("error: unknown diagnostic code `{}`", code.escape_debug());
            eprintln!("  = help: codes look like `E0008` (errors) or `W0001` (warnings)");
            Exit::Usage
        }
    }
}
