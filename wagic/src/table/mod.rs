//! An in-memory Magic board for running Wagic cards: [`Board`] (two players with life, a
//! mana pool and six zones; cards with types, power, toughness, damage, counters, tapped
//! state; the tokens `token(...)` makes) implements `Host` and [`WagicHost`], and
//! [`Table`] runs compiled Wagic cards on it with the Wagic builtins: the runtime's cards in
//! play follow the battlefield, each move emits `movedto`, lethal damage (and toughness 0)
//! sends a creature to its owner's graveyard, an Aura attached to nothing goes to its
//! owner's graveyard, and the questions the cards ask are answered from a queue the caller
//! fills. An equipment is attached by `equip` and an Aura by its `enchant` as it enters
//! ([`Board`] keeps to what); their static effects are the runtime's continuous effects on
//! `equipped` and `enchanted`. Besides `movedto`, the table emits `tapped` and `untapped`
//! (a permanent's tapped state changed), `damaged` (a creature or player was dealt damage),
//! `drawn` (a player drew a card) and `discarded`, `cycled`, `sacrificed`
//! (`card_events.rs`). `wagic/tests/it/cards.rs` plays real cards on it, and
//! [`crate::runner`] runs Wagic's own behaviour tests on it (`rsc test --lang wagic`).
//!
//! It is a small model of the rules, not a game engine. It does not model: the stack
//! (a spell or ability resolves at once, nobody responds), priority, phases and turns
//! beyond [`Table::try_end_turn`] (`ueot` effects end, damage wears off; the runner steps
//! through phases on top of it), combat (the runner plays it), summoning sickness, the
//! legend rule, layers (a pump adds to the printed power; lords and `aslongas` are the
//! runtime's continuous effects), keyword abilities other than indestructible, deathtouch,
//! wither, infect and poison counters (`poison.rs`), lifelink, protection from a colour's damage prevention, `cantregen`, vigor and those
//! of `dies.rs` (persist, treason, `librarydeath`, `exiledeath`, Rest in Peace's exilers;
//! beyond filtering on them: no shroud, protection's targeting...), replacement effects
//! other than prevention, regeneration shields, `dies.rs`'s and flashback's exile
//! (`flashback.rs`), and losing the
//! game (a game, [`crate::play`], plays turns, summoning sickness, combat and losing on top
//! of it). Tokens have the characteristics `token(...)` gives them and no rules; one that leaves the battlefield ceases to exist
//! once its move's triggers have run (zone [`GONE`]). Shuffling keeps the library's order (so that
//! tests know where cards are) and counts the work.

use std::sync::Arc;

use crate::host::WagicHost;
use vm::bytecode::{CardIdx, ZoneIdx};
use vm::runtime::{
    CardId, Completion, EffectKind, Event, Execution, Host, Outcome, PlayerId, RequestKind, Runtime, Value,
};

mod blink;
mod board;
mod buyback;
mod card_events;
mod combat;
mod cost_change;
mod counters;
mod damage;
mod dies;
mod effects;
mod emblem;
mod flashback;
mod flip;
mod given;
mod given_triggers;
mod graveyard;
mod host;
mod library;
mod life_events;
mod madness;
mod morph;
mod phase_actions;
mod phase_alter;
mod poison;
mod settled;
mod shares;
mod suspend;
mod type_words;
mod vm_host;
mod zone_lists;
pub use suspend::TIME;
pub mod stack;
mod targeted;
mod turns;

pub use board::{Board, COLOUR_PROTECTIONS, Card, Player};
pub use combat::assign_combat_damage;
pub use counters::NamedCounters;
pub use emblem::{COMMAND, Emblem, EmblemLasts, MAX_EMBLEMS};
pub use given::GivenAbility;
pub use library::{ActionRanges, Library, Missing, Printed};
pub use phase_alter::{
    ExtraCombat, ExtraCombatAfter, MAX_EXTRA_COMBATS, MAX_SKIPS_KEPT, PhaseAlters, SkipScope, place_extra_combats,
    skippable, step_index,
};
pub use poison::LOSING_POISON;
pub use turns::MAX_TURNS_KEPT;

/// The first player (Wagic's `[PLAYER1]`, `p1`), whose turn a table starts in.
pub const P0: PlayerId = PlayerId(0);
/// The second player (`[PLAYER2]`, `p2`).
pub const P1: PlayerId = PlayerId(1);
/// The zones, in [`crate::catalogue::ZONES`] order.
pub const BATTLEFIELD: ZoneIdx = ZoneIdx(0);
/// A player's hand.
pub const HAND: ZoneIdx = ZoneIdx(1);
/// A player's graveyard.
pub const GRAVEYARD: ZoneIdx = ZoneIdx(2);
/// A player's library (the lowest order is its top).
pub const LIBRARY: ZoneIdx = ZoneIdx(3);
/// A player's exiled cards.
pub const EXILE: ZoneIdx = ZoneIdx(4);
/// Where a spell is while it resolves.
pub const STACK: ZoneIdx = ZoneIdx(5);
/// Where a token is once it has left the battlefield: no zone of any player's (Wagic's
/// `garbage`), never compared or searched.
pub const GONE: ZoneIdx = ZoneIdx(u32::MAX);

/// The basic land types, whose mana abilities Wagic's rules give every land of the type.
pub const BASIC_LAND_TYPES: [&str; 5] = ["plains", "island", "swamp", "mountain", "forest"];

/// The effect id of the effects the table's own rules add until end of turn (exalted's
/// pump, added by the runner), which [`Table::try_end_turn`] ends: the runtime numbers its
/// effects up from 0 and a test never records this many.
pub const TABLE_UNTIL_END_OF_TURN: u32 = u32::MAX;

/// Why a table could not go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// No card of the library has this name.
    UnknownCard(String),
    /// The card's rules did not compile: its name and its diagnostic.
    NotCompiled(String, String),
    /// A card asked a question and no answer was queued: the question's kind.
    Unanswered(String),
    /// The runtime refused an answer: why.
    IllegalAnswer(String),
    /// A card's code trapped: the trap.
    Trap(String),
    /// The board did not settle in [`SETTLE_ROUNDS`] rounds (triggers that keep firing).
    Unsettled,
    /// The board reached a state whose rules the table does not model: what.
    Unmodelled(&'static str),
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::UnknownCard(name) => write!(f, "no card named `{name}` in the card files"),
            TableError::NotCompiled(name, error) => write!(f, "card `{name}` does not compile ({error})"),
            TableError::Unanswered(kind) => write!(f, "a card asks a question ({kind}) nobody answers"),
            TableError::IllegalAnswer(why) => write!(f, "an answer was refused ({why})"),
            TableError::Trap(trap) => write!(f, "a card's code trapped ({trap})"),
            TableError::Unsettled => write!(f, "the board did not settle in {SETTLE_ROUNDS} rounds"),
            TableError::Unmodelled(what) => write!(f, "not modelled: {what}"),
        }
    }
}

impl std::error::Error for TableError {}

/// The most moves [`Table::moved_since_answer`] keeps (a cascade of moves is bounded by
/// the rounds of settling, each of which moves at most every card).
pub const MAX_MOVED_KEPT: usize = 1024;

/// The most rounds of [`Table::try_settle`] (moves, lethal damage, triggers) before it
/// gives up: triggers that keep firing would otherwise never end.
pub const SETTLE_ROUNDS: usize = 32;

/// The most choices among alike cards answered at once in one go
/// ([`Table::answer_alike_choices`]): one a player, a few a card's line.
const MAX_ALIKE_ANSWERS: usize = 16;

/// Where an activation stands: done (whether it succeeded), refused for a cost, or
/// waiting for an answer.
#[derive(Debug)]
pub enum Step {
    /// It ended: `true` when it ran to the end.
    Done(bool),
    /// A cost cannot be paid (a tapped `{T}`, mana short, `limit:n` reached, a sorcery
    /// speed ability at the wrong time): nothing was paid or done.
    Unpaid,
    /// It waits for an answer to its request ([`Table::resume`]).
    Asks(Execution),
}

/// A board and a runtime running the real cards on it.
pub struct Table {
    /// The runtime running the library's program.
    pub runtime: Runtime<Board>,
    /// The board.
    pub board: Board,
    /// The cards.
    library: Arc<Library>,
    /// Answers given, in order, to the questions the cards ask.
    pub answers: Vec<Vec<Value>>,
    /// The questions asked, as `RequestKind` debug text.
    pub asked: Vec<String>,
    /// Whether a question an auto asks when no answer is queued is held
    /// ([`Table::held`]) for the caller to answer, rather than an error.
    pub hold_questions: bool,
    /// The auto waiting for an answer (with [`Table::hold_questions`]): settling stops
    /// until [`Table::try_answer_held`] answers it, as a game waits for its player.
    pub held: Option<Execution>,
    /// The cards moved since [`Table::try_answer_held`] last began (what the answered
    /// auto and the settling after it moved).
    pub moved_since_answer: Vec<CardId>,
    /// Whether a triggered or entering ability asks for a target (or another choice) even
    /// when one answer is left, as Wagic's menu and target chooser do: only while the
    /// board settles and a held question is answered, not as a spell is cast.
    pub ask_lone_in_triggers: bool,
    /// Whether a discard or a move its player chooses (`discardchosen`, `movechosen`)
    /// among cards of one name is answered at once, with the first of them: which of alike
    /// cards goes changes nothing a Wagic test compares, whose moves need not click one
    /// (the test runner's).
    pub answer_alike_choices: bool,
    /// The cards in play with their abilities in a graveyard (`graveyard.rs`): every other
    /// card in play is with its battlefield's.
    in_graveyard_play: Vec<CardId>,
    /// The players' life totals and poison counters when settling last ended: a change
    /// made outside any event (a `life:` effect) runs the continuous autos again, as one
    /// may read it (Death's Shadow's `thisforeach(controllerlife) -1/-1`).
    players_seen: [(i32, i32); 2],
    /// Whether life changes went unheard because a life total had decided the game
    /// (`life_events.rs`): where Wagic's state check ends it.
    pub life_heard_no_more: bool,
}

impl Table {
    /// An empty board running the cards of `library`.
    pub fn with_library(library: Arc<Library>) -> Table {
        let runtime = library.new_runtime();
        let board = Board { printed_cards: Arc::clone(&library.printed), ..Board::new() };
        Table {
            runtime,
            board,
            library,
            answers: Vec::new(),
            asked: Vec::new(),
            hold_questions: false,
            held: None,
            moved_since_answer: Vec::new(),
            ask_lone_in_triggers: false,
            answer_alike_choices: false,
            in_graveyard_play: Vec::new(),
            players_seen: [(20, 0); 2],
            life_heard_no_more: false,
        }
    }

    /// The cards this table runs.
    pub fn library(&self) -> &Library {
        &self.library
    }

    /// Puts a card named `name` (any case) into `player`'s `zone` (`position` 0 of a
    /// library: its top) without settling: the caller settles ([`Table::try_settle`]).
    pub fn add_card(
        &mut self,
        name: &str,
        player: PlayerId,
        zone: ZoneIdx,
        position: i32,
    ) -> Result<CardId, TableError> {
        let name = self.library.name_of(name).ok_or_else(|| TableError::UnknownCard(name.to_string()))?;
        let printed = self.library.printed.get(name).cloned().ok_or_else(|| TableError::UnknownCard(name.into()))?;
        let card = CardId(u32::try_from(self.board.cards.len()).map_err(|_| TableError::Unsettled)?);
        self.board.add_card(Card::new(printed, player, HAND));
        self.board.place(card, player, zone, position);
        // Made in its zone, not put there: fresh only as a permanent entering (as before).
        if zone != BATTLEFIELD
            && let Some(c) = self.board.get_mut(card)
        {
            c.fresh = false;
        }
        Ok(card)
    }

    /// Puts a card named `name` into `player`'s `zone` (a permanent entering the
    /// battlefield runs its enter-play effects).
    pub fn try_put(&mut self, name: &str, player: PlayerId, zone: ZoneIdx) -> Result<CardId, TableError> {
        let card = self.add_card(name, player, zone, -1)?;
        self.try_settle()?;
        Ok(card)
    }

    /// The rules of a card on the board.
    pub fn rules(&self, card: CardId) -> Result<CardIdx, TableError> {
        let name = self.board.get(card).map_or("", |c| c.printed.name.as_str());
        self.library.rules_of(name).map_err(|missing| match missing {
            Missing::Unknown => TableError::UnknownCard(name.to_string()),
            Missing::NotCompiled(error) => TableError::NotCompiled(name.to_string(), error),
        })
    }

    /// Casts an instant or sorcery from `player`'s hand: its action runs, then it goes to
    /// the graveyard. Whether the action ran to the end: `false`, the card left in hand,
    /// when a `maxCast` limit refuses it (`crate::cast_limit`); a spell cast counts for
    /// those limits.
    pub fn try_cast(&mut self, card: CardId, player: PlayerId) -> Result<bool, TableError> {
        if crate::cast_limit::refused(&self.board, card, player) {
            return Ok(false);
        }
        self.board.note_cast(player, card);
        let done = self.try_activate(card, player)?;
        if let Some(owner) = self.board.get(card).map(|c| c.owner) {
            self.board.place(card, owner, GRAVEYARD, -1);
        }
        self.try_settle()?;
        Ok(done)
    }

    /// `player` activates `card`'s ability (or the spell's effect), answering from the
    /// queue; whether it ran to the end.
    pub fn try_activate(&mut self, card: CardId, player: PlayerId) -> Result<bool, TableError> {
        let rules = self.rules(card)?;
        if self.lost_abilities(card) || self.board.activations_forbidden(card) {
            return Ok(false);
        }
        let outcome = self.runtime.activate(&mut self.board, card, rules, player).map_err(trap)?;
        let done = self.finish(outcome)?;
        self.try_settle()?;
        Ok(done)
    }

    /// `player` starts activating `card` (its one action, or the spell's effect), without
    /// answering from the queue: the caller answers ([`Table::resume`]) and settles.
    pub fn start(&mut self, card: CardId, player: PlayerId) -> Result<Step, TableError> {
        let rules = self.rules(card)?;
        if self.lost_abilities(card) || self.board.activations_forbidden(card) {
            return Ok(Step::Unpaid);
        }
        let outcome = self.runtime.activate(&mut self.board, card, rules, player).map_err(trap)?;
        Ok(step(self.answer_alike(outcome)?))
    }

    /// `player` starts activating action `action` of `card` (an ability of a permanent,
    /// or an `autohand` one of a card in hand): as [`Table::start`], that action chosen.
    /// An `autohand` ability of a card with a `target=` runs alone
    /// ([`Table::runs_alone`]), asking none of the card's targets.
    pub fn start_action(&mut self, card: CardId, player: PlayerId, action: usize) -> Result<Step, TableError> {
        let rules = self.rules(card)?;
        if self.lost_abilities(card) || self.board.activations_forbidden(card) {
            return Ok(Step::Unpaid);
        }
        let outcome = if self.runs_alone(card, rules, action) {
            let action = u16::try_from(action).unwrap_or(u16::MAX);
            self.runtime.activate_action(&mut self.board, card, rules, player, action).map_err(trap)?
        } else {
            let outcome = self.runtime.activate(&mut self.board, card, rules, player).map_err(trap)?;
            self.choose_action(outcome, action)?
        };
        Ok(step(self.answer_alike(outcome)?))
    }

    /// Whether action `action` of `card` (of bundle card `rules`) runs alone, without the
    /// card's rule target (`Runtime::activate_action`): an `autohand` ability (cycling) of a
    /// card with a `target=` (an instant's), which takes none of the spell's targets, as in
    /// Wagic, where the hand's ability is an ability of its own beside the spell; and the
    /// action paying an alternative cost's symbols other than mana, before the spell is
    /// cast.
    pub fn runs_alone(&self, card: CardId, rules: CardIdx, action: usize) -> bool {
        let Some(data) = self.library.program.cards().get(rules.index()) else { return false };
        let Some(c) = self.board.get(card) else { return false };
        let actions = data.actions.len();
        c.printed.alternative_action(actions) == Some(action)
            || data.target.is_some() && c.printed.action_ranges(actions).hand.contains(&action)
    }

    /// Answers the request of a waiting activation.
    pub fn resume(&mut self, execution: Execution, answer: &[Value]) -> Result<Step, TableError> {
        let outcome = self
            .runtime
            .resume(&mut self.board, execution, answer)
            .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?;
        Ok(step(self.answer_alike(outcome)?))
    }

    /// The outcome once each choice among alike cards it asks is answered
    /// ([`Table::answer_alike_choices`]).
    fn answer_alike(&mut self, mut outcome: Outcome) -> Result<Outcome, TableError> {
        // Each answer moves cards, so a card's code asks a bounded number of times; the
        // bound only guards the loop.
        for _ in 0..MAX_ALIKE_ANSWERS {
            let Outcome::Suspended(execution) = outcome else { break };
            let Some(answer) = self.alike_choice(&execution) else { return Ok(Outcome::Suspended(execution)) };
            outcome = self
                .runtime
                .resume(&mut self.board, execution, &answer)
                .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?;
        }
        Ok(outcome)
    }

    /// The first cards a `discardchosen` or a `movechosen` asks for, when every candidate
    /// has one name.
    fn alike_choice(&self, execution: &Execution) -> Option<Vec<Value>> {
        let request = execution.request();
        if !self.answer_alike_choices
            || !matches!(request.kind, RequestKind::Command(command, _) if crate::catalogue::asks_its_player(command))
        {
            return None;
        }
        let name = |value: &Value| value.as_card().and_then(|card| self.board.get(card)).map(|c| &c.printed.name);
        let candidates = execution.candidates();
        let first = name(candidates.first()?)?;
        candidates
            .iter()
            .all(|value| name(value) == Some(first))
            .then(|| candidates.iter().take(usize::from(request.min)).copied().collect())
    }

    /// Answers the held question ([`Table::held`]): the auto goes on, and when it ends
    /// the board settles (another auto may ask, held in turn). Whether the same auto
    /// asks again.
    pub fn try_answer_held(&mut self, answer: &[Value]) -> Result<bool, TableError> {
        self.with_triggers_asking(|table| table.answer_held(answer))
    }

    fn answer_held(&mut self, answer: &[Value]) -> Result<bool, TableError> {
        let Some(execution) = self.held.take() else { return Ok(false) };
        self.moved_since_answer.clear();
        let outcome = self
            .runtime
            .resume(&mut self.board, execution, answer)
            .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?;
        self.finish(outcome)?;
        if self.held.is_some() {
            return Ok(true);
        }
        self.settle()?;
        Ok(false)
    }

    /// Runs `work` with the runtime asking lone choices when
    /// [`Table::ask_lone_in_triggers`] is set.
    fn with_triggers_asking<T>(&mut self, work: impl FnOnce(&mut Table) -> T) -> T {
        if !self.ask_lone_in_triggers {
            return work(self);
        }
        self.runtime.set_ask_lone_choice(true);
        let result = work(self);
        self.runtime.set_ask_lone_choice(false);
        result
    }

    /// The abilities (indices of its actions) `player` could activate on `card` now, as
    /// a trial that pays and does nothing: those whose requisites hold and costs can be
    /// paid (one whose cost asks which card to pay with counts).
    pub fn try_payable_actions(&mut self, card: CardId, player: PlayerId) -> Result<Vec<usize>, TableError> {
        let rules = self.rules(card)?;
        if self.board.activations_forbidden(card) {
            return Ok(Vec::new());
        }
        if self.lost_abilities(card) {
            if self.board.types(card).iter().any(|word| BASIC_LAND_TYPES.contains(word)) {
                // Wagic's rules give a basic land type's mana ability to such a land
                // whatever it lost: how a game offers it beside the lost ones is not the
                // table's to say.
                return Err(TableError::Unmodelled("a land that lost its abilities and has a basic land type"));
            }
            return Ok(Vec::new());
        }
        let count = self.library.program.cards()[rules.index()].actions.len();
        let mut payable = Vec::new();
        for action in 0..count {
            if self.runs_alone(card, rules, action) {
                let alone = u16::try_from(action).unwrap_or(u16::MAX);
                match self.runtime.try_action(&mut self.board, card, rules, player, alone).map_err(trap)? {
                    Outcome::Done(Completion::Success) => payable.push(action),
                    Outcome::Done(_) => {}
                    Outcome::Suspended(execution) => {
                        self.runtime.cancel(execution);
                        payable.push(action);
                    }
                }
                continue;
            }
            let mut outcome = self.runtime.try_activation(&mut self.board, card, rules, player).map_err(trap)?;
            if let Outcome::Suspended(execution) = outcome {
                outcome = if execution.request().kind == RequestKind::Action {
                    let chosen = Value::Int(i32::try_from(action).unwrap_or(i32::MAX));
                    self.runtime
                        .resume(&mut self.board, execution, &[chosen])
                        .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?
                } else {
                    Outcome::Suspended(execution)
                };
            }
            match outcome {
                Outcome::Done(completion) => {
                    if completion == Completion::Success {
                        payable.push(action);
                    }
                }
                Outcome::Suspended(execution) => {
                    self.runtime.cancel(execution);
                    payable.push(action);
                }
            }
        }
        Ok(payable)
    }

    /// Runs an outcome to its end, answering each question from the queue; whether it
    /// succeeded. With [`Table::hold_questions`], a question with no queued answer is
    /// held ([`Table::held`]) and the outcome counts as a success for now.
    fn finish(&mut self, mut outcome: Outcome) -> Result<bool, TableError> {
        loop {
            match outcome {
                Outcome::Done(completion) => return Ok(completion == Completion::Success),
                Outcome::Suspended(execution) => {
                    if let Some(answer) = self.alike_choice(&execution) {
                        outcome = self
                            .runtime
                            .resume(&mut self.board, execution, &answer)
                            .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?;
                        continue;
                    }
                    let kind = format!("{:?}", execution.request().kind);
                    self.asked.push(kind.clone());
                    if self.answers.is_empty() && self.hold_questions {
                        self.held = Some(execution);
                        return Ok(true);
                    }
                    if self.answers.is_empty() {
                        self.runtime.cancel(execution);
                        return Err(TableError::Unanswered(kind));
                    }
                    let answer = self.answers.remove(0);
                    outcome = self
                        .runtime
                        .resume(&mut self.board, execution, &answer)
                        .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?;
                }
            }
        }
    }

    /// The runtime follows the board: moves emit `movedto`, lethal damage destroys,
    /// cards in play are the battlefield's; queued autos run (their questions answered
    /// from the queue). While a question is held ([`Table::held`]) nothing runs: the game
    /// waits for its answer.
    pub fn try_settle(&mut self) -> Result<(), TableError> {
        self.with_triggers_asking(Table::settle)
    }

    fn settle(&mut self) -> Result<(), TableError> {
        let movedto = self.runtime.event_index("movedto").ok_or(TableError::Unsettled)?;
        if let Some(what) = self.board.unmodelled {
            return Err(TableError::Unmodelled(what));
        }
        // Whether the continuous autos ran once more for a card that lost its abilities.
        let mut refreshed_lost = false;
        for _ in 0..SETTLE_ROUNDS {
            if self.held.is_some() {
                return Ok(());
            }
            // An emblem an effect just made listens before the board is judged: Death
            // Frenzy's "whenever a creature dies this turn" hears its own -2/-2's deaths.
            self.make_emblems()?;
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                let c = &self.board.cards[index];
                // Only the battlefield's cards die or fall off (libraries, hands and
                // graveyards hold most cards, and their toughness is no question).
                if c.zone != BATTLEFIELD {
                    continue;
                }
                let toughness = self.board.toughness(card);
                let lethal = self.board.has_type(card, "creature")
                    && (toughness <= 0 || (c.damage > 0 && c.damage >= toughness));
                // An Aura attached to nothing (its permanent left, or it entered with none)
                // goes to its owner's graveyard, once it has entered (its `enchant` ran).
                let loose_aura = c.printed.types.iter().any(|t| t == "aura")
                    && c.printed.types.iter().any(|t| t == "enchantment")
                    && !c.token
                    && self.in_battlefield_play(card)
                    && WagicHost::attached(&self.board, card).is_none();
                if c.zone == BATTLEFIELD && loose_aura {
                    let owner = c.owner;
                    self.board.place(card, owner, GRAVEYARD, -1);
                    continue;
                }
                // A card that has not entered yet is judged once it has: its
                // characteristic-defining ability (`anyzone`) applies from the start.
                let entering = c.has_rules() && !self.in_battlefield_play(card);
                // A planeswalker with no loyalty counter goes to its owner's graveyard
                // once it has entered (Wagic's state check in `GameObserver`), as one
                // whose last counter is removed does (`counters.rs`).
                let no_loyalty = self.board.has_type(card, "planeswalker") && c.named.count("loyalty") == 0;
                if no_loyalty && self.in_battlefield_play(card) {
                    let owner = c.owner;
                    self.board.place(card, owner, GRAVEYARD, -1);
                    continue;
                }
                if c.zone == BATTLEFIELD && lethal && !entering {
                    if toughness <= 0 {
                        // Toughness 0 or less is no destruction: no shield, nor
                        // indestructible, keeps the creature.
                        let owner = c.owner;
                        self.board.place(card, owner, GRAVEYARD, -1);
                    } else {
                        self.board.destroy(card, true);
                    }
                }
            }
            // As in Wagic, a card's triggers start listening once it has entered (its own
            // entering does not trigger them), and a card leaving still sees its own move
            // (`@movedto(this|graveyard) from(battlefield)`) before it leaves play.
            let moved = std::mem::take(&mut self.board.moved);
            // The attachments these moves ended, for the triggers they and this round's
            // other events run (Wagic's last known attachment, `lastattached`).
            self.board.detached = std::mem::take(&mut self.board.detaching);
            if self.moved_since_answer.len() < MAX_MOVED_KEPT {
                self.moved_since_answer.extend(moved.iter().take(MAX_MOVED_KEPT));
            }
            // A card entering a graveyard from elsewhere than the battlefield (not in play)
            // hears its own move with its abilities there (`graveyard.rs`).
            for &card in &moved {
                self.enter_graveyard_play_of(card)?;
            }
            for card in &moved {
                let player = self.board.controller(*card);
                self.runtime.emit(Event::new(movedto, player).with_object(Value::Card(*card)));
            }
            let events = std::mem::take(&mut self.board.events);
            for &(name, player, object) in &events {
                if let Some(event) = self.runtime.event_index(name) {
                    self.runtime.emit(Event::new(event, player).with_object(object));
                }
            }
            // `damaged` binds its source, its amount and whether it was combat damage.
            let damage = std::mem::take(&mut self.board.damage_dealt);
            if let Some(damaged) = self.runtime.event_index("damaged") {
                let variable = |name: &str| {
                    let index = crate::catalogue::VARIABLES.iter().position(|named| named.name == name).unwrap_or(0);
                    vm::bytecode::VariableIdx::new(index)
                };
                for &(player, object, source, amount, combat) in &damage {
                    let event = Event::new(damaged, player)
                        .with_object(object)
                        .bind(variable("damagesource"), Value::Card(source))
                        .bind(variable("thatmuch"), Value::Int(amount))
                        .bind(variable("combatdamage"), Value::Bool(combat));
                    self.runtime.emit(event);
                }
            }
            let life_changed = self.emit_life_changed();
            let targeted = self.emit_targeted();
            let vampired = self.emit_vampired();
            // A permanent that changed controller listens as its new controller.
            self.runtime.refresh_controllers(&self.board);
            let outcome = self.runtime.run_events(&mut self.board).map_err(trap)?;
            self.finish(outcome)?;
            self.run_life_loop(life_changed)?;
            // The triggers these moves fired were heard; what is given now listens next.
            self.sync_given_triggers()?;
            // A creature with persist comes back once its dying's triggers have seen it.
            self.return_persisting()?;
            // A card exiled by `(blink)` and due comes back once its exile was seen.
            self.return_blinked();
            // A permanent flipped into another card listens with its new rules.
            self.change_flipped_rules()?;
            // A token that left the battlefield ceases to exist once its move's triggers
            // have seen it (Wagic's `MTGTokensCleanup` puts it in `garbage`).
            for c in &mut self.board.cards {
                if c.token && c.zone != BATTLEFIELD && c.zone != GONE {
                    c.gone_to = Some(c.zone);
                    c.zone = GONE;
                }
            }
            self.board.zone_lists.forget();
            if self.held.is_some() {
                return Ok(());
            }
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                let c = &self.board.cards[index];
                if c.zone == BATTLEFIELD && c.has_rules() && !self.runtime.in_play(card) {
                    let rules = self.rules(card)?;
                    self.enter_battlefield_play(card, rules)?;
                }
            }
            self.enter_graveyard_play()?;
            self.sync_given_triggers()?;
            // A permanent that changed controller listens as its new controller.
            self.runtime.refresh_controllers(&self.board);
            let outcome = self.runtime.run_events(&mut self.board).map_err(trap)?;
            self.finish(outcome)?;
            if self.held.is_some() {
                return Ok(());
            }
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                // A card moved by what just ran leaves play next round, once its own move's
                // triggers have seen it (an upkeep trigger that sacrifices its card).
                let seen = !self.board.moved.contains(&card);
                let zone = self.board.cards[index].zone;
                if zone != self.play_zone(card) && self.runtime.in_play(card) && seen {
                    self.runtime.leave_play(&mut self.board, card);
                    self.left_play(card);
                }
                // Its leaving seen, a card in a hand or a library is its owner's again.
                let c = &mut self.board.cards[index];
                if c.zone == HAND || c.zone == LIBRARY {
                    c.controller = c.owner;
                }
            }
            let quiet =
                moved.is_empty() && events.is_empty() && damage.is_empty() && !life_changed && !targeted && !vampired;
            let pending = !self.board.persisting.is_empty()
                || !self.board.moved.is_empty()
                || !self.board.events.is_empty()
                || !self.board.damage_dealt.is_empty()
                || !self.board.life_changed.is_empty()
                || !self.board.targeted.is_empty()
                || !self.board.vampired.is_empty()
                || !self.board.flipped.is_empty()
                || !self.board.emblems_asked.is_empty();
            if quiet && !pending && self.runtime.is_idle() {
                let players_now = self.board.players.each_ref().map(|player| (player.life, player.poison));
                if players_now != self.players_seen {
                    // A life total or a poison count changed without an event: the
                    // continuous autos run again (once a change, the loop bounded).
                    // They run now, so that the next round judges the board they leave (a
                    // creature they shrink to 0 toughness dies).
                    self.players_seen = players_now;
                    self.runtime.refresh_later();
                    let outcome = self.runtime.run_events(&mut self.board).map_err(trap)?;
                    self.finish(outcome)?;
                    continue;
                }
                if !refreshed_lost && self.lost_abilities_with_effects(false) {
                    // A card lost its abilities after its continuous autos last ran (a
                    // spell's `loseabilities` with nothing queued, Blood Moon's line run
                    // after Urborg's): they run again, and its own end.
                    refreshed_lost = true;
                    self.runtime.refresh_later();
                    continue;
                }
                if refreshed_lost && self.lost_abilities_with_effects(true) {
                    return Err(TableError::Unmodelled(
                        "a lasting effect of a permanent's own line recorded as it entered (`auto=flying`, \
                         `auto=1/1`), kept after the permanent lost its abilities",
                    ));
                }
                return Ok(());
            }
        }
        Err(TableError::Unsettled)
    }

    /// Whether `card` is in play with its battlefield's rules (not its graveyard's).
    fn in_battlefield_play(&self, card: CardId) -> bool {
        self.runtime.in_play(card) && self.play_zone(card) == BATTLEFIELD
    }

    /// Whether `card` is a permanent under a `loseabilities` effect: none of its own
    /// abilities can be activated.
    fn lost_abilities(&self, card: CardId) -> bool {
        self.board.get(card).is_some_and(|c| c.zone == BATTLEFIELD) && self.board.lost_abilities(card)
    }

    /// Whether a card that lost its abilities is the source of an effect in force (only
    /// of one without a duration when `lasting`) other than its printed keyword abilities.
    /// Its continuous autos' effects, when they have not run since it lost them, end as
    /// they run again (a card that lost its abilities has no continuous autos:
    /// `auto_may_fire`), and come back as they run after it has them again (Blood Moon
    /// leaving, a `ueot loseabilities` ending). Its keyword abilities stay, as Wagic's
    /// `ALoseAbilities` leaves a card's basic abilities; so do the effects of its abilities
    /// that resolved before (a pump until end of turn it gave itself), which Magic's rules
    /// keep (613: they are not its abilities) where Wagic takes out of the game every
    /// ability object the card is the source of. Not modelled: an effect without a
    /// duration left after its continuous autos ran again, which a line of the permanent
    /// recorded once as it entered (`auto=flying`, `auto=1/1`: a static ability, which
    /// Magic and Wagic both take away).
    fn lost_abilities_with_effects(&self, lasting: bool) -> bool {
        let printed = |card: CardId, ability: vm::bytecode::AbilityIdx| {
            self.rules(card).is_ok_and(|rules| {
                self.library.program.cards().get(rules.index()).is_some_and(|data| data.abilities.contains(&ability))
            })
        };
        // The board's index of effect kinds answers first: most often no card lost its
        // abilities, and neither the effects in force nor the printed-keyword test is read.
        let lose = effects::code_bit(crate::host::EffectCode::LoseAbilities);
        if !self.board.effects.any_of_on_some_card(lose) {
            return false;
        }
        self.runtime.effects().iter().any(|effect| {
            if !self.board.lost_abilities(effect.source) || (lasting && effect.restriction.is_some()) {
                return false;
            }
            let keyword = match effect.kind {
                EffectKind::Ability { target, ability } => {
                    effect.restriction.is_none()
                        && target == Value::Card(effect.source)
                        && printed(effect.source, ability)
                }
                _ => false,
            };
            !keyword
        })
    }

    /// The untap step of `active`, its turn beginning: the effects its cards began
    /// `uynt` ("until your next turn", detain's) end, then its permanents untap.
    pub fn untap_step(&mut self, active: PlayerId) -> Result<(), TableError> {
        self.end_until_your_next_turn(active);
        self.board.untap_step(active);
        self.try_settle()
    }

    /// The turn of `active` begins with its untap step skipped (Stasis): the effects its
    /// cards began `uynt` end all the same, and nothing untaps.
    pub fn begin_turn_without_untap(&mut self, active: PlayerId) -> Result<(), TableError> {
        self.end_until_your_next_turn(active);
        self.try_settle()
    }

    /// The effects `active`'s cards began `uynt` ("until your next turn") end.
    fn end_until_your_next_turn(&mut self, active: PlayerId) {
        let uynt = vm::bytecode::RestrictionIdx::new(crate::front::UNTIL_YOUR_NEXT_TURN);
        self.runtime.expire(&mut self.board, uynt, active);
        self.end_emblems(EmblemLasts::UntilYourNextTurn, Some(active));
        self.runtime.refresh_later();
    }

    /// The end of the turn: `ueot` effects end, damage wears off.
    pub fn try_end_turn(&mut self, active: PlayerId) -> Result<(), TableError> {
        let ueot = vm::bytecode::RestrictionIdx::new(0);
        // Wagic's "until end of turn" ends at every cleanup, whoever's effect it is (an
        // opponent's instant in this turn too): the runtime's timer for each player.
        let other = if active == P0 { P1 } else { P0 };
        self.runtime.expire(&mut self.board, ueot, active);
        self.runtime.expire(&mut self.board, ueot, other);
        self.end_emblems(EmblemLasts::EndOfTurn, None);
        // What ended may change what a continuous auto does (a permanent whose
        // `ueot loseabilities` ended has its lord's line again).
        self.runtime.refresh_later();
        // A triggered ability given until end of turn is heard no more.
        self.sync_given_triggers()?;
        for card in &mut self.board.cards {
            card.damage = 0;
            card.activations = 0;
            card.upkeep_paid = false;
            card.fresh = false;
            card.attacked = false;
        }
        self.board.raided = [false; 2];
        self.board.spells_cast = [0, self.board.spells_cast[0]];
        self.board.cast_this_turn.clear();
        self.board.creature_died = false;
        self.board.damaged = [0; 2];
        self.board.effects.retain(|(id, ..)| *id != TABLE_UNTIL_END_OF_TURN);
        self.board.damagers.clear();
        self.board.victims.clear();
        self.try_settle()
    }
}

fn trap(trap: vm::runtime::Trap) -> TableError {
    TableError::Trap(format!("{}: {trap}", trap.code.name()))
}

fn step(outcome: Outcome) -> Step {
    match outcome {
        Outcome::Done(Completion::Failure(vm::runtime::Failure::CostNotPaid)) => Step::Unpaid,
        Outcome::Done(completion) => Step::Done(completion == Completion::Success),
        Outcome::Suspended(execution) => Step::Asks(execution),
    }
}
