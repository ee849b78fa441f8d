//! A spell's or ability's targets as the moves answer them, where it stands after each
//! answer (waiting for more, done, or on Wagic's stack), and what a resolved spell leaves:
//! an Aura attached to its permanent, a permanent on the battlefield, an instant or
//! sorcery in its owner's graveyard.

use super::*;
use clicks::targets_named;

impl Run<'_> {
    /// A move while a spell or ability waits for a target: the target.
    pub(super) fn answer(&mut self, mut waiting: Pending, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let request = waiting.execution.request();
        // A discard or a sacrifice its player chooses is clicked as a target is (Wagic's
        // target chooser of `target(*|myhand) reject`, `notatarget(creature|mybattlefield)
        // sacrifice`, given to that player).
        let clicked =
            matches!(request.kind, RequestKind::Command(command, _) if crate::catalogue::asks_its_player(command));
        if !clicked && !matches!(request.kind, RequestKind::Targets | RequestKind::Cost(_)) {
            return Err(skip("a question the moves cannot answer", format!("{:?}", request.kind)));
        }
        if let Some(plan) = waiting.clicks.counted.filter(|_| request.kind == RequestKind::Targets) {
            return self.answer_counted(waiting, plan, line, text);
        }
        if request.max != 1 {
            return Err(skip("several targets at once", at(line, text)));
        }
        let Some(target) = self.named(text) else {
            return Err(skip("a move names no card on the board", at(line, text)));
        };
        let env = waiting.execution.env();
        if request.kind == RequestKind::Targets
            && targeting::refused(&self.table.board, env.source, env.controller, target)
        {
            // Wagic's target chooser ignores the click: the target is still awaited.
            return Ok(Some(waiting));
        }
        waiting.clicks.refusable |= targeting::any_refused(&self.table.board, env.source, env.controller);
        if let (Value::Player(player), Some(spell)) = (target, waiting.spell)
            && request.kind == RequestKind::Targets
            && waiting.clicks.answered == 0
            && !waiting.execution.candidates().contains(&target)
            && self.table.board.get(spell).is_some_and(|c| c.printed.target.trim().eq_ignore_ascii_case("opponent"))
            && player != waiting.execution.env().controller
        {
            // The spell's `target=opponent`, which the runtime took without asking, clicked
            // as Wagic waits for it; its lines' question (Coercion's card of that
            // player's hand) is the next move's.
            waiting.clicks.answered += 1;
            return Ok(Some(waiting));
        }
        if !waiting.execution.candidates().contains(&target) {
            // A permanent its spec does not match: Wagic's `toggleTarget` ignores the click
            // (Aysen Bureaucrats' test clicks a creature with power 3 first).
            let permanent = matches!(target, Value::Card(card) if self.table.board.get(card).is_some_and(|c| c.zone == BATTLEFIELD));
            if request.kind == RequestKind::Targets && permanent {
                return Ok(Some(waiting));
            }
            return Err(skip("a target the model does not offer", at(line, text)));
        }
        waiting.clicks.answered += 1;
        if let Some(card) = waiting.spell
            && waiting.clicks.named == 1
            && request.kind == RequestKind::Targets
        {
            // Its one target chosen, the spell waits on the stack: its effect runs as it
            // resolves.
            self.owed_clicks = 0;
            self.owed_menu = false;
            let at = target.as_card().and_then(|target| self.place_of(target));
            let resolution = Resolution::Targeted { execution: waiting.execution, targets: vec![(target, at)] };
            self.stack.push(Entry::Spell(card, resolution), line, text)?;
            self.note_targets(card, &[target], line, text)?;
            return Ok(None);
        }
        if waiting.spell.is_none() && request.kind == RequestKind::Targets {
            // An ability's target, chosen as it is activated.
            let source = waiting.execution.env().source;
            self.table.note_targets(source, &[target]);
        }
        let step = self.table.resume(waiting.execution, &[target]).map_err(|error| table_skip(error, line, text))?;
        self.after(step, waiting.spell, waiting.clicks, line, text)
    }

    /// `choice N` on Wagic's menu of a spell's `may` lines (Fury Charm's modes, Twitch's
    /// tap or untap): Wagic lists each, then `Cancel`; the entry chosen is done, the others
    /// are not (the runtime asks each `may` in turn: yes for the chosen one alone). Its
    /// other lines, which must ask nothing, run whatever is chosen.
    pub(super) fn choose_mode(&mut self, waiting: Pending, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(chosen) = choice_number(text) else {
            return Err(skip("a move other than `choice` while Wagic's menu is open", at(line, text)));
        };
        let source = waiting.execution.env().source;
        let autos: Vec<String> = self
            .table
            .board
            .get(source)
            .map(|c| c.printed.autos.iter().map(|auto| auto.trim_start().to_ascii_lowercase()).collect())
            .unwrap_or_default();
        let (mays, others): (Vec<&String>, Vec<&String>) = autos.iter().partition(|auto| auto.starts_with("may "));
        // The other lines run whatever is chosen: they may ask nothing.
        let asks =
            |auto: &&String| auto.contains("may ") || targets_named("", std::iter::once(auto.as_str())) != Some(0);
        if others.iter().any(asks) || waiting.spell.is_none() {
            return Err(skip("a `may` of a spell beside other lines (Wagic's menu of it)", at(line, text)));
        }
        if chosen > mays.len() {
            return Err(skip("a `choice` past the end of Wagic's menu", at(line, text)));
        }
        let named = match mays.get(chosen) {
            Some(auto) => targets_named("", std::iter::once(auto.as_str()))
                .ok_or_else(|| skip("a target with a count (`<n>`)", at(line, text)))?,
            None => 0,
        };
        self.mode = Some(Mode { chosen, next: 0 });
        let clicks = Clicks { named, menu: false, ..waiting.clicks };
        self.after(Step::Asks(waiting.execution), waiting.spell, clicks, line, text)
    }

    /// Where a spell or ability stands after a start or an answer.
    pub(super) fn after(
        &mut self,
        mut step: Step,
        spell: Option<CardId>,
        clicks: Clicks,
        line: u32,
        text: &str,
    ) -> Result<Option<Pending>, Skip> {
        // A spell with `autohand` abilities beside its effect asks which action once its
        // targets are chosen: its effect, the first.
        step = match step {
            Step::Asks(execution) if spell.is_some() && execution.request().kind == RequestKind::Action => {
                self.table.resume(execution, &[Value::Int(0)]).map_err(|error| table_skip(error, line, text))?
            }
            step => step,
        };
        // A spell's modes (`choose_mode`): each `may` the runtime asks is answered.
        for _ in 0..MAX_MOVES {
            let Some(mode) = self.mode.as_mut() else { break };
            match step {
                Step::Asks(execution) if execution.request().kind == RequestKind::May => {
                    let yes = mode.next == mode.chosen;
                    mode.next += 1;
                    step = self
                        .table
                        .resume(execution, &[Value::Bool(yes)])
                        .map_err(|error| table_skip(error, line, text))?;
                }
                Step::Asks(_) => break,
                _ => {
                    self.mode = None;
                    break;
                }
            }
        }
        match step {
            Step::Asks(execution) if matches!(execution.request().kind, RequestKind::Command(command, _) if command.index() == crate::catalogue::Command::Chosen.index()) =>
            {
                // Wagic lists every mode, one without a target to take too, where the
                // table offers those it can take: `choice N` would not pick the same.
                self.table.runtime.cancel(execution);
                Err(skip("a card's `choice` modes (Wagic's menu of them is not played by the runner)", at(line, text)))
            }
            Step::Asks(execution) => {
                if execution.request().kind == RequestKind::Targets {
                    let env = execution.env();
                    let board = &self.table.board;
                    targeting::check_offered(board, env.source, env.controller, execution.candidates(), line, text)?;
                    if let Some(plan) = clicks.counted {
                        counted::check_request(board, &execution, plan, line, text)?;
                    }
                }
                Ok(Some(Pending { execution, spell, clicks, chosen: Vec::new() }))
            }
            Step::Done(false) | Step::Unpaid => {
                Err(skip("a spell or ability the model does not complete", at(line, text)))
            }
            Step::Done(true) => {
                self.owed_clicks = clicks.named.saturating_sub(clicks.answered);
                if self.owed_clicks > 0 && clicks.counted.is_some_and(|plan| !plan.exact && !plan.ability) {
                    // Wagic's chooser of such a spell waits for its card or `next` besides.
                    return Err(skip("an `upto:` or `anyamount` target the runtime took alone", at(line, text)));
                }
                if self.owed_clicks > 0 && clicks.refusable {
                    return Err(targeting::taken_skip(line, text));
                }
                self.owed_menu = clicks.menu && self.owed_clicks > 0;
                if let Some(card) = spell {
                    self.resolve_spell(card);
                }
                self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
                if spell.is_some() || clicks.stacked {
                    // Resolved as it was put on the stack: nothing may go above it.
                    self.stack.push(Entry::Resolved(text.to_string()), line, text)?;
                }
                Ok(None)
            }
        }
    }

    /// The move naming the permanent the Aura on the stack enchants: the Aura resolves,
    /// entering attached to it (its entering `enchant` answered with the permanent; the
    /// runtime takes the only legal one without asking). Skipped when it is not what the
    /// Aura ends up attached to (a permanent its `target=` does not match).
    pub(super) fn enchant(&mut self, aura: CardId, target: Value, line: u32, text: &str) -> Result<(), Skip> {
        let Value::Card(target) = target else {
            return Err(skip("a move names no permanent for an Aura", at(line, text)));
        };
        let controller = self.table.board.get(aura).map_or(P0, |c| c.controller);
        if targeting::refused(&self.table.board, aura, controller, Value::Card(target)) {
            // Chosen as it was cast (a refused click was ignored then), the permanent gained
            // shroud or protection while the Aura waited on the stack: not modelled.
            return Err(skip("an Aura whose permanent Wagic refuses as it resolves", at(line, text)));
        }
        self.table.answers = vec![vec![Value::Card(target)]];
        self.resolve_spell(aura);
        let settled = self.table.try_settle();
        self.table.answers.clear();
        settled.map_err(|error| match error {
            crate::table::TableError::IllegalAnswer(_) => skip("a target the model does not offer", at(line, text)),
            error => table_skip(error, line, text),
        })?;
        if crate::host::WagicHost::attached(&self.table.board, aura) != Some(target) {
            return Err(skip("a target the model does not offer", at(line, text)));
        }
        Ok(())
    }

    /// A resolved spell leaves the stack: a permanent to its owner's battlefield, an
    /// instant or sorcery to the graveyard, unless it moved itself off the stack.
    pub(super) fn resolve_spell(&mut self, card: CardId) {
        let Some(c) = self.table.board.get(card) else { return };
        if c.zone != STACK {
            // The spell moved itself as it resolved (Beacon of Creation's `moveto(mylibrary)`):
            // Wagic leaves it there.
            return;
        }
        let owner = c.owner;
        if is_type(&c.printed.types, "instant") || is_type(&c.printed.types, "sorcery") {
            let zone = self.table.board.resolved_zone(card);
            self.table.board.place(card, owner, zone, -1);
        } else {
            self.table.board.place(card, owner, BATTLEFIELD, -1);
            self.entered.insert(card);
        }
    }
}
