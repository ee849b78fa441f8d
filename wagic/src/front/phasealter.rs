//! Wagic's `nextphasealter(...)` and `phasealter(...)` (`APhaseAlter`, read in
//! `AbilityFactory::parseMagicLine`): `(remove,step,who)` skips a step of a player's,
//! `(add,combatphases,controller,after<...>)` gives its controller an extra combat phase
//! (`combatphaseswithmain`: and an extra main phase after it). Lowered to the catalogue's
//! `skipstep`, `skipsteps` and `extracombat` (`table/phase_alter.rs`).
//!
//! `nextphasealter(remove,...)` skips the player's next such step ("you skip your next
//! untap step", Stonehorn Dignitary's five lines: the next combat phase); on a sorcery,
//! every such step of the player's next turn (False Peace's "all combat phases of his or
//! her next turn"; Fatigue's next draw step is that turn's). On an instant (Moment of
//! Silence's "next combat phase this turn") it is refused. `phasealter(remove,...)` holds
//! while the permanent is on the battlefield (Stasis), on a permanent's own line alone.
//! The player: `controller`, `opponent`, or `targetedplayer` on a spell targeting a player
//! (or a card whose only target is the opponent). An extra combat: after the current step
//! (`after<this>`, "after this main phase") or after the current combat
//! (`after<combatends>`, "after this phase" said in combat), the controller's alone.

use compiler::ir::{Arg, Effect, Expr, Link, Statement, Target};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{ActivationLimit, Lowering, Unsupported, spec};
use crate::catalogue::Command;
use crate::testfile::Phase;

/// What compiles of `nextphasealter(...)` and `phasealter(...)`.
const CONSTRUCT: &str = "`nextphasealter(...)` other than `(remove,step,who)` of an untap, upkeep, draw or combat step \
                         and `(add,combatphases[withmain],controller,after<this|combatends>)`";

impl<'i> Lowering<'i> {
    /// The statement of a part that is `nextphasealter(...)` or `phasealter(...)` alone;
    /// `None` for any other part.
    pub(super) fn phase_alter(&self, piece: Piece<'_>, wrapped: bool) -> Option<Result<Statement<'i>, Unsupported>> {
        let trimmed = piece.trim();
        let (args, after, next) = match (trimmed.call("nextphasealter"), trimmed.call("phasealter")) {
            (Some((args, after)), _) => (args, after, true),
            (_, Some((args, after))) => (args, after, false),
            _ => return None,
        };
        for word in after.trim().words() {
            // Avizoa's `... limit:1`: Wagic reads the word for the whole activated line.
            if let Some(count) = word.text.to_ascii_lowercase().strip_prefix("limit:").and_then(|n| n.parse().ok()) {
                let limit = ActivationLimit::plain("limit", Some(count), "limit", word.span());
                self.activation_limits.borrow_mut().push(limit);
                continue;
            }
            // Aggravated Assault's `asSorcery` (its `untap all(creature[attacking])` is not
            // its printed "untap all creatures you control" either).
            let construct = format!("word `{}` after `nextphasealter(...)`", word.text);
            return Some(Err(Unsupported::new(word, &construct)));
        }
        if wrapped {
            return Some(Err(Unsupported::new(trimmed, "`nextphasealter(...)` with a target around it")));
        }
        if self.spell && !self.spell_untargeted && !self.spell_targets_player {
            // Seize the Day's `target=creature` with no line untapping it.
            return Some(Err(Unsupported::new(trimmed, "`nextphasealter(...)` on a spell targeting a card")));
        }
        Some(self.phase_alter_statement(trimmed, args, next))
    }

    fn phase_alter_statement(
        &self,
        piece: Piece<'_>,
        args: Piece<'_>,
        next: bool,
    ) -> Result<Statement<'i>, Unsupported> {
        let refused = || Unsupported::new(piece, CONSTRUCT);
        // Wagic reads `^` as `,` (a `phasealter` inside `transforms((...))`).
        let written: Vec<String> =
            args.text.replace('^', ",").split(',').map(|part| part.trim().to_ascii_lowercase()).collect();
        let word = |index: usize| written.get(index).map_or("", String::as_str);
        let (adding, step, who) = (word(0), word(1), word(2));
        if written.len() > 4 || !matches!(adding, "add" | "remove") {
            return Err(refused());
        }
        let player = self.phase_alter_player(piece, who)?;
        let int = |value: i32| Arg::Value(Expr::Int(value));
        let (command, args): (Command, Vec<Arg<'i>>) = if adding == "add" {
            let with_main = match step {
                "combatphases" => 0,
                "combatphaseswithmain" => 1,
                _ => return Err(refused()),
            };
            let after = match word(3) {
                "after<this>" => 0,
                "after<combatends>" | "after<combatend>" => 1,
                _ => return Err(refused()),
            };
            if !next || who != "controller" {
                return Err(refused());
            }
            (Command::ExtraCombat, vec![int(with_main), int(after)])
        } else {
            let phase = Phase::named(step).filter(|phase| crate::table::skippable(*phase)).ok_or_else(refused)?;
            if written.len() > 3 {
                return Err(refused());
            }
            let index = i32::try_from(crate::table::step_index(phase)).unwrap_or(0);
            if !next {
                if self.spell || self.activated_line.get() {
                    return Err(Unsupported::new(piece, "`phasealter(remove,...)` outside a permanent's static line"));
                }
                (Command::SkipSteps, vec![int(index)])
            } else if self.instant {
                return Err(Unsupported::new(
                    piece,
                    "`nextphasealter(remove,...)` on an instant (a skip of \"this turn\" is not modelled)",
                ));
            } else {
                (Command::SkipStep, vec![int(index), int(i32::from(self.spell))])
            }
        };
        let link = Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(command.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&args),
            },
        };
        let value = self.arena.alloc(player);
        Ok(Statement {
            condition: None,
            target: Some(Target::Expr { value, optional: false }),
            restriction: None,
            chain: self.arena.alloc_slice_copy(&[link]),
            otherwise: None,
            span: piece.span(),
        })
    }

    /// The player a phase alteration is of: `controller`, `opponent`, or `targetedplayer`
    /// where Wagic's is known (a spell targeting a player: its target; a card whose only
    /// target is the opponent: the opponent).
    fn phase_alter_player(&self, piece: Piece<'_>, who: &str) -> Result<Expr<'i>, Unsupported> {
        let variable = |name: &str| Expr::Var(spec::variable(name));
        Ok(match who {
            "controller" => variable("me"),
            "opponent" => variable("opp"),
            "targetedplayer" if self.spell_targets_player => Expr::Index(self.arena.alloc(variable("tgt")), 0),
            "targetedplayer" if self.targeted_opponent => variable("opp"),
            _ => {
                return Err(Unsupported::new(
                    piece,
                    &format!(
                        "player `{who}` of `nextphasealter(...)` (`controller`, `opponent` and a spell's `targetedplayer` compile)"
                    ),
                ));
            }
        })
    }
}
