//! Triggers on a discard, a draw, a cycling and a sacrifice (`@discarded(spec|hand)`,
//! `@drawof(player)`, `@drawfoeof(player)`, `@cycled(spec|hand)`, `@sacrificed(spec)`;
//! `front/card_events.rs`, `table/card_events.rs`), on cards from their printed text:
//! Megrim and Waste Not on an opponent's discards, Niv-Mizzet and Underworld Dreams on
//! draws by the step and by effects, Lightning Rift and Fleeting Aven on cycling, Ruthless
//! Deathfang on a sacrifice; a sacrifice as a cost, by an ability and by an edict counts, a
//! destruction does not; the forms Wagic reads otherwise stay refused; and whole games
//! whose cleanup discards and draws fire them.

use std::sync::Arc;

use wagic::play::{self, Options};
use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;
use super::play::{cards, lives};

/// The cards of these tests: Wagic's lines for the real ones (Niv-Mizzet named without its
/// comma, which a test file's card list would split), and plain cards to act with.
const CARDS: &str = "[card]\nname=Megrim\n\
text=Whenever an opponent discards a card, Megrim deals 2 damage to that player.\n\
auto=@discarded(*|opponenthand):damage:2 opponent\nmana={2}{B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Waste Not\n\
text=Whenever an opponent discards a creature card, put a 2/2 black Zombie creature token onto the battlefield. -- Whenever an opponent discards a land card, add {B}{B} to your mana pool. -- Whenever an opponent discards a noncreature, nonland card, draw a card.\n\
auto=@discarded(creature|opponenthand):token(Zombie,Creature Zombie,2/2,black) controller\n\
auto=@discarded(land|opponenthand):add{B}{B} controller\n\
auto=@discarded(*[-creature;-land]|opponenthand):draw:1 controller\nmana={1}{B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Niv-Mizzet\n\
text=Flying -- Whenever you draw a card, Niv-Mizzet, the Firemind deals 1 damage to target creature or player. -- {T}: Draw a card.\n\
abilities=flying\nauto=@drawof(player):damage:1 target(creature,player)\nauto={T}:draw:1\n\
mana={2}{U}{U}{R}{R}\ntype=Legendary Creature\nsubtype=Dragon Wizard\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Underworld Dreams\n\
text=Whenever an opponent draws a card, Underworld Dreams deals 1 damage to him or her.\n\
auto=@drawfoeof(player):damage:1 opponent\nmana={B}{B}{B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Lightning Rift\n\
text=Whenever a player cycles a card, you may pay {1}. If you do, Lightning Rift deals 2 damage to target creature or player.\n\
auto=@cycled(*|hand):pay({1}) damage:2 target(creature,player)\nmana={1}{R}\ntype=Enchantment\n[/card]\n\
[card]\nname=Fleeting Aven\n\
text=Flying -- Whenever a player cycles a card, return Fleeting Aven to its owner's hand.\n\
abilities=flying\nauto=@cycled(*|hand):moveTo(ownerhand)\nmana={1}{U}{U}\ntype=Creature\nsubtype=Bird\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ruthless Deathfang\n\
text=Flying -- Whenever you sacrifice a creature, target opponent sacrifices a creature.\n\
abilities=flying\n\
auto=@sacrificed(creature|mybattlefield):target(opponent) ability$!sacrifice notatarget(creature|mybattlefield)!$ targetedplayer\n\
mana={4}{U}{B}\ntype=Creature\nsubtype=Dragon\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Spark Spray\ntarget=creature,player\nauto=damage:1\nautohand=__CYCLING__({R})\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Mind Rot\nauto=discard:1 opponent\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Rummage\nauto=discard:1 controller\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Divination\nauto=draw:2\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Cruel Edict\ntarget=opponent\n\
auto=ability$!name(sacrifice) notatarget(creature|mybattlefield) sacrifice!$ targetedplayer\nmana={1}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Terror\ntarget=creature\nauto=destroy\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Sacrifice Watcher\nauto=@sacrificed(creature):life:1 controller\ntype=Enchantment\n[/card]\n\
[card]\nname=Fodder\nauto={S}:draw:1\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Martyr\nauto={T}:sacrifice\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Discard Watcher\nauto=@discarded(*|myhand):life:1 controller\ntype=Enchantment\n[/card]\n\
[card]\nname=Looter\nauto={discard(*|myhand)}:draw:1\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Divine Verdict\ntype=Instant\nmana={3}{W}\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("cardevents.txt", CARDS.to_string())]).expect("the cards compile"))
}

/// The verdict of a test from the first main phase: the players' [INIT] cards, the moves
/// and the expected [ASSERT] players.
fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let text = test(init, moves, &format!("FIRSTMAIN\n{expected}"));
    runner::run(&library(), &wagic::testfile::read(&text).expect("a test"))
}

#[test]
fn each_trigger_is_its_event_with_a_test_of_the_card_or_the_player() {
    for (line, event) in [
        ("auto=@discarded(*|opponenthand):life:1", "discarded?"),
        ("auto=@cycled(*|hand):life:1", "cycled?"),
        ("auto=@sacrificed(creature):life:1", "sacrificed?"),
        ("auto=@drawof(player):life:1", "drawn?"),
        ("auto=@drawfoeof(player):life:1", "drawn?"),
    ] {
        assert_eq!(ir_of(&format!("{line}\ntype=Enchantment")), [format!("auto[{event}]: - life ueot")], "{line}");
    }
}

#[test]
fn megrim_deals_2_damage_to_an_opponent_who_discards_and_none_for_its_controllers_discard() {
    let opponent = verdict(
        "[PLAYER1]\ninplay:Megrim\nhand:Mind Rot\nmanapool:{B}\n[PLAYER2]\nhand:Forest\n",
        "Mind Rot\n",
        "[PLAYER1]\ninplay:Megrim\ngraveyard:Mind Rot\n[PLAYER2]\ngraveyard:Forest\nlife:18\n",
    );
    assert_eq!(opponent, Verdict::Passed);
    let own = verdict(
        "[PLAYER1]\ninplay:Megrim\nhand:Rummage,Forest\nmanapool:{B}\n[PLAYER2]\n",
        "Rummage\n",
        "[PLAYER1]\ninplay:Megrim\ngraveyard:Rummage,Forest\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(own, Verdict::Passed);
}

#[test]
fn waste_not_makes_a_zombie_mana_or_a_card_by_the_discarded_cards_type() {
    let discarding = |card: &str, expected: &str| {
        verdict(
            &format!(
                "[PLAYER1]\ninplay:Waste Not\nhand:Mind Rot\nlibrary:Forest\nmanapool:{{B}}\n[PLAYER2]\nhand:{card}\n"
            ),
            "Mind Rot\n",
            &format!("[PLAYER1]\n{expected}graveyard:Mind Rot\n[PLAYER2]\ngraveyard:{card}\n"),
        )
    };
    // A creature: a 2/2 Zombie, nothing else.
    assert_eq!(discarding("Grizzly Bears", "inplay:Waste Not,Zombie\nlibrary:Forest\n"), Verdict::Passed);
    // A land: {B}{B}.
    assert_eq!(discarding("Forest", "inplay:Waste Not\nlibrary:Forest\nmanapool:{B}{B}\n"), Verdict::Passed);
    // Neither: a card drawn.
    assert_eq!(discarding("Divine Verdict", "inplay:Waste Not\nhand:Forest\n"), Verdict::Passed);
}

#[test]
fn a_discard_as_a_cost_fires_a_discard_trigger() {
    let looted = verdict(
        "[PLAYER1]\ninplay:Discard Watcher,Looter\nhand:Grizzly Bears\nlibrary:Forest\n[PLAYER2]\n",
        "Looter\nGrizzly Bears\n",
        "[PLAYER1]\ninplay:Discard Watcher,Looter\ngraveyard:Grizzly Bears\nhand:Forest\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(looted, Verdict::Passed);
}

#[test]
fn niv_mizzet_deals_1_damage_for_each_card_drawn_by_the_step_or_by_an_effect() {
    // The draw step's card.
    let step = test(
        "[PLAYER1]\ninplay:Niv-Mizzet\nlibrary:Forest\n[PLAYER2]\n",
        "next\nchoice 0\np2\nnext\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Niv-Mizzet\nhand:Forest\n[PLAYER2]\nlife:19\n",
    )
    .replace("[INIT]\nFIRSTMAIN", "[INIT]\nUPKEEP");
    assert_eq!(runner::run(&library(), &wagic::testfile::read(&step).expect("a test")), Verdict::Passed);
    // Its own `{T}: draw a card`.
    let ability = verdict(
        "[PLAYER1]\ninplay:Niv-Mizzet\nlibrary:Forest\n[PLAYER2]\n",
        "Niv-Mizzet\nchoice 0\np2\n",
        "[PLAYER1]\ninplay:Niv-Mizzet\nhand:Forest\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(ability, Verdict::Passed);
    // A spell drawing two: twice.
    let two = verdict(
        "[PLAYER1]\ninplay:Niv-Mizzet\nhand:Divination\nlibrary:Forest,Forest\nmanapool:{U}\n[PLAYER2]\n",
        "Divination\nchoice 0\np2\nchoice 0\np2\n",
        "[PLAYER1]\ninplay:Niv-Mizzet\nhand:Forest,Forest\ngraveyard:Divination\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(two, Verdict::Passed);
}

#[test]
fn underworld_dreams_hurts_an_opponent_for_each_card_drawn_and_not_its_controller() {
    let opponent = verdict(
        "[PLAYER1]\nhand:Divination\nlibrary:Forest,Forest\nmanapool:{U}\n[PLAYER2]\ninplay:Underworld Dreams\n",
        "Divination\n",
        "[PLAYER1]\nhand:Forest,Forest\ngraveyard:Divination\nlife:18\n[PLAYER2]\ninplay:Underworld Dreams\n",
    );
    assert_eq!(opponent, Verdict::Passed);
    let own = verdict(
        "[PLAYER1]\ninplay:Underworld Dreams\nhand:Divination\nlibrary:Forest,Forest\nmanapool:{U}\n[PLAYER2]\n",
        "Divination\n",
        "[PLAYER1]\ninplay:Underworld Dreams\nhand:Forest,Forest\ngraveyard:Divination\nlife:20\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(own, Verdict::Passed);
}

#[test]
fn cycling_a_card_fires_lightning_rift_and_fleeting_aven() {
    // Spark Spray cycled (the menu's second entry): the Rift's {1} paid, 2 damage to p2.
    let rift = verdict(
        "[PLAYER1]\ninplay:Lightning Rift\nhand:Spark Spray\nlibrary:Forest\nmanapool:{R}{1}\n[PLAYER2]\n",
        "Spark Spray\nchoice 1\nchoice 0\np2\n",
        "[PLAYER1]\ninplay:Lightning Rift\nhand:Forest\ngraveyard:Spark Spray\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(rift, Verdict::Passed);
    let aven = verdict(
        "[PLAYER1]\ninplay:Fleeting Aven\nhand:Spark Spray\nlibrary:Forest\nmanapool:{R}\n[PLAYER2]\n",
        "Spark Spray\nchoice 1\n",
        "[PLAYER1]\nhand:Forest,Fleeting Aven\ngraveyard:Spark Spray\n[PLAYER2]\n",
    );
    assert_eq!(aven, Verdict::Passed);
    // Cast, not cycled: the Aven stays.
    let cast = verdict(
        "[PLAYER1]\ninplay:Fleeting Aven\nhand:Spark Spray\nmanapool:{R}\n[PLAYER2]\n",
        "Spark Spray\nchoice 0\np2\n",
        "[PLAYER1]\ninplay:Fleeting Aven\ngraveyard:Spark Spray\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(cast, Verdict::Passed);
}

#[test]
fn a_sacrifice_as_a_cost_or_by_an_ability_counts_and_a_destruction_does_not() {
    let cost = verdict(
        "[PLAYER1]\ninplay:Sacrifice Watcher,Fodder\nlibrary:Forest\n[PLAYER2]\n",
        "Fodder\n",
        "[PLAYER1]\ninplay:Sacrifice Watcher\ngraveyard:Fodder\nhand:Forest\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(cost, Verdict::Passed);
    let ability = verdict(
        "[PLAYER1]\ninplay:Sacrifice Watcher,Martyr\n[PLAYER2]\n",
        "Martyr\n",
        "[PLAYER1]\ninplay:Sacrifice Watcher\ngraveyard:Martyr\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(ability, Verdict::Passed);
    let destroyed = verdict(
        "[PLAYER1]\ninplay:Sacrifice Watcher\nhand:Terror\nmanapool:{B}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Terror\nGrizzly Bears\n",
        "[PLAYER1]\ninplay:Sacrifice Watcher\ngraveyard:Terror\nlife:20\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(destroyed, Verdict::Passed);
}

#[test]
fn an_edicts_sacrifice_fires_the_sacrificing_players_trigger() {
    // Cruel Edict makes p1 sacrifice its Bears: p0's watcher (any player's creature) gains.
    let mut table = Table::with_cards(CARDS);
    table.put("Sacrifice Watcher", P0, BATTLEFIELD);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    let edict = table.put("Cruel Edict", P0, HAND);
    table.cast(edict, P0);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.players[0].life, 21);
}

#[test]
fn ruthless_deathfang_answers_its_controllers_sacrifice_with_an_edict() {
    // Fodder sacrificed for its own ability: the Deathfang's target opponent sacrifices
    // its Bears (their only creature, unasked).
    let sacrificed = verdict(
        "[PLAYER1]\ninplay:Ruthless Deathfang,Fodder\nlibrary:Forest\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Fodder\np2\n",
        "[PLAYER1]\ninplay:Ruthless Deathfang\ngraveyard:Fodder\nhand:Forest\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(sacrificed, Verdict::Passed);
}

#[test]
fn forms_wagic_reads_otherwise_are_refused_by_name() {
    let refusal = |line: &str| error_of(&format!("{line}\ntype=Enchantment"));
    for (line, message) in [
        (
            "auto=@discarded(*):life:1",
            "unsupported: `@discarded(spec)` without a zone: Wagic's default zone, the battlefield, holds no card discarded",
        ),
        (
            "auto=@cycled(*|graveyard):life:1",
            "unsupported: zone `graveyard` of `@cycled(spec)`: a discard is from a hand only",
        ),
        (
            "auto=@sacrificed(creature|mygraveyard):life:1",
            "unsupported: zone `graveyard` of `@sacrificed(spec)`: a sacrifice is from a battlefield only",
        ),
        // Laboratory Maniac: the draw is heard once the card is drawn, never from an empty
        // library, so the restriction would win on drawing the last card.
        (
            "auto=@drawof(player) restriction{type(*|mylibrary)~equalto~0}:wingame",
            "unsupported: restriction on a library of `@drawof`: the draw is heard after each card drawn, never from an empty library",
        ),
        // It That Betrays: the sacrificing player is not tested.
        (
            "auto=@sacrificed(*[-token]) from(*[-token]|opponentbattlefield):all(trigger[from]) moveto(mybattlefield)",
            "unsupported: trigger option `from`",
        ),
    ] {
        assert_eq!(refusal(line).as_deref(), Some(message), "{line}");
    }
}

#[test]
fn whole_games_discard_at_cleanup_and_draw_into_the_triggers() {
    let Some(library) = super::board::library() else { return };
    // Craw Wurms its player cannot cast pile up and are discarded at cleanup, into Megrim;
    // each of their draws feeds Underworld Dreams. With nothing to attack, their life goes
    // only to those.
    let swamps = cards(&[(12, "Swamp"), (4, "Megrim"), (4, "Underworld Dreams")]);
    let wurms = cards(&[(20, "Craw Wurm")]);
    let played = play::play(&library, [&swamps, &wurms], Options { seed: 3, turn_limit: 16, ..Options::default() });
    let lost: i32 = 20 - lives(&played).last().map_or(20, |(_, life)| life[1]);
    assert!(lost > 0, "the Wurms' player lost no life: {:?}", lives(&played));
    assert_eq!(lives(&played).last().map(|(_, life)| life[0]), Some(20));
    // Both kinds: a loss in a draw step (Underworld Dreams) and one at cleanup (Megrim).
    let lines = play::log_lines(&played.log, ["swamps", "wurms"]);
    let lost_in = |phase: &str| lines.iter().any(|line| line.contains(phase) && line.contains("p1 loses"));
    assert!(lost_in("draw ") && lost_in("cleanup "), "{lines:#?}");
}
