//! [`PlayerView`]: what one player may see of a game — everything public, their own hand,
//! the sizes (not the order or contents) of both decks and of the opponent's hand, and the
//! question they answer ([`QuestionHeader`]: which card asks it, how many picks it wants).

use serde::{Deserialize, Serialize};

use crate::engine::Game;
use crate::moves::{Choice, Move};
use crate::query::{QUESTION_KINDS, kind_index};
use crate::state::{CardRef, Outcome, Phase, Role, Seat, Zone};

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

/// What the viewer sees of the question they answer besides its candidates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionHeader {
    /// The card that asks (the source of the effect), when the viewer may see it: `None`
    /// for a card in a deck or in the opponent's hand (see [`Game::seen_by`]).
    pub asker: Option<SeenCard>,
    /// The viewer controls the asking card (`false` when it is hidden).
    pub asker_is_mine: bool,
    /// What about: one of [`QUESTION_KINDS`] (`targets`, `may`...).
    pub kind: String,
    /// The question's text, when the card gives one.
    pub text: Option<String>,
    /// Fewest candidates to pick before `Confirm` is legal.
    pub min: u16,
    /// Most candidates to pick: the answer is sent at the `max`-th.
    pub max: u16,
    /// The candidates picked so far, in the order picked.
    pub picked: Vec<u16>,
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
    /// The rest of that question: who asks, how many picks it wants, what about.
    pub question_header: Option<QuestionHeader>,
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

    /// Whether `viewer` may see which printed card `card` is: not in a deck (whose order
    /// both players ignore) nor in the opponent's hand.
    pub fn seen_by(&self, card: CardRef, viewer: Seat) -> bool {
        match self.state.locate_card(card) {
            Some((_, Zone::Deck)) | None => false,
            Some((seat, Zone::Hand)) => seat == viewer,
            Some(_) => true,
        }
    }

    /// The header of the question `viewer` answers now.
    fn question_header(&self, exec: &vm::runtime::Execution, viewer: Seat) -> QuestionHeader {
        let request = exec.request();
        let asker = CardRef::of(exec.env().source);
        let seen = self.seen_by(asker, viewer);
        QuestionHeader {
            asker: seen.then(|| self.seen(asker)),
            asker_is_mine: seen && self.state.card(asker).is_some_and(|c| c.controller == viewer),
            kind: QUESTION_KINDS[kind_index(request.kind)].to_owned(),
            text: request.question.and_then(|s| self.set.program().string(s)).map(str::to_owned),
            min: request.min,
            max: request.max,
            picked: self.state.picks.clone(),
        }
    }

    /// What `player` (0 or 1) may see: the opponent's hand and both decks' order hidden.
    pub fn view(&self, player: vm::runtime::PlayerId) -> PlayerView {
        let me = Seat::of(player);
        let to_move = self.to_move_seat();
        let mine = to_move == me && self.state.outcome.is_none();
        let answered = self.pending.as_ref().filter(|_| mine);
        let question = answered.map(|exec| exec.candidates().iter().filter_map(|&v| Choice::of(v)).collect());
        let question_header = answered.map(|exec| self.question_header(exec, me));
        PlayerView {
            me,
            turn: self.state.turn,
            active: self.state.active,
            phase: self.state.phase,
            to_move,
            players: [self.seen_player(Seat::FIRST, me), self.seen_player(Seat::SECOND, me)],
            question,
            question_header,
            legal_moves: if mine { self.legal_moves() } else { Vec::new() },
            outcome: self.state.outcome,
        }
    }
}
