//! What a click on a card in hand does in a Wagic test once it is cast (or played, a land):
//! whether it can be cast and paid as each of Wagic's rules would (its restriction, its
//! speed, its mana cost, kicker, alternative, buyback or flashback cost), and the cast itself, its
//! targets and payment; `clicks.rs` dispatches the click and opens Wagic's menus.

use super::clicks::targets_named;
use super::*;

impl Run<'_> {
    /// Whether `player` controls a permanent with Fastbond's rule (`alias=1243`, Wagic's
    /// `AFastbond` lifts its controller's limit of one land a turn).
    fn any_number_of_lands(&self, player: PlayerId) -> bool {
        let board = &self.table.board;
        board.zone(player, BATTLEFIELD).into_iter().any(|card| {
            board.get(card).is_some_and(|c| c.printed.alias == crate::front::EXTRA_LANDS && c.controller == player)
                && !board.lost_abilities(card)
        })
    }

    /// The lands `player` may play this turn: one, and those `maxPlay(land)+n` adds.
    fn land_plays(&self, player: PlayerId) -> u32 {
        let extra = self.table.board.effects.iter().filter_map(|&(_, code, target, value)| {
            (code == crate::host::EffectCode::ExtraLands && target == Value::Player(player)).then_some(value)
        });
        u32::try_from(extra.fold(1i32, i32::saturating_add)).unwrap_or(0)
    }

    /// Whether a card in hand (not a land) can be cast now and paid for as `payment` says.
    pub(super) fn can_cast(&mut self, card: CardId, payment: Payment) -> bool {
        let Some(c) = self.table.board.get(card) else { return false };
        if crate::cast_limit::refused(&self.table.board, card, c.owner) {
            return false;
        }
        let Ok(rules) = self.table.rules(card) else { return false };
        let data = &self.table.library().program.cards()[rules.index()];
        let flash = data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == "flash");
        if !(is_type(&c.printed.types, "instant") || flash || self.phase.is_main()) {
            return false;
        }
        let now = crate::restriction::CastTime { phase: self.phase, turn: self.turn };
        if matches!(payment, Payment::Normal | Payment::Kicked | Payment::Buyback)
            && !crate::restriction::cast_allowed(&self.table.board, &c.printed.cast_restriction, c.owner, now)
        {
            return false;
        }
        let mana_cost = match payment {
            Payment::Alternative => c.printed.other.to_ascii_lowercase(),
            Payment::Flashback => c.printed.flashback.to_ascii_lowercase(),
            Payment::FaceDown => c.printed.face_down_cost.to_ascii_lowercase(),
            Payment::Buyback => c.printed.buyback.to_ascii_lowercase(),
            Payment::Normal | Payment::Kicked => c.printed.mana_cost.to_ascii_lowercase(),
        };
        let fixed = if mana_cost.matches("{x}").count() == 1 { mana_cost.replace("{x}", "") } else { mana_cost };
        let Some((mut cost, hybrids)) = costs::read_cost(&fixed) else { return false };
        if payment == Payment::Kicked && !add_kicker(&mut cost, &c.printed.kicker) {
            return false;
        }
        if payment == Payment::Flashback || payment == Payment::FaceDown {
            // A flashback or face-down cost is paid as written.
        } else if payment != Payment::Alternative {
            self.table.changed_cost(card, &mut cost);
        } else if !c.printed.other_restriction.is_empty()
            && !crate::restriction::holds(&self.table.board, &c.printed.other_restriction, c.owner)
        {
            // Wagic's `allowedToAltCast`: the rule does not react to the click.
            return false;
        }
        let (owner, others) = (c.owner, c.printed.alternative_action(data.actions.len()));
        let mut pool = self.table.board.players[usize::from(owner.0 != 0)].mana;
        if !costs::pay_with_hybrids(&mut pool, &cost, &hybrids) {
            return false;
        }
        match others {
            // Its costs other than mana, tried as the card's action paying them.
            Some(action) if payment == Payment::Alternative => {
                self.table.try_payable_actions(card, owner).is_ok_and(|payable| payable.contains(&action))
            }
            _ => true,
        }
    }

    /// Casts a card from hand (plays a land): pays its mana cost (and its kicker when
    /// kicked; its alternative cost instead when so paid) and puts it on the stack.
    pub(super) fn cast(
        &mut self,
        card: CardId,
        payment: Payment,
        line: u32,
        text: &str,
    ) -> Result<Option<Pending>, Skip> {
        let Some(c) = self.table.board.get(card) else { return Ok(None) };
        let printed_x = c.printed.mana_cost.to_ascii_lowercase().contains("{x}");
        if crate::cast_limit::refused(&self.table.board, card, c.owner) {
            // None of Wagic's cast rules reacts to the click (each asks the player's
            // `playRestrictions`): it does nothing, the test's next clicks go on.
            return Ok(None);
        }
        let mana_cost = match payment {
            Payment::Alternative => &c.printed.other,
            Payment::Flashback => &c.printed.flashback,
            Payment::FaceDown => return self.cast_face_down(card, line, text),
            Payment::Buyback => &c.printed.buyback,
            Payment::Normal | Payment::Kicked => &c.printed.mana_cost,
        };
        let now = crate::restriction::CastTime { phase: self.phase, turn: self.turn };
        if matches!(payment, Payment::Normal | Payment::Kicked | Payment::Buyback)
            && !crate::restriction::cast_allowed(&self.table.board, &c.printed.cast_restriction, c.owner, now)
        {
            // Wagic's cast rule does not react to the click; whether it reads the
            // restriction as the runner does (it passes over the phrases read as printed)
            // is not told.
            return Err(skip("a spell its `restriction=` forbids now", at(line, text)));
        }
        let (types, mana_cost, owner) = (c.printed.types.clone(), mana_cost.clone(), c.owner);
        let (printed_target, printed_autos) = (c.printed.target.clone(), c.printed.autos.clone());
        let kicker_cost = c.printed.kicker.clone();
        if is_type(&types, "land") {
            if !self.phase.is_main()
                || (self.lands_played >= self.land_plays(owner) && !self.any_number_of_lands(owner))
            {
                return Err(skip("a land played when the rules forbid it", at(line, text)));
            }
            self.lands_played += 1;
            self.table.board.place(card, owner, BATTLEFIELD, -1);
            self.entered.insert(card);
            self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
            return Ok(None);
        }
        let rules = self.table.rules(card).map_err(|error| table_skip(error, line, text))?;
        let program = &self.table.library().program;
        let data = &program.cards()[rules.index()];
        let flash = data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == "flash");
        let is_spell = is_type(&types, "instant") || is_type(&types, "sorcery");
        let sorcery_speed = !(is_type(&types, "instant") || flash);
        if sorcery_speed && !(self.phase.is_main() && owner == self.table.board.active && self.stack.is_empty()) {
            return Err(skip("a spell cast when the rules forbid it", at(line, text)));
        }
        let own_actions =
            self.table.board.get(card).map_or(0, |c| c.printed.action_ranges(data.actions.len()).own.len());
        if is_spell && own_actions != 1 {
            return Err(skip("a spell with no effect the front end compiled", at(line, text)));
        }
        // A lord's given ability names its own targets as it is activated, not the spell's.
        let spell_lines: Vec<&str> = printed_autos
            .iter()
            .map(String::as_str)
            .filter(|auto| !crate::front::is_lord_given_activation(auto))
            .collect();
        let autos = || spell_lines.iter().copied();
        // The X it will be paid, for a count of the X paid: checked once paid, below.
        let foreseen_x = self.foreseen_x(&mana_cost, owner);
        let counts_x = counted::spec_of(&printed_target, autos()).is_some_and(counted::counts_x);
        let counted = match targets_named(&printed_target, autos()) {
            Some(_) => None,
            None if !is_spell => None,
            None => {
                let spec = counted::spec_of(&printed_target, autos());
                let plan =
                    spec.and_then(|spec| counted::read_paying(&self.table.board, spec, card, owner, false, foreseen_x));
                Some(plan.ok_or_else(|| skip("a target with a count (`<n>`)", at(line, text)))?)
            }
        };
        if counted.is_some() && autos().any(counted::acts_beyond_target) {
            return Err(skip(
                "a counted target's line acting beyond its target (Wagic runs it per target)",
                at(line, text),
            ));
        }
        if counted.is_some_and(|plan| !plan.completes()) {
            // Wagic waits for targets that never complete: the spell is never cast.
            self.stalled = true;
            return Ok(None);
        }
        // `{X}`: Wagic's tests give the pool and no X, and expect the largest X it pays:
        // all the mana left once the rest of the cost is paid.
        let has_x = mana_cost.to_ascii_lowercase().matches("{x}").count() == 1;
        let fixed = if has_x { mana_cost.to_ascii_lowercase().replace("{x}", "") } else { mana_cost.clone() };
        let (mut cost, hybrids) = costs::read_cost(&fixed).ok_or_else(|| {
            skip("a mana cost the runner does not pay", format!("`{mana_cost}` of {}", at(line, text)))
        })?;
        if payment == Payment::Kicked && !add_kicker(&mut cost, &kicker_cost) {
            return Err(skip("a mana cost the runner does not pay", format!("`{kicker_cost}` of {}", at(line, text))));
        }
        if matches!(payment, Payment::Alternative | Payment::Flashback | Payment::Buyback) && printed_x {
            // (Wagic's alternative cost rules, buyback's among them, open a menu of X.)
            // The X of the card's text when it is cast for another cost is not modelled.
            return Err(skip("an alternative cost on a card with `{X}`", at(line, text)));
        }
        let other_costs = self.table.board.get(card).map_or(String::new(), |c| c.printed.other_costs.clone());
        if payment == Payment::Alternative && other_costs.contains('(') {
            // Wagic asks for each card such a cost takes (the test's next clicks), even
            // the only one; the runner does not read those clicks.
            return Err(skip("an alternative cost paid with cards the test clicks", at(line, text)));
        }
        let full = cost;
        if payment != Payment::Flashback {
            self.table.changed_cost(card, &mut cost);
        }
        if payment == Payment::Alternative && cost != full {
            // Whether Wagic lowers an alternative cost by affinity, or changes it by a
            // cost change, is not modelled.
            return Err(skip("an alternative cost beside affinity or a cost change", at(line, text)));
        }
        let pool = &mut self.table.board.players[usize::from(owner.0 != 0)].mana;
        let before_payment = *pool;
        if !costs::pay_with_hybrids(pool, &cost, &hybrids) {
            return Err(skip("a spell the mana pool cannot pay for", at(line, text)));
        }
        if has_x {
            if self.x_spell_on_stack() {
                return Err(skip("two `{X}` spells on the stack (one X paid is kept)", at(line, text)));
            }
            let pool = &mut self.table.board.players[usize::from(owner.0 != 0)].mana;
            let x = pool.iter().fold(0i32, |sum, mana| sum.saturating_add(*mana));
            *pool = [0; 6];
            self.table.board.x_paid = x;
            if counts_x && usize::try_from(x).ok() != foreseen_x {
                return Err(skip("a count of the X paid other than the X the runner foresaw", at(line, text)));
            }
        }
        if payment == Payment::Flashback {
            // Exiled as it leaves the stack (`table/flashback.rs`).
            self.table.board.flashed_back.push(card);
        }
        if payment == Payment::Buyback {
            // Returned to its owner's hand as it resolves (`table/buyback.rs`).
            self.table.board.bought_back.push(card);
        }
        if matches!(payment, Payment::Kicked | Payment::Alternative) {
            // The runtime knows one kicked card and one paid otherwise at a time.
            let board = &self.table.board;
            let on_stack =
                |slot: Option<CardId>| slot.is_some_and(|other| board.get(other).is_some_and(|c| c.zone == STACK));
            if on_stack(board.kicked) || on_stack(board.alternative) {
                return Err(skip(
                    "two spells kicked or cast for their alternative cost on the stack (one such card is kept)",
                    at(line, text),
                ));
            }
            self.table.board.kicked = (payment == Payment::Kicked).then_some(card);
            self.table.board.alternative = (payment == Payment::Alternative).then_some(card);
        }
        if payment == Payment::Alternative && !other_costs.is_empty() {
            // Its life (`{L}`, `{L:n}`), paid by the card's action paying those costs.
            let actions = self.table.library().program.cards()[rules.index()].actions.len();
            let alternative = self.table.board.get(card).and_then(|c| c.printed.alternative_action(actions));
            let paid = match alternative {
                Some(action) => {
                    self.table.start_action(card, owner, action).map_err(|error| table_skip(error, line, text))?
                }
                None => Step::Unpaid,
            };
            if !matches!(paid, Step::Done(true)) {
                return Err(skip("an alternative cost the table could not pay", at(line, text)));
            }
        }
        let after_payment = self.table.board.players[usize::from(owner.0 != 0)].mana;
        self.table.board.place(card, owner, STACK, -1);
        self.table.board.note_spent(card, before_payment, after_payment);
        self.spells_cast = self.spells_cast.saturating_add(1);
        self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
        if is_aura(&types, &printed_target) {
            // Wagic asks for the permanent it enchants as it is cast: the next move.
            self.enchanting = Some(card);
            return Ok(None);
        }
        if !is_spell {
            // It waits on the stack; it enters as it resolves (its entering effects read
            // the kicker, then entering again later is not kicked).
            self.stack.push(Entry::Spell(card, Resolution::Permanent), line, text)?;
            return Ok(None);
        }
        let named = match counted {
            Some(plan) => plan.owed(),
            None => targets_named(&printed_target, autos())
                .ok_or_else(|| skip("a target with a count (`<n>`)", at(line, text)))?,
        };
        let menu = printed_target.trim().is_empty() && autos().any(|auto| auto.to_lowercase().contains("target("));
        let storm_copies = self.storm(card, owner, named, line, text)?;
        if named == 0 && !menu && counted.is_none() {
            // No target to choose: the effect runs as it resolves from the stack, below
            // the storm copies (resolved as they were put on it).
            self.stack.push(Entry::Spell(card, Resolution::Effect), line, text)?;
            if storm_copies > 0 {
                self.stack.push(Entry::Resolved(format!("{text} (its storm copies)")), line, text)?;
            }
            return Ok(None);
        }
        if named == 1 && !printed_target.trim().is_empty() && counted.is_none() {
            // Its one target (`target=`) is the next move; then it goes on the stack, and
            // its effect runs as it resolves. With no legal target (a trial finds none)
            // Wagic casts nothing.
            let payable = self.table.try_payable_actions(card, owner).map_err(|error| table_skip(error, line, text))?;
            if !payable.contains(&0) {
                return Err(skip("a spell or ability the model does not complete", at(line, text)));
            }
            // The runtime offers permanents Wagic refuses (`targeting.rs`): with no other
            // (a spec the runner reads), Wagic would not cast it.
            // (Asked only then: the spec reader takes a `[word]` for a type or a colour.)
            let spec = format!("<1>{}", printed_target.trim());
            let refusable = targeting::any_refused(&self.table.board, card, owner);
            let plan = counted::read(&self.table.board, &spec, card, owner, false).filter(|_| refusable);
            if plan.is_some_and(|plan| plan.legal == 0) {
                return Err(targeting::none_allowed_skip(line, text));
            }
            self.targeting = Some(card);
            return Ok(None);
        }
        let refusable = targeting::any_refused(&self.table.board, card, owner);
        let mut step = self.table.start(card, owner).map_err(|error| table_skip(error, line, text))?;
        if let Step::Asks(execution) = step {
            // With `autohand` abilities the spell's effect is its first action of several.
            step = if execution.request().kind == RequestKind::Action {
                self.table.resume(execution, &[Value::Int(0)]).map_err(|error| table_skip(error, line, text))?
            } else {
                Step::Asks(execution)
            };
        }
        let clicks = Clicks { named, answered: 0, menu, stacked: false, refusable, counted };
        self.after(step, Some(card), clicks, line, text)
    }

    /// The X a spell whose mana cost is `mana_cost` will be paid by `owner`, as foreseen
    /// before it is paid: all the mana their pool holds beyond the rest of the cost (the
    /// cast checks it once paid); `None` without one `{X}`, or a cost the runner does not
    /// read.
    fn foreseen_x(&self, mana_cost: &str, owner: PlayerId) -> Option<usize> {
        let lower = mana_cost.to_ascii_lowercase();
        if lower.matches("{x}").count() != 1 {
            return None;
        }
        let (rest, _) = costs::read_cost(&lower.replace("{x}", ""))?;
        let pool = self.table.board.players[usize::from(owner.0 != 0)].mana;
        let total = |mana: &[i32]| mana.iter().fold(0i32, |sum, mana| sum.saturating_add(*mana));
        usize::try_from(total(&pool).saturating_sub(total(&rest))).ok()
    }
}

/// How a spell cast from hand is paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Payment {
    /// Its mana cost.
    Normal,
    /// Its mana cost and its kicker.
    Kicked,
    /// Its alternative cost (`other=`) instead of its mana cost.
    Alternative,
    /// Its flashback cost (`flashback=`), cast from its owner's graveyard.
    Flashback,
    /// Its morph cost (`facedown=`), cast face down.
    FaceDown,
    /// Its buyback cost (`buyback=`, its mana cost and the buyback): it returns to its
    /// owner's hand as it resolves.
    Buyback,
}

/// Adds a `kicker=` mana cost to `cost`; false when the runner cannot read it.
fn add_kicker(cost: &mut testfile::Mana, kicker: &str) -> bool {
    let Some(extra) = testfile::read_mana(kicker) else { return false };
    for (mana, more) in cost.iter_mut().zip(extra) {
        *mana = mana.saturating_add(more);
    }
    true
}
