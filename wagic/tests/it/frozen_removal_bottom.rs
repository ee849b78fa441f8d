//! `frozen` (the permanent skips its controller's next untap), `removefromcombat` (the
//! creature attacks no more) and `bottomoflibrary` (the card goes under its owner's
//! library), from the printed text of the cards that use them: the IR, and what each
//! does to the game.

use wagic::runner::Verdict;

use super::front_ir::ir_of;

/// The cards of these tests (their own library), as Wagic writes them.
const CARDS: &str = "\
[card]\nname=Cloudcrest Lake\ntext={T}: Add {W} or {U}. Cloudcrest Lake doesn't untap during your next untap step.\n\
auto={T}:Add{W} && frozen\ntype=Land\n[/card]\n\
[card]\nname=Crippling Chill\ntext=Tap target creature. It doesn't untap during its controller's next untap step. Draw a card.\n\
target=creature\nauto=tap\nauto=frozen\nauto=draw:1 controller\nmana={2}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Reconnaissance\n\
auto={0}:removefromcombat target(creature[attacking]|mybattlefield) && untap\nmana={W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Junktroller\ntext={T}: Put target card from a graveyard on the bottom of its owner's library.\n\
auto={T}:bottomoflibrary target(*|graveyard)\nmana={4}\ntype=Artifact Creature\npower=0\ntoughness=6\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("frozen.txt", CARDS, test)
}

/// A test from the first main phase: `init` and `expected` hold both players' lines.
fn game(init: &str, moves: &str, expected: &str) -> Verdict {
    verdict(&format!("[INIT]\nFIRSTMAIN\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n"))
}

#[test]
fn each_effect_is_one_call_on_the_source_or_the_target() {
    // On the source (`-`: the statement's default target), after a mana ability's `&&`
    // too; on the target a `target(...)` chose, and `&& untap` on that same target.
    assert_eq!(ir_of("auto={T}:Add{W} && frozen\ntype=Land"), ["action[1]: - add ueot; - frozen ueot"]);
    assert_eq!(ir_of("target=creature\nauto=frozen\ntype=Instant"), ["action[0]: - frozen ueot"]);
    assert_eq!(
        ir_of("auto=@combat(attacking) source(this):frozen\ntype=Creature"),
        ["auto[attacking?]: - frozen ueot"]
    );
    assert_eq!(
        ir_of("auto={0}:removefromcombat target(creature[attacking]|mybattlefield) && untap\ntype=Enchantment"),
        ["action[0]: filterSome(Exact(1)) removefromcombat ueot; prevtgt untap ueot"]
    );
    assert_eq!(
        ir_of("auto={T}:bottomoflibrary target(*|graveyard)\ntype=Artifact"),
        ["action[1]: filterSome(Exact(1)) bottomoflibrary ueot"]
    );
}

#[test]
fn a_land_tapped_for_mana_stays_tapped_through_its_controllers_next_untap_step() {
    // Tapped for {W} in turn 1, still tapped in turn 3 (a second click adds nothing);
    // untapped again in turn 5.
    let init = "[PLAYER1]\ninplay:Cloudcrest Lake\nlibrary:Forest,Forest,Forest\n[PLAYER2]\nlibrary:Forest,Forest\n";
    let turn_three = "Cloudcrest Lake\neot\neot\nnext\nnext\nnext\nCloudcrest Lake\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Cloudcrest Lake\nhand:Forest\nlibrary:Forest,Forest\n\
                    [PLAYER2]\nhand:Forest\nlibrary:Forest\n";
    assert_eq!(game(init, turn_three, expected), Verdict::Passed);
    let turn_five = format!("{turn_three}eot\neot\nnext\nnext\nnext\nCloudcrest Lake\n");
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Cloudcrest Lake\nhand:Forest,Forest\nlibrary:Forest\n\
                    manapool:{W}\n[PLAYER2]\nhand:Forest,Forest\n";
    assert_eq!(game(init, &turn_five, expected), Verdict::Passed);
}

#[test]
fn a_creature_tapped_by_crippling_chill_cannot_attack_in_its_controllers_next_turn_only() {
    // Chilled in turn 1, the Bears stay tapped in turn 2: no attack, player 1 keeps 20.
    let init = "[PLAYER1]\nhand:Crippling Chill\nmanapool:{U}{U}{U}\nlibrary:Forest,Forest,Forest\n\
                [PLAYER2]\ninplay:Grizzly Bears\nlibrary:Forest,Forest\n";
    let attack = "next\nnext\nnext\nnext\nnext\nGrizzly Bears\ngoto secondmain\n";
    let turn_two = format!("Crippling Chill\nGrizzly Bears\neot\n{attack}");
    let expected = "SECONDMAIN\n[PLAYER1]\ngraveyard:Crippling Chill\nhand:Forest\nlibrary:Forest,Forest\n\
                    [PLAYER2]\ninplay:Grizzly Bears\nhand:Forest\nlibrary:Forest\n";
    assert_eq!(game(init, &turn_two, expected), Verdict::Passed);
    // In turn 4 they untapped and attack: 2 damage.
    let turn_four = format!("{turn_two}eot\neot\n{attack}");
    let expected = "SECONDMAIN\n[PLAYER1]\nlife:18\ngraveyard:Crippling Chill\nhand:Forest,Forest\nlibrary:Forest\n\
                    [PLAYER2]\ninplay:Grizzly Bears\nhand:Forest,Forest\n";
    assert_eq!(game(init, &turn_four, expected), Verdict::Passed);
}

#[test]
fn an_attacker_removed_from_combat_deals_no_damage() {
    let init = "[PLAYER1]\ninplay:Reconnaissance,Grizzly Bears\n[PLAYER2]\n";
    // Declared an attacker, then removed from combat: no combat damage to player 2.
    let attack = "next\nnext\nGrizzly Bears\n";
    let removed = format!("{attack}Reconnaissance\nGrizzly Bears\ngoto secondmain\n");
    let expected = "SECONDMAIN\n[PLAYER1]\ninplay:Reconnaissance,Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(game(init, &removed, expected), Verdict::Passed);
    // Left in combat: 2 damage.
    let kept = format!("{attack}goto secondmain\n");
    let expected = "SECONDMAIN\n[PLAYER1]\ninplay:Reconnaissance,Grizzly Bears\n[PLAYER2]\nlife:18\n";
    assert_eq!(game(init, &kept, expected), Verdict::Passed);
}

#[test]
fn a_card_put_on_the_bottom_of_its_owners_library_is_drawn_last() {
    // Shock goes under player 2's Forest: their next draw is the Forest.
    let init = "[PLAYER1]\ninplay:Junktroller\n[PLAYER2]\ngraveyard:Shock\nlibrary:Forest\n";
    let moves = "Junktroller\nShock\neot\nnext\nnext\n";
    let expected = "DRAW\n[PLAYER1]\ninplay:Junktroller\n[PLAYER2]\nhand:Forest\nlibrary:Shock\n";
    assert_eq!(game(init, moves, expected), Verdict::Passed);
}
