//! `dynamicability<!WORDS!> [ability]` (Wagic's `AADynamic`): an effect whose amount is a
//! card's power, toughness or converted mana cost, read as the effect resolves.
//!
//! Wagic finds each part of `WORDS` by searching the text for its keywords in a fixed
//! order (the first found wins), and so does [`read`]:
//! - whose amount: `mytgt` (the target card), else the source card; `itself` (as a
//!   recipient) reads the target too, and a `manacost` without `source` reads the target;
//! - the amount: `power`, `toughness`, `manacost` (counted as 0 when below 0);
//! - the effect: `strike` (damage dealt by the source, or by the target to itself),
//!   `lifeloss`, `lifegain`, `pumppow`, `pumptough`, `pumpboth` (until end of turn);
//! - the recipient: `targetcontroller`, `tosrc` (the source card), `srccontroller`,
//!   `srcopponent`, `eachother` (a source's fight: `dynamic_choice.rs`); none (or
//!   `itself`): the target.
//!
//! The ability written after `!>` (Karn's Touch's `transforms((...))`) acts on the same
//! target first, as Wagic runs it before the main effect. The target card the amount is
//! read from must be one the code can name: a spell's one-card `target=` (`tgt`), the
//! statement's own target when that is an expression other than a trigger's card, or a
//! one-card `target(...)` of a line of one part, named after its choice
//! (`dynamic_choice.rs`). A source its `{S}` cost sacrificed is read as the cost noted it.
//! The amount `thatmuch` is a life trigger's change, read off its player (`myself` for
//! `@lifeof`, `myfoe` for `@lifefoeof`); the effect `countersoneone` puts +1/+1 counters
//! on the source (`tosrc`). Other forms (`colors`, counters, another `thatmuch`, `draw`,
//! a damage the target deals to another recipient...) are refused.

use compiler::ir::{Arg, BinaryOp, ChainOperator, Effect, Expr, Link, Target};
use vm::bytecode::{CommandIdx, CompareOp, FunctionIdx, Qty};

use super::dynamic_choice::Written;
use super::piece::Piece;
use super::trigger::LifePlayer;
use super::{Lowering, TargetController, Unsupported, spec};
use crate::CATALOGUE;
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

/// Whether an ability sacrifices its source (`{S}`) and reads the source's amount
/// (Ghitu Fire-Eater's `{T}{S}:target(creature,player) dynamicability<!powerstrike!>`):
/// Wagic reads the power the card had as it left play, pumps included, which the cost
/// notes as it pays (the catalogue's `stored`, Wagic's `storedCard`) while the board ends
/// them with the card's move. A cost noting another card as well (`{S}{E(spec)}`) is
/// refused: the snapshot would be the last card's.
pub(super) fn reads_sacrificed_source(costs: Piece<'_>, effect: Piece<'_>) -> Result<bool, Unsupported> {
    let written = costs.text.to_ascii_lowercase();
    let lower = effect.text.to_ascii_lowercase();
    let reads_source = lower.match_indices(OPEN).any(|(at, _)| {
        let words = lower[at + OPEN.len()..].split("!>").next().unwrap_or("");
        !read(words).reads_the_target()
    });
    if !written.contains("{s}") || !reads_source {
        return Ok(false);
    }
    let noting = ["{s}", "{e}", "{h}", "{s(", "{e(", "{h(", "{t(", "{discard("];
    let notes = noting.iter().map(|cost| written.matches(cost).count()).sum::<usize>();
    if notes > 1 {
        return Err(Unsupported::new(costs, "`dynamicability` reading a source its cost sacrificed with another card"));
    }
    Ok(true)
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
    /// after `!>`, on the same target. A one-card `target(...)` chosen as the statement
    /// resolves is named by the statements after the one choosing it (its `prevtgt`):
    /// when the line allows it (`split`), the statement returned only chooses it
    /// and the statements doing the effect are left in `dynamic_after`.
    pub(super) fn dynamic(
        &self,
        statement: Piece<'_>,
        found: &Found<'_>,
        target: Option<Target<'i>>,
        stored: &'i [Link<'i>],
        split: bool,
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
        let var = |name: &str| -> &'i Expr<'i> { self.arena.alloc(Expr::Var(spec::variable(name))) };
        // A one-card target chosen as the statement resolves, named by the statements after
        // the one choosing it.
        let chosen = match target {
            Some(Target::Filter { filter, .. }) if filter.qty.is_some() && split => {
                if filter.qty != Some(Qty::Exact(1)) {
                    return Err(Unsupported::new(inside, "`dynamicability` reading a target of several cards"));
                }
                true
            }
            _ => false,
        };
        // The target card, when the code can name it.
        let target_card: Option<&'i Expr<'i>> = match target {
            Some(Target::Expr { value, .. }) => Some(value),
            None if self.target_controller == TargetController::SpellTarget => {
                Some(self.arena.alloc(Expr::Index(var("tgt"), 0)))
            }
            _ if chosen => Some(self.arena.alloc(Expr::Index(var("prevtgt"), 0))),
            _ => None,
        };
        let named_target = || {
            target_card
                .ok_or_else(|| Unsupported::new(inside, "`dynamicability` reading a target chosen as it resolves"))
        };
        let source_card = var("this");
        let amount = words.amount.ok_or_else(|| refused("an amount", None))?;
        // `myself thatmuch` (Sanguine Bond): Wagic reads the controller's `thatmuch`, which
        // a life trigger sets to the change when the player is the controller (`myfoe`:
        // the opponent); any other card's or player's is another event's.
        let that_much = amount == "thatmuch";
        if that_much {
            let whose = (self.life_trigger.get(), words.source);
            if !matches!(
                whose,
                (Some(LifePlayer::Controller), Some("myself")) | (Some(LifePlayer::Opponent), Some("myfoe"))
            ) {
                let construct = "`dynamicability` amount `thatmuch` other than the life trigger's player's";
                return Err(Unsupported::new(inside, construct));
            }
        } else if !["power", "toughness", "manacost", "charge", "oneonecounters"].contains(&amount) {
            return Err(refused("amount", Some(amount)));
        }
        if let Some(source @ ("myself" | "myfoe")) = words.source.filter(|_| !that_much) {
            return Err(refused("amount of", Some(source)));
        }
        let from_target = !that_much && words.reads_the_target();
        let counted_card = if from_target { named_target()? } else { source_card };
        if matches!(counted_card, Expr::Var(var) if *var == spec::variable("trigger")) {
            // Angelic Chorus's toughness of the creature entering: Wagic reads it once the
            // trigger resolves, after every lord's pump of that creature; the runtime runs a
            // trigger and a lord's pump of an entering card in the order the cards
            // entered play, so the amount could miss a pump.
            return Err(Unsupported::new(inside, "`dynamicability` reading the card of its trigger"));
        }
        let value = if that_much {
            Expr::Var(spec::variable("thatmuch"))
        } else {
            self.dynamic_amount(counted_card, amount, !from_target && self.sacrificed_source.get())
        };
        let effect = words.effect.ok_or_else(|| refused("an effect", None))?;
        let written = Written { statement, inside, choice: target, stored, from_target, amount };
        if words.recipient == Some("eachother") {
            return self.each_other(&written, chosen, effect, value);
        }
        let untargeted = target.is_none() && target_card.is_none() && !self.spell && !self.aura && !self.equipment;
        // The recipient: `None` is the statement's own target.
        let recipient: Option<&'i Expr<'i>> = match words.recipient {
            None | Some("itself") => None,
            // A permanent's ability without a target: Wagic's target is its card, whose
            // controller is the source's (Gristleback's `{S}:...powerlifegain
            // targetcontroller`), whose opponent the source's opponent (Meglonoth's,
            // Lightning Reaver's `targetopponent`).
            Some("targetcontroller") if untargeted => Some(var("me")),
            Some("targetopponent") if untargeted => Some(var("opp")),
            Some("targetcontroller") => {
                Some(self.arena.alloc(Expr::Attr(named_target()?, spec::attribute("controller"))))
            }
            Some("tosrc") => Some(source_card),
            Some("srccontroller") => Some(var("me")),
            Some("srcopponent") => Some(var("opp")),
            Some(other) => return Err(refused("recipient", Some(other))),
        };
        let to_player =
            matches!(words.recipient, Some("targetcontroller" | "targetopponent" | "srccontroller" | "srcopponent"));
        let zero = Expr::Int(0);
        let (command, args): (Command, Vec<Arg<'i>>) = match effect {
            // Wagic's damage comes from the card the amount is read from: the source's, or
            // the target's dealt to itself (Repentance: "Target creature deals damage to
            // itself equal to its power").
            "strike" if !from_target => (Command::Damage, vec![Arg::Value(value)]),
            "strike" if recipient.is_none() => {
                (Command::Damage, vec![Arg::Value(value), Arg::Value(Expr::Nil), Arg::Value(*counted_card)])
            }
            "lifegain" | "lifeloss" if to_player => {
                let signed = if effect == "lifeloss" { Expr::Neg(self.arena.alloc(value)) } else { value };
                (Command::Life, vec![Arg::Value(signed)])
            }
            "pumppow" if !to_player => (Command::Pump, vec![Arg::Value(value), Arg::Value(zero)]),
            "pumptough" if !to_player => (Command::Pump, vec![Arg::Value(zero), Arg::Value(value)]),
            "pumpboth" if !to_player => (Command::Pump, vec![Arg::Value(value), Arg::Value(value)]),
            // Grindclock's `target(player)`, Surrakar Spellblade's `srccontroller`.
            "draw" | "deplete" if to_player || targets_players(target) => {
                let command = if effect == "draw" { Command::Draw } else { Command::Deplete };
                (command, vec![Arg::Value(value)])
            }
            // Ageless Entity's `tosrc`: +1/+1 counters on the source.
            "countersoneone" if words.recipient == Some("tosrc") => {
                (Command::Counter, vec![Arg::Value(Expr::Int(1)), Arg::Value(Expr::Int(1)), Arg::Value(value)])
            }
            // Backlash's creature deals it, as Wagic's target does; Agonizing Demise's
            // printed text has the spell deal it, written the same.
            "strike" => return Err(Unsupported::new(inside, "`dynamicability` damage dealt by its target")),
            "lifegain" | "lifeloss" | "pumppow" | "pumptough" | "pumpboth" | "draw" | "deplete" | "countersoneone" => {
                return Err(refused("effect on that recipient:", Some(effect)));
            }
            other => return Err(refused("effect", Some(other))),
        };
        let call = Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(command.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&args),
            },
        };
        // The chosen target named after its choice: its amount read, or its controller the
        // recipient. (A source's amount for another recipient with an ability after `!>`
        // stays refused below: Selfless Exorcist's `powerstrike tosrc` reads the
        // Exorcist's power, where its printed text reads the exiled card's.)
        let names_the_choice = from_target || matches!(words.recipient, Some("targetcontroller"));
        if chosen && names_the_choice {
            return self.after_the_choice(&written, call, recipient);
        }
        let mut chain: Vec<Link<'i>> = stored.to_vec();
        let operator = (!chain.is_empty()).then_some(ChainOperator::Then);
        chain.push(Link { operator, ..call });
        let chain = self.arena.alloc_slice_copy(&chain);
        let pump = command == Command::Pump;
        match recipient {
            // Feral Animist's `{3}:dynamicability<!powerpumppow!>`: Wagic's target of a
            // permanent's activated ability without one is its card. Refused on a line of
            // several parts: Yew Spirit's `powerpumppow && powerpumptough` reads its power
            // again after the first pump, where its printed +X/+X reads it once.
            None if target.is_none()
                && target_card.is_none()
                && split
                && pump
                && self.activated_line.get()
                && !self.spell
                && !self.equipment =>
            {
                Ok((Some(Target::Expr { value: source_card, optional: false }), chain))
            }
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

    /// `card`'s `amount` (`power`, `toughness`, `manacost`), counted as 0 when below 0 as
    /// Wagic's `AADynamic` does: `(n > 0 and n) or 0`. `snapshot`: the source's as its
    /// `{S}` cost noted it (`reads_sacrificed_source`).
    pub(super) fn dynamic_amount(&self, card: &'i Expr<'i>, amount: &str, snapshot: bool) -> Expr<'i> {
        let call = |name: &str, args: &[Expr<'i>]| -> &'i Expr<'i> {
            let function = CATALOGUE.functions.iter().position(|function| function.name == name).unwrap_or(0);
            self.arena.alloc(Expr::Call(FunctionIdx::new(function), self.arena.alloc_slice_copy(args)))
        };
        // Counters: `foreachcount` reads those a card had as it left the battlefield (a
        // sacrificed Golden Urn's charge counters), and is never below 0.
        let counter = match amount {
            "charge" => Some("charge"),
            "oneonecounters" => Some("1/1"),
            _ => None,
        };
        if let Some(name) = counter {
            return *call("foreachcount", &[*card, Expr::Str(self.arena.alloc_str(name))]);
        }
        let read: &'i Expr<'i> = if snapshot {
            let function = CATALOGUE.functions.iter().position(|function| function.name == "stored").unwrap_or(0);
            let args = [Expr::Var(spec::variable("this")), Expr::Str(self.arena.alloc_str(amount))];
            self.arena.alloc(Expr::Call(FunctionIdx::new(function), self.arena.alloc_slice_copy(&args)))
        } else {
            self.arena.alloc(Expr::Attr(card, spec::attribute(amount)))
        };
        let above_zero =
            self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Gt), read, self.arena.alloc(Expr::Int(0))));
        Expr::Or(self.arena.alloc(Expr::And(above_zero, read)), self.arena.alloc(Expr::Int(0)))
    }
}

/// Whether a statement's target is a `target(...)` of players only (Grindclock's
/// `target(player)`), which a `draw` or `deplete` acts on.
fn targets_players(target: Option<Target<'_>>) -> bool {
    use compiler::ir::TypeAtom;
    matches!(target, Some(Target::Filter { filter, .. })
        if !filter.types.is_empty()
            && filter.types.iter().all(|term| !term.negate && matches!(term.atom, TypeAtom::Player | TypeAtom::Players | TypeAtom::Me | TypeAtom::Opp)))
}
