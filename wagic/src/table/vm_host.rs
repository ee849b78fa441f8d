//! The board answering the VM's runtime: [`Host`] for [`Board`] (zones, types, filters,
//! variables, effects, moves); Wagic's own questions are `host.rs`'s [`WagicHost`].

use crate::catalogue::{self, CATALOGUE};
use crate::host::{EffectCode, WagicHost};
use vm::bytecode::{
    AttributeIdx, CardTypeIdx, ComparableIdx, FilterKeywordIdx, RankingIdx, SubtypeIdx, VariableIdx, ZoneIdx, ZoneRef,
};
use vm::runtime::{CardId, Effect, EffectKind, Env, Host, Lists, PlayerId, RequestKind, Value};

use super::{BATTLEFIELD, Board, P0, P1};

impl Host for Board {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0.min(1))
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.get(card).map_or(P0, |c| c.controller)
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        for player in self.zone_players(env, zone) {
            out.extend(self.zone(player, zone.zone).into_iter().map(Value::Card));
        }
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        self.get(card)?;
        catalogue::CARD_TYPES.iter().position(|ty| self.has_type(card, ty.name)).map(CardTypeIdx::new)
    }

    fn card_has_type(&self, card: CardId, ty: CardTypeIdx) -> bool {
        if self.get(card).is_none() {
            return false;
        }
        match catalogue::CARD_TYPES[ty.index()].name {
            "permanent" => !self.has_type(card, "instant") && !self.has_type(card, "sorcery"),
            "spell" => !self.has_type(card, "land"),
            _ => self.has_type_number(card, ty.index()),
        }
    }

    fn card_subtype_is(&self, card: CardId, subtype: SubtypeIdx) -> bool {
        self.has_subtype(card, subtype.index())
    }

    fn card_name_is(&self, card: CardId, name: &str) -> bool {
        self.has_type_word(card, &name.to_ascii_lowercase())
    }

    fn has_keyword(&self, object: Value, keyword: FilterKeywordIdx) -> bool {
        let Some(card) = object.as_card() else { return false };
        let Some(c) = self.get(card) else { return false };
        match catalogue::FILTERS[keyword.index()].name {
            "tapped" => {
                self.note_left_out_read();
                c.tapped
            }
            "multicolor" => self.colours(card).len() > 1,
            colour @ ("white" | "blue" | "black" | "red" | "green") => self.has_colour(card, colour),
            "token" => c.token,
            // Wagic's attackers stay so until the cleanup step (`MTGCardInstance::cleanup`):
            // after combat, `[attacking]` is "attacked this turn" (Relentless Assault's
            // "untap all creatures that attacked this turn").
            "attacking" => c.attacking || (c.attacked && c.zone == BATTLEFIELD),
            "blocking" => c.blocking.is_some(),
            "blocked" => self.cards.iter().any(|other| other.zone == BATTLEFIELD && other.blocking == Some(card)),
            "damager" => self.damagers.contains(&card),
            "fresh" => c.fresh,
            "enchanted" => WagicHost::attachments(self, card).1 > 0,
            "damaged" => self.victims.iter().any(|(victim, _)| *victim == card),
            // +1/+1 and -1/-1 counters cancel in Wagic too (`Counter::cancelCounter`).
            "counter{any}" => c.counters != (0, 0) || !c.named.is_empty(),
            // Read against the filter's source: `has_keyword_for`.
            "chosentype" | "share!name!" | "share!types!" | "share!color!" => false,
            ability => {
                self.has_ability(card, ability)
                    || (c.zone != BATTLEFIELD && c.printed.written_abilities.contains(&ability))
            }
        }
    }

    fn has_keyword_for(&self, env: &Env, object: Value, keyword: FilterKeywordIdx) -> bool {
        let Some(card) = object.as_card() else { return false };
        match catalogue::FILTERS[keyword.index()].name {
            "chosentype" => {
                let chosen = WagicHost::chosen_type(self, env.source)
                    .and_then(|subtype| catalogue::CREATURE_SUBTYPES.get(usize::from(subtype)));
                chosen.is_some_and(|word| self.has_type(card, word))
            }
            "share!name!" | "share!types!" | "share!color!" => {
                // Wagic compares with the source itself when it targets no card.
                let against = WagicHost::card_target(self, env.source).unwrap_or(env.source);
                self.shares(card, against, catalogue::FILTERS[keyword.index()].name)
            }
            _ => self.has_keyword(object, keyword),
        }
    }

    fn property(&self, object: Value, property: ComparableIdx) -> Option<i32> {
        let card = object.as_card()?;
        let name = catalogue::COMPARABLE_FILTERS.get(property.index())?.name;
        if let Some(counter) = catalogue::counter_name(name) {
            self.get(card)?;
            return Some(WagicHost::named_counters(self, card, counter));
        }
        Some(match name {
            "power" => self.power(card),
            "toughness" => self.toughness(card),
            _ => self.get(card)?.printed.mana_value,
        })
    }

    fn rank_key(&self, object: Value, ranking: RankingIdx, word: u16) -> Option<i64> {
        let card = object.as_card()?;
        let value = match catalogue::RANKING_FILTERS.get(ranking.index())?.name {
            "power" => self.power(card),
            "toughness" => self.toughness(card),
            _ => self.get(card)?.printed.mana_value,
        };
        // `lowest` keeps the smallest key, `highest` the smallest negated one.
        Some(if word == 0 { i64::from(value) } else { -i64::from(value) })
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, _lists: &mut Lists) -> Value {
        match catalogue::VARIABLES[var.index()].name {
            "me" => Value::Player(env.controller),
            "opp" => Value::Player(self.opponent(env.controller)),
            "equipped" | "enchanted" => self.attached(env.source).map_or(Value::Nil, Value::Card),
            "lastattached" => self.last_attached(env.source).map_or(Value::Nil, Value::Card),
            "x" => Value::Int(self.x_paid),
            "kicked" => Value::Int(i32::from(self.kicked == Some(env.source))),
            "alternative" => Value::Int(i32::from(self.alternative == Some(env.source))),
            _ => Value::Nil,
        }
    }

    fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, _lists: &mut Lists) -> Value {
        let Some(card) = object.as_card() else { return Value::Nil };
        match catalogue::ATTRIBUTES[attr.index()].name {
            "power" => Value::Int(self.power(card)),
            "toughness" => Value::Int(self.toughness(card)),
            "manacost" => Value::Int(self.get(card).map_or(0, |c| c.printed.mana_value)),
            _ => Value::Player(self.controller(card)),
        }
    }

    fn continuous_inputs(&self) -> Option<u64> {
        self.continuous_summary()
    }

    fn continuous_refresh(&mut self, running: bool) {
        self.continuous_reads.set_running(running);
    }

    fn auto_may_fire(&self, card: CardId) -> bool {
        // A card that lost its abilities has no triggered or continuous ones.
        !self.lost_abilities(card)
    }

    fn chooser(&self, env: &Env, kind: RequestKind) -> PlayerId {
        match kind {
            // `discardchosen` and `movechosen` ask the player whose cards they are, named
            // by the tag.
            RequestKind::Command(command, player) if catalogue::asks_its_player(command) => {
                if player == 0 {
                    P0
                } else {
                    P1
                }
            }
            // A `newability[pay[[cost]] ...]` asks the transformed card's controller.
            RequestKind::Command(command, tag) if command.index() == catalogue::Command::Pay.index() => {
                crate::builtins::payer_of_tag(tag).unwrap_or(env.controller)
            }
            _ => env.controller,
        }
    }

    fn random(&mut self, bound: u32) -> u32 {
        self.seed = self.seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (self.seed >> 16) % bound.max(1)
    }

    fn apply_effect(&mut self, effect: &Effect) {
        // The runtime applies ability grants; the builtins apply their own effects
        // (`add_effect`).
        if let EffectKind::Ability { target, ability } = effect.kind {
            self.abilities.push((effect.id.0, target, CATALOGUE.abilities[ability.index()].name));
        }
    }

    fn end_effect(&mut self, effect: &Effect) {
        self.end_effects(std::slice::from_ref(effect));
    }

    fn end_effects(&mut self, effects: &[Effect]) {
        // One pass over the effects in force however many end: a lord refreshing over a
        // board of tokens ends one effect a creature.
        let mut ended: Vec<u32> = effects.iter().map(|effect| effect.id.0).collect();
        ended.sort_unstable();
        // The ids one run recorded are a narrow range among those in force.
        let (first, last) = (ended.first().copied().unwrap_or(0), ended.last().copied().unwrap_or(0));
        let is_ended = |id: &u32| (first..=last).contains(id) && ended.binary_search(id).is_ok();
        // A control effect ends: the permanent, still on the battlefield, goes back to the
        // controller it had as the effect began (the runtime's ids count up, so the
        // effects in force are in the order the runtime ends them).
        let control = self.effects.iter().filter(|(id, code, ..)| *code == EffectCode::Control && is_ended(id));
        let restored: Vec<(CardId, i32)> =
            control.filter_map(|(_, _, target, packed)| Some((target.as_card()?, *packed))).collect();
        for (card, packed) in restored {
            if self.get(card).is_some_and(|c| c.zone == BATTLEFIELD) {
                self.set_controller(card, if packed / 2 == 0 { P0 } else { P1 });
            }
        }
        self.effects.retain(|(id, ..)| !is_ended(id));
        self.abilities.retain(|(id, ..)| !is_ended(id));
    }

    fn pile_cards(&mut self, player: PlayerId, zone: ZoneIdx, out: &mut Vec<Value>) {
        out.extend(self.zone(player, zone).into_iter().map(Value::Card));
    }

    fn move_card(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> bool {
        if card.0 as usize >= self.cards.len() {
            return false;
        }
        self.place(card, player, zone, position);
        true
    }
}
