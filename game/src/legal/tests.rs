//! Tests of legality: what a listing allows, read from the game as on a copy.

use std::ops::ControlFlow;
use std::sync::Arc;

use vm::bytecode::CardIdx;

use super::Probe;
use crate::players::PlayerKind;
use crate::sim::{self, PlayOptions};
use crate::state::{CardRef, Zone};
use crate::{CardKind, CardSet, DefIdx, Game, Seat};

/// Whether `card`'s rules would pass for `me`: read from the game (`None` when the read
/// cannot tell) and run on a copy of it.
fn read_and_run_on_a_copy(game: &Game, card: CardRef, me: Seat) -> (Option<bool>, bool) {
    let rules = game.state.card(card).and_then(|c| c.rules).expect("the card has rules");
    let data = game.set.program().card(CardIdx(rules)).expect("its bundle card");
    let mut copy = game.scratch_copy();
    let reference = copy.activation_passes(card, rules, me, false);
    Game::discard_copy(copy);
    (game.trial_answer_read(card, data, me, false, None), reference)
}

/// Game 0 of the corpus decks `deck-1` against `deck-2`; `None` when the corpus is absent.
fn corpus_game() -> Option<Game> {
    let dir = compiler::corpus::corpus_dir()?;
    let set = Arc::new(CardSet::load(&dir).expect("the corpus set loads"));
    let decks = corpus_decks(&set, &dir);
    let deck = |name: &str| decks.iter().find(|(n, _)| n == name).expect("the corpus has the deck").1.clone();
    Some(Game::new(Arc::clone(&set), [deck("deck-1.o8d"), deck("deck-2.o8d")], 0).expect("the game starts"))
}

/// Puts the card named `name` (one of the decks') in a free ring slot of the player to
/// act, and returns it.
fn put_in_ring(game: &mut Game, name: &str) -> CardRef {
    let me = game.state.active;
    let card = (0..game.state.cards.len() as u32)
        .map(CardRef)
        .find(|&c| game.state.def(c).is_some_and(|d| d.name == name))
        .expect("the decks hold the card");
    let slot = (0..4u8).find(|&s| game.state.slot_card(me, s).is_none()).expect("a free ring slot");
    assert!(game.state.move_card_to(card, me, Zone::Ring(slot), -1));
    card
}

/// The cards of every deck of the corpus's `decks` folder that parses, by file name.
fn corpus_decks(set: &CardSet, dir: &std::path::Path) -> Vec<(String, Vec<DefIdx>)> {
    let mut paths: Vec<_> = std::fs::read_dir(dir.join("decks"))
        .expect("the corpus has a decks folder")
        .map(|entry| entry.expect("the decks folder lists").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "o8d"))
        .collect();
    paths.sort();
    let mut decks = Vec::new();
    for path in paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let text = std::fs::read_to_string(&path).expect("the deck reads");
        let Ok(deck) = crate::deck::parse_deck(&text, name.clone()) else { continue };
        let cards: Option<Vec<DefIdx>> = deck.card_ids().into_iter().map(|id| set.by_id(id)).collect();
        if let Some(cards) = cards {
            decks.push((name, cards));
        }
    }
    decks
}

/// The subtypes back-up targets accept, as `main_moves` skips characters by them: a
/// number inserted is held, one not inserted is not, and past the bits every number
/// may be held (never a character skipped that a target might take).
#[test]
fn accepted_subtypes_answer_no_only_for_numbers_never_inserted() {
    let mut accepted = crate::set::Subtypes::default();
    accepted.insert(0);
    accepted.insert(47);
    assert!(accepted.may_hold(0) && accepted.may_hold(47));
    assert!(!accepted.may_hold(1) && !accepted.may_hold(63));
    assert!(accepted.may_hold(64) && accepted.may_hold(u32::MAX), "numbers past the bits may be held");
    accepted.insert(200);
    assert!(accepted.may_hold(1), "once a number past the bits is in, every number may be");
    let mut gathered = crate::set::Subtypes::default();
    let mut low = crate::set::Subtypes::default();
    low.insert(5);
    gathered.add(low);
    assert!(gathered.may_hold(5) && !gathered.may_hold(6), "added, a set holds the numbers of the other");
}

/// At every decision of random and greedy games between the corpus's decks, the legal
/// moves read from the game itself (`Probe::new`: no copy until card code must run)
/// are those of the reference that runs every check on a copy made up front.
#[test]
fn legality_read_from_the_game_answers_as_on_a_copy() {
    let Some(dir) = compiler::corpus::corpus_dir() else { return };
    let set = Arc::new(CardSet::load(&dir).expect("the corpus set loads"));
    let decks = corpus_decks(&set, &dir);
    assert!(decks.len() >= 2, "the corpus has decks");
    let mut decisions = 0usize;
    for (i, (kind, seeds)) in [(PlayerKind::Random, 0..24u64), (PlayerKind::Greedy, 0..6u64)].into_iter().enumerate() {
        for seed in seeds {
            let first = (seed as usize + i) % decks.len();
            let second = (first + 1 + seed as usize / decks.len()) % decks.len();
            let cards = [decks[first].1.clone(), decks[second].1.clone()];
            let Ok(mut game) = Game::new(Arc::clone(&set), cards, seed) else { continue };
            game.set_turn_limit(30);
            let mut players = [kind.create(seed, Seat::FIRST), kind.create(seed, Seat::SECOND)];
            let options = PlayOptions { max_decisions: 3_000, ..PlayOptions::default() };
            let mut check = |game: &Game| {
                decisions += 1;
                assert_eq!(
                    game.legal_moves(),
                    game.legal_moves_on_a_copy(),
                    "{} against {}, seed {seed}, turn {}",
                    decks[first].0,
                    decks[second].0,
                    game.state.turn
                );
            };
            check(&game);
            sim::play(&mut game, &mut players, &options, |game, _, _| {
                check(game);
                ControlFlow::Continue(())
            });
        }
    }
    assert!(decisions > 1_000, "only {decisions} decisions were compared");
}

/// At every decision of a random game of each of the corpus's decks against the next,
/// each trial that
/// `trial_answer_read` answers from the game (for every card with rules in either
/// player's hand and ring, tried by either player) gets the answer of the reference,
/// which checks the requisites and runs the trial on copies; and the answers read
/// include passes and failures of cards with requisites, with a rule target and with
/// a cost whose filter is resolved.
#[test]
fn trials_read_from_the_game_answer_as_run_on_a_copy() {
    let Some(dir) = compiler::corpus::corpus_dir() else { return };
    let set = Arc::new(CardSet::load(&dir).expect("the corpus set loads"));
    let decks = corpus_decks(&set, &dir);
    // (passes, failures) read, for cards with requisites, a rule target, a cost filter.
    let mut read = [(0usize, 0usize); 3];
    for seed in 0..decks.len() as u64 {
        let first = seed as usize % decks.len();
        let second = (first + 1 + seed as usize / decks.len()) % decks.len();
        let cards = [decks[first].1.clone(), decks[second].1.clone()];
        let Ok(mut game) = Game::new(Arc::clone(&set), cards, seed) else { continue };
        game.set_turn_limit(20);
        let mut players = [PlayerKind::Random.create(seed, Seat::FIRST), PlayerKind::Random.create(seed, Seat::SECOND)];
        let options = PlayOptions { max_decisions: 2_000, ..PlayOptions::default() };
        sim::play(&mut game, &mut players, &options, |game, _, _| {
            for me in [Seat::FIRST, Seat::SECOND] {
                for owner in [Seat::FIRST, Seat::SECOND] {
                    let player = game.state.player(owner);
                    for card in player.hand.iter().copied().chain(player.characters()) {
                        let Some(rules) = game.state.card(card).and_then(|c| c.rules) else { continue };
                        let Some(data) = game.set.program().card(CardIdx(rules)) else { continue };
                        // Told the card's place, as a listing tells it.
                        let place = game.state.locate_card(card);
                        let Some(answer) = game.trial_answer_read(card, data, me, false, place) else { continue };
                        let mut copy = game.scratch_copy();
                        let reference = copy.activation_passes(card, rules, me, false);
                        Game::discard_copy(copy);
                        let name = game.state.def(card).map_or("?", |d| d.name.as_str());
                        assert_eq!(answer, reference, "{name} tried by {me:?}, seed {seed}, turn {}", game.state.turn);
                        let filtered_cost = data.actions.iter().any(|a| a.costs.iter().any(|c| c.filter.is_some()));
                        let kinds = [!data.requisites.is_empty(), data.target.is_some(), filtered_cost];
                        for (tally, _) in read.iter_mut().zip(kinds).filter(|(_, kind)| *kind) {
                            if answer { tally.0 += 1 } else { tally.1 += 1 }
                        }
                    }
                }
            }
            ControlFlow::Continue(())
        });
    }
    for (kind, (passes, failures)) in ["requisites", "rule target", "cost filter"].iter().zip(read) {
        assert!(passes >= 100 && failures >= 100, "{kind}: {passes} passes and {failures} failures read");
    }
}

/// A trial meets an optional rule target (`target?`) before its costs: frozen, `Damn D`
/// cannot pay `{F}`, so its ■ ability fails, read from the game as on a copy, while its
/// deck holds no character of 500 BP or less, and passes (asking which) once it holds two.
#[test]
fn an_optional_target_asks_before_a_cost_fails_when_read() {
    let Some(mut game) = corpus_game() else { return };
    let me = game.state.active;
    let damn_d = put_in_ring(&mut game, "Damn D");
    game.state.card_mut(damn_d).expect("Damn D's state").frozen = true;
    let small = |game: &Game, c: CardRef| {
        game.state.def(c).is_some_and(|d| d.kind == CardKind::Character && d.bp <= 500) && c != damn_d
    };
    let in_deck: Vec<CardRef> = game.state.player(me).deck.iter().copied().filter(|&c| small(&game, c)).collect();
    assert!(in_deck.len() >= 2, "deck-1 holds characters of 500 BP or less");
    for &card in &in_deck {
        game.state.move_card_to(card, me, Zone::Discards, -1);
    }
    let answers = |game: &Game| read_and_run_on_a_copy(game, damn_d, me);
    assert_eq!(answers(&game), (Some(false), false));
    for &card in &in_deck[..2] {
        game.state.move_card_to(card, me, Zone::Deck, 0);
    }
    assert_eq!(answers(&game), (Some(true), true));
}

/// A card played is on the table while its trial runs, so it cannot pay its own cost:
/// `Domination` (`{D(action)}`) in a hand with no other action fails, read from the
/// game as on a copy, and passes beside another action.
#[test]
fn a_card_played_cannot_pay_its_own_cost_when_read() {
    let Some(mut game) = corpus_game() else { return };
    let me = game.state.active;
    let named = |game: &Game, name: &str| {
        (0..game.state.cards.len() as u32)
            .map(CardRef)
            .filter(|&c| game.state.def(c).is_some_and(|d| d.name == name))
            .collect::<Vec<_>>()
    };
    let domination = named(&game, "Domination")[0];
    let other_action = named(&game, "Abduction")[0];
    for card in game.state.player(me).hand.clone() {
        if game.state.kind(card) == Some(CardKind::Action) {
            game.state.move_card_to(card, me, Zone::Deck, 0);
        }
    }
    game.state.move_card_to(domination, me, Zone::Hand, -1);
    let answers = |game: &Game| read_and_run_on_a_copy(game, domination, me);
    assert_eq!(answers(&game), (Some(false), false));
    game.state.move_card_to(other_action, me, Zone::Hand, -1);
    assert_eq!(answers(&game), (Some(true), true));
}

/// A player without SP cannot pay a cost the modifiers leave, whatever `beforePayCost`
/// autos add (a cost they change ends at -1 at most): legality answers so without the
/// copy their run needs. With SP, Kyosuke's auto runs (an action costs 2 less).
#[test]
fn a_player_without_sp_cannot_pay_a_cost_whatever_autos_add() {
    let Some(mut game) = corpus_game() else { return };
    let me = game.state.active;
    put_in_ring(&mut game, "Kyosuke");
    game.sync_play();
    let action = crate::phases::CostType::ACTION;
    game.state.player_mut(me).sp = 0;
    let mut probe = Probe::new(&game);
    assert!(!probe.affordable(me, action, -3, None));
    assert!(probe.copy.is_none(), "no copy made to run the autos");
    drop(probe);
    game.state.player_mut(me).sp = 1;
    let mut probe = Probe::new(&game);
    assert!(probe.affordable(me, action, -3, None), "Kyosuke's auto makes the cost -1");
    assert!(probe.copy.is_some(), "the autos ran on a copy");
}

/// A ■ ability whose only cost is `{F}` (Bilstein) is answered from the card's facts as
/// its trial answers, read from the game and run on a copy; one with a rule target
/// (Damn D's `target?`) is left to the trial.
#[test]
fn an_ability_of_costs_alone_answers_as_its_trial() {
    let Some(mut game) = corpus_game() else { return };
    let me = game.state.active;
    let (bilstein, damn_d) = (put_in_ring(&mut game, "Bilstein"), put_in_ring(&mut game, "Damn D"));
    let rules = |game: &Game, card: CardRef| game.state.card(card).and_then(|c| c.rules).expect("the card has rules");
    let probe = Probe::new(&game);
    assert_eq!(probe.ability_costs_alone(bilstein, rules(&game, bilstein), me), Some(true));
    assert_eq!(read_and_run_on_a_copy(&game, bilstein, me), (Some(true), true));
    assert_eq!(probe.ability_costs_alone(damn_d, rules(&game, damn_d), me), None, "a rule target is tried");
}
