//! [`Host`]: the game primitives an engine provides to the runtime — cards and their
//! properties, zones, players and their counters, randomness, who chooses, and the
//! effects the runtime records (ability grants and the builtins' timed effects).
//!
//! The runtime calls the first group itself (filter resolution, expressions, events); the
//! rest are there for the game's builtins (the stdlib), which reach the host through
//! [`super::CallContext::host`]. Every method has a plain-data signature: the host never
//! holds a reference into the runtime, and values that are lists live in the
//! execution's [`Lists`], which the methods that may return lists are handed.

use crate::bytecode::{
    AbilityIdx, AttributeIdx, CardIdx, CardTypeIdx, ComparableIdx, FilterKeywordIdx, RankingIdx, RestrictionIdx,
    RestrictionPrefixIdx, SubtypeIdx, VariableIdx, ZoneIdx, ZoneRef,
};

use super::value::{CardId, Lists, PlayerId, Value};

/// Who and what an execution runs for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Env {
    /// The executing player (`me`, `my...`, dialogs), as spec §3.1 defines it.
    pub me: PlayerId,
    /// The controller of the source card when the execution started.
    pub controller: PlayerId,
    /// The source card (`this`).
    pub source: CardId,
    /// The bundle card whose rules run.
    pub card: CardIdx,
}

/// A restriction (`ueot`, `oppueot`, ...): how long a granted effect lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Restriction {
    /// Which timer (`ueot`).
    pub kind: RestrictionIdx,
    /// Its prefix (`opp`), if written.
    pub prefix: Option<RestrictionPrefixIdx>,
}

/// Identity of one recorded effect, unique within a runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EffectId(pub u32);

/// What a recorded effect changed, so that exactly it can be undone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EffectKind {
    /// An ability given to a card or player (`+unblockable`, `abilities = ...`).
    Ability {
        /// The card or player that has it.
        target: Value,
        /// Which ability.
        ability: AbilityIdx,
    },
    /// An effect of a game builtin (a rule switch, a cost change...): `code` is the
    /// builtin's own tag; `target` and `value` are scalars (never lists).
    Custom {
        /// The builtin's tag for the kind of effect.
        code: u16,
        /// What it applies to (a player, a card, nil for global).
        target: Value,
        /// Its parameter (the rule switch, the amount...).
        value: Value,
    },
}

/// One effect the runtime keeps track of until it expires or its source leaves play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effect {
    /// Its identity.
    pub id: EffectId,
    /// The card whose rule granted it.
    pub source: CardId,
    /// The controller of that card when it was granted (restriction timers count its turns).
    pub controller: PlayerId,
    /// How long it lasts; `None`: until the source leaves play.
    pub restriction: Option<Restriction>,
    /// What it is.
    pub kind: EffectKind,
}

/// What a choice request is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RequestKind {
    /// Targets of a filter (rule target, statement target, `each`, a requisite).
    Targets,
    /// Which type of a `a,b` filter (`player,character`): candidates are type-term indices.
    TargetType,
    /// Whose zone an `any`- or `same`-prefixed filter searches (`@anyDeck`, `@sameRing`):
    /// candidates are the two players, the executing player first (spec §3.6 step 2, §3.6.1).
    TargetZone,
    /// Which action of a card with several: candidates are action indices.
    Action,
    /// A `[[may]]` question: candidates are `true` and `false`.
    May,
    /// A `cmd?` confirmation: candidates are `true` and `false`.
    Confirm(crate::bytecode::CommandIdx),
    /// A choice a command asks for; `tag` is the builtin's own.
    Command(crate::bytecode::CommandIdx, u16),
    /// A choice for paying a cost component.
    Cost(crate::bytecode::CostIdx),
    /// A choice a function asks for (`flipCoin()`).
    Function(crate::bytecode::FunctionIdx),
}

/// The game primitives the runtime and the game's builtins use.
///
/// Only [`Host::opponent`], [`Host::controller`], [`Host::zone_cards`] and
/// [`Host::random`] must be written; every other method has a neutral default (no card
/// has a property, no counter changes), so a toy host stays small.
///
/// Card and player handles ([`CardId`], [`PlayerId`]) are the engine's own numbers: the
/// runtime passes back the ones the engine gave it (the source of an activation, an event's
/// player and object) and the ones the host's answers named, so a method may be asked about
/// a handle the engine no longer knows: answer something (no property, player 0...) rather
/// than panic. The runtime does not trust the answers either: a handle out of range, a value
/// of the wrong kind, a huge list or one that changes between calls ends in a defined result
/// or a [`super::Trap`], never a panic (`vm/tests/it/runtime/hostile.rs`).
pub trait Host {
    // ---- players and cards ----

    /// The other player of `player`.
    fn opponent(&self, player: PlayerId) -> PlayerId;

    /// Who controls `card` now.
    fn controller(&self, card: CardId) -> PlayerId;

    /// Appends to `out` the cards of `zone` (with its prefix, relative to `env.me` and
    /// `env.source`), in zone order, each at most once (a card is in one place): the
    /// candidates of a target filter, which the resolver does not look through for
    /// duplicates (a card listed twice may be targeted twice; a choice left with fewer
    /// distinct candidates than it needs traps [`super::TrapCode::BadRequest`]). Append
    /// only: `out` may already hold the candidates of another type term.
    ///
    /// `zone.zone` indexes the catalogue's `zones` and `zone.prefix` its `zone_prefixes`;
    /// which prefix means `my` and which `opp` the catalogue's `roles` say, and what a
    /// zone means (and holds without a prefix) is the game's rule. Card Fighters' Clash's
    /// (`stdlib::testing::Board`): `arena` is both rings, the executing player's first,
    /// and is the zone of a filter without `@`; another zone without a prefix is the
    /// executing player's.
    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>);

    /// [`Host::zone_cards`] keeping only the cards whose [`Host::card_has_type`] of `ty`
    /// is not `negate` (a filter's `character` or `!action`): one pass for a host that
    /// reads a card's type where it lists the card. The default lists, then tests.
    ///
    /// Returns how many cards it looked at (the zone's, kept or not): the resolver charges
    /// a unit of fuel for each, as for the cards [`Host::zone_cards`] lists, so that a
    /// filter that keeps few cards of a big zone still pays for searching it.
    fn zone_cards_of_type(
        &mut self,
        env: &Env,
        zone: ZoneRef,
        ty: CardTypeIdx,
        negate: bool,
        out: &mut Vec<Value>,
    ) -> usize {
        let start = out.len();
        self.zone_cards(env, zone, out);
        let looked_at = out.len().saturating_sub(start);
        let mut at = 0;
        out.retain(|item| {
            at += 1;
            at <= start || matches!(*item, Value::Card(card) if self.card_has_type(card, ty) != negate)
        });
        looked_at
    }

    /// The card's type (`character`).
    fn card_type(&self, _card: CardId) -> Option<CardTypeIdx> {
        None
    }

    /// Whether the card is of type `ty`: by default, whether [`Host::card_type`] is `ty`; a
    /// game whose cards have several types (an artifact creature) answers for each.
    fn card_has_type(&self, card: CardId, ty: CardTypeIdx) -> bool {
        self.card_type(card) == Some(ty)
    }

    /// Whether the card has the subtype.
    fn card_subtype_is(&self, _card: CardId, _subtype: SubtypeIdx) -> bool {
        false
    }

    /// Whether the card's name is `name` (compared case-insensitively).
    fn card_name_is(&self, _card: CardId, _name: &str) -> bool {
        false
    }

    /// Whether a keyword filter term (`frozen`) holds for the card or player.
    fn has_keyword(&self, _object: Value, _keyword: FilterKeywordIdx) -> bool {
        false
    }

    /// Whether a keyword filter term holds for the card or player when the filter is
    /// resolved for the execution `env`: a term that compares the object with its source
    /// (a type chosen for the source, its target's name) reads it. By default
    /// [`Host::has_keyword`], which needs no source.
    fn has_keyword_for(&self, _env: &Env, object: Value, keyword: FilterKeywordIdx) -> bool {
        self.has_keyword(object, keyword)
    }

    /// A comparable property of the card (`bp`); `None` when it has none (the comparison
    /// is then false).
    fn property(&self, _object: Value, _property: ComparableIdx) -> Option<i32> {
        None
    }

    /// The key of a ranking (`bp:lowest`): the candidates with the smallest key are kept,
    /// ties included; `None` leaves the candidate out.
    fn rank_key(&self, _object: Value, _ranking: RankingIdx, _word: u16) -> Option<i64> {
        None
    }

    /// Whether the auto of `card` may fire now (a character at 0 BP or in a United Attack
    /// may not).
    fn auto_may_fire(&self, _card: CardId) -> bool {
        true
    }

    // ---- what the continuous autos read ----

    /// A summary of everything of the host the continuous autos may read or change: two
    /// equal summaries, the same state for them. `None` (the default): the host keeps
    /// none, and every refresh runs them. With one, a refresh that changed nothing (the
    /// summary and the runtime's own state the same after it as before) is remembered, and
    /// the next refresh, the summary and the runtime unchanged since, would change nothing
    /// either: it is skipped (a mana ability tapping a token under a board of lords). A
    /// host may leave out of the summary what it changes often, when it notes that a
    /// refresh read it ([`Host::continuous_refresh`]) and then answers `None`.
    fn continuous_inputs(&self) -> Option<u64> {
        None
    }

    /// The continuous autos start (`true`) or have ended (`false`) a refresh, for a host
    /// that notes what they read ([`Host::continuous_inputs`]).
    fn continuous_refresh(&mut self, _running: bool) {}

    // ---- expressions ----

    /// A catalogue variable the runtime does not bind itself (`me`, `alone`); the runtime
    /// binds the variables of the catalogue's `source`, `targets`, `previous_targets` and
    /// `event_object` roles (CFC `this`, `tgt`, `prevTgt`, `trigger`) and the per-execution
    /// names (event, cost and command results) first. `var` indexes the catalogue's `variables`: a player is
    /// [`Value::Player`] (`me` is `env.me`), a yes/no [`Value::Bool`]. The default answers
    /// nil for every name, and so does a host for a name it does not know (see
    /// [`Host::attribute`] for what nil does).
    fn variable(&mut self, _env: &Env, _var: VariableIdx, _lists: &mut Lists) -> Value {
        Value::Nil
    }

    /// An attribute of a value (`me.hp`, `opp.hand`, `discarded.size`): `attr` indexes the
    /// catalogue's `attributes`, `object` is what precedes the dot. Every attribute is the
    /// host's, `size` of a list included (`lists.len(list)`): the runtime reads none
    /// itself. A list is answered as a new list of the execution's arena,
    /// `lists.make(&cards).map_or(Value::Nil, Value::List)` ([`Lists::make`] gives `None`
    /// when the arena is full).
    ///
    /// Nil (the default, and what an unknown attribute should answer) propagates:
    /// arithmetic on it gives nil and an ordering comparison with it is false, so a card
    /// whose first statement is `[[if opp.hand.size > me.hand.size]]` on a host that does
    /// not answer `hand` or `size` completes with [`super::Failure::NoEffect`] rather than
    /// trapping. A host that sees an activation end in `NoEffect` it did not expect should
    /// check the names the card reads (`rsc disas` lists them).
    ///
    /// The runtime charges a unit of fuel per element of a list answered (and, for a nil
    /// answer, per element the full arena refused to make), so an answer that reads a
    /// pile should be a list made there; any other answer should take constant time, as
    /// nothing else of it is paid for. The same holds for [`Host::variable`].
    fn attribute(&mut self, _env: &Env, _object: Value, _attr: AttributeIdx, _lists: &mut Lists) -> Value {
        Value::Nil
    }

    // ---- randomness and choices ----

    /// A uniformly random integer in `0..bound` (`bound >= 1`) from the game's seeded,
    /// platform-independent generator. (An answer of `bound` or more is taken as
    /// `bound - 1`.)
    fn random(&mut self, bound: u32) -> u32;

    /// Who answers a request of `kind` (by default the executing player).
    fn chooser(&self, env: &Env, _kind: RequestKind) -> PlayerId {
        env.me
    }

    // ---- recorded effects ----

    /// An effect starts: the runtime calls this for ability grants; builtins apply their
    /// custom effects themselves.
    fn apply_effect(&mut self, _effect: &Effect) {}

    /// An effect ends (its restriction expired, its source left play, or a revert
    /// removed it): undo exactly it.
    fn end_effect(&mut self, _effect: &Effect) {}

    /// Several effects end together, in this order (a continuous auto refreshing ends all
    /// it held; a card leaving play ends its own): by default [`Host::end_effect`] for
    /// each in turn. A host keeping many effects can undo them all in one pass.
    fn end_effects(&mut self, effects: &[Effect]) {
        for effect in effects {
            self.end_effect(effect);
        }
    }

    // ---- state for the game's builtins ----

    /// Appends the cards of `player`'s `zone` to `out`, in order (index 0 = top).
    fn pile_cards(&mut self, _player: PlayerId, _zone: ZoneIdx, _out: &mut Vec<Value>) {}

    /// Appends the first `most` cards of `player`'s `zone` to `out` (index 0 = top) and
    /// returns how many cards the pile holds in all: [`Host::pile_cards`] for a builtin
    /// that takes the top of a pile (`draw`), without a copy of the rest. The default
    /// lists the whole pile and cuts it.
    fn pile_top_cards(&mut self, player: PlayerId, zone: ZoneIdx, most: usize, out: &mut Vec<Value>) -> usize {
        let start = out.len();
        self.pile_cards(player, zone, out);
        // Saturating: a `pile_cards` that replaced `out` rather than appending to it must
        // not panic here (the caller reads what is left).
        let len = out.len().saturating_sub(start);
        out.truncate(start.saturating_add(most));
        len
    }

    /// Moves `card` to `player`'s `zone` at `position` (0 top, -1 bottom); false when it
    /// could not.
    fn move_card(&mut self, _card: CardId, _player: PlayerId, _zone: ZoneIdx, _position: i32) -> bool {
        false
    }

    /// A counter of a card or player (`hp`, `sp`, `bp`).
    fn counter(&self, _object: Value, _attr: AttributeIdx) -> i32 {
        0
    }

    /// Sets a counter of a card or player.
    fn set_counter(&mut self, _object: Value, _attr: AttributeIdx, _value: i32) {}
}
