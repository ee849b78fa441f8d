//! The encoder API the compiler's codegen calls: [`CodeBuilder`] assembles one entry with
//! labels and source locations; [`BundleBuilder`] interns strings, collects filters,
//! constants, entries and cards, and writes the bundle bytes.
//!
//! Neither builder returns errors as it goes: a limit of the format that is exceeded or a
//! label misused is remembered, and [`BundleBuilder::finish`] reports the first one. Before
//! returning the bytes, `finish` loads them back against the catalogue, so a bundle that
//! the builder returns always loads.

mod bundle;
mod code;
mod spare;
#[cfg(test)]
mod tests;

pub use bundle::BundleBuilder;
pub use code::CodeBuilder;

/// Where the instructions that follow came from, for the debug section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceLocation<'s> {
    /// 1-based line number.
    pub line: u32,
    /// Byte offset of the line's first character in the file.
    pub line_start: u32,
    /// Byte offset where the statement's span starts in the file.
    pub span_start: u32,
    /// Byte offset where it ends.
    pub span_end: u32,
    /// The text of the whole line (without its newline).
    pub text: &'s str,
}
