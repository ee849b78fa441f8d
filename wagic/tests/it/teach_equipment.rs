//! `teach(creature) effect` on an Equipment: the static effect on the equipped creature,
//! as the same line without `teach(...)` (Wagic's `ATeach` gives it to the card the
//! Equipment is attached to).

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

#[test]
fn teach_creature_on_an_equipment_is_its_static_effect_on_the_equipped_creature() {
    let equipment = |line: &str| format!("auto={{1}}:equip\nauto={line}\ntype=Artifact\nsubtype=Equipment");
    for effect in ["1/1", "shroud", "protection from red"] {
        assert_eq!(ir_of(&equipment(&format!("teach(creature) {effect}"))), ir_of(&equipment(effect)), "{effect}");
    }
    assert_eq!(
        ir_of(&equipment("teach(creature) 1/1")),
        ["auto[continuous]: equipped? pump", "action[2]: filterSome(Exact(1)) equip ueot"]
    );
    // Another spec (the equipped creature may not match it), an effect that is not
    // static, `teach` without an effect.
    let construct = "unsupported: `teach(...)` on an Equipment other than `teach(creature)` of a static effect";
    for line in ["teach(human) 1/1", "teach(creature) @each my upkeep:life:1", "teach(creature)"] {
        let expected = if line == "teach(creature)" { "unsupported: line without an effect" } else { construct };
        assert_eq!(error_of(&equipment(line)).as_deref(), Some(expected), "{line}");
    }
    // Elsewhere than on an Aura or an Equipment, `teach` is not compiled.
    assert_eq!(error_of("auto=teach(creature) 1/1\ntype=Artifact").as_deref(), Some("unsupported: effect `teach`"));
}

#[test]
fn a_taught_pump_goes_to_the_equipped_creature() {
    let cards = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
                 [card]\nname=Cloak\nauto={1}:equip\nauto=teach(creature) 2/0\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n";
    let library = Arc::new(Library::compile(&[("teach.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    // The Cloak on the Bears: they attack for 4.
    let attack = test(
        "[PLAYER1]\ninplay:Cloak,Grizzly Bears\nmanapool:{1}\n[PLAYER2]\n",
        "Cloak\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Cloak,Grizzly Bears\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&attack), Verdict::Passed);
    assert_ne!(verdict(&attack.replace("life:16", "life:18")), Verdict::Passed);
}
