//! The observation tensor: what one player may see of a game ([`game::Game::view`]'s
//! data), as a fixed-size `f32` vector for learning agents.
//!
//! It reads the board directly (a [`game::PlayerView`] would allocate each card's name), but
//! only the fields the view shows: everything public, the viewer's own hand, the sizes
//! (not the order or contents) of both decks and of the opponent's hand, and a question's
//! candidates when the viewer answers it. The Python test `test_hidden_information.py`
//! checks that a re-deal of what the viewer cannot see leaves it unchanged.
//!
//! # Layout (`OBSERVATION_SIZE` floats)
//!
//! | offset | size | what |
//! |---|---|---|
//! | 0 | 16 | [`GLOBAL`]: turn / 200, viewer is active, viewer to move, phase one-hot (7, turn order), viewer answers a question, picks so far / 64, game over, viewer won, viewer lost, draw |
//! | 16 | 78 | [`PLAYER`] block of the viewer |
//! | 94 | 78 | [`PLAYER`] block of the opponent |
//! | 172 | 800 | the viewer's hand: 100 positions (as the action space numbers them) × a [`CARD`] block |
//! | 972 | 1024 | the question: 64 candidates (as `Pick(i)` numbers them) × [`CANDIDATE`] |
//!
//! - [`CARD`] (8): present, character, action, reaction, printed BP / 1000, printed SP / 10,
//!   ability (▲ 1/3, ■ 2/3, ● 1), (card number in the set + 1) / cards in the set.
//! - [`PLAYER`] (78): HP / 3000, SP / 10, hand size / 10, deck size / 50, discards / 50,
//!   removed / 50, the top discard's [`CARD`] block, then 4 ring slots × [`SLOT`].
//! - [`SLOT`] (16): the character's [`CARD`] block, BP / 1000, just entered, frozen, attack
//!   leader, joiner, in the United Attack, (slot of the attacker it blocks + 1) / 4,
//!   back-ups / 4.
//! - [`CANDIDATE`] (16): present, picked, is a card, a player, a number, yes/no, value (the
//!   number / 10, yes 1, the viewer 1), the viewer's own (card controlled or player), the
//!   card's [`CARD`] block.

use game::moves::MAX_PICKS;
use game::state::{GameState, Phase, RING_SLOTS, Role};
use game::{AbilityType, CardKind, CardRef, Choice, DefIdx, Game};

/// Floats of a card block.
pub const CARD: usize = 8;
/// Floats of the global block.
pub const GLOBAL: usize = 16;
/// Floats of one ring slot.
pub const SLOT: usize = CARD + 8;
/// Floats of one player's block.
pub const PLAYER: usize = 6 + CARD + RING_SLOTS * SLOT;
/// Hand positions shown (every position the action space numbers).
pub const HAND: usize = game::moves::MAX_HAND;
/// Floats of one question candidate.
pub const CANDIDATE: usize = 8 + CARD;
/// Where the viewer's hand starts.
pub const HAND_OFFSET: usize = GLOBAL + 2 * PLAYER;
/// Where the question starts.
pub const QUESTION_OFFSET: usize = HAND_OFFSET + HAND * CARD;
/// The length of an observation.
pub const OBSERVATION_SIZE: usize = QUESTION_OFFSET + MAX_PICKS * CANDIDATE;

/// The named blocks of the layout (name, offset, size), as the Python package lists them.
pub const LAYOUT: [(&str, usize, usize); 5] = [
    ("global", 0, GLOBAL),
    ("me", GLOBAL, PLAYER),
    ("opponent", GLOBAL + PLAYER, PLAYER),
    ("hand", HAND_OFFSET, HAND * CARD),
    ("question", QUESTION_OFFSET, MAX_PICKS * CANDIDATE),
];

/// Writes what `viewer` (0 or 1) sees of `game` into `out` (of [`OBSERVATION_SIZE`]).
pub fn encode(game: &Game, viewer: u8, out: &mut [f32]) {
    out.fill(0.0);
    let Some(out) = out.get_mut(..OBSERVATION_SIZE) else { return };
    let me = viewer.min(1);
    let state = game.state();
    let to_move = game.to_move().0.min(1) as u8;
    let over = state.outcome.is_some();
    let question = game.pending().filter(|_| to_move == me && !over);

    let global = &mut out[..GLOBAL];
    global[0] = state.turn as f32 / 200.0;
    global[1] = flag(state.active == me);
    global[2] = flag(to_move == me && !over);
    let phase = Phase::ALL.iter().position(|&p| p == state.phase).unwrap_or(0);
    global[3 + phase] = 1.0;
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
    for (block, player) in [me, GameState::other(me)].into_iter().enumerate() {
        let start = GLOBAL + block * PLAYER;
        encode_player(state, player, &mut out[start..start + PLAYER]);
    }
    for (pos, &card) in state.player(me).hand.iter().take(HAND).enumerate() {
        let start = HAND_OFFSET + pos * CARD;
        encode_card(state, card, &mut out[start..start + CARD]);
    }
    if let Some(exec) = question {
        for (i, &value) in exec.candidates().iter().take(MAX_PICKS).enumerate() {
            let block = &mut out[QUESTION_OFFSET + i * CANDIDATE..QUESTION_OFFSET + (i + 1) * CANDIDATE];
            block[0] = 1.0;
            block[1] = flag(state.picks.contains(&(i as u16)));
            match Choice::of(value) {
                Some(Choice::Card(card)) => {
                    block[2] = 1.0;
                    block[7] = flag(state.card(card).is_some_and(|c| c.controller == me));
                    encode_card(state, card, &mut block[8..]);
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
    }
}

fn flag(b: bool) -> f32 {
    if b { 1.0 } else { 0.0 }
}

fn encode_player(state: &GameState, player: u8, out: &mut [f32]) {
    let p = state.player(player);
    out[0] = p.hp as f32 / game::state::START_HP as f32;
    out[1] = p.sp as f32 / 10.0;
    out[2] = p.hand.len() as f32 / 10.0;
    out[3] = p.deck.len() as f32 / 50.0;
    out[4] = p.discards.len() as f32 / 50.0;
    out[5] = p.removed.len() as f32 / 50.0;
    if let Some(&top) = p.discards.first() {
        encode_card(state, top, &mut out[6..6 + CARD]);
    }
    for (slot, card) in p.ring.iter().enumerate() {
        let (Some(card), start) = (*card, 6 + CARD + slot * SLOT) else { continue };
        let Some(c) = state.card(card) else { continue };
        let block = &mut out[start..start + SLOT];
        encode_card(state, card, &mut block[..CARD]);
        block[CARD] = c.bp as f32 / 1000.0;
        block[CARD + 1] = flag(c.fresh);
        block[CARD + 2] = flag(c.frozen);
        block[CARD + 3] = flag(c.role == Role::Leader);
        block[CARD + 4] = flag(c.role == Role::Joiner);
        block[CARD + 5] = flag(c.united);
        block[CARD + 6] = c.blocking.and_then(|a| state.slot_of(a)).map_or(0.0, |(_, s)| (f32::from(s) + 1.0) / 4.0);
        block[CARD + 7] = c.backups.len() as f32 / 4.0;
    }
}

/// A card block: what is printed on the card the instance is now.
fn encode_card(state: &GameState, card: CardRef, out: &mut [f32]) {
    let Some(c) = state.card(card) else { return };
    encode_def(state, c.def, out);
}

fn encode_def(state: &GameState, def: DefIdx, out: &mut [f32]) {
    let Some(printed) = state.def_at(def) else { return };
    out[0] = 1.0;
    match printed.kind {
        CardKind::Character => out[1] = 1.0,
        CardKind::Action => out[2] = 1.0,
        CardKind::Reaction => out[3] = 1.0,
    }
    out[4] = printed.bp as f32 / 1000.0;
    out[5] = printed.sp as f32 / 10.0;
    out[6] = match printed.ability {
        None => 0.0,
        Some(AbilityType::Instant) => 1.0 / 3.0,
        Some(AbilityType::Triggered) => 2.0 / 3.0,
        Some(AbilityType::Auto) => 1.0,
    };
    let cards = state.set.0.as_ref().map_or(1, |set| set.cards().len().max(1));
    out[7] = (def as f32 + 1.0) / cards as f32;
}
