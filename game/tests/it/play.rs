//! Whole games between players (`game::players`, `game::sim`): one seed gives one trace,
//! a copied game goes on alike, a scripted player replays a recorded game, and every valid
//! corpus deck plays complete games with random and greedy players, no invariant broken.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use crate::support::corpus_dir;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use game::players::{Player, PlayerKind, ScriptedPlayer};
use game::sim::shard::{Configuration, DeckSource, SetSource, Shard, Simulation};
use game::sim::stats::{EndKind, GameSummary, Tally};
use game::sim::{self, PlayOptions, hash};
use game::{CardSet, DefIdx, Game, LogKind, Seat};

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn deck(set: &CardSet, path: &Path) -> Vec<DefIdx> {
    let deck = game::deck::load_deck(path, |id| set.by_id(id).is_some()).expect("the deck is valid");
    deck.card_ids().into_iter().map(|id| set.by_id(id).expect("known card")).collect()
}

/// The example set and its two decks.
fn examples() -> (Arc<CardSet>, [Vec<DefIdx>; 2]) {
    let dir = examples_dir();
    let set = CardSet::load(&dir).expect("the example set loads");
    let decks = [deck(&set, &dir.join("decks/vanguard.o8d")), deck(&set, &dir.join("decks/arcana.o8d"))];
    (Arc::new(set), decks)
}

/// The example decks' simulation: `games` games, a low turn limit so that some hit it.
fn simulation(games: u64) -> Simulation {
    let (set, [a, b]) = examples();
    let deck = |name: &str| DeckSource { name: name.into(), path: format!("{name}.o8d"), hash: name.into() };
    let configuration = Configuration {
        set: SetSource { path: "examples".into(), hash: "h".into() },
        decks: vec![deck("vanguard"), deck("arcana")],
        all_decks: false,
        games_per_pair: games,
        players: [PlayerKind::Greedy, PlayerKind::Random],
        seed: 11,
        turn_limit: Some(9),
        check: true,
    };
    Simulation::new(configuration, set, vec![a, b]).expect("a simulation")
}

/// A game's summary reads the plays, back-ups and traps where the log noted them: it finds
/// what a walk over every entry finds, in random games of the example decks.
#[test]
fn a_summary_finds_every_play_and_backup_a_walk_over_the_log_finds() {
    let (set, decks) = examples();
    let mut backups = 0;
    for seed in 0..20 {
        let mut game = Game::new(Arc::clone(&set), decks.clone(), seed).expect("starts");
        let mut players = [PlayerKind::Random.create(seed, Seat::FIRST), PlayerKind::Random.create(seed, Seat::SECOND)];
        let played = sim::play(&mut game, &mut players, &PlayOptions::default(), |_, _, _| ControlFlow::Continue(()));
        let summary = GameSummary::of(&game, &played, seed, seed, [0, 1]);
        let original = |card| game.state().card(card).expect("a card of the game").original();
        let mut plays = [Vec::new(), Vec::new()];
        let mut traps = Vec::new();
        for entry in game.log() {
            match entry.kind {
                LogKind::Play { player, card, .. } => plays[usize::from(player)].push(original(card)),
                LogKind::Backup { card, .. } => {
                    backups += 1;
                    let owner = game.state().card(card).expect("a card of the game").owner;
                    plays[owner.index()].push(original(card));
                }
                LogKind::Trap { message, .. } => traps.push(message),
                _ => {}
            }
        }
        assert_eq!(summary.plays, plays, "seed {seed}");
        assert_eq!((summary.traps as usize, summary.first_trap.as_deref()), (traps.len(), traps.first().copied()));
    }
    assert!(backups > 0, "some back-ups were played");
}

/// A random or greedy player that played a game, started over for another, plays that one
/// as a new player of the game would; a scripted player cannot start over.
#[test]
fn a_player_started_over_plays_as_a_new_one() {
    let (set, decks) = examples();
    let play = |players: &mut [Box<dyn Player>; 2], seed| {
        let mut game = Game::new(Arc::clone(&set), decks.clone(), seed).expect("starts");
        let played = sim::play(&mut game, players, &PlayOptions::default(), |_, _, _| ControlFlow::Continue(()));
        (played.steps, hash::trace_hash(game.log()))
    };
    for kind in [PlayerKind::Random, PlayerKind::Greedy] {
        let mut used = [kind.create(4, Seat::FIRST), kind.create(4, Seat::SECOND)];
        play(&mut used, 4);
        for (player, seat) in used.iter_mut().zip(Seat::BOTH) {
            assert!(player.start_over(5, seat), "{kind}");
        }
        let mut new = [kind.create(5, Seat::FIRST), kind.create(5, Seat::SECOND)];
        assert_eq!(play(&mut used, 5), play(&mut new, 5), "{kind}");
    }
    assert!(!PlayerKind::Scripted.create(1, Seat::FIRST).start_over(2, Seat::FIRST));
}

#[test]
fn a_simulation_played_in_ranges_adds_up_to_the_whole_and_game_i_is_always_the_same() {
    let sim = simulation(10);
    let go = AtomicBool::new(false);
    let mut counted = 0;
    let whole = sim.play(0..10, &go, || counted += 1);
    assert_eq!((whole.games, counted), (10, 10));
    assert!(whole.turn_limit > 0 && whole.turn_limit < 10, "some games hit turn 9: {}", whole.turn_limit);
    let mut parts = sim.play(7..10, &go, || {});
    parts.merge(&sim.play(0..3, &go, || {}));
    parts.merge(&sim.play(3..7, &go, || {}));
    parts.settle();
    assert_eq!(parts, whole);
    // Each kept game carries the hash of its event log.
    let kept = &whole.turn_limit_list.games()[0];
    assert_eq!(kept.trace_hash.as_ref().map(String::len), Some(64));
    // Past the run's end nothing is played; a stopped simulation plays nothing more.
    assert_eq!(sim.play(10..20, &go, || {}).games, 0);
    let stop = AtomicBool::new(true);
    assert_eq!(sim.play(0..10, &stop, || {}).games, 0);
    stop.store(false, Ordering::Relaxed);
    assert_eq!(sim.play(0..1, &stop, || stop.store(true, Ordering::Relaxed)).games, 1);
}

/// Found by the `tally` fuzz target: two tallies whose playing times add up past the
/// largest `f64` merged into a tally of infinite seconds, which JSON writes as `null`:
/// `rsc sim merge --tally-out` wrote a file no `rsc` could read back ("invalid type: null,
/// expected f64"). The sum now stops at the largest time, and a tally whose time is no
/// time (negative; JSON cannot say infinite) is refused.
#[test]
fn tallies_whose_seconds_add_up_past_the_largest_float_merge_into_a_tally_that_reads_back() {
    let sim = simulation(4);
    let go = AtomicBool::new(false);
    let shard = |games: std::ops::Range<u64>, seconds: f64| {
        let tally = sim.play(games.clone(), &go, || {});
        sim.shard(vec![[games.start, games.end]], tally, Vec::new(), (seconds, 1), false)
    };
    let parts = vec![("a.json".to_owned(), shard(0..2, f64::MAX)), ("b.json".to_owned(), shard(2..4, f64::MAX))];
    let merged = Shard::merge(parts).expect("the two halves of a run merge");
    assert_eq!(merged.seconds, f64::MAX);
    let read = Shard::parse(&merged.to_json()).expect("the merged tally reads back");
    assert_eq!(read, merged);
    let mut json: serde_json::Value = serde_json::from_str(&merged.to_json()).expect("a tally is JSON");
    json["seconds"] = serde_json::json!(-1.5);
    assert_eq!(Shard::parse(&json.to_string()), Err("its seconds, -1.5, are no time spent playing".to_owned()));
}

fn options() -> PlayOptions {
    PlayOptions { check_invariants: true, state_hashes: true, ..PlayOptions::default() }
}

/// Plays one game with `kinds` and returns it with what was played.
fn play(set: &Arc<CardSet>, decks: &[Vec<DefIdx>; 2], seed: u64, kinds: [PlayerKind; 2]) -> (Game, sim::Played) {
    let mut game = Game::new(Arc::clone(set), decks.clone(), seed).expect("the game starts");
    let mut players = [kinds[0].create(seed, Seat::FIRST), kinds[1].create(seed, Seat::SECOND)];
    let played = sim::play(&mut game, &mut players, &options(), |_, _, _| ControlFlow::Continue(()));
    (game, played)
}

#[test]
fn one_seed_gives_one_trace_and_another_seed_another() {
    let (set, decks) = examples();
    for kinds in [[PlayerKind::Random; 2], [PlayerKind::Greedy, PlayerKind::Random]] {
        let (first, played) = play(&set, &decks, 11, kinds);
        assert_eq!(played.error, None);
        assert!(first.outcome().is_some(), "the game ends");
        let (again, _) = play(&set, &decks, 11, kinds);
        let (other, _) = play(&set, &decks, 12, kinds);
        assert_eq!(hash::trace_hash(first.log()), hash::trace_hash(again.log()));
        assert_ne!(hash::trace_hash(first.log()), hash::trace_hash(other.log()));
    }
}

#[test]
fn a_game_copied_midway_goes_on_alike_with_the_same_moves() {
    let (set, decks) = examples();
    let (_, played) = play(&set, &decks, 5, [PlayerKind::Random; 2]);
    let moves: Vec<_> = played.steps.iter().map(|s| s.mv).collect();
    let half = moves.len() / 2;
    let mut game = Game::new(Arc::clone(&set), decks, 5).expect("starts");
    for mv in &moves[..half] {
        game.apply(*mv).expect("legal");
    }
    let mut copy = game.clone();
    for mv in &moves[half..] {
        game.apply(*mv).expect("legal in the original");
        copy.apply(*mv).expect("legal in the copy");
        assert_eq!(hash::state_hash(&game), hash::state_hash(&copy));
    }
    assert!(game.outcome().is_some());
    assert_eq!(game.outcome(), copy.outcome());
    assert_eq!(hash::trace_hash(game.log()), hash::trace_hash(copy.log()));
}

#[test]
fn a_scripted_player_replays_a_recorded_game_step_for_step() {
    let (set, decks) = examples();
    let (original, played) = play(&set, &decks, 21, [PlayerKind::Greedy, PlayerKind::Random]);
    let script = |seat: Seat| played.steps.iter().filter(|s| s.seat == seat).map(|s| s.mv).collect();
    let mut players: [Box<dyn Player>; 2] =
        [Box::new(ScriptedPlayer::new(script(Seat::FIRST))), Box::new(ScriptedPlayer::new(script(Seat::SECOND)))];
    let mut game = Game::new(Arc::clone(&set), decks, 21).expect("starts");
    let replayed = sim::play(&mut game, &mut players, &options(), |_, _, _| ControlFlow::Continue(()));
    assert_eq!(replayed.error, None);
    assert_eq!(replayed.steps, played.steps, "same moves and the same state hash after each");
    assert_eq!(hash::trace_hash(game.log()), hash::trace_hash(original.log()));
}

#[test]
fn a_scripted_player_reports_a_move_that_is_not_legal() {
    let (set, decks) = examples();
    let mut game = Game::new(Arc::clone(&set), decks, 3).expect("starts");
    let wrong = game::Move::Block { slot: 3, attacker: 3 };
    let mut players: [Box<dyn Player>; 2] =
        [Box::new(ScriptedPlayer::new(vec![wrong])), Box::new(ScriptedPlayer::new(vec![wrong]))];
    let played = sim::play(&mut game, &mut players, &options(), |_, _, _| ControlFlow::Continue(()));
    match played.error {
        Some(sim::PlayError::Player { step: 1, message, .. }) => assert!(message.contains("not legal"), "{message}"),
        other => panic!("expected the script's first move refused, got {other:?}"),
    }
}

#[test]
fn players_own_streams_leave_the_other_seat_alone() {
    // Seat 0's random player draws the same picks whatever player sits in seat 1 and
    // however often it draws in between: a player's stream depends on the game's seed and
    // its seat only, never on a stream another player shares.
    let (set, decks) = examples();
    let game = Game::new(set, decks, 9).expect("starts");
    let moves = game.legal_moves();
    assert!(moves.len() > 1, "the first decision offers a choice to draw from");
    let mut alone = PlayerKind::Random.create(9, Seat::FIRST);
    let picks_alone: Vec<usize> = (0..20).map(|_| alone.choose(&game, &moves).expect("chooses")).collect();
    for other in [PlayerKind::Random, PlayerKind::Greedy] {
        let mut players = [PlayerKind::Random.create(9, Seat::FIRST), other.create(9, Seat::SECOND)];
        let picks: Vec<usize> = (0..20)
            .map(|_| {
                players[1].choose(&game, &moves).expect("seat 1 chooses");
                players[0].choose(&game, &moves).expect("seat 0 chooses")
            })
            .collect();
        assert_eq!(picks, picks_alone, "seat 0's picks changed with a {other} player in seat 1");
    }
    assert_ne!(game::players::player_seed(9, Seat::FIRST), game::players::player_seed(9, Seat::SECOND));
}

#[test]
fn greedy_beats_random_more_often_than_not() {
    let (set, decks) = examples();
    let mut greedy_wins = 0;
    for seed in 0..12u64 {
        let (game, played) = play(&set, &decks, seed, [PlayerKind::Greedy, PlayerKind::Random]);
        assert_eq!(played.error, None);
        greedy_wins += u32::from(game.outcome().and_then(|o| o.winner) == Some(Seat::FIRST));
    }
    assert!(greedy_wins >= 7, "greedy won {greedy_wins} of 12");
}

#[test]
fn every_valid_corpus_deck_plays_whole_games_with_random_and_greedy_players() {
    let Some(dir) = corpus_dir() else { return };
    let set = Arc::new(CardSet::load(&dir).expect("the corpus loads"));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join("decks"))
        .expect("decks/")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "o8d"))
        .collect();
    paths.sort();
    let decks: Vec<Vec<DefIdx>> = paths
        .iter()
        .filter_map(|p| game::deck::load_deck(p, |id| set.by_id(id).is_some()).ok())
        .map(|d| d.card_ids().into_iter().filter_map(|id| set.by_id(id)).collect())
        .collect();
    assert!(decks.len() >= 27, "{} valid decks", decks.len());
    let mut tally = Tally::new(decks.len(), set.cards().len());
    for (i, deck) in decks.iter().enumerate() {
        let other = &decks[(i + 1) % decks.len()];
        for (n, kinds) in [[PlayerKind::Random; 2], [PlayerKind::Greedy; 2]].into_iter().enumerate() {
            let seed = (i * 2 + n) as u64;
            let pair = [deck.clone(), other.clone()];
            let mut game = Game::new(Arc::clone(&set), pair, seed).expect("starts");
            game.set_turn_limit(80);
            let mut players = [kinds[0].create(seed, Seat::FIRST), kinds[1].create(seed, Seat::SECOND)];
            let options = PlayOptions { check_invariants: true, ..PlayOptions::default() };
            let played = sim::play(&mut game, &mut players, &options, |_, _, _| ControlFlow::Continue(()));
            let summary = GameSummary::of(&game, &played, seed, seed, [i, (i + 1) % decks.len()]);
            assert_eq!(summary.error, None, "{} seed {seed}", paths[i].display());
            assert_eq!(summary.traps, 0, "{} seed {seed}: {:?}", paths[i].display(), summary.first_trap);
            assert_ne!(summary.end, EndKind::Error);
            tally.add(&summary);
        }
    }
    assert_eq!(tally.games, 2 * decks.len() as u64);
    assert_eq!(tally.errors, 0);
}
