//! `clone [with(keywords)] [addtype(types)]` (Wagic's `AACloner`): a token copy of each
//! target card, which may also have keyword abilities (`with(treason,haste)`: Kiki-Jiki's
//! copy, sacrificed at the end step) and types (`addtype(spirit)`).

use compiler::ir::{Arg, Effect, Expr, Link};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::{self, Command};

impl<'i> Lowering<'i> {
    /// The `clone` link of an effect written `clone ...`; `None` for any other effect.
    pub(super) fn clone_link(&self, piece: Piece<'_>) -> Option<Result<Link<'i>, Unsupported>> {
        let words = piece.trim().words();
        let (first, parts) = words.split_first()?;
        if !first.text.eq_ignore_ascii_case("clone") {
            return None;
        }
        Some(self.clone_parts(parts))
    }

    fn clone_parts(&self, parts: &[Piece<'_>]) -> Result<Link<'i>, Unsupported> {
        let (mut abilities, mut types): (Option<String>, Option<String>) = (None, None);
        for &part in parts {
            let lower = part.text.to_ascii_lowercase();
            if let Some((list, after)) = part.call("with").filter(|(_, after)| after.text.is_empty()) {
                let _ = after;
                let mut words = Vec::new();
                for word in list_words(list) {
                    let Some(index) = catalogue::position(catalogue::ABILITIES, word.text) else {
                        return Err(Unsupported::new(word, "`clone with(...)` of a word not a keyword ability"));
                    };
                    words.push(catalogue::ABILITIES[index].name);
                }
                if abilities.replace(words.join(" ")).is_some() {
                    return Err(Unsupported::new(part, "`clone` with two `with(...)`"));
                }
            } else if let Some((list, after)) = part.call("addtype").filter(|(_, after)| after.text.is_empty()) {
                let _ = after;
                let words: Vec<String> = list_words(list).map(|word| word.text.to_ascii_lowercase()).collect();
                if types.replace(words.join(" ")).is_some() {
                    return Err(Unsupported::new(part, "`clone` with two `addtype(...)`"));
                }
            } else if lower.starts_with("options(") {
                return Err(Unsupported::new(part, "`clone options(...)`"));
            } else {
                return Err(Unsupported::new(part, "word after `clone`"));
            }
        }
        let mut args = Vec::new();
        if abilities.is_some() || types.is_some() {
            args.push(Arg::Value(Expr::Str(self.arena.alloc_str(abilities.as_deref().unwrap_or("")))));
        }
        if let Some(types) = &types {
            args.push(Arg::Value(Expr::Str(self.arena.alloc_str(types))));
        }
        Ok(Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::Clone.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&args),
            },
        })
    }
}

/// The words of a list written `a,b` or `a^b` (Wagic lets `^` stand for a comma inside
/// `transforms(...)`), blanks around each left out.
fn list_words<'s>(list: Piece<'s>) -> impl Iterator<Item = Piece<'s>> {
    let mut words = Vec::new();
    let mut start = 0;
    let text = list.text;
    for (index, byte) in text.bytes().enumerate().chain(std::iter::once((text.len(), b','))) {
        if byte == b',' || byte == b'^' {
            let word = list.slice(start, index).trim();
            if !word.text.is_empty() {
                words.push(word);
            }
            start = index + 1;
        }
    }
    words.into_iter()
}
