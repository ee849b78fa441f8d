//! What kind of statement a lowered line holds, where the line's lowering depends on it: a
//! count check first (`aslongas`), a statement that moves no card, `equip`.

use compiler::ir::{Expr, Statement, Target};
use vm::bytecode::CommandIdx;

use crate::catalogue;

/// Whether a statement begins with the `aslongas` count check ([`Lowering::counted_first`]).
pub(super) fn starts_with_a_count(statement: &Statement<'_>) -> bool {
    let as_long_as = CommandIdx::new(catalogue::Command::AsLongAs.index());
    matches!(statement.chain.first(), Some(compiler::ir::Link { effect: compiler::ir::Effect::Call { command, .. }, .. }) if *command == as_long_as)
}

/// Whether a statement is damage or life for a player named by a player word
/// (`controller`, `opponent`), or life with none (the controller's), maybe after a count
/// check: it moves no card, as a creature dealt lethal damage would.
pub(super) fn moves_no_card(statement: &Statement<'_>) -> bool {
    let player_word = matches!(statement.target, Some(Target::Expr { value: Expr::Var(_), .. }));
    // The count check of a restriction moves nothing either.
    let harmless = [
        catalogue::Command::Damage,
        catalogue::Command::Life,
        catalogue::Command::AlterPoison,
        catalogue::Command::LifeSet,
        catalogue::Command::AsLongAs,
    ]
    .map(|command| CommandIdx::new(command.index()));
    // `life:n` with no player word is the controller's (Dega Sanctuary's `life:2`).
    let own_life =
        [catalogue::Command::Life, catalogue::Command::AsLongAs].map(|command| CommandIdx::new(command.index()));
    let own_life = statement.target.is_none()
        && statement.chain.iter().all(
            |link| matches!(link.effect, compiler::ir::Effect::Call { command, .. } if own_life.contains(&command)),
        );
    (player_word || own_life)
        && statement.condition.is_none()
        && statement.chain.iter().all(
            |link| matches!(link.effect, compiler::ir::Effect::Call { command, .. } if harmless.contains(&command)),
        )
}

/// Whether a statement is `equip` (the catalogue's `equip` call alone).
/// Whether `link` is a `swap` (Wagic's `ASwapPT`, always until end of turn).
pub(super) fn is_swap(link: &compiler::ir::Link<'_>) -> bool {
    let swap = CommandIdx::new(catalogue::Command::Swap.index());
    matches!(link.effect, compiler::ir::Effect::Call { command, .. } if command == swap)
}

pub(super) fn is_equip(statement: &Statement<'_>) -> bool {
    let equip = CommandIdx::new(catalogue::Command::Equip.index());
    matches!(statement.chain, [compiler::ir::Link { effect: compiler::ir::Effect::Call { command, .. }, .. }] if *command == equip)
}
