//! Wagic's player word `targetedplayer` (`@each targetedplayer upkeep`, `damage:n
//! targetedplayer`): the player the card last targeted (`MTGCardInstance::playerTarget`).
//! On a permanent whose only choices of a target are of `opponent` (Black Vise's "as it
//! enters, choose an opponent": `notatarget(opponent)`), that player is its controller's
//! opponent whatever was chosen, in a game of two: the word is `opponent` there, and refused
//! on any other card.
//!
//! And Wagic's zones of that player, `targetedpersonshand` (`targetedpersonslibrary`,
//! `...battlefield`, `...graveyard`, `...exile`, `...stack`: `MTGGameZone::intToZone` reads
//! them from the source's `playerTarget`): the catalogue's zone prefix `targeted`. A spell
//! whose `target=` is a player (`target=opponent`, Duress; `target=player`, Thoughtseize)
//! notes its target player first as it resolves (the catalogue's `playertarget`, before its
//! other effects), and its zones are that player's; so does a line starting with
//! `target(player)` (Tormod's Crypt). Anywhere else the zone is refused, since no target
//! of a player would be noted (Wagic then reads the source's controller's zone, which the
//! printed text never means).

use bumpalo::Bump;
use compiler::ir::{Arg, Condition, Effect, Expr, Filter, Link, Statement, Target, TypeAtom, TypeTerm};
use vm::bytecode::{CommandIdx, Const, Qty, SelectorIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::{self, Command};
use crate::reader::CardBlock;

/// How Wagic writes the prefix of a zone of the player the card targets.
const TARGETED_ZONE_PREFIX: &str = "targetedpersons";

/// Where `value` (a line of the card) names a zone of the player the card targets
/// (`targetedpersonshand`), the first one's word.
pub(super) fn targeted_zone(value: Piece<'_>) -> Option<Piece<'_>> {
    let lower = value.text.to_ascii_lowercase();
    let at = lower.find(TARGETED_ZONE_PREFIX)?;
    let length = lower[at..].bytes().take_while(u8::is_ascii_alphanumeric).count();
    Some(value.slice(at, at + length))
}

/// Refuses a line naming a zone of the player the card targets on a card that notes no
/// such player: a spell whose `target=` is a player does, and a line choosing a player
/// (`target(player)`, checked as it is lowered: `Lowering::effect`).
pub(super) fn check_targeted_zone(value: Piece<'_>, spell_targets_player: bool) -> Result<(), Unsupported> {
    let lower = value.text.to_ascii_lowercase();
    let chooses_a_player = lower.contains("target(player)") || lower.contains("target(opponent)");
    match targeted_zone(value) {
        Some(word) if !spell_targets_player && !chooses_a_player => Err(unnoted(word)),
        _ => Ok(()),
    }
}

/// The refusal of a zone of the targeted player (`word`) where no target player is noted.
pub(super) fn unnoted(word: Piece<'_>) -> Unsupported {
    Unsupported::new(
        word,
        &format!("zone `{}` outside a spell or a line targeting a player", super::spec::quoted(word.text)),
    )
    .with_help(Some(
        "`targetedpersonshand` and the other zones of the player a card targets compile on an instant or sorcery \
         of `target=player` or `target=opponent`, and after a line's first `target(player)` or \
         `target(opponent)`"
            .into(),
    ))
}

/// Whether a spec (`target(...)`'s) is a player: `player` or `opponent`.
pub(super) fn is_a_player(spec: Piece<'_>) -> bool {
    ["player", "opponent"].iter().any(|name| spec.trim().text.eq_ignore_ascii_case(name))
}

/// The statement a spell of a player target runs first when it names that player's zones:
/// the catalogue's `playertarget` on its rule target.
pub(super) fn note_player_target<'i>(arena: &'i Bump, at: Piece<'_>) -> Statement<'i> {
    super::lowering::call_statement(arena, Command::PlayerTarget, at)
}

/// Whether the card's only targets (`target(...)`, `notatarget(...)` in its `auto=` lines)
/// are of `opponent`, one at least, on a card that is no instant or sorcery (whose
/// `target=` may name a player).
pub(super) fn targets_only_the_opponent(block: &CardBlock<'_>, is_spell: bool) -> bool {
    if is_spell || block.field("target").is_some() {
        return false;
    }
    let mut found = false;
    for field in block.fields.iter().filter(|field| field.key.eq_ignore_ascii_case("auto")) {
        let lower = field.value.to_ascii_lowercase();
        let mut rest = lower.as_str();
        // Bounded by the line: each step moves past one `target(`.
        while let Some(at) = rest.find("target(") {
            let after = &rest[at + "target(".len()..];
            let Some(close) = after.find(')') else { return false };
            if after[..close].trim() != "opponent" {
                return false;
            }
            found = true;
            rest = &after[close..];
        }
    }
    found
}

/// A spell's `target=opponent` (`filter`, its one type the opponent) as a choice of a
/// player other than its controller (the catalogue's `player` less `::not(me)`): the one
/// option is still asked where lone choices are (the game: the spell waits on the stack
/// with its target, and its lines' questions of that player's hand are asked as it
/// resolves, not as it is cast), where the runtime's `opponent` is no choice at all.
pub(super) fn opponent_as_a_choice<'i>(arena: &'i Bump, filter: &'i Filter<'i>) -> &'i Filter<'i> {
    let [TypeTerm { atom: TypeAtom::Opp, .. }] = filter.types else { return filter };
    let types = arena.alloc_slice_copy(&[TypeTerm { atom: TypeAtom::Player, ..filter.types[0] }]);
    let me = arena.alloc(Expr::Var(super::spec::variable("me")));
    arena.alloc(Filter { types, selector: Some((SelectorIdx::new(0), me)), ..*filter })
}

impl<'i> Lowering<'i> {
    /// A statement choosing its target in a zone of the player the spell targets (Coercion's
    /// `target(*|targetedpersonshand) reject`): a hand (a library) with too few cards is no
    /// failure of the whole spell, as each of Wagic's lines resolves on its own (Brainbite
    /// still draws, Peek's look at an empty hand still lets it draw). A `donothing` (a look)
    /// takes its target optionally; another effect runs only when the zone holds enough
    /// cards for its target (a check before it, `Condition::Guarded`), so that it never
    /// falls back on its command's default target (`reject` would discard the spell).
    pub(super) fn targeted_zone_choice(&self, statement: Statement<'i>) -> Statement<'i> {
        let targeted = catalogue::position(catalogue::ZONE_PREFIXES, "targeted");
        let Some(Target::Filter { filter, optional: false }) = statement.target else { return statement };
        if filter.zone.prefix.map(|prefix| prefix.index()) != targeted {
            return statement;
        }
        let does_nothing = CommandIdx::new(Command::DoNothing.index());
        if matches!(statement.chain, [Link { effect: Effect::Call { command, .. }, .. }] if *command == does_nothing) {
            return Statement { target: Some(Target::Filter { filter, optional: true }), ..statement };
        }
        let may = match statement.condition {
            None => None,
            Some(Condition::May(question)) => Some(question),
            Some(_) => return statement,
        };
        let least = match filter.qty {
            Some(Qty::Exact(n)) => i32::from(n),
            Some(Qty::Range { min, .. }) => i32::from(min),
            _ => 1,
        };
        let command = CommandIdx::new(Command::AsLongAs.index());
        let word = catalogue::position(catalogue::CRITERIA, "morethan").unwrap_or(0) as u16;
        let args = self.arena.alloc_slice_copy(&[
            Arg::Filter(filter),
            Arg::Const(Const::Word { command, param: 1, word }),
            Arg::Value(Expr::Int(least.saturating_sub(1))),
        ]);
        let check = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        let guard = self.arena.alloc_slice_copy(&[check]);
        Statement { condition: Some(Condition::Guarded { guard, may, stops: false }), ..statement }
    }

    /// The statement a line's `target(player)` (`spec`) becomes when its effect reads that
    /// player's zones: the player chosen, noted (the catalogue's `playertarget`).
    pub(super) fn note_line_player(&self, spec: Piece<'_>) -> Result<Statement<'i>, Unsupported> {
        let target = self.target_clause(spec, "target")?;
        let note = note_player_target(self.arena, spec);
        Ok(Statement { target: Some(target), ..note })
    }
}
