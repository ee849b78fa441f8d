//! The play loop's side of `proliferate` (`builtins/proliferate.rs`): the greedy player's
//! answers and how an option of its question of a kind of counter reads.

use vm::runtime::{CardId, Execution, PlayerId, RequestKind, Value};

use super::Game;
use crate::builtins::proliferate::{KIND, kind_option};
use crate::catalogue::Command;
use crate::host::{CounterKind, WagicHost};

/// Whether a request is `proliferate`'s question `tag`.
pub(super) fn asks(kind: RequestKind, tag: u16) -> bool {
    matches!(kind, RequestKind::Command(command, asked) if command.index() == Command::Proliferate.index() && asked == tag)
}

/// Whether one more counter of `kind` harms the permanent's controller: a -1/-1 counter
/// (a negative power or toughness), or an age counter (cumulative upkeep grows with them).
fn harmful(kind: &CounterKind) -> bool {
    match kind {
        CounterKind::PowerToughness(power, toughness) => *power < 0 || *toughness < 0,
        CounterKind::Named(name) => &**name == "age",
    }
}

impl Game<'_> {
    /// The greedy player's answer to `proliferate`: of the permanents and players offered,
    /// its own permanents with a kind of counter that helps, the opponent's with one that
    /// harms, and the opponent with poison counters; of a permanent's kinds, one that helps
    /// it when it is `me`'s, one that harms it otherwise (the first when none does).
    pub(super) fn greedy_proliferate(&self, execution: &Execution, me: PlayerId) -> Vec<Value> {
        let board = &self.table.board;
        let mine = |card: CardId| board.get(card).is_some_and(|c| c.controller == me);
        let candidates = execution.candidates();
        if asks(execution.request().kind, KIND) {
            let options: Vec<(Value, CardId, usize)> = candidates
                .iter()
                .filter_map(|value| match value {
                    Value::List(list) => kind_option(execution.list(*list)).map(|(card, kind)| (*value, card, kind)),
                    _ => None,
                })
                .collect();
            let wanted = options.iter().find(|(_, card, kind)| {
                board.counter_kinds(*card).get(*kind).is_some_and(|kind| harmful(kind) != mine(*card))
            });
            return wanted.or(options.first()).map(|(value, _, _)| *value).into_iter().collect();
        }
        candidates
            .iter()
            .copied()
            .filter(|value| match *value {
                Value::Player(player) => player != me,
                Value::Card(card) => board.counter_kinds(card).iter().any(|kind| harmful(kind) != mine(card)),
                _ => false,
            })
            .collect()
    }

    /// How an option of `proliferate`'s question of a kind reads: `a +1/+1 counter on
    /// Spike Feeder`.
    pub(super) fn counter_kind_label(&self, option: &[Value]) -> Option<String> {
        let (card, kind) = kind_option(option)?;
        let kind = self.table.board.counter_kinds(card).into_iter().nth(kind)?;
        Some(format!("a {kind} counter on {}", self.name(card)))
    }
}
