//! `rehook` (Wagic's `AANewTarget` re-equipping): an Equipment attached to a creature by
//! an ability other than equip, as equip attaches it (the catalogue's `equip` call), at
//! any speed unless written `assorcery`: Cranial Plating's `{B}{B}` ability, the
//! triggers of Sai of the Shinobi ("whenever a creature enters under your control, you may
//! attach") and Deathrender, and Puresteel Paladin's equip {0} given to each Equipment.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests, the rehooking ones as Wagic writes them (their own library).
const CARDS: &str = "[card]\nname=Cranial Plating\n\
auto=foreach(artifact|mybattlefield) 1/0\n\
auto={B}{B}:name(attach) rehook target(creature|mybattlefield)\n\
auto={1}:equip\nmana={2}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Sai of the Shinobi\nauto={2}:equip\nauto=1/1\n\
auto=@movedto(creature|mybattlefield):may all(trigger[to]) rehook\n\
mana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Deathrender\nauto=+2/+2\n\
auto=@movedto(mytgt|graveyard):may moveto(mybattlefield) target(creature|myhand) and!(rehook)!\n\
auto={2}:equip\nmana={4}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Puresteel Paladin\n\
auto=lord(equipment|mybattlefield) transforms((,newability[{0}:name(Equip Zero) rehook target(creature|mybattlefield) assorcery restriction{type(artifact|mybattlefield)~morethan~2}]))\n\
mana={W}{W}\ntype=Creature\nsubtype=Human Knight\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Trinket\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Page\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Sting\ntarget=creature\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Blast\ntarget=creature\nauto=damage:4\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Bog\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("rehook.txt", CARDS, test)
}

/// A test that starts in `phase` rather than the first main phase.
fn test_from(phase: &str, init: &str, moves: &str, expected: &str) -> String {
    test(init, moves, expected).replacen("[INIT]\nFIRSTMAIN\n", &format!("[INIT]\n{phase}\n"), 1)
}

#[test]
fn rehook_is_equip_on_its_target_without_the_sorcery_limit() {
    let plating = "auto={B}{B}:name(attach) rehook target(creature|mybattlefield)\nauto={1}:equip\n\
                   type=Artifact\nsubtype=Equipment";
    // The same call on its one target; equip has its sorcery limit as a second cost.
    assert_eq!(
        ir_of(plating),
        ["action[1]: filterSome(Exact(1)) equip ueot", "action[2]: filterSome(Exact(1)) equip ueot"]
    );
    // A trigger's `all(trigger[to]) rehook`: on the creature that entered.
    let sai = "auto=@movedto(creature|mybattlefield):all(trigger[to]) rehook\ntype=Artifact\nsubtype=Equipment";
    assert_eq!(ir_of(sai), ["auto[movedto?]: trigger equip ueot"]);
}

#[test]
fn rehook_where_it_would_attach_nothing_or_another_card_is_refused() {
    // On a creature it would attach the creature itself; Wagic's does nothing.
    assert_eq!(
        error_of("auto={B}:rehook target(creature)\ntype=Creature\npower=1\ntoughness=1").as_deref(),
        Some("unsupported: `rehook` on a card that is not an Equipment")
    );
    // Without a target it has no creature to attach to.
    assert_eq!(
        error_of("auto={B}:rehook\ntype=Artifact\nsubtype=Equipment").as_deref(),
        Some("unsupported: `rehook` without a target")
    );
    // From the graveyard: Sword of the Meek's "return it, then attach it", which Wagic's
    // `rehook` does not do (it attaches an Equipment on the battlefield alone).
    let sword = "autograveyard=@movedto(creature|mybattlefield):may all(trigger[to]) rehook\n\
                 type=Artifact\nsubtype=Equipment";
    assert_eq!(
        error_of(sword).as_deref(),
        Some("unsupported: `rehook` in an `autograveyard` line (the card off the battlefield)")
    );
    // Brass Squire's "attach target Equipment you control to target creature you control":
    // two targets in one effect. Grifter's Blade's and Piston Sledge's attaching as it
    // enters, written with a spec `parents` the front end does not read.
    let squire = "auto={T}:target(equipment|mybattlefield) transforms((,newability[rehook \
                  target(creature|mybattlefield)])) forever\ntype=Artifact Creature\npower=1\ntoughness=3";
    assert_eq!(
        error_of(squire).as_deref(),
        Some("unsupported: transforms part `newability[rehook ...]` attaching the target Equipment to a second target")
    );
    let sledge = "auto=aslongas(parents) rehook target(creature|mybattlefield) <1\nauto={1}:equip\n\
                  type=Artifact\nsubtype=Equipment";
    assert_eq!(
        error_of(sledge).as_deref(),
        Some("unsupported: `aslongas(parents)` on an Equipment (attaching it as it enters)")
    );
}

#[test]
fn cranial_plating_moves_at_instant_speed_with_its_bonus() {
    // Equipped to the Bears in the main phase, moved to the Page for {B}{B} as combat
    // begins: the Page gets +2/+0 (two artifacts), the Bears are 2/2 again.
    let init = "[PLAYER1]\ninplay:Cranial Plating,Trinket,Grizzly Bears,Page,Swamp,Bog\nmanapool:{1}\n[PLAYER2]\n";
    let moves = |attacker: &str| {
        format!(
            "Cranial Plating\nGrizzly Bears\nnext\nSwamp\nBog\nCranial Plating\nPage\nnext\n{attacker}\nnext\nnext\nnext\n"
        )
    };
    let expected = |life: u32| {
        format!(
            "COMBATEND\n[PLAYER1]\ninplay:Cranial Plating,Trinket,Grizzly Bears,Page,Swamp,Bog\n[PLAYER2]\nlife:{life}\n"
        )
    };
    assert_eq!(verdict(&test(init, &moves("Page"), &expected(17))), Verdict::Passed);
    assert_eq!(verdict(&test(init, &moves("Grizzly Bears"), &expected(18))), Verdict::Passed);
    // Not moved (no {B}{B}): the Bears keep it and deal 4.
    let unmoved = "Cranial Plating\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n";
    let without_swamps = init.replace(",Swamp,Bog", "");
    let expected_unmoved =
        "COMBATEND\n[PLAYER1]\ninplay:Cranial Plating,Trinket,Grizzly Bears,Page\n[PLAYER2]\nlife:16\n";
    assert_eq!(verdict(&test(&without_swamps, unmoved, expected_unmoved)), Verdict::Passed);
}

#[test]
fn rehook_refuses_a_creature_its_target_does_not_allow() {
    // As combat begins (no equip then): the opponent's Bears are no creature of its
    // controller's, the click is ignored and the Page is taken; it attacks for 1 + 1.
    let init = "[PLAYER1]\ninplay:Cranial Plating,Page\nmanapool:{B}{B}\n[PLAYER2]\ninplay:Grizzly Bears\n";
    let moves = "Cranial Plating\nGrizzly Bears\nPage\nnext\nPage\nnext\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Cranial Plating,Page\n[PLAYER2]\ninplay:Grizzly Bears\nlife:18\n";
    assert_eq!(verdict(&test_from("COMBATBEGIN", init, moves, expected)), Verdict::Passed);
}

#[test]
fn sai_of_the_shinobi_may_attach_to_a_creature_entering() {
    // Accepted, the Bears are 3/3 and survive Sting; refused, they die.
    let init = "[PLAYER1]\ninplay:Sai of the Shinobi\nhand:Grizzly Bears,Sting\nmanapool:{1}{G}{R}\n[PLAYER2]\n";
    let moves = |answer: &str| format!("Grizzly Bears\n{answer}\nSting\nGrizzly Bears\n");
    let survived = "FIRSTMAIN\n[PLAYER1]\ninplay:Sai of the Shinobi,Grizzly Bears\ngraveyard:Sting\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, &moves("choice 0"), survived)), Verdict::Passed);
    let died = "FIRSTMAIN\n[PLAYER1]\ninplay:Sai of the Shinobi\ngraveyard:Grizzly Bears,Sting\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, &moves("choice 1"), died)), Verdict::Passed);
}

#[test]
fn deathrender_attaches_to_the_creature_it_puts_onto_the_battlefield() {
    // The Page, 3/3 with it, dies to Blast: the Bears come from the hand with it, 4/4,
    // and survive Sting.
    let init = "[PLAYER1]\ninplay:Deathrender,Page\nhand:Grizzly Bears,Blast,Sting\nmanapool:{2}{R}{R}\n[PLAYER2]\n";
    let moves = "Deathrender\nPage\nBlast\nPage\nchoice 0\nGrizzly Bears\nSting\nGrizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Deathrender,Grizzly Bears\ngraveyard:Page,Blast,Sting\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn puresteel_paladin_gives_equip_zero_with_three_artifacts_at_sorcery_speed() {
    // Sai, 1/1 to the Paladin for {0}: it survives Sting.
    let init = "[PLAYER1]\ninplay:Puresteel Paladin,Sai of the Shinobi,Trinket,Cranial Plating\nhand:Sting\n\
                manapool:{R}\n[PLAYER2]\n";
    let moves = "Sai of the Shinobi\nPuresteel Paladin\nSting\nPuresteel Paladin\n";
    let board = "[PLAYER1]\ninplay:Sai of the Shinobi,Trinket,Cranial Plating";
    let survived = format!("FIRSTMAIN\n{board},Puresteel Paladin\ngraveyard:Sting\n[PLAYER2]\n");
    assert_eq!(verdict(&test(init, moves, &survived)), Verdict::Passed);
    // With two artifacts it has no equip {0}: the Paladin dies.
    let fewer = init.replace(",Cranial Plating", "");
    let board = "[PLAYER1]\ninplay:Sai of the Shinobi,Trinket";
    let died = format!("FIRSTMAIN\n{board}\ngraveyard:Puresteel Paladin,Sting\n[PLAYER2]\n");
    assert_eq!(verdict(&test(&fewer, moves, &died)), Verdict::Passed);
    // Not as combat begins (`assorcery`).
    let died = format!("COMBATBEGIN\n{board},Cranial Plating\ngraveyard:Puresteel Paladin,Sting\n[PLAYER2]\n");
    assert_eq!(verdict(&test_from("COMBATBEGIN", init, moves, &died)), Verdict::Passed);
}
