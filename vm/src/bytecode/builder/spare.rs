//! Emptied [`CodeBuilder`]s that [`super::BundleBuilder::code_builder`] hands out again, so
//! that a new entry reuses the buffers of one already added. Kept because it is worth about
//! 14% of `corpus/compile` (criterion, 2026-11-26: 533 µs with it, 610 µs without; see
//! BENCHMARKS.md).

use super::CodeBuilder;

/// At most this many emptied builders are kept (entries are built one inside another only
/// for a filter's or an event's expression, so a few are enough).
const MAX_SPARE: usize = 8;

/// The emptied builders.
#[derive(Debug, Default)]
pub(super) struct SpareCode(Vec<CodeBuilder>);

impl SpareCode {
    /// An empty builder, one kept if there is one.
    pub(super) fn take(&mut self) -> CodeBuilder {
        self.0.pop().unwrap_or_default()
    }

    /// Keeps `code`, emptied, for [`SpareCode::take`].
    pub(super) fn keep(&mut self, mut code: CodeBuilder) {
        if self.0.len() < MAX_SPARE {
            code.clear();
            self.0.push(code);
        }
    }
}
