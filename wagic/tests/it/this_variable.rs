//! `this(variable{amount} op n)` and `this(X op n)` (Wagic's `ThisVariable`, `ThisX`): a
//! Theros God a creature while its controller's devotion is high enough, Martial Coup's
//! "If X is 5 or more, destroy all other creatures".

use wagic::runner::Verdict;

use super::behaviour::{test, verdict_of};
use super::front::error_of;

/// Cards written from printed texts.
const CARDS: &str = "[card]\nname=God\nauto=this(variable{type:manaw}>4) transforms((Creature,setpower=5,settoughness=6))\n\
text=As long as your devotion to white is less than five, the God isn't a creature.\n\
mana={3}{W}\ntype=Legendary Enchantment\nsubtype=God\npower=5\ntoughness=6\n[/card]\n\
[card]\nname=Knight\nmana={W}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Coup\nauto=this(X>=5) destroy all(creature)\n\
text=If X is 5 or more, destroy all creatures.\nmana={X}{W}{W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Wrath\nauto=destroy all(creature)\nmana={2}{W}{W}\ntype=Sorcery\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    verdict_of("this_variable.txt", CARDS, &test(init, moves, &format!("FIRSTMAIN\n{expected}")))
}

#[test]
fn a_god_is_a_creature_while_its_devotion_is_five_or_more() {
    // The God and two Knights: devotion to white 5, the God a creature that Wrath destroys.
    let init = "[PLAYER1]\ninplay:God,Knight,Knight\nhand:Wrath\nmanapool:{2}{W}{W}\n[PLAYER2]\n";
    let dead = "[PLAYER1]\ngraveyard:God,Knight,Knight,Wrath\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Wrath\n", dead), Verdict::Passed);
    // One Knight: devotion 3, no creature; Wrath leaves it.
    let init = "[PLAYER1]\ninplay:God,Knight\nhand:Wrath\nmanapool:{2}{W}{W}\n[PLAYER2]\n";
    let kept = "[PLAYER1]\ninplay:God\ngraveyard:Knight,Wrath\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Wrath\n", kept), Verdict::Passed);
}

#[test]
fn the_coup_destroys_only_when_x_is_five_or_more() {
    let init = |mana: &str| format!("[PLAYER1]\nhand:Coup\nmanapool:{mana}\n[PLAYER2]\ninplay:Knight\n");
    let destroyed = "[PLAYER1]\ngraveyard:Coup\n[PLAYER2]\ngraveyard:Knight\n";
    assert_eq!(verdict(&init("{W}{W}{5}"), "Coup\n", destroyed), Verdict::Passed);
    let kept = "[PLAYER1]\ngraveyard:Coup\n[PLAYER2]\ninplay:Knight\n";
    assert_eq!(verdict(&init("{W}{W}{4}"), "Coup\n", kept), Verdict::Passed);
}

#[test]
fn an_amount_not_compiled_is_named() {
    assert_eq!(
        error_of("auto=this(variable{commonblack}>0) -2/-2\ntype=Creature").as_deref(),
        Some("unsupported: `this(variable{...})` amount `commonblack`")
    );
}
