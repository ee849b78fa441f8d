//! [`GreedyPlayer`]: a one-step heuristic player, the baseline an AI should beat.
//!
//! - Main phase: tries each distinct move on a copy of the game and keeps the one that
//!   raises its board score most ([`score`]: HP, BP in the ring, cards in hand, SP);
//!   a character's BP counts in the ring, so it plays its strongest affordable character,
//!   and an ability or action is used only when it helps. Nothing helps: it passes.
//! - Attack phase: attacks with a character whose BP matches or beats every character
//!   that could block it, and with all of them when they outnumber the ready blockers.
//!   When no character can do that alone but its strongest two together can, it leads
//!   with the stronger and pays for the other to join (a United Attack); a character
//!   joins a declared attack that falls short alone and is enough with it.
//! - Counter-attack phase: blocks an attacker with its weakest character that survives
//!   the hit, or with its weakest at all when the unblocked damage would end the game;
//!   plays a reaction when the copy says it helps.
//! - A card's question: tries each answer on a copy and keeps the best.
//!
//! It decides from what its seat may see ([`Game::view`]): the copy it looks ahead on is
//! dealt again first ([`deal_hidden`]): the opponent's hand and deck are mixed and dealt
//! at random, its own deck is shuffled and the game's random stream is replaced, all from
//! the player's own stream. So its choice never depends on which hidden cards are where
//! nor on the game's future random draws; only on the public board, its own hand, and the
//! opponent's unseen cards taken together (their deck list, which this yardstick knows).
//! Ties go to the first move in the legal order; its own random stream breaks ties
//! between equal scores.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smallvec::SmallVec;

use super::{Player, PlayerError, PlayerKind, player_seed};
use crate::state::{GameState, Phase, Seat};
use crate::{CardKind, Game, Move};

/// Most moves other than passing it makes in one phase of one turn (a guard against a
/// card that always looks worth playing again).
const MAX_MOVES_PER_PHASE: u32 = 24;

/// Plays by the heuristics of the module documentation.
#[derive(Debug, Clone)]
pub struct GreedyPlayer {
    rng: ChaCha8Rng,
    /// (turn, phase) of the last decision, and how many moves it made there.
    phase_moves: ((u32, Phase), u32),
    /// The legal moves of the look-ahead's dealt copy (a buffer kept between decisions).
    dealt_moves: Vec<Move>,
}

impl GreedyPlayer {
    /// A greedy player whose tie-breaks draw from a stream seeded with `seed`.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            phase_moves: ((0, Phase::Main), 0),
            dealt_moves: Vec::new(),
        }
    }

    /// The index of the best move by one-step look-ahead among `candidates` (indices into
    /// `moves`), if one beats `baseline` (pass `None` to take the best whatever it is).
    fn best_by_lookahead(
        &mut self,
        game: &Game,
        moves: &[Move],
        candidates: &[usize],
        baseline: Option<i64>,
    ) -> Option<usize> {
        let me = Seat::of(game.to_move());
        // Copies in kept buffers, with empty logs of their own (the score reads none).
        let mut dealt = game.scratch_copy();
        deal_hidden(&mut dealt, me, &mut self.rng);
        // Each trial starts from the dealt copy as it is, so a move is legal in one trial
        // exactly when it is among the dealt copy's legal moves, listed once here.
        dealt.legal_moves_into(&mut self.dealt_moves);
        let trials: SmallVec<[usize; 16]> =
            candidates.iter().copied().filter(|&i| self.dealt_moves.contains(&moves[i])).collect();
        let mut best: SmallVec<[usize; 16]> = SmallVec::new();
        let mut best_score = i64::MIN;
        let mut try_on = |mut copy: Box<Game>, i: usize| {
            let applied = copy.apply_listed(moves[i]);
            let value = score(copy.state(), me);
            Game::discard_copy(copy);
            if applied.is_err() {
                return;
            }
            if value > best_score {
                best_score = value;
                best.clear();
                best.push(i);
            } else if value == best_score {
                best.push(i);
            }
        };
        match trials.split_last() {
            Some((&last, others)) => {
                for &i in others {
                    try_on(dealt.scratch_copy(), i);
                }
                // The last trial is played on the dealt copy itself: none starts from it after.
                try_on(dealt, last);
            }
            None => Game::discard_copy(dealt),
        }
        if best.is_empty() || baseline.is_some_and(|b| best_score <= b) {
            return None;
        }
        let pick = if best.len() == 1 { 0 } else { self.rng.random_range(0..best.len()) };
        Some(best[pick])
    }

    fn main_phase(&mut self, game: &Game, moves: &[Move]) -> Option<usize> {
        let me = Seat::of(game.to_move());
        // One slot per hand card is enough to compare characters: the others score alike.
        let mut seen_hands = Vec::new();
        let mut candidates = Vec::new();
        for (i, mv) in moves.iter().enumerate() {
            match *mv {
                Move::Pass => {}
                Move::PlayCharacter { hand, .. } => {
                    if !seen_hands.contains(&(0, hand)) {
                        seen_hands.push((0, hand));
                        candidates.push(i);
                    }
                }
                Move::Backup { hand, .. } => {
                    if !seen_hands.contains(&(1, hand)) {
                        seen_hands.push((1, hand));
                        candidates.push(i);
                    }
                }
                _ => candidates.push(i),
            }
        }
        self.best_by_lookahead(game, moves, &candidates, Some(score(game.state(), me)))
    }

    fn attack_phase(&mut self, game: &Game, moves: &[Move]) -> Option<usize> {
        let state = game.state();
        let me = state.active;
        let opponent = me.other();
        let blockers: Vec<i32> = state
            .player(opponent)
            .characters()
            .filter_map(|c| state.card(c))
            .filter(|c| !c.frozen && c.bp > 0)
            .map(|c| c.bp)
            .collect();
        let attackers = moves.iter().filter(|mv| matches!(mv, Move::Attack { .. })).count();
        // More attackers than blockers: some get through, so everyone goes.
        let swarm = attackers > blockers.len();
        let strongest_blocker = blockers.iter().copied().max();
        let alone = moves.iter().position(|mv| match *mv {
            Move::Attack { slot } => {
                let bp = ring_bp(state, me, slot);
                swarm || strongest_blocker.is_none_or(|blocker| bp >= blocker)
            }
            _ => false,
        });
        let Some(blocker) = strongest_blocker.filter(|_| alone.is_none()) else { return alone };
        // A declared attack that falls short alone takes a joiner that makes it enough.
        let join = moves.iter().position(|mv| match *mv {
            Move::Join { slot, leader } => {
                let led = attack_damage(state, me, leader);
                led < blocker && led + ring_bp(state, me, slot) >= blocker
            }
            _ => false,
        });
        if join.is_some() || state.ua_leader().is_some() {
            return join;
        }
        // None is enough alone: lead with the strongest when the next strongest joining
        // makes it enough and the SP for a joiner is there.
        let mut ready: Vec<(i32, usize)> = moves
            .iter()
            .enumerate()
            .filter_map(|(i, mv)| match *mv {
                Move::Attack { slot } => Some((ring_bp(state, me, slot), i)),
                _ => None,
            })
            .collect();
        ready.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        match ready.as_slice() {
            [(first, lead), (second, _), ..]
                if first + second >= blocker && state.player(me).sp >= crate::state::UA_COST_PER_JOINER =>
            {
                Some(*lead)
            }
            _ => None,
        }
    }

    fn counter_attack_phase(&mut self, game: &Game, moves: &[Move]) -> Option<usize> {
        let state = game.state();
        let me = state.active.other();
        let attacker_side = state.active;
        // The unblocked attacks' damage: lethal damage makes any block worth it.
        let incoming: i32 = state
            .player(attacker_side)
            .characters()
            .filter_map(|c| state.card(c).map(|s| (c, s)))
            .filter(|(c, s)| s.role != crate::state::Role::None && state.blocker_of(*c).is_none())
            .map(|(_, s)| s.bp)
            .sum();
        let lethal = incoming >= state.player(me).hp;
        let mut best: Option<(usize, i32)> = None;
        for (i, mv) in moves.iter().enumerate() {
            let Move::Block { slot, attacker } = *mv else { continue };
            let blocker_bp = ring_bp(state, me, slot);
            let attack = attack_damage(state, attacker_side, attacker);
            if (blocker_bp > attack || lethal) && best.is_none_or(|(_, bp)| blocker_bp < bp) {
                best = Some((i, blocker_bp));
            }
        }
        if let Some((i, _)) = best {
            return Some(i);
        }
        let reactions: Vec<usize> =
            moves.iter().enumerate().filter(|(_, m)| matches!(m, Move::PlayCard { .. })).map(|(i, _)| i).collect();
        if reactions.is_empty() {
            return None;
        }
        self.best_by_lookahead(game, moves, &reactions, Some(score(state, me)))
    }
}

impl Player for GreedyPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Greedy
    }

    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<usize, PlayerError> {
        if moves.is_empty() {
            return Err(PlayerError("no legal move to choose from".into()));
        }
        if moves.len() == 1 {
            return Ok(0);
        }
        let pass = moves.iter().position(|m| *m == Move::Pass);
        if game.pending().is_some() {
            let all: Vec<usize> = (0..moves.len()).collect();
            return Ok(self.best_by_lookahead(game, moves, &all, None).unwrap_or(0));
        }
        let state = game.state();
        let here = (state.turn, state.phase);
        if self.phase_moves.0 != here {
            self.phase_moves = (here, 0);
        }
        if self.phase_moves.1 >= MAX_MOVES_PER_PHASE
            && let Some(pass) = pass
        {
            return Ok(pass);
        }
        let chosen = match state.phase {
            Phase::Main => self.main_phase(game, moves),
            Phase::Attack => self.attack_phase(game, moves),
            Phase::CounterAttack => self.counter_attack_phase(game, moves),
            _ => None,
        };
        match chosen.or(pass) {
            Some(i) => {
                if Some(i) != pass {
                    self.phase_moves.1 += 1;
                }
                Ok(i)
            }
            None => Ok(0),
        }
    }

    fn start_over(&mut self, game_seed: u64, seat: Seat) -> bool {
        let mut dealt_moves = std::mem::take(&mut self.dealt_moves);
        dealt_moves.clear();
        *self = GreedyPlayer { dealt_moves, ..GreedyPlayer::new(player_seed(game_seed, seat)) };
        true
    }
}

/// Deals the copy `game` of a look-ahead again from what `me` cannot see, drawing from
/// `rng`: the opponent's hand and deck are mixed and dealt at random (unless a question
/// `me` answers shows cards of that hand), `me`'s own deck is shuffled, and the game's
/// random stream is replaced. The hidden cards are first put in card order, so the deal
/// depends on which cards are hidden, never on where they were.
pub fn deal_hidden(game: &mut Game, me: Seat, rng: &mut ChaCha8Rng) {
    let opponent = me.other();
    let shown_hand = game.pending().is_some_and(|exec| {
        let hand = &game.state.player(opponent).hand;
        exec.candidates().iter().any(|v| v.as_card().is_some_and(|c| hand.contains(&crate::CardRef::of(c))))
    });
    let state = &mut game.state;
    let shuffle = |cards: &mut Vec<crate::CardRef>, rng: &mut ChaCha8Rng| {
        put_in_card_order(cards);
        for k in (1..cards.len()).rev() {
            cards.swap(k, rng.random_range(0..=k));
        }
    };
    if !shown_hand {
        // Mixed in the hand's buffer and dealt back into the deck's: a look-ahead's copy
        // keeps both from the last deal, so this allocates nothing.
        let player = state.player_mut(opponent);
        let in_hand = player.hand.len();
        let mut hidden = std::mem::take(&mut player.hand);
        hidden.append(&mut player.deck);
        shuffle(&mut hidden, rng);
        player.deck.extend_from_slice(&hidden[in_hand..]);
        hidden.truncate(in_hand);
        player.hand = hidden;
    } else {
        shuffle(&mut state.player_mut(opponent).deck, rng);
    }
    shuffle(&mut state.player_mut(me).deck, rng);
    state.rng = ChaCha8Rng::seed_from_u64(rng.random());
}

/// Card refs below this [`put_in_card_order`] orders through a bit set on the stack (a
/// game has about a hundred cards); with a ref past it, or a card twice, it sorts.
const CARDS_BY_BITS: usize = 1024;

/// Sorts `cards` as `sort_unstable` would: a card ref is in one pile once, so marking
/// each in a bit set and reading the set back in order gives the sorted slice. The sort
/// (ipnsort, ~2,100 instructions a pile of 42) was 87,000 of a greedy game's 1.02M
/// instructions (issue 30, BENCHMARKS.md).
fn put_in_card_order(cards: &mut [crate::CardRef]) {
    let mut bits = [0u64; CARDS_BY_BITS / 64];
    let mut words = 0;
    for card in cards.iter() {
        let index = card.0 as usize;
        let Some(set) = bits.get_mut(index / 64) else {
            cards.sort_unstable();
            return;
        };
        let bit = 1u64 << (index % 64);
        if *set & bit != 0 {
            // The same card twice: the bit set cannot count it.
            cards.sort_unstable();
            return;
        }
        *set |= bit;
        words = words.max(index / 64 + 1);
    }
    let mut slots = cards.iter_mut();
    for (word, &set) in bits[..words].iter().enumerate() {
        let mut set = set;
        while set != 0 {
            if let Some(slot) = slots.next() {
                *slot = crate::CardRef(word as u32 * 64 + set.trailing_zeros());
            }
            set &= set - 1;
        }
    }
}

/// BP of the character in `player`'s ring slot `slot` (0 when empty).
fn ring_bp(state: &GameState, player: Seat, slot: u8) -> i32 {
    state.player(player).ring.get(usize::from(slot)).copied().flatten().and_then(|c| state.card(c)).map_or(0, |c| c.bp)
}

/// The damage the attack led from `slot` deals: the leader's BP plus its joiners'.
fn attack_damage(state: &GameState, player: Seat, slot: u8) -> i32 {
    let leader = ring_bp(state, player, slot);
    let leads_united = state
        .player(player)
        .ring
        .get(usize::from(slot))
        .copied()
        .flatten()
        .and_then(|c| state.card(c))
        .is_some_and(|c| c.united);
    if !leads_united {
        return leader;
    }
    leader + state.joiners().iter().filter_map(|&j| state.card(j)).map(|c| c.bp).sum::<i32>()
}

/// How good the board is for `me`: a won game beats everything, then HP, BP in the
/// ring, characters in the ring, cards in hand and SP, each against the opponent's.
pub fn score(state: &GameState, me: Seat) -> i64 {
    if let Some(outcome) = &state.outcome {
        return match outcome.winner {
            Some(w) if w == me => i64::MAX / 2,
            Some(_) => i64::MIN / 2,
            None => 0,
        };
    }
    let side = |p: Seat| -> i64 {
        let player = state.player(p);
        let ring: i64 = player
            .characters()
            .filter(|&c| state.def(c).is_some_and(|d| d.kind == CardKind::Character))
            .filter_map(|c| state.card(c))
            .map(|c| i64::from(c.bp) + 100)
            .sum();
        i64::from(player.hp) + ring + 60 * player.hand.len() as i64 + 20 * i64::from(player.sp)
    };
    side(me) - side(me.other())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::{GreedyPlayer, deal_hidden, put_in_card_order};
    use crate::players::Player;
    use crate::setup::{PlayerSetup, Setup, SlotSetup};
    use crate::state::{Phase, Seat};
    use crate::{Game, Move, testing};

    fn tiny_game(seed: u64) -> Game {
        let set = Arc::new(testing::tiny_set().expect("the tiny set compiles"));
        let deck: Vec<usize> = (0..set.cards().len()).cycle().take(50).collect();
        Game::new(set, [deck.clone(), deck], seed).expect("the game starts")
    }

    /// The bit-set ordering gives what a sort gives: piles of distinct cards in any
    /// order, across word boundaries, with a card twice and with refs past the bit set.
    #[test]
    fn card_order_by_bits_is_the_sorted_order() {
        use crate::CardRef;
        use rand::Rng;
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut piles: Vec<Vec<CardRef>> = vec![
            Vec::new(),
            vec![CardRef(0)],
            vec![CardRef(64), CardRef(63), CardRef(0), CardRef(127), CardRef(128)],
            vec![CardRef(7), CardRef(3), CardRef(7), CardRef(1)],
            vec![CardRef(5000), CardRef(2), CardRef(40)],
            vec![CardRef(1023), CardRef(0), CardRef(512)],
            vec![CardRef(3), CardRef(1024), CardRef(1)],
        ];
        for _ in 0..50 {
            let mut pile: Vec<CardRef> = (0..200).filter(|_| rng.random_bool(0.3)).map(CardRef).collect();
            for k in (1..pile.len()).rev() {
                pile.swap(k, rng.random_range(0..=k));
            }
            piles.push(pile);
        }
        for pile in piles {
            let mut sorted = pile.clone();
            sorted.sort_unstable();
            let mut by_bits = pile.clone();
            put_in_card_order(&mut by_bits);
            assert_eq!(by_bits, sorted, "from {pile:?}");
        }
    }

    /// Two games that differ only in which of the opponent's hidden cards are in hand and
    /// in what order the decks lie are dealt alike: the look-ahead cannot tell them apart.
    #[test]
    fn the_look_ahead_deal_depends_on_which_cards_are_hidden_not_where() {
        let game = tiny_game(3);
        let me = Seat::of(game.to_move());
        let opponent = me.other();
        let mut moved = game.clone();
        {
            let them = &mut moved.state.players[usize::from(opponent)];
            let (in_hand, in_deck) = (them.hand[0], them.deck[7]);
            them.hand[0] = in_deck;
            them.deck[7] = in_hand;
            them.deck.reverse();
            moved.state.players[usize::from(me)].deck.reverse();
        }
        assert_ne!(game.state.players, moved.state.players);
        let (mut a, mut b) = (game.clone(), moved);
        deal_hidden(&mut a, me, &mut ChaCha8Rng::seed_from_u64(9));
        deal_hidden(&mut b, me, &mut ChaCha8Rng::seed_from_u64(9));
        assert_eq!(a.state.players, b.state.players);
        assert_eq!(a.state.rng, b.state.rng);
        // Its own hand is what it sees: never dealt again.
        assert_eq!(a.state.players[usize::from(me)].hand, game.state.players[usize::from(me)].hand);
    }

    /// Two Brawlers (500 BP) cannot beat a ready Guard (700) alone but can together: the
    /// greedy player leads with one and pays for the other to join.
    #[test]
    fn two_characters_that_together_beat_the_blocker_make_a_united_attack() {
        let set = Arc::new(testing::tiny_set().expect("the tiny set compiles"));
        let brawler = || Some(SlotSetup::new(0));
        let attacker = PlayerSetup { sp: 10, ring: [brawler(), brawler(), None, None], ..PlayerSetup::default() };
        let defender = PlayerSetup { ring: [Some(SlotSetup::new(1)), None, None, None], ..PlayerSetup::default() };
        let setup = Setup { phase: Phase::Attack, players: [attacker, defender], turn: 3, ..Setup::default() };
        let mut game = Game::from_setup(set, &setup).expect("the board is valid");
        let mut greedy = GreedyPlayer::new(1);
        let moves = game.legal_moves();
        let lead = greedy.choose(&game, &moves).expect("a choice");
        assert!(matches!(moves[lead], Move::Attack { .. }), "{:?}", moves[lead]);
        game.apply(moves[lead]).expect("legal");
        let moves = game.legal_moves();
        let join = greedy.choose(&game, &moves).expect("a choice");
        assert!(matches!(moves[join], Move::Join { .. }), "{:?} of {moves:?}", moves[join]);
    }
}
