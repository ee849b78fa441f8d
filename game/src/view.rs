//! [`PlayerView`]: what one player may see of a game — everything public, their own hand,
//! the sizes (not the order or contents) of both decks and of the opponent's hand.

use serde::{Deserialize, Serialize};

use crate::engine::Game;
use crate::moves::{Choice, Move};
use crate::state::{CardRef, Outcome, Phase, Role, Seat};

/// A card as a player sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenCard {
    /// The card instance.
    pub card: CardRef,
    /// Its printed number (`C013`), if any.
    pub number: Option<String>,
    /// Its name.
    pub name: String,
}

/// A character in a ring slot, with its public state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenCharacter {
    /// The card.
    pub card: SeenCard,
    /// Current BP.
    pub bp: i32,
    /// Just Entered.
    pub fresh: bool,
    /// Frozen.
    pub frozen: bool,
    /// Attack role.
    pub role: Role,
    /// In the United Attack.
    pub united: bool,
    /// The attacker it blocks.
    pub blocking: Option<CardRef>,
    /// Back-ups attached.
    pub backups: Vec<SeenCard>,
}

/// One side of the board as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenPlayer {
    /// HP.
    pub hp: i32,
    /// SP.
    pub sp: i32,
    /// The hand, when it is the viewer's own.
    pub hand: Option<Vec<SeenCard>>,
    /// Cards in hand.
    pub hand_size: usize,
    /// Cards in the deck (its order is hidden from both players).
    pub deck_size: usize,
    /// The discard pile, top first.
    pub discards: Vec<SeenCard>,
    /// Removed cards.
    pub removed: Vec<SeenCard>,
    /// Ring slots s0..s3.
    pub ring: Vec<Option<SeenCharacter>>,
}

/// What one player may see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The viewer.
    pub me: Seat,
    /// Turn number.
    pub turn: u32,
    /// Whose turn.
    pub active: Seat,
    /// The phase.
    pub phase: Phase,
    /// Who must move.
    pub to_move: Seat,
    /// Both players, the viewer's own side at index `me`.
    pub players: [SeenPlayer; 2],
    /// The candidates of a question the viewer must answer.
    pub question: Option<Vec<Choice>>,
    /// The viewer's legal moves (empty when it is not their move).
    pub legal_moves: Vec<Move>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl Game {
    fn seen(&self, card: CardRef) -> SeenCard {
        let def = self.state.def(card);
        SeenCard { card, number: def.and_then(|d| d.number.clone()), name: self.state.name(card) }
    }

    fn seen_player(&self, player: Seat, viewer: Seat) -> SeenPlayer {
        let p = self.state.player(player);
        let ring = p
            .ring
            .iter()
            .map(|slot| {
                let card = (*slot)?;
                let c = self.state.card(card)?;
                Some(SeenCharacter {
                    card: self.seen(card),
                    bp: c.bp,
                    fresh: c.fresh,
                    frozen: c.frozen,
                    role: c.role,
                    united: c.united,
                    blocking: c.blocking,
                    backups: c.backups.iter().map(|&b| self.seen(b)).collect(),
                })
            })
            .collect();
        SeenPlayer {
            hp: p.hp,
            sp: p.sp,
            hand: (player == viewer).then(|| p.hand.iter().map(|&c| self.seen(c)).collect()),
            hand_size: p.hand.len(),
            deck_size: p.deck.len(),
            discards: p.discards.iter().map(|&c| self.seen(c)).collect(),
            removed: p.removed.iter().map(|&c| self.seen(c)).collect(),
            ring,
        }
    }

    /// What `player` (0 or 1) may see: the opponent's hand and both decks' order hidden.
    pub fn view(&self, player: vm::runtime::PlayerId) -> PlayerView {
        let me = Seat::of(player);
        let to_move = self.to_move_seat();
        let mine = to_move == me && self.state.outcome.is_none();
        let question = match &self.pending {
            Some(exec) if mine => Some(exec.candidates().iter().filter_map(|&v| Choice::of(v)).collect()),
            _ => None,
        };
        PlayerView {
            me,
            turn: self.state.turn,
            active: self.state.active,
            phase: self.state.phase,
            to_move,
            players: [self.seen_player(Seat::FIRST, me), self.seen_player(Seat::SECOND, me)],
            question,
            legal_moves: if mine { self.legal_moves() } else { Vec::new() },
            outcome: self.state.outcome,
        }
    }
}
