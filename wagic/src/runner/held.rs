//! A move while a triggered or entering ability's question is held for the moves
//! ([`Table::held`]): Wagic's menu of the ability (`choice N`), then its target clicked.

use super::*;
use clicks::{choice_number, targets_named};

impl Run<'_> {
    /// A move while a triggered or entering ability waits ([`Table::held`]), as Wagic's
    /// menu of it asks: a `may` lists the ability then `Cancel` (`choice 0` does it,
    /// `choice 1` does not); a targeted one lists the ability alone (`choice 0`), then its
    /// target is clicked.
    pub(super) fn answer_held(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        let Some(execution) = self.table.held.as_ref() else { return Ok(()) };
        let request = execution.request();
        let source = execution.env().source;
        let unanswered = || {
            skip("a triggered or entering ability asks a question", format!("{}: {:?}", at(line, text), request.kind))
        };
        let answer = match request.kind {
            RequestKind::May if choice_number(text).is_none() && self.inert_source_click(source, text) => {
                // A click on the card whose `may` menu is open, with no ability of its own
                // to react: nothing reacts (Wagic's `MayAbility` waits for a menu entry),
                // and the menu stays open.
                return Ok(());
            }
            RequestKind::May => {
                let Some(may) = self.may_line(source) else {
                    // Wagic lists every `may` of a card triggered at once in one menu.
                    return Err(skip("a card with several `may` abilities (Wagic's one menu)", at(line, text)));
                };
                let yes = match choice_number(text).ok_or_else(unanswered)? {
                    0 => true,
                    1 => false,
                    _ => return Err(skip("a `choice` past the end of Wagic's menu", at(line, text))),
                };
                self.held_menu_chosen = true;
                let controller = execution.env().controller;
                let (named, counted) = match targets_named("", std::iter::once(may.as_str())) {
                    Some(named) => (named, None),
                    // Devour's `may target(<anyamount>other creature|mybattlefield)
                    // sacrifice`: its counted target, clicked as an ability's.
                    None => {
                        let spec = counted::spec_of("", std::iter::once(may.as_str()));
                        let plan =
                            spec.and_then(|spec| counted::read(&self.table.board, spec, source, controller, true));
                        let plan = plan.ok_or_else(|| skip("a target with a count (`<n>`)", at(line, text)))?;
                        (plan.owed(), Some(plan))
                    }
                };
                let named = if yes { named } else { 0 };
                let refusable = targeting::any_refused(&self.table.board, source, controller);
                self.held_chosen.clear();
                self.held_clicks = Clicks { named, answered: 0, menu: false, stacked: false, refusable, counted };
                Value::Bool(yes)
            }
            RequestKind::Command(command, _) if command.index() == crate::catalogue::Command::Pay.index() => {
                // Wagic's menu of a paid ability: the ability paid for, then `Cancel` (or the
                // effect done unless paid, `donothing?effect`). The mana is the pool's, then
                // the lands' the payment taps (Wagic's player clicks them: such a click
                // finds the land tapped and does nothing).
                let yes = match choice_number(text).ok_or_else(unanswered)? {
                    0 => true,
                    1 => false,
                    _ => return Err(skip("a `choice` past the end of Wagic's menu", at(line, text))),
                };
                self.held_menu_chosen = true;
                Value::Bool(yes)
            }
            RequestKind::Targets if self.held_clicks.counted.is_some() => {
                let Some(plan) = self.held_clicks.counted else { return Err(unanswered()) };
                let Some(chosen) = self.held_counted_click(source, plan, line, text)? else { return Ok(()) };
                self.held_clicks.answered = self.held_clicks.named;
                let again = self.table.try_answer_held(&chosen).map_err(|error| table_skip(error, line, text))?;
                self.held_menu_chosen &= again;
                if !again {
                    self.held_clicks = Clicks::default();
                }
                return Ok(());
            }
            RequestKind::Targets if request.max == 1 && !self.held_menu_chosen => {
                let controller = execution.env().controller;
                let candidates = execution.candidates();
                targeting::check_offered(&self.table.board, source, controller, candidates, line, text)?;
                return match choice_number(text).ok_or_else(unanswered)? {
                    0 => {
                        self.held_menu_chosen = true;
                        Ok(())
                    }
                    _ => Err(skip("a `choice` past the end of Wagic's menu", at(line, text))),
                };
            }
            RequestKind::Targets if request.max == 1 => {
                if choice_number(text).is_some() {
                    // Wagic waits for the target, with no menu open: `choice` does nothing.
                    return Ok(());
                }
                if matches!(text.split_whitespace().next(), Some("next" | "eot" | "goto")) {
                    return Err(skip("a phase change while a target is awaited", at(line, text)));
                }
                let target =
                    self.named(text).ok_or_else(|| skip("a move names no card on the board", at(line, text)))?;
                if targeting::refused(&self.table.board, source, execution.env().controller, target) {
                    // Wagic ignores the click: the target is still awaited.
                    return Ok(());
                }
                if !execution.candidates().contains(&target) {
                    // No legal target (a basic land's search skips a nonbasic one): Wagic's
                    // target chooser ignores the click.
                    return Ok(());
                }
                self.held_clicks.answered += 1;
                target
            }
            _ => return Err(unanswered()),
        };
        let again = self.table.try_answer_held(&[answer]).map_err(|error| table_skip(error, line, text))?;
        // A new auto's question opens a new menu; the same auto's next question does not.
        self.held_menu_chosen &= again;
        if !again {
            let owed = std::mem::take(&mut self.held_clicks);
            let clicks = owed.named.saturating_sub(owed.answered);
            if clicks > 0 {
                let taken = self.table.moved_since_answer.clone();
                if taken.is_empty() {
                    // No legal target (Wagic opens no menu), or one taken and not moved:
                    // the runner cannot tell which.
                    return Err(skip("a target the runtime took that the runner cannot tell", at(line, text)));
                }
                if owed.refusable {
                    return Err(targeting::taken_skip(line, text));
                }
                self.auto_owed = Some(AutoOwed { clicks, taken });
            }
        }
        Ok(())
    }

    /// A click while a held ability waits for its counted target, as Wagic's target
    /// chooser takes it (`counted.rs`): a legal target is added (taken back when clicked
    /// again), the source's card ends an `upto:` or `anyamount` choice holding one; the
    /// targets once the choice is complete, none while it goes on.
    fn held_counted_click(
        &mut self,
        source: CardId,
        plan: counted::Counted,
        line: u32,
        text: &str,
    ) -> Result<Option<Vec<Value>>, Skip> {
        if choice_number(text).is_some() {
            // Wagic waits for the targets, with no menu open: `choice` does nothing.
            return Ok(None);
        }
        if matches!(text.split_whitespace().next(), Some("next" | "eot" | "goto")) {
            return Err(skip("a phase change while a target is awaited", at(line, text)));
        }
        let target = self.named(text).ok_or_else(|| skip("a move names no card on the board", at(line, text)))?;
        let Some(execution) = self.table.held.as_ref() else { return Ok(None) };
        counted::check_request(&self.table.board, execution, plan, line, text)?;
        let controller = execution.env().controller;
        let done = if target == Value::Card(source) {
            !plan.exact && !self.held_chosen.is_empty()
        } else if targeting::refused(&self.table.board, source, controller, target) {
            false
        } else if let Some(at) = self.held_chosen.iter().position(|chosen| *chosen == target) {
            self.held_chosen.remove(at);
            false
        } else if !execution.candidates().contains(&target) {
            return Err(skip("a target the model does not offer", at(line, text)));
        } else {
            self.held_chosen.push(target);
            self.held_chosen.len() >= plan.expected()
        };
        Ok(done.then(|| std::mem::take(&mut self.held_chosen)))
    }
}
