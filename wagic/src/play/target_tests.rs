//! Targets in a game on a board set up by hand: chosen as the spell is cast and named on
//! its line, one legal target a question with one answer (so the spell waits on the
//! stack with it), a spell whose every target left fizzles, one with a target left acts
//! on it only (rule 608.2b), a target that gained shroud is no longer legal, and a spec
//! over two zones offers the cards of both.

use super::moves::Move;
use super::test_support::{begin_first_main, mark_seen, new_game, texts};
use super::*;
use crate::table::STACK;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Scorch\ntarget=creature\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Twin Scorch\ntarget=<2>creature\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Twin Ping\nauto=damage:2 target(<2>creature)\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Spark Fan\nauto={0}:damage:2 target(<upto:2>creature)\nmana={0}\ntype=Artifact\n[/card]\n\
[card]\nname=Unsummon\ntarget=creature\nauto=moveTo(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Veil\ntarget=creature\nauto=shroud\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Line Scorch\nauto=damage:2 target(creature)\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Pinger\nauto={0}:damage:1 target(creature)\nmana={0}\ntype=Artifact\n[/card]\n\
[card]\nname=Tapped Scorch\ntarget=creature[tapped]\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Tapped Ping\nauto=damage:2 target(creature[tapped])\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Wake\ntarget=creature\nauto=untap\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Red Knight\nabilities=protection from red\nmana={1}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Veiled Bears\nabilities=shroud\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// A game in p0's first main phase: a Mountain and `spell` in p0's hand; for p1 `creatures`
/// on the battlefield, an Island and a Forest, Unsummon and Veil in hand.
fn board(spell: &str, creatures: &[&str], players: [PlayerKind; 2], seed: u64) -> (Game<'static>, CardId, Vec<CardId>) {
    let mut game = new_game(CARDS, Options { players, seed, ..Options::default() });
    let mut add = |name: &str, player, zone| game.table.add_card(name, player, zone, -1).expect("a card");
    add("Mountain", P0, BATTLEFIELD);
    let spell = add(spell, P0, HAND);
    let creatures = creatures.iter().map(|name| add(name, P1, BATTLEFIELD)).collect();
    add("Island", P1, BATTLEFIELD);
    add("Forest", P1, BATTLEFIELD);
    add("Unsummon", P1, HAND);
    add("Veil", P1, HAND);
    begin_first_main(&mut game);
    (game, spell, creatures)
}

/// p1 casts its card `name` from hand at `target` (a response: the stack is not empty).
fn respond(game: &mut Game<'_>, name: &str) {
    let card = game.table.board.zone(P1, HAND).into_iter().find(|card| game.name(*card) == name).expect("in hand");
    game.play_move(Move::Cast(card)).expect("cast");
}

/// A Scorch with one creature to target waits on the stack with it, its line naming it;
/// Unsummon in answer returns the Goblin and the Scorch fizzles, dealing no damage.
/// Planted with the lone target taken without a question (`set_ask_lone_choice(false)`),
/// the Scorch kills the Goblin as it is cast and this fails.
#[test]
fn a_spell_with_one_legal_target_waits_with_it_and_fizzles_when_it_leaves() {
    let (mut game, scorch, creatures) = board("Scorch", &["Raging Goblin"], [PlayerKind::Random; 2], 0);
    let goblin = creatures[0];
    game.play_move(Move::Cast(scorch)).expect("cast");
    assert_eq!(game.stack.len(), 1, "the Scorch waits: {:?}", texts(&game));
    assert!(texts(&game).contains(&"p0 casts Scorch targeting Raging Goblin (p1)".to_string()), "{:?}", texts(&game));
    assert_eq!(game.table.board.get(goblin).map(|c| c.zone), Some(BATTLEFIELD));
    respond(&mut game, "Unsummon");
    game.resolve_top().expect("resolves");
    game.resolve_top().expect("resolves");
    let log = texts(&game);
    let tail: Vec<&str> = log.iter().rev().take(3).rev().map(String::as_str).collect();
    assert_eq!(tail, ["Unsummon resolves", "Raging Goblin returns to p1's hand", "Scorch fizzles"], "{log:?}");
    assert_eq!(game.table.board.get(goblin).map(|c| (c.zone, c.damage)), Some((HAND, 0)));
    assert_eq!(game.table.board.names(P0, GRAVEYARD), ["Scorch"], "the fizzled spell is in the graveyard");
}

/// A Twin Scorch (`target=<2>creature`) or a Twin Ping (`target(<2>creature)` on its
/// line) at the Goblin and the Bears, one of them returned in answer: it resolves for the
/// other only (it dies), saying which target was no longer legal. Planted to answer with
/// every target chosen, the creature in hand is dealt damage; planted without
/// `accept_fewer`, the spell fizzles; either way this fails.
#[test]
fn a_two_target_spell_with_one_target_gone_hits_the_other() {
    for (spell, seed) in [("Twin Scorch", 0), ("Twin Scorch", 1), ("Twin Ping", 2), ("Twin Ping", 3)] {
        let (mut game, twin, creatures) =
            board(spell, &["Raging Goblin", "Grizzly Bears"], [PlayerKind::Random; 2], seed);
        let [goblin, bears] = creatures[..] else { panic!("two creatures") };
        game.play_move(Move::Cast(twin)).expect("cast");
        let line = format!("p0 casts {spell} targeting Raging Goblin (p1), Grizzly Bears (p1)");
        let other = format!("p0 casts {spell} targeting Grizzly Bears (p1), Raging Goblin (p1)");
        let log = texts(&game);
        assert!(log.iter().any(|text| *text == line || *text == other), "seed {seed}: {log:?}");
        assert_eq!(game.stack.len(), 1);
        respond(&mut game, "Unsummon");
        assert!(
            texts(&game).contains(&"p1 responds with Unsummon targeting Raging Goblin (p1)".to_string())
                || texts(&game).contains(&"p1 responds with Unsummon targeting Grizzly Bears (p1)".to_string())
        );
        // The Unsummon's target: whichever the random player chose.
        let returned = if texts(&game).iter().any(|text| text.ends_with("Unsummon targeting Raging Goblin (p1)")) {
            goblin
        } else {
            bears
        };
        let hit = if returned == goblin { bears } else { goblin };
        game.resolve_top().expect("resolves");
        game.resolve_top().expect("resolves");
        let log = texts(&game);
        let gone = game.name(returned);
        let resolved = format!("{spell} resolves ({gone}: no longer a legal target)");
        assert!(log.contains(&resolved), "seed {seed}: {log:?}");
        assert_eq!(game.table.board.get(hit).map(|c| c.zone), Some(GRAVEYARD), "seed {seed}: {log:?}");
        assert_eq!(game.table.board.get(returned).map(|c| (c.zone, c.damage)), Some((HAND, 0)), "seed {seed}");
        assert!(game.stack.is_empty() && game.table.board.zone(P0, STACK).is_empty());
    }
}

/// A target that gained shroud in answer is no longer legal: the Scorch fizzles and the
/// Bears take no damage. Planted with only a target's zone checked, the Scorch resolves
/// and this fails.
#[test]
fn a_target_that_gained_shroud_fizzles_the_spell() {
    let (mut game, scorch, creatures) = board("Scorch", &["Grizzly Bears"], [PlayerKind::Random; 2], 0);
    let bears = creatures[0];
    game.play_move(Move::Cast(scorch)).expect("cast");
    respond(&mut game, "Veil");
    game.resolve_top().expect("resolves");
    assert!(game.table.board.has_ability(bears, "shroud"), "{:?}", texts(&game));
    game.resolve_top().expect("resolves");
    let log = texts(&game);
    assert_eq!(log.last().map(String::as_str), Some("Scorch fizzles"), "{log:?}");
    assert_eq!(game.table.board.get(bears).map(|c| (c.zone, c.damage)), Some((BATTLEFIELD, 0)));
}

/// No player targets a creature with shroud: with Veiled Bears beside a Goblin, a random
/// Scorch always names the Goblin. Planted with shrouded candidates offered, some seed's
/// Scorch names the Bears and this fails.
#[test]
fn a_shrouded_creature_is_never_chosen() {
    for seed in 0..8 {
        let (mut game, scorch, _) = board("Scorch", &["Veiled Bears", "Raging Goblin"], [PlayerKind::Random; 2], seed);
        game.play_move(Move::Cast(scorch)).expect("cast");
        let log = texts(&game);
        assert!(log.contains(&"p0 casts Scorch targeting Raging Goblin (p1)".to_string()), "seed {seed}: {log:?}");
    }
}

/// A spell whose every target its source may not target is not cast (Wagic would not let
/// it be): with only a Red Knight (protection from red) to target, Scorch is no move; with
/// Grizzly Bears beside it, it is. Planted without the check, the Scorch is offered and
/// this fails.
#[test]
fn a_spell_with_no_target_it_may_target_is_not_cast() {
    let (mut game, scorch, _) = board("Scorch", &["Red Knight"], [PlayerKind::Random; 2], 0);
    assert!(game.table.board.has_ability(game.table.board.zone(P1, BATTLEFIELD)[0], "protectionfromred"));
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.contains(&Move::Cast(scorch)), "{moves:?}");
    let (mut game, scorch, _) = board("Scorch", &["Red Knight", "Grizzly Bears"], [PlayerKind::Random; 2], 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(scorch)), "{moves:?}");
}

/// A spell taking two targets (`target=<2>creature`) is not cast with one creature to
/// target (rule 601.2c), and is with two. Planted without the count's check, the Twin
/// Scorch is offered with one creature and this fails.
#[test]
fn a_spell_taking_two_targets_is_not_cast_with_one() {
    let (mut game, twin, _) = board("Twin Scorch", &["Grizzly Bears"], [PlayerKind::Random; 2], 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.contains(&Move::Cast(twin)), "{moves:?}");
    let (mut game, twin, _) = board("Twin Scorch", &["Grizzly Bears", "Raging Goblin"], [PlayerKind::Random; 2], 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(twin)), "{moves:?}");
}

/// An ability with up to two targets (`target(<upto:2>creature)`) waits on the stack with
/// those chosen, named on its line; with none chosen it runs at once and does nothing.
/// Planted to run every ability as it is activated, nothing waits and this fails.
#[test]
fn an_ability_with_up_to_two_targets_waits_with_those_chosen() {
    let mut waited = 0;
    for seed in 0..12 {
        let (mut game, _, creatures) =
            board("Scorch", &["Raging Goblin", "Grizzly Bears"], [PlayerKind::Random; 2], seed);
        let fan = game.table.add_card("Spark Fan", P0, BATTLEFIELD, -1).expect("a card");
        mark_seen(&mut game);
        game.play_move(Move::Activate { card: fan, index: 0, tap_lands: false, x: None }).expect("activates");
        let log = texts(&game);
        let line = log.iter().find(|text| text.starts_with("p0 activates Spark Fan")).expect("activated");
        let named = line.split_once(" targeting ").map_or(0, |(_, targets)| targets.split(", ").count());
        assert_eq!(game.stack.len(), usize::from(named > 0), "seed {seed}: {log:?}");
        if named > 0 {
            waited += 1;
            game.resolve_top().expect("resolves");
            let dead =
                creatures.iter().filter(|card| game.table.board.get(**card).is_some_and(|c| c.zone == GRAVEYARD));
            assert_eq!(dead.count(), named, "seed {seed}: {:?}", texts(&game));
        }
    }
    assert!(waited > 0, "some seed chooses targets");
}

/// A spell or an ability whose target is on its `auto=` line is no move when its every
/// candidate is refused: Line Scorch (red) with only a Red Knight (protection from red),
/// a Pinger's ability with only Veiled Bears (shroud); each is with Grizzly Bears beside.
/// Planted without `line_targets_exist`, both are offered and this fails.
#[test]
fn a_line_target_all_refused_is_no_move() {
    let (mut game, scorch, _) = board("Line Scorch", &["Red Knight"], [PlayerKind::Random; 2], 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.contains(&Move::Cast(scorch)), "{moves:?}");
    let (mut game, scorch, _) = board("Line Scorch", &["Red Knight", "Grizzly Bears"], [PlayerKind::Random; 2], 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(scorch)), "{moves:?}");
    for (creatures, offered) in [(&["Veiled Bears"][..], false), (&["Veiled Bears", "Grizzly Bears"][..], true)] {
        let (mut game, _, _) = board("Scorch", creatures, [PlayerKind::Random; 2], 0);
        let pinger = game.table.add_card("Pinger", P0, BATTLEFIELD, -1).expect("a card");
        let moves = game.legal_moves(P0).expect("moves");
        let activates = moves.iter().any(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == pinger));
        assert_eq!(activates, offered, "{creatures:?}: {moves:?}");
    }
}

/// A spell whose `auto=` line takes two targets (`target(<2>creature)`) is not cast with
/// one creature (rule 601.2c), and is with two. Planted without the count (a least of
/// one), the Twin Ping is offered with one creature and this fails.
#[test]
fn a_line_taking_two_targets_is_not_cast_with_one() {
    let (mut game, twin, _) = board("Twin Ping", &["Grizzly Bears"], [PlayerKind::Random; 2], 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.contains(&Move::Cast(twin)), "{moves:?}");
    let (mut game, twin, _) = board("Twin Ping", &["Grizzly Bears", "Raging Goblin"], [PlayerKind::Random; 2], 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(twin)), "{moves:?}");
}

/// A target that no longer matches its spec as the spell resolves is illegal (rule
/// 608.2b): a Tapped Scorch (`target=creature[tapped]`) or Tapped Ping (the same on its
/// line) at tapped Grizzly Bears, which Wake untaps in answer, fizzles and the Bears live.
/// Planted without `still_matches`, the spell resolves, the Bears die and this fails.
#[test]
fn a_target_that_stopped_matching_its_spec_fizzles_the_spell() {
    for spell in ["Tapped Scorch", "Tapped Ping"] {
        let (mut game, scorch, creatures) = board(spell, &["Grizzly Bears"], [PlayerKind::Random; 2], 0);
        let bears = creatures[0];
        WagicHost::set_tapped(&mut game.table.board, bears, true);
        game.table.add_card("Wake", P1, HAND, -1).expect("a card");
        game.play_move(Move::Cast(scorch)).expect("cast");
        assert_eq!(game.stack.len(), 1, "{spell}: {:?}", texts(&game));
        respond(&mut game, "Wake");
        game.resolve_top().expect("resolves");
        assert_eq!(game.table.board.get(bears).map(|c| c.tapped), Some(false), "{spell}: {:?}", texts(&game));
        game.resolve_top().expect("resolves");
        let log = texts(&game);
        assert_eq!(log.last().map(String::as_str), Some(format!("{spell} fizzles").as_str()), "{log:?}");
        assert_eq!(game.table.board.get(bears).map(|c| (c.zone, c.damage)), Some((BATTLEFIELD, 0)));
    }
}

/// Triassic Egg ("Remove two hatchling counters from Triassic Egg, Sacrifice Triassic Egg:
/// You may put a creature card from your hand or graveyard onto the battlefield"), whose
/// spec lists two zones (`target(creature|myhand,mygraveyard)`).
pub(super) const EGG_CARDS: &str = "[card]\nname=Triassic Egg\nauto={3}{T}:counter(0/0,1,Hatchling)\n\
auto={C(0/0,-2,Hatchling)}{S}:moveTo(myBattlefield) target(creature|myhand,mygraveyard)\nmana={4}\ntype=Artifact\n\
[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Elf\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

/// A game of [`EGG_CARDS`] in p0's first main phase: the Egg with its two counters on p0's
/// battlefield, an Elf in p0's hand and Grizzly Bears in its graveyard; Bears in p1's
/// graveyard (not `my`) and an Elf in p0's library (not listed). The Egg, the Elf and the
/// Bears of p0.
pub(super) fn egg_board(options: Options) -> (Game<'static>, [CardId; 3]) {
    let mut game = new_game(EGG_CARDS, options);
    let mut add = |name: &str, player, zone| game.table.add_card(name, player, zone, -1).expect("a card");
    let egg = add("Triassic Egg", P0, BATTLEFIELD);
    let elf = add("Elf", P0, HAND);
    let bears = add("Grizzly Bears", P0, GRAVEYARD);
    add("Grizzly Bears", P1, GRAVEYARD);
    add("Elf", P0, LIBRARY);
    game.table.board.add_named(egg, "hatchling", 2);
    begin_first_main(&mut game);
    (game, [egg, elf, bears])
}

/// A random player activating Triassic Egg puts the Elf from its hand onto the
/// battlefield with some seeds and the Bears from its graveyard with others, never a card
/// of p1's graveyard or of its library. Planted with a spec over one zone, only one of
/// the two is ever put and this fails.
#[test]
fn a_spec_over_two_zones_offers_the_cards_of_both() {
    let mut put_from = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let (mut game, [egg, elf, bears]) =
            egg_board(Options { players: [PlayerKind::Random; 2], seed, ..Options::default() });
        game.play_move(Move::Activate { card: egg, index: 1, tap_lands: false, x: None }).expect("activates");
        while !game.stack.is_empty() {
            game.resolve_top().expect("resolves");
        }
        let log = texts(&game);
        let on_battlefield = |card: CardId| game.table.board.get(card).is_some_and(|c| c.zone == BATTLEFIELD);
        let put: Vec<CardId> = [elf, bears].into_iter().filter(|card| on_battlefield(*card)).collect();
        assert_eq!(put.len(), 1, "seed {seed}: one card put: {log:?}");
        put_from.insert(if put[0] == elf { HAND } else { GRAVEYARD });
        assert_eq!(game.table.board.names(P1, GRAVEYARD), ["Grizzly Bears"], "seed {seed}");
        assert_eq!(game.table.board.names(P0, LIBRARY), ["Elf"], "seed {seed}");
    }
    assert_eq!(put_from.len(), 2, "both zones' cards are put by some seed: {put_from:?}");
}
