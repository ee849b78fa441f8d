//! The structured event log: who played what, effects, damage, KOs and phase changes. The
//! game keeps each entry as compact data ([`Record`]: ids, numbers, a kind), so that taking
//! a turn allocates nothing for its log; a reader sees them through [`Log`] as
//! [`LogEntry`] values, with the names of the card set, which print (`Display`) and
//! serialise (JSON, the trace hash) as the log always has.

use std::fmt::Write as _;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::set::CardSet;
use crate::state::{CardRef, Phase, Seat};

/// The name of a card as it was when an entry was noted: its definition's index in the
/// card set (a card that transforms later keeps the name it had); `None` for a card
/// unknown to the board, which reads as `?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardName(pub Option<u32>);

/// A text noted with an entry (a rules error, where a card went): a range of the log's
/// own text buffer, which only grows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    start: u32,
    end: u32,
}

/// One thing that happened, as the game keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The turn it happened in.
    pub turn: u32,
    /// The phase it happened in.
    pub phase: Phase,
    /// What happened.
    pub kind: RecordKind,
}

/// One thing that happened, as tools read it (`Display`, JSON): see [`Log`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LogEntry<'a> {
    /// The turn it happened in.
    pub turn: u32,
    /// The phase it happened in.
    pub phase: Phase,
    /// What happened.
    pub kind: LogKind<'a>,
}

/// What happened, with names and texts borrowed from the card set and the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LogKind<'a> {
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
        name: &'a str,
    },
    /// A card was played.
    Play {
        /// Who played it.
        player: u8,
        /// The card.
        card: CardRef,
        /// Its name.
        name: &'a str,
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
        name: &'a str,
        /// The character backed up.
        target: CardRef,
    },
    /// A card's ability or effect was activated.
    Activate {
        /// The card.
        card: CardRef,
        /// Its name.
        name: &'a str,
    },
    /// An activation or auto ended.
    Resolved {
        /// The card.
        card: CardRef,
        /// How (`Success`, `Failure(CostNotPaid)`...).
        result: &'a str,
    },
    /// A card's rules stopped with a runtime error (the step's effect ends there).
    Trap {
        /// The card, if known.
        card: Option<CardRef>,
        /// The runtime's message.
        message: &'a str,
    },
    /// A character attacks.
    Attack {
        /// The attacker.
        card: CardRef,
        /// Its name.
        name: &'a str,
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
        answer: &'a str,
    },
    /// SP paid for something (United Attack).
    PaySp {
        /// Who.
        player: u8,
        /// How much.
        amount: i32,
        /// For what.
        what: &'a str,
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
        source: &'a str,
    },
    /// A counter was set by a card's effect.
    Counter {
        /// `p0.hp`, `Ryu.bp`...
        what: &'a str,
        /// The new value.
        value: i32,
    },
    /// A card was KO'd.
    Ko {
        /// The card.
        card: CardRef,
        /// Its name.
        name: &'a str,
    },
    /// A card moved to a zone by an effect or a rule.
    Move {
        /// The card.
        card: CardRef,
        /// Its name.
        name: &'a str,
        /// Where to (`p1.discards`).
        to: &'a str,
    },
    /// Something a card or rule did that has no entry of its own (reveal, shuffle...).
    Effect(&'a str),
    /// The game ended.
    GameOver(&'a str),
}

impl std::fmt::Display for LogEntry<'_> {
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

/// What happened, as the log keeps it: ids and numbers; a card's name is its definition
/// ([`CardName`]), any other text a [`Text`] of the log's own text buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordKind {
    /// A turn began.
    TurnStart {
        /// Whose turn.
        player: Seat,
    },
    /// A phase began.
    PhaseStart,
    /// A phase was skipped.
    PhaseSkipped,
    /// A player drew a card.
    Draw {
        /// Who drew.
        player: Seat,
        /// What.
        card: CardRef,
        /// Its name.
        name: CardName,
    },
    /// A card was played.
    Play {
        /// Who played it.
        player: Seat,
        /// The card.
        card: CardRef,
        /// Its name.
        name: CardName,
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
        name: CardName,
        /// The character backed up.
        target: CardRef,
    },
    /// A card's ability or effect was activated.
    Activate {
        /// The card.
        card: CardRef,
        /// Its name.
        name: CardName,
    },
    /// An activation or auto ended.
    Resolved {
        /// The card.
        card: CardRef,
        /// How (`Success`, `Failure(CostNotPaid)`...).
        result: Text,
    },
    /// A card's rules stopped with a runtime error (the step's effect ends there).
    Trap {
        /// The card, if known.
        card: Option<CardRef>,
        /// The runtime's message.
        message: Text,
    },
    /// A character attacks.
    Attack {
        /// The attacker.
        card: CardRef,
        /// Its name.
        name: CardName,
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
        player: Seat,
    },
    /// A player answered a card's question.
    Answer {
        /// Who.
        player: Seat,
        /// The answer, as text.
        answer: Text,
    },
    /// SP paid for something (United Attack).
    PaySp {
        /// Who.
        player: Seat,
        /// How much.
        amount: i32,
        /// For what.
        what: Text,
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
        player: Seat,
        /// HP lost.
        amount: i32,
        /// HP left.
        hp: i32,
        /// What dealt it (`combat`, `piercing`, a card's name).
        source: Text,
    },
    /// A counter was set by a card's effect.
    Counter {
        /// `p0.hp`, `Ryu.bp`...
        what: Text,
        /// The new value.
        value: i32,
    },
    /// A card was KO'd.
    Ko {
        /// The card.
        card: CardRef,
        /// Its name.
        name: CardName,
    },
    /// A card moved to a zone by an effect or a rule.
    Move {
        /// The card.
        card: CardRef,
        /// Its name.
        name: CardName,
        /// Where to (`p1.discards`).
        to: Text,
    },
    /// Something a card or rule did that has no entry of its own (reveal, shuffle...).
    Effect(Text),
    /// The game ended.
    GameOver(Text),
}

/// The entries and their texts; shared by copies of a game (see [`EventLog`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Entries {
    records: Vec<Record>,
    texts: String,
}

/// A game's log, in order, as compact records. A copy of the game shares it until either
/// adds an entry, so the copies the engine makes to try a move out (see
/// `Game::legal_moves`) do not copy the whole history; the trials start from an empty log
/// of their own, since no rule reads the log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventLog(Arc<Entries>);

impl Serialize for EventLog {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for EventLog {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Entries::deserialize(deserializer).map(|entries| EventLog(Arc::new(entries)))
    }
}

impl EventLog {
    /// Adds an entry at the end.
    pub fn push(&mut self, record: Record) {
        Arc::make_mut(&mut self.0).records.push(record);
    }

    /// Writes `text` to the log's text buffer, for an entry about to be pushed.
    pub fn text(&mut self, text: std::fmt::Arguments<'_>) -> Text {
        let texts = &mut Arc::make_mut(&mut self.0).texts;
        let start = texts.len();
        // Writing to a `String` cannot fail.
        let _ = texts.write_fmt(text);
        Text { start: offset(start), end: offset(texts.len()) }
    }

    /// The text buffer, lent out so that a text can be written while the rest of the game
    /// is read; [`EventLog::return_texts`] takes it back.
    pub(crate) fn lend_texts(&mut self) -> String {
        std::mem::take(&mut Arc::make_mut(&mut self.0).texts)
    }

    /// Takes back the text buffer [`EventLog::lend_texts`] lent, with a text written from
    /// `start` to its end.
    pub(crate) fn return_texts(&mut self, texts: String, start: usize) -> Text {
        let text = Text { start: offset(start), end: offset(texts.len()) };
        Arc::make_mut(&mut self.0).texts = texts;
        text
    }

    /// Drops `text`, the last text written, when no entry came to use it.
    pub(crate) fn forget_text(&mut self, text: Text) {
        let texts = &mut Arc::make_mut(&mut self.0).texts;
        if texts.len() == text.end as usize {
            texts.truncate(text.start as usize);
        }
    }

    /// Makes room for `entries` more entries and `text` more bytes of text.
    pub fn reserve(&mut self, entries: usize, text: usize) {
        let log = Arc::make_mut(&mut self.0);
        log.records.reserve(entries);
        log.texts.reserve(text);
    }

    /// Empties the log, keeping its buffers when no copy shares it.
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.0) {
            Some(log) => {
                log.records.clear();
                log.texts.clear();
            }
            None => *self = EventLog::default(),
        }
    }

    /// How many entries it has.
    pub fn len(&self) -> usize {
        self.0.records.len()
    }

    /// Whether it has no entry.
    pub fn is_empty(&self) -> bool {
        self.0.records.is_empty()
    }

    /// The entries as kept.
    pub fn records(&self) -> &[Record] {
        &self.0.records
    }

    /// The entries as a reader sees them, with the names of `set`.
    pub fn read<'a>(&'a self, set: Option<&'a CardSet>) -> Log<'a> {
        Log { records: &self.0.records, texts: &self.0.texts, set }
    }
}

/// A text buffer's offset as a [`Text`] keeps it (a log is cut long before 4 GiB of text:
/// `MAX_LOG_ENTRIES_PER_CALL`).
fn offset(position: usize) -> u32 {
    u32::try_from(position).unwrap_or(u32::MAX)
}

/// A log, or the part of one since some entry, as a reader sees it: each entry a
/// [`LogEntry`] named from the card set.
#[derive(Debug, Clone, Copy)]
pub struct Log<'a> {
    records: &'a [Record],
    texts: &'a str,
    set: Option<&'a CardSet>,
}

impl<'a> Log<'a> {
    /// How many entries it has.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether it has no entry.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The entries from the `start`th on (none when `start` is past the end).
    pub fn since(&self, start: usize) -> Log<'a> {
        Log { records: self.records.get(start..).unwrap_or_default(), ..*self }
    }

    /// Entry `index`.
    pub fn get(&self, index: usize) -> Option<LogEntry<'a>> {
        self.records.get(index).map(|record| self.entry(record))
    }

    /// The last entry.
    pub fn last(&self) -> Option<LogEntry<'a>> {
        self.records.last().map(|record| self.entry(record))
    }

    /// The entries in order.
    pub fn iter(&self) -> LogIter<'a> {
        LogIter { log: *self, records: self.records.iter() }
    }

    fn name(&self, name: CardName) -> &'a str {
        let def = name.0.and_then(|def| self.set?.card(def as usize));
        def.map_or("?", |def| def.name.as_str())
    }

    fn text(&self, text: Text) -> &'a str {
        self.texts.get(text.start as usize..text.end as usize).unwrap_or_default()
    }

    fn entry(&self, record: &Record) -> LogEntry<'a> {
        let name = |name| self.name(name);
        let text = |text| self.text(text);
        let kind = match record.kind {
            RecordKind::TurnStart { player } => LogKind::TurnStart { player: player.into() },
            RecordKind::PhaseStart => LogKind::PhaseStart,
            RecordKind::PhaseSkipped => LogKind::PhaseSkipped,
            RecordKind::Draw { player, card, name: n } => LogKind::Draw { player: player.into(), card, name: name(n) },
            RecordKind::Play { player, card, name: n, slot, sp } => {
                LogKind::Play { player: player.into(), card, name: name(n), slot, sp }
            }
            RecordKind::Backup { card, name: n, target } => LogKind::Backup { card, name: name(n), target },
            RecordKind::Activate { card, name: n } => LogKind::Activate { card, name: name(n) },
            RecordKind::Resolved { card, result } => LogKind::Resolved { card, result: text(result) },
            RecordKind::Trap { card, message } => LogKind::Trap { card, message: text(message) },
            RecordKind::Attack { card, name: n } => LogKind::Attack { card, name: name(n) },
            RecordKind::Join { card, leader } => LogKind::Join { card, leader },
            RecordKind::Block { card, attacker } => LogKind::Block { card, attacker },
            RecordKind::Pass { player } => LogKind::Pass { player: player.into() },
            RecordKind::Answer { player, answer } => LogKind::Answer { player: player.into(), answer: text(answer) },
            RecordKind::PaySp { player, amount, what } => {
                LogKind::PaySp { player: player.into(), amount, what: text(what) }
            }
            RecordKind::CharacterDamage { card, amount, bp } => LogKind::CharacterDamage { card, amount, bp },
            RecordKind::PlayerDamage { player, amount, hp, source } => {
                LogKind::PlayerDamage { player: player.into(), amount, hp, source: text(source) }
            }
            RecordKind::Counter { what, value } => LogKind::Counter { what: text(what), value },
            RecordKind::Ko { card, name: n } => LogKind::Ko { card, name: name(n) },
            RecordKind::Move { card, name: n, to } => LogKind::Move { card, name: name(n), to: text(to) },
            RecordKind::Effect(t) => LogKind::Effect(text(t)),
            RecordKind::GameOver(t) => LogKind::GameOver(text(t)),
        };
        LogEntry { turn: record.turn, phase: record.phase, kind }
    }
}

impl<'a> IntoIterator for Log<'a> {
    type Item = LogEntry<'a>;
    type IntoIter = LogIter<'a>;

    fn into_iter(self) -> LogIter<'a> {
        self.iter()
    }
}

/// The entries of a [`Log`], in order.
#[derive(Debug, Clone)]
pub struct LogIter<'a> {
    log: Log<'a>,
    records: std::slice::Iter<'a, Record>,
}

impl<'a> Iterator for LogIter<'a> {
    type Item = LogEntry<'a>;

    fn next(&mut self) -> Option<LogEntry<'a>> {
        self.records.next().map(|record| self.log.entry(record))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.records.size_hint()
    }
}

impl DoubleEndedIterator for LogIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.records.next_back().map(|record| self.log.entry(record))
    }
}

impl ExactSizeIterator for LogIter<'_> {}
