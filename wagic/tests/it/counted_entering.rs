//! A permanent's one-shot effect after a count (`aslongas(spec) effect`, `if
//! type(spec)~morethan~n then effect`): Wagic resolves it once, as the permanent enters,
//! with the count read then; the card's own sacrifice is a state trigger instead. The exact
//! IR, the shapes still refused, and what the cards do on the board.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library), after Dragonskull Summit, Gilt-Leaf
/// Palace, Lagonna-Band Elder, Sunspire Gatekeepers and Endangered Armodon.
const CARDS: &str = "[card]\nname=Summit\nauto=tap\nauto=aslongas(mountain,swamp|myBattlefield) untap\n\
auto={T}:Add{B}\ntype=Land\n[/card]\n\
[card]\nname=Palace\nauto=tap\nauto=aslongas(elf|myHand) untap\nauto={T}:Add{G}\ntype=Land\n[/card]\n\
[card]\nname=Elder\nauto=aslongas(enchantment|mybattlefield) life:3 controller\nmana={W}\ntype=Creature\n\
power=3\ntoughness=2\n[/card]\n\
[card]\nname=Gatekeepers\nauto=if type(land[Gate]|mybattlefield)~morethan~1 then \
token(Knight,Creature Knight,2/2,white,vigilance)\nmana={W}\ntype=Creature\npower=2\ntoughness=4\n[/card]\n\
[card]\nname=Armodon\nauto=aslongas(creature[toughness<=2]|myBattlefield) sacrifice\nmana={G}\n\
type=Creature\npower=4\ntoughness=5\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Gate\ntype=Land\nsubtype=Gate\n[/card]\n\
[card]\nname=Elf\nmana={G}\ntype=Creature\nsubtype=Elf\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Rancor\nmana={G}\ntype=Enchantment\n[/card]\n\
[card]\nname=Ox\nmana={W}\ntype=Creature\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Bears\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("counted_entering.txt", CARDS, test)
}

#[test]
fn a_counted_one_shot_effect_is_an_entering_auto_after_its_count() {
    for line in [
        "aslongas(mountain,swamp|myBattlefield) untap",
        "aslongas(enchantment|mybattlefield) life:3 controller",
        "aslongas(land[tapped]|mybattlefield) draw:1 controller <1",
    ] {
        let ir = ir_of(&format!("auto={line}\ntype=Creature"));
        assert_eq!(ir.len(), 1, "{line}");
        assert!(ir[0].starts_with("auto[]: ") && ir[0].contains("aslongas,"), "{line}: {ir:?}");
    }
    // Endangered Armodon's sacrifice without a criterion (Wagic's `>0`) is a state trigger.
    let ir = ir_of("auto=aslongas(creature[toughness<=2]|myBattlefield) sacrifice\ntype=Creature");
    assert!(ir[0].starts_with("auto[continuous]: ") && ir[0].ends_with(" aslongas,moveto"), "{ir:?}");
}

#[test]
fn the_shapes_that_would_run_otherwise_stay_refused() {
    assert_eq!(
        error_of("auto=aslongas(forest|myBattlefield) untap while <1\ntype=Land").as_deref(),
        Some("unsupported: `aslongas(...) ... while` of a one-shot effect on a permanent")
    );
    // Kjeldoran Outpost's "sacrifice a Plains instead" as it would enter.
    let outpost = "auto=if type(plains|mybattlefield)~morethan~0 then sacrifice notatarget(plains|mybattlefield) \
                   oneshot else sacrifice\ntype=Land";
    assert_eq!(
        error_of(outpost).as_deref(),
        Some("unsupported: `if ... else sacrifice` on a permanent (a sacrifice instead of entering)")
    );
    // Lurebound Scarecrow's state trigger under a chosen colour.
    assert_eq!(
        error_of("auto=chooseacolor aslongas(*[chosencolor]|myBattlefield) sacrifice <1 chooseend\ntype=Creature")
            .as_deref(),
        Some("unsupported: sacrifice after a count on a permanent other than `aslongas(spec) sacrifice <n`")
    );
    // Deathbringer Regent's code leaves out "if you cast it from your hand".
    let regent = "auto=if type(other creature|battlefield)~morethan~4 then destroy all(other creature|battlefield)\n\
                  text=When it enters the battlefield, if you cast it from your hand and there are five or more \
                  other creatures on the battlefield, destroy all other creatures.\ntype=Creature";
    assert_eq!(
        error_of(regent).as_deref(),
        Some("unsupported: entering effect whose text asks how the card was cast, without `casted(this)`")
    );
    assert_eq!(error_of(&regent.replace("if you cast it from your hand and ", "if ")), None);
}

#[test]
fn a_check_land_enters_tapped_exactly_when_you_control_none_of_its_types() {
    // A Swamp in play: the Summit enters untapped and taps for {B}.
    let init = "[PLAYER1]\nhand:Summit\ninplay:Swamp\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Swamp,Summit\nmanapool:{B}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Summit\nSummit\n", expected)), Verdict::Passed);
    // None: it enters tapped, and the click finds no mana ability to use.
    let init = "[PLAYER1]\nhand:Summit\ninplay:Gate\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Gate,Summit\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Summit\nSummit\n", expected)), Verdict::Passed);
}

#[test]
fn a_reveal_land_enters_untapped_with_the_type_in_hand() {
    let init = "[PLAYER1]\nhand:Palace,Elf\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Palace\nhand:Elf\nmanapool:{G}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Palace\nPalace\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\nhand:Palace,Bears\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Palace\nhand:Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Palace\nPalace\n", expected)), Verdict::Passed);
}

#[test]
fn an_entering_condition_is_read_once_as_the_permanent_enters() {
    // With an enchantment, the Elder gains 3 life as it enters.
    let init = "[PLAYER1]\nhand:Elder\ninplay:Rancor\nmanapool:{W}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Rancor,Elder\nlife:23\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Elder\n", expected)), Verdict::Passed);
    // Without one, nothing; nor once an enchantment enters later.
    let init = "[PLAYER1]\nhand:Elder,Rancor\nmanapool:{W}{G}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Elder,Rancor\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Elder\nRancor\n", expected)), Verdict::Passed);
    // Two Gates: a Knight token; one: none.
    let init = "[PLAYER1]\nhand:Gatekeepers\ninplay:Gate,Gate\nmanapool:{W}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Gate,Gate,Gatekeepers,Knight\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Gatekeepers\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\nhand:Gatekeepers\ninplay:Gate\nmanapool:{W}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Gate,Gatekeepers\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Gatekeepers\n", expected)), Verdict::Passed);
}

#[test]
fn the_armodon_is_sacrificed_whenever_you_control_a_small_creature() {
    // An Ox (toughness 3): it stays; Bears entering later (toughness 2): it goes.
    let init = "[PLAYER1]\nhand:Armodon,Bears\ninplay:Ox\nmanapool:{G}{G}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Ox,Armodon\nhand:Bears\nmanapool:{G}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Armodon\n", expected)), Verdict::Passed);
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Ox,Bears\ngraveyard:Armodon\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Armodon\nBears\n", expected)), Verdict::Passed);
}
