//! `dynamicability<!WORDS!> [ability]` (Wagic's `AADynamic`): an effect whose amount is a
//! card's power, toughness or converted mana cost, read as the effect resolves.
//!
//! Wagic finds each part of `WORDS` by searching the text for its keywords in a fixed
//! order (the first found wins), and so does [`read`]:
//! - whose amount: `mytgt` (the target card), else the source card; `itself` (as a
//!   recipient) reads the target too, and a `manacost` without `source` reads the target;
//! - the amount: `power`, `toughness`, `manacost` (counted as 0 when below 0);
//! - the effect: `strike` (damage dealt by the source), `lifeloss`, `lifegain`,
//!   `pumppow`, `pumptough`, `pumpboth` (until end of turn);
//! - the recipient: `targetcontroller`, `tosrc` (the source card), `srccontroller`,
//!   `srcopponent`; none (or `itself`): the target.
//!
//! The ability written after `!>` (Karn's Touch's `transforms((...))`) acts on the same
//! target first, as Wagic runs it before the main effect. The target card the amount is
//! read from must be one the code can name: a spell's one-card `target=` (`tgt`) or the
//! statement's own target when that is an expression other than a trigger's card. Other
//! forms (`colors`, counters, `thatmuch`, `draw`, `eachother`, a damage dealt by the
//! target...) are refused.

use compiler::ir::{Arg, BinaryOp, ChainOperator, Effect, Expr, Link, Target};
use vm::bytecode::{CommandIdx, CompareOp};

use super::piece::Piece;
use super::{Lowering, TargetController, Unsupported, spec};
use crate::catalogue::Command;

/// The opening of a dynamic ability.
const OPEN: &str = "dynamicability<!";

/// Wagic's keywords of the amount's card, in its search order.
const SOURCES: [&str; 4] = ["source", "mytgt", "myself", "myfoe"];
/// Wagic's keywords of the amount, in its search order.
const AMOUNTS: [&str; 8] = ["power", "toughness", "manacost", "colors", "age", "charge", "oneonecounters", "thatmuch"];
/// Wagic's keywords of the effect, in its search order.
const EFFECTS: [&str; 9] =
    ["strike", "draw", "lifeloss", "lifegain", "pumppow", "pumptough", "pumpboth", "deplete", "countersoneone"];
/// Wagic's keywords of the recipient, in its search order.
const RECIPIENTS: [&str; 8] = [
    "eachother",
    "itself",
    "targetcontroller",
    "targetopponent",
    "tosrc",
    "srccontroller",
    "srcopponent",
    "abilitycontroller",
];

/// Where `dynamicability<!...!>` is in a statement: the words inside, and the byte range
/// of the whole construct in the statement's text.
pub(super) struct Found<'s> {
    /// What `<!` and `!>` enclose.
    pub inside: Piece<'s>,
    /// From `dynamicability` to the end of `!>`, as offsets in the statement's text.
    pub range: std::ops::Range<usize>,
}

/// Finds `dynamicability<!...!>` (any case) in a statement's text.
pub(super) fn find(piece: Piece<'_>) -> Option<Found<'_>> {
    let lower = piece.text.to_ascii_lowercase();
    let open = lower.find(OPEN)?;
    let inner_start = open + OPEN.len();
    let close = inner_start + lower.get(inner_start..)?.find("!>")?;
    Some(Found { inside: piece.slice(inner_start, close), range: open..close + 2 })
}

/// Refuses an ability that sacrifices its source (`{S}`) and reads the source's amount
/// (Ghitu Fire-Eater's `{T}{S}:target(creature,player) dynamicability<!powerstrike!>`):
/// Wagic reads the power the card had as it left play, pumps included, where the board
/// has ended them with the card's move.
pub(super) fn refuse_sacrificed_source(costs: Piece<'_>, effect: Piece<'_>) -> Result<(), Unsupported> {
    let sacrificed = costs.text.to_ascii_lowercase().contains("{s}");
    let lower = effect.text.to_ascii_lowercase();
    let reads_source = lower.match_indices(OPEN).any(|(at, _)| {
        let words = lower[at + OPEN.len()..].split("!>").next().unwrap_or("");
        !read(words).reads_the_target()
    });
    if sacrificed && reads_source {
        return Err(Unsupported::new(costs, "`dynamicability` reading a source its cost sacrificed"));
    }
    Ok(())
}

/// The first of `keywords` the text holds, as Wagic searches (`None`: none is written).
fn first_found<'k>(text: &str, keywords: &[&'k str]) -> Option<&'k str> {
    keywords.iter().copied().find(|keyword| text.contains(keyword))
}

/// The parts of `WORDS` as Wagic reads them.
pub(super) struct Words {
    pub source: Option<&'static str>,
    pub amount: Option<&'static str>,
    pub effect: Option<&'static str>,
    pub recipient: Option<&'static str>,
}

impl Words {
    /// Whether the amount is the target's: Wagic reads it for `mytgt` and `itself`, and a
    /// mana cost from the target unless `source` is written.
    fn reads_the_target(&self) -> bool {
        self.source == Some("mytgt")
            || self.recipient == Some("itself")
            || (self.amount == Some("manacost") && self.source != Some("source"))
    }
}

/// Reads `WORDS` (what `<!` and `!>` enclose) as Wagic does.
pub(super) fn read(inside: &str) -> Words {
    let text = inside.to_ascii_lowercase();
    Words {
        source: first_found(&text, &SOURCES),
        amount: first_found(&text, &AMOUNTS),
        effect: first_found(&text, &EFFECTS),
        recipient: first_found(&text, &RECIPIENTS),
    }
}

impl<'i> Lowering<'i> {
    /// The target and chain of a statement holding `dynamicability<!...!>`: `target` is
    /// the statement's own (none: the spell's), `stored` the links of the ability written
    /// after `!>` (run first, on the same target).
    pub(super) fn dynamic(
        &self,
        statement: Piece<'_>,
        found: &Found<'_>,
        target: Option<Target<'i>>,
        stored: &'i [Link<'i>],
    ) -> Result<(Option<Target<'i>>, &'i [Link<'i>]), Unsupported> {
        let inside = found.inside;
        let refused = |what: &str, word: Option<&str>| {
            let construct = match word {
                Some(word) => format!("`dynamicability` {what} `{word}`"),
                None => format!("`dynamicability` without {what}"),
            };
            Unsupported::new(inside, &construct)
        };
        if self.aura {
            return Err(Unsupported::new(inside, "`dynamicability` on an Aura"));
        }
        let words = read(inside.text);
        // The target card, when the code can name it.
        let target_card: Option<&'i Expr<'i>> = match target {
            Some(Target::Expr { value, .. }) => Some(value),
            None if self.target_controller == TargetController::SpellTarget => {
                Some(self.arena.alloc(Expr::Index(self.arena.alloc(Expr::Var(spec::variable("tgt"))), 0)))
            }
            _ => None,
        };
        let named_target = || {
            target_card
                .ok_or_else(|| Unsupported::new(inside, "`dynamicability` reading a target chosen as it resolves"))
        };
        let source_card = &*self.arena.alloc(Expr::Var(spec::variable("this")));
        let amount = words.amount.ok_or_else(|| refused("an amount", None))?;
        if !["power", "toughness", "manacost"].contains(&amount) {
            return Err(refused("amount", Some(amount)));
        }
        if let Some(source @ ("myself" | "myfoe")) = words.source {
            return Err(refused("amount of", Some(source)));
        }
        let from_target = words.reads_the_target();
        let counted_card = if from_target { named_target()? } else { source_card };
        if matches!(counted_card, Expr::Var(var) if *var == spec::variable("trigger")) {
            // Angelic Chorus's toughness of the creature entering: Wagic reads it once the
            // trigger resolves, after every lord's pump of that creature; the runtime runs a
            // trigger and a lord's pump of an entering card in the order the cards
            // entered play, so the amount could miss a pump.
            return Err(Unsupported::new(inside, "`dynamicability` reading the card of its trigger"));
        }
        let read = self.arena.alloc(Expr::Attr(counted_card, spec::attribute(amount)));
        // Wagic counts an amount below 0 as 0: `(n > 0 and n) or 0`.
        let above_zero =
            self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Gt), read, self.arena.alloc(Expr::Int(0))));
        let value = Expr::Or(self.arena.alloc(Expr::And(above_zero, read)), self.arena.alloc(Expr::Int(0)));
        let effect = words.effect.ok_or_else(|| refused("an effect", None))?;
        // The recipient: `None` is the statement's own target.
        let player = |name: &str| -> &'i Expr<'i> { self.arena.alloc(Expr::Var(spec::variable(name))) };
        let recipient: Option<&'i Expr<'i>> = match words.recipient {
            None | Some("itself") => None,
            Some("targetcontroller") => {
                Some(self.arena.alloc(Expr::Attr(named_target()?, spec::attribute("controller"))))
            }
            Some("tosrc") => Some(source_card),
            Some("srccontroller") => Some(player("me")),
            Some("srcopponent") => Some(player("opp")),
            Some(other) => return Err(refused("recipient", Some(other))),
        };
        let to_player = matches!(words.recipient, Some("targetcontroller" | "srccontroller" | "srcopponent"));
        let zero = Expr::Int(0);
        let (command, args): (Command, Vec<Arg<'i>>) = match effect {
            // Wagic's damage comes from the card the amount is read from: only the source's
            // is compiled.
            "strike" if !from_target => (Command::Damage, vec![Arg::Value(value)]),
            "lifegain" | "lifeloss" if to_player => {
                let signed = if effect == "lifeloss" { Expr::Neg(self.arena.alloc(value)) } else { value };
                (Command::Life, vec![Arg::Value(signed)])
            }
            "pumppow" if !to_player => (Command::Pump, vec![Arg::Value(value), Arg::Value(zero)]),
            "pumptough" if !to_player => (Command::Pump, vec![Arg::Value(zero), Arg::Value(value)]),
            "pumpboth" if !to_player => (Command::Pump, vec![Arg::Value(value), Arg::Value(value)]),
            "strike" => return Err(Unsupported::new(inside, "`dynamicability` damage dealt by its target")),
            "lifegain" | "lifeloss" | "pumppow" | "pumptough" | "pumpboth" => {
                return Err(refused("effect on that recipient:", Some(effect)));
            }
            other => return Err(refused("effect", Some(other))),
        };
        let call = Effect::Call {
            command: CommandIdx::new(command.index()),
            confirm: false,
            args: self.arena.alloc_slice_copy(&args),
        };
        let mut chain: Vec<Link<'i>> = stored.to_vec();
        let operator = (!chain.is_empty()).then_some(ChainOperator::Then);
        chain.push(Link { operator, effect: call });
        let chain = self.arena.alloc_slice_copy(&chain);
        match recipient {
            None if target.is_none() && target_card.is_none() => {
                Err(Unsupported::new(statement, "`dynamicability` without a target"))
            }
            None => Ok((target, chain)),
            Some(_) if !stored.is_empty() => {
                Err(Unsupported::new(statement, "`dynamicability` with an ability for another recipient"))
            }
            Some(value) => Ok((Some(Target::Expr { value, optional: true }), chain)),
        }
    }
}
