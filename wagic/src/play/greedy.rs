//! A greedy player: choices a Magic player would call sensible, each made by a plain rule
//! rather than a search.
//!
//! - Moves: a land first; with nothing on the stack, the most expensive spell it can
//!   cast that has a use (a permanent; an Aura with a creature on its side to go on;
//!   burn when it kills a creature of the opponent's or the opponent, or at the opponent
//!   when it can hit only players or the hand holds more than it keeps; another harmful
//!   spell when the opponent has a creature — of those it may target, not one protected
//!   from it —; a pump or other helpful instant only for a
//!   creature of its own in combat, once blocks are declared); a harmful ability (a `{T}`
//!   ping) whenever it can; a helpful ability for a creature in combat (a creature's
//!   own regeneration only when the creatures it fights would kill it, once); in its
//!   second main phase, an ability of mana and `{T}` that makes tokens, draws or gains
//!   life; then a
//!   planeswalker's loyalty ability, judged by its own line (`loyalty.rs`); below all
//!   else, cycling a card it has no use for (`uses_from_hand`). With the
//!   opponent's harmful spell or ability on the stack aimed at one of its creatures, it
//!   responds with a helpful instant or ability to save it; with the opponent's helpful
//!   one aimed at the opponent's creature, with burn that kills that creature first (the
//!   helpful spell fizzles); the opponent's spell with a counterspell first of all.
//!   Otherwise it passes.
//! - Targets: a harmful effect at the opponent's side: the player when the damage is
//!   lethal, else the most valuable creature it kills, else the player for damage, else
//!   the most valuable creature or permanent; a helpful one at its own side, the creature
//!   it saves or the most valuable one in combat first. A card to give up (a sacrifice, a
//!   discard) is its least valuable. A `may` is taken, but that of an exile until the
//!   source leaves (`(blink)forsrc`, Fiend Hunter's) while the opponent has no creature:
//!   it would exile its own, and two Fiend Hunters would exile each other in turn.
//! - A colour (`chooseacolor`): for mana (`add{chosencolor}`), the colour most of its own
//!   cards in hand and on the battlefield have; otherwise (protection, a colour to hurt or
//!   to stop) the one most of the opponent's permanents have; the first of Wagic's menu
//!   among equals.
//! - Cleanup: beyond seven cards, a land when five or more of its own are on the
//!   battlefield, else its dearest spell.
//! - Attacks: all of its creatures when together they deal lethal damage though each
//!   creature that can block blocks the strongest attacker it may; else a creature attacks
//!   unless a creature that may block it would kill it and survive (a creature lost for
//!   nothing).
//! - Blocks: a block that kills the attacker and survives, then one that trades up (kills
//!   a more valuable attacker), then one that survives; a chump block only while the
//!   attackers left unblocked would deal lethal damage.
//!
//! Helpful and harmful are read from the card's `auto=` lines (`damage:`, `destroy`,
//! `-2/-2`, a mill, a discard... against `3/3`, `regenerate`, `protection`, a draw...;
//! `effect_reading.rs`): a card that reads as both or neither is neither, and its targets
//! are chosen at random among the candidates, unless what is left without the caster's own
//! gain (a cantrip's draw, a drain's life) reads as one of them.

use vm::runtime::{CardId, Execution, PlayerId, RequestKind, Value};

use super::effect_reading::{Effect, damage_of, effect_of, shrink_of, target_effect_of};
use super::moves::{Move, is_type};
use super::{Game, opponent};
use crate::catalogue::Command;
use crate::host::EffectCode;
use crate::table::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY};
use crate::testfile::Phase;

/// The catalogue's costs opening an ability that pays an upkeep cost.
const UPKEEP_COSTS: [&str; 3] = ["upcost", "echo", "cumulative"];

/// `moves` with, of each ability's moves with an X (`x_moves.rs`), the one of the largest X
/// only: the most of its effect for the mana at hand; none with X = 0, which does nothing
/// for its mana.
pub(super) fn largest_x_only(moves: &[Move]) -> Vec<Move> {
    let larger = |card: CardId, index: usize, x: u16| {
        moves.iter().any(|other| {
            matches!(*other, Move::Activate { card: c, index: i, x: Some(y), .. } if c == card && i == index && y > x)
        })
    };
    moves
        .iter()
        .copied()
        .filter(|chosen| match *chosen {
            Move::Activate { card, index, x: Some(x), .. } => x > 0 && !larger(card, index, x),
            _ => true,
        })
        .collect()
}

impl Game<'_> {
    /// A card's `auto=` lines as one text (the effect its abilities and spell read as).
    pub(super) fn effect_text(&self, card: CardId) -> String {
        // An ability an Aura or Equipment gives (`given.rs`) is the creature's, not what
        // the card does: a ping it gives helps its side.
        let own = |c: &crate::table::Card| {
            let given = |auto: &&String| !c.printed.given_lines.is_empty() && crate::front::is_taught_activation(auto);
            c.printed.autos.iter().filter(|auto| !given(auto)).cloned().collect::<Vec<_>>().join(" ")
        };
        self.table.board.get(card).map_or_else(String::new, own)
    }

    /// The text of the spell or ability on top of the stack, whose source is `source`: an
    /// ability another card gave it reads as its own line (`given.rs`).
    fn top_text(&self, source: CardId) -> String {
        let given = match self.stack.last().map(|item| &item.resolution) {
            Some(crate::table::stack::Resolution::Targeted { execution, .. }) => self.given_execution_text(execution),
            _ => None,
        };
        given.unwrap_or_else(|| self.effect_text(source))
    }

    /// What a permanent is worth keeping: twice its power, its toughness, its mana value,
    /// and one for each keyword ability it has.
    pub(super) fn value(&self, card: CardId) -> i32 {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return 0 };
        let mut value = c.printed.mana_value.max(0);
        if board.has_type(card, "creature") {
            value += 2 * board.power(card).max(0) + board.toughness(card).max(0);
            for keyword in ["flying", "firststrike", "doublestrike", "trample", "deathtouch", "lifelink", "haste"] {
                value += i32::from(board.has_ability(card, keyword));
            }
        }
        value
    }

    /// The toughness a creature has left this turn.
    pub(super) fn toughness_left(&self, card: CardId) -> i32 {
        let board = &self.table.board;
        board.toughness(card).saturating_sub(board.get(card).map_or(0, |c| c.damage))
    }

    /// The creatures a player controls.
    pub(super) fn creatures(&self, player: PlayerId) -> Vec<CardId> {
        let board = &self.table.board;
        board.zone(player, BATTLEFIELD).into_iter().filter(|card| board.has_type(*card, "creature")).collect()
    }

    fn in_combat(&self, card: CardId) -> bool {
        self.table.board.get(card).is_some_and(|c| c.attacking || c.blocking.is_some())
    }

    /// The move a greedy player makes among `moves`, or a pass.
    pub(super) fn greedy_move(&mut self, player: PlayerId, moves: &[Move]) -> Option<Move> {
        self.ability_line = None;
        let moves = &largest_x_only(moves);
        if let Some(land) = moves.iter().find(|chosen| matches!(chosen, Move::PlayLand(_))) {
            return Some(*land);
        }
        if let Some((source, controller, ability, target)) = self.stack_top() {
            if controller == player {
                return None;
            }
            // The opponent's spell: countered when it can be.
            let counter = moves.iter().copied().find(|chosen| !ability && self.counters(*chosen));
            if counter.is_some() {
                self.focus = Some(source);
                return counter;
            }
            // Else only the opponent's spell or ability aimed at a creature is answered: a
            // harmful one at its own, to save it; a helpful one at the opponent's, to kill
            // that creature first (the helpful spell then fizzles).
            let aimed = target.and_then(Value::as_card)?;
            let owner = self.table.board.get(aimed).map(|c| c.controller)?;
            let wanted = match effect_of(&self.top_text(source)) {
                Effect::Harmful if owner == player => Effect::Helpful,
                Effect::Helpful if owner != player => Effect::Harmful,
                _ => return None,
            };
            self.focus = Some(aimed);
            let response = moves.iter().copied().find(|chosen| self.answers_with(player, *chosen, wanted, aimed));
            if response.is_none() {
                self.focus = None;
            }
            return response;
        }
        self.focus = None;
        // Pumps wait until the blocks are known.
        let combat =
            self.phase == Phase::CombatBlockers && self.creatures(player).into_iter().any(|card| self.in_combat(card));
        let mut best: Option<(i32, Move)> = None;
        for &chosen in moves {
            let action = if let Move::Activate { index, .. } = chosen { index } else { 0 };
            let (source, spell) = match chosen {
                Move::PlayLand(_) => continue,
                // Cast face down, a card is worth the 2/2 it is (its own cast, if a move
                // too, is worth more); turned face up, the card it is.
                Move::CastFaceDown(card) => (card, true),
                // Suspended, a card is worth itself less the turns it waits.
                Move::Suspend(card) => (card, true),
                Move::TurnFaceUp(card) => {
                    let worth = self.table.board.face(card).map_or(0, |face| face.mana_value);
                    if best.is_none_or(|(most, _)| worth > most) {
                        best = Some((worth, chosen));
                    }
                    continue;
                }
                Move::Cast(card)
                | Move::CastKicked(card)
                | Move::Flashback(card)
                | Move::Retrace { card, .. }
                | Move::CastAlternative(card)
                | Move::CastBuyback(card) => (card, true),
                Move::Activate { card, index, .. } if self.used_from_graveyard(card, index) => {
                    if !self.brings_back(player, card, index) {
                        continue;
                    }
                    // Worth the card brought back, as casting it is.
                    (card, true)
                }
                Move::Activate { card, index, .. } if self.table.board.get(card).is_some_and(|c| c.zone == HAND) => {
                    // Cycling and the like: below any other move, and only for a card it
                    // has no use for.
                    if self.uses_from_hand(player, card, index, combat) && best.is_none_or(|(most, _)| -2 > most) {
                        best = Some((-2, chosen));
                    }
                    continue;
                }
                // A planeswalker's abilities are judged by their own lines (`loyalty.rs`).
                Move::Activate { card, .. } if self.is_planeswalker(card) => continue,
                // An upkeep cost keeps its permanent: paid whenever it can be, first.
                Move::Activate { card, index, .. } if self.pays_upkeep(card, index) => return Some(chosen),
                Move::Activate { card, .. } => (card, false),
            };
            let from_graveyard = matches!(chosen, Move::Activate { .. }) && spell;
            if !from_graveyard && !self.has_use(player, source, action, spell, combat) {
                continue;
            }
            let mut cost = if spell { self.table.board.get(source).map_or(0, |c| c.printed.mana_value) } else { -1 };
            if let Move::Suspend(card) = chosen {
                let time = self.suspend_cost(card).map_or(0, |(_, time)| i32::try_from(time).unwrap_or(i32::MAX));
                cost = cost.saturating_sub(time).max(0);
            }
            if matches!(chosen, Move::CastFaceDown(_)) {
                cost = 2;
            }
            // Cast for its alternative cost (life, cards), worth one less than for its own.
            if matches!(chosen, Move::CastAlternative(_)) {
                cost = cost.saturating_sub(1);
            }
            // Kicked is worth its kicker more: the kicked cast is taken when both are moves.
            if matches!(chosen, Move::CastKicked(_)) {
                cost = cost.saturating_add(self.kicker_value(source).max(1));
            }
            // With buyback is worth the buyback more: the card comes back to be cast again.
            if matches!(chosen, Move::CastBuyback(_)) {
                cost = cost.saturating_add(self.buyback_value(source));
            }
            if best.is_none_or(|(most, _)| cost > most) {
                best = Some((cost, chosen));
            }
        }
        match best {
            // Cycling is below a loyalty ability.
            Some((worth, chosen)) if worth > -2 => Some(chosen),
            other => self.greedy_loyalty_move(player, moves).or(other.map(|(_, chosen)| chosen)),
        }
    }

    /// Whether the graveyard ability `index` of `card` returns the card to its owner's hand
    /// or battlefield, in `player`'s own main phase with the stack empty (when a creature
    /// brought back can be cast or can attack soonest).
    fn brings_back(&self, player: PlayerId, card: CardId, index: usize) -> bool {
        let sorcery_speed = self.phase.is_main() && player == self.table.board.active && self.stack.is_empty();
        let line = self.ability_text(card, index).unwrap_or_default().to_ascii_lowercase().replace(' ', "");
        let effect = line.split_once(':').map_or("", |(_, effect)| effect);
        let returns = ["moveto(myhand)", "moveto(ownerhand)", "moveto(mybattlefield)", "moveto(ownerbattlefield)"];
        sorcery_speed && !effect.contains("target(") && returns.iter().any(|zone| effect.starts_with(zone))
    }

    /// Whether casting `source` (`spell`) or activating its ability `action` is worth it
    /// now.
    fn has_use(&self, player: PlayerId, source: CardId, action: usize, spell: bool, combat: bool) -> bool {
        let foe = opponent(player);
        // An ability another card gives it is judged by its own line (`given.rs`).
        let text = self.given_text(source, action).filter(|_| !spell).unwrap_or_else(|| self.effect_text(source));
        let effect = effect_of(&text);
        if !spell && text.to_ascii_lowercase().contains("add{") && effect == Effect::Unknown {
            // A mana ability: lands and creatures are tapped for what a cost needs.
            return false;
        }
        if !spell && self.builds_up(source, action) {
            // Mana left once its spells are cast, after combat (a `{T}` creature has
            // attacked or stayed back by then).
            return self.phase == Phase::SecondMain && player == self.table.board.active && self.stack.is_empty();
        }
        if !spell && self.retargets(source, action) {
            // Moving an Aura (Stasis Cell's `retarget`) is worth its mana only onto a
            // better creature than the one it is on.
            return self.better_home(player, source, effect);
        }
        if !spell && self.regenerates_itself(source, action) {
            // A shield is worth its mana only for a creature about to die in combat, and
            // one shield is enough.
            return self.dies_in_combat(source) && !self.shielded(source);
        }
        let Some(c) = self.table.board.get(source) else { return false };
        let (instant_or_sorcery, aura) = (
            is_type(&c.printed.types, "instant") || is_type(&c.printed.types, "sorcery"),
            is_type(&c.printed.types, "aura"),
        );
        if spell && !instant_or_sorcery && !aura {
            // A second copy of a legend it controls would only go to the graveyard.
            return !self.legend_held(player, source);
        }
        match effect {
            Effect::Harmful => {
                // What it may aim at on the opponent's side: the opponent and their
                // creatures, less those its targets cannot be (protection, shroud...).
                let theirs = self.targets_of_theirs(player, source, action);
                let aimable = |value: Value| theirs.as_ref().is_none_or(|theirs| theirs.contains(&value));
                let creatures = self.creatures(foe).into_iter().filter(|card| aimable(Value::Card(*card)));
                match damage_of(&text, self.mana_at_hand(player)) {
                    // Burn: a creature it kills, or the player when it is lethal, when the
                    // spell can hit only players (Lava Spike) or when the hand holds more
                    // than it keeps (a card discarded anyway); an ability's damage (a `{T}`
                    // ping) is free to use on the player.
                    Some(damage) => {
                        let only_players = self.aims_only_at_players(source, action);
                        let overflowing = super::hand_limit(&self.table.board, player)
                            .is_some_and(|limit| self.table.board.zone(player, HAND).len() > limit);
                        !spell && theirs.as_ref().is_none_or(|theirs| !theirs.is_empty())
                            || damage >= self.table.board.player(foe).life && aimable(Value::Player(foe))
                            || (only_players || overflowing) && aimable(Value::Player(foe))
                            || creatures.into_iter().any(|card| self.toughness_left(card) <= damage)
                    }
                    // A spell choosing from the hand of the player it targets (Duress's
                    // `targetedpersonshand`): the opponent's hand holds a card.
                    None if text.to_ascii_lowercase().contains("targetedpersonshand") => {
                        !self.table.board.zone(foe, HAND).is_empty()
                    }
                    None => match theirs {
                        Some(theirs) => !theirs.is_empty(),
                        None => creatures.count() > 0,
                    },
                }
            }
            Effect::Helpful if spell && aura => !self.creatures(player).is_empty(),
            Effect::Helpful => combat || spell && !instant_or_sorcery,
            Effect::Unknown => spell && !aura,
        }
    }

    /// Whether ability `action` of `card` pays its upkeep cost (`upcost[...]`, an echo, a
    /// cumulative upkeep): its first cost is one of those the front end gives them.
    fn pays_upkeep(&self, card: CardId, action: usize) -> bool {
        let Ok(rules) = self.table.rules(card) else { return false };
        let program = &self.table.library().program;
        let first = program.cards().get(rules.index()).and_then(|data| data.actions.get(action)?.costs.first());
        first.is_some_and(|cost| {
            crate::CATALOGUE.costs.get(cost.cost.index()).is_some_and(|spec| UPKEEP_COSTS.contains(&spec.name))
        })
    }

    /// Whether ability `action` of `card` costs only mana and `{T}` and, with no target,
    /// makes tokens, draws or gains life (Imperious Perfect's `{G}{T}:token(...)`).
    fn builds_up(&self, card: CardId, action: usize) -> bool {
        let line = self.ability_text(card, action).unwrap_or_default().to_ascii_lowercase();
        let Some((cost, effect)) = line.split_once(':') else { return false };
        let mana_and_tap = cost.chars().all(|c| "{}0123456789wubrgt ".contains(c));
        let builds = ["token(", "draw:", "life:"].iter().any(|word| effect.trim_start().starts_with(word));
        mana_and_tap
            && builds
            && !effect.contains("life:-")
            && !effect.contains("target(")
            && effect_of(effect) != Effect::Harmful
    }

    /// Whether ability `action` of `card` moves the Aura itself (`{3}{U}:retarget target(creature)`).
    fn retargets(&self, card: CardId, action: usize) -> bool {
        let line = self.ability_text(card, action).unwrap_or_default().to_ascii_lowercase();
        line.split_once(':').is_some_and(|(_, effect)| effect.trim_start().starts_with("retarget"))
    }

    /// Whether a creature on the side an Aura of `effect` belongs on (the opponent's for a
    /// harmful one, `player`'s for a helpful one) is worth more than the one it is on.
    fn better_home(&self, player: PlayerId, aura: CardId, effect: Effect) -> bool {
        let side = match effect {
            Effect::Harmful => opponent(player),
            Effect::Helpful => player,
            Effect::Unknown => return false,
        };
        let board = &self.table.board;
        let on = board.get(aura).and_then(|c| c.attached);
        let here =
            on.filter(|card| board.get(*card).is_some_and(|c| c.controller == side)).map(|card| self.value(card));
        let best = self.creatures(side).into_iter().filter(|card| Some(*card) != on).map(|card| self.value(card)).max();
        best.is_some_and(|best| here.is_none_or(|here| best > here))
    }

    /// Whether ability `action` of `card` regenerates the card itself (`{B}:regenerate`).
    fn regenerates_itself(&self, card: CardId, action: usize) -> bool {
        let line = self.ability_text(card, action).unwrap_or_default().to_ascii_lowercase();
        let effect = line.split_once(':').map_or(line.as_str(), |(_, effect)| effect).trim();
        effect == "regenerate" || effect == "regenerate all(this)"
    }

    /// Whether a creature in combat, blocks declared, is dealt at least the toughness it
    /// has left by the creatures it fights (any damage from one with deathtouch).
    fn dies_in_combat(&self, card: CardId) -> bool {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return false };
        let foes: Vec<CardId> = match c.blocking {
            Some(attacker) => vec![attacker],
            None if c.attacking => board
                .cards
                .iter()
                .enumerate()
                .filter(|(_, other)| other.zone == BATTLEFIELD && other.blocking == Some(card))
                .map(|(index, _)| CardId(index as u32))
                .collect(),
            None => return false,
        };
        let power: i32 = foes.iter().map(|foe| board.power(*foe).max(0)).sum();
        let deathtouch = foes.iter().any(|foe| board.has_ability(*foe, "deathtouch") && board.power(*foe) > 0);
        power >= self.toughness_left(card).max(1) || deathtouch
    }

    /// Whether a regeneration shield stands on a card.
    fn shielded(&self, card: CardId) -> bool {
        self.table.board.effects.on(card).any(|(_, code, _, value)| *code == EffectCode::Regenerate && *value > 0)
    }

    /// Whether `player` uses ability `index` of `card`, in their hand, now: cycling (or
    /// landcycling) a card it has no use for (a land beside five of its own, a spell
    /// costing more than its lands and two more could pay; a basic land searched for
    /// with fewer than four and none in hand); another hand ability by its own line, as
    /// a permanent's (a harmful one, a helpful one for a creature in combat).
    fn uses_from_hand(&self, player: PlayerId, card: CardId, index: usize, combat: bool) -> bool {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return false };
        let line = self.ability_text(card, index).unwrap_or_default().to_ascii_lowercase();
        let is_land = |card: &CardId| board.has_type(*card, "land");
        let lands = board.zone(player, BATTLEFIELD).iter().filter(|card| is_land(card)).count();
        if line.contains("landcycling") {
            return lands < 4 && !board.zone(player, HAND).iter().any(is_land);
        }
        if line.contains("cycling") || line.contains("{cycle}") {
            return if is_type(&c.printed.types, "land") {
                lands >= 5
            } else {
                usize::try_from(c.printed.mana_value).unwrap_or(0) > lands + 2
            };
        }
        match effect_of(line.split_once(':').map_or(line.as_str(), |(_, effect)| effect)) {
            Effect::Harmful => true,
            Effect::Helpful => combat,
            Effect::Unknown => false,
        }
    }

    /// The targets that casting `source` or activating its ability `action` may take on
    /// `player`'s opponent's side (the opponent, their permanents), less those refused
    /// (protection, shroud, hexproof); `None` when it takes none or they cannot be
    /// peeked at (a filter that runs code).
    pub(super) fn targets_of_theirs(&self, player: PlayerId, source: CardId, action: usize) -> Option<Vec<Value>> {
        let spec = self.target_spec(source, action)?;
        let board = &self.table.board;
        let mut candidates = self.peek_candidates(source, player, &spec)?;
        candidates.retain(|value| {
            let theirs = match *value {
                Value::Player(someone) => someone != player,
                Value::Card(card) => board.get(card).is_some_and(|c| c.controller != player),
                _ => false,
            };
            theirs && !crate::table::stack::refused(board, source, player, *value)
        });
        Some(candidates)
    }

    /// The mana a player could spend now: their pool and their untapped lands (an `{X}`
    /// spell's X is about this less its other costs).
    fn mana_at_hand(&self, player: PlayerId) -> i32 {
        let pool: i32 = self.table.board.player(player).mana.iter().sum();
        pool.saturating_add(i32::try_from(self.mana_lands(player).len()).unwrap_or(i32::MAX))
    }

    /// Whether a move casts a spell that counters a spell (`fizzle`).
    fn counters(&self, chosen: Move) -> bool {
        let (Move::Cast(card)
        | Move::CastKicked(card)
        | Move::Flashback(card)
        | Move::Retrace { card, .. }
        | Move::CastAlternative(card)
        | Move::CastBuyback(card)) = chosen
        else {
            return false;
        };
        self.effect_text(card).to_ascii_lowercase().contains("fizzle")
    }

    /// Whether a move casts or activates something of the `wanted` effect that does its
    /// work on `aimed`: anything helpful saves it; a harmful one must kill it.
    fn answers_with(&self, player: PlayerId, chosen: Move, wanted: Effect, aimed: CardId) -> bool {
        let source = match chosen {
            Move::PlayLand(_) | Move::CastFaceDown(_) | Move::TurnFaceUp(_) | Move::Suspend(_) => return false,
            // Its card's own lines say nothing of an ability from the graveyard.
            Move::Activate { card, index, .. } if self.used_from_graveyard(card, index) => return false,
            Move::Activate { card, index, .. } if self.given(card, index).is_some() => {
                return self
                    .given_text(card, index)
                    .is_some_and(|text| self.answers_with_text(player, &text, wanted, aimed));
            }
            Move::Cast(card)
            | Move::CastKicked(card)
            | Move::Flashback(card)
            | Move::Retrace { card, .. }
            | Move::CastAlternative(card)
            | Move::CastBuyback(card)
            | Move::Activate { card, .. } => card,
        };
        self.answers_with_text(player, &self.effect_text(source), wanted, aimed)
    }

    /// Whether a spell or ability whose lines are `text` is of the `wanted` effect and does
    /// its work on `aimed`, as [`Game::answers_with`] says.
    fn answers_with_text(&self, player: PlayerId, text: &str, wanted: Effect, aimed: CardId) -> bool {
        if effect_of(text) != wanted {
            return false;
        }
        wanted == Effect::Helpful
            || match (damage_of(text, self.mana_at_hand(player)), shrink_of(text)) {
                (Some(damage), _) => damage >= self.toughness_left(aimed),
                (None, Some(shrink)) => shrink >= self.table.board.toughness(aimed),
                (None, None) => true,
            }
    }

    /// A greedy player's answer to a spell's or ability's question.
    pub(super) fn greedy_answer(&mut self, execution: &Execution) -> Vec<Value> {
        let request = execution.request();
        let mut candidates = self.candidates(execution);
        if matches!(request.kind, RequestKind::May | RequestKind::Confirm(_)) {
            let source = execution.env().source;
            let text = self.given_execution_text(execution).unwrap_or_else(|| self.answer_text(source));
            let own_exile = text.to_ascii_lowercase().contains("(blink)forsrc")
                && self.creatures(opponent(request.chooser)).is_empty();
            if own_exile {
                return vec![Value::Bool(false)];
            }
            if candidates.is_empty() {
                return vec![Value::Bool(true)];
            }
        }
        if is_pay(request.kind) {
            // A cost asked only when it can be paid: paid, as a `may` is taken (and what
            // happens unless it is paid is the harm).
            return vec![Value::Bool(true)];
        }
        let most = usize::from(request.max).min(candidates.len());
        let least = usize::from(request.min).min(most);
        if request.kind == RequestKind::Action {
            return candidates.into_iter().take(most.max(least)).collect();
        }
        let source = execution.env().source;
        if matches!(request.kind, RequestKind::Command(command, _) if command.index() == Command::ChooseColor.index()) {
            return self.greedy_colour(source, request.chooser, &candidates).into_iter().collect();
        }
        if matches!(request.kind, RequestKind::Command(command, _) if command.index() == Command::ChooseType.index()) {
            return self.greedy_type(source, request.chooser, &candidates).into_iter().collect();
        }
        if matches!(request.kind, RequestKind::Command(command, _) if command.index() == Command::Chosen.index()) {
            return self.greedy_mode(source, request.chooser, &candidates).into_iter().collect();
        }
        if matches!(request.kind, RequestKind::Command(command, _) if command.index() == Command::Proliferate.index()) {
            return self.greedy_proliferate(execution, request.chooser);
        }
        if matches!(request.kind, RequestKind::Command(command, _) if crate::catalogue::asks_its_player(command)) {
            if least < most {
                // Cards the player may put onto the battlefield (Show and Tell): the most
                // valuable, as many as they may.
                candidates.sort_by_key(|value| std::cmp::Reverse(value.as_card().map_or(0, |card| self.value(card))));
                candidates.truncate(most);
                return candidates;
            }
            // Cards to give up (discarded, sacrificed, put away): the least valuable.
            candidates.sort_by_key(|value| value.as_card().map_or(0, |card| self.value(card)));
            candidates.truncate(least);
            return candidates;
        }
        let me = request.chooser;
        let text = self.given_execution_text(execution).unwrap_or_else(|| self.answer_text(source));
        let effect = target_effect_of(&text);
        let all_mine = candidates.iter().all(|value| match value {
            Value::Card(card) => self.table.board.get(*card).is_some_and(|c| c.controller == me),
            _ => false,
        });
        let scores: Vec<i32> = if effect == Effect::Unknown && all_mine {
            // A card to give up: the least valuable first.
            candidates.iter().map(|value| value.as_card().map_or(0, |card| -self.value(card))).collect()
        } else if effect == Effect::Unknown {
            self.rng.shuffle(&mut candidates);
            return candidates.into_iter().take(least.max(most.min(1))).collect();
        } else {
            candidates.iter().map(|value| self.target_score(*value, me, effect, &text)).collect()
        };
        let mut ranked: Vec<(i32, Value)> = scores.into_iter().zip(candidates).collect();
        // Stable: among equal scores, the runtime's order.
        ranked.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        let give_up = effect == Effect::Unknown;
        ranked
            .into_iter()
            .enumerate()
            .take_while(|(taken, (score, _))| *taken < least || (*taken < most && !give_up && *score > 0))
            .map(|(_, (_, value))| value)
            .collect()
    }

    /// The colour `me` chooses for `source`'s `chooseacolor` among `offered` (colour
    /// indices): for mana, the one most of `me`'s cards in hand and on the battlefield
    /// have, else the one most of the opponent's permanents have; the first among equals.
    fn greedy_colour(&self, source: CardId, me: PlayerId, offered: &[Value]) -> Option<Value> {
        let board = &self.table.board;
        let mana = self.answer_text(source).to_ascii_lowercase().contains("add{chosencolor}");
        let cards = if mana {
            let mut cards = board.zone(me, HAND);
            cards.extend(board.zone(me, BATTLEFIELD));
            cards
        } else {
            board.zone(opponent(me), BATTLEFIELD)
        };
        let count = |value: &Value| {
            crate::catalogue::colour_name(*value)
                .map_or(0, |name| cards.iter().filter(|card| board.colours(**card).contains(&name)).count())
        };
        // The first of the best: `max_by_key` keeps the last of equals.
        offered.iter().rev().max_by_key(|value| count(value)).copied()
    }

    /// The creature type `me` chooses for `source` among `offered`: for a harmful effect
    /// the one the opponent has most creatures of less those of `me`, else the other way
    /// round; among equals, the one most (for a harmful effect, fewest) of the cards of
    /// `me` in any zone are of; the first of the best.
    fn greedy_type(&self, source: CardId, me: PlayerId, offered: &[Value]) -> Option<Value> {
        let board = &self.table.board;
        let harmful = effect_of(&self.answer_text(source)) == Effect::Harmful;
        let (gaining, losing) = if harmful { (opponent(me), me) } else { (me, opponent(me)) };
        let (gaining, losing) = (self.creatures(gaining), self.creatures(losing));
        let own: Vec<CardId> =
            [HAND, LIBRARY, BATTLEFIELD, GRAVEYARD].iter().flat_map(|zone| board.zone(me, *zone)).collect();
        let score = |value: &Value| {
            let Some(name) = crate::catalogue::creature_type_name(*value) else { return (i64::MIN, 0) };
            let of_type = |cards: &[CardId]| {
                i64::try_from(cards.iter().filter(|card| board.types(**card).contains(&name)).count()).unwrap_or(0)
            };
            let mine = if harmful { -of_type(&own) } else { of_type(&own) };
            (of_type(&gaining) - of_type(&losing), mine)
        };
        // The first of the best: `max_by_key` keeps the last of equals.
        offered.iter().rev().max_by_key(|value| score(value)).copied()
    }

    /// The mode of `source`'s `choice` lines `me` chooses among `offered` (their labels):
    /// a harmful one when the opponent has a permanent for it, else one that reads as
    /// neither, else a helpful one when `me` has a creature for it; the first of the best.
    fn greedy_mode(&self, source: CardId, me: PlayerId, offered: &[Value]) -> Option<Value> {
        let board = &self.table.board;
        let lines: Vec<&str> = board.get(source).map(|c| c.printed.autos.iter().map(String::as_str).collect())?;
        let modes = crate::front::mode_labels(lines);
        let theirs = !board.zone(opponent(me), BATTLEFIELD).is_empty();
        let mine = !self.creatures(me).is_empty();
        let score = |value: &Value| {
            let label = self.shown(*value);
            let effect = modes.iter().find(|(mode, _)| *mode == label).map_or("", |(_, effect)| *effect);
            match effect_of(effect) {
                Effect::Harmful if theirs => 3,
                Effect::Unknown => 2,
                Effect::Helpful if mine => 1,
                _ => 0,
            }
        };
        // The first of the best: `max_by_key` keeps the last of equals.
        offered.iter().rev().max_by_key(|value| score(value)).copied()
    }

    /// How good a target is for an effect of `me`'s: above 0 worth choosing.
    fn target_score(&self, value: Value, me: PlayerId, effect: Effect, text: &str) -> i32 {
        let board = &self.table.board;
        let harmful = effect == Effect::Harmful;
        match value {
            Value::Player(player) => {
                let theirs = player != me;
                if !harmful {
                    return if theirs { -1000 } else { 5 };
                }
                if !theirs {
                    return -1000;
                }
                match damage_of(text, board.x_paid) {
                    Some(damage) if damage >= board.player(player).life => 1000,
                    Some(_) => 20,
                    None => -1,
                }
            }
            Value::Card(card) => {
                let Some(c) = board.get(card) else { return -1000 };
                let theirs = c.controller != me;
                let value = self.value(card);
                let creature = board.has_type(card, "creature");
                if !harmful {
                    if theirs || c.zone != BATTLEFIELD && c.zone != HAND {
                        return -1000 - value;
                    }
                    let saving = if self.focus == Some(card) { 500 } else { 0 };
                    return saving + 100 * i32::from(self.in_combat(card)) + value + 1;
                }
                if !theirs {
                    return -1000 - value;
                }
                let left = self.toughness_left(card);
                let kills = match (damage_of(text, board.x_paid), shrink_of(text)) {
                    (Some(damage), _) => damage >= left,
                    (None, Some(shrink)) => shrink >= board.toughness(card),
                    (None, None) => true,
                };
                let focus = if self.focus == Some(card) { 500 } else { 0 };
                match (creature, kills) {
                    (true, true) => focus + 100 + value,
                    (true, false) => 1 + value / 4,
                    (false, _) => 10 + value,
                }
            }
            _ => 0,
        }
    }
}

/// Whether a question is the catalogue's `pay` asking whether to pay its cost.
pub(super) fn is_pay(kind: RequestKind) -> bool {
    matches!(kind, RequestKind::Command(command, _) if command.index() == Command::Pay.index())
}
