//! `transforms((,newability[effect],newability[effect]...))` giving the card itself
//! one-shot abilities (a permanent's line, maybe under `all(this)`, an `autohand=` line, an
//! untargeted spell's): Wagic's `ATransformer` resolves each at once as the card's own, in
//! the order written, so the card does each effect itself; a `may` before the line is
//! asked once for every part. Where the transformed card is
//! another (an Aura's, an Equipment's), it stays refused.

use vm::runtime::Value;
use wagic::runner::Verdict;

use super::behaviour::test;
use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Sibsig Icebreakers\n\
auto=transforms((,newability[ability$!name(discard) notatarget(*|myhand) reject!$ controller],\
newability[ability$!name(discard) notatarget(*|myhand) reject!$ opponent])) ueot\n\
mana={2}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Nivix Cyclops\nabilities=defender\n\
auto=@movedTo(instant|mystack):all(this) transforms((,newability[3/0 ueot],newability[canattack ueot])) forever\n\
mana={1}{U}{R}\ntype=Creature\nsubtype=Cyclops\npower=1\ntoughness=4\n[/card]\n\
[card]\nname=Renewed Faith\nauto=life:6\n\
autohand={1}{W}{cycle}:name(cycling) transforms((,newability[draw:1],newability[may life:2])) forever\n\
mana={2}{W}\ntype=Instant\n[/card]\n\
[card]\nname=Qarsi Sadist\n\
auto=may name(Exploit) sacrifice notatarget(creature|mybattlefield) && transforms((,newability[target(opponent) \
life:-2],newability[life:2 controller])) forever\n\
mana={1}{B}\ntype=Creature\nsubtype=Human Cleric\npower=1\ntoughness=3\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\ntext=Shock deals 2 damage to any target.\n\
mana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("own_one_shots.txt", CARDS, test)
}

#[test]
fn the_new_one_shot_abilities_of_the_card_itself_are_its_own_effects_in_order() {
    let pairs = [
        (
            "auto=transforms((,newability[draw:1 controller],newability[target(*|myhand) reject])) forever\n\
             type=Creature",
            "auto=draw:1 controller && target(*|myhand) reject\ntype=Creature",
        ),
        (
            "auto=@movedTo(instant|mystack):all(this) transforms((,newability[3/0 ueot],newability[canattack ueot])) \
             forever\ntype=Creature",
            "auto=@movedTo(instant|mystack):3/0 ueot && canattack ueot\ntype=Creature",
        ),
        (
            "autohand={1}{W}{cycle}:name(cycling) transforms((,newability[draw:1],newability[may life:2])) forever\n\
             type=Instant",
            // The form of one new ability after the card's own effect, which compiled before.
            "autohand={1}{W}{cycle}:name(cycling) draw:1 && transforms((,newability[may life:2])) forever\n\
             type=Instant",
        ),
    ];
    for (given, plain) in pairs {
        assert_eq!(ir_of(given), ir_of(plain), "{given}");
    }
}

#[test]
fn sibsig_icebreakers_makes_each_player_discard_a_card_as_it_enters() {
    // Each player chooses the card they discard (the runner does not play an entering
    // ability's question: the table answers it, the controller's first).
    let mut table = Table::with_cards(CARDS);
    table.put("Forest", P0, HAND);
    let discarded = table.put("Shock", P0, HAND);
    table.put("Forest", P1, HAND);
    let theirs = table.put("Forest", P1, HAND);
    table.answers.push(vec![Value::Card(discarded)]);
    table.answers.push(vec![Value::Card(theirs)]);
    table.put("Sibsig Icebreakers", P0, BATTLEFIELD);
    table.settle();
    assert!(table.answers.is_empty(), "each player was asked which card to discard");
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Sibsig Icebreakers"]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Shock"]);
    assert_eq!(table.board.names(P0, HAND), ["Forest"]);
    assert_eq!(table.board.names(P1, HAND), ["Forest"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Forest"]);
}

#[test]
fn nivix_cyclops_attacks_as_a_four_four_after_an_instant() {
    // Defender keeps it home until an instant gives it +3/+0 and the right to attack.
    let init = "[PLAYER1]\nhand:Shock\ninplay:Nivix Cyclops\nmanapool:{R}\n[PLAYER2]\n";
    let moves = "Shock\np2\nnext\nnext\nNivix Cyclops\nnext\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Nivix Cyclops\ngraveyard:Shock\n[PLAYER2]\nlife:14\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
    // Without the instant it cannot attack: the click declares nothing, and with no
    // attacker the turn goes from declaring attackers to the end of combat.
    let init = "[PLAYER1]\ninplay:Nivix Cyclops\n[PLAYER2]\n";
    let moves = "next\nnext\nNivix Cyclops\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Nivix Cyclops\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn qarsi_sadist_exploiting_a_creature_drains_two_life_and_declining_does_nothing() {
    // One `may` for the whole line, as Wagic reads it before splitting at `&&`: accepted,
    // the creature is sacrificed, then the opponent loses 2 life and its controller gains 2.
    let mut table = Table::with_cards(CARDS);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.answers.extend([vec![Value::Bool(true)], vec![Value::Card(bears)]]);
    table.put("Qarsi Sadist", P0, BATTLEFIELD);
    table.settle();
    assert!(table.answers.is_empty(), "asked: {:?}", table.asked);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!((table.board.players[0].life, table.board.players[1].life), (22, 18));
    // Declined: nothing sacrificed, and no life lost or gained either.
    let mut table = Table::with_cards(CARDS);
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.answers.push(vec![Value::Bool(false)]);
    table.put("Qarsi Sadist", P0, BATTLEFIELD);
    table.settle();
    assert!(table.answers.is_empty(), "asked: {:?}", table.asked);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Grizzly Bears", "Qarsi Sadist"]);
    assert_eq!((table.board.players[0].life, table.board.players[1].life), (20, 20));
}

#[test]
fn new_one_shot_abilities_of_another_card_stay_refused() {
    let refused = Some("unsupported: transforms part `newability[may...]` other than one effect on the card");
    // An Aura's and an Equipment's transformed card is the one they are attached to.
    let aura = "target=creature\nauto=transforms((,newability[draw:1],newability[may life:2]))\n\
                type=Enchantment\nsubtype=Aura";
    assert_eq!(error_of(aura).as_deref(), refused, "{aura}");
    let equipment = "auto=teach(creature) transforms((,newability[draw:1],newability[may life:2]))\n\
                     type=Artifact\nsubtype=Equipment";
    assert!(error_of(equipment).is_some(), "{equipment}");
    // A targeted spell's is its target.
    let spell = "target=creature\nauto=transforms((,newability[draw:1],newability[may life:2]))\ntype=Sorcery";
    assert_eq!(error_of(spell).as_deref(), refused, "{spell}");
    // A `may` before the line asks once for every part: a part asking again is not taken.
    let twice = "auto=may draw:1 && transforms((,newability[may life:2],newability[draw:1])) forever\ntype=Creature";
    assert_eq!(error_of(twice).as_deref(), refused, "{twice}");
    // A lasting effect the transformation times (its own `forever`) is not the card's own.
    let lasting = "auto=transforms((,newability[draw:1],newability[may flying])) forever\ntype=Creature";
    assert_eq!(error_of(lasting).as_deref(), refused, "{lasting}");
}

/// Resounding Roar, whose cycling gives a creature +6/+6 until end of turn.
const RESOUNDING_ROAR: &str = "[card]\nname=Resounding Roar\ntarget=creature\nauto=3/3\n\
autohand={5}{R}{G}{W}{cycle}:name(cycling and six damage to creature) draw:1 && transforms((,newability[target(creature) \
6/6])) forever\n\
text=Target creature gets +3/+3 until end of turn. -- Cycling {5}{R}{G}{W} ({5}{R}{G}{W}, Discard this card: Draw a \
card.) -- When you cycle Resounding Roar, target creature gets +6/+6 until end of turn.\n\
mana={1}{G}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

#[test]
fn an_instants_new_pump_lasts_until_end_of_turn() {
    // Wagic makes a pump or a keyword ability of an instant's or sorcery's new ability last
    // until end of turn (`PTInstant`, `AInstantBasicAbilityModifierUntilEOT`), as Death
    // Pulse's printed text says ("you may have target creature get -1/-1 until end of turn").
    let cycled = "autohand={1}{B}{B}{cycle}:name(cycling) transforms((,newability[draw:1],\
                  newability[may -1/-1 target(creature)])) forever\ntype=Instant";
    let shapes = ir_of(cycled).join("\n");
    assert!(shapes.contains("pump ueot"), "{shapes}");
    // On a permanent the pump would last as Wagic's `APowerToughnessModifier` does: refused.
    let permanent = cycled.replace("type=Instant", "type=Creature");
    assert_eq!(
        error_of(&permanent).as_deref(),
        Some("unsupported: transforms part `newability[may...]` other than one effect on the card"),
    );
    // Resounding Roar cycled: a card drawn, and the Bears attack as an 8/8.
    let init = "[PLAYER1]\nhand:Resounding Roar\ninplay:Grizzly Bears\nlibrary:Forest\nmanapool:{5}{R}{G}{W}\n\
                [PLAYER2]\n";
    let moves = "Resounding Roar\nchoice 1\nchoice 0\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Resounding Roar\nhand:Forest\n[PLAYER2]\n\
                    life:12\n";
    let verdict = super::behaviour::verdict_of("resounding_roar.txt", RESOUNDING_ROAR, &test(init, moves, expected));
    assert_eq!(verdict, Verdict::Passed);
}
