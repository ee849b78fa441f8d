//! `flip(Name)` (Wagic's `AAFlip`): each target permanent (by default the card itself)
//! becomes the card named, another `[card]` of the card files, found as the card compiles
//! (in any case, `^` standing for `,` as Wagic writes a comma inside `transforms`); the
//! table keeps it the same permanent (`table/flip.rs`). Refused by name: a card no card
//! file has, a card that does not compile ([`crate::card_names::CardNames::of_sources`]), a card compiled without the card files' names, and Wagic's names computed as
//! the flip resolves (`myorigname`, `chosenname`, `backside`) or its other words
//! (`forcetype(...)`, `undocpy`).

use compiler::ir::{Arg, Effect, Expr, Link};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::Command;

/// The most characters of a card name a message shows.
const MAX_SHOWN_CHARS: usize = 60;

/// Wagic's names of a flip's card worked out as it resolves, not a card's name.
const COMPUTED_NAMES: &[&str] = &["myorigname", "chosenname", "backside"];

impl<'i> Lowering<'i> {
    /// `flip(Name)`: a call of the catalogue's `flip` with the card's name as the card
    /// files write it.
    pub(super) fn flip_into(&self, args: Piece<'_>, after: Piece<'_>) -> Result<Link<'i>, Unsupported> {
        if !after.text.trim().is_empty() {
            return Err(Unsupported::new(after, "text after `flip(...)`"));
        }
        let written = args.trim();
        let name = written.text.replace('^', ",");
        if written.text.is_empty() {
            return Err(Unsupported::new(args, "`flip()` without a card name"));
        }
        if COMPUTED_NAMES.iter().any(|computed| name.eq_ignore_ascii_case(computed)) {
            let lower = name.to_ascii_lowercase();
            return Err(Unsupported::new(written, &format!("`flip({lower})`")));
        }
        let Some(card_names) = self.known.card_names else {
            return Err(Unsupported::new(written, "`flip(Name)` without the card files' names").with_help(Some(
                "compile the card with the card files it flips into (`rsc check --lang wagic FILES...`)".into(),
            )));
        };
        let Some(card) = card_names.written(&name) else {
            let shown = shown_name(&name);
            return Err(Unsupported::new(written, &format!("`flip(...)` into `{shown}`, which no card file has"))
                .with_help(Some(format!(
                    "the card a permanent flips into is another `[card]` of the files compiled with it: add `{shown}`"
                ))));
        };
        if let Some(why) = card_names.refused(card) {
            let shown = shown_name(card);
            let construct = format!("{} ({why})", crate::card_names::does_not_compile(&shown));
            return Err(Unsupported::new(written, &construct));
        }
        Ok(Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::Flip.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&[Arg::Value(Expr::Str(self.arena.alloc_str(card)))]),
            },
        })
    }
}

/// `name` as written, cut after [`MAX_SHOWN_CHARS`] characters.
fn shown_name(name: &str) -> String {
    match name.char_indices().nth(MAX_SHOWN_CHARS) {
        Some((at, _)) => format!("{}...", &name[..at]),
        None => name.to_string(),
    }
}
