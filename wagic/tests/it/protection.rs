//! `protection from(spec)` (Wagic's `AProtectionFrom`) on a permanent's static line, a
//! lord's and an Aura's: from the printed text of the cards that have it, the IR, the
//! refusals, and its three rules on the board: not the target of, not blocked by, and no
//! damage from the cards the spec matches.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library), as Wagic writes them.
const CARDS: &str = "\
[card]\n\
name=Tel-Jilad Chosen\n\
auto=protection from(artifact)\n\
mana={1}{G}\n\
type=Creature\n\
subtype=Human Warrior\n\
power=2\n\
toughness=1\n\
[/card]\n\
[card]\n\
name=Rod of Ruin\n\
text={3}, {T}: Rod of Ruin deals 1 damage to any target.\n\
auto={3}{T}:damage:1 target(creature,player)\n\
mana={4}\n\
type=Artifact\n\
[/card]\n\
[card]\n\
name=Bronze Golem\n\
mana={3}\n\
type=Artifact Creature\n\
subtype=Golem\n\
power=3\n\
toughness=3\n\
[/card]\n\
[card]\n\
name=Masked Gorgon\n\
text=Green creatures and white creatures have protection from Gorgons.\n\
auto=lord(creature[green;white]) protection from(gorgon)\n\
mana={4}{B}\n\
type=Creature\n\
subtype=Gorgon\n\
power=5\n\
toughness=5\n\
[/card]\n\
[card]\n\
name=Grizzly Bears\n\
mana={1}{G}\n\
type=Creature\n\
subtype=Bear\n\
power=2\n\
toughness=2\n\
[/card]\n\
[card]\n\
name=Spectra Ward\n\
text=Enchanted creature gets +2/+2 and has protection from all colors.\n\
target=creature\n\
auto=2/2\n\
auto=teach(creature) protection from(White)\n\
auto=teach(creature) protection from(Red)\n\
mana={3}{W}{W}\n\
type=Enchantment\n\
subtype=Aura\n\
[/card]\n\
[card]\n\
name=Shock\n\
target=creature,player\n\
auto=damage:2\n\
mana={R}\n\
type=Instant\n\
[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("protection.txt", CARDS.to_string())]).expect("the cards compile"));
    let test = format!("[INIT]\nFIRSTMAIN\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n");
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn protection_from_a_spec_is_continuous_and_from_a_colour_is_the_keyword() {
    assert_eq!(ir_of("auto=protection from(artifact)\ntype=Creature"), ["auto[continuous]: - protectionfrom"]);
    assert_eq!(
        ir_of("auto=lord(creature[green;white]) protection from(gorgon)\ntype=Creature"),
        ["auto[continuous]: filterNone protectionfrom"]
    );
    assert_eq!(ir_of("auto=protection from(Red)\ntype=Creature"), ["auto[]: - +protectionfromred"]);
    // Counted once, its matches would go stale: refused off a permanent's static line.
    let refused = "unsupported: `protection from(...)` outside a permanent's static line";
    for card in [
        "target=creature\nauto=protection from(artifact) ueot\ntype=Instant",
        "auto={W}:protection from(creature)\ntype=Creature",
        "auto=choice protection from(artifact) target(*|myBattlefield) ueot\ntype=Instant",
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn an_artifacts_ability_cannot_target_a_creature_with_protection_from_artifacts() {
    // The click on Tel-Jilad Chosen is ignored; the Rod's damage goes to player 2.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Rod of Ruin\nmanapool:{3}\n[PLAYER2]\ninplay:Tel-Jilad Chosen\n",
        "Rod of Ruin\nTel-Jilad Chosen\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Rod of Ruin\n[PLAYER2]\nlife:19\ninplay:Tel-Jilad Chosen\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn damage_from_an_artifact_creature_is_prevented() {
    // Tel-Jilad Chosen (2/1) blocks Bronze Golem (3/3) and lives.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Bronze Golem\n[PLAYER2]\ninplay:Tel-Jilad Chosen\n",
        "next\nnext\nBronze Golem\nnext\nTel-Jilad Chosen\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Bronze Golem\n[PLAYER2]\ninplay:Tel-Jilad Chosen\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn an_artifact_creature_cannot_block_a_creature_with_protection_from_artifacts() {
    // Bronze Golem may not block: Tel-Jilad Chosen deals 2 to player 2.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Tel-Jilad Chosen\n[PLAYER2]\ninplay:Bronze Golem\n",
        "next\nnext\nTel-Jilad Chosen\nnext\nBronze Golem\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Tel-Jilad Chosen\n[PLAYER2]\nlife:18\ninplay:Bronze Golem\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn masked_gorgon_gives_green_creatures_protection_from_gorgons() {
    // Player 2's own Gorgon cannot block player 1's green Bears.
    let (init, moves, expected) = (
        "[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ninplay:Masked Gorgon\n",
        "next\nnext\nGrizzly Bears\nnext\nMasked Gorgon\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\nlife:18\ninplay:Masked Gorgon\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn an_aura_teaches_protection_from_a_colour() {
    // Under Spectra Ward the Bears cannot be Shocked: the Shock goes to player 2.
    let (init, moves, expected) = (
        "[PLAYER1]\nhand:Spectra Ward,Shock\ninplay:Grizzly Bears\nmanapool:{3}{W}{W}{R}\n[PLAYER2]\n",
        "Spectra Ward\nGrizzly Bears\nShock\nGrizzly Bears\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Spectra Ward\ngraveyard:Shock\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}
