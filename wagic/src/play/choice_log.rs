//! How the game's log shows the answers to a spell's or ability's questions (`p0 chooses
//! Grizzly Bears for Pacifism`, `p0 pays {1} for Crystal Rod`).

use vm::runtime::{Execution, RequestKind, Value};

use super::{Game, greedy, who};
use crate::catalogue::Command;

impl Game<'_> {
    /// Logs an answer (not a choice of action).
    pub(super) fn log_choice(&mut self, execution: &Execution, chosen: &[Value]) {
        let request = execution.request();
        let cost = request.question.and_then(|question| self.table.library().program.string(question));
        if let Some(cost) = cost.filter(|_| greedy::is_pay(request.kind)) {
            // The catalogue's `pay`: its question is the cost (the lands it taps are its own).
            let source = self.name(execution.env().source);
            let does = if chosen == [Value::Bool(true)] { "pays" } else { "does not pay" };
            self.event(format!("{} {does} {cost} for {source}", who(request.chooser)));
        } else if !matches!(request.kind, RequestKind::Action) {
            let asked = |asking: Command| matches!(request.kind, RequestKind::Command(command, _) if command.index() == asking.index());
            let (colour, kind) = (asked(Command::ChooseColor), asked(Command::ChooseType));
            let shown: Vec<String> = chosen
                .iter()
                .map(|value| {
                    let name = if colour {
                        crate::catalogue::colour_name(*value)
                    } else if kind {
                        crate::catalogue::creature_type_name(*value)
                    } else {
                        None
                    };
                    let counter_kind = match value {
                        Value::List(option) => self.counter_kind_label(execution.list(*option)),
                        _ => None,
                    };
                    counter_kind.or_else(|| name.map(str::to_string)).unwrap_or_else(|| self.shown(*value))
                })
                .collect();
            let chosen = if shown.is_empty() { "nothing".to_string() } else { shown.join(", ") };
            let source = self.name(execution.env().source);
            self.event(format!("{} chooses {chosen} for {source}", who(request.chooser)));
        }
    }

    /// A value of an answer as the log shows it: a card by name, a player as `p0`.
    pub(super) fn shown(&self, value: Value) -> String {
        match value {
            Value::Card(card) => self.name(card),
            Value::Player(player) => who(player).to_string(),
            Value::Bool(yes) => if yes { "yes" } else { "no" }.to_string(),
            // A mode of a card's `choice` lines, by its label.
            Value::Str(index) => self.table.library().program.string(index).unwrap_or_default().to_string(),
            other => format!("{other:?}"),
        }
    }
}
