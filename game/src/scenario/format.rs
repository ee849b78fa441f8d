//! The scenario file format: what a hand-written TOML scenario may say, as serde types.
//!
//! ```toml
//! # C174 Gai Tendo: "Whenever this character attacks alone, raise its BP 200 points."
//! name = "Gai Tendo gets 200 BP when it attacks alone"
//! cards = "corpus"            # the default; or a folder relative to this file
//!
//! [setup]
//! phase = "attack"            # turn = 2, active = "you" are the defaults
//! you.s0 = "C174"             # a card by number or by name
//! opp.s0 = { card = "Ryu", bp = 500, frozen = true }
//!
//! [[step]]
//! attack = "s0"
//! [[step]]
//! advance = "counter-attack"  # runs every procedure on the way
//! expect = { "you.s0.bp" = 900 }
//! ```
//!
//! Players are `you` (player 0) and `opp` (player 1). In steps and answers a slot is
//! `s0`…`s3` of the player making the move (`opp.s1` for the other one); a card in a pile
//! is named by number or name.

use std::collections::BTreeMap;

use crate::state::Seat;

use serde::Deserialize;

/// One scenario file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// What the scenario shows (defaults to the file name).
    pub name: Option<String>,
    /// The card set: `corpus` (the default) or a folder relative to the file.
    #[serde(default = "corpus")]
    pub cards: String,
    /// The scenario is known to fail, for this reason (an engine defect): it still runs,
    /// and it is reported as a failure if it starts passing.
    pub expect_failure: Option<String>,
    /// The board before the first step.
    #[serde(default)]
    pub setup: SetupSpec,
    /// The steps, in order.
    #[serde(default, rename = "step")]
    pub steps: Vec<StepSpec>,
}

fn corpus() -> String {
    "corpus".to_string()
}

/// A player: `you` (player 0) or `opp` (player 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Player 0.
    You,
    /// Player 1.
    Opp,
}

impl Side {
    /// The engine's seat.
    pub fn seat(self) -> Seat {
        match self {
            Side::You => Seat::FIRST,
            Side::Opp => Seat::SECOND,
        }
    }

    /// The side of a seat.
    pub fn of(seat: Seat) -> Side {
        if seat == Seat::FIRST { Side::You } else { Side::Opp }
    }

    /// `you` or `opp`.
    pub fn name(self) -> &'static str {
        match self {
            Side::You => "you",
            Side::Opp => "opp",
        }
    }
}

/// The board before the first step.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    /// Turn number (2 unless said: turn 1 skips the first player's Draw phase).
    #[serde(default = "second_turn")]
    pub turn: u32,
    /// Whose turn it is.
    #[serde(default = "you")]
    pub active: Side,
    /// The phase: `main` (default), `attack`, `counter-attack`, or a phase whose procedure
    /// then runs from its start (`activate`, `draw`, `end`, `cleanup`).
    #[serde(default = "main_phase")]
    pub phase: String,
    /// The generator's seed (coin flips, random discards, shuffles).
    #[serde(default)]
    pub seed: u64,
    /// Rule switches for both players (`{ piercing = false }`).
    #[serde(default)]
    pub rules: BTreeMap<String, RuleValue>,
    /// Player 0.
    #[serde(default)]
    pub you: PlayerSpec,
    /// Player 1.
    #[serde(default)]
    pub opp: PlayerSpec,
}

impl Default for SetupSpec {
    fn default() -> Self {
        SetupSpec {
            turn: second_turn(),
            active: Side::You,
            phase: main_phase(),
            seed: 0,
            rules: BTreeMap::new(),
            you: PlayerSpec::default(),
            opp: PlayerSpec::default(),
        }
    }
}

fn second_turn() -> u32 {
    2
}
fn you() -> Side {
    Side::You
}
fn main_phase() -> String {
    "main".to_string()
}

/// A rule switch's value: on/off or a number (`play_char_bp_limit = 800`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum RuleValue {
    /// On or off.
    Bool(bool),
    /// A number.
    Int(i32),
}

/// One player's part of the setup. Piles list cards by number or name.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// HP (3000 unless said).
    pub hp: Option<i32>,
    /// SP (0 unless said).
    pub sp: Option<i32>,
    /// The hand, in order.
    #[serde(default)]
    pub hand: Vec<String>,
    /// The deck, top first. When left out the deck holds ten cards of the set with no rules,
    /// so that drawing never ends the game by accident; say `deck = []` for an empty deck.
    pub deck: Option<Vec<String>>,
    /// The discard pile, top first.
    #[serde(default)]
    pub discards: Vec<String>,
    /// The removed pile.
    #[serde(default)]
    pub removed: Vec<String>,
    /// Ring slot 0.
    pub s0: Option<SlotSpec>,
    /// Ring slot 1.
    pub s1: Option<SlotSpec>,
    /// Ring slot 2.
    pub s2: Option<SlotSpec>,
    /// Ring slot 3.
    pub s3: Option<SlotSpec>,
    /// Rule switches for this player.
    #[serde(default)]
    pub rules: BTreeMap<String, RuleValue>,
    /// Characters already played this turn.
    #[serde(default)]
    pub chars_played: u32,
    /// Back-ups already played this turn.
    #[serde(default)]
    pub backups_played: u32,
}

impl PlayerSpec {
    /// The four slots in order.
    pub fn slots(&self) -> [&Option<SlotSpec>; 4] {
        [&self.s0, &self.s1, &self.s2, &self.s3]
    }
}

/// A character in a ring slot: its card alone, or the card with its state.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SlotSpec {
    /// Just the card, no markers, printed BP.
    Card(String),
    /// The card and its state.
    Full(SlotDetail),
}

/// A character's state in a slot.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotDetail {
    /// The card (number or name).
    pub card: String,
    /// Current BP (printed BP plus 300 per back-up when left out).
    pub bp: Option<i32>,
    /// Just entered the ring this turn.
    #[serde(default)]
    pub fresh: bool,
    /// Frozen.
    #[serde(default)]
    pub frozen: bool,
    /// Attacking (alone, or leading a united attack when another slot is `united`).
    #[serde(default)]
    pub attacking: bool,
    /// Joined the united attack.
    #[serde(default)]
    pub united: bool,
    /// Blocking the attacker in this slot of the other ring (`"s1"`).
    pub blocking: Option<String>,
    /// Its ability was already used this turn.
    #[serde(default)]
    pub activated: bool,
    /// Back-ups attached (numbers or names).
    #[serde(default)]
    pub backups: Vec<String>,
}

impl SlotSpec {
    /// The card named.
    pub fn card(&self) -> &str {
        match self {
            SlotSpec::Card(card) => card,
            SlotSpec::Full(detail) => &detail.card,
        }
    }
}

/// One step: exactly one move (or `advance`), the answers to the questions it raises,
/// and what must hold after it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    /// Who moves (checked against the player to move; the default is whoever it is).
    pub by: Option<Side>,
    /// Play a card from hand (by number or name, or `hand.2` for a hand position).
    pub play: Option<String>,
    /// Where `play` takes the card from: `hand` (the default) or `removed` (while the rule
    /// switch `play_removed` is on).
    pub from: Option<String>,
    /// The slot a played character goes to (the first empty one when left out).
    pub slot: Option<String>,
    /// Play the character `play` as a back-up of the character in this slot.
    pub backup: Option<String>,
    /// Activate the ■ ability of the character in this slot.
    pub activate: Option<String>,
    /// The character in this slot attacks.
    pub attack: Option<String>,
    /// The character in this slot joins the united attack led by `leader`.
    pub join: Option<String>,
    /// The leader's slot for `join`.
    pub leader: Option<String>,
    /// The character in this own slot blocks the attacker in the other ring's `attacker` slot.
    pub block: Option<String>,
    /// The attacker's slot for `block`.
    pub attacker: Option<String>,
    /// End the current phase (or let a paused game go on).
    #[serde(default)]
    pub pass: bool,
    /// Move the game on to this phase, passing for whoever is to move and running every
    /// procedure on the way (`end`, `main` of the next turn...).
    pub advance: Option<String>,
    /// Answers to the questions the step raises, in order: a card (`s0`, `opp.s1`, a number
    /// or a name), `you`/`opp`, `yes`/`no`, a number (an action, a type), or a list of those
    /// for a question that takes several (`[]` to choose none).
    #[serde(default)]
    pub answers: Vec<Answer>,
    /// The move must be refused as illegal (and change nothing).
    #[serde(default)]
    pub refused: bool,
    /// The step's last answer must be refused (and change nothing); the question stays
    /// open for the next step's `answers`.
    #[serde(default)]
    pub refused_answer: bool,
    /// What must hold after the step: `"you.hp" = 2700`, `"opp.s0.bp" = 0`...
    #[serde(default)]
    pub expect: BTreeMap<String, toml::Value>,
    /// Text some log entry of this step must contain (`"attacks"`, `"takes 300 damage"`).
    #[serde(default)]
    pub log: Vec<String>,
    /// Text no log entry of this step may contain (`"rules error"`, `"is KO'd"`).
    #[serde(default)]
    pub log_lacks: Vec<String>,
}

/// One answer to a card's question.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Answer {
    /// Yes or no.
    Bool(bool),
    /// A number: an action's or a type's index.
    Int(i64),
    /// A card, a player, `yes`/`no`.
    Text(String),
    /// Several candidates at once.
    Many(Vec<Answer>),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Bool(b) => write!(f, "{b}"),
            Answer::Int(n) => write!(f, "{n}"),
            Answer::Text(text) => write!(f, "{text:?}"),
            Answer::Many(list) => {
                f.write_str("[")?;
                for (i, answer) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{answer}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl StepSpec {
    /// Whether the step makes a move (or an advance).
    pub fn moves(&self) -> bool {
        self.play.is_some()
            || self.activate.is_some()
            || self.attack.is_some()
            || self.join.is_some()
            || self.block.is_some()
            || self.pass
            || self.advance.is_some()
    }

    /// Whether the step checks something after its move.
    pub fn checks(&self) -> bool {
        !self.expect.is_empty() || !self.log.is_empty() || !self.log_lacks.is_empty()
    }

    /// A short text naming the step's move, for reports (`attack = "s0"`).
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(by) = self.by {
            parts.push(format!("by = {:?}", by.name()));
        }
        for (key, value) in [
            ("play", &self.play),
            ("from", &self.from),
            ("slot", &self.slot),
            ("backup", &self.backup),
            ("activate", &self.activate),
            ("attack", &self.attack),
            ("join", &self.join),
            ("leader", &self.leader),
            ("block", &self.block),
            ("attacker", &self.attacker),
            ("advance", &self.advance),
        ] {
            if let Some(value) = value {
                parts.push(format!("{key} = {value:?}"));
            }
        }
        if self.pass {
            parts.push("pass = true".into());
        }
        if parts.is_empty() {
            parts.push("checks only".into());
        }
        parts.join(", ")
    }
}
