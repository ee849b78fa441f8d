//! A seat played by the caller's own code ([`Seat`]): every choice that seat makes in a
//! game is put to it as a [`Question`], a plain list of options each with a label a
//! person reads (`cast Shock`, `attack with Grizzly Bears`, `target Grizzly Bears (p1)`,
//! `keep`, `pass`), beside the [`SeatView`] of the board it may see; it answers with an
//! option's index.
//!
//! The questions, in the order a game asks them:
//!
//! | kind | when | options |
//! |---|---|---|
//! | [`QuestionKind::Mulligan`] | before the first turn, for each hand not empty | `keep`, `mulligan` |
//! | [`QuestionKind::Priority`] | the seat has priority | each move (`play Forest`, `cast Shock`, `cast Kavu Titan with its kicker`, `cast Firebolt with flashback`, `activate Prodigal Sorcerer: {T}:damage:1 ...`, one per X for an `{X}` cost: `activate Oracle of Nectars: {X}{T}:life:X with X = 2`), then `pass` |
//! | [`QuestionKind::Effect`] | a spell's or ability's question (its targets, a `may`, a card to pay with, a mode of its `choice` lines), one pick at a time | each candidate (`target Grizzly Bears (p1)`, `target p0`, `yes`, `no`, `choose: Exile power 3 or more`), then `done` once enough are chosen |
//! | [`QuestionKind::Attack`] | the seat's turn, for each creature that can attack (one that must attacks unasked) | `attack with NAME`, `hold back NAME` |
//! | [`QuestionKind::Block`] | the other seat attacked, for each creature that may block one of the attackers | `block ATTACKER with NAME` for each, then `no block with NAME` |
//! | [`QuestionKind::Discard`] | the seat's cleanup step with more than 7 cards in hand, one card at a time | `discard NAME` for each card in hand |
//! | [`QuestionKind::Legend`] | the legend rule: two legendary permanents of one name | `keep the new NAME`, `keep the old NAME` |
//!
//! Each option may name the card it is about ([`Question::cards`], a [`CardAt`] of the
//! view), which tells apart two Grizzly Bears whose labels are the same. Options that are
//! the same choice (two copies of a card in hand: `cast Shock` twice) are shown once, and
//! a choice with one option is not asked (a lone target, priority with no move but the
//! pass): the game takes it. Each option also says what kind of choice it is
//! ([`Question::kinds`], an [`OptionKind`]), so that code need not read the labels.
//!
//! No question has more than [`MAX_OPTIONS`] options, so that a learning agent's action
//! space has a fixed size: a choice among more (a spell's target among a crowded
//! battlefield, a discard from a very large hand) is put in pages, each of the first
//! [`MAX_OPTIONS`]` - 1` options left then `more options` ([`OptionKind::More`]), which
//! asks the next page. Pages go forward only (the options passed over cannot be taken
//! again in that choice), and the options the choice ends with (`pass`, `done`,
//! `no block with NAME`) are on its last page. Answering `None` (the seat gives up) or an index past the
//! options stops the game: [`super::Outcome::Stopped`], whose reason names the seat and
//! the question. The built-in players ([`super::PlayerKind`]) do not go through this:
//! their games play exactly as before seats existed.

use crate::testfile::Phase;

/// The most options a question has: a choice among more is put in pages (the module's
/// doc).
pub const MAX_OPTIONS: usize = 64;

/// Who makes the choices of a seat played by the caller's code ([`super::play_with`],
/// [`super::SteppedGame`]).
pub trait Seat {
    /// The index of the option of `question` this seat takes, given what it sees of the
    /// board (`view`); `None` gives up, which stops the game.
    fn decide(&mut self, view: &SeatView, question: &Question) -> Option<usize>;

    /// [`Seat::decide`], with `views` at hand while the seat decides: each seat's view of
    /// the board as it is now (`views(0)`, `views(1)`), for a host that shows either
    /// seat's view to its caller at any question ([`super::SteppedGame::view`]). The
    /// default is [`Seat::decide`].
    fn decide_seeing(
        &mut self,
        view: &SeatView,
        question: &Question,
        views: &dyn Fn(usize) -> SeatView,
    ) -> Option<usize> {
        let _ = views;
        self.decide(view, question)
    }
}

/// A closure is a seat.
impl<F: FnMut(&SeatView, &Question) -> Option<usize>> Seat for F {
    fn decide(&mut self, view: &SeatView, question: &Question) -> Option<usize> {
        self(view, question)
    }
}

/// What a question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuestionKind {
    /// Keep the opening hand, or mulligan it (one card fewer).
    Mulligan,
    /// A move with priority, or the pass.
    Priority,
    /// A spell's or ability's question: one of its targets, a `may`, a card to pay with, a
    /// mode of its `choice` lines (`choose: LABEL`).
    Effect,
    /// Whether one creature attacks.
    Attack,
    /// Which attacker one creature blocks, or none.
    Block,
    /// A card to discard in the cleanup step.
    Discard,
    /// Which of two legendary permanents of one name stays.
    Legend,
}

impl QuestionKind {
    /// Every kind, in the order of [`QuestionKind::index`].
    pub const ALL: [QuestionKind; 7] = [
        QuestionKind::Mulligan,
        QuestionKind::Priority,
        QuestionKind::Effect,
        QuestionKind::Attack,
        QuestionKind::Block,
        QuestionKind::Discard,
        QuestionKind::Legend,
    ];

    /// The kind's place in [`QuestionKind::ALL`].
    pub fn index(self) -> usize {
        match self {
            QuestionKind::Mulligan => 0,
            QuestionKind::Priority => 1,
            QuestionKind::Effect => 2,
            QuestionKind::Attack => 3,
            QuestionKind::Block => 4,
            QuestionKind::Discard => 5,
            QuestionKind::Legend => 6,
        }
    }

    /// The kind's name in lower case (`mulligan`, `priority`, `effect`...).
    pub fn name(self) -> &'static str {
        match self {
            QuestionKind::Mulligan => "mulligan",
            QuestionKind::Priority => "priority",
            QuestionKind::Effect => "effect",
            QuestionKind::Attack => "attack",
            QuestionKind::Block => "block",
            QuestionKind::Discard => "discard",
            QuestionKind::Legend => "legend",
        }
    }
}

/// A choice put to a seat: pick one of `options` by its index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// What it is about.
    pub kind: QuestionKind,
    /// The question in words (`Shock: choose a target (1 to 1, 0 chosen)`).
    pub prompt: String,
    /// The options, each labelled as a person reads it; never fewer than two.
    pub options: Vec<String>,
    /// For each option, the card it is about, where the view shows it: the card a move
    /// plays, casts or activates, a candidate card of a spell's question, the attacker a
    /// block is for, the card a discard discards; `None` for the others (`pass`, `done`,
    /// a player, `yes`).
    pub cards: Vec<Option<CardAt>>,
    /// The card the whole question is about, where the view shows it: the spell or
    /// ability asking, the creature that may attack or block, the new legendary permanent.
    pub about: Option<CardAt>,
    /// For each option, what kind of choice it is.
    pub kinds: Vec<OptionKind>,
}

/// What kind of choice an option of a [`Question`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `keep` the opening hand.
    Keep,
    /// `mulligan` it.
    Mulligan,
    /// `play NAME`: a land from hand.
    PlayLand,
    /// `cast NAME`.
    Cast,
    /// `cast NAME with its kicker`.
    CastKicked,
    /// `cast NAME with flashback`, from the graveyard.
    Flashback,
    /// `activate NAME: ...`: a permanent's ability.
    Activate,
    /// `pass` priority.
    Pass,
    /// A card of a spell's or ability's question (`target Grizzly Bears (p1)`).
    Card,
    /// A player of a spell's or ability's question (`target p0`); `mine` when it is the
    /// seat asked.
    Player {
        /// The player is the seat asked.
        mine: bool,
    },
    /// `yes` to a `may`.
    Yes,
    /// `no` to a `may`.
    No,
    /// Another candidate of a spell's or ability's question (a number, an ability, a kind).
    Other,
    /// `done`: no more picks.
    Done,
    /// `attack with NAME`.
    Attack,
    /// `hold back NAME`.
    HoldBack,
    /// `block ATTACKER with NAME`.
    Block,
    /// `no block with NAME`.
    NoBlock,
    /// `discard NAME`.
    Discard,
    /// `keep the new NAME` (the legend rule).
    KeepNew,
    /// `keep the old NAME`.
    KeepOld,
    /// `more options`: the next page of a choice among more than [`MAX_OPTIONS`].
    More,
}

impl OptionKind {
    /// Every kind, in the order of [`OptionKind::index`].
    pub const ALL: [OptionKind; 22] = [
        OptionKind::Keep,
        OptionKind::Mulligan,
        OptionKind::PlayLand,
        OptionKind::Cast,
        OptionKind::CastKicked,
        OptionKind::Flashback,
        OptionKind::Activate,
        OptionKind::Pass,
        OptionKind::Card,
        OptionKind::Player { mine: false },
        OptionKind::Yes,
        OptionKind::No,
        OptionKind::Other,
        OptionKind::Done,
        OptionKind::Attack,
        OptionKind::HoldBack,
        OptionKind::Block,
        OptionKind::NoBlock,
        OptionKind::Discard,
        OptionKind::KeepNew,
        OptionKind::KeepOld,
        OptionKind::More,
    ];

    /// The kind's place in [`OptionKind::ALL`] (a player's, whoever it is).
    pub fn index(self) -> usize {
        match self {
            OptionKind::Keep => 0,
            OptionKind::Mulligan => 1,
            OptionKind::PlayLand => 2,
            OptionKind::Cast => 3,
            OptionKind::CastKicked => 4,
            OptionKind::Flashback => 5,
            OptionKind::Activate => 6,
            OptionKind::Pass => 7,
            OptionKind::Card => 8,
            OptionKind::Player { .. } => 9,
            OptionKind::Yes => 10,
            OptionKind::No => 11,
            OptionKind::Other => 12,
            OptionKind::Done => 13,
            OptionKind::Attack => 14,
            OptionKind::HoldBack => 15,
            OptionKind::Block => 16,
            OptionKind::NoBlock => 17,
            OptionKind::Discard => 18,
            OptionKind::KeepNew => 19,
            OptionKind::KeepOld => 20,
            OptionKind::More => 21,
        }
    }
}

/// Where a card is in a [`SeatView`]: what tells two cards of one name apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardAt {
    /// The seat's own hand: [`SeatView::hand`]'s index.
    Hand(usize),
    /// [`SeatView::battlefield`]'s index.
    Battlefield(usize),
    /// A graveyard: [`SeatView::graveyards`]'s owner and index.
    Graveyard {
        /// The seat that owns it.
        owner: usize,
        /// Its index in that graveyard.
        index: usize,
    },
    /// Exile: [`SeatView::exile`]'s owner and index.
    Exile {
        /// The seat that owns it.
        owner: usize,
        /// Its index in that seat's exile.
        index: usize,
    },
    /// A spell on the stack: [`SeatView::stack`]'s index.
    Stack(usize),
}

/// What one seat may see of the game as it is asked: its own hand by name, and of the
/// rest only what both players see. Seats are numbered 0 (`p0`, who plays first) and 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    /// The seat asked.
    pub seat: usize,
    /// The turn, from 1 (0 before the first turn: the mulligans).
    pub turn: u32,
    /// The phase or step.
    pub phase: Phase,
    /// Whose turn it is.
    pub active: usize,
    /// Each seat's public state, by seat.
    pub players: [PlayerState; 2],
    /// The names of the cards in this seat's hand, in hand order.
    pub hand: Vec<String>,
    /// Both battlefields: the first seat's permanents, then the second's, each in the order
    /// they entered.
    pub battlefield: Vec<Permanent>,
    /// Each seat's graveyard (card names, bottom first), by owner.
    pub graveyards: [Vec<String>; 2],
    /// Each seat's exiled cards (names), by owner.
    pub exile: [Vec<String>; 2],
    /// The spells and abilities waiting to resolve, bottom first.
    pub stack: Vec<StackEntry>,
}

/// A seat's state that both players see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerState {
    /// Life.
    pub life: i32,
    /// Poison counters (ten lose).
    pub poison: i32,
    /// The mana pool: white, blue, black, red, green, colourless.
    pub mana: [i32; 6],
    /// Cards in hand.
    pub hand: usize,
    /// Cards in library.
    pub library: usize,
}

/// A permanent on the battlefield.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Permanent {
    /// Its name (a token's as its maker named it; `face-down creature` for a face-down one,
    /// whoever looks).
    pub name: String,
    /// The card a face-down permanent is, in its controller's view (they may look at it,
    /// Magic's rule 708.5); `None` in the other seat's view and for a face-up permanent.
    pub face_down_card: Option<String>,
    /// Its types now, lower case (`creature`, `land`, `goblin`...).
    pub types: Vec<String>,
    /// Who owns it.
    pub owner: usize,
    /// Who controls it.
    pub controller: usize,
    /// Whether it is tapped.
    pub tapped: bool,
    /// Power and toughness now (with counters and effects), for a creature.
    pub power_toughness: Option<(i32, i32)>,
    /// Damage marked on it this turn.
    pub damage: i32,
    /// Its `+p/+t` counters, summed (`(-1, -1)` for a -1/-1 counter).
    pub counters: (i32, i32),
    /// Its named counters (`charge`, `time`...) with their counts.
    pub named_counters: Vec<(String, i32)>,
    /// It came under its controller's control since their turn began: a creature without
    /// haste cannot attack or pay a `{T}` cost.
    pub summoning_sick: bool,
    /// Whether it is attacking.
    pub attacking: bool,
    /// The attacker it blocks: its index in [`SeatView::battlefield`].
    pub blocking: Option<usize>,
    /// A token.
    pub token: bool,
}

/// A spell or ability on the stack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackEntry {
    /// The spell's name, or `NAME's ability`.
    pub name: String,
    /// The name of the card it comes from (the spell's, or the ability's source's).
    pub card: String,
    /// Who cast or activated it.
    pub controller: usize,
    /// Whether it is an ability (a spell otherwise).
    pub ability: bool,
    /// The targets it waits with (`Grizzly Bears (p1)`, `p0`).
    pub targets: Vec<String>,
}
