//! Read-only questions tools and scenarios ask a game: the pending card question as data
//! ([`Question`]), where a printed card is (hand position, ring slot), the abilities and
//! rule switches in force.

use serde::{Deserialize, Serialize};
use vm::runtime::RequestKind;

use crate::engine::Game;
use crate::moves::Choice;
use crate::set::DefIdx;
use crate::state::{CardRef, GameState, RuleVal, Seat};

/// What a card asks, as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// Who answers.
    pub chooser: Seat,
    /// What about: `targets`, `type`, `zone`, `action`, `may`, `confirm`, `command`,
    /// `cost` or `function`.
    pub kind: String,
    /// The question's text, when the card gives one.
    pub text: Option<String>,
    /// The candidates, in order (`Move::Pick(i)` picks the i-th).
    pub candidates: Vec<Choice>,
    /// Fewest to choose.
    pub min: u16,
    /// Most to choose.
    pub max: u16,
    /// Candidates picked so far.
    pub picked: Vec<u16>,
}

/// The names of the kinds of question, at the index [`kind_index`] gives: what a
/// [`Question`]'s `kind` says, and the order of an observation's one-hot of the kind.
pub const QUESTION_KINDS: [&str; 9] =
    ["targets", "type", "zone", "action", "may", "confirm", "command", "cost", "function"];

/// The index of `kind` in [`QUESTION_KINDS`].
pub const fn kind_index(kind: RequestKind) -> usize {
    match kind {
        RequestKind::Targets => 0,
        RequestKind::TargetType => 1,
        RequestKind::TargetZone => 2,
        RequestKind::Action => 3,
        RequestKind::May => 4,
        RequestKind::Confirm(_) => 5,
        RequestKind::Command(..) => 6,
        RequestKind::Cost(_) => 7,
        RequestKind::Function(_) => 8,
    }
}

impl Game {
    /// The question a card asks now, if any.
    pub fn question(&self) -> Option<Question> {
        let exec = self.pending.as_ref()?;
        let request = exec.request();
        let kind = QUESTION_KINDS[kind_index(request.kind)];
        let text = request.question.and_then(|s| self.set.program().string(s)).map(str::to_owned);
        Some(Question {
            chooser: Seat::of(request.chooser),
            kind: kind.to_owned(),
            text,
            candidates: exec.candidates().iter().filter_map(|&v| Choice::of(v)).collect(),
            min: request.min,
            max: request.max,
            picked: self.state.picks.clone(),
        })
    }

    /// The hand position of the first card of printed card `def` in `player`'s hand.
    pub fn hand_position(&self, player: Seat, def: DefIdx) -> Option<u8> {
        let hand = &self.state.player(player).hand;
        hand.iter().position(|&c| self.state.card(c).is_some_and(|c| c.def == def)).map(|i| i as u8)
    }
}

impl GameState {
    /// The catalogue names of the abilities `card` has in force, in the order granted.
    pub fn abilities_of(&self, card: CardRef) -> Vec<&'static str> {
        self.abilities
            .iter()
            .filter(|grant| grant.card == Some(card))
            .filter_map(|grant| stdlib::CATALOGUE.abilities.get(usize::from(grant.ability)).map(|a| a.name))
            .collect()
    }

    /// The catalogue names of the abilities `player` has in force (`cantplayac`).
    pub fn player_abilities(&self, player: Seat) -> Vec<&'static str> {
        self.abilities
            .iter()
            .filter(|grant| grant.player == Some(player))
            .filter_map(|grant| stdlib::CATALOGUE.abilities.get(usize::from(grant.ability)).map(|a| a.name))
            .collect()
    }

    /// The entries set for rule switch `rule` that apply to `player` (empty: its default).
    pub fn rule_value(&self, rule: &str, player: Seat) -> Vec<RuleVal> {
        match stdlib::CATALOGUE.rule_switches.iter().position(|r| r.name.eq_ignore_ascii_case(rule)) {
            Some(index) => self.rule_entries(index as u16, player),
            None => Vec::new(),
        }
    }

    /// The character in `player`'s ring slot.
    pub fn slot_card(&self, player: Seat, slot: u8) -> Option<CardRef> {
        self.player(player).ring.get(usize::from(slot)).copied().flatten()
    }
}
