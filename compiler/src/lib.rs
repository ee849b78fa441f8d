//! The RuleScript compiler: source text to checked syntax tree to bytecode.
//!
//! Pipeline: [`lexer`] (tokens with spans) → [`parser`] (an arena-allocated [`ast`] plus
//! every diagnostic; it never stops at the first error) → [`check`] (names, arities and
//! argument kinds against the [`vm::catalogue::Catalogue`] it is handed) → [`lower`] (the
//! [`ir`], names resolved to catalogue indices) → [`codegen`] (entries and card metadata
//! through `vm::bytecode::BundleBuilder`; `session::Session::compile_card`). The compiler
//! never names a game command itself, and it never renders diagnostics: that is `rsc`'s job.

pub mod ast;
pub mod catalogue_names;
pub mod check;
pub mod codegen;
pub mod corpus;
pub mod diagnostics;
pub mod fuzzing;
pub mod ir;
pub mod lexer;
pub mod lower;
pub mod parser;
pub mod print;
pub mod session;

pub use diagnostics::{Code, Diagnostic, Severity};
pub use session::{Parsed, Session, SourceFile};

use vm::catalogue::Catalogue;

/// A byte range in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`; offsets past `u32::MAX` saturate (sources are far smaller).
    pub fn new(start: usize, end: usize) -> Span {
        let clamp = |offset: usize| u32::try_from(offset).unwrap_or(u32::MAX);
        Span { start: clamp(start), end: clamp(end.max(start)) }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// The range, for slicing the source.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Maps byte offsets to 1-based lines and columns (columns count characters).
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    /// Index the line starts of `source`.
    pub fn new(source: &str) -> LineIndex {
        let mut line_starts = vec![0];
        for (offset, byte) in source.bytes().enumerate() {
            if byte == b'\n' {
                line_starts.push(Span::new(offset + 1, offset + 1).start);
            }
        }
        LineIndex { line_starts }
    }

    /// 1-based line and column of byte `offset` in `source` (clamped to the text).
    pub fn line_column(&self, source: &str, offset: u32) -> (u32, u32) {
        let offset = (offset as usize).min(source.len());
        let line = self.line_starts.partition_point(|&start| start as usize <= offset).max(1);
        let mut line_start = self.line_starts[line - 1] as usize;
        // A byte-order mark is not a column.
        if line == 1 && offset >= 3 && source.starts_with('\u{feff}') {
            line_start = 3;
        }
        let column = source.get(line_start..offset).map(|prefix| prefix.chars().count()).unwrap_or(offset - line_start);
        (line as u32, column as u32 + 1)
    }
}

/// Checks one card's source bytes: UTF-8, syntax, names and the limits of the format
/// (everything compiling it would report). Returns every diagnostic, errors and warnings,
/// in source order.
/// To check many files, reuse one [`session::Session`].
pub fn check_bytes(source: &[u8], catalogue: &Catalogue) -> Vec<Diagnostic> {
    Session::new(catalogue).check_bytes(source)
}

/// Checks one card's source text: syntax, names and the limits of the format. Returns every
/// diagnostic in source order.
pub fn check_source(source: &str, catalogue: &Catalogue) -> Vec<Diagnostic> {
    Session::new(catalogue).check(source)
}

#[cfg(test)]
mod tests;
