//! The observation tensor: what one player may see of a game ([`game::Game::view`]'s
//! data), as a fixed-size `f32` vector for learning agents.
//!
//! It reads the board directly (a [`game::PlayerView`] would allocate each card's name), but
//! only the fields the view shows: everything public, the viewer's own hand, the sizes
//! (not the order or contents) of both decks and of the opponent's hand, and a question's
//! header (the asking card, when the viewer may see it) and candidates when the viewer
//! answers it. Of the removed piles, which are public, it shows the viewer's cards (what
//! `PlayRemoved` plays) and only the size of the opponent's. The Python test
//! `test_hidden_information.py` checks that a re-deal of what the viewer cannot see leaves
//! it unchanged.
//!
//! # Layout (`OBSERVATION_SIZE` floats)
//!
//! | offset | size | what |
//! |---|---|---|
//! | 0 | 16 | [`GLOBAL`]: turn / 200, viewer is active, viewer to move, phase one-hot (7, turn order), viewer answers a question, picks so far / 64, game over, viewer won, viewer lost, draw |
//! | 16 | 78 | [`PLAYER`] block of the viewer |
//! | 94 | 78 | [`PLAYER`] block of the opponent |
//! | 172 | 800 | the viewer's hand: 100 positions (as the action space numbers them) × a [`CARD`] block |
//! | 972 | 800 | the viewer's removed pile: 100 positions (as `PlayRemoved { pos, .. }` numbers them) × a [`CARD`] block |
//! | 1772 | 20 | [`QUESTION_HEADER`] of the question the viewer answers |
//! | 1792 | 1024 | the question: 64 candidates (as `Pick(i)` numbers them) × [`CANDIDATE`] |
//!
//! - [`CARD`] (8): present, character, action, reaction, printed BP / 1000, printed SP / 10,
//!   ability (▲ 1/3, ■ 2/3, ● 1), (card number in the set + 1) / cards in the set.
//! - [`PLAYER`] (78): HP / 3000, SP / 10, hand size / 10, deck size / 50, discards / 50,
//!   removed / 50, the top discard's [`CARD`] block, then 4 ring slots × [`SLOT`].
//! - [`SLOT`] (16): the character's [`CARD`] block, BP / 1000, just entered, frozen, attack
//!   leader, joiner, in the United Attack, (slot of the attacker it blocks + 1) / 4,
//!   back-ups / 4.
//! - [`QUESTION_HEADER`] (20), zeros unless the viewer answers a question: the asking
//!   card's [`CARD`] block (zeros when the viewer may not see it: in a deck or the
//!   opponent's hand), the asker is the viewer's (controlled; 0 when hidden), fewest picks /
//!   64, most picks / 64 (both at most 1), the kind one-hot (9, as
//!   [`game::query::QUESTION_KINDS`] orders them: targets, type, zone, action, may, confirm,
//!   command, cost, function).
//! - [`CANDIDATE`] (16): present, picked, is a card, a player, a number, yes/no, value (the
//!   number / 10, yes 1, the viewer 1), the viewer's own (card controlled or player), the
//!   card's [`CARD`] block.
//!
//! The removed pile has a block whether or not the rule switch `play_removed` is on (the
//! mask says when `PlayRemoved` is legal): its cards are public, and a policy may weigh
//! what a permission to play them would be worth. The opponent's removed pile has none:
//! the viewer never plays from it, its size is in the opponent's [`PLAYER`] block (its
//! cards in `Game::view`), and a block of its own would add another 800 floats (40% of
//! the observation) that are zeros in nearly every decision.

use game::moves::MAX_PICKS;
use game::query::{QUESTION_KINDS, kind_index};
use game::state::{GameState, Phase, RING_SLOTS, Role};
use game::{AbilityType, CardKind, CardRef, CardSet, Choice, Game, Seat};

/// Floats of a card block.
pub const CARD: usize = 8;
/// Floats of the global block.
pub const GLOBAL: usize = 16;
/// Floats of one ring slot.
pub const SLOT: usize = CARD + 8;
/// Floats of one player's block.
pub const PLAYER: usize = 6 + CARD + RING_SLOTS * SLOT;
/// Hand positions shown (every position the action space numbers), and removed-pile
/// positions.
pub const HAND: usize = game::moves::MAX_HAND;
/// Floats of one question candidate.
pub const CANDIDATE: usize = 8 + CARD;
/// Floats of the question's header: the asker's card block, whose it is, fewest and most
/// picks, the kind one-hot.
pub const QUESTION_HEADER: usize = CARD + 3 + QUESTION_KINDS.len();
/// Where the viewer's hand starts.
pub const HAND_OFFSET: usize = GLOBAL + 2 * PLAYER;
/// Where the viewer's removed pile starts.
pub const REMOVED_OFFSET: usize = HAND_OFFSET + HAND * CARD;
/// Where the question's header starts.
pub const HEADER_OFFSET: usize = REMOVED_OFFSET + HAND * CARD;
/// Where the question's candidates start.
pub const QUESTION_OFFSET: usize = HEADER_OFFSET + QUESTION_HEADER;
/// The length of an observation.
pub const OBSERVATION_SIZE: usize = QUESTION_OFFSET + MAX_PICKS * CANDIDATE;

/// The named blocks of the layout (name, offset, size), as the Python package lists them.
pub const LAYOUT: [(&str, usize, usize); 7] = [
    ("global", 0, GLOBAL),
    ("me", GLOBAL, PLAYER),
    ("opponent", GLOBAL + PLAYER, PLAYER),
    ("hand", HAND_OFFSET, HAND * CARD),
    ("removed", REMOVED_OFFSET, HAND * CARD),
    ("question_header", HEADER_OFFSET, QUESTION_HEADER),
    ("question", QUESTION_OFFSET, MAX_PICKS * CANDIDATE),
];

/// The card block of every printed card of a set, computed once per set.
#[derive(Debug, Clone)]
pub struct CardFeatures(Vec<[f32; CARD]>);

impl CardFeatures {
    /// The blocks of `set`'s cards.
    pub fn new(set: &CardSet) -> CardFeatures {
        let cards = set.cards().len().max(1) as f32;
        CardFeatures(
            set.cards()
                .iter()
                .enumerate()
                .map(|(def, printed)| {
                    let mut block = [0.0; CARD];
                    block[0] = 1.0;
                    match printed.kind {
                        CardKind::Character => block[1] = 1.0,
                        CardKind::Action => block[2] = 1.0,
                        CardKind::Reaction => block[3] = 1.0,
                    }
                    block[4] = printed.bp as f32 / 1000.0;
                    block[5] = printed.sp as f32 / 10.0;
                    block[6] = match printed.ability {
                        None => 0.0,
                        Some(AbilityType::Instant) => 1.0 / 3.0,
                        Some(AbilityType::Triggered) => 2.0 / 3.0,
                        Some(AbilityType::Auto) => 1.0,
                    };
                    block[7] = (def as f32 + 1.0) / cards;
                    block
                })
                .collect(),
        )
    }

    /// The block of card instance `card` (what is printed on the card it is now); `None` for
    /// a card the board does not hold or a printed card not in the set, whose block is
    /// zeros. (Blocks are lent, not copied out: a `VecGame` pays this about fifteen times a
    /// decision.)
    fn of(&self, state: &GameState, card: CardRef) -> Option<&[f32; CARD]> {
        self.0.get(state.card(card)?.def)
    }
}

/// Writes card block `printed` ([`CardFeatures::of`]) to `block`, zeros for `None`. (Zeros
/// on a branch of their own rather than copied from a zero block: LLVM then keeps the
/// hand's loop to the look-up and the copy, 16 instructions a card rather than 19.)
fn write_card(block: &mut [f32], printed: Option<&[f32; CARD]>) {
    match printed {
        Some(printed) => block.copy_from_slice(printed),
        None => block.fill(0.0),
    }
}

// A phase's one-hot position is its discriminant (no search of `Phase::ALL`): both follow
// the turn order.
const _: () = {
    let mut i = 0;
    while i < Phase::ALL.len() {
        assert!(Phase::ALL[i] as usize == i);
        i += 1;
    }
};

/// What an earlier [`encode`] left in a buffer besides the blocks always written: ring
/// slots, hand and removed-pile positions and the question written, so the next encode
/// clears only those rather than the whole buffer (most of it is the 100 hand positions,
/// 100 removed-pile positions and 64 candidates, nearly all empty). Leaving an empty ring
/// slot's block alone when it was empty before too spares touching its cache line: a
/// `VecGame` of 256 games writes its rows from far beyond the core's cache (BENCHMARKS.md,
/// the Python package).
///
/// Five bytes, so that a `VecGame` keeps it in the one cache line of each game that a
/// step reads twice (`vec_game.rs`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Written {
    /// Bit `block * RING_SLOTS + slot`: that ring slot's block of player block `block`
    /// (0 the viewer's, 1 the opponent's) may hold non-zero values.
    ring: u8,
    /// Hand positions that may hold non-zero values (at most [`HAND`]).
    hand: u8,
    /// Removed-pile positions that may hold non-zero values (at most [`HAND`]).
    removed: u8,
    /// Question candidates that may hold non-zero values (at most [`MAX_PICKS`]).
    question: u8,
    /// The question's header may hold non-zero values.
    header: bool,
}

// `Written::ring` has a bit for each ring slot of both player blocks, and a `u8` counts
// every hand and removed-pile position and every candidate.
const _: () = assert!(2 * RING_SLOTS <= u8::BITS as usize && HAND <= u8::MAX as usize && MAX_PICKS <= u8::MAX as usize);

impl Written {
    /// A buffer of unknown contents: everything is cleared.
    pub const UNKNOWN: Written =
        Written { ring: u8::MAX, hand: HAND as u8, removed: HAND as u8, question: MAX_PICKS as u8, header: true };
}

/// Writes what `viewer` (0 or 1) sees of `game` into `out` (of [`OBSERVATION_SIZE`]);
/// `written` says what an earlier call left in `out` ([`Written::default`] for zeros,
/// [`Written::UNKNOWN`] for anything) and is updated.
pub fn encode(game: &Game, viewer: Seat, features: &CardFeatures, out: &mut [f32], written: &mut Written) {
    let Some(out) = out.get_mut(..OBSERVATION_SIZE) else { return };
    out[..GLOBAL].fill(0.0);
    let me = viewer;
    let state = game.state();
    let to_move = Seat::of(game.to_move());
    let over = state.outcome.is_some();
    let question = game.pending().filter(|_| to_move == me && !over);

    let global = &mut out[..GLOBAL];
    global[0] = state.turn as f32 / 200.0;
    global[1] = flag(state.active == me);
    global[2] = flag(to_move == me && !over);
    global[3 + state.phase as usize] = 1.0;
    global[10] = flag(question.is_some());
    if question.is_some() {
        global[11] = state.picks.len() as f32 / MAX_PICKS as f32;
    }
    if let Some(outcome) = &state.outcome {
        global[12] = 1.0;
        match outcome.winner {
            Some(w) if w == me => global[13] = 1.0,
            Some(_) => global[14] = 1.0,
            None => global[15] = 1.0,
        }
    }
    let mut ring = written.ring;
    encode_player(state, features, me, &mut out[GLOBAL..GLOBAL + PLAYER], 0, &mut ring);
    encode_player(state, features, me.other(), &mut out[GLOBAL + PLAYER..GLOBAL + 2 * PLAYER], 1, &mut ring);
    written.ring = ring;

    let viewer = state.player(me);
    encode_pile(state, features, &viewer.hand, &mut out[HAND_OFFSET..REMOVED_OFFSET], &mut written.hand);
    // Nearly always empty, and empty at the last write too: one test then.
    if viewer.removed.len() | usize::from(written.removed) != 0 {
        encode_pile(state, features, &viewer.removed, &mut out[REMOVED_OFFSET..HEADER_OFFSET], &mut written.removed);
    }

    // Only while a question is pending, and cleared once after: most decisions answer none.
    if let Some(exec) = question {
        encode_header(game, exec, me, features, &mut out[HEADER_OFFSET..QUESTION_OFFSET]);
        written.header = true;
    } else if written.header {
        out[HEADER_OFFSET..QUESTION_OFFSET].fill(0.0);
        written.header = false;
    }

    let candidates = question.map_or(&[][..], |exec| exec.candidates());
    let asked = candidates.len().min(MAX_PICKS);
    let question_blocks = &mut out[QUESTION_OFFSET..];
    for (i, &value) in candidates.iter().take(asked).enumerate() {
        let block = &mut question_blocks[i * CANDIDATE..(i + 1) * CANDIDATE];
        block.fill(0.0);
        block[0] = 1.0;
        block[1] = flag(state.picks.contains(&(i as u16)));
        match Choice::of(value) {
            Some(Choice::Card(card)) => {
                block[2] = 1.0;
                block[7] = flag(state.card(card).is_some_and(|c| c.controller == me));
                write_card(&mut block[8..], features.of(state, card));
            }
            Some(Choice::Player(p)) => {
                block[3] = 1.0;
                block[6] = flag(p == me);
                block[7] = flag(p == me);
            }
            Some(Choice::Int(n)) => {
                block[4] = 1.0;
                block[6] = n as f32 / 10.0;
            }
            Some(Choice::Bool(b)) => {
                block[5] = 1.0;
                block[6] = flag(b);
            }
            None => {}
        }
    }
    let stale = usize::from(written.question);
    if stale > asked {
        question_blocks[asked * CANDIDATE..stale.min(MAX_PICKS) * CANDIDATE].fill(0.0);
    }
    written.question = asked as u8;
}

/// The [`CARD`] blocks of `cards` (a hand or a removed pile, as the action space numbers
/// its positions) into `blocks` ([`HAND`] of them); `written` has the positions an earlier
/// call wrote, zeroed now past the pile's end, and is updated.
fn encode_pile(state: &GameState, features: &CardFeatures, cards: &[CardRef], blocks: &mut [f32], written: &mut u8) {
    let shown = cards.len().min(HAND);
    for (block, &card) in blocks.chunks_exact_mut(CARD).zip(cards) {
        write_card(block, features.of(state, card));
    }
    let stale = usize::from(*written);
    if stale > shown {
        blocks[shown * CARD..stale.min(HAND) * CARD].fill(0.0);
    }
    *written = shown as u8;
}

/// The [`QUESTION_HEADER`] of `exec`'s question, which `me` answers, into `out`. Out of
/// line: few decisions answer a question.
#[inline(never)]
fn encode_header(game: &Game, exec: &vm::runtime::Execution, me: Seat, features: &CardFeatures, out: &mut [f32]) {
    let state = game.state();
    let request = exec.request();
    let asker = CardRef::of(exec.env().source);
    let seen = game.seen_by(asker, me);
    out.fill(0.0);
    write_card(&mut out[..CARD], if seen { features.of(state, asker) } else { None });
    out[CARD] = flag(seen && state.card(asker).is_some_and(|c| c.controller == me));
    out[CARD + 1] = usize::from(request.min).min(MAX_PICKS) as f32 / MAX_PICKS as f32;
    out[CARD + 2] = usize::from(request.max).min(MAX_PICKS) as f32 / MAX_PICKS as f32;
    out[CARD + 3 + kind_index(request.kind)] = 1.0;
}

const fn flag(b: bool) -> f32 {
    if b { 1.0 } else { 0.0 }
}

/// A side's block, as player block `block_index`; `ring` has [`Written::ring`]'s bits of the
/// ring slots written before, and is updated. Inlined at both calls: left to itself, LLVM
/// kept one copy in a loop over the two sides and called the back-ups' `Deref` out of line
/// (677 instructions a `VecGame` decision against 602).
#[inline(always)]
fn encode_player(
    state: &GameState,
    features: &CardFeatures,
    player: Seat,
    out: &mut [f32],
    block_index: usize,
    ring: &mut u8,
) {
    let p = state.player(player);
    out[0] = p.hp as f32 / game::state::START_HP as f32;
    out[1] = p.sp as f32 / 10.0;
    out[2] = p.hand.len() as f32 / 10.0;
    out[3] = p.deck.len() as f32 / 50.0;
    out[4] = p.discards.len() as f32 / 50.0;
    out[5] = p.removed.len() as f32 / 50.0;
    write_card(&mut out[6..6 + CARD], p.discards.first().and_then(|&top| features.of(state, top)));
    let mut written = *ring;
    for (slot, card) in p.ring.iter().enumerate() {
        let start = 6 + CARD + slot * SLOT;
        let block = &mut out[start..start + SLOT];
        let bit = 1u8 << (block_index * RING_SLOTS + slot);
        let Some(c) = card.and_then(|card| state.card(card)) else {
            if written & bit != 0 {
                block.fill(0.0);
                written &= !bit;
            }
            continue;
        };
        // Every float of the block is written below.
        written |= bit;
        // (Here a copy from a zero block when the printed card is unknown: through
        // `write_card`'s branch LLVM kept 13 instructions a decision more.)
        block[..CARD].copy_from_slice(features.0.get(c.def).unwrap_or(&[0.0; CARD]));
        let role = match c.role {
            Role::None => 0,
            Role::Leader => 1,
            Role::Joiner => 2,
        };
        let backups = c.backups.into_iter().len();
        let index =
            usize::from(c.fresh) | usize::from(c.frozen) << 1 | usize::from(c.united) << 2 | backups << 3 | role << 5;
        match MARKERS.get(index) {
            // Back-ups are at most the game's MAX_BACKUPS (3), which LLVM sees through
            // `into_iter`, so it leaves only the copy; more would take the other arm.
            Some(floats) if backups <= TABLED_BACKUPS => block[CARD..].copy_from_slice(floats),
            _ => block[CARD..].copy_from_slice(&markers(c.fresh, c.frozen, c.united, backups, role)),
        }
        // The BP over the markers' place-holder.
        block[CARD] = c.bp as f32 / 1000.0;
        if let Some(attacker) = c.blocking {
            block[CARD + 6] = blocked_slot(state, attacker);
        }
    }
    *ring = written;
}

/// A ring character's floats after its card block, but its BP and the slot it blocks (0 in
/// their places): just entered, frozen, attack leader (`role` 1), joiner (`role` 2), in the
/// United Attack, back-ups / 4.
const fn markers(fresh: bool, frozen: bool, united: bool, backups: usize, role: usize) -> [f32; SLOT - CARD] {
    [0.0, flag(fresh), flag(frozen), flag(role == 1), flag(role == 2), flag(united), 0.0, backups as f32 / 4.0]
}

/// The most back-ups [`MARKERS`] has rows for: two bits of its index (a character holds at
/// most 3).
const TABLED_BACKUPS: usize = 3;

/// [`markers`] of every character, at index `fresh | frozen << 1 | united << 2 | back-ups
/// << 3 | role << 5` (role 0 none, 1 leader, 2 joiner): one 32-byte copy a ring character
/// rather than six conversions and their branches. Few of its rows are in use (most
/// characters carry no marker), and a decision reads about four.
const MARKERS: [[f32; SLOT - CARD]; 3 << 5] = {
    let mut table = [[0.0; SLOT - CARD]; 3 << 5];
    let mut i = 0;
    while i < table.len() {
        table[i] = markers(i & 1 == 1, i >> 1 & 1 == 1, i >> 2 & 1 == 1, i >> 3 & 3, i >> 5);
        i += 1;
    }
    table
};

/// (The ring slot of `attacker` + 1) / 4, or 0 when it is not in a ring. Out of line: few
/// characters block, and inlined, its search of both rings was read ahead for every
/// ring slot of both player blocks (about 60 instructions a decision).
#[cold]
#[inline(never)]
fn blocked_slot(state: &GameState, attacker: CardRef) -> f32 {
    state.slot_of(attacker).map_or(0.0, |(_, s)| (f32::from(s) + 1.0) / 4.0)
}

/// The least and greatest value of each float of an observation of a game of `features`'s
/// set with `cards` cards in play (both decks) and turn limit `turn_limit`, as the layout
/// above computes them: exact for flags and for what the set and the decks fix (printed
/// values, card counts, the turn), the whole range of the engine's `i32` for what card
/// scripts may set to any number (HP, SP, a character's BP, a chosen number).
pub fn bounds(features: &CardFeatures, cards: usize, turn_limit: u32) -> (Vec<f32>, Vec<f32>) {
    let mut low = vec![0.0f32; OBSERVATION_SIZE];
    let mut high = vec![1.0f32; OBSERVATION_SIZE];
    // Any i32 divided by `scale`, as `encode` divides it.
    let any_i32 = |low: &mut [f32], high: &mut [f32], at: usize, scale: f32| {
        low[at] = i32::MIN as f32 / scale;
        high[at] = i32::MAX as f32 / scale;
    };
    let count = |high: &mut [f32], at: usize, scale: f32| high[at] = cards as f32 / scale;
    // A card block: zeros when absent, else one of the set's cards.
    let card = |low: &mut [f32], high: &mut [f32], at: usize| {
        for block in &features.0 {
            for (k, &value) in block.iter().enumerate() {
                low[at + k] = low[at + k].min(value);
                high[at + k] = high[at + k].max(value);
            }
        }
    };
    // The turn starts at 1 and the game ends when it reaches the limit.
    high[0] = turn_limit.max(1) as f32 / 200.0;
    for block in 0..2 {
        let start = GLOBAL + block * PLAYER;
        any_i32(&mut low, &mut high, start, game::state::START_HP as f32);
        any_i32(&mut low, &mut high, start + 1, 10.0);
        count(&mut high, start + 2, 10.0);
        for at in start + 3..start + 6 {
            count(&mut high, at, 50.0);
        }
        card(&mut low, &mut high, start + 6);
        for slot in 0..RING_SLOTS {
            let at = start + 6 + CARD + slot * SLOT;
            card(&mut low, &mut high, at);
            any_i32(&mut low, &mut high, at + CARD, 1000.0);
            count(&mut high, at + CARD + 7, 4.0);
        }
    }
    // The hand's and the removed pile's positions.
    for pos in 0..2 * HAND {
        card(&mut low, &mut high, HAND_OFFSET + pos * CARD);
    }
    card(&mut low, &mut high, HEADER_OFFSET);
    for i in 0..MAX_PICKS {
        let at = QUESTION_OFFSET + i * CANDIDATE;
        // The value: a number / 10, or 0 or 1 for yes/no and a player.
        any_i32(&mut low, &mut high, at + 6, 10.0);
        card(&mut low, &mut high, at + 8);
    }
    (low, high)
}
