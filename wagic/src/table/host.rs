//! The board answering Wagic's own questions: [`WagicHost`] for [`Board`] (damage, in
//! `damage.rs`; life, draws, destruction, mana, tokens); the VM's `Host` is `vm_host.rs`'s.

use crate::catalogue::{self, CATALOGUE};
use crate::host::{Colour, CounterKind, EffectCode, Token, TokenCopy, WagicHost};
use vm::bytecode::ZoneIdx;
use vm::runtime::{CardId, EffectId, Host, PlayerId, Value};

use super::effects::AbilityEntry;
use super::{BATTLEFIELD, Board, Card, GRAVEYARD, HAND, LIBRARY, P0, P1, Player, Printed};

impl WagicHost for Board {
    fn add_effect(&mut self, id: EffectId, code: EffectCode, target: Value, value: i32) {
        if code == EffectCode::Control
            && let Some(c) = target.as_card().and_then(|card| self.get_mut(card)).filter(|c| c.zone == BATTLEFIELD)
        {
            // Control changes without a move: no `movedto`, as in Wagic.
            c.controller = if value % 2 == 0 { P0 } else { P1 };
            self.zone_lists.forget();
        }
        // The given triggers are looked for once some card gave one (`given_triggers.rs`).
        self.gave_triggers |= code == EffectCode::GivenTrigger;
        self.gave_abilities |= code == EffectCode::GivenAbility;
        self.effects.push((id.0, code, target, value));
    }

    fn add_phase_action(&mut self, card: CardId, action: crate::host::PhaseAction) {
        if self.get(card).is_some() && self.phase_actions.len() < super::board::MAX_PHASE_ACTIONS {
            self.phase_actions.push((card, action));
        }
    }

    fn blink(&mut self, card: CardId, source: CardId, until: crate::host::BlinkReturn, to_hand: bool) -> bool {
        self.blink_card(card, source, until, to_hand)
    }

    fn bears(&self, card: CardId, code: EffectCode, value: i32) -> bool {
        self.effects.on(card).any(|&(_, c, _, v)| c == code && v == value)
    }

    fn transform_forever(&mut self, card: CardId, code: EffectCode, value: i32) {
        if self.get(card).is_none() {
            return;
        }
        let on_card = |(id, c, target, _): &(u32, EffectCode, Value, i32)| {
            *id == super::board::FOREVER && *c == code && *target == Value::Card(card)
        };
        // A set replaces the one before it; an added type or colour is kept once.
        if matches!(code, EffectCode::SetColours | EffectCode::SetPower | EffectCode::SetToughness) {
            self.effects.retain(|effect| !on_card(effect));
        } else if code == EffectCode::RemoveTypes {
            // A removal takes away the types added forever before it, which a later add
            // may add again: it replaces them, and the removal before it.
            let removed = |value: i32| {
                usize::try_from(value)
                    .ok()
                    .and_then(catalogue::type_word)
                    .is_some_and(super::type_words::removed_by_removetypes)
            };
            self.effects.retain(|&(id, c, target, value)| {
                !(id == super::board::FOREVER
                    && target == Value::Card(card)
                    && (c == EffectCode::RemoveTypes || (c == EffectCode::AddType && removed(value))))
            });
        } else if self.effects.iter().any(|effect| on_card(effect) && effect.3 == value) {
            return;
        }
        self.effects.push((super::board::FOREVER, code, Value::Card(card), value));
    }

    fn grant_forever(&mut self, card: CardId, ability: vm::bytecode::AbilityIdx) {
        let Some(name) = CATALOGUE.abilities.get(ability.index()).map(|spec| spec.name) else { return };
        let forever = |(id, target, granted): &AbilityEntry| {
            *id == super::board::FOREVER && *target == Value::Card(card) && *granted == name
        };
        if self.get(card).is_some() && !self.abilities.iter().any(forever) {
            self.abilities.push((super::board::FOREVER, Value::Card(card), name));
        }
    }

    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        self.cards.get(card.0 as usize).map(|c| (self.zone_player(c), c.zone))
    }

    fn moved_from(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        self.cards.get(card.0 as usize).and_then(|c| c.moved_from)
    }

    fn owner(&self, card: CardId) -> PlayerId {
        self.get(card).map_or(P0, |c| c.owner)
    }

    fn has_type_word(&self, card: CardId, word: &str) -> bool {
        let Some(c) = self.get(card) else { return false };
        let singular = word.strip_suffix('s').unwrap_or(word);
        c.printed.name.eq_ignore_ascii_case(word) || self.has_type(card, word) || self.has_type(card, singular)
    }

    fn deal_damage(&mut self, source: CardId, target: Value, amount: i32) -> bool {
        self.damage(source, target, amount)
    }

    fn change_life(&mut self, player: PlayerId, amount: i32) {
        let life = &mut self.player_mut(player).life;
        let before = *life;
        *life = life.saturating_add(amount);
        // What changed, heard as `lifegained` or `lifelost` (Wagic's `WEventLife`, sent
        // by every change but none).
        let changed = life.saturating_sub(before);
        if changed != 0 {
            self.life_changed.push((player, changed));
        }
    }

    fn tapped_for_mana(&mut self, card: CardId) {
        let controller = self.get(card).map_or(P0, |c| c.controller);
        self.events.push(("tappedformana", controller, Value::Card(card)));
    }

    fn alter_poison(&mut self, player: PlayerId, amount: i32) {
        Board::alter_poison(self, player, amount);
    }

    fn add_turns(&mut self, player: PlayerId, count: i32) {
        Board::add_turns(self, player, count);
    }

    fn skip_step(&mut self, player: PlayerId, phase: crate::testfile::Phase, scope: super::SkipScope) {
        Board::skip_step(self, player, phase, scope);
    }

    fn make_emblem(&mut self, source: CardId, player: PlayerId, first: u16, count: u16, lasts: super::EmblemLasts) {
        Board::make_emblem(self, source, player, first, count, lasts);
    }

    fn add_extra_combat(&mut self, player: PlayerId, combat: super::ExtraCombat) {
        Board::add_extra_combat(self, player, combat);
    }

    fn win_game(&mut self, player: PlayerId, source: CardId) -> bool {
        let opponent = if player == P0 { P1 } else { P0 };
        let has = |whose: PlayerId, ability: &str| {
            self.zone(whose, BATTLEFIELD).into_iter().any(|card| self.has_ability(card, ability))
        };
        if has(opponent, "cantlose") || has(player, "cantwin") {
            return false;
        }
        let lost = &mut self.lost_to[usize::from(opponent != P0)];
        lost.get_or_insert(source);
        true
    }

    fn life(&self, player: PlayerId) -> i32 {
        self.players[usize::from(player.0 != 0)].life
    }

    fn poison(&self, player: PlayerId) -> i32 {
        self.players[usize::from(player.0 != 0)].poison
    }

    fn draw(&mut self, player: PlayerId, count: i32) -> i32 {
        let library = self.zone(player, LIBRARY);
        let drawn = library.len().min(count.max(0) as usize);
        if drawn < count.max(0) as usize {
            self.drew_from_empty[usize::from(player.0 != 0)] = true;
        }
        for &card in &library[..drawn] {
            self.place(card, player, HAND, -1);
            self.events.push(("drawn", player, Value::Player(player)));
        }
        drawn as i32
    }

    fn sacrifice(&mut self, card: CardId) -> bool {
        Board::sacrifice(self, card)
    }

    fn cycle(&mut self, card: CardId) -> bool {
        Board::cycle(self, card)
    }

    fn discard(&mut self, player: PlayerId, count: i32) -> i32 {
        // Wagic's `discard:n` and `{d}` discard at random (`AARandomDiscarder`,
        // `DiscardRandomCost`): drawn from the game's seed, so a seeded game replays.
        let mut hand = self.zone(player, HAND);
        let discarded = hand.len().min(count.max(0) as usize);
        for _ in 0..discarded {
            let index = self.random(u32::try_from(hand.len()).unwrap_or(u32::MAX)) as usize;
            let card = hand.remove(index.min(hand.len() - 1));
            self.place(card, player, GRAVEYARD, -1);
        }
        discarded as i32
    }

    fn deplete(&mut self, player: PlayerId, count: i32) -> i32 {
        let library = self.zone(player, LIBRARY);
        let milled = library.len().min(count.max(0) as usize);
        for &card in &library[..milled] {
            self.place(card, player, GRAVEYARD, -1);
        }
        milled as i32
    }

    fn destroy(&mut self, card: CardId, can_regenerate: bool) -> bool {
        let Some(owner) = self.get(card).filter(|c| c.zone == BATTLEFIELD).map(|c| c.owner) else { return false };
        if self.has_ability(card, "indestructible") {
            return false;
        }
        let shield = self
            .effects
            .iter()
            .position(|(_, code, on, value)| *code == EffectCode::Regenerate && *on == Value::Card(card) && *value > 0);
        // `cantregen` (Incinerate's grant): no shield saves it.
        let can_regenerate = can_regenerate && !self.has_ability(card, "cantregen");
        if let (true, Some(shield)) = (can_regenerate, shield) {
            // Wagic's `triggerRegenerate`: the creature taps, its damage is removed, and it
            // leaves combat (`initAttackersDefensers`: an attacker no more, blocking
            // nothing; the attacker it blocked stays blocked).
            self.effects.set_value(shield, 0);
            if let Some(c) = self.get_mut(card) {
                c.damage = 0;
                c.attacking = false;
                c.blocking = None;
            }
            self.set_tapped(card, true);
            return false;
        }
        self.place(card, owner, GRAVEYARD, -1);
        true
    }

    fn is_tapped(&self, card: CardId) -> bool {
        self.note_left_out_read();
        self.get(card).is_some_and(|c| c.tapped)
    }

    fn set_tapped(&mut self, card: CardId, tapped: bool) -> bool {
        self.note_left_out_read();
        let Some(c) = self.get_mut(card) else { return false };
        let changed = c.tapped != tapped;
        c.tapped = tapped;
        let controller = c.controller;
        if changed {
            self.events.push((if tapped { "tapped" } else { "untapped" }, controller, Value::Card(card)));
        }
        changed
    }

    fn freeze(&mut self, card: CardId) -> bool {
        let Some(c) = self.get_mut(card).filter(|c| c.zone == BATTLEFIELD) else { return false };
        c.frozen = true;
        true
    }

    fn flip(&mut self, card: CardId, name: &str) -> bool {
        self.flip_into(card, name)
    }

    fn spells_cast_last_turn(&self) -> i32 {
        self.spells_cast[1]
    }

    fn remove_from_combat(&mut self, card: CardId) -> bool {
        let Some(c) = self.get_mut(card) else { return false };
        let in_combat = c.attacking || c.blocking.is_some();
        // Wagic's `initAttackersDefensers`: the card's own part in combat ends; a blocker
        // of a removed attacker still is a blocking creature, blocking nothing that deals
        // or is dealt damage.
        c.attacking = false;
        c.blocking = None;
        in_combat
    }

    fn add_counters(&mut self, card: CardId, power: i32, toughness: i32, count: i32) {
        let Some(c) = self.get_mut(card) else { return };
        let before = c.counters;
        // Wagic removes only counters the card has (Heartmender's "remove a -1/-1 counter"
        // leaves a creature without one as it is, never gives it +1/+1).
        let count = if count < 0 { count.max(-counters_of_kind(before, power, toughness)) } else { count };
        c.counters.0 = c.counters.0.saturating_add(power.saturating_mul(count));
        c.counters.1 = c.counters.1.saturating_add(toughness.saturating_mul(count));
        if c.counters != before {
            // A lord of `creature[power>=3]` follows the change.
            let controller = c.controller;
            self.events.push(("counters", controller, Value::Card(card)));
        }
    }

    fn add_named_counters(&mut self, card: CardId, name: &str, count: i32) {
        match power_toughness_kind(name) {
            Some(sign) => WagicHost::add_counters(self, card, sign, sign, count),
            None => self.add_named(card, name, count),
        }
    }

    fn named_counters(&self, card: CardId, name: &str) -> i32 {
        let Some(c) = self.get(card) else { return 0 };
        match power_toughness_kind(name) {
            // The board sums +1/+1 and -1/-1 counters (they cancel): a card has +1/+1
            // counters while both sums are positive, -1/-1 ones while both are negative.
            Some(sign) => counters_of_kind(c.counters, sign, sign),
            None => c.named.count(name),
        }
    }

    fn counters_last_known(&self, card: CardId, name: &str) -> ((i32, i32), i32) {
        match self.get(card) {
            Some(c) if c.zone == BATTLEFIELD => (c.counters, c.named.count(name)),
            Some(Card { left_with: Some((counters, named)), .. }) => (*counters, named.count(name)),
            _ => ((0, 0), 0),
        }
    }

    fn counter_kinds(&self, card: CardId) -> Vec<CounterKind> {
        let Some(c) = self.get(card).filter(|c| c.zone == BATTLEFIELD) else { return Vec::new() };
        let (power, toughness) = c.counters;
        let mut kinds = Vec::new();
        if (power, toughness) != (0, 0) {
            kinds.push(CounterKind::PowerToughness(power.signum(), toughness.signum()));
        }
        kinds.extend(c.named.iter().map(|(name, _)| CounterKind::Named(name.into())));
        kinds
    }

    fn add_mana(&mut self, player: PlayerId, colour: Colour, count: i32) {
        self.note_left_out_read();
        self.add_to_pool(player, usize::from(colour), count, false);
    }

    fn add_snow_mana(&mut self, player: PlayerId, colour: Colour, count: i32) {
        self.note_left_out_read();
        self.add_to_pool(player, usize::from(colour), count, true);
    }

    fn snow_mana(&self, player: PlayerId, colour: Colour) -> i32 {
        self.note_left_out_read();
        Board::snow_mana(self, player, usize::from(colour))
    }

    fn spend_snow_mana(&mut self, player: PlayerId, colour: Colour, count: i32) -> bool {
        self.note_left_out_read();
        let colour = usize::from(colour).min(5);
        if Board::snow_mana(self, player, colour) < count {
            return false;
        }
        let Player { mana, snow, .. } = self.player_mut(player);
        mana[colour] -= count;
        snow[colour] -= count;
        true
    }

    fn makes_snow_mana(&self, card: CardId) -> bool {
        self.has_type(card, "snow")
    }

    fn tap_for_mana(&mut self, land: CardId, player: PlayerId, colour: Colour) {
        Board::tap_for_mana(self, land, player, usize::from(colour));
    }

    fn mana(&self, player: PlayerId, colour: Colour) -> i32 {
        self.note_left_out_read();
        self.player(player).mana[usize::from(colour).min(5)]
    }

    fn spend_mana(&mut self, player: PlayerId, colour: Colour, count: i32) -> bool {
        self.note_left_out_read();
        let pool = &mut self.player_mut(player).mana[usize::from(colour).min(5)];
        if *pool < count {
            return false;
        }
        *pool -= count;
        true
    }

    fn mana_lands(&self, player: PlayerId) -> Vec<(CardId, Vec<usize>)> {
        self.note_left_out_read();
        self.zone(player, BATTLEFIELD)
            .into_iter()
            .filter(|card| self.get(*card).is_some_and(|c| !c.tapped))
            .map(|card| (card, self.basic_land_colours(card)))
            .filter(|(_, colours): &(CardId, Vec<usize>)| !colours.is_empty())
            .collect()
    }

    fn shuffle_library(&mut self, player: PlayerId) {
        // The order is kept, so that tests know where cards are; the work is counted.
        self.cards_shuffled += self.zone(player, LIBRARY).len();
    }

    fn create_token(&mut self, controller: PlayerId, token: &Token<'_>) -> Option<CardId> {
        let colour_names = token.colours.iter().filter_map(|&colour| catalogue::COLOUR_NAMES.get(usize::from(colour)));
        let printed = Printed {
            name: token.name.to_string(),
            types: token.types.iter().map(|word| word.to_string()).collect(),
            colours: colour_names.copied().collect(),
            power: token.power,
            toughness: token.toughness,
            abilities: token.abilities.iter().map(|ability| CATALOGUE.abilities[ability.index()].name).collect(),
            ..Printed::default()
        };
        self.make_tokens(controller, &printed, false, token.source)
    }

    fn create_card_token(&mut self, controller: PlayerId, card: &str, source: CardId) -> Option<CardId> {
        // A name no card has (a bundle made by hand) makes a token of that name whose
        // rules the table then fails to find: an error, not a token without its rules.
        let printed = self
            .printed_cards
            .get(card)
            .cloned()
            .unwrap_or_else(|| Printed { name: card.to_string(), ..Printed::default() });
        self.make_tokens(controller, &printed, true, source)
    }

    fn create_copy_token(&mut self, controller: PlayerId, copy: &TokenCopy<'_>) -> Option<CardId> {
        let card = self.get(copy.card)?;
        // A card's rules are found by its name: the copy of a card (or of a card's token)
        // has them; a face-down card's 2/2 and a `token(...)`'s characteristics have none.
        let copies_card = card.has_rules();
        let mut printed = card.printed.clone();
        for ability in copy.abilities {
            let name = CATALOGUE.abilities[ability.index()].name;
            if !printed.abilities.contains(&name) {
                printed.abilities.push(name);
            }
        }
        if !copy.types.is_empty() {
            for word in copy.types {
                if !printed.types.iter().any(|kind| kind == word) {
                    printed.types.push(word.to_string());
                }
            }
            // The type numbers kept for the card's words are not the copy's.
            printed.type_numbers = std::sync::OnceLock::new();
        }
        self.make_tokens(controller, &printed, copies_card, copy.source)
    }

    fn attach(&mut self, source: CardId, target: CardId) -> bool {
        let on_battlefield = |card: CardId| self.get(card).is_some_and(|c| c.zone == BATTLEFIELD);
        if !on_battlefield(source) || !on_battlefield(target) {
            return false;
        }
        let Some(c) = self.get_mut(source) else { return false };
        c.attached = Some(target);
        let controller = c.controller;
        self.events.push(("attached", controller, Value::Card(source)));
        true
    }

    fn attached(&self, source: CardId) -> Option<CardId> {
        let target = self.get(source).filter(|c| c.zone == BATTLEFIELD)?.attached?;
        self.get(target).filter(|c| c.zone == BATTLEFIELD).map(|_| target)
    }

    fn attachments(&self, card: CardId) -> (i32, i32) {
        let (mut equipment, mut auras) = (0i32, 0i32);
        if self.get(card).is_none_or(|c| c.zone != BATTLEFIELD) {
            return (0, 0);
        }
        for (index, c) in self.cards.iter().enumerate() {
            if c.zone != BATTLEFIELD || c.attached != Some(card) {
                continue;
            }
            let types = self.types(CardId(index as u32));
            if types.contains(&"equipment") {
                equipment = equipment.saturating_add(1);
            } else if types.contains(&"aura") {
                auras = auras.saturating_add(1);
            }
        }
        (equipment, auras)
    }

    fn activations(&self, card: CardId) -> i32 {
        self.note_left_out_read();
        self.get(card).map_or(0, |c| c.activations)
    }

    fn count_activation(&mut self, card: CardId) {
        self.note_left_out_read();
        if let Some(c) = self.get_mut(card) {
            c.activations = c.activations.saturating_add(1);
        }
    }

    fn upkeep_paid(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.upkeep_paid)
    }

    fn pay_upkeep(&mut self, card: CardId) {
        if let Some(c) = self.get_mut(card) {
            c.upkeep_paid = true;
        }
    }

    fn echo_done(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.echo_done)
    }

    fn end_echo(&mut self, card: CardId) {
        if let Some(c) = self.get_mut(card) {
            c.echo_done = true;
        }
    }

    fn next_done(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.next_done)
    }

    fn end_next(&mut self, card: CardId) {
        if let Some(c) = self.get_mut(card) {
            c.next_done = true;
        }
    }

    fn x_chosen(&self) -> Option<i32> {
        self.x_chosen
    }

    fn set_x_paid(&mut self, x: i32) {
        self.x_paid = x;
    }

    fn uncounterable(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.printed.uncounterable)
    }

    fn player_target(&self, card: CardId) -> Option<PlayerId> {
        self.get(card)?.player_target
    }

    fn set_player_target(&mut self, card: CardId, player: PlayerId) {
        if let Some(c) = self.get_mut(card) {
            c.player_target = Some(player);
        }
    }

    fn chosen_colour(&self, card: CardId) -> Option<Colour> {
        self.get(card)?.chosen_colour
    }

    fn set_chosen_colour(&mut self, card: CardId, colour: Colour) {
        if let Some(c) = self.get_mut(card) {
            c.chosen_colour = Some(colour);
        }
    }

    fn chosen_type(&self, card: CardId) -> Option<u16> {
        self.get(card)?.chosen_type
    }

    fn set_chosen_type(&mut self, card: CardId, subtype: u16) {
        if let Some(c) = self.get_mut(card) {
            c.chosen_type = Some(subtype);
        }
    }

    fn types_offered(&self) -> Vec<u16> {
        let mut offered: Vec<u16> = Vec::new();
        for index in 0..self.cards.len() {
            let card = CardId(u32::try_from(index).unwrap_or(u32::MAX));
            for word in self.types(card) {
                let subtype = catalogue::CREATURE_SUBTYPES.iter().position(|name| *name == word);
                if let Some(subtype) = subtype.and_then(|subtype| u16::try_from(subtype).ok())
                    && !offered.contains(&subtype)
                {
                    offered.push(subtype);
                }
            }
        }
        offered.sort_by_key(|subtype| catalogue::CREATURE_SUBTYPES.get(usize::from(*subtype)).copied());
        offered.truncate(crate::host::TYPES_OFFERED);
        offered
    }

    fn card_target(&self, card: CardId) -> Option<CardId> {
        self.get(card)?.card_target
    }

    fn set_card_target(&mut self, card: CardId, target: CardId) {
        if let Some(c) = self.get_mut(card) {
            c.card_target = Some(target);
        }
    }

    fn blockers(&self, card: CardId) -> usize {
        self.cards.iter().filter(|c| c.zone == BATTLEFIELD && c.blocking == Some(card)).count()
    }

    fn fresh(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.fresh && c.zone == BATTLEFIELD)
    }

    fn attacked(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.attacked)
    }

    fn mana_spent(&self, card: CardId, colour: Colour) -> i32 {
        self.get(card).map_or(0, |c| c.spent[usize::from(colour).min(5)])
    }

    fn store_card(&mut self, source: CardId, card: CardId) {
        let Some(c) = self.get(card) else { return };
        let snapshot = [self.power(card), self.toughness(card), c.printed.mana_value];
        if let Some(s) = self.get_mut(source) {
            s.stored = Some(snapshot);
        }
    }

    fn devotion(&self, player: PlayerId, colour: Colour) -> i32 {
        let Some(letter) = ['W', 'U', 'B', 'R', 'G'].get(usize::from(colour)) else { return 0 };
        let symbols = |cost: &str| {
            cost.split('{')
                .filter(|symbol| {
                    symbol.split('}').next().is_some_and(|inner| inner.to_ascii_uppercase().contains(*letter))
                })
                .count()
        };
        let count: usize = self
            .zone(player, BATTLEFIELD)
            .into_iter()
            .filter_map(|card| self.get(card))
            .map(|c| symbols(&c.printed.mana_cost))
            .sum();
        i32::try_from(count).unwrap_or(i32::MAX)
    }

    fn stored(&self, source: CardId, what: usize) -> i32 {
        self.get(source).and_then(|c| c.stored).and_then(|stored| stored.get(what).copied()).unwrap_or(0)
    }

    fn raided(&self, player: PlayerId) -> bool {
        self.raided[usize::from(player != P0)]
    }

    fn morbid(&self) -> bool {
        self.creature_died
    }

    fn damaged(&self, player: PlayerId) -> i32 {
        self.damaged[usize::from(player != P0)]
    }

    fn creature_power_total(&self, player: PlayerId) -> i32 {
        self.zone(player, BATTLEFIELD)
            .into_iter()
            .filter(|&card| self.has_type_word(card, "creature"))
            .fold(0i32, |total, card| total.saturating_add(self.power(card)))
    }

    fn combat_opponents(&self, card: CardId, out: &mut Vec<CardId>) {
        for &(blocker, attacker) in &self.ended_blocks {
            let opponent = if attacker == card {
                blocker
            } else if blocker == card {
                attacker
            } else {
                continue;
            };
            if self.get(opponent).is_some_and(|c| c.zone == BATTLEFIELD) && !out.contains(&opponent) {
                out.push(opponent);
            }
        }
    }

    fn active_player(&self) -> PlayerId {
        self.active
    }

    fn upkeep(&self) -> bool {
        self.upkeep
    }

    fn sorcery_timing(&self, player: PlayerId) -> bool {
        self.active == player && self.main_phase
    }
}

/// The most doublings of the tokens made that tokenizers give (`2^10` tokens for one).
const MAX_TOKEN_DOUBLINGS: usize = 10;

/// The most cards a board holds once tokens are made: a token past it is not made (the
/// builtin stops), so that tokenizers' doublings stay bounded on any input.
pub const MAX_BOARD_CARDS: usize = 1 << 16;

impl Board {
    /// Whether `target` has protection from `source`: from a colour of it, or from a spec
    /// it matched (`protection from(spec)`). All damage from it is prevented.
    pub(super) fn protected_from(&self, source: CardId, target: Value) -> bool {
        let (Value::Card(card), Some(_)) = (target, self.get(source)) else { return false };
        let colours = self.colours(source);
        super::COLOUR_PROTECTIONS
            .iter()
            .any(|(ability, colour)| colours.contains(colour) && self.has_ability(card, ability))
            || self.protected_by_spec(card, source)
    }

    /// Whether a `preventalldamage` in force prevents the damage `source` would deal to
    /// `target` now (combat damage while the board deals it).
    pub fn prevented_by_spec(&self, source: CardId, target: Value) -> bool {
        use crate::builtins::prevent::{FROM_TARGETS, TO_TARGETS};
        let combat = self.combat_damage;
        self.effects.iter().filter(|(_, code, ..)| *code == EffectCode::PreventAll).any(|&(id, _, _, flags)| {
            let tag = i32::try_from(id).unwrap_or(i32::MAX);
            let damage_kind = match flags & 3 {
                1 => combat,
                2 => !combat,
                _ => true,
            };
            let to = flags & TO_TARGETS == 0
                || self
                    .effects
                    .iter()
                    .any(|&(_, code, on, of)| code == EffectCode::PreventTo && on == target && of == tag);
            let from = flags & FROM_TARGETS == 0
                || self.effects.on(source).any(|&(_, code, _, of)| code == EffectCode::PreventFrom && of == tag);
            damage_kind && to && from
        })
    }

    /// Whether a `protection from(spec)` in force on `card` matched `source`.
    pub fn protected_by_spec(&self, card: CardId, source: CardId) -> bool {
        let number = i32::try_from(source.0).unwrap_or(i32::MAX);
        self.effects.on(card).any(|&(_, code, _, value)| code == EffectCode::ProtectedFrom && value == number)
    }

    /// Whether `card` cannot be the target of `source`'s spells and abilities
    /// (`cantbetargetof(spec)`, a spec it matched).
    pub fn untargetable_by_spec(&self, card: CardId, source: CardId) -> bool {
        let number = i32::try_from(source.0).unwrap_or(i32::MAX);
        self.effects.on(card).any(|&(_, code, _, value)| code == EffectCode::CantBeTargetOf && value == number)
    }

    /// How much of `amount` damage from `source` to `target` protection and prevention
    /// shields leave, as [`WagicHost::deal_damage`] would deal it now (changing nothing):
    /// a game's log tells a prevented hit as such.
    pub fn damage_after_prevention(&self, source: CardId, target: Value, amount: i32) -> i32 {
        if self.protected_from(source, target) || self.prevented_by_spec(source, target) {
            return 0;
        }
        let shields = self
            .effects
            .iter()
            .filter(|(_, code, on, _)| *code == EffectCode::Prevent && *on == target)
            .fold(0i32, |sum, (.., value)| sum.saturating_add((*value).max(0)));
        amount.max(0).saturating_sub(shields).max(0)
    }

    /// Puts one token onto `controller`'s battlefield.
    /// A token printed so (`copies_card`: a token of a card, with its rules) for
    /// `controller`, made by `source`'s ability, and one more for each doubling:
    /// Tokenizer (Parallel Lives), each permanent with it that the maker's controller
    /// controls doubles the tokens made (Wagic's `ATokenCreator::Tokenizer`). The first
    /// token, or `None` when the board holds no more cards.
    fn make_tokens(
        &mut self,
        controller: PlayerId,
        printed: &Printed,
        copies_card: bool,
        source: CardId,
    ) -> Option<CardId> {
        let maker = self.controller(source);
        // One pass over the cards, not `zone` (which sorts them): a trigger that makes a
        // token whenever one enters makes thousands before the VM's cascade limit stops
        // it, each looking here (found by the `wagic_play` fuzz target: seconds a game).
        let doublings = self
            .cards
            .iter()
            .enumerate()
            .filter(|(_, card)| card.zone == BATTLEFIELD && card.controller == maker)
            .filter(|&(index, _)| self.has_ability(CardId(index as u32), "tokenizer"))
            .take(MAX_TOKEN_DOUBLINGS)
            .count();
        let first = self.make_token(controller, printed.clone(), copies_card, source)?;
        for _ in 1..1usize << doublings {
            self.make_token(controller, printed.clone(), copies_card, source)?;
        }
        Some(first)
    }

    /// One token (see [`Board::make_tokens`]).
    fn make_token(
        &mut self,
        controller: PlayerId,
        printed: Printed,
        copies_card: bool,
        source: CardId,
    ) -> Option<CardId> {
        if self.cards.len() >= MAX_BOARD_CARDS {
            return None;
        }
        let card = CardId(u32::try_from(self.cards.len()).ok()?);
        self.next_order += 1;
        self.add_card(Card {
            controller,
            order: self.next_order,
            token: true,
            copies_card,
            made_by: Some(source),
            ..Card::new(printed, controller, BATTLEFIELD)
        });
        self.moved.push(card);
        Some(card)
    }
}

/// How many `power/toughness` counters the summed `counters` of a card hold: the most
/// whole counters of that kind the sums contain, component by component (0 for a 0/0 kind).
fn counters_of_kind(counters: (i32, i32), power: i32, toughness: i32) -> i32 {
    // Only `i32::MIN / -1` overflows: that sum holds the most.
    let held = |sum: i32, part: i32| (part != 0).then(|| sum.checked_div(part).unwrap_or(i32::MAX).max(0));
    match (held(counters.0, power), held(counters.1, toughness)) {
        (Some(a), Some(b)) => a.min(b),
        (Some(n), None) | (None, Some(n)) => n,
        (None, None) => 0,
    }
}

/// The sign of a power and toughness counter kind: `1/1` (+1/+1 counters) 1, `-1/-1` -1;
/// none for a named kind.
fn power_toughness_kind(name: &str) -> Option<i32> {
    match name {
        "1/1" => Some(1),
        "-1/-1" => Some(-1),
        _ => None,
    }
}
