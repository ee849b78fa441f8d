//! Which decisions are legal now, outside card questions (Main: characters, actions,
//! back-ups, ■ abilities; Attack: attackers and United Attacks; Counter-attack: blockers
//! and reactions), for [`Game::legal_moves`].
//!
//! Legality may ask hooks, `beforePayCost` autos and requisites, and try an activation,
//! all of which run card code; that code must never change the game itself, so it runs
//! on a copy. A [`Probe`] makes that copy only when some card code would actually run:
//! while no auto listens to what a check asks and no card's rules need trying, the checks
//! read the game as it is, which gives the same answers the copy would. A trial whose
//! stages only read the game (requisites, rule target and cost filters that run no code,
//! costs `{F}`, `{S}`, `{D}`) is answered from the game too, without a copy
//! (`Game::trial_answer_read`): of the ~21 trials a random game of `deck-1` against
//! `deck-2` ran on copies, none is left (6 in the 3,510 games of `rsc sim --all-decks
//! --games 10`).

use smallvec::SmallVec;
use stdlib::catalogue::COST_TYPES;
use stdlib::costs::{Checked, CostFacts};
use stdlib::names;
use vm::bytecode::{CardIdx, EventIdx, VariableIdx};
use vm::runtime::{Event, Value};

use crate::engine::{Game, HookAnswer};
use crate::moves::{MAX_HAND, Move};
use crate::phases::CostType;
use crate::set::{AbilityType, CardKind, Subtypes};
use crate::state::{CardRef, GameState, RING_SLOTS, Role, Seat, UA_COST_PER_JOINER, UA_MAX, Zone};

/// The game legality is checked on: the game itself until card code must run, then a
/// copy of it (log emptied) that every later check of the same listing shares, as the
/// single copy made up front did.
pub(crate) struct Probe<'a> {
    base: &'a Game,
    copy: Option<Box<Game>>,
    /// The base game has no event queued or auto running, and the runtime's cards in
    /// play match the board: asking a hook nothing listens to changes nothing.
    quiet: bool,
    /// Trials whose answer the game gives ([`Game::trial_answer_read`]) are not run.
    reads_trials: bool,
    /// Per cost type, whether some auto of the base game listens to its `beforePayCost`
    /// event for this player: the base does not change while the probe reads it, so a
    /// listing asks once per cost type rather than once per card.
    cost_listeners: [Option<(Seat, bool)>; COST_TYPE_COUNT],
}

/// The stdlib's cost types.
const COST_TYPE_COUNT: usize = COST_TYPES.len();

impl Drop for Probe<'_> {
    fn drop(&mut self) {
        if let Some(copy) = self.copy.take() {
            Game::discard_copy(copy);
        }
    }
}

impl<'a> Probe<'a> {
    pub(crate) fn new(base: &'a Game) -> Probe<'a> {
        let quiet = base.runtime.is_idle() && base.in_sync();
        Probe { base, copy: None, quiet, reads_trials: true, cost_listeners: [None; COST_TYPE_COUNT] }
    }

    /// A probe that copies the game before the first check, runs every check on the
    /// copy and every trial on a copy of its own: what legality did before it read the
    /// game itself, kept as the reference the fast answers are tested against.
    #[cfg(test)]
    pub(crate) fn copying(base: &'a Game) -> Probe<'a> {
        Probe {
            base,
            copy: Some(base.scratch_copy()),
            quiet: false,
            reads_trials: false,
            cost_listeners: [None; COST_TYPE_COUNT],
        }
    }

    fn game(&self) -> &Game {
        self.copy.as_deref().unwrap_or(self.base)
    }

    fn state(&self) -> &GameState {
        &self.game().state
    }

    /// The game card code may run on (the copy, made now if need be).
    fn game_mut(&mut self) -> &mut Game {
        let base = self.base;
        self.copy.get_or_insert_with(|| base.scratch_copy())
    }

    /// Whether checks may still read the base game instead of running code on a copy.
    fn reading_base(&self) -> bool {
        self.copy.is_none() && self.quiet
    }

    /// [`Game::hook`], without a copy when no hook auto would be selected (the abilities
    /// in force answer alone). No auto can be when none of the set listens to the hook.
    fn hook(&mut self, idx: EventIdx, object: Value, player: Seat, bindings: &[(VariableIdx, Value)]) -> HookAnswer {
        if self.reading_base() {
            let game = self.base;
            let by_ability = stdlib::keywords::hook_answer(game.runtime.effects(), idx, object);
            if by_ability == Some(false) {
                return HookAnswer::No;
            }
            if !game.set.may_listen(idx, true) {
                return HookAnswer::from_answer(by_ability);
            }
            let event = Event::new(idx, player.pid()).with_object(object);
            if !game.runtime.selects_any(&event, true) {
                return HookAnswer::from_answer(by_ability);
            }
        }
        self.game_mut().hook(idx, object, player, bindings)
    }

    /// Whether `player` can pay a cost now, `beforePayCost` autos included: without a copy
    /// when no auto listens to that event (the `alterCost` modifiers decide alone), nor
    /// when the player has no SP and the modifiers leave a cost: [`Game::cost_now`] never
    /// makes a cost free that its modifiers leave (what the autos add ends at -1 at most).
    fn affordable(&mut self, player: Seat, cost_type: CostType, base: i32, card: Option<CardRef>) -> bool {
        let cost = if base >= 0 {
            base
        } else if self.reading_base() && !self.pays_through_autos(player, cost_type) {
            self.state().static_cost(cost_type.index, base)
        } else if self.state().player(player).sp <= 0 && self.state().static_cost(cost_type.index, base) < 0 {
            // 85 of the listings' 779 runs of `beforePayCost` autos (Kyosuke's) in 300
            // random games of `deck-1` against `deck-2`: 700 instructions a game.
            return false;
        } else {
            self.game_mut().cost_now(player, cost_type, base, card)
        };
        self.can_pay(player, cost)
    }

    /// Whether `player` has the SP for a cost (negative) or a gain already worked out.
    fn can_pay(&self, player: Seat, cost: i32) -> bool {
        self.state().player(player).sp.saturating_add(cost) >= 0
    }

    /// Whether some auto of the base game listens to the `beforePayCost` event of this
    /// cost type (which card pays binds `trigger`, which selecting autos never looks at).
    fn pays_through_autos(&mut self, player: Seat, cost_type: CostType) -> bool {
        let known = self.cost_listeners.get(usize::from(cost_type.index)).copied().flatten();
        if let Some((seat, listens)) = known
            && seat == player
        {
            return listens;
        }
        let base = self.base;
        let event = Event::new(cost_type.event, player.pid());
        let listens = base.set.may_listen(cost_type.event, false) && base.runtime.selects_any(&event, false);
        if let Some(slot) = self.cost_listeners.get_mut(usize::from(cost_type.index)) {
            *slot = Some((player, listens));
        }
        listens
    }

    /// Whether activating the card's rules would get past its requisites, rule target and
    /// costs (true without rules). A card with none of them cannot fail there, so its
    /// activation is not tried; nor is one whose stages only read the game
    /// ([`Game::trial_answer_read`]); any other card without requisites is tried on a copy
    /// of the game as it is (checking no requisite changes nothing); any other has its
    /// requisites checked on the probe's copy first ([`Game::activation_passes`]).
    /// `place` is where the listing found the card in the base game (its seat and zone).
    fn requisites_ok(&mut self, card: CardRef, me: Seat, place: (Seat, Zone)) -> bool {
        // On the base game the card is where the listing found it; on a copy, card code
        // run there might have moved it.
        let place = self.copy.is_none().then_some(place);
        let game = self.game();
        let Some(rules) = game.state.card(card).and_then(|c| c.rules) else { return true };
        let Some(data) = game.set.program().card(CardIdx(rules)) else {
            let reads_trials = self.reads_trials;
            return self.game_mut().activation_passes(card, rules, me, reads_trials);
        };
        let cannot_fail = data.requisites.is_empty()
            && data.target.is_none()
            && (data.actions.len() != 1 || data.actions[0].costs.is_empty());
        if cannot_fail {
            return true;
        }
        if self.reads_trials
            && let Some(passes) = game.trial_answer_read(card, data, me, false, place)
        {
            return passes;
        }
        if !data.requisites.is_empty() {
            let reads_trials = self.reads_trials;
            return self.game_mut().activation_passes(card, rules, me, reads_trials);
        }
        game.trial_passes(card, rules, me)
    }

    // ---- Main phase ----

    /// The cards `player` may play from: the hand, and the removed pile while the rule
    /// switch `play_removed` is on for them; positions past [`MAX_HAND`] have no index in
    /// the action space and are not offered. Read from the base game, which the checks
    /// never change (card code runs on the probe's copy), so they are the cards of the
    /// listing's start whatever the checks run.
    fn playable_cards(&self, player: Seat) -> (&'a [CardRef], &'a [CardRef]) {
        let base: &'a Game = self.base;
        let state = &base.state;
        let p = state.player(player);
        let removed: &'a [CardRef] = if state.rule_on("play_removed", player, false) { &p.removed } else { &[] };
        (&p.hand[..p.hand.len().min(MAX_HAND)], &removed[..removed.len().min(MAX_HAND)])
    }

    pub(crate) fn main_moves(&mut self, moves: &mut Vec<Move>) {
        let state = self.state();
        let me = state.active;
        let free = free_slots(&state.player(me).ring);
        // What every character in hand is checked against, the same for all of them.
        let player = state.player(me);
        let plays_character = !free.is_empty() && player.chars_played < player.chars_per_turn;
        let bp_limit = if plays_character { state.rule_min("play_char_bp_limit", me) } else { None };
        // Worked out for the first character in hand (most listings have one).
        let mut backups: Option<BackupTargets> = None;
        let (hand, removed) = self.playable_cards(me);
        // The hand, then the removed pile when there is one (positions are below
        // `MAX_HAND`, which a `u8` holds).
        let (mut pile, mut cards) = (Pile::Hand, hand);
        loop {
            for (i, &card) in (0u8..).zip(cards) {
                let Some((kind, bp, sp)) = self.state().def(card).map(|d| (d.kind, d.bp, d.sp)) else { continue };
                match kind {
                    CardKind::Character => {
                        // Most characters gain SP rather than cost it: `affordable` answers
                        // a gain from the SP alone, for less than the call to it costs.
                        if plays_character
                            && bp_limit.is_none_or(|limit| bp < limit)
                            && if sp >= 0 {
                                self.can_pay(me, sp)
                            } else {
                                self.affordable(me, CostType::CHARACTER, sp, Some(card))
                            }
                        {
                            match pile {
                                Pile::Hand => {
                                    moves.extend(free.iter().map(|&slot| Move::PlayCharacter { hand: i, slot }))
                                }
                                Pile::Removed => {
                                    moves.extend(free.iter().map(|&slot| Move::PlayRemoved { pos: i, slot }))
                                }
                            }
                        }
                        if pile == Pile::Removed {
                            continue;
                        }
                        let backups = backups.get_or_insert_with(|| self.backup_targets(me));
                        if backups.count == 0 {
                            continue;
                        }
                        // `can_back_up` finds a character without a subtype wanted by no
                        // target, and asks no hook then; while the game is the listing's
                        // start (no copy), nor one whose subtype no target accepts.
                        let Some(subtype) = self.state().backup_facts(card).and_then(|facts| facts.subtype) else {
                            continue;
                        };
                        if self.copy.is_none() && !backups.accepted.may_hold(subtype) {
                            continue;
                        }
                        for &(slot, target) in backups.targets() {
                            if self.can_back_up(me, card, target) {
                                moves.push(Move::Backup { hand: i, slot });
                            }
                        }
                    }
                    CardKind::Action => {
                        if self.can_play_card(me, (card, pile), sp, names::EV_BEFORE_PLAY_AC, CostType::ACTION) {
                            moves.push(pile.play(i));
                        }
                    }
                    CardKind::Reaction => {}
                }
            }
            if pile == Pile::Removed || removed.is_empty() {
                break;
            }
            (pile, cards) = (Pile::Removed, removed);
        }
        if self.state().rule_on("ab_trigger_act", me, true) {
            for slot in 0..4u8 {
                if self.can_activate(me, slot) {
                    moves.push(Move::Activate { slot });
                }
            }
        }
    }

    /// Whether `me` may play the action or reaction `card` (printed SP `sp`, read with its
    /// kind by the caller) from `pile`.
    fn can_play_card(
        &mut self,
        me: Seat,
        (card, pile): (CardRef, Pile),
        sp: i32,
        hook: EventIdx,
        cost_type: CostType,
    ) -> bool {
        self.affordable(me, cost_type, sp, Some(card))
            && self.hook(hook, Value::Player(me.pid()), me, &[]) != HookAnswer::No
            // Ruling: requisites are checked before any cost is paid; a card whose
            // requisite fails cannot be played.
            && self.requisites_ok(card, me, (me, pile.zone()))
    }

    /// The ring slots of `me` whose character could take a back-up at the listing's start,
    /// whichever card backs it up: not frozen, with BP, room left, some subtype accepted,
    /// and not Just Entered unless the rule switch `backup_fresh` allows it; and every
    /// subtype one of them accepts. Most characters can take none, so most characters in
    /// hand have nothing to check. Read from the base game, the listing's start whichever
    /// checks ran before.
    fn backup_targets(&self, me: Seat) -> BackupTargets {
        let state = &self.base.state;
        let mut found = BackupTargets::default();
        for (slot, &target) in (0u8..).zip(&state.player(me).ring) {
            let Some(target) = target else { continue };
            let (Some(t), Some(facts)) = (state.card(target), state.backup_facts(target)) else { continue };
            // Most characters accept no back-up at all: asked first.
            if !facts.accepts.is_empty()
                && !t.frozen
                && t.bp > 0
                && !t.backups.is_full()
                && (!t.fresh || state.rule_on("backup_fresh", me, false))
            {
                if let Some(entry) = found.slots.get_mut(found.count) {
                    *entry = (slot, target);
                    found.count += 1;
                }
                found.accepted.add(facts.accepted);
            }
        }
        found
    }

    /// Whether character `card` may back up `target`, one of [`Probe::backup_targets`]:
    /// the target accepts its subtype more times than it holds back-ups of that subtype,
    /// and past the turn's first back-up the `backup_limit` switch or hook allows another.
    fn can_back_up(&mut self, me: Seat, card: CardRef, target: CardRef) -> bool {
        let state = self.state();
        let Some(subtype) = state.backup_facts(card).and_then(|facts| facts.subtype) else { return false };
        let (Some(t), Some(target_facts)) = (state.card(target), state.backup_facts(target)) else { return false };
        // A set may list more back-up subtypes than a character holds.
        let wanted = target_facts.accepts.iter().filter(|&&s| s == subtype).count();
        // Most targets do not accept the subtype at all: nothing held to count then.
        let held = |b: &&CardRef| state.backup_facts(**b).is_some_and(|facts| facts.subtype == Some(subtype));
        if wanted == 0 || wanted <= t.backups.iter().filter(held).count() {
            return false;
        }
        if state.player(me).backups_played >= 1 && state.rule_on("backup_limit", me, true) {
            return self.hook(names::EV_BACKUP_LIMIT, Value::Card(target.id()), me, &[]) == HookAnswer::No;
        }
        true
    }

    /// Whether the ■ ability of the character in `slot` may be activated (the rule switch
    /// `ab_trigger_act` already allows it).
    fn can_activate(&mut self, me: Seat, slot: u8) -> bool {
        let state = self.state();
        let Some(card) = state.slot_card(me, slot) else { return false };
        let Some(c) = state.card(card) else { return false };
        if c.rules.is_none() || c.frozen || c.activated || c.role != Role::None || c.bp <= 0 {
            return false;
        }
        if state.ability_type(card) != Some(AbilityType::Triggered) {
            return false;
        }
        if c.fresh && !state.rule_on("ab_trigger_fresh", me, false) {
            return false;
        }
        // On the base game only (code run on a copy might have moved the card), and not
        // for the reference of `Probe::copying`, which runs every trial.
        if let Some(rules) = c.rules
            && self.copy.is_none()
            && self.reads_trials
            && let Some(passes) = self.ability_costs_alone(card, rules, me)
        {
            return passes;
        }
        self.requisites_ok(card, me, (me, Zone::Ring(slot)))
    }

    /// What the trial of the ■ ability of `card` (bundle card `rules`), unfrozen in a ring
    /// slot of `me` on the base game, answers when its only stage is costs that look at no
    /// filter (`{F}`: over a quarter of a random game's trials, 1,500 instructions a game),
    /// as [`Game::trial_answer_read`] reads those costs, without the trial's peekers and
    /// buffers. `None` for any other.
    fn ability_costs_alone(&self, card: CardRef, rules: u32, me: Seat) -> Option<bool> {
        let game = self.base;
        let state = &game.state;
        let data = game.set.program().card(CardIdx(rules))?;
        let [action] = data.actions.as_slice() else { return None };
        let hand = state.player(me).hand.len();
        if !data.requisites.is_empty()
            || data.target.is_some()
            || data.vars.is_some()
            || action.costs.len() > 4
            || hand > 1_000
            || state.search_scope.is_some()
            || !state.is_character(card)
        {
            return None;
        }
        let facts = CostFacts { frozen: false, in_ring: true, hand };
        for cost in &action.costs {
            match stdlib::costs::check_from_facts(cost, facts)? {
                Checked::Pays => {}
                Checked::Fails => return Some(false),
                Checked::Asks => return Some(true),
            }
        }
        Some(true)
    }

    // ---- Attack phase ----

    /// Whether `card` may attack (`attacks`: the rule switch `attack` allows it).
    fn may_attack(&mut self, me: Seat, card: CardRef, attacks: bool) -> bool {
        let Some(c) = self.state().card(card) else { return false };
        if c.fresh || c.frozen || c.bp <= 0 || c.role != Role::None {
            return false;
        }
        // Ruling: `cantattack` (hook `beforeAttack`) also forbids joining a United Attack.
        attacks && self.hook(names::EV_BEFORE_ATTACK, Value::Card(card.id()), me, &[]) != HookAnswer::No
    }

    pub(crate) fn attack_moves(&mut self, moves: &mut Vec<Move>) {
        let state = self.state();
        let me = state.active;
        let attacks = state.rule_on("attack", me, true);
        // The leaders an attacker could join, the same for every attacker: the United
        // Attack's leader once there is one, while it has room; else every leader.
        let mut leaders: SmallVec<[u8; 4]> = SmallVec::new();
        let mut ua_leader = None;
        let mut joiners = 0;
        for slot in 0..4u8 {
            let Some(c) = state.slot_card(me, slot).and_then(|card| state.card(card)) else { continue };
            match c.role {
                Role::Leader => {
                    leaders.push(slot);
                    if c.united && ua_leader.is_none() {
                        ua_leader = Some(slot);
                    }
                }
                Role::Joiner => joiners += 1,
                Role::None => {}
            }
        }
        let joiners_after = if ua_leader.is_some() { 1 + joiners } else { 1 };
        if let Some(slot) = ua_leader {
            leaders.clear();
            leaders.push(slot);
        }
        if joiners_after + 1 > UA_MAX {
            leaders.clear();
        }
        let cost_type = if joiners_after == 1 { CostType::UA2 } else { CostType::UA3 };
        let cost = -UA_COST_PER_JOINER * joiners_after as i32;
        // Asked once: the same payment for every attacker and leader.
        let mut joins_affordable = None;
        for slot in 0..4u8 {
            let Some(card) = self.state().slot_card(me, slot) else { continue };
            if !self.may_attack(me, card, attacks) {
                continue;
            }
            moves.push(Move::Attack { slot });
            for &leader in &leaders {
                if *joins_affordable.get_or_insert_with(|| self.affordable(me, cost_type, cost, None)) {
                    moves.push(Move::Join { slot, leader });
                }
            }
        }
    }

    // ---- Counter-attack phase ----

    pub(crate) fn counter_attack_moves(&mut self, moves: &mut Vec<Move>) {
        let state = self.state();
        let me = state.active.other();
        let attacker_side = state.active;
        // The attackers a blocker may take on, the same for every blocker: leaders that no
        // character of `me` blocks yet.
        let blocked: SmallVec<[CardRef; 4]> =
            state.player(me).characters().filter_map(|c| state.card(c).and_then(|c| c.blocking)).collect();
        let mut attackers: SmallVec<[(u8, CardRef); 4]> = SmallVec::new();
        for slot in 0..4u8 {
            let Some(attacker) = state.slot_card(attacker_side, slot) else { continue };
            if state.card(attacker).is_some_and(|c| c.role == Role::Leader) && !blocked.contains(&attacker) {
                attackers.push((slot, attacker));
            }
        }
        for slot in 0..4u8 {
            if attackers.is_empty() {
                break;
            }
            let Some(blocker) = self.state().slot_card(me, slot) else { continue };
            let Some(b) = self.state().card(blocker) else { continue };
            if b.frozen || b.bp <= 0 || b.blocking.is_some() {
                continue;
            }
            if self.hook(names::EV_BEFORE_BLOCK, Value::Card(blocker.id()), me, &[]) == HookAnswer::No {
                continue;
            }
            for &(attacker_slot, attacker) in &attackers {
                let bindings = [
                    (names::VAR_ATTACKER, Value::Card(attacker.id())),
                    (names::VAR_BLOCKER, Value::Card(blocker.id())),
                ];
                if self.hook(names::EV_CAN_BLOCK, Value::Card(attacker.id()), me, &bindings) != HookAnswer::No {
                    moves.push(Move::Block { slot, attacker: attacker_slot });
                }
            }
        }
        let (hand, removed) = self.playable_cards(me);
        let (mut pile, mut cards) = (Pile::Hand, hand);
        loop {
            for (i, &card) in (0u8..).zip(cards) {
                let Some((kind, sp)) = self.state().def(card).map(|d| (d.kind, d.sp)) else { continue };
                if kind == CardKind::Reaction
                    && self.can_play_card(me, (card, pile), sp, names::EV_BEFORE_PLAY_RE, CostType::REACTION)
                {
                    moves.push(pile.play(i));
                }
            }
            if pile == Pile::Removed || removed.is_empty() {
                break;
            }
            (pile, cards) = (Pile::Removed, removed);
        }
    }
}

/// The ring characters that could take a back-up at a listing's start, and every subtype
/// they accept ([`Probe::backup_targets`]).
#[derive(Debug, Clone, Copy)]
struct BackupTargets {
    /// Their ring slots and cards: the first `count`.
    slots: [(u8, CardRef); RING_SLOTS],
    count: usize,
    accepted: Subtypes,
}

impl Default for BackupTargets {
    fn default() -> BackupTargets {
        BackupTargets { slots: [(0, CardRef(0)); RING_SLOTS], count: 0, accepted: Subtypes::default() }
    }
}

impl BackupTargets {
    /// The ring slots and cards.
    fn targets(&self) -> &[(u8, CardRef)] {
        self.slots.get(..self.count).unwrap_or_default()
    }
}

/// The pile a card is played from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pile {
    /// The hand.
    Hand,
    /// The removed pile (rule switch `play_removed`).
    Removed,
}

impl Pile {
    /// The zone of the pile.
    fn zone(self) -> Zone {
        match self {
            Pile::Hand => Zone::Hand,
            Pile::Removed => Zone::Removed,
        }
    }

    /// The move playing the action or reaction at position `pos` of this pile.
    fn play(self, pos: u8) -> Move {
        match self {
            Pile::Hand => Move::PlayCard { hand: pos },
            Pile::Removed => Move::PlayRemoved { pos, slot: 0 },
        }
    }
}

/// The empty slots of a ring, in order (a table of the 16 rings of four slots).
const _: () = assert!(RING_SLOTS == 4, "`free_slots` has a table for rings of four slots");
fn free_slots(ring: &[Option<CardRef>; RING_SLOTS]) -> &'static [u8] {
    /// The empty slots for each set of them as bits (bit `s`: slot `s` is empty).
    const BY_BITS: [&[u8]; 16] = [
        &[],
        &[0],
        &[1],
        &[0, 1],
        &[2],
        &[0, 2],
        &[1, 2],
        &[0, 1, 2],
        &[3],
        &[0, 3],
        &[1, 3],
        &[0, 1, 3],
        &[2, 3],
        &[0, 2, 3],
        &[1, 2, 3],
        &[0, 1, 2, 3],
    ];
    let bits = ring.iter().enumerate().fold(0, |bits, (slot, card)| bits | (usize::from(card.is_none()) << slot));
    BY_BITS[bits]
}

mod trial;

pub(crate) use trial::make_peek_buffers;

#[cfg(test)]
mod tests;
