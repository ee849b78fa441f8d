//! `all(this) transforms((,newability[effect]...))` written after a line's other parts, or
//! with `all(this)` or an activation limit after the list: Wagic's `ATransformer` gives the
//! card itself each one-shot ability and resolves it at once, after the parts before and on
//! the player the line chose, so the card does each effect itself (Corpse Traders, Lore
//! Broker, Rix Maadi, Urza's Guilt, Thoughtcutter Agent, Brain Maggot, Nicol Bolas). A lasting
//! ability given so, an effect that would act on the line's target, the modes of a "choose
//! one" (each would be taken) and a `retarget` chosen by another player stay refused.

use vm::runtime::Value;
use wagic::runner::Verdict;

use super::behaviour::test;
use super::board::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;
use wagic::table::EXILE;

/// Cards of these tests: Wagic's lines for them, with their printed text (Rix Maadi named
/// without its comma, which a test's list of cards would split).
const CARDS: &str = "[card]\nname=Corpse Traders\n\
auto={2}{B}{S(creature|mybattlefield)}:name(discard) target(opponent) donothing && all(this) \
transforms((,newability[notatarget(*|targetedpersonshand) reject])) asSorcery\n\
text={2}{B}, Sacrifice a creature: Target opponent reveals his or her hand. You choose a card from it. That \
player discards that card. Activate this ability only any time you could cast a sorcery.\n\
mana={3}{B}\ntype=Creature\nsubtype=Human Rogue\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Lore Broker\n\
auto={T}:name(draw & discard) draw:1 all(player) && transforms((,newability[ability$!notatarget(*|myhand) \
reject)!$ controller],newability[ability$!notatarget(*|myhand) reject)!$ opponent])) all(this)\n\
text={T}: Each player draws a card, then discards a card.\n\
mana={1}{U}\ntype=Creature\nsubtype=Human Rogue\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Rix Maadi\nauto={T}:add{1}\n\
auto={1}{B}{R}{T}:name(discard) transforms((,newability[ability$!name(discard) notatarget(*|myhand) \
reject!$ controller],newability[ability$!name(discard) notatarget(*|myhand) reject!$ opponent])) ueot asSorcery\n\
text={T}: Add {1} to your mana pool. -- {1}{B}{R}, {T}: Each player discards a card. Activate this ability only \
any time you could cast a sorcery.\n\
type=Land\n[/card]\n\
[card]\nname=Urza's Guilt\n\
auto=draw:2 all(player) && transforms((,newability[ability$! choice name(lose 4 life) all(player) life:-4!$ \
controller],newability[ability$!notatarget(<3>*|myhand) reject)!$ controller],newability[ability$!notatarget(<3>*|\
myhand) reject)!$ opponent])) all(this)\n\
text=Each player draws two cards, then discards three cards, then loses 4 life.\n\
mana={2}{U}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Thoughtcutter Agent\n\
auto={U}{B}{T}:target(player) life:-1 && all(this) transforms((,newability[name(look) \
notatarget(*|targetedpersonshand) donothing]))\n\
text={U}{B}, {T}: Target player loses 1 life and reveals his or her hand.\n\
mana={U}{B}\ntype=Artifact Creature\nsubtype=Human Rogue\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Brain Maggot\n\
auto=choice name(target opponent) target(opponent) donothing && all(this) transforms((,newability[if \
type(*[-land]|targetedpersonshand)~lessthan~1 then name(look) donothing notatarget(*|targetedpersonshand) else \
hand(blink)forsrc notatarget(*[-land]|targetedpersonshand)])) forever\n\
text=When Brain Maggot enters the battlefield, target opponent reveals his or her hand and you choose a nonland card \
from it. Exile that card until Brain Maggot leaves the battlefield.\n\
mana={1}{B}\ntype=Enchantment Creature\nsubtype=Insect\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\ntext=Shock deals 2 damage to any target.\n\
mana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("own_one_shots_after.txt", CARDS, test)
}

#[test]
fn the_cards_new_one_shots_after_other_parts_are_those_parts_written_after_them() {
    let pairs = [
        (
            "auto={B}:target(opponent) donothing && all(this) transforms((,newability[notatarget(*|targetedpersonshand) \
             reject])) asSorcery\ntype=Creature",
            "auto={B}:target(opponent) donothing && notatarget(*|targetedpersonshand) reject asSorcery\ntype=Creature",
        ),
        (
            "auto={T}:target(player) life:-1 && all(this) transforms((,newability[name(look) \
             notatarget(*|targetedpersonshand) donothing]))\ntype=Creature",
            "auto={T}:target(player) life:-1 && name(look) notatarget(*|targetedpersonshand) donothing\ntype=Creature",
        ),
        (
            "auto={T}:draw:1 all(player) && transforms((,newability[draw:1 controller],newability[target(*|myhand) \
             reject])) all(this)\ntype=Creature",
            "auto={T}:draw:1 all(player) && transforms((,newability[draw:1 controller],newability[target(*|myhand) \
             reject])) forever\ntype=Creature",
        ),
    ];
    for (given, plain) in pairs {
        assert_eq!(ir_of(given), ir_of(plain), "{given}");
    }
    // An activation limit after the list is the line's: one cost more.
    let limited = ir_of(
        "auto={T}:transforms((,newability[ability$!notatarget(*|myhand) reject!$ controller],\
         newability[ability$!notatarget(*|myhand) reject!$ opponent])) ueot asSorcery\ntype=Land",
    );
    let free = ir_of(
        "auto={T}:transforms((,newability[ability$!notatarget(*|myhand) reject!$ controller],\
         newability[ability$!notatarget(*|myhand) reject!$ opponent])) ueot\ntype=Land",
    );
    assert_eq!(limited, free.iter().map(|line| line.replace("action[1]", "action[2]")).collect::<Vec<_>>());
}

#[test]
fn a_lasting_ability_given_so_stays_refused() {
    let lasting = "auto={B}:target(opponent) donothing && all(this) transforms((,newability[notatarget(*|\
                   targetedpersonshand) reject],newability[flying]))\ntype=Creature";
    assert_eq!(
        error_of(lasting).as_deref(),
        Some(
            "unsupported: `all(this) transforms((,newability[...]))` after other parts giving the card a lasting \
             ability"
        ),
    );
}

#[test]
fn corpse_traders_makes_the_opponent_discard_the_card_its_controller_chooses() {
    let mut table = Table::with_cards(CARDS);
    let traders = table.put("Corpse Traders", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let shock = table.put("Shock", P1, HAND);
    table.put("Forest", P1, HAND);
    table.board.players[0].mana = [3; 6];
    // The one opponent is the target without a question.
    table.answers.extend([vec![Value::Card(bears)], vec![Value::Card(shock)]]);
    assert!(table.activate(traders, P0));
    assert!(table.answers.is_empty(), "asked: {:?}", table.asked);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Shock"]);
    assert_eq!(table.board.names(P1, HAND), ["Forest"]);
}

#[test]
fn lore_broker_and_rix_maadi_make_each_player_discard() {
    // Lore Broker: each draws, then each discards a card of their choosing.
    let init = "[PLAYER1]\ninplay:Lore Broker\nhand:Shock\nlibrary:Forest\n[PLAYER2]\nhand:Grizzly Bears\n\
                library:Swamp\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Lore Broker\nhand:Forest\ngraveyard:Shock\n[PLAYER2]\n\
                    hand:Grizzly Bears\ngraveyard:Swamp\n";
    assert_eq!(verdict(&test(init, "Lore Broker\nShock\nSwamp\n", expected)), Verdict::Passed);
    // Rix Maadi's second ability: each player discards a card.
    let init = "[PLAYER1]\ninplay:Rix Maadi\nhand:Shock,Forest\nmanapool:{1}{B}{R}\n[PLAYER2]\n\
                hand:Grizzly Bears,Swamp\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Rix Maadi\nhand:Forest\ngraveyard:Shock\nmanapool:{0}\n[PLAYER2]\n\
                    hand:Grizzly Bears\ngraveyard:Swamp\n";
    assert_eq!(verdict(&test(init, "Rix Maadi\nchoice 1\nShock\nSwamp\n", expected)), Verdict::Passed);
}

#[test]
fn urzas_guilt_draws_two_discards_three_and_loses_four_life_for_each_player() {
    let mut table = Table::with_cards(CARDS);
    let guilt = table.put("Urza's Guilt", P0, HAND);
    let mine = [table.put("Shock", P0, HAND), table.put("Grizzly Bears", P0, HAND)];
    table.put("Forest", P0, LIBRARY);
    let drawn = table.put("Swamp", P0, LIBRARY);
    let theirs = table.put("Grizzly Bears", P1, HAND);
    table.put("Shock", P1, HAND);
    let their_drawn = [table.put("Swamp", P1, LIBRARY), table.put("Forest", P1, LIBRARY)];
    table.board.players[0].mana = [3; 6];
    table.answers.extend([
        vec![Value::Card(mine[0]), Value::Card(mine[1]), Value::Card(drawn)],
        vec![Value::Card(theirs), Value::Card(their_drawn[0]), Value::Card(their_drawn[1])],
    ]);
    table.cast(guilt, P0);
    assert!(table.answers.is_empty(), "asked: {:?}", table.asked);
    assert_eq!(table.board.names(P0, HAND).len(), 1);
    assert_eq!(table.board.names(P1, HAND), ["Shock"]);
    assert_eq!((table.board.players[0].life, table.board.players[1].life), (16, 16));
}

#[test]
fn brain_maggot_exiles_a_nonland_card_until_it_leaves() {
    let mut table = Table::with_cards(CARDS);
    let shock = table.put("Shock", P1, HAND);
    table.put("Forest", P1, HAND);
    table.put("Grizzly Bears", P1, HAND);
    // The line's one `choice`, asked first; the one opponent is the target without a
    // question; then the card is chosen.
    table.hold_questions = true;
    let maggot = table.put("Brain Maggot", P0, BATTLEFIELD);
    table.settle();
    let mode = table.held.as_ref().expect("the choice is asked").candidates().to_vec();
    table.answers.push(vec![Value::Card(shock)]);
    table.try_answer_held(&mode[..1]).expect("the choice is taken");
    table.settle();
    assert!(table.answers.is_empty(), "asked: {:?}", table.asked);
    assert_eq!(table.board.names(P1, EXILE), ["Shock"]);
    assert_eq!(table.board.names(P1, HAND), ["Forest", "Grizzly Bears"]);
    // Brain Maggot dies: the card comes back to its owner's hand.
    table.hold_questions = false;
    let bolt = table.put("Shock", P0, HAND);
    table.board.players[0].mana = [3; 6];
    table.answers.push(vec![Value::Card(maggot)]);
    table.cast(bolt, P0);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Brain Maggot", "Shock"]);
    assert_eq!(table.board.names(P1, HAND), ["Forest", "Grizzly Bears", "Shock"]);
}

#[test]
fn what_would_act_otherwise_than_printed_stays_refused() {
    // Divine Congregation: its `life:...` would go to the player the line targets, where
    // its controller gains the life.
    let divine = "auto=choice name(target player) target(player) donothing && all(this) \
                  transforms((,newability[life:twicetype:creature:targetedpersonsbattlefield]))\ntype=Sorcery";
    assert_eq!(
        error_of(divine).as_deref(),
        Some(
            "unsupported: `all(this) transforms((,newability[effect]))` after a line's target, of an effect on no \
             target of its own"
        ),
    );
    // Blizzard Specter's and Relic Bind's modes of a "choose one", each of which would be
    // taken.
    let specter = "auto=@combatdamagefoeof(player) from(this):all(this) transforms((,newability[choice name(bounce) \
                   ability$! target(*|mybattlefield) moveTo(ownerhand) !$opponent],newability[choice name(discard) \
                   ability$! target(*|myhand) reject !$opponent])) ueot\ntype=Creature";
    let relic = "target=artifact|opponentbattlefield\nauto=@tapped(mytgt):all(this) \
                 transforms((,newability[choice target(player) damage:1],newability[choice target(player) life:1])) \
                 ueot\ntype=Enchantment\nsubtype=Aura";
    for modes in [specter, relic] {
        assert_eq!(
            error_of(modes).as_deref(),
            Some(
                "unsupported: transforms parts `newability[choice ...]`: the modes of a \"choose one\" given to the \
                 card itself, each taken"
            ),
            "{modes}"
        );
    }
    // Kudzu's land, which the destroyed land's controller chooses.
    let kudzu = "target=land\nauto=@tapped(mytgt):all(trigger) destroy && all(this) \
                 transforms((,newability[target(land) retarget])) forever\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(
        error_of(kudzu).as_deref(),
        Some(
            "unsupported: transforms part `newability[target(...) retarget]` to any player's permanent, given to the \
             card itself"
        ),
    );
}

#[test]
fn nicol_bolas_ultimate_has_the_target_player_sacrifice_and_discard_seven() {
    let given = "auto={T}:target(player) damage:7 && all(this) transforms((,newability[ability$!notatarget(<7>*|\
                 mybattlefield) sacrifice!$ targetedplayer],newability[ability$!notatarget(<7>*|myhand) reject!$ \
                 targetedplayer]))\ntype=Artifact";
    let plain = "auto={T}:target(player) damage:7 && ability$!notatarget(<7>*|mybattlefield) sacrifice!$ \
                 targetedplayer && ability$!notatarget(<7>*|myhand) reject!$ targetedplayer\ntype=Artifact";
    assert_eq!(ir_of(given), ir_of(plain));
}

#[test]
fn thoughtcutter_agent_drains_one_and_looks_at_the_hand() {
    let init = "[PLAYER1]\ninplay:Thoughtcutter Agent\nmanapool:{U}{B}\n[PLAYER2]\nhand:Shock,Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Thoughtcutter Agent\nmanapool:{0}\n[PLAYER2]\nhand:Shock,Forest\n\
                    life:19\n";
    assert_eq!(verdict(&test(init, "Thoughtcutter Agent\np2\nShock\n", expected)), Verdict::Passed);
}
