//! The game's whole board as one plain value ([`GameState`]): players, card instances,
//! phase, turn, the seeded generator, modifiers, the event log and the engine's agenda.
//! It is `Clone`, `PartialEq`, `Debug` and serde-serialisable; it is also the
//! `vm::runtime::Host` the rules run against (`host_impl.rs`).

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

pub use crate::backups::{Backups, MAX_BACKUPS};
use crate::log::{CardName, Log, Record, RecordKind, Text};
use crate::set::{CardDef, CardKind, CardSet, DefIdx};

mod find;
pub(crate) use find::{Found, Places};

/// Starting HP of each player.
pub const START_HP: i32 = 3000;
/// Cards in an opening hand.
pub const START_HAND: usize = 5;
/// Ring slots per player.
pub const RING_SLOTS: usize = 4;
/// BP a back-up adds to its character.
pub const BACKUP_BONUS: i32 = 300;
/// SP each joiner of a United Attack costs.
pub const UA_COST_PER_JOINER: i32 = 5;
/// Most characters in one United Attack (leader and joiners).
pub const UA_MAX: usize = 3;
/// Turns after which a game that has not ended is a draw, unless set otherwise.
pub const DEFAULT_TURN_LIMIT: u32 = 200;

/// Characters of one ring (at most [`RING_SLOTS`]), kept inline.
pub type RingCards = smallvec::SmallVec<[CardRef; RING_SLOTS]>;

/// A card instance of one game (index into [`GameState::cards`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardRef(pub u32);

impl CardRef {
    /// The runtime's id of the card.
    pub fn id(self) -> vm::runtime::CardId {
        vm::runtime::CardId(self.0)
    }

    /// The card with the runtime's id `id`.
    pub fn of(id: vm::runtime::CardId) -> CardRef {
        CardRef(id.0)
    }
}

/// One of the two players' seats: 0 took the first seat, 1 the other. A seat is always 0 or
/// 1, so it indexes [`GameState::players`] without a check; it is written as that number
/// (saves, JSON, hashes), and a saved number other than 0 or 1 is refused on reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// Seat 0.
    pub const FIRST: Seat = Seat(0);
    /// Seat 1.
    pub const SECOND: Seat = Seat(1);
    /// Both seats, in order.
    pub const BOTH: [Seat; 2] = [Seat::FIRST, Seat::SECOND];

    /// The seat at `index` of [`GameState::players`] (0, else 1): the game has two players.
    pub fn at(index: usize) -> Seat {
        if index == 0 { Seat::FIRST } else { Seat::SECOND }
    }

    /// The seat of a runtime player id: the runtime never names a player other than the
    /// game's two, so any id but 0 counts as seat 1.
    pub fn of(player: vm::runtime::PlayerId) -> Seat {
        Seat::at(player.0 as usize)
    }

    /// The runtime's player id of the seat.
    pub fn pid(self) -> vm::runtime::PlayerId {
        vm::runtime::PlayerId(u32::from(self.0))
    }

    /// The other seat.
    pub fn other(self) -> Seat {
        Seat(1 - self.0)
    }

    /// Its index in [`GameState::players`] (0 or 1).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its number, as logs and saves write it (0 or 1).
    pub fn number(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;

    fn try_from(number: u8) -> Result<Seat, String> {
        match number {
            0 | 1 => Ok(Seat(number)),
            _ => Err(format!("seat {number} is not 0 or 1")),
        }
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl From<Seat> for usize {
    fn from(seat: Seat) -> usize {
        usize::from(seat.0)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A phase of a turn (spec §4.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Phase {
    /// Unfreeze, clear markers, `activatePhase`, `uynt` timers expire.
    Activate,
    /// Draw a card (not on the first player's first turn), `drawPhase`.
    Draw,
    /// The active player plays cards and activates abilities.
    Main,
    /// The active player declares attackers and United Attacks.
    Attack,
    /// The defender plays reactions and declares blockers.
    CounterAttack,
    /// Attackers freeze, combat, `endPhase`.
    End,
    /// KO sweep, `cleanupPhase`, markers removed, `ueot`/`unac` timers expire.
    Cleanup,
}

impl Phase {
    /// Every phase in turn order.
    pub const ALL: [Phase; 7] =
        [Phase::Activate, Phase::Draw, Phase::Main, Phase::Attack, Phase::CounterAttack, Phase::End, Phase::Cleanup];

    /// The phase after this one in the same turn (`None` after Cleanup).
    pub fn next(self) -> Option<Phase> {
        let i = Phase::ALL.iter().position(|&p| p == self)?;
        Phase::ALL.get(i + 1).copied()
    }

    /// The phase's index in the catalogue's `PHASES` keyword set (`skip(draw)`).
    pub fn catalogue_index(self) -> u16 {
        Phase::ALL.iter().position(|&p| p == self).unwrap_or(0) as u16
    }

    /// The phase with catalogue index `i` (`None` for `setup`).
    pub fn from_catalogue_index(i: u16) -> Option<Phase> {
        Phase::ALL.get(usize::from(i)).copied()
    }

    /// The phase named `name` (`main`, `counter-attack`, `block`...), case-insensitive.
    pub fn parse(name: &str) -> Option<Phase> {
        match name.to_ascii_lowercase().as_str() {
            "activate" => Some(Phase::Activate),
            "draw" => Some(Phase::Draw),
            "main" => Some(Phase::Main),
            "attack" => Some(Phase::Attack),
            "counter-attack" | "counterattack" | "block" => Some(Phase::CounterAttack),
            "end" => Some(Phase::End),
            "cleanup" => Some(Phase::Cleanup),
            _ => None,
        }
    }
}

/// What a character does in the current attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Role {
    /// Not attacking.
    #[default]
    None,
    /// Attacking alone or leading a United Attack (has the Attack marker).
    Leader,
    /// Joined a United Attack.
    Joiner,
}

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// In its controller's hand.
    Hand,
    /// In a deck (index 0 = top).
    Deck,
    /// In a discard pile.
    Discards,
    /// Removed from the game.
    Removed,
    /// In a ring slot.
    Ring(u8),
    /// On the table while it resolves (a played action or reaction).
    Table,
    /// Attached as a back-up under a character.
    Backup(CardRef),
}

/// One card instance and its state: plain `Copy` data, so that a copy of the game copies
/// all its cards at once.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CardState {
    /// The printed card it is now (a transformed card has another).
    pub def: DefIdx,
    /// The printed card it was when the game began (a transformed card reverts to it), as
    /// [`CardState::original`] gives it: 4 bytes rather than a `DefIdx`'s 8 keep the whole
    /// state at 64 bytes, a cache line (every card is read or written by the end-of-turn
    /// cleanup and by a legality copy of the game).
    pub original: u32,
    /// Its owner (whose discard pile it goes to).
    pub owner: Seat,
    /// Who controls it now.
    pub controller: Seat,
    /// Current BP (the BP marker in the ring; the printed BP elsewhere).
    pub bp: i32,
    /// BP when it last changed or left the ring.
    pub last_bp: i32,
    /// The bundle card whose rules it has now (`None`: no ability).
    pub rules: Option<u32>,
    /// Just Entered: played this turn.
    pub fresh: bool,
    /// Frozen (turned sideways).
    pub frozen: bool,
    /// What it does in the current attack.
    pub role: Role,
    /// Part of the United Attack (leader or joiner).
    pub united: bool,
    /// The attacker it blocks (Counter-attack marker).
    pub blocking: Option<CardRef>,
    /// An attacker a character blocked this turn (kept when the blocker leaves).
    pub blocked: bool,
    /// Its ability was activated this turn.
    pub activated: bool,
    /// `clear()`: the current activation does not mark it activated.
    pub keep_ready: bool,
    /// Back-ups attached to it, in order.
    pub backups: Backups,
}

impl CardState {
    /// The printed card it was when the game began.
    pub fn original(&self) -> DefIdx {
        self.original as DefIdx
    }
}

/// One player and their zones.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Hit points; at 0 the player loses.
    pub hp: i32,
    /// Special points (never below 0).
    pub sp: i32,
    /// SP lost this turn (all losses added up, spec B-62).
    pub lost_sp: i32,
    /// The last SP loss of this turn: what a card reads as `lostSP` (ruling: C231
    /// Heidern steals "up to 3 SP", the SP of its own `sp(-3)`, not the turn's total).
    #[serde(default)]
    pub last_sp_loss: i32,
    /// Dealt non-combat damage this turn.
    pub nc_damaged: bool,
    /// The hand, in order.
    pub hand: Vec<CardRef>,
    /// The deck, top first.
    pub deck: Vec<CardRef>,
    /// The discard pile, top first.
    pub discards: Vec<CardRef>,
    /// Cards removed from the game, top first.
    pub removed: Vec<CardRef>,
    /// Ring slots s0..s3.
    pub ring: [Option<CardRef>; RING_SLOTS],
    /// Non-character cards on the table (resolving, or waiting for the discard).
    pub table: Vec<CardRef>,
    /// Characters played this turn.
    pub chars_played: u32,
    /// Characters that may be played this turn.
    pub chars_per_turn: u32,
    /// Back-ups played this turn.
    pub backups_played: u32,
    /// Extra turns to take after this one.
    pub extra_turns: i32,
    /// Phases to skip once.
    pub skips: Vec<Phase>,
}

impl PlayerState {
    /// A player with the starting HP and nothing in any zone.
    pub fn new() -> PlayerState {
        PlayerState {
            hp: START_HP,
            sp: 0,
            lost_sp: 0,
            last_sp_loss: 0,
            nc_damaged: false,
            hand: Vec::new(),
            deck: Vec::new(),
            discards: Vec::new(),
            removed: Vec::new(),
            ring: [None; RING_SLOTS],
            table: Vec::new(),
            chars_played: 0,
            chars_per_turn: 1,
            backups_played: 0,
            extra_turns: 0,
            skips: Vec::new(),
        }
    }

    /// The pile `zone` (`None` for the ring, table and back-ups).
    pub fn pile(&self, zone: Zone) -> Option<&Vec<CardRef>> {
        match zone {
            Zone::Hand => Some(&self.hand),
            Zone::Deck => Some(&self.deck),
            Zone::Discards => Some(&self.discards),
            Zone::Removed => Some(&self.removed),
            Zone::Table => Some(&self.table),
            _ => None,
        }
    }

    /// The pile `zone`, mutably.
    pub fn pile_mut(&mut self, zone: Zone) -> Option<&mut Vec<CardRef>> {
        match zone {
            Zone::Hand => Some(&mut self.hand),
            Zone::Deck => Some(&mut self.deck),
            Zone::Discards => Some(&mut self.discards),
            Zone::Removed => Some(&mut self.removed),
            Zone::Table => Some(&mut self.table),
            _ => None,
        }
    }

    /// The characters in the ring, slot order.
    pub fn characters(&self) -> impl Iterator<Item = CardRef> + '_ {
        self.ring.iter().flatten().copied()
    }
}

impl Default for PlayerState {
    fn default() -> Self {
        PlayerState::new()
    }
}

/// A rule-switch value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleVal {
    /// On or off.
    Bool(bool),
    /// A number (`play_char_bp_limit`).
    Int(i32),
}

/// A lasting modifier of the rules (a rule switch or a cost change) under an effect's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModifierRecord {
    /// A game-rule switch entry.
    Rule {
        /// The runtime effect that bounds it.
        effect: u32,
        /// `None`: both players.
        player: Option<Seat>,
        /// Index in the catalogue's rule switches.
        rule: u16,
        /// Its value.
        value: RuleVal,
    },
    /// A cost change of a cost type (index in the stdlib's `COST_TYPES`).
    Cost {
        /// The runtime effect that bounds it.
        effect: u32,
        /// Which cost type.
        cost_type: u16,
        /// True: sets the raw cost; false: adds to it (positive = cheaper).
        set: bool,
        /// The amount.
        amount: i32,
    },
}

impl ModifierRecord {
    /// The effect that bounds it.
    pub fn effect(&self) -> u32 {
        match *self {
            ModifierRecord::Rule { effect, .. } | ModifierRecord::Cost { effect, .. } => effect,
        }
    }
}

/// An ability in force on a card or player (mirrors the runtime's ability effects, so the
/// rules can read them while the runtime is busy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbilityGrant {
    /// The runtime effect.
    pub effect: u32,
    /// The card that has it, or `None` with `player` set.
    pub card: Option<CardRef>,
    /// The player that has it (`cantplayac`).
    pub player: Option<Seat>,
    /// Index in the catalogue's abilities.
    pub ability: u16,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// The loser's HP reached 0.
    HpZero {
        /// Who lost.
        loser: Seat,
    },
    /// The loser had to draw from an empty deck.
    DeckOut {
        /// Who lost.
        loser: Seat,
    },
    /// Both players lost at the same moment.
    BothLost,
    /// The turn limit was reached.
    TurnLimit(u32),
    /// The engine stopped a step that did not end (a loop in cards' effects).
    Stalled,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: EndReason,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.winner, &self.reason) {
            (Some(w), EndReason::HpZero { loser }) => write!(f, "player {w} wins: player {loser}'s HP reached 0"),
            (Some(w), EndReason::DeckOut { loser }) => {
                write!(f, "player {w} wins: player {loser} had to draw from an empty deck")
            }
            (_, EndReason::TurnLimit(n)) => write!(f, "draw: the turn limit of {n} turns was reached"),
            (_, EndReason::BothLost) => write!(f, "draw: both players lost at once"),
            (_, EndReason::Stalled) => write!(f, "draw: the engine stopped a step that did not end"),
            (None, reason) => write!(f, "draw ({reason:?})"),
        }
    }
}

pub use crate::agenda::{Agenda, Task};

/// A handle on the set a game plays with (not serialised; equal when it is the same set).
#[derive(Debug, Default)]
pub struct SetHandle(pub Option<Arc<CardSet>>);

impl PartialEq for SetHandle {
    fn eq(&self, other: &SetHandle) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

/// The whole state of a game.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// Every card instance.
    pub cards: Vec<CardState>,
    /// The two players.
    pub players: [PlayerState; 2],
    /// Turn number, from 1.
    pub turn: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// Who took the first turn.
    pub first_player: Seat,
    /// The current phase.
    pub phase: Phase,
    /// The seeded generator (shuffles, random picks, coin flips).
    pub rng: ChaCha8Rng,
    /// After this many turns the game is a draw.
    pub turn_limit: u32,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    /// Players who lost (HP 0) during the current step.
    pub defeated: Vec<Seat>,
    /// What happened, in order.
    pub log: crate::log::EventLog,
    /// Rule switches and cost changes in force.
    pub modifiers: Vec<ModifierRecord>,
    /// Abilities in force.
    pub abilities: Vec<AbilityGrant>,
    /// Payment and damage windows open (`(kind, sum)`; kind: cost type, or `u16::MAX` for damage).
    pub windows: Vec<(u16, i32)>,
    /// While set, filters a builtin resolves search this pile (player, zone).
    pub search_scope: Option<(Seat, Zone)>,
    /// Activations `activate(card)` queued (card, rules, me), run first to last; at most
    /// [`crate::MAX_CASCADE_STEPS_PER_CALL`], as no call could run more.
    pub queued: VecDeque<(CardRef, u32, Seat)>,
    /// Cards whose rules changed: their autos restart.
    pub restart: Vec<CardRef>,
    /// Engine steps still to run.
    pub agenda: Agenda,
    /// Candidate indices picked so far for the pending request.
    pub picks: Vec<u16>,
    /// Actions and reactions played this turn whose autos keep listening until the turn
    /// ends, although the cards went to the discard pile (Crossover, Grandmaster).
    pub lingering: Vec<CardRef>,
    /// Hand sizes when last checked, for `handChanges`.
    pub hand_sizes: [usize; 2],
    /// Characters in each ring when last checked, for `ringChanges`.
    pub ring_sizes: [usize; 2],
    /// The card set (not serialised).
    #[serde(skip)]
    pub set: SetHandle,
    /// Whether what should be in play may have changed since the engine last made the
    /// runtime's cards in play match the board (`Game::sync_play`): set by every write to
    /// a ring slot, to a card's rules or to the lingering cards, and taken by `sync_play`,
    /// which compares the cards in play with the board only when it is set (the engine
    /// syncs after every step; most steps change none of these).
    #[serde(skip)]
    pub(crate) play_changed: Mark,
    /// Whether a hand's length or a ring's characters may have changed since the engine
    /// last compared them with [`GameState::hand_sizes`] and [`GameState::ring_sizes`]
    /// (`Game::after_step`): set by every card move (`take_from`, `put`), taken by the
    /// comparison. Most steps move no card: 88% of a random game's (BENCHMARKS.md).
    #[serde(skip)]
    pub(crate) sizes_changed: Mark,
    /// Whether a character at 0 BP or less may be in a ring since the engine's last KO
    /// check ([`GameState::ko_due`]): set where a card's BP is written to 0 or less and where
    /// a card at 0 BP or less is put in a ring ([`GameState::note_bp`]), taken by the phase
    /// procedures' KO sweep, which their checks call only when it is set. Three checks a
    /// turn, and few find a character to KO (2,118 KOs in 19,832 sweeps of 300 random games).
    #[serde(skip)]
    pub(crate) ko_possible: Mark,
    /// Whether a character may carry an attack marker (a role, `united`, `blocking`,
    /// `blocked`) since the engine last cleared them all: set by every declaration of an
    /// attack, a join or a block ([`GameState::mark_attack_markers`]), taken by
    /// `clear_attack_markers(true)`. Clearing them (twice a turn) and listing the
    /// attackers (twice a turn) need not look at the rings of a turn without an attack.
    #[serde(skip)]
    pub(crate) attack_marked: Mark,
    /// Where each card was last put, by card index: where [`GameState::find_card`] looks
    /// first. Not serialised (a state read back searches until its cards move).
    #[serde(skip)]
    pub(crate) places: Places,
}

/// A mark of the engine's on the board ([`GameState::play_changed`],
/// [`GameState::sizes_changed`]): set by the writes it watches, taken by the engine when it
/// compares what they may have changed. A new or deserialised state starts with it set. It
/// is the engine's cache, not part of the board: two states are equal whatever it holds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark(pub(crate) bool);

impl Default for Mark {
    fn default() -> Mark {
        Mark(true)
    }
}

impl PartialEq for Mark {
    fn eq(&self, _: &Mark) -> bool {
        true
    }
}

/// Entries the lists of effects in force (rule switches and cost changes, abilities) hold
/// before they grow, picks of a question, steps of the agenda, queued activations, cards
/// whose rules change or that linger: a game sizes them once, at its start, rather than on
/// the first use in a later turn.
const MODIFIERS_CAPACITY: usize = 16;
const PICKS_CAPACITY: usize = 8;
const AGENDA_CAPACITY: usize = 16;
const FEW_CARDS_CAPACITY: usize = 4;
/// Both rings' characters: an effect may change the rules of each (`loseAbility`).
const RESTART_CAPACITY: usize = 2 * RING_SLOTS;

impl GameState {
    /// An empty board for `set`, seeded with `seed`.
    pub fn new(set: Arc<CardSet>, seed: u64) -> GameState {
        GameState {
            cards: Vec::new(),
            players: [PlayerState::new(), PlayerState::new()],
            turn: 1,
            active: Seat::FIRST,
            first_player: Seat::FIRST,
            phase: Phase::Main,
            rng: ChaCha8Rng::seed_from_u64(seed),
            turn_limit: DEFAULT_TURN_LIMIT,
            outcome: None,
            defeated: Vec::with_capacity(2),
            log: crate::log::EventLog::default(),
            modifiers: Vec::with_capacity(MODIFIERS_CAPACITY),
            abilities: Vec::with_capacity(MODIFIERS_CAPACITY),
            windows: Vec::with_capacity(2),
            search_scope: None,
            queued: VecDeque::with_capacity(FEW_CARDS_CAPACITY),
            restart: Vec::with_capacity(RESTART_CAPACITY),
            agenda: Agenda::with_capacity(AGENDA_CAPACITY),
            picks: Vec::with_capacity(PICKS_CAPACITY),
            lingering: Vec::with_capacity(FEW_CARDS_CAPACITY),
            hand_sizes: [0; 2],
            ring_sizes: [0; 2],
            set: SetHandle(Some(set)),
            play_changed: Mark::default(),
            sizes_changed: Mark::default(),
            ko_possible: Mark::default(),
            attack_marked: Mark::default(),
            places: Places::default(),
        }
    }

    /// Adds a card instance, with the next index; the caller puts it in a zone.
    pub(crate) fn add_card(&mut self, state: CardState) -> CardRef {
        let card = CardRef(self.cards.len() as u32);
        self.cards.push(state);
        self.places.add(state.owner);
        card
    }

    /// Attaches the set a deserialised state plays with (a state read back from JSON has
    /// none: card names and printed values are then unknown).
    pub fn attach_set(&mut self, set: Arc<CardSet>) {
        self.set = SetHandle(Some(set));
    }

    /// The printed card `def` of the set.
    pub fn def_at(&self, def: DefIdx) -> Option<&CardDef> {
        self.set.0.as_ref()?.card(def)
    }

    /// The printed card a card instance is now.
    pub fn def(&self, card: CardRef) -> Option<&CardDef> {
        self.def_at(self.card(card)?.def)
    }

    /// The back-up facts of the printed card a card instance is now.
    pub(crate) fn backup_facts(&self, card: CardRef) -> Option<&crate::set::BackupFacts> {
        self.set.0.as_ref()?.backup_facts(self.card(card)?.def)
    }

    /// The ability type of the rules a card has now (a copied ability has its donor's
    /// type); `None` without an ability.
    pub fn ability_type(&self, card: CardRef) -> Option<crate::set::AbilityType> {
        let rules = self.card(card)?.rules?;
        let set = self.set.0.as_ref()?;
        let def = set.def_of_rules(vm::bytecode::CardIdx(rules))?;
        set.card(def)?.ability
    }

    /// A card instance.
    pub fn card(&self, card: CardRef) -> Option<&CardState> {
        self.cards.get(card.0 as usize)
    }

    /// A card instance, mutably.
    pub fn card_mut(&mut self, card: CardRef) -> Option<&mut CardState> {
        self.cards.get_mut(card.0 as usize)
    }

    /// The kind of a card.
    pub fn kind(&self, card: CardRef) -> Option<CardKind> {
        self.def(card).map(|def| def.kind)
    }

    /// Notes a write to a ring slot, a card's rules or the lingering cards: the engine
    /// compares its cards in play with the board after the step ([`GameState::play_changed`]).
    pub(crate) fn mark_play_changed(&mut self) {
        self.play_changed = Mark(true);
    }

    /// Notes a card move: the engine compares the hands' and rings' sizes after the step
    /// ([`GameState::sizes_changed`]).
    pub(crate) fn mark_sizes_changed(&mut self) {
        self.sizes_changed = Mark(true);
    }

    /// Notes that a card's BP is now `bp` (written, or the card put in a ring): at 0 or less
    /// the next KO check looks at the rings ([`GameState::ko_possible`]).
    pub(crate) fn note_bp(&mut self, bp: i32) {
        if bp <= 0 {
            self.ko_possible = Mark(true);
        }
    }

    /// Notes that a character may carry an attack marker ([`GameState::attack_marked`]).
    pub(crate) fn mark_attack_markers(&mut self) {
        self.attack_marked = Mark(true);
    }

    /// Whether a KO check must look at the rings: [`GameState::ko_possible`] is set (a
    /// debug build checks that no ring holds a character at 0 BP otherwise).
    pub(crate) fn ko_check_due(&self) -> bool {
        debug_assert!(self.ko_possible.0 || !self.ko_due(), "a character at 0 BP in a ring without `note_bp`");
        self.ko_possible.0
    }

    /// Whether [`GameState::play_changed`] or [`GameState::sizes_changed`] is set: what
    /// the engine compares after a step.
    pub(crate) fn changes_marked(&self) -> bool {
        self.play_changed.0 || self.sizes_changed.0
    }

    /// The card's name (`?` for an unknown card).
    pub fn name(&self, card: CardRef) -> String {
        self.def(card).map_or_else(|| "?".to_owned(), |def| def.name.clone())
    }

    /// The player in a seat.
    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.index()]
    }

    /// The player in a seat, mutably.
    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players[seat.index()]
    }

    /// The controller of a card (seat 0 for an unknown one).
    pub fn controller_of(&self, card: CardRef) -> Seat {
        self.card(card).map_or(Seat::FIRST, |c| c.controller)
    }

    /// The ring slot of a character in play.
    pub fn slot_of(&self, card: CardRef) -> Option<(Seat, u8)> {
        self.players.iter().enumerate().find_map(|(p, player)| {
            player.ring.iter().position(|&s| s == Some(card)).map(|slot| (Seat::at(p), slot as u8))
        })
    }

    /// A card as a reader of the log names it: number, name and, in a ring, where
    /// (`C022 Ryu (p1.s0)`).
    pub fn describe(&self, card: CardRef) -> String {
        let mut text = String::new();
        self.write_description(card, &mut text);
        text
    }

    /// Writes [`GameState::describe`]'s text of a card to `out`.
    pub fn write_description(&self, card: CardRef, out: &mut String) {
        let def = self.def(card);
        let number = def.and_then(|def| def.number.as_deref()).unwrap_or("#");
        let name = def.map_or("?", |def| def.name.as_str());
        // Writing to a `String` cannot fail.
        let _ = write!(out, "{number} {name}");
        if let Some((player, slot)) = self.slot_of(card) {
            let _ = write!(out, " (p{player}.s{slot})");
        }
    }

    /// Whether a card is a character in a ring.
    pub fn in_ring(&self, card: CardRef) -> bool {
        self.slot_of(card).is_some()
    }

    /// Whether `card` has ability `ability` (catalogue index) in force.
    pub fn has_ability(&self, card: CardRef, ability: stdlib::keywords::Ability) -> bool {
        let wanted = ability as u16;
        self.abilities.iter().any(|grant| grant.card == Some(card) && grant.ability == wanted)
    }

    /// The value of rule switch `rule` (catalogue index) for `player`: their own entries
    /// if they have any, else the global ones; `None` when nothing set it.
    pub fn rule_entries(&self, rule: u16, player: Seat) -> Vec<RuleVal> {
        self.rule_values(rule, player).collect()
    }

    /// [`GameState::rule_entries`] read in place (legality asks rule switches at every
    /// listing, and a list per question was a heap allocation).
    fn rule_values(&self, rule: u16, player: Seat) -> impl Iterator<Item = RuleVal> + '_ {
        let entries = move |scope: Option<Seat>| {
            self.modifiers.iter().filter_map(move |m| match *m {
                ModifierRecord::Rule { player: p, rule: r, value, .. } if r == rule && p == scope => Some(value),
                _ => None,
            })
        };
        let own = entries(Some(player)).next().is_some();
        entries(if own { Some(player) } else { None })
    }

    /// A boolean rule switch for `player`: false if any entry is false, true if any is
    /// true, else `default`.
    pub fn rule_on(&self, rule: &str, player: Seat, default: bool) -> bool {
        if self.modifiers.is_empty() {
            // Nothing set any rule switch (most of most games).
            return default;
        }
        let Some(index) = stdlib::CATALOGUE.rule_switches.iter().position(|r| r.name == rule) else {
            return default;
        };
        let mut entries = self.rule_values(index as u16, player).peekable();
        if entries.peek().is_none() {
            return default;
        }
        !entries.any(|value| value == RuleVal::Bool(false))
    }

    /// The smallest number set for a rule switch (`play_char_bp_limit`).
    pub fn rule_min(&self, rule: &str, player: Seat) -> Option<i32> {
        if self.modifiers.is_empty() {
            return None;
        }
        let index = stdlib::CATALOGUE.rule_switches.iter().position(|r| r.name == rule)?;
        self.rule_values(index as u16, player)
            .filter_map(|v| match v {
                RuleVal::Int(n) => Some(n),
                RuleVal::Bool(_) => None,
            })
            .min()
    }

    /// Adds a log entry stamped with the current turn and phase: any but a play, a back-up
    /// or a trap, which [`GameState::note_summarised`] adds.
    pub fn note(&mut self, kind: RecordKind) {
        self.log.push(Record { turn: self.turn, phase: self.phase, kind });
    }

    /// [`GameState::note`] for a play, a back-up or a trap: what a game's summary reads
    /// ([`crate::log::EventLog::summarised`]).
    pub fn note_summarised(&mut self, kind: RecordKind) {
        self.log.push_summarised(Record { turn: self.turn, phase: self.phase, kind });
    }

    /// Writes a text for a log entry about to be noted.
    pub fn text(&mut self, text: std::fmt::Arguments<'_>) -> Text {
        self.log.text(text)
    }

    /// A card's name, as a log entry keeps it.
    pub fn name_of(&self, card: CardRef) -> CardName {
        CardName(self.card(card).filter(|c| self.def_at(c.def).is_some()).and_then(|c| u32::try_from(c.def).ok()))
    }

    /// The log, as a reader sees it (cards named from the set).
    pub fn read_log(&self) -> Log<'_> {
        self.log.read(self.set.0.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card's state is read by the end-of-turn cleanup and copied by a legality copy
    /// of the game: at 64 bytes a card is one cache line's worth (it was 72).
    #[test]
    fn a_card_state_is_one_cache_line() {
        assert_eq!(size_of::<CardState>(), 64);
    }
}
