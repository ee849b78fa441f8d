//! `WagicGame.observation(player)`: what one seat may see of a game of Magic (its
//! [`SeatView`], and the [`Question`] it answers), as a fixed-size `f32` vector for
//! learning agents, and the fixed action space `legal_mask()` marks.
//!
//! Everything comes from the seat's view and question, never from the table: the seat's
//! own hand, both battlefields, the stack, the sizes (not the contents or order) of both
//! libraries, the other hand and the piles; the question and its options only when this
//! seat answers it. The Python test `test_wagic_observation.py` checks that games
//! differing only in what the seat cannot see give equal observations.
//!
//! # Layout (`WAGIC_OBSERVATION_SIZE` floats)
//!
//! | offset | size | what |
//! |---|---|---|
//! | 0 | 52 | [`GLOBAL`] |
//! | 52 | 288 | the viewer's hand: [`HAND_SLOTS`] cards (hand order) × [`CARD`] |
//! | 340 | 1440 | the battlefield: [`SIDE_SLOTS`] permanents the viewer controls, then as many the opponent controls (each in the order they entered) × [`SLOT`] |
//! | 1780 | 88 | the stack: the top [`STACK_SLOTS`] entries, top first × [`STACK_ENTRY`] |
//! | 1868 | 19 | [`QUESTION_HEADER`] |
//! | 1887 | 3072 | the options: [`WAGIC_ACTION_SPACE`] × [`OPTION`], as `apply` numbers them |
//!
//! - [`CARD`] (18), a card's printed characteristics, looked up by name in the
//!   `WagicCards` (zeros for an empty slot): present, types (land, creature, instant,
//!   sorcery, enchantment, artifact, planeswalker, legendary), colours (white, blue,
//!   black, red, green), mana value / 10, power / 10, toughness / 10, (the card's place
//!   among the compiled names, sorted, + 1) / their count. A token, whose name is no
//!   card's, has present, the types it has now and its power and toughness; so has a
//!   face-down creature (morph, named `face-down creature` to both seats): a 2/2 creature
//!   that tells nothing of the card, but to its controller, who may look at it: their
//!   block of it has the card's id too.
//! - [`GLOBAL`] (52): turn / 100, the phase one-hot (12, turn order), the viewer is
//!   active, the viewer is to move, the question's kind one-hot (7: mulligan, priority,
//!   effect, attack, block, discard, legend; zeros unless the viewer answers it), game
//!   over, viewer won, viewer lost; then for the viewer and then the opponent: life / 20,
//!   poison / 10, the mana pool (white, blue, black, red, green, colourless) / 10, hand
//!   / 10, library / 60, graveyard / 60, exile / 60; then the permanents each controls
//!   / [`SIDE_SLOTS`] (beyond the slots, they are counted here only) and the stack's
//!   entries / [`STACK_SLOTS`].
//! - [`SLOT`] (30): the [`CARD`] block, then tapped, summoning sick, attacking, blocking,
//!   power / 10 and toughness / 10 now, damage / 10, counters' power / 10 and toughness
//!   / 10, named counters / 10, a token, owned by the viewer.
//! - [`STACK_ENTRY`] (22): present, the viewer's, an ability (else a spell), targets / 4,
//!   its card's [`CARD`] block.
//! - [`QUESTION_HEADER`] (19), zeros unless the viewer answers: the card the question is
//!   about ([`CARD`], zeros when none), it is on the viewer's side (in hand or
//!   controlled).
//! - [`OPTION`] (48), zeros past the question's options or when the viewer does not
//!   answer: present, the kind one-hot (22, [`OptionKind::ALL`]'s order), the option's
//!   card is in the viewer's hand, on the viewer's side of the battlefield, on the
//!   opponent's, in a graveyard, in exile, on the stack; its [`CARD`] block; its place in
//!   its zone (hand or battlefield slot) / 64. A player option's card block is zeros and
//!   its `mine` is the viewer's side flag.
//!
//! # Bounds
//!
//! Every float has a fixed range, [`bounds`] (`wagic.observation_bounds()`, the envs'
//! spaces): a flag, one-hot entry or card id is 0 to 1; a number scaled as above is
//! clamped to [`SCALED_TOP`] (10) either way: a count (turn, poison, mana, pile sizes,
//! damage, targets, a place) to 0..10, and what effects may push below zero (life, power,
//! toughness, `+p/+t` counters) to -10..10. So 250 life reads as 200 does (10), and a
//! creature of power 120 as one of 100: past those, an agent sees "very large".

use std::collections::HashMap;

use ::wagic::catalogue::COLOUR_NAMES;
use ::wagic::play::{CardAt, MAX_OPTIONS, OptionKind, Permanent, Question, QuestionKind, SeatView};
use ::wagic::table::Library;
use ::wagic::testfile::PHASES;

/// Options a question has at most: the action space's size (`WAGIC_ACTION_SPACE`).
pub const WAGIC_ACTION_SPACE: usize = MAX_OPTIONS;

/// The types a [`CARD`] block marks, in order.
const TYPES: [&str; 8] =
    ["land", "creature", "instant", "sorcery", "enchantment", "artifact", "planeswalker", "legendary"];
/// Floats of a card block.
pub const CARD: usize = 1 + TYPES.len() + COLOUR_NAMES.len() + 4;
/// Floats of one seat's public state in the global block.
const PLAYER: usize = 12;
/// Floats of the global block.
pub const GLOBAL: usize = 1 + PHASES.len() + 2 + QuestionKind::ALL.len() + 3 + 2 * PLAYER + 3;
/// Hand cards shown.
pub const HAND_SLOTS: usize = 16;
/// Permanents shown of each side.
pub const SIDE_SLOTS: usize = 24;
/// Floats of a permanent's slot.
pub const SLOT: usize = CARD + 12;
/// Stack entries shown, from the top.
pub const STACK_SLOTS: usize = 4;
/// Floats of a stack entry.
pub const STACK_ENTRY: usize = 4 + CARD;
/// Floats of the question's header.
pub const QUESTION_HEADER: usize = CARD + 1;
/// Floats of one option.
pub const OPTION: usize = 1 + OptionKind::ALL.len() + 6 + CARD + 1;

/// Where the viewer's hand starts.
const HAND_OFFSET: usize = GLOBAL;
/// Where the battlefield starts.
const BATTLEFIELD_OFFSET: usize = HAND_OFFSET + HAND_SLOTS * CARD;
/// Where the stack starts.
const STACK_OFFSET: usize = BATTLEFIELD_OFFSET + 2 * SIDE_SLOTS * SLOT;
/// Where the question's header starts.
const HEADER_OFFSET: usize = STACK_OFFSET + STACK_SLOTS * STACK_ENTRY;
/// Where the options start.
const OPTIONS_OFFSET: usize = HEADER_OFFSET + QUESTION_HEADER;
/// The length of an observation.
pub const WAGIC_OBSERVATION_SIZE: usize = OPTIONS_OFFSET + WAGIC_ACTION_SPACE * OPTION;

/// The largest magnitude of a scaled number (life / 20, power / 10...): past it the
/// encoder clamps, so every float of an observation has a finite bound ([`bounds`]).
pub const SCALED_TOP: f32 = 10.0;

/// The range one float of an observation keeps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Range {
    /// A flag, a one-hot entry or a card's id: 0 to 1.
    Unit,
    /// A count over its scale: 0 to [`SCALED_TOP`] ([`scaled_count`]).
    Count,
    /// A signed amount over its scale: -[`SCALED_TOP`] to [`SCALED_TOP`] ([`scaled_signed`]).
    Signed,
}

impl Range {
    /// The least and greatest value.
    fn low_high(self) -> (f32, f32) {
        match self {
            Range::Unit => (0.0, 1.0),
            Range::Count => (0.0, SCALED_TOP),
            Range::Signed => (-SCALED_TOP, SCALED_TOP),
        }
    }
}

/// `count / scale`, clamped to 0..[`SCALED_TOP`] (a pile of `usize::MAX` cards included).
fn scaled_count(count: f64, scale: f64) -> f32 {
    (count / scale).clamp(0.0, f64::from(SCALED_TOP)) as f32
}

/// `amount / scale`, clamped to -[`SCALED_TOP`]..[`SCALED_TOP`].
fn scaled_signed(amount: i32, scale: f64) -> f32 {
    let top = f64::from(SCALED_TOP);
    (f64::from(amount) / scale).clamp(-top, top) as f32
}

/// The ranges of a [`CARD`] block: present, types, colours, mana value, power, toughness,
/// the card's id.
const CARD_RANGES: [Range; CARD] = {
    let mut ranges = [Range::Unit; CARD];
    let numbers = 1 + TYPES.len() + COLOUR_NAMES.len();
    ranges[numbers] = Range::Count;
    ranges[numbers + 1] = Range::Signed;
    ranges[numbers + 2] = Range::Signed;
    ranges
};

/// The ranges of one seat's block in [`GLOBAL`]: life, poison, the mana pool, hand,
/// library, graveyard, exile.
const PLAYER_RANGES: [Range; PLAYER] = {
    let mut ranges = [Range::Count; PLAYER];
    ranges[0] = Range::Signed;
    ranges
};

/// The ranges of a [`SLOT`] after its card block: tapped, summoning sick, attacking,
/// blocking, power, toughness, damage, counters' power and toughness, named counters, a
/// token, owned by the viewer.
const SLOT_STATE_RANGES: [Range; SLOT - CARD] = {
    use Range::{Count, Signed, Unit};
    [Unit, Unit, Unit, Unit, Signed, Signed, Count, Signed, Signed, Count, Unit, Unit]
};

/// The least and greatest value of each float of an observation (`low`, `high`, each of
/// [`WAGIC_OBSERVATION_SIZE`]): `wagic.observation_bounds()`. Every observation
/// [`encode`] writes lies within them.
pub fn bounds() -> (Vec<f32>, Vec<f32>) {
    let mut ranges = Vec::with_capacity(WAGIC_OBSERVATION_SIZE);
    // The global block: the turn, then flags up to the seats' blocks, then three counts.
    ranges.push(Range::Count);
    ranges.resize(GLOBAL - 2 * PLAYER - 3, Range::Unit);
    for _ in 0..2 {
        ranges.extend(PLAYER_RANGES);
    }
    ranges.extend([Range::Count; 3]);
    for _ in 0..HAND_SLOTS {
        ranges.extend(CARD_RANGES);
    }
    for _ in 0..2 * SIDE_SLOTS {
        ranges.extend(CARD_RANGES);
        ranges.extend(SLOT_STATE_RANGES);
    }
    for _ in 0..STACK_SLOTS {
        ranges.extend([Range::Unit, Range::Unit, Range::Unit, Range::Count]);
        ranges.extend(CARD_RANGES);
    }
    ranges.extend(CARD_RANGES);
    ranges.push(Range::Unit);
    for _ in 0..WAGIC_ACTION_SPACE {
        ranges.resize(ranges.len() + 1 + OptionKind::ALL.len() + 6, Range::Unit);
        ranges.extend(CARD_RANGES);
        ranges.push(Range::Count);
    }
    ranges.into_iter().map(Range::low_high).unzip()
}

/// The named blocks of the layout (name, offset, size), as the Python package lists them.
pub const WAGIC_LAYOUT: [(&str, usize, usize); 6] = [
    ("global", 0, GLOBAL),
    ("hand", HAND_OFFSET, HAND_SLOTS * CARD),
    ("battlefield", BATTLEFIELD_OFFSET, 2 * SIDE_SLOTS * SLOT),
    ("stack", STACK_OFFSET, STACK_SLOTS * STACK_ENTRY),
    ("question_header", HEADER_OFFSET, QUESTION_HEADER),
    ("options", OPTIONS_OFFSET, WAGIC_ACTION_SPACE * OPTION),
];

/// The card block of every compiled card, by name, computed once per `WagicCards`.
#[derive(Debug, Default)]
pub struct CardFeatures(HashMap<String, [f32; CARD]>);

impl CardFeatures {
    /// The blocks of `names` (sorted: a card's place among them is its id) of `library`.
    pub fn new(library: &Library, names: &[String]) -> CardFeatures {
        let count = names.len().max(1) as f32;
        let blocks = names
            .iter()
            .enumerate()
            .filter_map(|(place, name)| {
                let printed = library.printed.get(name)?;
                let mut block = [0.0; CARD];
                block[0] = 1.0;
                mark_types(&mut block, &printed.types);
                for (at, colour) in COLOUR_NAMES.iter().enumerate() {
                    block[1 + TYPES.len() + at] = f32::from(u8::from(printed.colours.contains(colour)));
                }
                let numbers = 1 + TYPES.len() + COLOUR_NAMES.len();
                block[numbers] = scaled_count(f64::from(printed.mana_value), 10.0);
                block[numbers + 1] = scaled_signed(printed.power, 10.0);
                block[numbers + 2] = scaled_signed(printed.toughness, 10.0);
                block[numbers + 3] = (place as f32 + 1.0) / count;
                Some((name.clone(), block))
            })
            .collect();
        CardFeatures(blocks)
    }

    /// Writes the block of the card named `name` to `out` (zeros for a name no card has).
    fn write(&self, name: &str, out: &mut [f32]) {
        match self.0.get(name) {
            Some(block) => out.copy_from_slice(block),
            None => out.fill(0.0),
        }
    }

    /// Writes a permanent's card block: its card's, or for a token or a face-down creature
    /// its types and power and toughness now (and a face-down card's id, when the viewer
    /// may look at it).
    fn write_permanent(&self, permanent: &Permanent, out: &mut [f32]) {
        if self.0.contains_key(&permanent.name) {
            return self.write(&permanent.name, out);
        }
        out.fill(0.0);
        out[0] = 1.0;
        mark_types(out, &permanent.types);
        let numbers = 1 + TYPES.len() + COLOUR_NAMES.len();
        if let Some((power, toughness)) = permanent.power_toughness {
            out[numbers + 1] = scaled_signed(power, 10.0);
            out[numbers + 2] = scaled_signed(toughness, 10.0);
        }
        if let Some(block) = permanent.face_down_card.as_ref().and_then(|card| self.0.get(card)) {
            out[numbers + 3] = block[numbers + 3];
        }
    }
}

/// Sets a card block's type flags for `types`.
fn mark_types(block: &mut [f32], types: &[String]) {
    for (at, kind) in TYPES.iter().enumerate() {
        if types.iter().any(|word| word == kind) {
            block[1 + at] = 1.0;
        }
    }
}

/// How the game stands for the viewer, beside its view: whose question waits, and the end.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    /// The seat whose question waits, `None` once over.
    pub to_move: Option<usize>,
    /// The game is over.
    pub over: bool,
    /// The winning seat, once won.
    pub winner: Option<usize>,
}

/// The battlefield's permanents (indices in `view.battlefield`) shown in slots: those the
/// viewer controls, then the others.
fn sides(view: &SeatView) -> [Vec<usize>; 2] {
    let mine = |permanent: &Permanent| permanent.controller == view.seat;
    let of = |wanted: bool| -> Vec<usize> {
        view.battlefield.iter().enumerate().filter(|(_, p)| mine(p) == wanted).map(|(at, _)| at).collect()
    };
    [of(true), of(false)]
}

/// Writes the observation of `view`'s seat into `out` (of [`WAGIC_OBSERVATION_SIZE`]), the
/// question `question` when the viewer answers it.
pub fn encode(
    view: &SeatView,
    question: Option<&Question>,
    standing: Standing,
    features: &CardFeatures,
    out: &mut [f32],
) {
    let Some(out) = out.get_mut(..WAGIC_OBSERVATION_SIZE) else { return };
    out.fill(0.0);
    let me = view.seat;
    let sides = sides(view);
    let question = question.filter(|_| standing.to_move == Some(me));

    // The global block.
    let global = &mut out[..GLOBAL];
    global[0] = scaled_count(f64::from(view.turn), 100.0);
    let mut at = 1;
    if let Some(phase) = PHASES.iter().position(|(phase, _)| *phase == view.phase) {
        global[at + phase] = 1.0;
    }
    at += PHASES.len();
    global[at] = f32::from(u8::from(view.active == me));
    global[at + 1] = f32::from(u8::from(standing.to_move == Some(me)));
    at += 2;
    if let Some(question) = question {
        global[at + question.kind.index()] = 1.0;
    }
    at += QuestionKind::ALL.len();
    global[at] = f32::from(u8::from(standing.over));
    global[at + 1] = f32::from(u8::from(standing.winner == Some(me)));
    global[at + 2] = f32::from(u8::from(standing.winner.is_some_and(|winner| winner != me)));
    at += 3;
    for seat in [me, 1 - me.min(1)] {
        let (Some(player), Some(graveyard), Some(exile)) =
            (view.players.get(seat), view.graveyards.get(seat), view.exile.get(seat))
        else {
            continue;
        };
        let block = &mut global[at..at + PLAYER];
        block[0] = scaled_signed(player.life, 20.0);
        block[1] = scaled_count(f64::from(player.poison), 10.0);
        for (mana, amount) in player.mana.iter().enumerate() {
            block[2 + mana] = scaled_count(f64::from(*amount), 10.0);
        }
        block[8] = scaled_count(player.hand as f64, 10.0);
        block[9] = scaled_count(player.library as f64, 60.0);
        block[10] = scaled_count(graveyard.len() as f64, 60.0);
        block[11] = scaled_count(exile.len() as f64, 60.0);
        at += PLAYER;
    }
    global[at] = scaled_count(sides[0].len() as f64, SIDE_SLOTS as f64);
    global[at + 1] = scaled_count(sides[1].len() as f64, SIDE_SLOTS as f64);
    global[at + 2] = scaled_count(view.stack.len() as f64, STACK_SLOTS as f64);

    // The hand.
    for (slot, name) in view.hand.iter().take(HAND_SLOTS).enumerate() {
        let start = HAND_OFFSET + slot * CARD;
        features.write(name, &mut out[start..start + CARD]);
    }

    // The battlefield.
    for (side, permanents) in sides.iter().enumerate() {
        for (slot, index) in permanents.iter().take(SIDE_SLOTS).enumerate() {
            let Some(permanent) = view.battlefield.get(*index) else { continue };
            let start = BATTLEFIELD_OFFSET + (side * SIDE_SLOTS + slot) * SLOT;
            let block = &mut out[start..start + SLOT];
            features.write_permanent(permanent, &mut block[..CARD]);
            let state = &mut block[CARD..];
            state[0] = f32::from(u8::from(permanent.tapped));
            state[1] = f32::from(u8::from(permanent.summoning_sick));
            state[2] = f32::from(u8::from(permanent.attacking));
            state[3] = f32::from(u8::from(permanent.blocking.is_some()));
            if let Some((power, toughness)) = permanent.power_toughness {
                state[4] = scaled_signed(power, 10.0);
                state[5] = scaled_signed(toughness, 10.0);
            }
            state[6] = scaled_count(f64::from(permanent.damage), 10.0);
            state[7] = scaled_signed(permanent.counters.0, 10.0);
            state[8] = scaled_signed(permanent.counters.1, 10.0);
            let named: f64 = permanent.named_counters.iter().map(|(_, count)| f64::from(*count)).sum();
            state[9] = scaled_count(named, 10.0);
            state[10] = f32::from(u8::from(permanent.token));
            state[11] = f32::from(u8::from(permanent.owner == me));
        }
    }

    // The stack, top first.
    for (slot, entry) in view.stack.iter().rev().take(STACK_SLOTS).enumerate() {
        let start = STACK_OFFSET + slot * STACK_ENTRY;
        let block = &mut out[start..start + STACK_ENTRY];
        block[0] = 1.0;
        block[1] = f32::from(u8::from(entry.controller == me));
        block[2] = f32::from(u8::from(entry.ability));
        block[3] = scaled_count(entry.targets.len() as f64, 4.0);
        features.write(&entry.card, &mut block[4..]);
    }

    // The question.
    let Some(question) = question else { return };
    if let Some(about) = question.about {
        let header = &mut out[HEADER_OFFSET..HEADER_OFFSET + QUESTION_HEADER];
        let (_, mine) = write_card_at(view, &sides, about, features, &mut header[..CARD]);
        header[CARD] = f32::from(u8::from(mine));
    }
    for (index, kind) in question.kinds.iter().enumerate().take(WAGIC_ACTION_SPACE) {
        let start = OPTIONS_OFFSET + index * OPTION;
        let block = &mut out[start..start + OPTION];
        block[0] = 1.0;
        block[1 + kind.index()] = 1.0;
        let zone = 1 + OptionKind::ALL.len();
        if let OptionKind::Player { mine: true } = kind {
            block[zone + 1] = 1.0;
        }
        let Some(card) = question.cards.get(index).copied().flatten() else { continue };
        let (place, _) = write_card_at(view, &sides, card, features, &mut block[zone + 6..zone + 6 + CARD]);
        let (flag, slot) = match card {
            CardAt::Hand(at) => (0, Some(at)),
            CardAt::Battlefield(_) => match place {
                Some((side, slot)) => (1 + side, Some(slot)),
                None => (1, None),
            },
            CardAt::Graveyard { .. } => (3, None),
            CardAt::Exile { .. } => (4, None),
            CardAt::Stack(_) => (5, None),
        };
        block[zone + flag] = 1.0;
        if let Some(slot) = slot {
            block[zone + 6 + CARD] = scaled_count(slot as f64, 64.0);
        }
    }
}

/// Writes the card block of the card at `card` in `view`; its battlefield side and slot
/// (when it is on the battlefield), and whether it is on the viewer's side (its hand, or
/// controlled).
fn write_card_at(
    view: &SeatView,
    sides: &[Vec<usize>; 2],
    card: CardAt,
    features: &CardFeatures,
    out: &mut [f32],
) -> (Option<(usize, usize)>, bool) {
    match card {
        CardAt::Hand(at) => {
            if let Some(name) = view.hand.get(at) {
                features.write(name, out);
            }
            (None, true)
        }
        CardAt::Battlefield(at) => {
            let Some(permanent) = view.battlefield.get(at) else { return (None, false) };
            features.write_permanent(permanent, out);
            let place = sides
                .iter()
                .enumerate()
                .find_map(|(side, indices)| indices.iter().position(|index| *index == at).map(|slot| (side, slot)));
            (place, permanent.controller == view.seat)
        }
        CardAt::Graveyard { owner, index } | CardAt::Exile { owner, index } => {
            let piles = if matches!(card, CardAt::Graveyard { .. }) { &view.graveyards } else { &view.exile };
            if let Some(name) = piles.get(owner).and_then(|pile| pile.get(index)) {
                features.write(name, out);
            }
            (None, owner == view.seat)
        }
        CardAt::Stack(at) => {
            let Some(entry) = view.stack.get(at) else { return (None, false) };
            features.write(&entry.card, out);
            (None, entry.controller == view.seat)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_s_blocks_follow_one_another_to_the_observation_s_end() {
        let mut end = 0;
        for (_, offset, size) in WAGIC_LAYOUT {
            assert_eq!(offset, end);
            end += size;
        }
        assert_eq!(end, WAGIC_OBSERVATION_SIZE);
        assert_eq!((GLOBAL, CARD, SLOT, OPTION, WAGIC_OBSERVATION_SIZE), (52, 18, 30, 48, 4959));
    }

    /// A view with every number far past its scale: life and power at the ends of an
    /// `i32`, piles of a million cards, a hundred permanents a side.
    fn extreme_view(extreme: i32) -> SeatView {
        use ::wagic::play::{PlayerState, StackEntry};
        let huge = 1_000_000;
        let player = PlayerState { life: extreme, poison: i32::MAX, mana: [i32::MAX; 6], hand: huge, library: huge };
        let permanent = |controller: usize, name: &str| Permanent {
            name: name.into(),
            face_down_card: None,
            types: vec!["creature".into()],
            owner: controller,
            controller,
            tapped: true,
            power_toughness: Some((extreme, extreme.saturating_neg())),
            damage: i32::MAX,
            counters: (extreme, extreme),
            named_counters: vec![("charge".into(), i32::MAX), ("time".into(), i32::MAX)],
            summoning_sick: true,
            attacking: true,
            blocking: Some(0),
            token: name != "Huge",
        };
        let names = vec!["Huge".to_string(); 100];
        SeatView {
            seat: 0,
            turn: u32::MAX,
            phase: PHASES[3].0,
            active: 0,
            players: [player; 2],
            hand: names.clone(),
            battlefield: (0..200).map(|at| permanent(at % 2, if at % 3 == 0 { "Huge" } else { "A Token" })).collect(),
            graveyards: [names.clone(), names.clone()],
            exile: [names.clone(), names],
            stack: (0..10)
                .map(|_| StackEntry {
                    name: "Huge".into(),
                    card: "Huge".into(),
                    controller: 0,
                    ability: false,
                    targets: vec!["p1".into(); 1000],
                })
                .collect(),
        }
    }

    #[test]
    fn every_float_stays_within_its_bounds_however_large_the_numbers() {
        let cards = "[card]\nname=Huge\nmana={99}\ntype=Legendary Creature\npower=999\ntoughness=-999\n[/card]\n";
        let library = Library::compile(&[("cards.txt", cards.to_string())]).expect("the card compiles");
        let features = CardFeatures::new(&library, &["Huge".to_string()]);
        let (low, high) = bounds();
        assert_eq!((low.len(), high.len()), (WAGIC_OBSERVATION_SIZE, WAGIC_OBSERVATION_SIZE));
        let kinds = [OptionKind::Cast, OptionKind::Player { mine: true }];
        let question = Question {
            kind: QuestionKind::Priority,
            prompt: "cast?".into(),
            options: vec!["cast Huge".into(); WAGIC_ACTION_SPACE],
            cards: (0..WAGIC_ACTION_SPACE).map(|at| Some(CardAt::Hand(at + 90))).collect(),
            about: Some(CardAt::Battlefield(199)),
            kinds: (0..WAGIC_ACTION_SPACE).map(|at| kinds[at % 2]).collect(),
        };
        let standing = Standing { to_move: Some(0), over: false, winner: None };
        for extreme in [i32::MIN, i32::MAX] {
            let mut out = vec![f32::NAN; WAGIC_OBSERVATION_SIZE];
            encode(&extreme_view(extreme), Some(&question), standing, &features, &mut out);
            let outside: Vec<(usize, f32)> = (out.iter().enumerate())
                .filter(|(at, value)| !(low[*at]..=high[*at]).contains(*value))
                .map(|(at, value)| (at, *value))
                .collect();
            assert!(outside.is_empty(), "floats outside their bounds (index, value): {outside:?}");
            // The clamps reach the bounds: life and the turn read as their tops.
            let life = GLOBAL - 2 * PLAYER - 3;
            assert_eq!((out[0], out[life]), (SCALED_TOP, SCALED_TOP.copysign(extreme as f32)));
        }
        assert!(low.iter().zip(&high).all(|(low, high)| low.is_finite() && high.is_finite() && low < high));
    }
}
