//! What kind of statement a lowered line holds, where the line's lowering depends on it: a
//! count check first (`aslongas`), a statement that moves no card, `equip`, effects that
//! last or make tokens, a part naming a target of its own, a statement that may target a
//! card.

use compiler::ir::{Effect, Expr, Link, Statement, Target};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::spec;
use crate::catalogue::{CATALOGUE, Command};

/// Whether a statement begins with the `aslongas` count check ([`Lowering::counted_first`]).
pub(super) fn starts_with_a_count(statement: &Statement<'_>) -> bool {
    let as_long_as = CommandIdx::new(Command::AsLongAs.index());
    matches!(statement.chain.first(), Some(Link { effect: Effect::Call { command, .. }, .. }) if *command == as_long_as)
}

/// Whether a statement is damage or life for a player named by a player word
/// (`controller`, `opponent`), or life with none (the controller's), maybe after a count
/// check: it moves no card, as a creature dealt lethal damage would.
pub(super) fn moves_no_card(statement: &Statement<'_>) -> bool {
    let player_word = matches!(statement.target, Some(Target::Expr { value: Expr::Var(_), .. }));
    // The count check of a restriction moves nothing either.
    let harmless = [Command::Damage, Command::Life, Command::AlterPoison, Command::LifeSet, Command::AsLongAs]
        .map(|command| CommandIdx::new(command.index()));
    // `life:n` with no player word is the controller's (Dega Sanctuary's `life:2`).
    let own_life = [Command::Life, Command::AsLongAs].map(|command| CommandIdx::new(command.index()));
    let own_life = statement.target.is_none()
        && statement
            .chain
            .iter()
            .all(|link| matches!(link.effect, Effect::Call { command, .. } if own_life.contains(&command)));
    (player_word || own_life)
        && statement.condition.is_none()
        && statement
            .chain
            .iter()
            .all(|link| matches!(link.effect, Effect::Call { command, .. } if harmless.contains(&command)))
}

/// Whether a statement is `equip` (the catalogue's `equip` call alone).
/// Whether `link` is a `swap` (Wagic's `ASwapPT`, always until end of turn).
pub(super) fn is_swap(link: &Link<'_>) -> bool {
    let swap = CommandIdx::new(Command::Swap.index());
    matches!(link.effect, Effect::Call { command, .. } if command == swap)
}

pub(super) fn is_equip(statement: &Statement<'_>) -> bool {
    let equip = CommandIdx::new(Command::Equip.index());
    matches!(statement.chain, [Link { effect: Effect::Call { command, .. }, .. }] if *command == equip)
}

/// Whether a chain makes tokens (in a `foreach` loop too): its targets are players.
pub(super) fn makes_token(chain: &[Link<'_>]) -> bool {
    let makers = [Command::Token, Command::TokenCard].map(|maker| CommandIdx::new(maker.index()));
    chain.iter().any(|link| match link.effect {
        Effect::Call { command, .. } => makers.contains(&command),
        Effect::Each { each, .. } => makes_token(each.body),
        _ => false,
    })
}

/// Whether every link of the chain lasts ([`is_lasting`]).
pub(super) fn lasting_only(chain: &[Link<'_>]) -> bool {
    chain.iter().all(|link| is_lasting(&link.effect))
}

/// Whether `effect` lasts (a grant, a revoke, a timed command) rather than happening once.
pub(super) fn is_lasting(effect: &Effect<'_>) -> bool {
    match *effect {
        Effect::Call { command, .. } => CATALOGUE.commands.get(command.index()).is_some_and(|spec| spec.timed),
        // A `foreach` loop lasts as its body does: `foreach(spec) draw:1` draws once for
        // each match when it runs, it does not hold.
        Effect::Each { each, .. } => each.body.iter().any(|link| is_lasting(&link.effect)),
        _ => true,
    }
}

/// Whether a line's `target(...)` takes any number of cards of any type from the hand and
/// its first part discards them: Mind Maggots' "discard any number of creature cards"
/// written `target(<anyamount>*|myhand) reject`, which would let any card be discarded.
pub(super) fn discards_any_card(spec_piece: Piece<'_>, first: Option<Piece<'_>>) -> bool {
    let spec: String = spec_piece.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    spec == "<anyamount>*|myhand" && first.is_some_and(|part| part.trim().text.eq_ignore_ascii_case("reject"))
}

/// Whether a part names a target of its own (`target(...)`, `all(...)`, a player word, a
/// `nextphasealter(...)` with its player inside).
pub(super) fn names_a_target(part: Piece<'_>) -> bool {
    part.words().iter().any(|word| {
        let lower = word.text.to_ascii_lowercase();
        ["target(", "notatarget(", "all(", "lord(", "nextphasealter(", "phasealter("]
            .iter()
            .any(|call| lower.starts_with(call))
            || ["controller", "opponent", "targetcontroller"].contains(&lower.as_str())
    })
}

/// Whether a statement's target may be a card: anything but none and the source's
/// controller or its opponent (`controller`, `opponent`), whom Wagic's amounts never read
/// a card's count off (`amount.rs`).
pub(super) fn targets_a_card(target: Option<&Target<'_>>) -> bool {
    let players = [spec::variable("me"), spec::variable("opp")];
    match target {
        None => false,
        Some(Target::Expr { value: Expr::Var(var), .. }) => !players.contains(var),
        Some(_) => true,
    }
}
