//! `aslongas(spec)effect` written without a space (Drill-Skimmer's
//! `aslongas(other creature[artifact]|myBattlefield)shroud`): Wagic reads the effect from
//! the `)` on, so it is the spaced line, past a colon too.

use super::behaviour::test;
use super::front_ir::ir_of;
use wagic::runner::Verdict;

/// After Drill-Skimmer: shroud while another artifact creature is on its side.
const CARDS: &str = "[card]\nname=Skimmer\nabilities=flying\n\
auto=aslongas(other creature[artifact]|myBattlefield)shroud\nmana={2}\ntype=Artifact Creature\npower=0\n\
toughness=1\n[/card]\n\
[card]\nname=Golem\nmana={2}\ntype=Artifact Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("aslongas_unspaced.txt", CARDS, test)
}

#[test]
fn an_unspaced_aslongas_is_the_spaced_line() {
    for (unspaced, spaced) in [
        (
            "auto=aslongas(other creature[artifact]|myBattlefield)shroud\ntype=Artifact Creature",
            "auto=aslongas(other creature[artifact]|myBattlefield) shroud\ntype=Artifact Creature",
        ),
        (
            "auto=aslongas(Advocate of the Beast|mybattlefield)transforms((,newability[-mustattack]))\ntype=Creature",
            "auto=aslongas(Advocate of the Beast|mybattlefield) transforms((,newability[-mustattack]))\ntype=Creature",
        ),
    ] {
        assert_eq!(ir_of(unspaced), ir_of(spaced), "{unspaced}");
    }
    // A colon after it is passed (Wagic finds its effect words past it); a cost after it,
    // spaced or not, begins an ability that exists while the count holds (`lordforeach.rs`).
    assert_eq!(
        ir_of("auto=aslongas(*[green]|mybattlefield):1/1\ntype=Creature"),
        ir_of("auto=aslongas(*[green]|mybattlefield) 1/1\ntype=Creature")
    );
    assert_eq!(
        ir_of("auto=aslongas(land|myBattlefield) {T}:add{2} >4\ntype=Land"),
        ir_of("auto=aslongas(land|myBattlefield){T}:add{2} >4\ntype=Land")
    );
}

#[test]
fn the_skimmer_has_shroud_only_beside_another_artifact_creature() {
    // Alone, Shock kills it; beside a Golem, it cannot be targeted and the Shock stays.
    let init = "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Skimmer\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ngraveyard:Skimmer\n";
    assert_eq!(verdict(&test(init, "Shock\nSkimmer\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Skimmer,Golem\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Skimmer\ngraveyard:Golem\n";
    assert_eq!(verdict(&test(init, "Shock\nSkimmer\nGolem\n", expected)), Verdict::Passed);
}
