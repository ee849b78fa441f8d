//! Criterion benchmarks of compiling the corpus (filled in by the bytecode issue).

fn main() {}
