//! Wagic's `choice` lines (`auto=choice name(label) effect`): a card's modes, "choose
//! one". Wagic's engine makes each such line a `MayAbility` that must be taken, and lists
//! every one of a card triggered at once in one menu without `Cancel` (`ActionLayer::
//! setMenuObject`): its controller picks one as the spell resolves or the permanent enters,
//! after the card's other lines, and the mode's targets are chosen then.
//!
//! A card's modes are lowered into one run of statements, after its other lines (an
//! instant's or sorcery's, in its one action; a permanent's, in one auto run as it
//! enters): first a `choiceoption(label, targets)` for each mode, offering it when its
//! first `target(...)` finds what it takes; then each mode's own statements, each guarded
//! by `chosen(label)`, whose first call asks the controller which mode offered they choose
//! (the labels are the options a seat reads: `name(...)`, else the line's effect).

use compiler::ir::{Arg, Condition, Effect, Expr, Link, Statement, Target};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Line, Lowering, Unsupported, starts_with_a_count};
use crate::catalogue::Command;

/// The most `choice` lines a card may have (Wagic's cards have at most 30): the labels
/// are made unique by comparing each with those before it.
pub const MAX_MODES: usize = 64;

/// One mode of a card's `choice` lines.
#[derive(Clone, Copy)]
pub(super) struct Mode<'i> {
    /// What the controller is offered (`name(...)`, else the effect's text), unique on its card.
    label: &'i str,
    /// The mode's statements.
    statements: &'i [Statement<'i>],
    /// The check under which it is offered (`aslongas(...)`, `if ... then`), if any.
    guard: Option<Link<'i>>,
}

/// The trigger of `value` (`@each my upkeep`, lower case) when its effect is a `choice`:
/// a card's two such lines on one trigger are Wagic's one menu of modes, which the front
/// end does not lower (each alone is its effect).
pub(super) fn choice_trigger(value: Piece<'_>) -> Option<String> {
    let value = value.trim();
    if !value.text.starts_with('@') {
        return None;
    }
    let colon = value.find_top(b':')?;
    after_choice(value.from(colon + 1))?;
    Some(value.slice(0, colon).trim().text.to_ascii_lowercase())
}

/// The mode after `choice ` at the start of `rest`, if it starts so.
fn after_choice(rest: Piece<'_>) -> Option<Piece<'_>> {
    let after = rest.trim().strip_prefix("choice")?;
    after.text.starts_with(|c: char| c.is_ascii_whitespace()).then(|| after.trim())
}

/// A `choice` line: the mode (`name(label) effect`) and what it is offered under.
#[derive(Clone, Copy)]
pub(super) struct ModeLine<'s> {
    /// `aslongas(spec)` written before `choice`: the mode is offered while the spec
    /// matches (Wagic's `AAsLongAs` around the mode), and its effect keeps the check.
    as_long_as: Option<Piece<'s>>,
    /// `if type(spec)~criterion~n then` written before `choice`: the mode is offered when
    /// the condition holds as the card resolves (Wagic's `IfThenAbility` adds it then).
    condition: Option<Piece<'s>>,
    /// `name(label) effect`.
    mode: Piece<'s>,
}

impl<'s> ModeLine<'s> {
    /// A mode written `name(label) effect` after `choice`, under no check: one of the
    /// modes of `ability$!choice ... _ choice ...!$ controller` (`given.rs`).
    pub(super) fn plain(mode: Piece<'s>) -> ModeLine<'s> {
        ModeLine { as_long_as: None, condition: None, mode }
    }
}

/// The `choice` line `value` is (`[aslongas(spec)|if condition then] choice name(label)
/// effect`), if it is one.
pub(super) fn mode_of(value: Piece<'_>) -> Option<ModeLine<'_>> {
    let value = value.trim();
    if let Some(mode) = after_choice(value) {
        return Some(ModeLine { as_long_as: None, condition: None, mode });
    }
    let first = *value.words().first()?;
    if let Some((_, after)) = first.call("aslongas")
        && after.text.is_empty()
    {
        let mode = after_choice(value.from(first.text.len()))?;
        return Some(ModeLine { as_long_as: Some(first), condition: None, mode });
    }
    let condition = value.strip_prefix("if ")?;
    let words = condition.words();
    let then = words.iter().position(|word| word.text.eq_ignore_ascii_case("then"))?;
    let (last, then_word) = (words.get(then.checked_sub(1)?)?, words.get(then)?);
    let mode = after_choice(value.from(then_word.start - value.start + then_word.text.len()))?;
    let condition = condition.slice(0, last.start - condition.start + last.text.len()).trim();
    Some(ModeLine { as_long_as: None, condition: Some(condition), mode })
}

impl<'i> Lowering<'i> {
    /// One mode of a card, from its `choice` line. `taken` are the card's modes before it:
    /// a label met again gets ` (2)`, ` (3)`...
    pub(super) fn choice_mode(&self, line: ModeLine<'_>, taken: &[Mode<'i>]) -> Result<Mode<'i>, Unsupported> {
        let (written, effect) = split_label(line.mode);
        if effect.text.is_empty() {
            return Err(Unsupported::new(effect, "`choice` without an effect")
                .with_help(Some("write the mode's effect after `choice name(...)`".into())));
        }
        let refused = |what: &str| Unsupported::new(effect, &format!("`choice` of {what}"));
        // `aslongas(spec) choice effect`: the effect lowered as `aslongas(spec) effect`
        // (its words keep their place; the `aslongas(...)` word is put just before them).
        let lowered = match line.as_long_as {
            Some(prefix) => {
                let text = self.arena.alloc_str(&format!("{} {}", prefix.text, effect.text));
                Piece::new(text, effect.start.saturating_sub(prefix.text.len() + 1))
            }
            None => effect,
        };
        let statements = match self.line(lowered)? {
            Line::Plain(statements)
            | Line::Once(statements)
            | Line::Lord { statements, .. }
            | Line::Continuous(statements)
                if self.spell =>
            {
                self.until_end_of_turn(statements)
            }
            Line::Plain(statements) if statements.iter().any(starts_with_a_count) => {
                // Wagic's `aslongas` without `oneshot` on a permanent offers it again each
                // time its spec comes to match: a state trigger.
                return Err(refused("an `aslongas(...)` effect on a permanent without `oneshot`"));
            }
            Line::Plain(statements) | Line::Once(statements) => statements,
            Line::Lord { .. } | Line::Continuous(_) => {
                return Err(refused("a lasting effect on a permanent (`lord(...)`, `aslongas(...)`, `foreach(...)`)"));
            }
            Line::Activated { .. } => return Err(refused("an activated ability")),
            Line::Triggered { .. } => return Err(refused("a trigger")),
        };
        let guard = match (line.as_long_as, line.condition) {
            (Some(_), _) => match statements.first() {
                Some(first) if starts_with_a_count(first) => first.chain.first().copied(),
                _ => return Err(refused("an `aslongas(...)` effect other than a one-shot one")),
            },
            (None, Some(condition)) => Some(self.mode_condition(condition)?),
            (None, None) => None,
        };
        let label = unique_label(written.trim(), |label| taken.iter().any(|mode| mode.label == label));
        Ok(Mode { label: self.arena.alloc_str(&label), statements, guard })
    }

    /// The check of `if type(spec)~morethan|lessthan|equalto~n then choice ...`: the
    /// catalogue's `aslongas` on the spec's cards, which holds when the condition does;
    /// of a count against a count (`~type(spec)`, Knight of the White Orchid's lands), the
    /// `aslongas` of both; of a test of the source or of the turn (`if morbid then choice`,
    /// [`Self::source_test`]), the catalogue's `holds` of it.
    fn mode_condition(&self, condition: Piece<'_>) -> Result<Link<'i>, Unsupported> {
        let construct = "`if ... then choice` other than `if type(spec)~morethan|lessthan|equalto~n|type(spec) then choice` or a test of the source or of the turn (`morbid`, `raid`, `paid(...)`...)";
        if let Some(test) = self.source_test(condition) {
            let command = CommandIdx::new(Command::Holds.index());
            let args = self.arena.alloc_slice_copy(&[Arg::Value(test)]);
            return Ok(Link { operator: None, effect: Effect::Call { command, confirm: false, args } });
        }
        let parts = condition.split_top("~");
        let [count_part, criterion, bound] = parts.as_slice() else {
            return Err(Unsupported::new(condition, construct));
        };
        if bound.trim().starts_with_word("type(") {
            return Ok(Link { operator: None, effect: self.count_check(condition, construct, false)? });
        }
        let Some((spec_piece, _)) = count_part.trim().call("type").filter(|(_, after)| after.text.trim().is_empty())
        else {
            return Err(Unsupported::new(*count_part, construct));
        };
        let criterion = criterion.trim().text.to_ascii_lowercase();
        if !["morethan", "lessthan", "equalto"].contains(&criterion.as_str()) {
            return Err(Unsupported::new(condition, construct));
        }
        let count = bound.trim().text.parse::<i32>().map_err(|_| Unsupported::new(*bound, construct))?;
        let check = self.counted_first(spec_piece, &criterion, count, &[])?;
        check.first().copied().ok_or_else(|| Unsupported::new(condition, construct))
    }

    /// `condition` with `test` checked first (the statement runs only when it holds), or
    /// `None` for a condition that cannot take it: one that ends the entry when it fails
    /// (`pay(cost) A && B`, `may ... && ...`), or an `if`.
    pub(super) fn guard_condition(&self, test: Link<'i>, condition: Option<Condition<'i>>) -> Option<Condition<'i>> {
        match condition {
            None => Some(Condition::Guarded { guard: self.arena.alloc_slice_copy(&[test]), may: None, stops: false }),
            Some(Condition::May(question)) => Some(Condition::Guarded {
                guard: self.arena.alloc_slice_copy(&[test]),
                may: Some(question),
                stops: false,
            }),
            Some(Condition::Guarded { guard, may, stops: false }) => {
                let mut links = vec![test];
                for (index, link) in guard.iter().enumerate() {
                    let operator = if index == 0 { Some(compiler::ir::ChainOperator::AndThen) } else { link.operator };
                    links.push(Link { operator, effect: link.effect });
                }
                Some(Condition::Guarded { guard: self.arena.alloc_slice_copy(&links), may, stops: false })
            }
            Some(Condition::If(_) | Condition::MayOrStop(_) | Condition::Guarded { stops: true, .. }) => None,
        }
    }

    /// The statements of a card's modes: each offered, then each guarded by whether it
    /// was chosen (the first guard asks).
    pub(super) fn modal(&self, modes: &[Mode<'i>], at: Piece<'_>) -> Result<&'i [Statement<'i>], Unsupported> {
        if modes.len() > MAX_MODES {
            return Err(Unsupported::new(at, &format!("more than {MAX_MODES} `choice` lines")));
        }
        let offer = CommandIdx::new(Command::ChoiceOption.index());
        let chosen = CommandIdx::new(Command::Chosen.index());
        let mut statements = Vec::new();
        for mode in modes {
            let label = Arg::Value(Expr::Str(mode.label));
            let targets = mode.statements.iter().find_map(|statement| match statement.target {
                Some(Target::Filter { filter, .. }) if filter.qty.is_some() => Some(Arg::Filter(filter)),
                _ => None,
            });
            let args = self.arena.alloc_slice_copy(&[Some(label), targets].into_iter().flatten().collect::<Vec<_>>());
            let span = mode.statements.first().map_or(at.span(), |statement| statement.span);
            let condition = mode.guard.map(|guard| Condition::Guarded {
                guard: self.arena.alloc_slice_copy(&[Link { operator: None, ..guard }]),
                may: None,
                stops: false,
            });
            statements.push(Statement {
                condition,
                target: None,
                restriction: None,
                chain: self.arena.alloc_slice_copy(&[Link {
                    operator: None,
                    effect: Effect::Call { command: offer, confirm: false, args },
                }]),
                otherwise: None,
                span,
            });
        }
        for mode in modes {
            let args = self.arena.alloc_slice_copy(&[Arg::Value(Expr::Str(mode.label))]);
            let test = Link { operator: None, effect: Effect::Call { command: chosen, confirm: false, args } };
            for statement in mode.statements {
                // A guard that ends the entry (`pay(cost) A && B`) would end the modes after
                // this one when this one is not chosen.
                let condition = self.guard_condition(test, statement.condition).ok_or_else(|| Unsupported {
                    span: statement.span,
                    construct: "`choice` of an effect with a condition, `may ... && ...` or `pay(cost) ... && ...`"
                        .into(),
                    help: None,
                })?;
                statements.push(Statement { condition: Some(condition), ..*statement });
            }
        }
        Ok(self.arena.alloc_slice_copy(&statements))
    }
}

/// `written`, or with ` (2)`, ` (3)`... when a mode before has it (`taken`): each option
/// of the question reads apart, and the guard of each mode tests its own.
fn unique_label(written: &str, taken: impl Fn(&str) -> bool) -> String {
    let written = if written.is_empty() { "mode" } else { written };
    let mut label = written.to_string();
    let mut count = 1;
    while taken(&label) {
        count += 1;
        label = format!("{written} ({count})");
    }
    label
}

/// Whether an `auto=` line is one of a card's modes (`choice name(label) effect`, maybe
/// under `aslongas(spec)` or `if ... then`).
pub fn is_mode_line(line: &str) -> bool {
    mode_of(Piece::new(line, 0)).is_some()
}

/// The modes of a card's `auto=` lines (`lines`, in order), as the front end labels them:
/// each `choice` line's label (the option a player is offered) and its effect after the
/// label, which a player reads to choose.
pub fn mode_labels<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<(String, &'a str)> {
    let mut modes: Vec<(String, &str)> = Vec::new();
    for line in lines {
        let Some(mode) = mode_of(Piece::new(line, 0)) else { continue };
        if modes.len() >= MAX_MODES {
            break;
        }
        let (written, effect) = split_label(mode.mode);
        let label = unique_label(written.trim(), |label| modes.iter().any(|(taken, _)| taken == label));
        modes.push((label, effect.text));
    }
    modes
}

/// A mode's label as written (`name(...)`, else the effect's text) and its effect.
fn split_label(effect: Piece<'_>) -> (&str, Piece<'_>) {
    match effect.call("name") {
        Some((name, after)) if after.text.is_empty() || after.text.starts_with(char::is_whitespace) => {
            (name.trim().text, after.trim())
        }
        _ => (effect.text, effect),
    }
}
