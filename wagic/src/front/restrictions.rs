//! The conditions of a line's ability: a trigger's `restriction{...}` guarding its effect
//! ([`Lowering::restricted`]) and an activated ability's, compiled as costs checked as it
//! is activated ([`Lowering::activation_restriction`], [`ActivationLimit`]).

use super::*;
use compiler::ir::{Arg, ChainOperator, Condition, Effect, Link};
use vm::bytecode::Const;

/// The most counts one trigger restriction joins (Mask of Intolerance's five lands).
const MAX_RESTRICTION_PARTS: usize = 8;

/// A condition of an activated ability's activation written among its effect's words,
/// compiled as a cost of the ability checked and paid with the others.
#[derive(Debug, Clone, Copy)]
pub(super) struct ActivationLimit<'i> {
    /// The catalogue's cost (`assorcery`, `limit`, `restrictionmorethan`).
    pub(super) cost: &'static str,
    /// The cost's count (`limit:2`, a restriction's bound).
    pub(super) count: Option<u32>,
    /// The cost's filter (the cards a restriction counts).
    pub(super) filter: Option<&'i compiler::ir::Filter<'i>>,
    /// The words as written, shown when they are outside an activated ability.
    pub(super) written: &'static str,
    /// Where they are.
    pub(super) span: Span,
}

impl<'i> ActivationLimit<'i> {
    /// The limit of the cost `cost` without a filter, written `written`.
    pub(super) fn plain(
        cost: &'static str,
        count: Option<u32>,
        written: &'static str,
        span: Span,
    ) -> ActivationLimit<'i> {
        ActivationLimit { cost, count, filter: None, written, span }
    }
}
impl<'i> Lowering<'i> {
    /// A trigger's effect run only while its `restriction{...}` holds: counts
    /// `type(spec)~morethan|lessthan|equalto~n` and the spells cast last turn
    /// (`lastturn(*|stack)~...~n`), and tests of the turn or the creatures (`raid`,
    /// `morbid`, `myturnonly`, formidable's `compare(powertotalinplay)~morethan~n`: the
    /// catalogue's `holds`), comma-separated, each of which must hold (Wagic's
    /// `parseCastRestrictions`). Wagic checks the restriction once, as the trigger
    /// fires, for the whole effect (`A && B` is one ability); with no stack, the runtime
    /// checks it as the effect begins: the same moment. A `may` or a target waits for the
    /// check (a guarded statement: none is asked when it fails), and the statements after
    /// `&&` run only when it held: checked again after the first statement, it could fail
    /// for them (Mogg Flunkies leaves combat: no creature attacks alone any more).
    pub(super) fn restricted(
        &self,
        restriction: Piece<'_>,
        statements: &'i [Statement<'i>],
    ) -> Result<&'i [Statement<'i>], Unsupported> {
        let construct = "trigger restriction other than `type(spec)~morethan|lessthan|equalto~n|type(spec)`, `lastturn(*|stack)~...~n`, `raid`, `morbid`, `myturnonly`, `opponentturnonly` or `compare(powertotalinplay)~morethan~n`, comma-separated";
        let parts = restriction.trim().split_top(",");
        if parts.len() > MAX_RESTRICTION_PARTS {
            return Err(Unsupported::new(restriction, construct));
        }
        let mut guard: Vec<Link<'i>> = Vec::with_capacity(parts.len());
        for part in parts {
            let part = part.trim();
            if let Some(test) = self.restriction_test(part) {
                // A test of the turn or the creatures: the catalogue's `holds` of it.
                let command = CommandIdx::new(catalogue::Command::Holds.index());
                let args = self.arena.alloc_slice_copy(&[Arg::Value(test)]);
                let operator = if guard.is_empty() { None } else { Some(ChainOperator::AndThen) };
                guard.push(Link { operator, effect: Effect::Call { command, confirm: false, args } });
                continue;
            }
            let [count_part, criterion, bound] = part.split_top("~")[..] else {
                return Err(Unsupported::new(part, construct));
            };
            if bound.trim().starts_with_word("type(") {
                // A count against a count (Wild Mammoth's creatures of either player): the
                // catalogue's `aslongas` of both.
                let operator = if guard.is_empty() { None } else { Some(ChainOperator::AndThen) };
                guard.push(Link { operator, effect: self.count_check(part, construct, false)? });
                continue;
            }
            let name = criterion.trim().text.to_ascii_lowercase();
            let bound: i32 = bound.trim().text.parse().map_err(|_| Unsupported::new(bound, construct))?;
            if !["morethan", "lessthan", "equalto"].contains(&name.as_str()) {
                return Err(Unsupported::new(criterion, construct));
            }
            let counted = if let Some(last_turn) = self.spells_cast_last_turn(count_part.trim(), &name, bound) {
                last_turn?
            } else {
                let Some((spec_piece, _)) = count_part.trim().call("type").filter(|(_, after)| after.text.is_empty())
                else {
                    return Err(Unsupported::new(count_part, construct));
                };
                self.counted_first(spec_piece, &name, bound, &[])?
            };
            for (index, link) in counted.iter().enumerate() {
                let joined = index == 0 && !guard.is_empty();
                let operator = if joined { Some(ChainOperator::AndThen) } else { link.operator };
                guard.push(Link { operator, ..*link });
            }
        }
        let guard: &'i [Link<'i>] = self.arena.alloc_slice_copy(&guard);
        let Some((first, rest)) = statements.split_first() else {
            return Err(Unsupported::new(restriction, "trigger restriction without an effect"));
        };
        if !rest.is_empty() {
            // `A && B`: the first statement's guard ends the entry when it fails.
            let may = match first.condition {
                None => None,
                Some(Condition::MayOrStop(question)) => Some(question),
                Some(_) => return Err(Unsupported::new(restriction, "trigger restriction with `&&` and a condition")),
            };
            let condition = Some(Condition::Guarded { guard, may, stops: true });
            let mut guarded = Vec::with_capacity(statements.len());
            guarded.push(Statement { condition, ..*first });
            guarded.extend_from_slice(rest);
            return Ok(self.arena.alloc_slice_copy(&guarded));
        }
        let statement = first;
        let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
        let may = match statement.condition {
            None => None,
            Some(Condition::May(question)) => Some(question),
            Some(_) => return Err(Unsupported::new(restriction, "trigger restriction with a condition")),
        };
        if may.is_none() && !chooses {
            let mut chain = guard.to_vec();
            chain.extend(
                statement.chain.iter().map(|link| Link { operator: Some(ChainOperator::AndThen), effect: link.effect }),
            );
            let chain = self.arena.alloc_slice_copy(&chain);
            return Ok(self.arena.alloc_slice_copy(&[Statement { chain, ..*statement }]));
        }
        // A `may` or a target is asked only once the restriction holds: the check guards them.
        let condition = Some(Condition::Guarded { guard, may, stops: false });
        Ok(self.arena.alloc_slice_copy(&[Statement { condition, ..*statement }]))
    }

    /// An activated ability's `restriction{type(spec)~morethan|lessthan|equalto~n,...}`
    /// (Wagic's `ActivatedAbility` restrictions, its `parseCastRestrictions` of the card's
    /// controller, checked as it could be activated): one cost a count (its filter's count
    /// is n), payable while the cards the spec matches number more than, fewer than or
    /// exactly n (Bloodline Keeper transforms while its controller has five Vampires).
    /// Besides counts: `raid` (its controller attacked with a creature this turn),
    /// `morbid` (a creature died this turn) and formidable's
    /// `compare(powertotalinplay)~morethan~n` (the creatures its controller controls have
    /// total power more than n), each a cost of the catalogue.
    pub(super) fn activation_restriction(&self, inside: Piece<'_>) -> Result<Vec<ActivationLimit<'i>>, Unsupported> {
        let construct = "activation restriction other than `type(spec)~morethan|lessthan|equalto~n`, `raid`, \
             `morbid` or `compare(powertotalinplay)~morethan~n`, comma-separated";
        let parts = inside.trim().split_top(",");
        if parts.len() > MAX_RESTRICTION_PARTS {
            return Err(Unsupported::new(inside, construct));
        }
        let mut limits = Vec::with_capacity(parts.len());
        for part in parts {
            let part = part.trim();
            if let Some(limit) = turn_restriction(part, construct)? {
                limits.push(limit);
                continue;
            }
            let [count_part, criterion, bound] = part.split_top("~")[..] else {
                return Err(Unsupported::new(part, construct));
            };
            let Some((spec_piece, _)) = count_part.trim().call("type").filter(|(_, after)| after.text.is_empty())
            else {
                return Err(Unsupported::new(count_part, construct));
            };
            let (cost, written) = match criterion.trim().text.to_ascii_lowercase().as_str() {
                "morethan" => ("restrictionmorethan", "restriction{type(...)~morethan~n}"),
                "lessthan" => ("restrictionlessthan", "restriction{type(...)~lessthan~n}"),
                "equalto" => ("restrictionequalto", "restriction{type(...)~equalto~n}"),
                _ => return Err(Unsupported::new(criterion, construct)),
            };
            let bound: u16 = bound.trim().text.parse().map_err(|_| Unsupported::new(bound, construct))?;
            let spec = spec::read(spec_piece)?;
            if !matches!(spec.count, spec::Count::One) {
                return Err(Unsupported::new(spec_piece, construct));
            }
            // The bound is the filter's count (`<n>`): a cost has a count or a filter.
            let counted = self.specs.filter(&spec, true)?;
            let filter =
                self.arena.alloc(compiler::ir::Filter { qty: Some(vm::bytecode::Qty::Exact(bound)), ..*counted });
            limits.push(ActivationLimit { cost, count: None, filter: Some(filter), written, span: part.span() });
        }
        Ok(limits)
    }

    /// The check of `lastturn(*|stack)~criterion~bound` (a werewolf's "if no spells were
    /// cast last turn"): the catalogue's `spellslastturn`. `None` for a count of another
    /// kind; refused for `lastturn` of another spec, or `thisturn(...)`.
    fn spells_cast_last_turn(
        &self,
        count_part: Piece<'_>,
        criterion: &str,
        bound: i32,
    ) -> Option<Result<&'i [Link<'i>], Unsupported>> {
        if let Some((_, after)) = count_part.call("thisturn")
            && after.text.is_empty()
        {
            return Some(Err(Unsupported::new(count_part, "trigger restriction `thisturn(...)`")));
        }
        let (spec_piece, after) = count_part.call("lastturn")?;
        let spec: String = spec_piece.text.chars().filter(|c| !c.is_whitespace()).collect();
        if !after.text.is_empty() || !spec.eq_ignore_ascii_case("*|stack") {
            return Some(Err(Unsupported::new(
                count_part,
                "trigger restriction `lastturn(...)` other than `lastturn(*|stack)`",
            )));
        }
        let command = CommandIdx::new(catalogue::Command::SpellsLastTurn.index());
        let word = catalogue::position(catalogue::CRITERIA, criterion).unwrap_or(0) as u16;
        let args = self
            .arena
            .alloc_slice_copy(&[Arg::Const(Const::Word { command, param: 0, word }), Arg::Value(Expr::Int(bound))]);
        Some(Ok(self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args } }])))
    }
}

/// An activation restriction on the turn or the controller's creatures (`raid`, `morbid`,
/// `compare(powertotalinplay)~morethan~n`) as its cost; `None` for another part.
fn turn_restriction<'i>(part: Piece<'_>, construct: &str) -> Result<Option<ActivationLimit<'i>>, Unsupported> {
    let words: String = part.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    let plain =
        |cost: &'static str, written: &'static str| Ok(Some(ActivationLimit::plain(cost, None, written, part.span())));
    match words.as_str() {
        "raid" => return plain("raid", "restriction{raid}"),
        "morbid" => return plain("morbid", "restriction{morbid}"),
        _ => {}
    }
    let total =
        ["compare(powertotalinplay)~", "compare(pwrtotalinplay)~"].iter().find_map(|start| words.strip_prefix(start));
    let Some(rest) = total else { return Ok(None) };
    // Wagic's `morethan` is strict (`firstAmount <= secondAmount` refuses).
    let Some(bound) = rest.strip_prefix("morethan~").and_then(|bound| bound.parse::<u32>().ok()) else {
        return Err(Unsupported::new(part, construct));
    };
    Ok(Some(ActivationLimit::plain(
        "powertotalmorethan",
        Some(bound),
        "restriction{compare(powertotalinplay)~...}",
        part.span(),
    )))
}

/// A card's trigger: its event, whether it has a restriction, its line, its statements.
pub(super) type Trigger<'p, 'i> = (EventIdx, bool, Piece<'p>, &'i [Statement<'i>]);

/// Wagic checks every restriction as the event fires, before any of the card's triggers
/// resolves; the runtime checks each as its effect begins, after the triggers before it
/// ran (Impending Disaster's first trigger destroys the lands its second one counts). So
/// the card's other triggers on the event must leave every zone as it was: damage or life
/// to a player (Skullcage's two).
pub(super) fn triggers_apart(triggers: &[Trigger<'_, '_>]) -> Result<(), Unsupported> {
    for (index, (event, restricted, line, _)) in triggers.iter().enumerate() {
        let others = triggers.iter().enumerate().filter(|(other, (on, ..))| *other != index && on == event);
        if *restricted && others.clone().any(|(_, (.., statements))| !statements.iter().all(moves_no_card)) {
            return Err(Unsupported::new(*line, "trigger restriction beside a trigger on its event that moves cards"));
        }
    }
    Ok(())
}

/// `limit:n` only on a card's one activated ability, and not beside a `turnlimited`
/// trigger: the runtime counts a card's activations, not each ability's.
pub(super) fn one_limited_activation(
    actions: &[Action<'_>],
    given_actions: &[Action<'_>],
    graveyard_actions: &[Action<'_>],
    turn_limited: Option<Piece<'_>>,
) -> Result<(), Unsupported> {
    let limit = CATALOGUE.costs.iter().position(|spec| spec.name == "limit").map(CostIdx::new);
    let limited = |action: &Action<'_>| action.costs.iter().any(|cost| Some(cost.cost) == limit);
    let activated = actions.len() + given_actions.len() + graveyard_actions.len();
    if activated > 1 && actions.iter().chain(given_actions).chain(graveyard_actions).any(limited) {
        let open = Piece::new("", 0);
        return Err(Unsupported::new(open, "`limit:n` on a card with several activated abilities"));
    }
    if let Some(line) = turn_limited
        && actions.iter().any(limited)
    {
        return Err(Unsupported::new(line, "`turnlimited` trigger on a card with `limit:n`"));
    }
    Ok(())
}
