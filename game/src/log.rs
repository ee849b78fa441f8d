//! The structured event log: who played what, effects, damage, KOs and phase changes, as
//! plain values a tool can print ([`LogEntry`] implements `Display`) or hash.

use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::state::{CardRef, Phase};

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The turn it happened in.
    pub turn: u32,
    /// The phase it happened in.
    pub phase: Phase,
    /// What happened.
    pub kind: LogKind,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogKind {
    /// A turn began.
    TurnStart {
        /// Whose turn.
        player: u8,
    },
    /// A phase began.
    PhaseStart,
    /// A phase was skipped.
    PhaseSkipped,
    /// A player drew a card.
    Draw {
        /// Who drew.
        player: u8,
        /// What.
        card: CardRef,
        /// Its name.
        name: String,
    },
    /// A card was played.
    Play {
        /// Who played it.
        player: u8,
        /// The card.
        card: CardRef,
        /// Its name.
        name: String,
        /// The ring slot of a character.
        slot: Option<u8>,
        /// SP paid (negative) or gained.
        sp: i32,
    },
    /// A back-up was attached.
    Backup {
        /// The back-up card.
        card: CardRef,
        /// Its name.
        name: String,
        /// The character backed up.
        target: CardRef,
    },
    /// A card's ability or effect was activated.
    Activate {
        /// The card.
        card: CardRef,
        /// Its name.
        name: String,
    },
    /// An activation or auto ended.
    Resolved {
        /// The card.
        card: CardRef,
        /// How (`Success`, `Failure(CostNotPaid)`...).
        result: String,
    },
    /// A card's rules stopped with a runtime error (the step's effect ends there).
    Trap {
        /// The card, if known.
        card: Option<CardRef>,
        /// The runtime's message.
        message: String,
    },
    /// A character attacks.
    Attack {
        /// The attacker.
        card: CardRef,
        /// Its name.
        name: String,
    },
    /// A character joins a United Attack.
    Join {
        /// The joiner.
        card: CardRef,
        /// The leader.
        leader: CardRef,
    },
    /// A character blocks an attacker.
    Block {
        /// The blocker.
        card: CardRef,
        /// The attacker.
        attacker: CardRef,
    },
    /// A player passed.
    Pass {
        /// Who.
        player: u8,
    },
    /// A player answered a card's question.
    Answer {
        /// Who.
        player: u8,
        /// The answer, as text.
        answer: String,
    },
    /// SP paid for something (United Attack).
    PaySp {
        /// Who.
        player: u8,
        /// How much.
        amount: i32,
        /// For what.
        what: String,
    },
    /// A character lost BP.
    CharacterDamage {
        /// The character.
        card: CardRef,
        /// BP lost.
        amount: i32,
        /// BP left.
        bp: i32,
    },
    /// A player lost HP.
    PlayerDamage {
        /// The player.
        player: u8,
        /// HP lost.
        amount: i32,
        /// HP left.
        hp: i32,
        /// What dealt it (`combat`, `piercing`, a card's name).
        source: String,
    },
    /// A counter was set by a card's effect.
    Counter {
        /// `p0.hp`, `Ryu.bp`...
        what: String,
        /// The new value.
        value: i32,
    },
    /// A card was KO'd.
    Ko {
        /// The card.
        card: CardRef,
        /// Its name.
        name: String,
    },
    /// A card moved to a zone by an effect or a rule.
    Move {
        /// The card.
        card: CardRef,
        /// Its name.
        name: String,
        /// Where to (`p1.discards`).
        to: String,
    },
    /// Something a card or rule did that has no entry of its own (reveal, shuffle...).
    Effect(String),
    /// The game ended.
    GameOver(String),
}

impl std::fmt::Display for LogEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[t{} {:?}] ", self.turn, self.phase)?;
        match &self.kind {
            LogKind::TurnStart { player } => write!(f, "turn of player {player}"),
            LogKind::PhaseStart => write!(f, "phase starts"),
            LogKind::PhaseSkipped => write!(f, "phase skipped"),
            LogKind::Draw { player, name, .. } => write!(f, "p{player} draws {name}"),
            LogKind::Play { player, name, slot: Some(slot), sp, .. } => {
                write!(f, "p{player} plays {name} to s{slot} ({sp:+} SP)")
            }
            LogKind::Play { player, name, sp, .. } => write!(f, "p{player} plays {name} ({sp:+} SP)"),
            LogKind::Backup { name, target, .. } => write!(f, "{name} backs up card #{}", target.0),
            LogKind::Activate { name, .. } => write!(f, "{name} activates"),
            LogKind::Resolved { card, result } => write!(f, "card #{} resolved: {result}", card.0),
            LogKind::Trap { card: Some(card), message } => write!(f, "rules error on card #{}: {message}", card.0),
            LogKind::Trap { card: None, message } => write!(f, "rules error: {message}"),
            LogKind::Attack { name, .. } => write!(f, "{name} attacks"),
            LogKind::Join { card, leader } => write!(f, "card #{} joins the attack of #{}", card.0, leader.0),
            LogKind::Block { card, attacker } => write!(f, "card #{} blocks #{}", card.0, attacker.0),
            LogKind::Pass { player } => write!(f, "p{player} passes"),
            LogKind::Answer { player, answer } => write!(f, "p{player} answers {answer}"),
            LogKind::PaySp { player, amount, what } => write!(f, "p{player} pays {amount} SP for {what}"),
            LogKind::CharacterDamage { card, amount, bp } => {
                write!(f, "card #{} loses {amount} BP ({bp} left)", card.0)
            }
            LogKind::PlayerDamage { player, amount, hp, source } => {
                write!(f, "p{player} takes {amount} damage from {source} ({hp} HP left)")
            }
            LogKind::Counter { what, value } => write!(f, "{what} = {value}"),
            LogKind::Ko { name, .. } => write!(f, "{name} is KO'd"),
            LogKind::Move { name, to, .. } => write!(f, "{name} moves to {to}"),
            LogKind::Effect(text) => f.write_str(text),
            LogKind::GameOver(text) => write!(f, "game over: {text}"),
        }
    }
}

/// A game's log, in order. A copy of the game shares it until either adds an entry, so
/// the copies the engine makes to try a move out (see `Game::legal_moves`) do not copy
/// the whole history; the trials start from an empty log of their own, since no rule
/// reads the log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventLog(Arc<Vec<LogEntry>>);

impl EventLog {
    /// Adds an entry at the end.
    pub fn push(&mut self, entry: LogEntry) {
        Arc::make_mut(&mut self.0).push(entry);
    }

    /// Makes room for `additional` more entries.
    pub fn reserve(&mut self, additional: usize) {
        Arc::make_mut(&mut self.0).reserve(additional);
    }

    /// Empties the log, keeping its buffer when no copy shares it.
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.0) {
            Some(entries) => entries.clear(),
            None => *self = EventLog::default(),
        }
    }
}

impl Deref for EventLog {
    type Target = [LogEntry];

    fn deref(&self) -> &[LogEntry] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a EventLog {
    type Item = &'a LogEntry;
    type IntoIter = std::slice::Iter<'a, LogEntry>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Serialize for EventLog {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for EventLog {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::deserialize(deserializer).map(|entries| EventLog(Arc::new(entries)))
    }
}
