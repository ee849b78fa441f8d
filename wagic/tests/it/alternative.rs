//! Alternative costs: `other={mana} name(...)` and `auto=alternative effect` compiled, the
//! runner's menu entry for Wagic's alternative cost rule, and the effects run only for a
//! card cast for that cost.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Horn\nother={1}{G} name(Evoke)\nauto=3/3 target(creature) ueot\nauto=alternative sacrifice\nmana={3}{G}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Trap\nother={U} name(Spring)\nauto=alternative draw:1 controller\nauto=draw:1 controller\nmana={3}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("alternative.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn an_alternative_effect_runs_under_the_catalogues_alternative_and_other_costs_are_refused() {
    // As `kicker effect`: the statement under a test of `alternative`, an if/else.
    assert_eq!(
        ir_of("other={1}{G} name(Evoke)\nauto=alternative sacrifice\ntype=Creature"),
        ir_of("kicker={1}{G}\nauto=kicker sacrifice\ntype=Creature")
    );
    assert_eq!(ir_of("other={U}\nauto=alternative draw:1 controller\ntype=Instant"), ["action[0]: me draw ueot"]);
    // A cost other than mana, text other than a label, an effect without `other=`.
    for (card, construct) in [
        ("other={H(land|mybattlefield)}\ntype=Creature", "unsupported: alternative cost other than mana"),
        ("other={S(creature|mybattlefield)}\ntype=Creature", "unsupported: alternative cost other than mana"),
        (
            "other={1} name(Evoke) free\ntype=Creature",
            "unsupported: text after an alternative cost other than `name(...)`",
        ),
        ("other=name(free)\ntype=Creature", "unsupported: alternative cost other than mana"),
        ("auto=alternative sacrifice\ntype=Creature", "unsupported: `alternative` effect on a card without `other=`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(construct), "{card}");
    }
}

#[test]
fn an_alternative_cost_is_wagics_entry_after_the_cast_and_its_effects_run_when_paid_so() {
    // Both costs paid: the cast rule's entry first, the alternative cost rule's second.
    let trap = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\nhand:Trap\nlibrary:Forest,Grizzly Bears\nmanapool:{3}{U}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Trap\n{expected}[PLAYER2]\n"),
        ))
    };
    // For {U}: both draws, three left in the pool.
    assert_eq!(trap("Trap\nchoice 1\n", "hand:Forest,Grizzly Bears\nmanapool:{3}\n"), Verdict::Passed);
    // For its mana cost: one draw.
    assert_eq!(trap("Trap\nchoice 0\n", "hand:Grizzly Bears\nlibrary:Forest\n"), Verdict::Passed);
    assert_ne!(trap("Trap\nchoice 0\n", "hand:Forest,Grizzly Bears\n"), Verdict::Passed);
}

#[test]
fn an_evoked_creature_is_sacrificed_after_its_entering_target_is_chosen() {
    // Only Evoke's {1}{G} can be paid: done at once. The Horn's entering pump waits for
    // its target; the sacrifice, after it, still sees the Horn paid for so.
    let evoked = test(
        "[PLAYER1]\nhand:Horn\ninplay:Grizzly Bears\nmanapool:{G}{G}\n[PLAYER2]\n",
        "Horn\nchoice 0\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Horn\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&evoked), Verdict::Passed);
    // Cast for its mana cost (both can be paid: the menu's first entry) it stays.
    let cast = test(
        "[PLAYER1]\nhand:Horn\ninplay:Grizzly Bears\nmanapool:{3}{G}\n[PLAYER2]\n",
        "Horn\nchoice 0\nchoice 0\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Horn\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&cast), Verdict::Passed);
}
