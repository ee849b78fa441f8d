//! [`WagicHost`]: the Magic: The Gathering primitives the Wagic builtins use, on top of
//! the VM's `Host` (zones, card types, properties and keywords, which the runtime's filter
//! resolution asks itself). A game embedding the Wagic builtins implements it over its
//! state; [`crate::table`] is a small in-memory example.

use vm::runtime::{CardId, EffectId, Host, PlayerId, Value};

use vm::bytecode::{AbilityIdx, ZoneIdx};

/// The `code` of the effects the Wagic builtins record (`EffectKind::Custom`); the host
/// applies them in `Host::apply_effect` and removes exactly them in `Host::end_effect`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u16)]
pub enum EffectCode {
    /// `n/m`: the target's power changes by `value` while the effect lasts.
    Power = 1,
    /// `n/m`: the target's toughness changes by `value`.
    Toughness = 2,
    /// `prevent:n`: the next `value` damage to the target is prevented.
    Prevent = 3,
    /// `regenerate`: a regeneration shield on the target.
    Regenerate = 4,
    /// `control` (an Aura's `alias=1194`): the target permanent is controlled by player
    /// `value % 2` while the effect lasts, and by player `value / 2` (its controller as the
    /// effect began) again when it ends.
    Control = 5,
    /// `fog`: all combat damage is prevented while the effect lasts (until end of turn).
    Fog = 6,
    /// `cantbeblockedby(spec)`: the target cannot be blocked by the card numbered `value`
    /// (one effect per card the spec matched when it last ran).
    Unblockable = 7,
    /// `spiritlink`: whenever the target deals damage, player `value` gains that much life.
    SpiritLink = 8,
    /// `transforms((types))`: the target also has the type word numbered `value`
    /// ([`crate::catalogue::type_word`]).
    AddType = 9,
    /// `transforms((,colours))`: the target has exactly the colours of the mask `value`
    /// (bit n: [`crate::catalogue::COLOUR_NAMES`]`[n]`); the latest such effect counts.
    SetColours = 10,
    /// `transforms((,newcolors[colours]))`: the target also has the colours of the mask.
    AddColours = 11,
    /// `transforms((,setpower=n))`: the target's base power is `value` (the latest counts).
    SetPower = 12,
    /// `transforms((,settoughness=n))`: the target's base toughness is `value`.
    SetToughness = 13,
    /// `loseabilities`: the target's own activated and triggered abilities do nothing.
    LoseAbilities = 14,
    /// `losesubtypesof(land)`: the target has none of the subtypes of the card type
    /// numbered `value` ([`crate::catalogue::CARD_TYPES`]) it had as the effect began.
    LoseSubtypes = 15,
    /// `livepump(n)` (Wagic's `nonstatic` counted pump): the target bears the mark of its
    /// card's counted pump numbered `value` while the effect lasts; a card entering the
    /// battlefield anew loses it (a new object).
    LivePump = 16,
    /// `bushido(p/t)`: the target got its bushido pump while the effect lasts (this turn).
    Bushido = 17,
    /// `maxPlay(land)+n`: the target player may play `value` more lands each turn while
    /// the effect lasts.
    ExtraLands = 18,
    /// `protection from(spec)`: the target has protection from the card numbered `value`
    /// (one effect per card the spec matched when it last ran).
    ProtectedFrom = 19,
    /// `preventalldamage`: a prevention in force, its `value` the flags of `preventdamage`'s
    /// `kind` (bits 0-1: which damage; bit 2: only to the [`EffectCode::PreventTo`] marks
    /// of this effect's id; bit 3: only from the [`EffectCode::PreventFrom`] marks).
    PreventAll = 20,
    /// The target (a card or a player) is one the prevention of id `value` protects.
    PreventTo = 21,
    /// The target card is one whose damage the prevention of id `value` prevents.
    PreventFrom = 22,
    /// `givetrigger(n)` (a `newability[@trigger:effect]` given to another card): the target
    /// hears, as its own, the triggered ability numbered `value % 256` from the end of the
    /// autos of the program card numbered `value / 256` (the giver's rules), while the
    /// effect lasts and the target stays where it is (`table/given_triggers.rs`).
    GivenTrigger = 23,
    /// `giveability(n)` (a `newability[{cost}:effect]` given until end of turn): the
    /// target has, as its own, the given action numbered `value % 256` from the end of the
    /// given actions of the card numbered `value / 256` (`table/given.rs`).
    GivenAbility = 24,
    /// `swap` (Wagic's `ASwapPT`): the target's power and toughness are switched while the
    /// effect lasts, after every other change to them; two such effects switch them back.
    SwitchPowerToughness = 25,
    /// `cantbeblockerof(spec)`: the target cannot block the card numbered `value` (one
    /// effect per card the spec matched when it last ran).
    CantBlock = 26,
    /// `cantbetargetof(spec)`: the target cannot be the target of the spells and abilities
    /// of the card numbered `value` (one effect per card the spec matched when it last ran).
    CantBeTargetOf = 27,
    /// `transforms((removetypes)) forever` (Wagic's `removetypes`): the target has none of
    /// its card types, supertypes and the subtypes Aura and Equipment it had before, but
    /// those the changes after it add (`value` unused).
    RemoveTypes = 28,
    /// `maxCast(spec)n`: the target player cannot cast a spell of the spec once they cast
    /// n this turn; `value` packs the limit ([`crate::cast_limit::CastLimit::pack`]).
    MaxCast = 29,
    /// `hmodifer:n`: the target player's maximum hand size is `value` more while the
    /// effect lasts.
    HandModifier = 30,
    /// `phasealter(remove,step,who)` on a permanent: the target player skips each of their
    /// steps numbered `value` (its index in [`crate::testfile::PHASES`]) while it lasts.
    SkipSteps = 31,
}

impl EffectCode {
    /// The code with this number.
    pub fn from_code(code: u16) -> Option<EffectCode> {
        [
            EffectCode::Power,
            EffectCode::Toughness,
            EffectCode::Prevent,
            EffectCode::Regenerate,
            EffectCode::Control,
            EffectCode::Fog,
            EffectCode::Unblockable,
            EffectCode::SpiritLink,
            EffectCode::AddType,
            EffectCode::SetColours,
            EffectCode::AddColours,
            EffectCode::SetPower,
            EffectCode::SetToughness,
            EffectCode::LoseAbilities,
            EffectCode::LoseSubtypes,
            EffectCode::LivePump,
            EffectCode::Bushido,
            EffectCode::ExtraLands,
            EffectCode::ProtectedFrom,
            EffectCode::PreventAll,
            EffectCode::PreventTo,
            EffectCode::PreventFrom,
            EffectCode::GivenTrigger,
            EffectCode::GivenAbility,
            EffectCode::SwitchPowerToughness,
            EffectCode::CantBlock,
            EffectCode::CantBeTargetOf,
            EffectCode::RemoveTypes,
            EffectCode::MaxCast,
            EffectCode::HandModifier,
            EffectCode::SkipSteps,
        ]
        .into_iter()
        .find(|known| *known as u16 == code)
    }
}

/// A phase action waiting on a card (Wagic's `APhaseAction` of a `phaseaction[...]` part
/// of a trigger, an activated ability or a `newability[...]`): at the beginning of each
/// phase `event` of the turns `whose` names, the host acts on the card, until it moves
/// (a new object) or, `once`, after the first time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PhaseAction {
    /// The phase's event, an index of [`crate::catalogue::EVENTS`].
    pub event: u16,
    /// Whose turns: 0 either player's, 1 the source's controller's, 2 its opponent's.
    pub whose: u8,
    /// Only the first such phase.
    pub once: bool,
    /// The ability's source (Wagic's: the transformed card of a `newability[...]`).
    pub source: CardId,
    /// `sourceinplay`: nothing more once the source has left the battlefield.
    pub source_in_play: bool,
    /// What is done to the card: [`PhaseAction::DESTROY`], [`PhaseAction::BURY`],
    /// [`PhaseAction::SACRIFICE`], [`PhaseAction::TO_OWNERS_HAND`],
    /// [`PhaseAction::TO_OWNERS_BATTLEFIELD`], [`PhaseAction::TAP`],
    /// [`PhaseAction::DRAW`], [`PhaseAction::COUNTER`], [`PhaseAction::TO_EXILE`],
    /// [`PhaseAction::TO_OWNERS_LIBRARY`], [`PhaseAction::OPPONENT_DRAWS`] or
    /// [`PhaseAction::FREEZE`].
    pub action: u8,
    /// The power, the toughness and the count of [`PhaseAction::COUNTER`]'s counters.
    pub counter: [i32; 3],
}

impl PhaseAction {
    /// `destroy`: destroyed (regeneration and indestructible save it).
    pub const DESTROY: u8 = 0;
    /// `bury`: destroyed, no regeneration.
    pub const BURY: u8 = 1;
    /// `sacrifice`: put into its owner's graveyard.
    pub const SACRIFICE: u8 = 2;
    /// `moveto(ownerhand)`: put into its owner's hand.
    pub const TO_OWNERS_HAND: u8 = 3;
    /// `moveto(ownerbattlefield)`: put onto its owner's battlefield (a stolen creature
    /// goes back: a move, as Wagic's).
    pub const TO_OWNERS_BATTLEFIELD: u8 = 4;
    /// `tap`: tapped, if on the battlefield (Ray of Command's `@next endofturn:tap`).
    pub const TAP: u8 = 5;
    /// `draw:1`: the source's controller draws a card (a spell's `@next upkeep:draw:1`,
    /// Wagic's `TriggerNextPhase`, which outlives its source's moves: the action waits
    /// on the spell, kept as it moves).
    pub const DRAW: u8 = 6;
    /// `counter(p/t,n)`: `n` p/t counters put on the card, if on the battlefield (a
    /// negative `n` removes some it has: Clockwork Beetle's at end of combat).
    pub const COUNTER: u8 = 7;
    /// `moveto(exile)`: exiled (Dark Maze's at the next end step).
    pub const TO_EXILE: u8 = 8;
    /// `moveto(ownerlibrary)`: put on top of its owner's library (Saprazzan Outrigger's).
    pub const TO_OWNERS_LIBRARY: u8 = 9;
    /// `draw:1 opponent`: the opponent of the source's controller draws a card, kept on
    /// the source as [`PhaseAction::DRAW`] is (Lodestone Bauble's "that player draws").
    pub const OPPONENT_DRAWS: u8 = 10;
    /// `frozen`: it does not untap in its controller's next untap step, if on the
    /// battlefield (Joven's Ferrets' blockers at end of combat).
    pub const FREEZE: u8 = 11;
}

/// When a card exiled by `(blink)` returns to the battlefield (Wagic's `ABlink`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlinkReturn {
    /// `(blink)`: at once, once the triggers of its exile have seen it leave (Flicker,
    /// Cloudshift).
    AtOnce,
    /// `(blink)ueot`: at the beginning of the next end step (Wagic's: as the
    /// `endofturn` phase begins).
    NextEndStep,
    /// `(blink)forsrc`: when the source leaves the battlefield (Banisher Priest, Fiend
    /// Hunter, champion); a source that is no permanent (a spell's) is gone at once.
    SourceLeaves,
}

impl BlinkReturn {
    /// The catalogue's `until` argument of `blink`: 0, 1 or 2, in the order above.
    pub fn from_code(code: i32) -> Option<BlinkReturn> {
        [BlinkReturn::AtOnce, BlinkReturn::NextEndStep, BlinkReturn::SourceLeaves]
            .get(usize::try_from(code).ok()?)
            .copied()
    }

    /// The catalogue's `until` argument for this return.
    pub fn code(self) -> i32 {
        self as i32
    }
}

/// A mana colour, in [`crate::catalogue::MANA_COLOURS`] order.
pub type Colour = u16;

/// A kind of counter a permanent has ([`WagicHost::counter_kinds`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CounterKind {
    /// Power and toughness counters, which the board keeps summed: the kind is the sign of
    /// each sum (+1/+1, -1/-1, +1/+0...), the counter one more of them adds.
    PowerToughness(i32, i32),
    /// Counters of that name (power and toughness 0/0: `charge`, `time`).
    Named(Box<str>),
}

impl std::fmt::Display for CounterKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CounterKind::PowerToughness(power, toughness) => write!(f, "{power:+}/{toughness:+}"),
            CounterKind::Named(name) => f.write_str(name),
        }
    }
}

/// The characteristics of a token `token(...)` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// Its name, as the card wrote it (`Saproling`).
    pub name: &'a str,
    /// Its card types and subtypes, lower case (`creature`, `saproling`).
    pub types: &'a [&'a str],
    /// Its printed power.
    pub power: i32,
    /// Its printed toughness.
    pub toughness: i32,
    /// Its colours (none: colourless), in [`crate::catalogue::COLOUR_NAMES`] order.
    pub colours: &'a [Colour],
    /// Its keyword abilities, as a card's `abilities=` keywords are.
    pub abilities: &'a [AbilityIdx],
    /// The card whose ability makes it (Wagic gives a token the negated id of its
    /// source's printing).
    pub source: CardId,
}

/// A token `clone` makes: a copy of a card, with more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenCopy<'a> {
    /// The card copied.
    pub card: CardId,
    /// Keyword abilities the copy has besides the card's (`with(haste)`).
    pub abilities: &'a [AbilityIdx],
    /// Types and subtypes the copy has besides the card's, lower case (`addtype(spirit)`).
    pub types: &'a [&'a str],
    /// The card whose ability makes it.
    pub source: CardId,
}

/// The Wagic engine primitives. Besides these, a Wagic host answers the catalogue
/// variables `me` and `opp` (`Host::variable`) as the source's controller
/// (`Env::controller`) and that player's opponent, whoever's event runs the ability, and
/// lets the controller choose (`Host::chooser`): in Wagic an ability is always its
/// controller's.
pub trait WagicHost: Host {
    /// Applies an effect a builtin recorded (a pump, a prevention shield, a regeneration
    /// shield); `Host::end_effect` removes exactly it when it ends.
    fn add_effect(&mut self, id: EffectId, code: EffectCode, target: Value, value: i32);

    /// Applies a `transforms(...) forever` change (`AddType`, `SetColours`, `AddColours`,
    /// `SetPower`, `SetToughness`) to `card` for as long as it stays where it is: no
    /// effect ends it, its source leaving play neither; the card moving does (it becomes
    /// a new object). The same change made again is not kept twice.
    fn transform_forever(&mut self, card: CardId, code: EffectCode, value: i32);

    /// Gives `card` the keyword ability `ability` of a `transforms(...) forever` for as
    /// long as it stays where it is, as [`WagicHost::transform_forever`] changes it.
    fn grant_forever(&mut self, card: CardId, ability: AbilityIdx);

    /// Whether an effect `code` of value `value` lasts on `card` (a `livepump` mark).
    fn bears(&self, card: CardId, code: EffectCode, value: i32) -> bool;

    /// Keeps a phase action on `card` (`phaseaction[...]` of a one-shot effect): the
    /// game runs it as the phases begin ([`crate::table::Table::run_phase_actions`]).
    fn add_phase_action(&mut self, card: CardId, action: PhaseAction);

    /// `(blink)` (Wagic's `ABlink`): exiles `card` into its owner's exile and keeps it
    /// there to return to its owner's battlefield (`to_hand`: hand) as a new object when
    /// `until` says (the table returns it as the board settles: `table/blink.rs`).
    /// Whether it was exiled.
    fn blink(&mut self, card: CardId, source: CardId, until: BlinkReturn, to_hand: bool) -> bool;

    /// Where `card` is: its zone's owner and the zone.
    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)>;

    /// Where `card` was before its last move (what `@movedto(...) from(...)` tests).
    fn moved_from(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)>;

    /// The card's owner.
    fn owner(&self, card: CardId) -> PlayerId;

    /// Whether `card` has the type, subtype or name `word` (lower case; `*` is any card).
    fn has_type_word(&self, card: CardId, word: &str) -> bool;

    /// `source` deals `amount` damage to a creature or a player; false when `target` is
    /// neither.
    fn deal_damage(&mut self, source: CardId, target: Value, amount: i32) -> bool;

    /// The player's life changes by `amount`: gained or lost, as `lifegained` and
    /// `lifelost` hear it.
    fn change_life(&mut self, player: PlayerId, amount: i32);

    /// `card` was tapped for mana (its mana ability's cost tapped it, or a payment tapped
    /// it): `tappedformana` hears it.
    fn tapped_for_mana(&mut self, card: CardId);

    /// The player's poison counters change by `amount` (never below 0).
    fn alter_poison(&mut self, player: PlayerId, amount: i32);

    /// The player takes `count` extra turns after this one (`count` > 0) or skips its next
    /// `-count` turns (Wagic's `turns:n`).
    fn add_turns(&mut self, player: PlayerId, count: i32);

    /// `nextphasealter(remove,step,who)`: the player skips their next step `phase`, or
    /// every such step of their next turn (`table/phase_alter.rs`).
    fn skip_step(&mut self, player: PlayerId, phase: crate::testfile::Phase, scope: crate::table::SkipScope);

    /// `emblem(first, count, lasts)`: `player` gets an emblem with the emblem autos
    /// `first..first + count` of `source`'s rules (`table/emblem.rs`).
    fn make_emblem(
        &mut self,
        source: CardId,
        player: PlayerId,
        first: u16,
        count: u16,
        lasts: crate::table::EmblemLasts,
    );

    /// `nextphasealter(add,combatphases...)`: the player, in their turn, has an extra
    /// combat phase (`table/phase_alter.rs`).
    fn add_extra_combat(&mut self, player: PlayerId, combat: crate::table::ExtraCombat);

    /// `source`'s `wingame`: `player` wins the game (its opponent loses), unless a
    /// permanent of the opponent's has `cantlose` or one of the player's has `cantwin`
    /// (Wagic's `AAWinGame`); whether it won.
    fn win_game(&mut self, player: PlayerId, source: CardId) -> bool;

    /// The player's life total.
    fn life(&self, player: PlayerId) -> i32;

    /// The player's poison counters.
    fn poison(&self, player: PlayerId) -> i32;

    /// The player draws `count` cards; how many were drawn.
    fn draw(&mut self, player: PlayerId, count: i32) -> i32;

    /// Sacrifices a permanent into its owner's graveyard (no destruction: neither
    /// regeneration nor indestructible keeps it), raising `sacrificed`; a card off the
    /// battlefield is only moved there. Whether it was a sacrifice.
    fn sacrifice(&mut self, card: CardId) -> bool;

    /// Cycles a card in its owner's hand: discarded into its owner's graveyard, raising
    /// `discarded` and `cycled`; whether it was in a hand.
    fn cycle(&mut self, card: CardId) -> bool;

    /// The player discards `count` cards at random; how many were discarded.
    fn discard(&mut self, player: PlayerId, count: i32) -> i32;

    /// The top `count` cards of the player's library go to the graveyard; how many did.
    fn deplete(&mut self, player: PlayerId, count: i32) -> i32;

    /// Destroys a permanent (a regeneration shield saves it unless `can_regenerate` is
    /// false); whether it left the battlefield.
    fn destroy(&mut self, card: CardId, can_regenerate: bool) -> bool;

    /// Whether the permanent is tapped.
    fn is_tapped(&self, card: CardId) -> bool;

    /// Taps or untaps a permanent; whether it changed.
    fn set_tapped(&mut self, card: CardId, tapped: bool) -> bool;

    /// `frozen`: the permanent does not untap during its controller's next untap step;
    /// false when it is not on the battlefield.
    fn freeze(&mut self, card: CardId) -> bool;

    /// `flip(Name)`: the permanent becomes the card named `name` (as the card files write
    /// it), staying the same permanent; false when it is not a permanent that can, or no
    /// card has that name.
    fn flip(&mut self, card: CardId, name: &str) -> bool;

    /// The spells both players cast in the turn before this one (Wagic's `seenLastTurn`
    /// of the stacks: the cards put on them).
    fn spells_cast_last_turn(&self) -> i32;

    /// `removefromcombat`: the creature attacks and blocks no more; false when it did
    /// neither.
    fn remove_from_combat(&mut self, card: CardId) -> bool;

    /// Puts `count` `power/toughness` counters on a creature (removes them when negative,
    /// never more than it has).
    fn add_counters(&mut self, card: CardId, power: i32, toughness: i32, count: i32);

    /// Puts `count` counters named `name` (power and toughness 0/0: `charge`) on a card
    /// (removes them when negative, never below zero).
    fn add_named_counters(&mut self, card: CardId, name: &str, count: i32);

    /// The counters named `name` on a card (0 for none, or an unknown handle).
    fn named_counters(&self, card: CardId, name: &str) -> i32;

    /// A card's summed `+p/+t` counters and its counters named `name` as they are on the
    /// battlefield, or, for a card that has left it, as they were when it left (last known
    /// information: what `thisforeach(counter{...})` counts once the card is sacrificed or
    /// dead); none for an unknown handle or a card that was never there.
    fn counters_last_known(&self, card: CardId, name: &str) -> ((i32, i32), i32);

    /// The kinds of counters on a permanent, as `proliferate` offers them: its power and
    /// toughness counters as one kind, then each named kind in the order it got them; none
    /// for a card off the battlefield or an unknown handle.
    fn counter_kinds(&self, card: CardId) -> Vec<CounterKind>;

    /// Adds mana to the player's pool.
    fn add_mana(&mut self, player: PlayerId, colour: Colour, count: i32);

    /// Adds snow mana, which `{i}` pays (a snow permanent made it), to the player's pool.
    fn add_snow_mana(&mut self, player: PlayerId, colour: Colour, count: i32);

    /// The snow mana of `colour` in the player's pool (made by snow permanents, not spent).
    fn snow_mana(&self, player: PlayerId, colour: Colour) -> i32;

    /// Spends snow mana of `colour` (`{i}`); false (and nothing spent) when the pool has
    /// too little.
    fn spend_snow_mana(&mut self, player: PlayerId, colour: Colour, count: i32) -> bool;

    /// Whether the mana `card` makes is snow mana: it is a snow permanent.
    fn makes_snow_mana(&self, card: CardId) -> bool;

    /// Taps `land` for one mana of `colour` into the player's pool (snow mana from a snow
    /// land), as a payment taps it: `tappedformana` hears it.
    fn tap_for_mana(&mut self, land: CardId, player: PlayerId, colour: Colour);

    /// Mana of `colour` in the player's pool.
    fn mana(&self, player: PlayerId, colour: Colour) -> i32;

    /// Spends mana of `colour`; false (and nothing spent) when the pool has too little.
    fn spend_mana(&mut self, player: PlayerId, colour: Colour, count: i32) -> bool;

    /// The X its player chose for the ability being activated (a game's move `with X =
    /// n`), which its `{X}` cost pays exactly; `None` when none was chosen: the cost then
    /// pays all the mana its colour leaves in the pool, as Wagic's `ManaCost::Diff` does.
    fn x_chosen(&self) -> Option<i32>;

    /// Notes the X an `{X}` cost paid: the catalogue's `x` reads it as the ability
    /// resolves.
    fn set_x_paid(&mut self, x: i32);

    /// The player's untapped lands of a basic land type (a Forest, a dual land), each with
    /// the colours it taps for, as [`crate::catalogue::MANA_COLOURS`] indices: what a
    /// `pay(cost)` effect taps when the mana pool is short of its cost.
    fn mana_lands(&self, player: PlayerId) -> Vec<(CardId, Vec<usize>)>;

    /// Shuffles the player's library.
    fn shuffle_library(&mut self, player: PlayerId);

    /// Puts a token with these characteristics onto `controller`'s battlefield, owned by
    /// that player, as a card entering it (the host emits `movedto` for it); the new card,
    /// or `None` when the host can hold no more cards (the builtin then stops making them).
    fn create_token(&mut self, controller: PlayerId, token: &Token<'_>) -> Option<CardId>;

    /// Puts a token of the card named `card` (as the card files write it) onto
    /// `controller`'s battlefield, as [`WagicHost::create_token`] does: a token with that
    /// card's printed characteristics and its rules (Wagic's `token(id)`), made by
    /// `source`'s ability.
    fn create_card_token(&mut self, controller: PlayerId, card: &str, source: CardId) -> Option<CardId>;

    /// Puts a token that is a copy of `copy.card` onto `controller`'s battlefield, as
    /// [`WagicHost::create_token`] does: the card's characteristics as they are now (its
    /// printed ones, or the face it shows: a flipped card's other card, a face-down card's
    /// nameless 2/2), its rules when it is a card's or a card's token, and `copy`'s extra
    /// abilities and types (Wagic's `clone`).
    fn create_copy_token(&mut self, controller: PlayerId, copy: &TokenCopy<'_>) -> Option<CardId>;

    /// Whose turn it is.
    fn active_player(&self) -> PlayerId;

    /// Whether `player` could cast a sorcery now (their main phase, the stack empty).
    fn sorcery_timing(&self, player: PlayerId) -> bool;

    /// Whether it is an upkeep step (the active player's).
    fn upkeep(&self) -> bool;

    /// Attaches the equipment or Aura `source` to the permanent `target` (detached from any
    /// other); false when either is not on the battlefield.
    fn attach(&mut self, source: CardId, target: CardId) -> bool;

    /// The permanent the equipment or Aura `source` is attached to, while both are on the
    /// battlefield.
    fn attached(&self, source: CardId) -> Option<CardId>;

    /// How many Equipment and how many Auras on the battlefield are attached to `card`
    /// (Wagic's `card->equipment` and `card->auras`).
    fn attachments(&self, card: CardId) -> (i32, i32);

    /// How many times the card's activated ability was activated this turn (`limit:n`).
    fn activations(&self, card: CardId) -> i32;

    /// Counts one more activation of the card's ability this turn.
    fn count_activation(&mut self, card: CardId);

    /// How many creatures block `card` (`rampage`).
    fn blockers(&self, card: CardId) -> usize;

    /// The creatures that blocked `card` or that it blocked in the combat that is ending
    /// (at the end of combat, whose event sees the blocks as they stood), into `out`.
    fn combat_opponents(&self, card: CardId, out: &mut Vec<CardId>);

    /// Whether the card entered the battlefield this turn (Wagic's `fresh`).
    fn fresh(&self, card: CardId) -> bool;

    /// Whether the card attacked this turn.
    fn attacked(&self, card: CardId) -> bool;

    /// The mana of `colour` ([`crate::catalogue::MANA_COLOURS`] order) paid to cast `card`,
    /// while it is on the stack or, once it resolved, on the battlefield; 0 for a card not
    /// cast (Wagic's `getManaUsedToCast`).
    fn mana_spent(&self, card: CardId, colour: Colour) -> i32;

    /// Notes `card` as the one a cost of `source`'s ability moves or taps, before it does:
    /// its power, toughness and converted mana cost as they are now (Wagic's
    /// `storedCard`, a snapshot taken as the cost is paid).
    fn store_card(&mut self, source: CardId, card: CardId);

    /// The player's devotion to `colour` (0..=4, `W` to `G`): the mana symbols of that
    /// colour in the mana costs of the permanents they control, a hybrid symbol counting
    /// for each of its colours (Wagic's `type:manaR`, `countTotalManaSymbols`).
    fn devotion(&self, player: PlayerId, colour: Colour) -> i32;

    /// The power, toughness or converted mana cost (`what` 0, 1 or 2) of the card
    /// [`WagicHost::store_card`] last noted for `source`; 0 when none was.
    fn stored(&self, source: CardId, what: usize) -> i32;

    /// Whether the player attacked with a creature this turn (Wagic's `raid`).
    fn raided(&self, player: PlayerId) -> bool;

    /// Whether a creature card was put into a graveyard from the battlefield this turn
    /// (Wagic's `morbid`).
    fn morbid(&self) -> bool;

    /// The damage the player was dealt this turn, after prevention (Wagic's
    /// `Player::damaged`, which `bloodthirst` reads).
    fn damaged(&self, player: PlayerId) -> i32;

    /// The total power of the creatures the player controls (Wagic's `powertotalinplay`).
    fn creature_power_total(&self, player: PlayerId) -> i32;

    /// Whether the card's upkeep cost (`upcost[...]`) was paid this turn.
    fn upkeep_paid(&self, card: CardId) -> bool;

    /// Notes the card's upkeep cost paid this turn.
    fn pay_upkeep(&mut self, card: CardId);

    /// Whether the card's echo (`upcost[...;next upkeep]`) came due: its controller's
    /// first draw step since it entered began.
    fn echo_done(&self, card: CardId) -> bool;

    /// Notes the card's echo due.
    fn end_echo(&mut self, card: CardId);

    /// Whether the card's `@next phase` trigger fired since it entered.
    fn next_done(&self, card: CardId) -> bool;

    /// Notes the card's `@next phase` trigger fired.
    fn end_next(&mut self, card: CardId);

    /// The player `card` last targeted (Wagic's `playerTarget`), until it moved.
    fn player_target(&self, card: CardId) -> Option<PlayerId>;

    /// Notes that `card` targets `player` (the catalogue's `playertarget`).
    fn set_player_target(&mut self, card: CardId, player: PlayerId);

    /// The colour chosen for `card` (Wagic's `chooseacolor` of the card, the catalogue's
    /// `choosecolor`), until it moved.
    fn chosen_colour(&self, card: CardId) -> Option<Colour>;

    /// Remembers `colour` as the colour chosen for `card` (the catalogue's `choosecolor`).
    fn set_chosen_colour(&mut self, card: CardId, colour: Colour);

    /// The creature type chosen for `card` (Wagic's `chooseasubtype`, the catalogue's
    /// `choosetype`), an index in [`crate::catalogue::SUBTYPES`], until it moved.
    fn chosen_type(&self, card: CardId) -> Option<u16>;

    /// Remembers `subtype` as the creature type chosen for `card`.
    fn set_chosen_type(&mut self, card: CardId, subtype: u16);

    /// The creature types a `choosetype` offers (indices in [`crate::catalogue::SUBTYPES`]):
    /// those of the cards in the game, sorted by name, at most [`TYPES_OFFERED`].
    fn types_offered(&self) -> Vec<u16>;

    /// The card `card` targets (Wagic's `card->target`, noted by the catalogue's
    /// `cardtarget`), which a spec's `[share!name!]` compares with.
    fn card_target(&self, card: CardId) -> Option<CardId>;

    /// Notes that `card` targets `target` (the catalogue's `cardtarget`).
    fn set_card_target(&mut self, card: CardId, target: CardId);

    /// Whether the spell can't be countered: its `abilities=` has `nofizzle` (a spell on
    /// the stack is not in play, so the runtime grants it no ability).
    fn uncounterable(&self, card: CardId) -> bool;
}

/// The most creature types a `choosetype` offers: a menu a player reads, and a bounded
/// set of moves for the game's players.
pub const TYPES_OFFERED: usize = 40;
