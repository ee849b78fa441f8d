//! What a click does in a Wagic test: a card played from hand (its cast: `cast.rs`), a permanent used, Wagic's
//! menus (`choice N`); the questions held for the moves to answer are `held.rs`'s, the
//! clicks of face-down cards `morph.rs`'s.

use super::cast::Payment;
use super::*;

impl Run<'_> {
    /// A move with nothing waiting: a word of Wagic's test suite, or a card clicked.
    pub(super) fn click(&mut self, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(value) = self.named(text) else {
            // Wagic's driver finds no card (`getCard` is null) and clicks nothing; a
            // failed test says so, the likely cause.
            if self.ignored_clicks.len() < MAX_NOTES {
                self.ignored_clicks
                    .push(format!("line {line}: `{text}` names no card on the board: it clicked nothing"));
            }
            return Ok(None);
        };
        let Value::Card(card) = value else {
            if !self.opponent_chosen(value) && self.ignored_clicks.len() < MAX_NOTES {
                // Wagic's `cardClick` of a player: nothing waits for a target, nothing
                // reacts (Conservator's `prevent:2 controller` takes no target).
                self.ignored_clicks
                    .push(format!("line {line}: `{text}` clicks a player with nothing waiting: it did nothing"));
            }
            return Ok(None);
        };
        let Some(c) = self.table.board.get(card) else {
            return Err(skip("a move names no card on the board", at(line, text)));
        };
        if self.combat_wait == CombatWait::Order {
            // Wagic's order step takes any click as a blocker's move up its damage order.
            return self.raise_in_order(card, line, text).map(|()| None);
        }
        // The acting player (Wagic's `currentlyActing`): the defending one in the blockers
        // step, the active one otherwise. Its cards, spells and abilities alone react.
        let blockers_step = self.phase == Phase::CombatBlockers;
        let acting = self.acting();
        match c.zone {
            zone if zone == BATTLEFIELD
                && blockers_step
                && c.controller == acting
                && is_type(&c.printed.types, "creature") =>
            {
                self.click_blocker(card, line, text)
            }
            zone if zone == HAND && c.owner == acting => self.play_from_hand(card, line, text),
            zone if zone == BATTLEFIELD && c.controller == acting => self.use_permanent(card, line, text),
            // A card of the other player: no rule and none of its abilities takes the click
            // (each wants the acting player's card), so it does nothing.
            zone if zone == HAND || zone == BATTLEFIELD => Ok(None),
            // Wagic's `MTGFlashBackRule` reacts when the card can be cast for its flashback
            // cost now; else nothing does.
            zone if zone == GRAVEYARD && c.owner == acting && !c.printed.graveyard_lines.is_empty() => {
                self.use_from_graveyard(card, line, text)
            }
            zone if zone == GRAVEYARD && c.owner == acting && !c.printed.flashback.is_empty() => {
                if self.can_cast(card, Payment::Flashback) {
                    self.cast(card, Payment::Flashback, line, text)
                } else {
                    Ok(None)
                }
            }
            // In a graveyard or exile: besides flashback and activated `autograveyard`
            // abilities, what Wagic plays from there needs a key the front end does not
            // compile (`retrace=`) or an ability the runner does not model
            // (`canplayfromgraveyard`...), so for a card that compiled nothing reacts: the
            // click does nothing.
            zone if zone == GRAVEYARD || zone == EXILE => Ok(None),
            _ => Err(skip("a click on a card outside hand and battlefield", at(line, text))),
        }
    }

    /// A click on a card in its owner's graveyard with activated `autograveyard` abilities:
    /// as Wagic's `ActionLayer` lists them, those whose costs can be paid react, one done
    /// at once, several opening Wagic's menu; none does nothing.
    fn use_from_graveyard(&mut self, card: CardId, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        if !c.printed.flashback.is_empty() {
            return Err(skip(
                "a card with flashback and an `autograveyard` ability (Wagic's menu order)",
                at(line, text),
            ));
        }
        let owner = c.owner;
        let rules = self.table.rules(card).map_err(|error| table_skip(error, line, text))?;
        let actions = self.table.library().program.cards()[rules.index()].actions.len();
        let graveyard_actions = c.printed.action_ranges(actions).graveyard;
        let payable = self.table.try_payable_actions(card, owner).map_err(|error| table_skip(error, line, text))?;
        let entries =
            payable.into_iter().filter(|index| graveyard_actions.contains(index)).map(Entry::Action).collect();
        self.offer(card, entries, line, text)
    }

    pub(super) fn play_from_hand(&mut self, card: CardId, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        let (hand_lines, owner) = (c.printed.hand_lines.len(), c.owner);
        let kicker = !c.printed.kicker.is_empty();
        let other = c.printed.has_alternative();
        let morph = !c.printed.face_down_cost.is_empty();
        let buyback = !c.printed.buyback.is_empty();
        if let Some((_, cost)) = &c.printed.suspend
            && costs::read_cost(&cost.to_ascii_lowercase()).is_none_or(|(cost, hybrids)| {
                let mut pool = self.table.board.players[usize::from(owner.0 != 0)].mana;
                costs::pay_with_hybrids(&mut pool, &cost, &hybrids)
            })
        {
            // Wagic's suspend rule (`MTGSuspendRule`) reacts: the card exiled with time
            // counters, which the runner's phases do not remove.
            return Err(skip("a card with suspend its pool pays (suspend is played in games only)", at(line, text)));
        }
        if hand_lines == 0 && !kicker && !other && !morph && !buyback {
            return self.cast(card, Payment::Normal, line, text);
        }
        if is_type(&c.printed.types, "land") {
            return Err(skip(
                "a land with an `autohand` ability, a kicker or an alternative cost (Wagic's menu order)",
                at(line, text),
            ));
        }
        // Wagic's `ActionLayer` lists what reacts to the click: the cast rule (loaded
        // first) when the spell can be cast and paid, the kicker rule (`MTGKickerRule`,
        // loaded next) when the kicker can be paid too, the alternative cost rule
        // (`MTGAlternativeCostRule`, loaded next) when that cost can be paid, the buyback
        // rule (`MTGBuyBackRule`, loaded next) when its cost can be paid, the morph rule
        // (`MTGMorphCostRule`, loaded later) when the face-down cost can be paid, then the
        // card's `autohand` abilities whose costs can be paid. One is done at once, several
        // open Wagic's menu.
        let rules = self.table.rules(card).map_err(|error| table_skip(error, line, text))?;
        let actions = self.table.library().program.cards()[rules.index()].actions.len();
        let hand_actions = c.printed.action_ranges(actions).hand;
        let mut entries = Vec::new();
        if self.can_cast(card, Payment::Normal) {
            entries.push(Entry::Cast);
        }
        if kicker && self.can_cast(card, Payment::Kicked) {
            entries.push(Entry::CastKicked);
        }
        if other && self.can_cast(card, Payment::Alternative) {
            entries.push(Entry::CastAlternative);
        }
        if buyback && self.can_cast(card, Payment::Buyback) {
            entries.push(Entry::CastBuyback);
        }
        if morph && self.can_cast(card, Payment::FaceDown) {
            entries.push(Entry::CastFaceDown);
        }
        let payable = self.table.try_payable_actions(card, owner).map_err(|error| table_skip(error, line, text))?;
        entries.extend(payable.into_iter().filter(|index| hand_actions.contains(index)).map(Entry::Action));
        if entries.is_empty() {
            // Nothing reacts: the cast's own checks say why.
            return self.cast(card, Payment::Normal, line, text);
        }
        self.offer(card, entries, line, text)
    }

    /// A click on a permanent of the active player: what reacts to it, as Wagic's
    /// `ActionLayer` lists it (the attack rule, a land type's mana ability, the card's
    /// abilities whose costs can be paid): one is done at once, several open Wagic's menu
    /// for the next move (`choice N`), none does nothing.
    pub(super) fn use_permanent(&mut self, card: CardId, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        if c.face_down.is_some() {
            return self.use_face_down(card, line, text);
        }
        let (tapped, controller, attacking) = (c.tapped, c.controller, c.attacking);
        // A permanent's types as they are now (`transforms` may add some).
        let types: Vec<String> = self.table.board.types(card).into_iter().map(str::to_owned).collect();
        let rules = self.table.rules(card).map_err(|error| table_skip(error, line, text))?;
        // The `autohand` and graveyard abilities (the last actions) are not a permanent's.
        let all_actions = self.table.library().program.cards()[rules.index()].actions.len();
        let actions = self.table.board.get(card).map_or(0, |c| c.printed.action_ranges(all_actions).own.len());
        let creature = is_type(&types, "creature");
        // A land of a basic land type has its type's mana ability (Wagic's rules file
        // grants them in this order: Plains, Island, Swamp, Mountain, Forest).
        let colours: Vec<usize> = if is_type(&types, "land") {
            LAND_TYPES.iter().enumerate().filter(|(_, land)| is_type(&types, land)).map(|(colour, _)| colour).collect()
        } else {
            Vec::new()
        };
        let attack_step = creature && self.phase == Phase::CombatAttackers;
        let haste = self.table.board.has_ability(card, "haste");
        // Summoning sickness forbids a cost with `{T}` (or `{Q}`): Bottle Gnomes' `{S}:life:3`
        // is activated the turn it is stolen.
        let taps = self.table.board.get(card).is_some_and(|c| {
            c.printed.autos.iter().any(|auto| {
                let auto = auto.trim_start().to_ascii_lowercase();
                auto.starts_with('{')
                    && auto.split(':').next().is_some_and(|cost| cost.contains("{t}") || cost.contains("{q}"))
            })
        });
        let given = self.given_entries(card, controller, line, text)?;
        let mut entries = Vec::new();
        if attack_step && (attacking || self.can_attack(card)) {
            // Wagic's attack rule comes before any card's ability (the rules are loaded first).
            entries.push(Entry::Attack);
        }
        // A land that is a creature too (Living Lands' Forests) taps for mana only once it
        // is no longer summoning sick.
        let sick = creature && self.entered.contains(&card) && !haste;
        if !tapped && actions == 0 && !sick {
            entries.extend(colours.iter().map(|&colour| Entry::Mana(colour)));
        }
        if actions > 0 {
            if creature && self.entered.contains(&card) && !haste && taps {
                // Wagic offers no `{T}` ability of such a creature: its menu would differ.
                return Err(skip("a creature that entered this turn acts (summoning sickness)", at(line, text)));
            }
            let payable =
                self.table.try_payable_actions(card, controller).map_err(|error| table_skip(error, line, text))?;
            if !payable.is_empty() && !tapped && !colours.is_empty() {
                return Err(skip(
                    "a land with abilities besides its land types' mana (Wagic's menu order)",
                    at(line, text),
                ));
            }
            entries.extend(payable.into_iter().filter(|&index| index < actions).map(Entry::Action));
        }
        // Wagic's lords add theirs to the game after the card's own (and after the rules
        // file's lords of the basic land types' mana).
        entries.extend(given);
        // With no entry nothing reacts (not the attack rule: the creature cannot attack;
        // not a tapped land's mana ability; Wagic offers no ability whose cost cannot be
        // paid), and Wagic's click untaps no tapped permanent (bar one whose `doesnotuntap`
        // ended since its untap step): the click does nothing.
        self.offer(card, entries, line, text)
    }

    /// A move while Wagic's menu is open: `choice N` picks its entry `N` (from 0), the one
    /// past the last is `Cancel`.
    pub(super) fn choose(&mut self, menu: Menu, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(chosen) = choice_number(text) else {
            return Err(skip("a move other than `choice` while Wagic's menu is open", at(line, text)));
        };
        match menu.entries.get(chosen) {
            Some(entry) => self.do_entry(menu.card, *entry, line, text),
            None if chosen == menu.entries.len() => Ok(None),
            None => Err(skip("a `choice` past the end of Wagic's menu", at(line, text))),
        }
    }

    /// What a click on `card` offers: nothing happens with no entry, the one entry is done,
    /// several open Wagic's menu (the next `choice N` picks one).
    pub(super) fn offer(
        &mut self,
        card: CardId,
        entries: Vec<Entry>,
        line: u32,
        text: &str,
    ) -> Result<Option<Pending>, Skip> {
        match entries.as_slice() {
            [] => Ok(None),
            [entry] => {
                self.done_at_once = Some(*entry);
                self.do_entry(card, *entry, line, text)
            }
            _ => {
                self.menu = Some(Menu { card, entries });
                Ok(None)
            }
        }
    }

    /// Does what a permanent's click (or its menu's entry) chose.
    pub(super) fn do_entry(
        &mut self,
        card: CardId,
        entry: Entry,
        line: u32,
        text: &str,
    ) -> Result<Option<Pending>, Skip> {
        match entry {
            Entry::Attack => self.declare_attacker(card, line, text).map(|()| None),
            Entry::Block => self.cycle_block(card, line, text).map(|()| None),
            Entry::Mana(colour) => {
                let controller = self.table.board.get(card).map_or(P0, |c| c.controller);
                self.table.board.tap_for_mana(card, controller, colour);
                self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
                Ok(None)
            }
            Entry::Action(index) => self.activate(card, index, line, text),
            Entry::Cast => self.cast(card, Payment::Normal, line, text),
            Entry::CastKicked => self.cast(card, Payment::Kicked, line, text),
            Entry::CastAlternative => self.cast(card, Payment::Alternative, line, text),
            Entry::CastBuyback => self.cast(card, Payment::Buyback, line, text),
            Entry::CastFaceDown => self.cast(card, Payment::FaceDown, line, text),
            Entry::TurnFaceUp => self.turn_face_up(card, line, text),
            Entry::Given(ability) => self.activate_given(card, ability, line, text),
        }
    }

    /// Activates the ability `index` of a permanent (in its `auto=` lines' order), or of a
    /// card in its owner's hand or graveyard (its `autohand` or graveyard lines').
    pub(super) fn activate(
        &mut self,
        card: CardId,
        index: usize,
        line: u32,
        text: &str,
    ) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        let rules = self.table.rules(card).map_err(|error| table_skip(error, line, text))?;
        let all_actions = self.table.library().program.cards()[rules.index()].actions.len();
        let ranges = c.printed.action_ranges(all_actions);
        let from_graveyard = ranges.graveyard.contains(&index);
        // A card in a graveyard is its owner's to use.
        let controller = if from_graveyard { c.owner } else { c.controller };
        let actions = ranges.own.len();
        let off_battlefield_line = if from_graveyard {
            c.printed.graveyard_lines.get(index - ranges.graveyard.start)
        } else {
            c.printed.hand_lines.get(index.saturating_sub(ranges.hand.start))
        };
        // The activated lines (`{cost}:effect`) name the abilities' targets.
        let activated = c.printed.activated_lines();
        let named = if index >= actions {
            // An `autohand` line (`__CYCLING__(...)` names none) or a graveyard one.
            targets_named("", off_battlefield_line.map(String::as_str).into_iter())
        } else if actions == 1 {
            targets_named("", activated.iter().copied())
        } else if activated.len() == actions {
            targets_named("", activated.get(index).copied().into_iter())
        } else {
            return Err(skip("an activated ability the runner cannot match to its line", at(line, text)));
        };
        // A mana ability (`add`) resolves at once; any other goes on Wagic's stack.
        let mana = !from_graveyard && activated.iter().any(|line| line.to_ascii_lowercase().contains("add{"));
        let line_text = if index >= actions {
            off_battlefield_line.map(String::as_str)
        } else if actions == 1 {
            activated.first().copied().filter(|_| activated.len() == 1)
        } else {
            activated.get(index).copied()
        };
        let line_text = line_text.map(str::to_owned);
        let ability = Ability { card, controller, line_text, named, mana };
        self.start_ability(ability, |table| table.start_action(card, controller, index), line, text)
    }

    /// Starts `ability` (`start` starts it on the table): its counted targets read, none
    /// started when no target is legal, then its questions answered by the next moves.
    pub(super) fn start_ability(
        &mut self,
        ability: Ability,
        start: impl FnOnce(&mut Table) -> Result<Step, crate::table::TableError>,
        line: u32,
        text: &str,
    ) -> Result<Option<Pending>, Skip> {
        let Ability { card, controller, line_text, named, mana } = ability;
        let line_text = line_text.as_deref();
        let counted = match named {
            Some(_) => None,
            None => {
                let spec = line_text.and_then(|line_text| counted::spec_of("", std::iter::once(line_text)));
                let plan = spec.and_then(|spec| counted::read(&self.table.board, spec, card, controller, true));
                let plan = plan.ok_or_else(|| skip("a target with a count (`<n>`)", at(line, text)))?;
                if !plan.completes() {
                    return Err(skip("an ability whose counted target never completes", at(line, text)));
                }
                Some(plan)
            }
        };
        let named = match counted {
            Some(plan) => plan.owed(),
            None => named.ok_or_else(|| skip("a target with a count (`<n>`)", at(line, text)))?,
        };
        let refusable = targeting::any_refused(&self.table.board, card, controller);
        let spec = line_text.and_then(counted::single_spec).filter(|_| refusable && named == 1);
        let plan =
            spec.and_then(|spec| counted::read(&self.table.board, &format!("<1>{spec}"), card, controller, true));
        if plan.is_some_and(|plan| plan.legal == 0) {
            // Every permanent its spec matches refuses it: Wagic's `ActionLayer` cancels an
            // ability with no legal target, and the click does nothing.
            return Ok(None);
        }
        let pays_x = line_text.is_some_and(|line_text| {
            line_text.split(':').next().is_some_and(|cost| cost.to_ascii_lowercase().contains("{x"))
        });
        if pays_x && self.x_spell_on_stack() {
            // The board keeps one X paid: the ability's would replace the spell's.
            return Err(skip("an `{X}` ability above an `{X}` spell (one X paid is kept)", at(line, text)));
        }
        let step = start(&mut self.table).map_err(|error| table_skip(error, line, text))?;
        if let Step::Unpaid = step {
            // Wagic offers no ability whose cost cannot be paid: the click does nothing.
            return Ok(None);
        }
        let clicks = Clicks { named, answered: 0, menu: false, stacked: !mana, refusable, counted };
        self.after(step, None, clicks, line, text)
    }

    /// Whether a spell with `{X}` in its mana cost waits on the stack: the board keeps
    /// its X paid until it resolves.
    pub(super) fn x_spell_on_stack(&self) -> bool {
        self.stack.spells().any(|spell| {
            self.table.board.get(spell).is_some_and(|c| c.printed.mana_cost.to_ascii_lowercase().contains("{x}"))
        })
    }

    /// A `choice N` with no menu open and no target awaited: Wagic's `doReactTo` does
    /// nothing when no menu is open. Wagic opens a menu for a click with several reactions
    /// and for a triggered ability's question (which the table holds for the moves, its
    /// lone target included), so with none open in the model none is open in Wagic, but
    /// for a click the model did at once (`at_once`, its only entry): Wagic's menu may
    /// list more. The attack and block rules come first in it, so `choice 0` after one of
    /// them picks what the model did; any other is skipped. Under the legend rule (two
    /// legendary permanents of one name under one controller) it answers Wagic's menu of
    /// it: `choice 0` keeps the newest, `choice 1` the others.
    pub(super) fn choice_without_menu(&mut self, at_once: Option<Entry>, line: u32, text: &str) -> Result<(), Skip> {
        if let Some((newest, others)) = legends_of_one_name(&self.table) {
            // Wagic's legend rule menu (no `Cancel`): "Keep New", then "Keep Old".
            let leaving = match choice_number(text) {
                Some(0) => others,
                Some(1) => vec![newest],
                _ => return Err(skip("a `choice` past the end of Wagic's menu", at(line, text))),
            };
            for card in leaving {
                let owner = self.table.board.get(card).map_or(P0, |c| c.owner);
                self.table.board.place(card, owner, GRAVEYARD, -1);
            }
            return self.table.try_settle().map_err(|error| table_skip(error, line, text));
        }
        match (at_once, choice_number(text)) {
            (None, _) | (Some(Entry::Attack | Entry::Block), Some(0)) => Ok(()),
            _ => Err(skip(
                "[DO] `choice` after a click the model did at once (Wagic's menu may list more)",
                at(line, text),
            )),
        }
    }

    /// Whether a player's click answers the entering ability of a permanent that chooses
    /// an opponent (Black Vise's `name(choose opponent) notatarget(opponent)`): Wagic's
    /// menu of it (`choice 0`, which does nothing here) then the player's click, where the
    /// runtime took the only opponent as the permanent entered. Each such permanent on the
    /// battlefield takes one click, of its controller's opponent.
    fn opponent_chosen(&mut self, player: Value) -> bool {
        let board = &self.table.board;
        let chooser = board.zone(P0, BATTLEFIELD).into_iter().chain(board.zone(P1, BATTLEFIELD)).find(|&card| {
            board.get(card).is_some_and(|c| {
                Value::Player(opponent(c.controller)) == player
                    && !self.opponents_chosen.contains(&card)
                    && c.printed.autos.iter().any(|auto| chooses_opponent(auto))
            })
        });
        match chooser {
            Some(card) => {
                self.opponents_chosen.insert(card);
                true
            }
            None => false,
        }
    }

    /// Whether a move clicks `source`, a card with no activated ability (nor a way to be
    /// played from hand) that could react to the click, out of the attack and block steps
    /// (where the combat rules react), nor one another card gives it.
    pub(super) fn inert_source_click(&self, source: CardId, text: &str) -> bool {
        let combat = matches!(self.phase, Phase::CombatAttackers | Phase::CombatBlockers);
        !combat
            && self.named(text) == Some(Value::Card(source))
            && self.table.board.get(source).is_some_and(|c| {
                c.zone == BATTLEFIELD && c.printed.hand_lines.is_empty() && c.printed.activated_lines().is_empty()
            })
            && self.table.given_abilities(source).is_empty()
    }

    /// Declines each held `may` whose one target surely has no legal target: Wagic's
    /// `MayAbility` opens no menu then (`validTargetsExist`), and the ability does nothing.
    pub(super) fn decline_untargetable_mays(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        for _ in 0..MAX_MOVES {
            let Some(execution) = self.table.held.as_ref() else { return Ok(()) };
            if execution.request().kind != RequestKind::May {
                return Ok(());
            }
            let (source, controller) = (execution.env().source, execution.env().controller);
            let Some(may) = self.may_line(source) else { return Ok(()) };
            let Some(spec) = counted::single_spec(&may) else { return Ok(()) };
            if !counted::surely_untargetable(&self.table.board, spec, controller) {
                return Ok(());
            }
            self.table.try_answer_held(&[Value::Bool(false)]).map_err(|error| table_skip(error, line, text))?;
        }
        Ok(())
    }

    /// The `may` line of a card whose `may` question is asked, lower case: its first, when
    /// Wagic's menu of it lists that one alone and the others name as many targets.
    /// Wagic's menu lists each `may` of the card triggered and not yet answered: one alone
    /// unless two share their trigger (two entering ones, or two of one `@...` event),
    /// which `None` skips, as it does lines naming different targets (which one asks is
    /// not told). Two `may`s of different triggers firing at once (a creature entering
    /// beside another that triggers it) are not told apart.
    pub(super) fn may_line(&self, card: CardId) -> Option<String> {
        let c = self.table.board.get(card)?;
        // In a graveyard, its abilities there are heard too (`table/graveyard.rs`).
        let in_graveyard = if c.zone == GRAVEYARD { c.printed.graveyard_abilities.as_slice() } else { &[] };
        let mays: Vec<String> = c
            .printed
            .autos
            .iter()
            .chain(in_graveyard)
            .map(|auto| auto.to_ascii_lowercase())
            .filter(|auto| auto.contains("may "))
            .collect();
        // A trigger's restriction (`restriction{...}`) is no other event.
        let trigger = |auto: &String| {
            let auto = auto.trim_start();
            if !auto.starts_with('@') {
                return String::new();
            }
            let head = auto.split(':').next().unwrap_or("");
            match head.split_once("restriction{") {
                Some((event, rest)) => format!("{event}{}", rest.split_once('}').map_or("", |(_, after)| after)),
                None => head.to_string(),
            }
        };
        let mut triggers: Vec<String> = mays.iter().map(trigger).collect();
        triggers.sort_unstable();
        triggers.dedup();
        let named = |auto: &String| targets_named("", std::iter::once(auto.as_str()));
        let first = mays.first()?;
        let alike = mays.iter().all(|auto| named(auto) == named(first));
        (triggers.len() == mays.len() && alike).then(|| first.clone())
    }
}

/// The mana abilities Wagic's rules file grants the basic land types, in its order: a
/// land's entry in [`testfile::Mana`] order (W, U, B, R, G).
pub(super) const LAND_TYPES: [&str; 5] = ["plains", "island", "swamp", "mountain", "forest"];

/// What a click on a permanent does, as one entry of Wagic's menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Entry {
    /// Declares it an attacker, or takes its attack back (Wagic's attack rule).
    Attack,
    /// Moves its block on (Wagic's block rule).
    Block,
    /// Taps it for one mana of this colour ([`testfile::Mana`] order): a land type's.
    Mana(usize),
    /// Activates its ability of this index.
    Action(usize),
    /// Casts it from hand (Wagic's `MTGPutInPlayRule`).
    Cast,
    /// Casts it from hand with its kicker paid (Wagic's `MTGKickerRule`).
    CastKicked,
    /// Casts it from hand for its alternative cost (Wagic's `MTGAlternativeCostRule`).
    CastAlternative,
    /// Casts it from hand with its buyback paid (Wagic's `MTGBuyBackRule`).
    CastBuyback,
    /// Casts it from hand face down for its morph cost (Wagic's `MTGMorphCostRule`).
    CastFaceDown,
    /// Turns it face up for its morph cost (Wagic's `AAMorph`).
    TurnFaceUp,
    /// Activates an ability another card gives it (`given.rs`).
    Given(crate::table::GivenAbility),
}

/// An activated ability about to start: the permanent (or card) using it, its
/// controller, its line as written (`{cost}:effect`), how many targets it names, and
/// whether it adds mana (resolved at once, not put on Wagic's stack).
pub(super) struct Ability {
    pub(super) card: CardId,
    pub(super) controller: PlayerId,
    pub(super) line_text: Option<String>,
    pub(super) named: Option<usize>,
    pub(super) mana: bool,
}

/// Wagic's menu of what a click on a permanent does, open until the next move.
pub(super) struct Menu {
    pub(super) card: CardId,
    pub(super) entries: Vec<Entry>,
}

/// The entry a `choice N` move picks; `None` for another move.
pub(super) fn choice_number(text: &str) -> Option<usize> {
    text.strip_prefix("choice ")?.trim().parse().ok()
}

/// How many targets a card's `target=` and `auto=` lines name (each `target(` once, and
/// each cost with a spec);
/// `None` when one has a count (`target(<2>creature)`), which `counted.rs` plays: the
/// runtime takes fewer than the count when fewer are legal, where Wagic casts nothing.
pub(super) fn targets_named<'a>(target: &str, autos: impl Iterator<Item = &'a str>) -> Option<usize> {
    let mut named = usize::from(!target.trim().is_empty());
    if target.trim_start().starts_with('<') {
        return None;
    }
    for auto in autos {
        let auto = auto.to_ascii_lowercase();
        // `if ... then A else B`: one branch runs, its targets clicked.
        let branches = match auto.split_once(" else ") {
            Some((then, otherwise)) => [then, otherwise],
            None => [auto.as_str(), ""],
        };
        let mut most = 0;
        for branch in branches {
            let mut targets = 0;
            for (at, _) in branch.match_indices("target(") {
                if branch[at + "target(".len()..].trim_start().starts_with('<') {
                    return None;
                }
                targets += 1;
            }
            most = most.max(targets);
        }
        named += most;
        // A cost with a spec (`{S(creature|mybattlefield)}`, `{discard(*|myhand)}`) is
        // clicked too, as a target is.
        named += auto.matches("{s(").count() + auto.matches("{discard(").count();
        // `equip` chooses a creature as `target(...)` does.
        named += usize::from(auto.trim_end().ends_with(":equip"));
    }
    Some(named)
}

/// Whether an `auto=` line is an entering ability whose one target is the opponent
/// (`target(opponent)`, `notatarget(opponent)`, after an optional `name(...)`).
fn chooses_opponent(auto: &str) -> bool {
    let auto = auto.trim().to_ascii_lowercase();
    let rest = match auto.strip_prefix("name(") {
        Some(named) => named.split_once(')').map_or("", |(_, rest)| rest.trim_start()),
        None => auto.as_str(),
    };
    rest.starts_with("target(opponent)") || rest.starts_with("notatarget(opponent)")
}
