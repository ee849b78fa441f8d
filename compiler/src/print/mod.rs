//! Printing a tree back: canonical RuleScript source ([`print_card`]) and a stable,
//! span-free structural dump for tests ([`dump_card`]).
//!
//! The canonical source parses back to the same tree: names print lower-case, nested
//! operators are parenthesised, and every property takes one line. The dump is an
//! S-expression per property that shows how each construct was understood (`characters`
//! as the type `character` made plural, `oppRing` as prefix `opp` and zone `ring`).

mod dump;
mod source;

pub use dump::dump_card;
pub use source::print_card;
