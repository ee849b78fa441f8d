//! `if cantargetcard(spec) then effect` (Wagic's `IfThenAbility` testing the ability's
//! target): the effect only when the equipped or enchanted creature, or an instant's or
//! sorcery's one target card, matches the spec as the ability resolves; refused where the
//! target is another one.

use wagic::runner::Verdict;

use super::behaviour::{test, verdict_of};
use super::front::error_of;

/// Cards written from printed texts (Blade of the Bloodchief's "If equipped creature is a
/// Vampire, put two +1/+1 counters on it instead", Starfall's "If that creature is an
/// enchantment, Starfall deals 3 damage to that creature's controller").
const CARDS: &str = "[card]\nname=Bloodblade\nauto={1}:equip\n\
auto=@movedto(creature|graveyard) from(creature|battlefield):counter(1/1,1) && if cantargetcard(vampire) then counter(1/1,1)\n\
text=Whenever a creature is put into a graveyard from the battlefield, put a +1/+1 counter on equipped creature. If equipped creature is a Vampire, put two +1/+1 counters on it instead.\n\
mana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Starfall\ntarget=creature\nauto=damage:3\nauto=if cantargetcard(enchantment) then damage:3 targetcontroller\n\
text=Starfall deals 3 damage to target creature. If that creature is an enchantment, Starfall deals 3 damage to that creature's controller.\n\
mana={4}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Vampire\nmana={1}{B}\ntype=Creature\nsubtype=Vampire\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Elf\nmana={G}\ntype=Creature\nsubtype=Elf\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Nyx Beast\nmana={1}{G}\ntype=Enchantment Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Blast\ntarget=creature\nauto=damage:3\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    verdict_of("if_target.txt", CARDS, &test(init, moves, &format!("FIRSTMAIN\n{expected}")))
}

#[test]
fn the_equipped_vampire_gets_two_counters_another_creature_one() {
    // The Bears die: the equipped Vampire gets two counters, a 3/3 that Blast (3) kills and
    // Shock (2) does not; the equipped Elf one, a 2/2 that Shock kills.
    let init = |creature: &str| {
        format!(
            "[PLAYER1]\ninplay:{creature},Bloodblade\nhand:Shock,Shock\nmanapool:{{1}}{{R}}{{R}}\n[PLAYER2]\ninplay:Grizzly Bears\n"
        )
    };
    let moves = |creature: &str| format!("Bloodblade\n{creature}\nShock\nGrizzly Bears\nShock\n{creature}\n");
    let vampire = "[PLAYER1]\ninplay:Vampire,Bloodblade\ngraveyard:Shock,Shock\n[PLAYER2]\ngraveyard:Grizzly Bears\n";
    assert_eq!(verdict(&init("Vampire"), &moves("Vampire"), vampire), Verdict::Passed);
    let elf = "[PLAYER1]\ninplay:Bloodblade\ngraveyard:Elf,Shock,Shock\n[PLAYER2]\ngraveyard:Grizzly Bears\n";
    assert_eq!(verdict(&init("Elf"), &moves("Elf"), elf), Verdict::Passed);
}

#[test]
fn starfall_hits_the_controller_of_an_enchantment_creature_only() {
    // The Nyx Beast dies to the 3 damage and was an enchantment: its controller loses 3.
    let init = "[PLAYER1]\nhand:Starfall\nmanapool:{4}{R}\n[PLAYER2]\ninplay:Nyx Beast,Grizzly Bears\n";
    let beast = "[PLAYER1]\ngraveyard:Starfall\n[PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Nyx Beast\nlife:17\n";
    assert_eq!(verdict(init, "Starfall\nNyx Beast\n", beast), Verdict::Passed);
    let bears = "[PLAYER1]\ngraveyard:Starfall\n[PLAYER2]\ninplay:Nyx Beast\ngraveyard:Grizzly Bears\nlife:20\n";
    assert_eq!(verdict(init, "Starfall\nGrizzly Bears\n", bears), Verdict::Passed);
}

#[test]
fn a_test_of_another_target_is_refused() {
    for (card, refused) in [
        // An activated ability's `&&` part is another ability, on the first part's target.
        (
            "auto={T}:tap target(creature) && if cantargetcard(zombie) then moveto(exile)\ntype=Creature",
            "unsupported: `if cantargetcard(spec)` outside an Aura, an Equipment or a spell with one target card",
        ),
        (
            "target=creature\nauto=if cantargetcard(creature|mygraveyard) then draw:1 controller\ntype=Sorcery",
            "unsupported: `if cantargetcard(spec|zone)` on a spell",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}
