//! The greedy player's choices on boards built by hand (`greedy.rs`): what it casts and
//! what it leaves in hand.

use super::moves::Move;
use super::test_support::{first_main_with, mark_seen, texts};
use super::*;

/// Swords to Plowshares as Wagic writes it, a knight with protection from white (Black
/// Knight's), a plain bear, cyclers, Tome Scour (a mill), a troll that regenerates, a 3/3, a maker of tokens, 1/1s
/// worth more and less, and burn.
const CARDS: &str = "[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Swords to Plowshares\ntarget=creature\nauto=moveto(exile)\n\
auto=dynamicability<!mytgt powerlifegain targetcontroller!>\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Knight\nabilities=protection from white\nmana={B}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Cycler\nautohand=__CYCLING__({1})\nmana={5}{R}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Steppe\nautohand=__CYCLING__({W})\ntype=Land\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Tome Scour\ntarget=player\nauto=deplete:5\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Troll\nauto={B}:regenerate\nmana={2}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Badger\nmana={4}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Perfect\nauto={G}{T}:token(Elf Warrior,creature Elf Warrior,1/1,green)\nmana={2}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Striker\nabilities=first strike\nmana={1}{R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Brute\nmana={2}{R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Mob\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Lava Spike\ntarget=player\nauto=damage:3\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Duress\ntarget=opponent\n\
auto=if type(*[-creature;-land]|targetedpersonshand)~lessthan~1 then name(look) donothing \
notatarget(*|targetedpersonshand) else reject notatarget(*[-creature;-land]|targetedpersonshand)\n\
mana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fireball\ntarget=creature,player\nauto=damage:5\nmana={4}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fiend Hunter\nauto=may (blink)forsrc target(other creature|battlefield)\nmana={1}{W}{W}\ntype=Creature\n\
power=1\ntoughness=3\n[/card]\n\
[card]\nname=Ember Shot\ntarget=creature,player\nauto=damage:3\nauto=draw:1 controller\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Soul Feast\ntarget=player\nauto=life:-4\nauto=life:4 controller\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fatigue\ntarget=player\nauto=nextphasealter(remove,draw,targetedplayer)\nmana={U}\ntype=Sorcery\n[/card]\n";

#[test]
fn removal_whose_only_targets_are_its_own_creatures_stays_in_hand() {
    // p1's only creature has protection from white: the Swords could only exile p0's own Bear.
    let (mut game, swords) = first_main_with(CARDS, &["Plains"], "Swords to Plowshares", P0, HAND);
    game.table.add_card("Bear", P0, BATTLEFIELD, -1).expect("a card");
    game.table.add_card("Knight", P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(swords)), "it may be cast: {moves:?}");
    assert_eq!(game.greedy_move(P0, &moves), None);
    // A bear of p1's it may exile: cast.
    game.table.add_card("Bear", P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(swords)));
}

#[test]
fn it_cycles_a_card_it_has_no_use_for_when_nothing_else_is_worth_doing() {
    let cycles = |game: &mut Game<'static>, card| {
        let moves = game.legal_moves(P0).expect("moves");
        let cycle = moves.iter().copied().find(|m| matches!(m, Move::Activate { card: c, .. } if *c == card));
        (cycle.is_some(), cycle.is_some() && game.greedy_move(P0, &moves) == cycle)
    };
    // A six-drop beside two lands: cycled; beside four, kept (it may be cast soon).
    let (mut game, cycler) = first_main_with(CARDS, &["Plains", "Plains"], "Cycler", P0, HAND);
    assert_eq!(cycles(&mut game, cycler), (true, true));
    let (mut game, cycler) = first_main_with(CARDS, &["Plains"; 4], "Cycler", P0, HAND);
    assert_eq!(cycles(&mut game, cycler), (true, false));
    // A land, its land played this turn: cycled beside five lands, kept beside two.
    let (mut game, steppe) = first_main_with(CARDS, &["Plains"; 5], "Steppe", P0, HAND);
    game.lands_played = 1;
    assert_eq!(cycles(&mut game, steppe), (true, true));
    let (mut game, steppe) = first_main_with(CARDS, &["Plains"; 2], "Steppe", P0, HAND);
    game.lands_played = 1;
    assert_eq!(cycles(&mut game, steppe), (true, false));
    // A spell worth casting comes first.
    let (mut game, cycler) = first_main_with(CARDS, &["Plains", "Plains"], "Cycler", P0, HAND);
    let bear = game.table.add_card("Bear", P0, HAND, -1).expect("a card");
    game.table.board.players[0].mana = [0, 0, 0, 0, 1, 0];
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.iter().any(|m| matches!(m, Move::Activate { card, .. } if *card == cycler)), "{moves:?}");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(bear)));
}

#[test]
fn a_mill_spell_targets_the_other_player() {
    // Tome Scour's `deplete:5` reads as harm: p1 mills, never p0 (it once chose at random).
    for seed in 0..8 {
        let (mut game, scour) = first_main_with(CARDS, &["Island"], "Tome Scour", P0, HAND);
        (game.rng, game.players) = (Rng::new(seed), [PlayerKind::Greedy; 2]);
        let moves = game.legal_moves(P0).expect("moves");
        assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(scour)));
        game.play_move(Move::Cast(scour)).expect("cast");
        game.resolve_top().expect("resolves");
        let milled = [P0, P1].map(|player| game.table.board.zone(player, GRAVEYARD).len());
        assert_eq!(milled, [1, 5], "seed {seed}: {:?}", texts(&game));
    }
}

#[test]
fn duress_takes_the_opponents_most_valuable_card_never_its_casters() {
    // p1's hand: a five-mana Fireball, Tome Scour, a Bear (a creature: not Duress's) and a
    // land; p0 holds a Fireball of its own.
    for seed in 0..4 {
        let (mut game, duress) = first_main_with(CARDS, &["Swamp"], "Duress", P0, HAND);
        (game.rng, game.players) = (Rng::new(seed), [PlayerKind::Greedy; 2]);
        let own = game.table.add_card("Fireball", P0, HAND, -1).expect("a card");
        for name in ["Tome Scour", "Fireball", "Bear", "Plains"] {
            game.table.add_card(name, P1, HAND, -1).expect("a card");
        }
        mark_seen(&mut game);
        let moves = game.legal_moves(P0).expect("moves");
        assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(duress)));
        game.play_move(Move::Cast(duress)).expect("cast");
        game.resolve_top().expect("resolves");
        let graveyard = game.table.board.zone(P1, GRAVEYARD);
        let names: Vec<&str> =
            graveyard.iter().filter_map(|card| game.table.board.get(*card)).map(|c| c.printed.name.as_str()).collect();
        assert_eq!(names, ["Fireball"], "seed {seed}: {:?}", texts(&game));
        assert_eq!(game.table.board.get(own).map(|c| c.zone), Some(HAND));
    }
}

#[test]
fn a_creature_regenerates_only_when_its_fight_would_kill_it_and_once() {
    let (mut game, troll) = first_main_with(CARDS, &["Swamp", "Swamp"], "Troll", P0, BATTLEFIELD);
    game.phase = Phase::CombatBlockers;
    game.table.board.cards[troll.0 as usize].attacking = true;
    let regenerate = |game: &mut Game<'static>| {
        let moves = game.legal_moves(P0).expect("moves");
        let activation = moves.iter().copied().find(|m| matches!(m, Move::Activate { card, .. } if *card == troll));
        assert!(activation.is_some(), "it may regenerate: {moves:?}");
        game.greedy_move(P0, &moves).filter(|chosen| Some(*chosen) == activation)
    };
    // Unblocked: no shield (it once spent its mana on one each combat).
    assert_eq!(regenerate(&mut game), None);
    // Blocked by a 2/2: it would die, so it regenerates, once.
    let bear = game.table.add_card("Bear", P1, BATTLEFIELD, -1).expect("a card");
    game.table.board.cards[bear.0 as usize].blocking = Some(troll);
    let shield = regenerate(&mut game).expect("a shield");
    game.play_move(shield).expect("activates");
    game.resolve_top().expect("resolves");
    assert_eq!(regenerate(&mut game), None, "{:?}", texts(&game));
}

#[test]
fn all_attack_when_together_they_are_lethal_past_the_blockers() {
    // Three 2/2s against a 3/3 that kills any of them: none attacks, unless the two the
    // 3/3 cannot block deal the opponent's last 4 life (it once never attacked).
    let attackers = |life: i32| {
        let (mut game, _) = first_main_with(CARDS, &[], "Badger", P1, BATTLEFIELD);
        game.players = [PlayerKind::Greedy; 2];
        for _ in 0..3 {
            game.table.add_card("Bear", P0, BATTLEFIELD, -1).expect("a card");
        }
        game.table.board.players[1].life = life;
        game.declare_attackers().expect("attacks");
        texts(&game).iter().filter(|text| text.ends_with("attacks")).count()
    };
    assert_eq!(attackers(4), 3);
    assert_eq!(attackers(5), 0);
}

#[test]
fn a_token_maker_makes_tokens_in_its_second_main_phase() {
    let (mut game, perfect) = first_main_with(CARDS, &["Forest"], "Perfect", P0, BATTLEFIELD);
    let makes = |game: &mut Game<'static>| {
        let moves = game.legal_moves(P0).expect("moves");
        let activation = moves.iter().copied().find(|m| matches!(m, Move::Activate { card, .. } if *card == perfect));
        assert!(activation.is_some(), "it may make one: {moves:?}");
        game.greedy_move(P0, &moves).is_some_and(|chosen| Some(chosen) == activation)
    };
    // Before combat it may attack instead; after, its {G}{T} makes a 1/1 (it once never did).
    assert!(!makes(&mut game));
    game.phase = Phase::SecondMain;
    assert!(makes(&mut game));
}

#[test]
fn no_trade_up_against_a_first_strike_that_kills_the_blocker_first() {
    // The Mob (1/1) trades with a dearer Brute (1/1), but a Striker's first strike kills
    // it before it strikes back: no block (it once chumped).
    let blocks = |attacker: &str| {
        let (mut game, mob) = first_main_with(CARDS, &[], "Mob", P1, BATTLEFIELD);
        let attacker = game.table.add_card(attacker, P0, BATTLEFIELD, -1).expect("a card");
        game.settle().expect("settles");
        game.table.board.cards[attacker.0 as usize].attacking = true;
        game.greedy_blocks(&[attacker]) == [(mob, attacker)]
    };
    assert!(blocks("Brute"));
    assert!(!blocks("Striker"));
}

#[test]
fn burn_goes_at_the_opponent_when_only_players_or_a_full_hand_allow() {
    // Lava Spike can hit only players: cast at 20 life (it once stayed in hand for good).
    let (mut game, spike) = first_main_with(CARDS, &["Mountain"], "Lava Spike", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(spike)));
    // A Shock kills no creature of theirs: kept, unless the hand holds more than seven.
    let shock = |extra: usize| {
        let (mut game, shock) = first_main_with(CARDS, &["Mountain"], "Shock", P0, HAND);
        game.players = [PlayerKind::Greedy; 2];
        for _ in 0..extra {
            game.table.add_card("Badger", P0, HAND, -1).expect("a card");
        }
        let moves = game.legal_moves(P0).expect("moves");
        game.greedy_move(P0, &moves) == Some(Move::Cast(shock))
    };
    assert!(!shock(6));
    assert!(shock(7));
}

#[test]
fn a_full_hand_gives_up_a_spare_land_or_else_its_dearest_spell() {
    let (mut game, _) = first_main_with(CARDS, &[], "Mountain", P0, HAND);
    let hand: Vec<CardId> = ["Bear", "Mountain", "Badger", "Mob"]
        .iter()
        .map(|name| game.table.add_card(name, P0, HAND, -1).expect("a card"))
        .collect();
    // Two lands out: the Badger ({4}{R}), the dearest; five: a land.
    assert_eq!(game.greedy_discard(P0, &hand), 2);
    for _ in 0..5 {
        game.table.add_card("Mountain", P0, BATTLEFIELD, -1).expect("a card");
    }
    assert_eq!(game.greedy_discard(P0, &hand), 1);
}

#[test]
fn a_fiend_hunter_exiles_none_of_its_own_creatures() {
    // "you may exile another target creature": with no creature of the opponent's it
    // declines (two Fiend Hunters once exiled each other in turn until the game stopped).
    let hunts = |opponents_bear: bool| {
        let (mut game, bear) = first_main_with(CARDS, &[], "Bear", P0, BATTLEFIELD);
        game.players = [PlayerKind::Greedy; 2];
        let theirs = opponents_bear.then(|| game.table.add_card("Bear", P1, BATTLEFIELD, -1).expect("a card"));
        game.table.add_card("Fiend Hunter", P0, BATTLEFIELD, -1).expect("a card");
        game.settle().expect("settles");
        let zone = |card: CardId| game.table.board.get(card).map(|c| c.zone);
        (zone(bear), theirs.and_then(zone))
    };
    assert_eq!(hunts(false), (Some(BATTLEFIELD), None));
    assert_eq!(hunts(true), (Some(BATTLEFIELD), Some(EXILE)));
}

#[test]
fn a_cantrip_or_a_drain_is_aimed_like_the_harm_it_does() {
    // Ember Shot's draw and Soul Feast's gain are the caster's: its target gets the harm,
    // always the opponent's (each was once aimed at random, one's own Bear or oneself).
    for seed in 0..8 {
        let (mut game, shot) = first_main_with(CARDS, &["Mountain"], "Ember Shot", P0, HAND);
        (game.rng, game.players) = (Rng::new(seed), [PlayerKind::Greedy; 2]);
        let bears = [P0, P1].map(|player| game.table.add_card("Bear", player, BATTLEFIELD, -1).expect("a card"));
        let moves = game.legal_moves(P0).expect("moves");
        assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(shot)));
        game.play_move(Move::Cast(shot)).expect("cast");
        game.resolve_top().expect("resolves");
        let zones = bears.map(|bear| game.table.board.get(bear).map(|c| c.zone));
        assert_eq!(zones, [Some(BATTLEFIELD), Some(GRAVEYARD)], "seed {seed}: {:?}", texts(&game));

        let (mut game, feast) = first_main_with(CARDS, &["Swamp"], "Soul Feast", P0, HAND);
        (game.rng, game.players) = (Rng::new(seed), [PlayerKind::Greedy; 2]);
        game.play_move(Move::Cast(feast)).expect("cast");
        game.resolve_top().expect("resolves");
        let life = [P0, P1].map(|player| game.table.board.player(player).life);
        assert_eq!(life, [24, 16], "seed {seed}: {:?}", texts(&game));
    }
}

#[test]
fn fatigue_makes_the_opponent_skip_a_draw_never_its_caster() {
    for seed in 0..8 {
        let (mut game, fatigue) = first_main_with(CARDS, &["Island"], "Fatigue", P0, HAND);
        (game.rng, game.players) = (Rng::new(seed), [PlayerKind::Greedy; 2]);
        let moves = game.legal_moves(P0).expect("moves");
        assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(fatigue)));
        game.play_move(Move::Cast(fatigue)).expect("cast");
        game.resolve_top().expect("resolves");
        // Each player's next turn: only p1's draw step is skipped.
        let skips = [P0, P1].map(|player| {
            game.table.board.begin_turn_alters(player);
            game.table.board.skips_step(player, Phase::Draw)
        });
        assert_eq!(skips, [false, true], "seed {seed}: {:?}", texts(&game));
    }
}
