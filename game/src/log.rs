//! The structured event log: who played what, effects, damage, KOs and phase changes. The
//! game keeps each entry as compact data ([`Record`]: ids, numbers, a kind), so that taking
//! a turn allocates nothing for its log; a reader sees them through [`Log`] as
//! [`LogEntry`] values, with the names of the card set, which print (`Display`) and
//! serialise (JSON, the trace hash) as the log always has.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::set::CardSet;
use crate::state::{CardRef, Phase, Seat};

mod words;
pub use words::{Chosen, Phrase, Resolution, Words};

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
        result: Words<'a>,
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
        answer: Words<'a>,
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
        /// What dealt it (`combat`, `piercing`).
        source: Words<'a>,
    },
    /// A counter was set by a card's effect.
    Counter {
        /// `p0.hp`, `Ryu.bp`...
        what: Words<'a>,
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
        to: Words<'a>,
    },
    /// Something a card or rule did that has no entry of its own (reveal, shuffle...).
    Effect(Words<'a>),
    /// The game ended.
    GameOver(Words<'a>),
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
            LogKind::Effect(text) => text.fmt(f),
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
        /// How ([`Phrase::Resolution`]).
        result: Phrase,
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
        /// The values chosen ([`Phrase::Answer`]).
        answer: Phrase,
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
        /// What dealt it (`combat`, `piercing`).
        source: Phrase,
    },
    /// A counter was set by a card's effect.
    Counter {
        /// `p0.hp`, `Ryu.bp`...
        what: Phrase,
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
        to: Phrase,
    },
    /// Something a card or rule did that has no entry of its own (reveal, shuffle...).
    Effect(Phrase),
    /// The game ended.
    GameOver(Phrase),
}

/// The name of `name` in `set`, `?` for an unknown card.
fn card_name(set: Option<&CardSet>, name: CardName) -> &str {
    let def = name.0.and_then(|def| set?.card(def as usize));
    def.map_or("?", |def| def.name.as_str())
}

/// The text `text` of the buffer `texts` (empty if out of range).
fn text_of(texts: &str, text: Text) -> &str {
    texts.get(text.start as usize..text.end as usize).unwrap_or_default()
}

/// The entries and their texts.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Entries {
    records: Vec<Record>,
    texts: String,
    choices: Vec<Chosen>,
    /// Where the plays, back-ups and traps are among `records`, in order: what a
    /// simulation's summary of a game reads ([`EventLog::summarised`]), a few dozen of a
    /// game's ~600 entries. Not written: a log read back rebuilds it.
    #[serde(skip)]
    summarised: Vec<u32>,
}

impl RecordKind {
    /// Whether an entry of this kind is a play, a back-up or a trap, which
    /// [`EventLog::push_summarised`] adds.
    pub fn is_summarised(&self) -> bool {
        matches!(self, RecordKind::Play { .. } | RecordKind::Backup { .. } | RecordKind::Trap { .. })
    }
}

/// A game's log, in order, as compact records. The game owns it: each entry is added
/// without a check of whether a copy shares it (an `Arc`'s `get_mut`, about 9 instructions
/// an entry, 385 entries a random game; issue 30, BENCHMARKS.md). A copy of a game
/// (`Clone`) copies it; the copies the engine makes to try a move out (see
/// `Game::legal_moves`) start from an empty log of their own, since no rule reads the log.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct EventLog(Entries);

impl Clone for EventLog {
    fn clone(&self) -> EventLog {
        let mut copy = EventLog::default();
        copy.clone_from(self);
        copy
    }

    /// Copies `source` into this log's own buffers.
    fn clone_from(&mut self, source: &EventLog) {
        let Entries { records, texts, choices, summarised } = &source.0;
        self.0.records.clone_from(records);
        self.0.texts.clone_from(texts);
        self.0.choices.clone_from(choices);
        self.0.summarised.clone_from(summarised);
    }
}

impl Serialize for EventLog {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for EventLog {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut entries = Entries::deserialize(deserializer)?;
        entries.summarised = entries
            .records
            .iter()
            .enumerate()
            .filter(|(_, record)| record.kind.is_summarised())
            .map(|(index, _)| offset(index))
            .collect();
        Ok(EventLog(entries))
    }
}

impl EventLog {
    /// Adds an entry at the end: any but a play, a back-up or a trap, which
    /// [`EventLog::push_summarised`] adds.
    pub fn push(&mut self, record: Record) {
        // The kind is not tested here: the test made `push` too large to be inlined where
        // entries are made (issue 30, BENCHMARKS.md), and the callers know their kinds.
        debug_assert!(!record.kind.is_summarised(), "a play, back-up or trap goes through push_summarised");
        self.0.records.push(record);
    }

    /// Adds a play, a back-up or a trap at the end, noting where it is for
    /// [`EventLog::summarised`].
    pub fn push_summarised(&mut self, record: Record) {
        let entries = &mut self.0;
        entries.summarised.push(offset(entries.records.len()));
        entries.records.push(record);
    }

    /// The plays, back-ups and traps, in order, each with its index in the log: what a
    /// game's summary reads, without walking every entry.
    pub fn summarised(&self) -> impl Iterator<Item = (usize, &Record)> {
        let records = &self.0.records;
        self.0.summarised.iter().filter_map(|&index| Some((index as usize, records.get(index as usize)?)))
    }

    /// Writes `text` to the log's text buffer, for an entry about to be pushed.
    pub fn text(&mut self, text: std::fmt::Arguments<'_>) -> Text {
        let texts = &mut self.0.texts;
        let start = texts.len();
        // Writing to a `String` cannot fail.
        let _ = texts.write_fmt(text);
        Text { start: offset(start), end: offset(texts.len()) }
    }

    /// Keeps `choices`, the values of an answer, for an entry about to be pushed.
    pub(crate) fn choices(&mut self, choices: impl IntoIterator<Item = Chosen>) -> Phrase {
        let kept = &mut self.0.choices;
        let start = offset(kept.len());
        kept.extend(choices);
        Phrase::Answer { start, end: offset(kept.len()) }
    }

    /// Drops the values of `answer`, the last kept, when no entry came to use them.
    pub(crate) fn forget_choices(&mut self, answer: Phrase) {
        let kept = &mut self.0.choices;
        if let Phrase::Answer { start, end } = answer
            && kept.len() == end as usize
        {
            kept.truncate(start as usize);
        }
    }

    /// Makes room for `entries` more entries, `text` more bytes of text and `choices` more
    /// chosen values.
    pub fn reserve(&mut self, entries: usize, text: usize, choices: usize) {
        let log = &mut self.0;
        log.records.reserve(entries);
        log.texts.reserve(text);
        log.choices.reserve(choices);
        // Plays, back-ups and traps: a few dozen of a game's some 600 entries.
        log.summarised.reserve(entries / 16);
    }

    /// Empties the log, keeping its buffers.
    pub fn clear(&mut self) {
        let log = &mut self.0;
        log.records.clear();
        log.texts.clear();
        log.choices.clear();
        log.summarised.clear();
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
        Log { records: &self.0.records, texts: &self.0.texts, choices: &self.0.choices, set }
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
    choices: &'a [Chosen],
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
        card_name(self.set, name)
    }

    fn text(&self, text: Text) -> &'a str {
        text_of(self.texts, text)
    }

    fn words(&self, phrase: Phrase) -> Words<'a> {
        Words { phrase, texts: self.texts, choices: self.choices, set: self.set }
    }

    fn entry(&self, record: &Record) -> LogEntry<'a> {
        let name = |name| self.name(name);
        let text = |text| self.text(text);
        let words = |phrase| self.words(phrase);
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
            RecordKind::Resolved { card, result } => LogKind::Resolved { card, result: words(result) },
            RecordKind::Trap { card, message } => LogKind::Trap { card, message: text(message) },
            RecordKind::Attack { card, name: n } => LogKind::Attack { card, name: name(n) },
            RecordKind::Join { card, leader } => LogKind::Join { card, leader },
            RecordKind::Block { card, attacker } => LogKind::Block { card, attacker },
            RecordKind::Pass { player } => LogKind::Pass { player: player.into() },
            RecordKind::Answer { player, answer } => LogKind::Answer { player: player.into(), answer: words(answer) },
            RecordKind::PaySp { player, amount, what } => {
                LogKind::PaySp { player: player.into(), amount, what: text(what) }
            }
            RecordKind::CharacterDamage { card, amount, bp } => LogKind::CharacterDamage { card, amount, bp },
            RecordKind::PlayerDamage { player, amount, hp, source } => {
                LogKind::PlayerDamage { player: player.into(), amount, hp, source: words(source) }
            }
            RecordKind::Counter { what, value } => LogKind::Counter { what: words(what), value },
            RecordKind::Ko { card, name: n } => LogKind::Ko { card, name: name(n) },
            RecordKind::Move { card, name: n, to } => LogKind::Move { card, name: name(n), to: words(to) },
            RecordKind::Effect(t) => LogKind::Effect(words(t)),
            RecordKind::GameOver(t) => LogKind::GameOver(words(t)),
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use stdlib::host::{CfcHost, Flag, Model};
    use stdlib::names;
    use vm::runtime::{Host, PlayerId, Value};

    use super::Phrase;
    use crate::{CardKind, Game, Seat};

    /// The entries the host notes as a card's effects run (a move, counters, a freeze, a
    /// reveal, a shown pile, a shuffle, a transformation, damage, the end of the game) are
    /// kept as ids and numbers: they write nothing to the log's text buffer, and read
    /// (`Display`, JSON) as the texts the log always had.
    #[test]
    fn host_entries_write_no_text_and_read_as_before() {
        let set = Arc::new(crate::testing::tiny_set().expect("the tiny set builds"));
        let characters = (0..set.cards().len()).filter(|&i| set.cards()[i].kind == CardKind::Character);
        let deck: Vec<usize> = characters.cycle().take(50).collect();
        let mut game = Game::new(Arc::clone(&set), [deck.clone(), deck], 7).expect("the game starts");
        let state = &mut game.state;
        let (start, texts) = (state.log.len(), state.log.0.texts.len());
        let card = state.players[0].hand[0];
        let other = state.players[1].hand[0];
        let (id, p0, p1) = (card.id(), PlayerId(0), PlayerId(1));
        let name_of = |def: usize| set.card(def).expect("a card of the set").name.clone();
        let name = name_of(state.card(card).expect("a card").def);
        let other_name = name_of(state.card(other).expect("a card").def);

        assert!(state.move_card(id, p0, names::DISCARDS, 0));
        state.set_counter(Value::Player(p1), names::ATTR_SP, 4);
        state.set_flag(Value::Card(id), Flag::Frozen, true);
        state.set_flag(Value::Card(id), Flag::Frozen, false);
        state.reveal(id, Some(p1));
        state.reveal(id, None);
        state.show_pile(p0, names::HAND, p1);
        state.shuffle(p1, names::DECK);
        assert!(state.transform(id, Model::Of(other.id())));
        state.lose_hp(Seat::SECOND, 300, Phrase::Combat);
        let hp = state.player(Seat::SECOND).hp;
        state.lose_hp(Seat::SECOND, hp, Phrase::Piercing);

        assert_eq!(state.log.0.texts.len(), texts, "no text written while the game ran");
        let log = state.read_log().since(start);
        let lines: Vec<String> = log.iter().map(|entry| entry.to_string()).collect();
        let lines: Vec<&str> = lines.iter().filter_map(|line| Some(line.split_once("] ")?.1)).collect();
        let moved = format!("{} moves to p0.discards", name);
        let wanted = [
            moved.as_str(),
            "p1.sp = 4",
            &format!("{name} freezes"),
            &format!("{name} unfreezes"),
            &format!("{name} is revealed to p1"),
            &format!("{name} is revealed to everyone"),
            "p0's hand is shown to p1",
            "p1 shuffles",
            &format!("card #{} transforms into {other_name}", card.0),
            &format!("p1 takes 300 damage from combat ({hp} HP left)"),
            &format!("p1 takes {hp} damage from piercing (0 HP left)"),
            "game over: player 0 wins: player 1's HP reached 0",
        ];
        assert_eq!(lines, wanted);
        let json = serde_json::to_string(&log.get(0).expect("the move").kind).expect("JSON");
        assert_eq!(json, format!(r#"{{"Move":{{"card":{},"name":"{name}","to":"p0.discards"}}}}"#, card.0));
        let json = serde_json::to_string(&log.get(10).expect("the last damage").kind).expect("JSON");
        assert_eq!(json, format!(r#"{{"PlayerDamage":{{"player":1,"amount":{hp},"hp":0,"source":"piercing"}}}}"#));
    }

    /// How an activation ended reads as the runtime's value always printed, in the text
    /// and in JSON.
    #[test]
    fn a_resolution_reads_as_the_runtimes_completion() {
        use vm::runtime::{Completion, Failure};

        use super::{EventLog, Record, RecordKind};
        use crate::state::{CardRef, Phase};

        let mut log = EventLog::default();
        for completion in [Completion::Success, Completion::Failure(Failure::CostNotPaid), Completion::Answer(false)] {
            let result = Phrase::Resolution(completion.into());
            log.push(Record { turn: 2, phase: Phase::Main, kind: RecordKind::Resolved { card: CardRef(3), result } });
        }
        let lines: Vec<String> = log.read(None).iter().map(|entry| entry.to_string()).collect();
        assert_eq!(
            lines,
            [
                "[t2 Main] card #3 resolved: Success",
                "[t2 Main] card #3 resolved: Failure(CostNotPaid)",
                "[t2 Main] card #3 resolved: Answer(false)",
            ]
        );
        let json = serde_json::to_string(&log.read(None).get(1).expect("an entry")).expect("JSON");
        assert_eq!(json, r#"{"turn":2,"phase":"Main","kind":{"Resolved":{"card":3,"result":"Failure(CostNotPaid)"}}}"#);
    }

    /// The plays, back-ups and traps are found where they were pushed, also in a log read
    /// back from JSON (which does not write where they are) and in a copy pushed to.
    #[test]
    fn a_log_knows_where_its_plays_backups_and_traps_are_also_read_back() {
        use super::{CardName, EventLog, Record, RecordKind};
        use crate::state::{CardRef, Phase, Seat};

        let record = |kind| Record { turn: 1, phase: Phase::Main, kind };
        let play =
            RecordKind::Play { player: Seat::SECOND, card: CardRef(4), name: CardName(Some(2)), slot: None, sp: 0 };
        let backup = RecordKind::Backup { card: CardRef(5), name: CardName(None), target: CardRef(4) };
        let mut log = EventLog::default();
        log.push(record(RecordKind::PhaseStart));
        log.push_summarised(record(play));
        log.push(record(RecordKind::Pass { player: Seat::FIRST }));
        let message = log.text(format_args!("division by zero"));
        log.push_summarised(record(RecordKind::Trap { card: None, message }));
        let copy = log.clone();
        log.push_summarised(record(backup));
        let found = |log: &EventLog| log.summarised().map(|(index, record)| (index, record.kind)).collect::<Vec<_>>();
        let trap = RecordKind::Trap { card: None, message };
        assert_eq!(found(&log), [(1, play), (3, trap), (4, backup)]);
        assert_eq!(found(&copy), [(1, play), (3, trap)]);
        let json = serde_json::to_string(&log).expect("JSON");
        assert!(!json.contains("summarised"), "{json}");
        let read: EventLog = serde_json::from_str(&json).expect("read back");
        assert_eq!(found(&read), found(&log));
        assert_eq!(read, log);
        log.clear();
        assert_eq!(found(&log), []);
    }

    /// A log shared by a copy of the game is copied on the first push to either: each
    /// keeps its own entries, whichever pushes first (the shared and the unshared push).
    #[test]
    fn a_push_to_a_shared_log_leaves_the_copy_as_it_was() {
        use super::{EventLog, Record, RecordKind};
        use crate::state::Phase;

        let entry = |turn| Record { turn, phase: Phase::Main, kind: RecordKind::PhaseStart };
        let mut log = EventLog::default();
        log.push(entry(1));
        let mut copy = log.clone();
        copy.push(entry(2));
        log.push(entry(3));
        log.push(entry(4));
        let turns = |log: &EventLog| log.read(None).iter().map(|entry| entry.turn).collect::<Vec<_>>();
        assert_eq!(turns(&log), [1, 3, 4]);
        assert_eq!(turns(&copy), [1, 2]);
    }
}
