//! `rsc explain CODE`: what a diagnostic code means, how severe it is, and a card that gets
//! it beside the same card corrected (the explanations are declared in the compiler, next to
//! the codes).

use std::io::{self, Write};

use crate::Exit;
use crate::render;

/// The widest line of an explanation's prose.
const TEXT_WIDTH: usize = 80;

/// Prints `error[E0008]: unknown command`, the explanation, and the wrong and right cards
/// for `E0008` (any case); an unknown code is a usage error.
pub fn run(code: &str) -> Exit {
    match compiler::Code::parse(code.trim()) {
        Some(code) => match writeln!(io::stdout(), "{}", explain(code)) {
            Ok(()) => Exit::Success,
            Err(_) => Exit::Usage,
        },
        None => {
            stderr_line!("error: unknown diagnostic code `{}`", code.escape_debug());
            stderr_line!("  = help: codes look like `E0008` (errors) or `W0001` (warnings)");
            Exit::Usage
        }
    }
}

/// The whole text printed for `code`, without the last newline.
pub fn explain(code: compiler::Code) -> String {
    let explanation = code.explanation();
    let mut out = format!("{}: {}\n\n", render::code_head(code), code.title());
    out.push_str(&wrap(explanation.text, TEXT_WIDTH));
    for (heading, example) in [("Wrong", explanation.wrong), ("Right", explanation.right)] {
        out.push_str(&format!("\n\n{heading}:\n\n"));
        let shown = compiler::diagnostics::show_example(example);
        let lines: Vec<String> = shown.lines().map(|line| format!("    {line}")).collect();
        out.push_str(&lines.join("\n"));
    }
    out
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word keeps
/// its own line).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_length = 0;
    for word in text.split_whitespace() {
        let length = word.chars().count();
        if line_length > 0 && line_length + 1 + length > width {
            out.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            out.push(' ');
            line_length += 1;
        }
        out.push_str(word);
        line_length += length;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_wraps_at_spaces() {
        assert_eq!(wrap("one two three", 7), "one two\nthree");
        assert_eq!(wrap("  a   b ", 80), "a b");
        assert_eq!(wrap("unbreakable word", 4), "unbreakable\nword");
    }
}
