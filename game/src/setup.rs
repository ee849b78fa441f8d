//! Starting a game: from two decks and a seed ([`Game::new`]), or from an explicit board
//! ([`Setup`], [`Game::from_setup`]) for scenarios and tests; and moving a game on to a
//! phase ([`Game::advance_to`]), running every procedure on the way.
//!
//! # Setting up a board
//!
//! A [`Setup`] names the turn, the active player, the phase and, per player, HP, SP and
//! every zone: hand, deck (top first), discards (top first), removed, the four ring slots
//! (card, current BP, markers, back-ups) and rule switches. Cards are [`DefIdx`] of the
//! set (find them with [`CardSet::find`](crate::CardSet::find) by number, name or id).
//!
//! [`Game::from_setup`] places every card, puts the ring characters in play (their
//! abilities register and their event-less autos run, as when they entered), and then:
//!
//! - in a decision phase (`Main`, `Attack`, `CounterAttack`) the game waits for the
//!   player to move ([`Game::legal_moves`]); nothing of the phase's procedure runs (the
//!   board is taken as it is "in the middle" of that phase);
//! - in any other phase, that phase's procedure runs from its start (Activate unfreezes,
//!   Draw draws, End fights...) and the game goes on to the next decision.

use std::cell::RefCell;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::Game;
use crate::set::{CardKind, CardSet, DefIdx};
use crate::state::{
    Backups, CardRef, CardState, MAX_BACKUPS, ModifierRecord, Phase, RING_SLOTS, Role, RuleVal, START_HAND, Seat, Task,
    Zone,
};

/// A character in a ring slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlotSetup {
    /// The card.
    pub card: DefIdx,
    /// Current BP (printed BP plus back-ups when absent).
    pub bp: Option<i32>,
    /// Just Entered (played this turn).
    pub fresh: bool,
    /// Frozen.
    pub frozen: bool,
    /// Attacking (alone, or leading a United Attack when another slot is `united`).
    pub attacking: bool,
    /// Joined the United Attack of the attacking character.
    pub united: bool,
    /// Blocking the attacker in this slot of the opponent's ring.
    pub blocking: Option<u8>,
    /// Its ability was already activated this turn.
    pub activated: bool,
    /// Back-ups attached (at most [`MAX_BACKUPS`]).
    pub backups: Vec<DefIdx>,
}

impl SlotSetup {
    /// A character with no markers.
    pub fn new(card: DefIdx) -> SlotSetup {
        SlotSetup {
            card,
            bp: None,
            fresh: false,
            frozen: false,
            attacking: false,
            united: false,
            blocking: None,
            activated: false,
            backups: Vec::new(),
        }
    }
}

/// One player's part of a [`Setup`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// HP.
    pub hp: i32,
    /// SP.
    pub sp: i32,
    /// The hand, in order.
    pub hand: Vec<DefIdx>,
    /// The deck, top first.
    pub deck: Vec<DefIdx>,
    /// The discard pile, top first.
    pub discards: Vec<DefIdx>,
    /// Removed cards.
    pub removed: Vec<DefIdx>,
    /// Ring slots s0..s3.
    pub ring: [Option<SlotSetup>; RING_SLOTS],
    /// Rule switches for this player (`("backup_limit", Bool(false))`).
    pub rules: Vec<(String, RuleVal)>,
    /// Characters already played this turn.
    pub chars_played: u32,
    /// Back-ups already played this turn.
    pub backups_played: u32,
}

impl Default for PlayerSetup {
    fn default() -> Self {
        PlayerSetup {
            hp: crate::state::START_HP,
            sp: 0,
            hand: Vec::new(),
            deck: Vec::new(),
            discards: Vec::new(),
            removed: Vec::new(),
            ring: [None, None, None, None],
            rules: Vec::new(),
            chars_played: 0,
            backups_played: 0,
        }
    }
}

/// An explicit board to start a game from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// Turn number (from 1).
    pub turn: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// Who took the first turn (skips the Draw phase of turn 1).
    pub first_player: Seat,
    /// The phase.
    pub phase: Phase,
    /// The players.
    pub players: [PlayerSetup; 2],
    /// Rule switches for both players.
    pub rules: Vec<(String, RuleVal)>,
    /// The generator's seed.
    pub seed: u64,
    /// Turns after which the game is a draw.
    pub turn_limit: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            turn: 1,
            active: Seat::FIRST,
            first_player: Seat::FIRST,
            phase: Phase::Main,
            players: [PlayerSetup::default(), PlayerSetup::default()],
            rules: Vec::new(),
            seed: 0,
            turn_limit: crate::state::DEFAULT_TURN_LIMIT,
        }
    }
}

/// Why a setup was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// A card index is not in the set.
    UnknownCard(DefIdx),
    /// A ring slot holds a card that is not a character.
    NotACharacter(String),
    /// A rule switch name the catalogue does not know.
    UnknownRule(String),
    /// A character is given more back-ups than one holds ([`MAX_BACKUPS`]).
    TooManyBackups {
        /// The character's name.
        card: String,
        /// How many back-ups it was given.
        count: usize,
    },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::UnknownCard(i) => write!(f, "card #{i} is not in the set"),
            SetupError::NotACharacter(name) => write!(f, "`{name}` is not a character: it cannot be in a ring slot"),
            SetupError::UnknownRule(name) => write!(f, "unknown rule switch `{name}`"),
            SetupError::TooManyBackups { card, count } => {
                write!(f, "`{card}` is given {count} back-ups: a character holds at most {MAX_BACKUPS}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// The cards a seat was last dealt on a thread ([`Game::deal`]): its deck, of which set,
/// and the deck's cards as new.
struct Dealt {
    set: Arc<CardSet>,
    deck: Vec<DefIdx>,
    cards: Vec<CardState>,
}

thread_local! {
    /// The cards each seat was last dealt on this thread.
    static DEALT: RefCell<[Option<Dealt>; 2]> = const { RefCell::new([None, None]) };
}

impl Game {
    /// A new game: both decks (cards of `set`, top first before shuffling) are shuffled with
    /// the generator seeded by `seed`, each player draws 5, the seed decides who starts,
    /// and the first turn runs to the first player's Main phase.
    pub fn new(set: Arc<CardSet>, decks: [Vec<DefIdx>; 2], seed: u64) -> Result<Game, SetupError> {
        let mut game = Game::blank(set, seed);
        game.set_up([&decks[0], &decks[1]])?;
        Ok(game)
    }

    /// What [`Game::new`] gives, made in this game's buffers: its piles, lists and log and
    /// its runtime's pool and buffers are kept rather than allocated again, for a thread
    /// that plays games one after another (`rsc sim`). On an error the game is left blank
    /// or half set up, as `Game::new` would have dropped it.
    pub fn start_over(&mut self, set: Arc<CardSet>, decks: [&[DefIdx]; 2], seed: u64) -> Result<(), SetupError> {
        self.become_blank(set, seed);
        self.set_up(decks)
    }

    /// Sets a blank game up as [`Game::new`] describes.
    fn set_up(&mut self, decks: [&[DefIdx]; 2]) -> Result<(), SetupError> {
        use rand::Rng;
        let game = self;
        let cards = decks.iter().map(|deck| deck.len()).sum();
        game.state.cards.reserve(cards);
        game.state.places.0.reserve(cards);
        // About what a game of random players logs; growing the log copies all of it. Most
        // texts are kept as ids (`Phrase`): the buffer holds the rare ones (a rules error, a
        // United Attack's payment); an answer's values are about 30 a game.
        game.state.log.reserve(1024, 1 << 10, 64);
        for (p, deck) in decks.iter().enumerate() {
            game.deal(Seat::at(p), deck)?;
        }
        // Room in every pile for every card, so that moving cards never grows one.
        let cards = game.state.cards.len();
        for player in &mut game.state.players {
            for pile in
                [&mut player.hand, &mut player.deck, &mut player.discards, &mut player.removed, &mut player.table]
            {
                pile.reserve(cards.saturating_sub(pile.len()));
            }
        }
        game.keep_a_spare();
        for p in Seat::BOTH {
            game.state.shuffle_pile(p, Zone::Deck);
        }
        game.state.phase = Phase::Activate;
        let first = Seat::at(usize::from(game.state.rng.random_range(0..2u8)));
        game.state.first_player = first;
        game.state.active = first;
        for p in Seat::BOTH {
            for _ in 0..START_HAND {
                if game.state.player(p).deck.is_empty() {
                    break;
                }
                game.state.draw_card(p);
            }
        }
        game.state.hand_sizes = [game.state.players[0].hand.len(), game.state.players[1].hand.len()];
        game.state.ring_sizes =
            [game.state.players[0].characters().count(), game.state.players[1].characters().count()];
        game.state.note(crate::log::RecordKind::TurnStart { player: first });
        game.state.agenda.push_back(Task::EnterPhase(Phase::Activate));
        game.pump();
        Ok(())
    }

    /// Adds the cards of `deck` to the game, as `owner`'s deck (top first). A thread deals
    /// the same decks game after game (`rsc sim`, a vector of games): the cards as new are
    /// kept from the last game `owner` was dealt the same deck of the same set, and copied
    /// at once rather than made one by one.
    fn deal(&mut self, owner: Seat, deck: &[DefIdx]) -> Result<(), SetupError> {
        let first = self.state.cards.len();
        let copied = DEALT.with_borrow(|dealt| {
            let Some(dealt) = &dealt[owner.index()] else { return false };
            if !Arc::ptr_eq(&dealt.set, &self.set) || dealt.deck != deck {
                return false;
            }
            self.state.cards.extend_from_slice(&dealt.cards);
            true
        });
        if copied {
            self.state.places.add_many(owner, deck.len());
        } else {
            for &def in deck {
                self.new_card(def, owner)?;
            }
            let cards = self.state.cards.get(first..).unwrap_or_default().to_vec();
            let set = Arc::clone(&self.set);
            DEALT.with_borrow_mut(|dealt| dealt[owner.index()] = Some(Dealt { set, deck: deck.to_vec(), cards }));
        }
        let pile = &mut self.state.players[owner.index()].deck;
        pile.reserve(deck.len());
        pile.extend((first..first + deck.len()).map(|card| CardRef(card as u32)));
        Ok(())
    }

    fn new_card(&mut self, def: DefIdx, owner: Seat) -> Result<CardRef, SetupError> {
        let printed = self.set.card(def).ok_or(SetupError::UnknownCard(def))?;
        let original = u32::try_from(def).map_err(|_| SetupError::UnknownCard(def))?;
        Ok(self.state.add_card(CardState {
            def,
            original,
            owner,
            controller: owner,
            bp: printed.bp,
            last_bp: printed.bp,
            rules: printed.rules.map(|r| r.0),
            fresh: false,
            frozen: false,
            role: Role::None,
            united: false,
            blocking: None,
            blocked: false,
            activated: false,
            keep_ready: false,
            backups: Backups::NONE,
        }))
    }

    /// A game from an explicit board (see the module documentation for what runs).
    pub fn from_setup(set: Arc<CardSet>, setup: &Setup) -> Result<Game, SetupError> {
        let mut game = Game::blank(set, setup.seed);
        game.state.turn = setup.turn.max(1);
        game.state.active = setup.active;
        game.state.first_player = setup.first_player;
        game.state.phase = setup.phase;
        game.state.turn_limit = setup.turn_limit.max(1);
        let mut blocks = Vec::new();
        for (p, player) in setup.players.iter().enumerate() {
            let p = Seat::at(p);
            for (zone, cards) in [
                (Zone::Hand, &player.hand),
                (Zone::Deck, &player.deck),
                (Zone::Discards, &player.discards),
                (Zone::Removed, &player.removed),
            ] {
                for &def in cards {
                    let card = game.new_card(def, p)?;
                    game.state.put(card, p, zone, -1);
                }
            }
            for (slot, place) in player.ring.iter().enumerate() {
                let Some(place) = place else { continue };
                let card = game.new_card(place.card, p)?;
                if game.set.card(place.card).is_some_and(|d| d.kind != CardKind::Character) {
                    return Err(SetupError::NotACharacter(game.state.name(card)));
                }
                game.state.put(card, p, Zone::Ring(slot as u8), 0);
                if place.backups.len() > MAX_BACKUPS {
                    let card = game.state.name(card);
                    return Err(SetupError::TooManyBackups { card, count: place.backups.len() });
                }
                for &backup in &place.backups {
                    let b = game.new_card(backup, p)?;
                    game.state.put(b, p, Zone::Backup(card), -1);
                }
                let printed = game.set.card(place.card).map_or(0, |d| d.bp);
                let bp = place.bp.unwrap_or(printed + crate::state::BACKUP_BONUS * place.backups.len() as i32);
                let united = place.united;
                game.state.note_bp(bp);
                game.state.mark_attack_markers();
                if let Some(c) = game.state.card_mut(card) {
                    c.bp = bp;
                    c.last_bp = bp;
                    c.fresh = place.fresh;
                    c.frozen = place.frozen;
                    c.activated = place.activated;
                    c.role = if place.united {
                        Role::Joiner
                    } else if place.attacking {
                        Role::Leader
                    } else {
                        Role::None
                    };
                    c.united = united;
                }
                if let Some(target) = place.blocking {
                    blocks.push((card, p, target));
                }
            }
            let state = game.state.player_mut(p);
            state.hp = player.hp;
            state.sp = player.sp.max(0);
            state.chars_played = player.chars_played;
            state.backups_played = player.backups_played;
        }
        // A United Attack's leader is the attacking character of the side with joiners.
        for p in Seat::BOTH {
            let has_joiners = game.state.player(p).characters().any(|c| game.state.card(c).is_some_and(|c| c.united));
            if has_joiners {
                let leaders: Vec<CardRef> = game
                    .state
                    .player(p)
                    .characters()
                    .filter(|&c| game.state.card(c).is_some_and(|c| c.role == Role::Leader))
                    .collect();
                if let Some(c) = leaders.first().and_then(|&l| game.state.card_mut(l)) {
                    c.united = true;
                }
            }
        }
        for (card, p, target) in blocks {
            let attacker = game.state.player(p.other()).ring.get(usize::from(target)).copied();
            if let Some(c) = game.state.card_mut(card) {
                c.blocking = attacker.flatten();
            }
            if let Some(c) = attacker.flatten().and_then(|a| game.state.card_mut(a)) {
                c.blocked = true;
            }
        }
        let mut next_effect = u32::MAX;
        let scoped =
            setup.players.iter().enumerate().flat_map(|(p, pl)| pl.rules.iter().map(move |r| (Some(Seat::at(p)), r)));
        for (player, (name, value)) in setup.rules.iter().map(|r| (None, r)).chain(scoped) {
            let rule = stdlib::CATALOGUE
                .rule_switches
                .iter()
                .position(|r| r.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| SetupError::UnknownRule(name.clone()))?;
            game.state.modifiers.push(ModifierRecord::Rule {
                effect: next_effect,
                player,
                rule: rule as u16,
                value: *value,
            });
            next_effect -= 1;
        }
        game.state.hand_sizes = [game.state.players[0].hand.len(), game.state.players[1].hand.len()];
        game.state.ring_sizes =
            [game.state.players[0].characters().count(), game.state.players[1].characters().count()];
        game.sync_play();
        if !matches!(setup.phase, Phase::Main | Phase::Attack | Phase::CounterAttack) {
            game.state.agenda.push_back(Task::EnterPhase(setup.phase));
        }
        game.after_step();
        game.pump();
        Ok(game)
    }

    /// Moves the game on (passing for whoever is to move, running every procedure on the
    /// way) until phase `phase` next starts, and stops there: in a decision phase, waiting
    /// for its first decision; in another phase, right after its procedure. It always
    /// moves at least once (from Main, `advance_to(Main)` reaches the next turn's Main).
    /// Stops early, with `Err`, when a card asks a question before the phase starts
    /// (answer it, then call again) or the game ends; a question asked once the phase has
    /// started is left pending (`Ok`).
    pub fn advance_to(&mut self, phase: Phase) -> Result<(), AdvanceError> {
        for _ in 0..64 {
            if self.state.outcome.is_some() {
                return Err(AdvanceError::GameOver);
            }
            if self.pending.is_some() {
                return Err(AdvanceError::Question);
            }
            if self.state.agenda.is_empty() {
                let me = self.to_move_seat();
                self.state.note(crate::log::RecordKind::Pass { player: me });
                let next = match self.state.phase {
                    Phase::Main => Phase::Attack,
                    Phase::Attack => Phase::CounterAttack,
                    _ => Phase::End,
                };
                self.state.agenda.push_back(Task::EnterPhase(next));
            }
            if self.pump_until(Some(phase)) {
                return Ok(());
            }
        }
        Err(AdvanceError::NotReached)
    }
}

/// Why [`Game::advance_to`] stopped before the phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdvanceError {
    /// A card asks a question: answer it with [`Game::apply`].
    Question,
    /// The game is over.
    GameOver,
    /// The phase was not reached within 64 passes.
    NotReached,
}

impl std::fmt::Display for AdvanceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AdvanceError::Question => f.write_str("a card asks a question"),
            AdvanceError::GameOver => f.write_str("the game is over"),
            AdvanceError::NotReached => f.write_str("the phase was not reached"),
        }
    }
}

impl std::error::Error for AdvanceError {}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::set::{CardKind, CardSet, DefIdx};
    use crate::testing::tiny_set;
    use crate::{Game, GameState};

    /// The game `Game::new` makes on a thread that kept no dealt cards: its state, and its
    /// places as text (`Places` compare equal whatever they hold).
    fn made_card_by_card(set: &Arc<CardSet>, decks: &[Vec<DefIdx>; 2], seed: u64) -> (GameState, String) {
        let (set, decks) = (Arc::clone(set), decks.clone());
        std::thread::spawn(move || {
            let game = Game::new(set, decks, seed).expect("the game starts");
            let places = format!("{:?}", game.state.places.0);
            (game.state, places)
        })
        .join()
        .expect("the thread ends")
    }

    /// A thread copies the cards of a deck it dealt before into the next game dealt the same
    /// deck of the same set: each game is the one made card by card, for decks dealt again
    /// to the same seats, swapped, a new deck, and the same card numbers of another set.
    #[test]
    fn cards_dealt_again_are_the_cards_made_one_by_one() {
        let tiny = Arc::new(tiny_set().expect("the tiny set builds"));
        // The tiny set's characters with other BP and no rules: the same numbers, other
        // cards as new.
        let plain = tiny.cards().iter().filter(|card| card.kind == CardKind::Character).map(|card| crate::CardDef {
            bp: card.bp + 100,
            ability: None,
            rules_file: None,
            rules: None,
            ..card.clone()
        });
        let other = Arc::new(CardSet::from_parts(plain.collect(), &[]).expect("the other set builds"));
        let a: Vec<DefIdx> = (0..4).cycle().take(40).collect();
        let b: Vec<DefIdx> = (0..4).rev().cycle().take(30).collect();
        let games = [
            (&tiny, [a.clone(), b.clone()]),
            (&tiny, [a.clone(), b.clone()]),
            (&tiny, [b.clone(), a.clone()]),
            (&tiny, [b.clone(), b.clone()]),
            (&other, [b.clone(), b.clone()]),
            (&tiny, [b.clone(), b]),
        ];
        let mut used = Game::new(Arc::clone(&tiny), [a.clone(), a], 9).expect("the game starts");
        for (n, (set, decks)) in games.into_iter().enumerate() {
            let (state, places) = made_card_by_card(set, &decks, n as u64);
            used.start_over(Arc::clone(set), [&decks[0], &decks[1]], n as u64).expect("the game starts over");
            assert_eq!(used.state, state, "game {n}");
            assert_eq!(format!("{:?}", used.state.places.0), places, "game {n}");
        }
    }
}
