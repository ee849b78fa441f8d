//! Copying a game into buffers kept from an earlier copy: `Clone` with a `clone_from` that
//! reuses every vector for [`Game`], [`GameState`] and [`PlayerState`], and the per-thread
//! spares that [`Game::scratch_copy`] fills. Legality copies the game for nearly every
//! decision that runs card code, and trials of a card's code copy it again; reusing the
//! buffers keeps those copies off the allocator. A [`crate::state::CardState`] is `Copy`
//! (its back-ups inline), so the cards copy as one block.
//!
//! Each impl names every field (a destructuring pattern), so a field added to one of these
//! types is copied, or is a compile error here until it is.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use vm::runtime::Execution;

use crate::engine::Game;
use crate::set::CardSet;
use crate::state::{GameState, PlayerState, SetHandle};

impl Clone for PlayerState {
    fn clone(&self) -> PlayerState {
        let mut copy = PlayerState::new();
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &PlayerState) {
        let PlayerState {
            hp,
            sp,
            lost_sp,
            last_sp_loss,
            nc_damaged,
            hand,
            deck,
            discards,
            removed,
            ring,
            table,
            chars_played,
            chars_per_turn,
            backups_played,
            extra_turns,
            skips,
        } = source;
        self.hp = *hp;
        self.sp = *sp;
        self.lost_sp = *lost_sp;
        self.last_sp_loss = *last_sp_loss;
        self.nc_damaged = *nc_damaged;
        self.hand.clone_from(hand);
        self.deck.clone_from(deck);
        self.discards.clone_from(discards);
        self.removed.clone_from(removed);
        self.ring = *ring;
        self.table.clone_from(table);
        self.chars_played = *chars_played;
        self.chars_per_turn = *chars_per_turn;
        self.backups_played = *backups_played;
        self.extra_turns = *extra_turns;
        self.skips.clone_from(skips);
    }
}

impl Clone for GameState {
    fn clone(&self) -> GameState {
        let GameState {
            cards,
            players,
            turn,
            active,
            first_player,
            phase,
            rng,
            turn_limit,
            outcome,
            defeated,
            log,
            modifiers,
            abilities,
            windows,
            search_scope,
            queued,
            restart,
            agenda,
            picks,
            lingering,
            hand_sizes,
            ring_sizes,
            set,
            play_changed,
            sizes_changed,
            ko_possible,
            attack_marked,
            places,
        } = self;
        GameState {
            cards: cards.clone(),
            players: players.clone(),
            turn: *turn,
            active: *active,
            first_player: *first_player,
            phase: *phase,
            rng: rng.clone(),
            turn_limit: *turn_limit,
            outcome: *outcome,
            defeated: defeated.clone(),
            log: log.clone(),
            modifiers: modifiers.clone(),
            abilities: abilities.clone(),
            windows: windows.clone(),
            search_scope: *search_scope,
            queued: queued.clone(),
            restart: restart.clone(),
            agenda: agenda.clone(),
            picks: picks.clone(),
            lingering: lingering.clone(),
            hand_sizes: *hand_sizes,
            ring_sizes: *ring_sizes,
            set: set.clone(),
            play_changed: *play_changed,
            sizes_changed: *sizes_changed,
            ko_possible: *ko_possible,
            attack_marked: *attack_marked,
            places: places.clone(),
        }
    }

    fn clone_from(&mut self, source: &GameState) {
        self.copy_all_but_log(source);
        self.log.clone_from(&source.log);
    }
}

impl GameState {
    /// [`GameState::clone_from`] leaving this state's log as it is: a scratch copy starts
    /// from an empty log of its own, and copying the history only to drop it is work.
    fn copy_all_but_log(&mut self, source: &GameState) {
        self.copy_all_but_log_and_rng(source);
        self.rng.clone_from(&source.rng);
    }

    /// [`GameState::copy_all_but_log`] leaving the generator as it is too: a game becoming
    /// blank is seeded anew at once ([`Game::become_blank`]), and a generator's copy is
    /// about 160 instructions (its 256-byte block zeroed, then copied).
    fn copy_all_but_log_and_rng(&mut self, source: &GameState) {
        let GameState {
            cards,
            players,
            turn,
            active,
            first_player,
            phase,
            rng: _, // left as it is
            turn_limit,
            outcome,
            defeated,
            log: _, // left as it is
            modifiers,
            abilities,
            windows,
            search_scope,
            queued,
            restart,
            agenda,
            picks,
            lingering,
            hand_sizes,
            ring_sizes,
            set,
            play_changed,
            sizes_changed,
            ko_possible,
            attack_marked,
            places,
        } = source;
        self.cards.clone_from(cards);
        self.players.clone_from(players);
        self.turn = *turn;
        self.active = *active;
        self.first_player = *first_player;
        self.phase = *phase;
        self.turn_limit = *turn_limit;
        self.outcome.clone_from(outcome);
        self.defeated.clone_from(defeated);
        self.modifiers.clone_from(modifiers);
        self.abilities.clone_from(abilities);
        self.windows.clone_from(windows);
        self.search_scope = *search_scope;
        copy_queue(&mut self.queued, queued);
        self.restart.clone_from(restart);
        self.agenda.copy_from(agenda);
        self.picks.clone_from(picks);
        self.lingering.clone_from(lingering);
        self.hand_sizes = *hand_sizes;
        self.ring_sizes = *ring_sizes;
        self.set.clone_from(set);
        self.play_changed = *play_changed;
        self.sizes_changed = *sizes_changed;
        self.ko_possible = *ko_possible;
        self.attack_marked = *attack_marked;
        self.places.0.clone_from(&places.0);
    }
}

/// `into.clone_from(from)` for a queue of plain values. `VecDeque::clone_from` clears and
/// extends through a generic iterator: about 60 instructions a queue even when `from` is
/// empty, as the queued activations nearly always are when a game is copied (issue 30,
/// BENCHMARKS.md: a greedy game copies about 70 times).
fn copy_queue<T: Copy>(into: &mut VecDeque<T>, from: &VecDeque<T>) {
    into.clear();
    if !from.is_empty() {
        let (front, back) = from.as_slices();
        into.extend(front);
        into.extend(back);
    }
}

impl Clone for SetHandle {
    fn clone(&self) -> SetHandle {
        SetHandle(self.0.clone())
    }

    /// Leaves the set's reference count alone when both already hold the same set: every
    /// thread of a simulation reads the set, and a count written per copy is a cache line
    /// they all lose.
    fn clone_from(&mut self, source: &SetHandle) {
        if *self != *source {
            self.0.clone_from(&source.0);
        }
    }
}

impl Clone for Game {
    fn clone(&self) -> Game {
        let Game { set, state, runtime, pending, in_play_mask } = self;
        Game {
            set: Arc::clone(set),
            state: state.clone(),
            runtime: runtime.clone(),
            pending: pending.clone(),
            in_play_mask: *in_play_mask,
        }
    }

    /// Becomes a copy of `source` in this game's own buffers.
    fn clone_from(&mut self, source: &Game) {
        self.copy_all_but_log(source);
        self.state.log.clone_from(&source.state.log);
    }
}

impl Game {
    /// [`Game::clone_from`] but for the log, which stays as it is.
    fn copy_all_but_log(&mut self, source: &Game) {
        self.copy_all_but_log_and_rng(source);
        self.state.rng.clone_from(&source.state.rng);
    }

    /// [`Game::copy_all_but_log`] but for the generator too
    /// ([`GameState::copy_all_but_log_and_rng`]).
    fn copy_all_but_log_and_rng(&mut self, source: &Game) {
        let Game { set, state, runtime, pending, in_play_mask } = source;
        if !Arc::ptr_eq(&self.set, set) {
            self.set = Arc::clone(set);
        }
        self.state.copy_all_but_log_and_rng(state);
        self.runtime.clone_from(runtime);
        copy_pending(&mut self.pending, pending);
        self.in_play_mask = *in_play_mask;
    }
}

thread_local! {
    /// The pending execution of a copy that became a copy of a game with none: its box and
    /// buffers, for the next copy of a game with a question pending.
    static SPARE_EXECUTION: RefCell<Option<Execution>> = const { RefCell::new(None) };
}

/// `into.clone_from(from)` for a game's pending execution, keeping the box and buffers of
/// one no longer needed for the next copy that needs one: the greedy look-ahead copies
/// games with and without a question pending into the same spares, and `Option::clone_from`
/// dropped the execution of one and allocated it anew for the next (about 23 allocations
/// a greedy game; issue 30, BENCHMARKS.md).
fn copy_pending(into: &mut Option<Execution>, from: &Option<Execution>) {
    match (into.as_mut(), from) {
        (Some(execution), Some(source)) => execution.clone_from(source),
        (None, None) => {}
        (Some(_), None) => {
            let unneeded = into.take();
            SPARE_EXECUTION.with_borrow_mut(|spare| *spare = unneeded);
        }
        (None, Some(source)) => {
            let copy = match SPARE_EXECUTION.with_borrow_mut(Option::take) {
                Some(mut execution) => {
                    execution.clone_from(source);
                    execution
                }
                None => source.clone(),
            };
            *into = Some(copy);
        }
    }
}

thread_local! {
    /// A blank game of the set this thread last started a game over with: what
    /// [`Game::become_blank`] copies.
    static BLANK_GAME: RefCell<Option<Box<Game>>> = const { RefCell::new(None) };
}

impl Game {
    /// Becomes what `Game::blank(set, seed)` gives, in this game's own buffers (copied from
    /// a blank game this thread keeps), with a runtime id of its own as a new runtime has.
    pub(crate) fn become_blank(&mut self, set: Arc<CardSet>, seed: u64) {
        BLANK_GAME.with_borrow_mut(|blank| {
            if !blank.as_ref().is_some_and(|game| Arc::ptr_eq(&game.set, &set)) {
                *blank = Some(Box::new(Game::blank(Arc::clone(&set), 0)));
            }
            if let Some(blank) = blank.as_deref() {
                self.copy_all_but_log_and_rng(blank);
            }
        });
        self.state.log.clear();
        self.state.rng = ChaCha8Rng::seed_from_u64(seed);
        self.runtime.renew_id();
    }
}

thread_local! {
    /// Copies of games no longer needed, kept so that the next copy reuses their buffers:
    /// legality makes a copy for nearly every decision, and trials of card code more.
    /// Boxed: a `Game` is over 1.6 kB, which taking out and putting back would copy.
    #[allow(clippy::vec_box)]
    static SPARE_GAMES: RefCell<Vec<Box<Game>>> = const { RefCell::new(Vec::new()) };
}

/// Spare copies kept per thread.
const MOST_SPARE_GAMES: usize = 4;

impl Game {
    /// A copy of this game for trying something out on, with an empty log of its own;
    /// made in a spare's buffers when one is kept ([`Game::discard_copy`] keeps one).
    pub(crate) fn scratch_copy(&self) -> Box<Game> {
        let spare = SPARE_GAMES.with(|spares| spares.borrow_mut().pop());
        match spare {
            Some(mut spare) => {
                // The spare's own log buffer is kept, emptied.
                spare.copy_all_but_log(self);
                spare.state.log.clear();
                spare
            }
            None => {
                let mut copy = self.new_spare();
                copy.copy_all_but_log(self);
                copy
            }
        }
    }

    /// A game to copy into: a new game's buffers (a runtime's pool of states and scratch
    /// lists, the board's lists sized once) with every pile as large as this game's, so
    /// that copies into it later, when the piles have filled, do not grow them (a clone's
    /// buffers would be only as large as the source's lists are long).
    fn new_spare(&self) -> Box<Game> {
        let mut spare = Box::new(Game::blank(Arc::clone(&self.set), 0));
        spare.reserve_like(self);
        spare
    }

    /// Keeps a spare for this thread's copies if it has none, and makes the thread's peek
    /// buffers: a game's setup does, so that the turn that first tries card code on a copy
    /// or peeks at a filter does not allocate them (a random game needs one spare at a
    /// time, the greedy look-ahead more).
    pub(crate) fn keep_a_spare(&self) {
        crate::legal::make_peek_buffers();
        SPARE_GAMES.with(|spares| {
            let mut spares = spares.borrow_mut();
            if spares.is_empty() {
                spares.push(self.new_spare());
            }
        });
    }

    /// Makes room in this game's cards and piles for as many as `source`'s hold room for.
    fn reserve_like(&mut self, source: &Game) {
        let state = &mut self.state;
        state.cards.reserve(source.state.cards.capacity().saturating_sub(state.cards.len()));
        state.places.0.reserve(source.state.places.0.capacity().saturating_sub(state.places.0.len()));
        for (player, like) in state.players.iter_mut().zip(&source.state.players) {
            let piles = [
                (&mut player.hand, &like.hand),
                (&mut player.deck, &like.deck),
                (&mut player.discards, &like.discards),
                (&mut player.removed, &like.removed),
                (&mut player.table, &like.table),
            ];
            for (pile, like) in piles {
                pile.reserve(like.capacity().saturating_sub(pile.len()));
            }
        }
    }

    /// Done with a copy from [`Game::scratch_copy`]: its buffers are kept for the next one.
    pub(crate) fn discard_copy(copy: Box<Game>) {
        SPARE_GAMES.with(|spares| {
            let mut spares = spares.borrow_mut();
            if spares.len() < MOST_SPARE_GAMES {
                spares.push(copy);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use std::collections::VecDeque;
    use std::ops::ControlFlow;

    use super::copy_queue;

    use crate::players::PlayerKind;
    use crate::sim::hash::state_hash;
    use crate::sim::{self, PlayOptions};
    use crate::{CardKind, CardSet, Game, Seat};

    /// A game of the tiny test set after `moves` moves (the first legal move each time).
    fn played(seed: u64, moves: usize) -> Game {
        let set = Arc::new(crate::testing::tiny_set().expect("the tiny set builds"));
        let characters = (0..set.cards().len()).filter(|&i| set.cards()[i].kind == CardKind::Character);
        let deck: Vec<usize> = characters.cycle().take(50).collect();
        let mut game = Game::new(Arc::clone(&set), [deck.clone(), deck], seed).expect("the game starts");
        for _ in 0..moves {
            let Some(mv) = game.legal_moves().into_iter().last() else { break };
            game.apply(mv).expect("a legal move applies");
        }
        game
    }

    /// Applies the same moves to both and checks they stay equal.
    fn assert_go_on_alike(mut a: Game, mut b: Game) {
        for _ in 0..40 {
            assert_eq!(state_hash(&a), state_hash(&b));
            let Some(mv) = a.legal_moves().into_iter().next() else { break };
            a.apply(mv).expect("legal in the original's copy");
            b.apply(mv).expect("legal in the spare");
        }
    }

    /// The corpus set (loaded once) and the cards of its decks named `decks`; `None`
    /// without the corpus.
    fn corpus_decks(decks: [&str; 2]) -> Option<(Arc<CardSet>, [Vec<crate::DefIdx>; 2])> {
        let dir = compiler::corpus::corpus_dir()?;
        static SET: std::sync::OnceLock<Arc<CardSet>> = std::sync::OnceLock::new();
        let set = SET.get_or_init(|| Arc::new(CardSet::load(&dir).expect("the corpus set loads")));
        let deck = |name: &str| {
            let text = std::fs::read_to_string(dir.join("decks").join(name)).expect("the deck reads");
            let deck = crate::deck::parse_deck(&text, name.to_owned()).expect("the deck parses");
            deck.card_ids().into_iter().map(|id| set.by_id(id).expect("a card of the set")).collect::<Vec<_>>()
        };
        Some((Arc::clone(set), [deck(decks[0]), deck(decks[1])]))
    }

    /// A game of the corpus between `decks` after `moves` decisions of random players
    /// seeded from `seed` (cards in play, effects and subscriptions); `None` without the
    /// corpus.
    fn corpus_game(decks: [&str; 2], seed: u64, moves: usize) -> Option<Game> {
        let (set, decks) = corpus_decks(decks)?;
        let mut game = Game::new(set, decks, seed).expect("the game starts");
        let mut players = [PlayerKind::Random.create(seed, Seat::FIRST), PlayerKind::Random.create(seed, Seat::SECOND)];
        let options = PlayOptions { max_decisions: moves, ..PlayOptions::default() };
        sim::play(&mut game, &mut players, &options, |_, _, _| ControlFlow::Continue(()));
        Some(game)
    }

    /// `copy` is `original` in every part: the board and log, the runtime's cards in play
    /// and effects, the pending question; and both play on alike to their end, the same
    /// random moves giving the same legal moves and states at every step (which a
    /// subscription or queued run left out of the runtime's copy would change).
    fn assert_same_game(original: &Game, copy: &Game) {
        assert_eq!(copy.state, original.state);
        assert_eq!(copy.in_play_mask, original.in_play_mask);
        assert!(copy.runtime.cards_in_play().eq(original.runtime.cards_in_play()));
        assert_eq!(copy.runtime.effects(), original.runtime.effects());
        assert_eq!(copy.runtime.pending_events(), original.runtime.pending_events());
        assert_eq!(copy.pending.as_ref().map(|e| e.request()), original.pending.as_ref().map(|e| e.request()));
        let (mut a, mut b) = (original.clone(), copy.clone());
        let mut chooser = [PlayerKind::Random.create(1, Seat::FIRST), PlayerKind::Random.create(1, Seat::SECOND)];
        let mut steps = 0;
        while a.outcome().is_none() && steps < 2_000 {
            let moves = a.legal_moves();
            assert_eq!(b.legal_moves(), moves, "after {steps} steps");
            let seat = usize::from(Seat::of(a.to_move()));
            let index = chooser[seat].choose(&a, &moves).expect("the player chooses");
            a.apply_listed(moves[index]).expect("legal in the original");
            b.apply_listed(moves[index]).expect("legal in the copy");
            assert_eq!(a.state, b.state, "after {steps} steps");
            steps += 1;
        }
        assert_eq!(a.outcome(), b.outcome());
    }

    /// A field that `clone_from` left out shows only where the spare's value differs from
    /// the source's, so several pairs of games at different points are compared.
    #[test]
    fn clone_from_into_a_spare_of_another_corpus_game_equals_clone() {
        for seed in 0..6u64 {
            let Some(source) = corpus_game(["deck-1.o8d", "deck-2.o8d"], seed, 20 + 10 * seed as usize) else { return };
            let spare_game = || corpus_game(["deck-2.o8d", "deck-1.o8d"], seed + 50, 90 - 10 * seed as usize);
            let Some(mut spare) = spare_game() else { return };
            spare.clone_from(&source);
            assert_same_game(&source, &spare);
            // The same through the spares scratch copies are made in: a spare that held
            // another game becomes the source with an empty log.
            let Some(used) = spare_game() else { return };
            Game::discard_copy(Box::new(used));
            let scratch = source.scratch_copy();
            let mut fresh = source.clone();
            fresh.state.log = crate::log::EventLog::default();
            assert_same_game(&fresh, &scratch);
        }
    }

    /// A game started over in the buffers of a played one (of another set, or of the corpus
    /// with other decks, effects in force and maybe a question pending) is the game
    /// `Game::new` makes, log included, and plays on as that one does.
    #[test]
    fn a_game_started_over_in_a_played_one_equals_a_new_one() {
        let set = Arc::new(crate::testing::tiny_set().expect("the tiny set builds"));
        let characters = (0..set.cards().len()).filter(|&i| set.cards()[i].kind == CardKind::Character);
        let deck: Vec<usize> = characters.cycle().take(50).collect();
        let fresh = Game::new(Arc::clone(&set), [deck.clone(), deck.clone()], 3).expect("the game starts");
        let mut used = played(8, 60);
        used.start_over(Arc::clone(&set), [&deck, &deck], 3).expect("the game starts over");
        assert_eq!(used.state, fresh.state);
        assert_go_on_alike(fresh, used);

        for seed in 0..4u64 {
            let Some((set, decks)) = corpus_decks(["deck-1.o8d", "deck-2.o8d"]) else { return };
            let Some(mut used) = corpus_game(["deck-2.o8d", "deck-1.o8d"], seed + 50, 30 + 20 * seed as usize) else {
                return;
            };
            let fresh = Game::new(Arc::clone(&set), decks.clone(), seed).expect("the game starts");
            used.start_over(set, [&decks[0], &decks[1]], seed).expect("the game starts over");
            assert_same_game(&fresh, &used);
        }
    }

    /// A queue copied over a longer one, from one that wraps around its buffer, and from
    /// an empty one, holds what the source holds, in order.
    #[test]
    fn a_copied_queue_holds_the_source_in_order() {
        let mut wrapped: VecDeque<u32> = (0..6).collect();
        wrapped.drain(..4);
        wrapped.extend(10..14);
        assert!(!wrapped.as_slices().1.is_empty(), "the source wraps around its buffer");
        let mut into: VecDeque<u32> = (100..120).collect();
        for from in [wrapped, VecDeque::new(), (0..3).collect()] {
            copy_queue(&mut into, &from);
            assert_eq!(into, from);
        }
    }

    #[test]
    fn clone_from_into_a_used_game_equals_clone() {
        let source = played(3, 25);
        // A spare that played another game, longer: its buffers hold other cards and logs.
        let mut spare = played(8, 60);
        spare.clone_from(&source);
        assert_eq!(spare.state, source.state);
        assert_go_on_alike(source.clone(), spare);
    }

    #[test]
    fn a_scratch_copy_made_in_a_used_spare_equals_a_fresh_one() {
        let source = played(3, 25);
        Game::discard_copy(Box::new(played(8, 60)));
        let from_spare = source.scratch_copy();
        let mut fresh = source.clone();
        fresh.state.log = crate::log::EventLog::default();
        assert_eq!(from_spare.state, fresh.state);
        assert_go_on_alike(fresh, *from_spare);
    }
}
