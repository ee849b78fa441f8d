//! Whole games of Magic between two Wagic decks on the [`Table`] (`rsc run --lang wagic`):
//! each seat played by a random player (each choice uniform among the legal ones), a
//! greedy one ([`PlayerKind`]; its rules in `greedy.rs`) or the caller's own code (a
//! [`Seat`], below), with one seeded [`Rng`], so that one seed (and a seat's answers)
//! gives one game.
//!
//! The rules played: 20 life, each library shuffled, 7-card opening hands each player keeps
//! or mulligans as Wagic does (`mulligan.rs`: shuffled back, one card fewer), the first
//! player skipping their first draw; each turn's phases as [`crate::runner`] steps through them
//! (untap, upkeep, draw, first main, combat, second main, end, cleanup), each emitting its
//! `@each` event, the mana pools emptying as each phase ends. In the upkeep, draw, main,
//! beginning of combat and end steps, and after attackers and after blockers are declared,
//! players get priority (`stack.rs`): the active player first, each in turn may move or
//! pass; a move keeps priority; when both pass in succession the top of the stack resolves
//! and the active player has priority again, or with the stack empty the step ends
//! ([`MAX_MOVES_PER_STEP`] moves a step, [`MAX_STACK_DEPTH`] items on the stack at most).
//! A move: in the active player's main phase with the stack empty, play a land (one a
//! turn) or cast any spell; else cast an instant or a spell with flash; either way a spell
//! whose mana cost the pool and their untapped lands of a basic land type can pay (the
//! lands are tapped for it, `{X}` is all the mana left; an instant or sorcery only when
//! its effect can be activated now), or activate an ability of a permanent they control
//! whose cost can be paid (with their lands' mana when the pool is short: then the lands
//! its cost needs are tapped first; an `{X}` in its cost is one move per X payable,
//! `x_moves.rs`). A spell goes on the stack (an instant's or sorcery's targets
//! chosen as it is cast, however many, one legal target too), as does an ability with
//! targets (its costs paid); a mana ability or one without a target runs at once. Every other question a spell or ability
//! asks (`may`, which card to pay with) is answered by its chooser. In combat the active
//! player attacks with creatures that can attack (untapped, not summoning sick unless with
//! haste, no defender; `mustattack` ones always), then each untapped creature of the other
//! player blocks one attacker it may block (the runner's block rule: flying, fear,
//! landwalk...) or none; exalted and flanking apply as the runner plays them; first strike
//! damage, then regular damage, is assigned as the runner assigns it. In the cleanup step
//! the active player discards down to 7 at random. The legend rule keeps one of a
//! player's legendary permanents of a name (`legend.rs`).
//!
//! A player loses at 0 life or less, on drawing from an empty library, with ten poison
//! counters (`poison.rs`), or when the opponent wins by a card's `wingame` (several at
//! once: a draw); the game is a draw after the turn limit
//! ([`DEFAULT_TURN_LIMIT`]). Besides casting from hand: a kicked cast (`kicker.rs`), a cast
//! for the alternative cost (`alternative.rs`), an
//! `autohand` ability (`hand.rs`), a cast from the graveyard with flashback
//! (`flashback.rs`), a cast face down and turning face up (morph, `morph.rs`); a cost is changed by the cost changes in force and less affinity's discount
//! ([`crate::table::Table::changed_cost`]). Not played: banding. A card's
//! code that traps, a board that does not settle, or a question that cannot be answered
//! stops the game ([`Outcome::Stopped`], with the reason): neither player wins.
//!
//! # Playing a seat from your own code
//!
//! Either seat can be played by code of the caller's instead of a built-in player: a
//! [`Seat`] gets every choice of that seat's as a [`Question`] (a plain list of options
//! labelled as a person reads them: `keep`, `cast Shock`, `target Grizzly Bears (p1)`,
//! `attack with Grizzly Bears`, `pass`; `seat.rs` lists them all) with the [`SeatView`] of
//! what that seat may see (its own hand, never the other's, nor any library's order), and
//! answers with an option's index. [`play_with`] calls a seat back; [`SteppedGame`] plays
//! the game on a thread of its own and hands each question to a caller that cannot be
//! called back (Python, a UI, a server), its answers kept as a history that replays the
//! game. The built-in players' games are the same as ever. `docs/wagic-play.md` has this
//! example too.
//!
//! ```
//! use std::sync::Arc;
//!
//! use wagic::play::{self, Options, Outcome, Question, QuestionKind, SeatView, SteppedGame};
//! use wagic::table::Library;
//!
//! // Two cards of Wagic's card format, so that the example needs no card files.
//! let cards = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
//!              [card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
//! let library = Arc::new(Library::compile(&[("cards.txt", cards.to_string())]).expect("the cards compile"));
//! let deck: Vec<String> = (0..30).map(|i| if i % 2 == 0 { "Forest" } else { "Bear" }.to_string()).collect();
//!
//! // A seat: keeps its hand, plays the first land or spell offered, attacks with every
//! // creature, never blocks, never responds.
//! let mut seat = |view: &SeatView, question: &Question| {
//!     let last = question.options.len() - 1;
//!     Some(match question.kind {
//!         QuestionKind::Block => last,                              // `no block with Bear`
//!         QuestionKind::Priority if !view.stack.is_empty() => last, // `pass`
//!         _ => 0,                                                   // `keep`, `play Forest`, `attack with Bear`
//!     })
//! };
//! // p0 is this seat; p1 the built-in random player (`options.players[1]`).
//! let options = Options { seed: 7, ..Options::default() };
//! let played = play::play_with(&library, [&deck, &deck], options, [Some(&mut seat), None]);
//! assert!(matches!(played.outcome, Outcome::Won { .. }), "{}", played.outcome);
//!
//! // The same game a question at a time, for a caller that cannot be called back.
//! let mut game = SteppedGame::start(Arc::clone(&library), [deck.clone(), deck], options, [true, false]);
//! while let Some(pending) = game.pending() {
//!     let index = seat(&pending.view, &pending.question).expect("an answer");
//!     game.answer(index).expect("one of the question's options");
//! }
//! assert_eq!(game.log(), played.log);
//! ```

pub mod deck;

mod activate_mana;
#[cfg(test)]
mod activate_tests;
#[cfg(test)]
mod activation_restriction_tests;
mod alternative;
#[cfg(test)]
mod alternative_tests;
mod buyback;
#[cfg(test)]
mod buyback_tests;
mod cascade;
#[cfg(test)]
mod cascade_tests;
#[cfg(test)]
mod cast_restriction_tests;
mod choice_log;
#[cfg(test)]
mod colour_tests;
mod combat;
#[cfg(test)]
mod combat_tests;
#[cfg(test)]
mod counter_spec_tests;
mod effect_reading;
mod flashback;
#[cfg(test)]
mod fresh_tests;
mod given;
#[cfg(test)]
mod given_tests;
#[cfg(test)]
mod graveyard_tests;
mod greedy;
#[cfg(test)]
mod greedy_aura_tests;
mod greedy_combat;
#[cfg(test)]
mod greedy_tests;
mod hand;
mod hand_size;
#[cfg(test)]
mod hand_size_tests;
mod kicker;
mod legend;
mod life;
mod loyalty;
mod madness;
#[cfg(test)]
mod madness_tests;
#[cfg(test)]
mod max_cast_tests;
mod morph;
#[cfg(test)]
mod morph_tests;
mod moves;
mod suspend;
#[cfg(test)]
mod suspend_tests;
pub(crate) use moves::plan_payment;
mod mulligan;
mod poison;
mod proliferate;
#[cfg(test)]
mod proliferate_tests;
mod retrace;
#[cfg(test)]
mod retrace_tests;
mod rng;
#[cfg(test)]
mod rules_tests;
mod seat;
mod seat_questions;
#[cfg(test)]
mod seat_tests;
mod stack;
#[cfg(test)]
mod stack_tests;
mod stepped;
mod target_spec;
#[cfg(test)]
mod target_tests;
#[cfg(test)]
mod test_support;
mod transcript;
#[cfg(test)]
mod turns_tests;
#[cfg(test)]
mod win_tests;
mod x_moves;
#[cfg(test)]
mod x_tests;

use std::collections::HashSet;
use std::sync::Arc;

use vm::runtime::{CardId, Execution, PlayerId, RequestKind, Value};

use crate::host::WagicHost;
use crate::table::{
    BATTLEFIELD, Board, EXILE, GONE, GRAVEYARD, HAND, LIBRARY, Library, P0, P1, STACK, Table, TableError,
};
use crate::testfile::PHASES;
pub use crate::testfile::Phase;
use vm::bytecode::ZoneIdx;

pub use mulligan::{KEPT_HAND, keeps};
pub use rng::Rng;
pub use seat::{
    CardAt, MAX_OPTIONS, OptionKind, Permanent, PlayerState, Question, QuestionKind, Seat, SeatView, StackEntry,
};
pub use stack::{MAX_MOVES_PER_STEP, MAX_STACK_DEPTH};
pub use stepped::{AnswerError, Pending, SeatAnswer, SteppedGame};
pub use transcript::{header, log_lines};

/// Turns after which a game is a draw.
pub const DEFAULT_TURN_LIMIT: u32 = 200;

/// Cards in each opening hand.
pub const OPENING_HAND: i32 = 7;

pub use hand_size::{MAX_HAND, hand_limit};

/// Each player's life at the start.
pub const STARTING_LIFE: i32 = 20;

/// The most cards of one deck a game plays (Wagic's decks hold about 60): a larger deck is
/// refused ([`deck::DeckError`]), as every rule of the table looks at every card.
pub const MAX_DECK_CARDS: usize = 500;

/// The most moves a player makes in one step, half of [`MAX_MOVES_PER_STEP`].
pub const MAX_ACTIONS_PER_PHASE: usize = 40;

/// The most questions answered for one move (a spell's targets, the triggers it fires).
pub const MAX_QUESTIONS: usize = 64;

/// Who makes a seat's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlayerKind {
    /// Each choice uniformly among the legal ones.
    #[default]
    Random,
    /// Choices a Magic player would call sensible (the rules of `play/greedy.rs`).
    Greedy,
}

impl PlayerKind {
    /// The kind's name (`random`, `greedy`).
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
        }
    }
}

/// What a game's options are.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The seed of the shuffles and the players' choices.
    pub seed: u64,
    /// Turns after which the game is a draw.
    pub turn_limit: u32,
    /// Who plays each seat (`p0`, `p1`).
    pub players: [PlayerKind; 2],
}

impl Default for Options {
    fn default() -> Options {
        Options { seed: 0, turn_limit: DEFAULT_TURN_LIMIT, players: [PlayerKind::Random; 2] }
    }
}

/// One line of a game's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A turn begins: its number (from 1) and its player.
    TurnStart { turn: u32, player: PlayerId },
    /// Something happened: in which phase, and what (cards by name, players as `p0`, `p1`).
    Event { phase: Phase, text: String },
    /// A turn ended: each player's life, and cards in hand and library.
    TurnEnd { turn: u32, life: [i32; 2], hand: [usize; 2], library: [usize; 2] },
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A player won: which, and why the other lost.
    Won { winner: PlayerId, reason: String },
    /// Nobody won: both lost at once, or the turn limit was reached.
    Drawn { reason: String },
    /// The table could not go on (a trap, a board that does not settle): why.
    Stopped { reason: String },
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Won { reason, .. } | Outcome::Drawn { reason } => f.write_str(reason),
            Outcome::Stopped { reason } => write!(f, "the game stopped: {reason}"),
        }
    }
}

/// How a game ended, in the categories a sim counts ([`Outcome`] says it in words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The loser had 0 life or less.
    Life,
    /// The loser drew from an empty library.
    Library,
    /// The loser had ten poison counters or more (`poison.rs`).
    Poison,
    /// A card's effect won the game (`wingame`: Battle of Wits, Felidar Sovereign).
    Effect,
    /// Both players lost at once.
    BothLost,
    /// The turn limit was reached.
    TurnLimit,
    /// The table stopped the game ([`Outcome::Stopped`]).
    Stopped,
}

/// A game played.
#[derive(Debug, Clone)]
pub struct Played {
    /// What happened, turn by turn.
    pub log: Vec<Entry>,
    /// How it ended.
    pub outcome: Outcome,
    /// How it ended, as a sim counts it.
    pub end: End,
    /// Turns begun.
    pub turns: u32,
    /// Choices the players made.
    pub decisions: u64,
    /// The spells each seat cast, by name, in order (lands played are not among them).
    pub cast: [Vec<String>; 2],
    /// Combat damage each card dealt (after prevention), by seat and name, in order.
    pub combat_damage: Vec<(usize, String, i32)>,
}

/// Plays one game between the decks `decks` (card names, as the library writes them, in
/// deck order: [`deck::resolve`]) of `library`'s cards, each seat played by its built-in
/// player (`options.players`).
pub fn play(library: &Arc<Library>, decks: [&[String]; 2], options: Options) -> Played {
    play_with(library, decks, options, [None, None])
}

/// Plays one game as [`play`] does, a seat given in `seats` (`p0`, `p1`) played by that
/// [`Seat`] instead of its built-in player (`options.players`): every choice of that
/// seat's is put to it as a [`Question`] with the [`SeatView`] of the board it may see.
/// A seat that gives up (`None`) or answers out of range stops the game
/// ([`Outcome::Stopped`], saying so).
pub fn play_with(
    library: &Arc<Library>,
    decks: [&[String]; 2],
    options: Options,
    seats: [Option<&mut dyn Seat>; 2],
) -> Played {
    play_observed(library, decks, options, seats, None).0
}

/// Plays one game as [`play_with`] does, `observer` told the log's new lines before each
/// question a seat is asked ([`SteppedGame`] hands them to its caller); with an observer,
/// each seat's view of the board as the game ended comes too.
fn play_observed<'s>(
    library: &Arc<Library>,
    decks: [&[String]; 2],
    options: Options,
    seats: [Option<&'s mut dyn Seat>; 2],
    observer: Option<Observer<'s>>,
) -> (Played, Option<[SeatView; 2]>) {
    let mut game = Game::new(library, options);
    game.seats = seats;
    game.observer = observer;
    let (outcome, end) = match game.play(decks, options.turn_limit) {
        Ok(()) => {
            (Outcome::Drawn { reason: format!("the turn limit ({}) was reached", options.turn_limit) }, End::TurnLimit)
        }
        Err(outcome) => {
            // The turn the game ended in ends here.
            if game.turn > 0 {
                game.end_of_turn_entry();
            }
            let end = match &outcome {
                Outcome::Won { winner, .. } => {
                    let loser = usize::from(*winner == P0);
                    let (life, poison) =
                        game.table.board.players.get(loser).map_or((1, 0), |player| (player.life, player.poison));
                    if life <= 0 {
                        End::Life
                    } else if game.table.board.drew_from_empty[loser] {
                        End::Library
                    } else if poison >= crate::table::LOSING_POISON {
                        End::Poison
                    } else {
                        End::Effect
                    }
                }
                Outcome::Drawn { .. } => End::BothLost,
                Outcome::Stopped { .. } => End::Stopped,
            };
            (outcome, end)
        }
    };
    let views = game.observer.is_some().then(|| [game.view(P0), game.view(P1)]);
    let played = Played {
        log: game.log,
        outcome,
        end,
        turns: game.turn,
        decisions: game.decisions,
        cast: game.cast,
        combat_damage: game.combat_damage,
    };
    (played, views)
}

/// Told the log's new lines before each question a [`Seat`] is asked.
type Observer<'s> = Box<dyn FnMut(&[Entry]) + 's>;

/// A game's progress: `Err` once it is over.
type Flow = Result<(), Outcome>;

/// The game's state beside the table's; `'s` is how long its [`Seat`]s are lent.
struct Game<'s> {
    table: Table,
    rng: Rng,
    phase: Phase,
    /// The turn, from 1.
    turn: u32,
    /// Lands the active player played this turn.
    lands_played: u32,
    /// Permanents that came under their controller's control since their controller's
    /// turn began (summoning sick).
    entered: HashSet<CardId>,
    log: Vec<Entry>,
    decisions: u64,
    /// Where each card was when the log last looked ([`Game::log_moves`]): its zone, its
    /// controller and its order there (a card that left and came back has a new order).
    seen: Vec<(ZoneIdx, PlayerId, i64)>,
    /// The spells and abilities waiting to resolve, bottom first.
    stack: Vec<stack::Item>,
    /// Who plays each seat that no [`Seat`] plays.
    players: [PlayerKind; 2],
    /// The seats played by a [`Seat`] of the caller's ([`play_with`]).
    seats: [Option<&'s mut dyn Seat>; 2],
    /// Told the log's new lines before each question a [`Seat`] is asked.
    observer: Option<Observer<'s>>,
    /// Log lines the observer was told.
    observed: usize,
    /// The creature a greedy player's response is about (the target of the opponent's
    /// spell it answers): the one it saves, or the one it kills first.
    focus: Option<CardId>,
    /// The planeswalker ability a greedy player last chose, and its line: its targets are
    /// chosen by that line (`loyalty.rs`).
    ability_line: Option<(CardId, String)>,
    /// Each player's poison counters when the log last looked (`poison.rs`).
    poison_seen: [i32; 2],
    /// Each player's life when the log last looked (`life.rs`).
    life_seen: [i32; 2],
    /// [`Played::cast`].
    cast: [Vec<String>; 2],
    /// [`Played::combat_damage`].
    combat_damage: Vec<(usize, String, i32)>,
    /// While the moves are listed (`moves.rs`): `Some(None)` when no card gives abilities,
    /// else the cards attached that give some ([`crate::table::Table::attached_givers`]),
    /// found once for every permanent's abilities rather than for each.
    givers_listed: Option<Option<Vec<CardId>>>,
    /// While the moves are listed: the abilities given to each permanent asked of, found
    /// once (its moves ask them of it several times: each trial, each line's targets).
    given_listed: std::cell::RefCell<rustc_hash::FxHashMap<CardId, Vec<crate::table::GivenAbility>>>,
}

/// A player's name in the log.
fn who(player: PlayerId) -> &'static str {
    if player == P0 { "p0" } else { "p1" }
}

/// Where each card is: its zone, its controller and its order there.
fn where_cards_are(board: &Board) -> Vec<(ZoneIdx, PlayerId, i64)> {
    board.cards.iter().map(|c| (c.zone, c.controller, c.order)).collect()
}

/// The log line of a card's move from `from` (none: it did not exist, a token) to `to`,
/// if the log tells that move.
fn move_line(name: &str, owner: &str, controller: &str, from: Option<ZoneIdx>, to: ZoneIdx) -> Option<String> {
    Some(match (from, to) {
        (None, BATTLEFIELD) => format!("{name} token enters the battlefield [{controller}]"),
        (None, crate::table::COMMAND) => format!("{controller} gets an emblem of {name}"),
        (Some(LIBRARY), HAND) => format!("{owner} draws {name}"),
        (Some(HAND), GRAVEYARD) => format!("{owner} discards {name}"),
        (Some(BATTLEFIELD), BATTLEFIELD) => format!("{name} comes under {controller}'s control"),
        (Some(BATTLEFIELD), GRAVEYARD) => format!("{name} [{owner}] goes to the graveyard"),
        (Some(BATTLEFIELD), HAND) => format!("{name} returns to {owner}'s hand"),
        (Some(BATTLEFIELD), LIBRARY) => format!("{name} is put into {owner}'s library"),
        (Some(from), EXILE) if from != EXILE => format!("{name} [{owner}] is exiled"),
        (Some(LIBRARY), GRAVEYARD) => format!("{name} goes from {owner}'s library to the graveyard"),
        (Some(GRAVEYARD | EXILE | LIBRARY), BATTLEFIELD) => format!("{name} enters the battlefield [{controller}]"),
        (Some(GRAVEYARD | EXILE | STACK), HAND) => format!("{name} returns to {owner}'s hand"),
        _ => return None,
    })
}

/// The other player.
fn opponent(player: PlayerId) -> PlayerId {
    if player == P0 { P1 } else { P0 }
}

fn stopped(error: TableError) -> Outcome {
    Outcome::Stopped { reason: error.to_string() }
}

impl<'s> Game<'s> {
    /// A game not begun: an empty table of `library`'s cards, each seat played by its
    /// built-in player.
    fn new(library: &Arc<Library>, options: Options) -> Game<'s> {
        let mut table = Table::with_library(Arc::clone(library));
        // The cards' own random effects (a discard at random) draw from the game's seed
        // too, a stream of their own.
        let board_seed = Rng::new(options.seed ^ 0x00B0_A4D5_EED0).next_u64();
        table.board.reseed((board_seed >> 32) as u32 ^ board_seed as u32);
        // A spell with one legal target asks for it too, to wait on the stack with it.
        table.runtime.set_ask_lone_choice(true);
        Game {
            table,
            rng: Rng::new(options.seed),
            phase: Phase::Untap,
            turn: 0,
            lands_played: 0,
            entered: HashSet::new(),
            log: Vec::new(),
            decisions: 0,
            seen: Vec::new(),
            stack: Vec::new(),
            players: options.players,
            seats: [None, None],
            observer: None,
            observed: 0,
            focus: None,
            ability_line: None,
            poison_seen: [0; 2],
            life_seen: [STARTING_LIFE; 2],
            cast: [Vec::new(), Vec::new()],
            combat_damage: Vec::new(),
            givers_listed: None,
            given_listed: std::cell::RefCell::default(),
        }
    }
}

impl Game<'_> {
    fn play(&mut self, decks: [&[String]; 2], turn_limit: u32) -> Flow {
        for (player, deck) in [P0, P1].into_iter().zip(decks) {
            if deck.len() > MAX_DECK_CARDS {
                return Err(Outcome::Stopped {
                    reason: format!("{} has more than {MAX_DECK_CARDS} cards", who(player)),
                });
            }
            let mut names: Vec<&String> = deck.iter().collect();
            self.rng.shuffle(&mut names);
            for name in names {
                self.table.add_card(name, player, LIBRARY, -1).map_err(stopped)?;
            }
        }
        self.table.board.players = Default::default();
        for player in &mut self.table.board.players {
            player.life = STARTING_LIFE;
        }
        self.table.hold_questions = true;
        for player in [P0, P1] {
            WagicHost::draw(&mut self.table.board, player, OPENING_HAND);
        }
        // An empty deck draws no opening hand: that is no loss, its first draw is.
        self.table.board.drew_from_empty = [false; 2];
        self.settle()?;
        self.mulligans()?;
        self.table.board.drew_from_empty = [false; 2];
        // The opening hands are not told card by card.
        self.seen = where_cards_are(&self.table.board);
        for _ in 0..turn_limit {
            self.turn += 1;
            self.play_turn()?;
        }
        Ok(())
    }

    fn event(&mut self, text: String) {
        self.log.push(Entry::Event { phase: self.phase, text });
    }

    fn end_of_turn_entry(&mut self) {
        let board = &self.table.board;
        let count = |zone| [board.zone(P0, zone).len(), board.zone(P1, zone).len()];
        let entry = Entry::TurnEnd {
            turn: self.turn,
            life: [board.players[0].life, board.players[1].life],
            hand: count(HAND),
            library: count(LIBRARY),
        };
        self.log.push(entry);
    }

    fn play_turn(&mut self) -> Flow {
        // The first turn is p0's; after it, Wagic's `nextPlayer` reads the extra and
        // skipped turns (`table/turns.rs`).
        let active = if self.turn == 1 { P0 } else { self.table.board.next_active(self.table.board.active) };
        self.table.board.active = active;
        self.lands_played = 0;
        let board = &self.table.board;
        self.entered.retain(|card| board.get(*card).is_some_and(|c| c.controller != active));
        self.log.push(Entry::TurnStart { turn: self.turn, player: active });
        self.table.board.begin_turn_alters(active);
        // The turn's steps to come: extra combat phases join them (`table/phase_alter.rs`).
        let mut remaining: std::collections::VecDeque<Phase> = PHASES.iter().map(|&(phase, _)| phase).collect();
        let mut attacked = false;
        // Each step once, and each of the extra combats' (a bounded count a turn).
        let most_steps = PHASES.len() + 6 * usize::from(crate::table::MAX_EXTRA_COMBATS);
        for _ in 0..most_steps {
            let Some(phase) = remaining.pop_front() else { break };
            if phase == Phase::CombatBegin {
                // A combat phase begins (an extra one too): no attacker yet.
                attacked = false;
            }
            if self.table.board.skips_step(active, phase) {
                // Skipped (Stasis's untap step, Stonehorn Dignitary's combat): not played,
                // its `@each` event not heard; a skipped untap step still begins the turn.
                if phase == Phase::Untap {
                    self.table.begin_turn_without_untap(active).map_err(stopped)?;
                    self.settle()?;
                }
                if phase == Phase::CombatEnd {
                    // Whatever attacked leaves combat all the same.
                    self.end_combat();
                }
                continue;
            }
            if !attacked && matches!(phase, Phase::CombatBlockers | Phase::CombatDamage) {
                // No attacker: combat goes on to its end, as in Wagic.
                continue;
            }
            self.enter_phase(phase)?;
            if phase == Phase::Upkeep {
                // Suspend's time counters, then the cards cast, before any priority.
                self.upkeep_suspended(active)?;
            }
            match phase {
                Phase::CombatAttackers => {
                    attacked = self.declare_attackers()?;
                    if attacked {
                        self.priority_window()?;
                    }
                }
                Phase::CombatBlockers => {
                    self.declare_blockers()?;
                    self.priority_window()?;
                }
                Phase::CombatDamage => self.combat_damage()?,
                Phase::CombatEnd => self.end_combat(),
                Phase::Upkeep | Phase::Draw | Phase::FirstMain | Phase::CombatBegin | Phase::SecondMain => {
                    self.priority_window()?
                }
                Phase::EndOfTurn => {
                    self.priority_window()?;
                    // Unearth (exiled) and treason (Spark Elemental: sacrificed) as the end
                    // step ends, as the test runner and Wagic do.
                    self.table.end_step_leaving().map_err(stopped)?;
                    self.settle()?;
                }
                Phase::Cleanup => self.cleanup()?,
                _ => {}
            }
            for player in &mut self.table.board.players {
                player.mana = [0; 6];
            }
            let extra = self.table.board.take_extra_combats(active);
            crate::table::place_extra_combats(&mut remaining, phase, &extra);
        }
        self.end_of_turn_entry();
        Ok(())
    }

    /// Enters `phase`: the untap step untaps, the draw step draws (not the first
    /// player's first), the phase's `@each` event fires.
    fn enter_phase(&mut self, phase: Phase) -> Flow {
        self.phase = phase;
        let active = self.table.board.active;
        self.table.board.main_phase = phase.is_main();
        self.table.board.upkeep = phase == Phase::Upkeep;
        if phase == Phase::Untap {
            self.table.untap_step(active).map_err(stopped)?;
        }
        if let Some(event) = self.table.runtime.event_index(phase.event()) {
            self.table.runtime.emit(vm::runtime::Event::new(event, active));
        }
        self.table.run_phase_actions(phase.event(), active);
        if phase == Phase::Draw && self.turn > 1 {
            WagicHost::draw(&mut self.table.board, active, 1);
        }
        self.settle()
    }

    fn name(&self, card: CardId) -> String {
        match self.table.board.get(card) {
            Some(c) if c.face_down.is_some() => morph::FACE_DOWN_NAME.to_string(),
            Some(c) => c.printed.name.clone(),
            None => String::new(),
        }
    }

    /// The board settles, every question it asks is answered, and a player who lost
    /// ends the game.
    fn settle(&mut self) -> Flow {
        self.table.try_settle().map_err(stopped)?;
        for _ in 0..MAX_QUESTIONS {
            let Some(execution) = self.table.held.take() else {
                self.log_moves();
                if self.legend_rule()? {
                    // A legendary permanent left (`legend.rs`): the board settles again.
                    self.table.try_settle().map_err(stopped)?;
                    continue;
                }
                return self.check_losses();
            };
            let answer = self.choose(&execution)?;
            self.table.held = Some(execution);
            self.table.try_answer_held(&answer).map_err(stopped)?;
        }
        Err(Outcome::Stopped { reason: format!("more than {MAX_QUESTIONS} questions in a row") })
    }

    /// Tells the moves since the log last looked that no move of the players tells: draws,
    /// discards, permanents leaving the battlefield, cards and tokens entering it other
    /// than as a land played or a spell resolving, a permanent changing controller, a
    /// permanent flipped or transformed into another card (`flip(Name)`). Each
    /// card that entered the battlefield or changed controller is summoning sick.
    fn log_moves(&mut self) {
        let mut lines = Vec::new();
        for (index, c) in self.table.board.cards.iter().enumerate() {
            let now = (c.zone, c.controller, c.order);
            let before = self.seen.get(index).copied();
            if before == Some(now) {
                continue;
            }
            if c.zone == BATTLEFIELD {
                // Entered, or changed controller: summoning sick until its controller's
                // next turn (a token, a card put onto the battlefield, one stolen).
                self.entered.insert(CardId(index as u32));
            }
            let (name, owner, controller) = (&c.printed.name, who(c.owner), who(c.controller));
            let before_zone = before.map(|(zone, _, _)| zone);
            let returned =
                before_zone == Some(BATTLEFIELD) && c.zone == BATTLEFIELD && before.map(|b| b.2) != Some(c.order);
            if returned {
                // It left and came back since the log last looked (persist, undying): both
                // moves are told, through the zone it came back from.
                let via = c.moved_from.map_or(GRAVEYARD, |(_, zone)| zone);
                lines.extend(move_line(name, owner, controller, Some(BATTLEFIELD), via));
                lines.extend(move_line(name, owner, controller, Some(via), BATTLEFIELD));
            } else {
                // A token that left the battlefield is told going where it went.
                let to = if c.zone == GONE { c.gone_to.unwrap_or(GONE) } else { c.zone };
                lines.extend(move_line(name, owner, controller, before_zone, to));
            }
        }
        for (card, was) in std::mem::take(&mut self.table.board.transformed) {
            if let Some(c) = self.table.board.get(card).filter(|c| c.zone == BATTLEFIELD && c.printed.name != was) {
                lines.push(format!("{was} [{}] transforms into {}", who(c.controller), c.printed.name));
            }
        }
        self.seen = where_cards_are(&self.table.board);
        for line in lines {
            self.event(line);
        }
        self.log_poison();
        self.log_life();
    }

    /// The chooser's answer to a question, logged.
    fn choose(&mut self, execution: &Execution) -> Result<Vec<Value>, Outcome> {
        let chosen = self.answer(execution)?;
        self.log_choice(execution, &chosen);
        Ok(chosen)
    }

    /// The chooser's answer to a question: its [`Seat`]'s, the greedy player's, or a
    /// random one (as many candidates as it allows, a random count between its least and
    /// its most, chosen at random).
    fn answer(&mut self, execution: &Execution) -> Result<Vec<Value>, Outcome> {
        let request = execution.request();
        if self.seated(request.chooser) {
            return self.ask_effect(execution);
        }
        self.decisions += 1;
        if self.players[usize::from(request.chooser != P0)] == PlayerKind::Greedy {
            return Ok(self.greedy_answer(execution));
        }
        let mut candidates = self.candidates(execution);
        if matches!(request.kind, RequestKind::May | RequestKind::Confirm(_)) && candidates.is_empty() {
            candidates = vec![Value::Bool(true), Value::Bool(false)];
        }
        let most = usize::from(request.max).min(candidates.len());
        let least = usize::from(request.min).min(most);
        if least == candidates.len() {
            // One answer (a lone target): no draw from the game's seed.
            return Ok(candidates);
        }
        let count = least + self.rng.below(most - least + 1);
        self.rng.shuffle(&mut candidates);
        candidates.truncate(count);
        Ok(candidates)
    }

    /// The candidates of a question, less those its source may not target (shroud,
    /// hexproof, protection: [`crate::table::stack::refused`]) and a spell on the stack
    /// itself among its own targets (rule 115.5: a Counterspell does not target itself),
    /// when enough are left.
    fn candidates(&self, execution: &Execution) -> Vec<Value> {
        let request = execution.request();
        let mut candidates: Vec<Value> = execution.candidates().to_vec();
        let env = execution.env();
        let source = env.source;
        let on_stack = self.table.board.get(source).is_some_and(|c| c.zone == STACK);
        if request.kind == RequestKind::Targets {
            let board = &self.table.board;
            let allowed: Vec<Value> = candidates
                .iter()
                .copied()
                .filter(|value| !crate::table::stack::refused(board, source, env.controller, *value))
                .filter(|value| !on_stack || *value != Value::Card(source))
                .collect();
            if allowed.len() >= usize::from(request.min) {
                candidates = allowed;
            }
        }
        candidates
    }

    /// A player at 0 life or less, who drew from an empty library, with ten poison
    /// counters or more, or whose opponent won by a card's `wingame`, loses; not while a
    /// permanent of theirs has `cantlose` or one of the opponent's `cantwin` (Platinum
    /// Angel, Abyssal Persecutor: Wagic's `Player::DeadLifeState`).
    fn check_losses(&self) -> Flow {
        let board = &self.table.board;
        let has = |player: PlayerId, ability: &str| {
            board.zone(player, BATTLEFIELD).into_iter().any(|card| board.has_ability(card, ability))
        };
        let lost = |index: usize| {
            let (player, opponent) = if index == 0 { (P0, P1) } else { (P1, P0) };
            if has(player, "cantlose") || has(opponent, "cantwin") {
                None
            } else if board.players[index].life <= 0 {
                Some(format!("p{index} has {} life", board.players[index].life))
            } else if board.drew_from_empty[index] {
                Some(format!("p{index} draws from an empty library"))
            } else {
                let won_by = |card| format!("p{} wins the game by {}", 1 - index, self.name(card));
                self.poisoned(index).or_else(|| board.lost_to[index].map(won_by))
            }
        };
        match (lost(0), lost(1)) {
            (None, None) => Ok(()),
            (Some(a), Some(b)) => Err(Outcome::Drawn { reason: format!("both players lose: {a}, {b}") }),
            (Some(reason), None) => Err(Outcome::Won { winner: P1, reason }),
            (None, Some(reason)) => Err(Outcome::Won { winner: P0, reason }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outcome_reads_as_its_reason() {
        let won = Outcome::Won { winner: P0, reason: "p1 has 0 life".into() };
        assert_eq!(won.to_string(), "p1 has 0 life");
        assert_eq!(Outcome::Stopped { reason: "x".into() }.to_string(), "the game stopped: x");
    }
}
