//! Decisions as data: [`Move`] (every decision a player makes, numbered in a fixed action
//! space by [`Move::index`]), [`Game::legal_moves`] and [`Game::apply`].
//!
//! Questions a card asks (targets, yes/no, a type, an action) are answered one candidate at
//! a time with [`Move::Pick`] (the answer is sent when `max` candidates are picked) and
//! [`Move::Confirm`] (send the picks so far, when at least `min`), or at once with
//! [`Game::answer_with`].

use serde::{Deserialize, Serialize};
use vm::runtime::{ResumeError, Value};

use crate::engine::Game;
use crate::log::{Chosen, RecordKind};
use crate::state::{CardRef, Phase, Seat};

/// Hand (and removed-pile) positions the action space numbers: every card of two decks of
/// the rules' [`DECK_SIZE`](crate::deck::DECK_SIZE), so a game played with legal decks
/// never holds more. A card further down (only a hand-made [`Setup`](crate::Setup) can put
/// it there) cannot be played: [`Game::legal_moves`] only lists moves with an index.
pub const MAX_HAND: usize = 2 * crate::deck::DECK_SIZE as usize;
/// Candidates of one question the action space numbers.
pub const MAX_PICKS: usize = 64;
/// Ring slots.
const SLOTS: usize = crate::state::RING_SLOTS;

const PASS: usize = 0;
const CONFIRM: usize = 1;
const PLAY_CHARACTER: usize = 2;
const PLAY_CARD: usize = PLAY_CHARACTER + MAX_HAND * SLOTS;
const BACKUP: usize = PLAY_CARD + MAX_HAND;
const ACTIVATE: usize = BACKUP + MAX_HAND * SLOTS;
const ATTACK: usize = ACTIVATE + SLOTS;
const JOIN: usize = ATTACK + SLOTS;
const BLOCK: usize = JOIN + SLOTS * SLOTS;
const PICK: usize = BLOCK + SLOTS * SLOTS;
const PLAY_REMOVED: usize = PICK + MAX_PICKS;
/// The size of the fixed action space: every move whose positions are in bounds has an index
/// below it.
pub const ACTION_SPACE: usize = PLAY_REMOVED + MAX_HAND * SLOTS;

/// One decision of a player. Plain data of a few bytes, copied rather than cloned: a listing
/// buffer of moves is emptied without visiting them (an answer given at once, which holds
/// its candidates, is [`Game::answer_with`], not a move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Main phase: play the character at hand position `hand` to empty ring slot `slot`.
    PlayCharacter {
        /// Hand position.
        hand: u8,
        /// Ring slot (0..4).
        slot: u8,
    },
    /// Play the action (own Main phase) or reaction (defender, Counter-attack phase) at
    /// hand position `hand`.
    PlayCard {
        /// Hand position.
        hand: u8,
    },
    /// Main phase: play the character at `hand` as a back-up of the character in `slot`.
    Backup {
        /// Hand position.
        hand: u8,
        /// Ring slot of the character backed up.
        slot: u8,
    },
    /// Main phase: activate the ■ ability of the character in `slot`.
    Activate {
        /// Ring slot.
        slot: u8,
    },
    /// Attack phase: the character in `slot` attacks.
    Attack {
        /// Ring slot.
        slot: u8,
    },
    /// Attack phase: the character in `slot` joins the attack of the one in `leader`
    /// (United Attack, 5 SP per joiner, paid when the Counter-attack phase starts).
    Join {
        /// Ring slot of the joiner.
        slot: u8,
        /// Ring slot of the leader.
        leader: u8,
    },
    /// Counter-attack phase (defender): the character in own `slot` blocks the attacker
    /// in the opponent's slot `attacker`.
    Block {
        /// Own ring slot.
        slot: u8,
        /// The attacker's slot in the opponent's ring.
        attacker: u8,
    },
    /// While the rule switch `play_removed` is on: play the card at position `pos` of
    /// one's removed pile, as from the hand (a character to `slot`; other cards use slot 0).
    PlayRemoved {
        /// Position in the removed pile.
        pos: u8,
        /// Ring slot of a character (0 for other cards).
        slot: u8,
    },
    /// End the current phase (Main, Attack, Counter-attack), or let a paused game go on.
    Pass,
    /// Pick candidate `i` of the question asked.
    Pick(u16),
    /// Send the candidates picked so far.
    Confirm,
}

/// A candidate of a question, as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// A card.
    Card(CardRef),
    /// A player.
    Player(Seat),
    /// A number (an action's index, a type's index, a slot).
    Int(i32),
    /// Yes or no.
    Bool(bool),
}

impl Choice {
    /// The candidate a runtime value is (`None` for values a question never offers).
    pub fn of(value: Value) -> Option<Choice> {
        match value {
            Value::Card(c) => Some(Choice::Card(CardRef::of(c))),
            Value::Player(p) => Some(Choice::Player(Seat::of(p))),
            Value::Int(n) => Some(Choice::Int(n)),
            Value::Bool(b) => Some(Choice::Bool(b)),
            _ => None,
        }
    }

    /// The runtime value.
    pub fn value(self) -> Value {
        match self {
            Choice::Card(c) => Value::Card(c.id()),
            Choice::Player(p) => Value::Player(p.pid()),
            Choice::Int(n) => Value::Int(n),
            Choice::Bool(b) => Value::Bool(b),
        }
    }
}

impl Move {
    /// The move's number in the fixed action space (`0..ACTION_SPACE`); `None` for positions
    /// past the space's bounds.
    pub fn index(&self) -> Option<usize> {
        let hand_slot = |hand: u8, slot: u8| {
            (usize::from(hand) < MAX_HAND && usize::from(slot) < SLOTS)
                .then(|| usize::from(hand) * SLOTS + usize::from(slot))
        };
        let slot = |slot: u8| (usize::from(slot) < SLOTS).then_some(usize::from(slot));
        let pair = |a: u8, b: u8| {
            (usize::from(a) < SLOTS && usize::from(b) < SLOTS).then(|| usize::from(a) * SLOTS + usize::from(b))
        };
        match *self {
            Move::Pass => Some(PASS),
            Move::Confirm => Some(CONFIRM),
            Move::PlayCharacter { hand, slot } => hand_slot(hand, slot).map(|i| PLAY_CHARACTER + i),
            Move::PlayCard { hand } => (usize::from(hand) < MAX_HAND).then(|| PLAY_CARD + usize::from(hand)),
            Move::Backup { hand, slot } => hand_slot(hand, slot).map(|i| BACKUP + i),
            Move::Activate { slot: s } => slot(s).map(|i| ACTIVATE + i),
            Move::Attack { slot: s } => slot(s).map(|i| ATTACK + i),
            Move::Join { slot, leader } => pair(slot, leader).map(|i| JOIN + i),
            Move::Block { slot, attacker } => pair(slot, attacker).map(|i| BLOCK + i),
            Move::Pick(i) => (usize::from(i) < MAX_PICKS).then(|| PICK + usize::from(i)),
            Move::PlayRemoved { pos, slot } => hand_slot(pos, slot).map(|i| PLAY_REMOVED + i),
        }
    }

    /// The move with number `index` (`None` past the action space).
    pub fn from_index(index: usize) -> Option<Move> {
        let split = |i: usize| ((i / SLOTS) as u8, (i % SLOTS) as u8);
        Some(match index {
            PASS => Move::Pass,
            CONFIRM => Move::Confirm,
            i if i < PLAY_CARD => {
                let (hand, slot) = split(i - PLAY_CHARACTER);
                Move::PlayCharacter { hand, slot }
            }
            i if i < BACKUP => Move::PlayCard { hand: (i - PLAY_CARD) as u8 },
            i if i < ACTIVATE => {
                let (hand, slot) = split(i - BACKUP);
                Move::Backup { hand, slot }
            }
            i if i < ATTACK => Move::Activate { slot: (i - ACTIVATE) as u8 },
            i if i < JOIN => Move::Attack { slot: (i - ATTACK) as u8 },
            i if i < BLOCK => {
                let (slot, leader) = split(i - JOIN);
                Move::Join { slot, leader }
            }
            i if i < PICK => {
                let (slot, attacker) = split(i - BLOCK);
                Move::Block { slot, attacker }
            }
            i if i < PLAY_REMOVED => Move::Pick((i - PICK) as u16),
            i if i < ACTION_SPACE => {
                let (pos, slot) = split(i - PLAY_REMOVED);
                Move::PlayRemoved { pos, slot }
            }
            _ => return None,
        })
    }
}

/// Why a move was refused (the game is unchanged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is over.
    GameOver,
    /// The move is not one of [`Game::legal_moves`].
    NotLegal(Move),
    /// The answer does not fit the question (the reason).
    BadAnswer(String),
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::NotLegal(m) => write!(f, "{m:?} is not a legal move now"),
            IllegalMove::BadAnswer(reason) => write!(f, "invalid answer: {reason}"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// What a move did: the log entries it added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// Where the new entries are in [`Game::log`] (read them with `game.log().since(start)`).
    pub log: std::ops::Range<usize>,
}

impl Game {
    /// Every legal move of the player to move ([`Game::to_move`]), in a fixed order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`Game::legal_moves`] into `moves` (emptied first), so that a loop over decisions
    /// reuses one buffer.
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        self.list_moves(crate::legal::Probe::new, moves);
    }

    /// [`Game::legal_moves`] with every check run on a copy made up front (the reference
    /// answers, see `legal::Probe::copying`).
    #[cfg(test)]
    pub(crate) fn legal_moves_on_a_copy(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.list_moves(crate::legal::Probe::copying, &mut moves);
        moves
    }

    /// The legal moves into `moves` (emptied first), outside card questions checked on
    /// the probe `probe` makes.
    fn list_moves<'a>(&'a self, probe: impl FnOnce(&'a Game) -> crate::legal::Probe<'a>, moves: &mut Vec<Move>) {
        moves.clear();
        if self.state.outcome.is_some() {
            return;
        }
        if let Some(exec) = &self.pending {
            let request = exec.request();
            let picks = &self.state.picks;
            if picks.len() >= usize::from(request.min) && (picks.len() < usize::from(request.max) || request.max == 0) {
                moves.push(Move::Confirm);
            }
            if picks.len() < usize::from(request.max) {
                let n = exec.candidates().len().min(MAX_PICKS) as u16;
                // Most questions are answered with their first pick: nothing to leave out.
                if picks.is_empty() {
                    moves.extend((0..n).map(Move::Pick));
                } else {
                    moves.extend((0..n).filter(|i| !picks.contains(i)).map(Move::Pick));
                }
            }
            return;
        }
        if !self.state.agenda.is_empty() {
            moves.push(Move::Pass);
            return;
        }
        let mut probe = probe(self);
        moves.reserve(32);
        match self.state.phase {
            Phase::Main => probe.main_moves(moves),
            Phase::Attack => probe.attack_moves(moves),
            Phase::CounterAttack => probe.counter_attack_moves(moves),
            _ => {}
        }
        moves.push(Move::Pass);
    }

    /// The legality mask of the fixed action space: `mask[i]` is true when
    /// `Move::from_index(i)` is legal.
    pub fn legal_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; ACTION_SPACE];
        for m in self.legal_moves() {
            if let Some(i) = m.index() {
                mask[i] = true;
            }
        }
        mask
    }

    /// Takes a move of the player to move. An illegal move is refused and changes nothing.
    pub fn apply(&mut self, mv: Move) -> Result<Applied, IllegalMove> {
        let start = self.apply_move(mv, true)?;
        Ok(Applied { log: start.min(self.state.log.len())..self.state.log.len() })
    }

    /// [`Game::apply`] for a move taken from [`Game::legal_moves`] of this very state
    /// (nothing changed the game since), which need not be tried out a second time.
    /// Returns where the move's entries start in the log, rather than a copy of them.
    /// Batched players (the Python package's `VecGame`) check a move against the legal
    /// moves they listed themselves, so they call this rather than pay for the list twice.
    pub fn apply_listed(&mut self, mv: Move) -> Result<usize, IllegalMove> {
        self.apply_move(mv, false)
    }

    /// Answers the pending card question at once with `choices`, rather than one
    /// [`Move::Pick`] at a time. An answer that does not fit the question, or given while
    /// none is pending, is refused and changes nothing.
    pub fn answer_with(&mut self, choices: &[Choice]) -> Result<Applied, IllegalMove> {
        if self.state.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let start = self.state.log.len();
        let values: Vec<Value> = choices.iter().map(|c| c.value()).collect();
        self.answer(&values)?;
        self.pump();
        Ok(Applied { log: start.min(self.state.log.len())..self.state.log.len() })
    }

    /// Takes a move; returns the log's length before it.
    fn apply_move(&mut self, mv: Move, check_legal: bool) -> Result<usize, IllegalMove> {
        if self.state.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let start = self.state.log.len();
        if check_legal && !self.legal_moves().contains(&mv) {
            return Err(IllegalMove::NotLegal(mv));
        }
        self.take_move(mv);
        self.pump();
        Ok(start)
    }

    /// Carries out a legal move.
    fn take_move(&mut self, mv: Move) {
        let me = self.to_move_seat();
        match mv {
            Move::Pick(i) => {
                self.state.picks.push(i);
                let full =
                    self.pending.as_ref().is_some_and(|exec| self.state.picks.len() >= usize::from(exec.request().max));
                if full {
                    self.answer_picks();
                }
            }
            Move::Confirm => self.answer_picks(),
            Move::Pass => {
                if self.state.agenda.is_empty() {
                    self.state.note(RecordKind::Pass { player: me });
                    let next = match self.state.phase {
                        Phase::Main => Phase::Attack,
                        Phase::Attack => Phase::CounterAttack,
                        _ => Phase::End,
                    };
                    self.state.agenda.push_back(crate::state::Task::EnterPhase(next));
                }
            }
            Move::PlayCharacter { hand, slot } => {
                if let Some(card) = self.state.player(me).hand.get(usize::from(hand)).copied() {
                    self.play_character(me, card, slot);
                }
            }
            Move::PlayCard { hand } => {
                if let Some(card) = self.state.player(me).hand.get(usize::from(hand)).copied() {
                    self.play_card(me, card);
                }
            }
            Move::PlayRemoved { pos, slot } => self.play_removed(me, pos, slot),
            Move::Backup { hand, slot } => self.play_backup(me, hand, slot),
            Move::Activate { slot } => self.activate_ability(me, slot),
            Move::Attack { slot } => self.declare_attack(me, slot),
            Move::Join { slot, leader } => self.declare_join(me, slot, leader),
            Move::Block { slot, attacker } => self.declare_block(me, slot, attacker),
        }
        self.after_step();
    }

    /// Answers the pending question with the candidates picked so far (legal picks are
    /// distinct and fewer than [`MAX_PICKS`]).
    fn answer_picks(&mut self) {
        let mut values = [Value::default(); MAX_PICKS];
        let mut count = 0;
        if let Some(exec) = &self.pending {
            let picked = self.state.picks.iter().filter_map(|&i| exec.candidates().get(usize::from(i)).copied());
            for (slot, value) in values.iter_mut().zip(picked) {
                *slot = value;
                count += 1;
            }
        }
        let _ = self.answer(&values[..count]);
    }

    /// Resumes the pending execution with `values`; a refused answer changes nothing.
    fn answer(&mut self, values: &[Value]) -> Result<(), IllegalMove> {
        let Some(exec) = self.pending.take() else {
            return Err(IllegalMove::BadAnswer("no question is pending".into()));
        };
        let chooser = Seat::of(exec.request().chooser);
        let card = CardRef::of(exec.env().source);
        // Described before the answer's effects move the chosen cards.
        let state = &self.state;
        let chosen = values.iter().filter_map(|&v| Choice::of(v)).map(|choice| match choice {
            Choice::Card(card) => Chosen::Card { name: state.name_of(card), slot: state.slot_of(card) },
            Choice::Player(player) => Chosen::Player(player),
            Choice::Int(n) => Chosen::Int(n),
            Choice::Bool(yes) => Chosen::Bool(yes),
        });
        let chosen: smallvec::SmallVec<[Chosen; 8]> = chosen.collect();
        let answer = self.state.log.choices(chosen);
        match self.runtime.resume(&mut self.state, exec, values) {
            Ok(outcome) => {
                self.state.picks.clear();
                self.state.note(RecordKind::Answer { player: chooser, answer });
                self.take_outcome(Some(card), Ok(outcome));
                self.after_step();
                Ok(())
            }
            Err(ResumeError::Invalid(exec, reason)) => {
                self.state.log.forget_choices(answer);
                self.pending = Some(exec);
                Err(IllegalMove::BadAnswer(reason.to_string()))
            }
            Err(ResumeError::Trap(trap)) => {
                self.state.log.forget_choices(answer);
                self.state.picks.clear();
                self.trap(Some(card), &trap);
                self.after_step();
                Ok(())
            }
            // The game keeps only executions its own runtime handed out; kept pending
            // rather than lost should that ever change.
            Err(error @ ResumeError::OtherRuntime(_)) => {
                self.state.log.forget_choices(answer);
                let message = error.to_string();
                if let ResumeError::OtherRuntime(exec) = error {
                    self.pending = Some(exec);
                }
                Err(IllegalMove::BadAnswer(message))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Move;

    /// A move is a few bytes of plain data: every decision's listing writes some into a
    /// buffer and empties it, and every step a game keeps holds one.
    #[test]
    fn a_move_is_four_bytes_of_plain_data() {
        assert_eq!(size_of::<Move>(), 4);
        assert!(!std::mem::needs_drop::<Move>(), "emptying a buffer of moves visits none of them");
    }
}
