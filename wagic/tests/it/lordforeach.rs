//! `lord(...)`, `foreach(...)` and `aslongas(...)` where Wagic reads them but a line's head
//! did not: written without a space or with a `:` before the effect (Darksteel Forge's
//! `lord(artifact|myBattlefield)indestructible`, Mutilate's `foreach(swamp|myBattlefield)-1/-1
//! all(creature)`, a Runemark's `aslongas(spec):teach(creature) vigilance`), first in a later
//! `&&` part (Kamahl's `lord(...) 3/3 && lord(...) trample ueot`), nested, or a `lord(...)`
//! after `foreach(...)` (Kjeldoran War Cry's): each lowered as the same wrapper at a line's
//! head is, and what would not do what the card says refused.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// Cards written from Wagic's lines (Kjeldoran War Cry, Darksteel Forge, Mutilate, Abzan
/// Runemark, Kamahl, Fist of Krosa, Squirrel Mob, Soul of Ravnica, Temple of the False God), and
/// plain cards.
const CARDS: &str = "[card]\nname=War Cry\nauto=lord(creature|myBattlefield) 1/1\nauto=foreach(War Cry|myGraveyard) lord(creature|myBattlefield) 1/1\nauto=foreach(War Cry|opponentGraveyard) lord(creature|myBattlefield) 1/1\nmana={1}{W}\ntype=Instant\n[/card]\n\
[card]\nname=Forge\nauto=lord(artifact|myBattlefield)indestructible\nmana={9}\ntype=Artifact\n[/card]\n\
[card]\nname=Mutilate\nauto=foreach(swamp|myBattlefield)-1/-1 all(creature)\nmana={2}{B}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Runemark\ntarget=creature\nauto=2/2\nauto=aslongas(*[black;green]|mybattlefield):teach(creature) vigilance\nmana={2}{W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ogre\nmana={2}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Archer\nauto={T}:damage:1 target(creature,player)\nmana={1}{W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Ornithopter\nmana={0}\ntype=Artifact Creature\npower=0\ntoughness=2\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Blaze\ntarget=creature\nauto=damage:4\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Shatter\ntarget=artifact\nauto=destroy\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Bounce\ntarget=*\nauto=moveTo(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Kamahl\nauto={2}{G}{G}{G}:lord(creature|mybattlefield) 3/3 && lord(creature|mybattlefield) trample ueot\nmana={4}{G}{G}\ntype=Legendary Creature\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Page\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Squirrel Mob\nauto=foreach(squirrel|battlefield)1/1 other\nmana={1}{G}{G}\ntype=Creature\nsubtype=Squirrel\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Squirrel\nmana={G}\ntype=Creature\nsubtype=Squirrel\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Soul\nauto={3}{U}{U}:aslongas(*[white]|myBattlefield) draw:1 && aslongas(*[blue]|myBattlefield) draw:1 && aslongas(*[black]|myBattlefield) draw:1 && aslongas(*[red]|myBattlefield) draw:1 && aslongas(*[green]|myBattlefield) draw:1\nmana={4}{U}{U}\ntype=Creature\npower=6\ntoughness=6\n[/card]\n\
[card]\nname=Shatter2\ntarget=artifact\nauto=destroy\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Temple\nauto=aslongas(land|myBattlefield){T}:add{2} >4\ntype=Land\n[/card]\n";

/// The IR of Bloom Tender's first two parts, each checking its own count.
const IR_PARTS: [&str; 1] = ["action[1]: - aslongas,add ueot; - aslongas,add ueot"];

/// The IR of Bloodfire Enforcers' trample: both counts, then the grant.
const IR_NESTED: [&str; 1] = ["auto[continuous]: - aslongas,aslongas,+trample"];

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("lordforeach.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn the_forms_compile_as_the_spaced_wrapper_at_a_lines_head() {
    for (written, spaced) in [
        (
            "auto=lord(artifact|myBattlefield)indestructible\ntype=Artifact",
            "auto=lord(artifact|myBattlefield) indestructible\ntype=Artifact",
        ),
        (
            "auto=foreach(creature|myBattlefield):draw:1\ntype=Sorcery",
            "auto=foreach(creature|myBattlefield) draw:1\ntype=Sorcery",
        ),
        (
            "auto=foreach(swamp|myBattlefield)-1/-1 all(creature)\ntype=Sorcery",
            "auto=foreach(swamp|myBattlefield) -1/-1 all(creature)\ntype=Sorcery",
        ),
        // A later part's own `lord(...)` is its target, as `all(...)` after the effect is.
        (
            "auto={B}{B}:lord(creature[shadow]) 1/0 && lord(creature[-shadow]) -1/0\ntype=Creature",
            "auto={B}{B}:1/0 all(creature[shadow]) && -1/0 all(creature[-shadow])\ntype=Creature",
        ),
        // So is a `lord(...)` after `foreach(...)`.
        (
            "auto=foreach(*|myhand) lord(creature) -1/0\ntype=Enchantment",
            "auto=foreach(*|myhand) -1/0 all(creature)\ntype=Enchantment",
        ),
    ] {
        assert_eq!(ir_of(written), ir_of(spaced), "{written}");
    }
    // Temple of the False God's ability exists while the count holds: a condition of its
    // activation.
    assert_eq!(
        ir_of("auto=aslongas(land|myBattlefield){T}:add{2} >4\ntype=Land"),
        ir_of("auto={T}:add{2} restriction{type(land|myBattlefield)~morethan~4}\ntype=Land")
    );
    // Each later part checks its own count; nested counts all come first.
    assert_eq!(
        ir_of(
            "auto={T}:aslongas(*[white]|myBattlefield) add{W} && aslongas(*[blue]|myBattlefield) add{U}\ntype=Creature"
        ),
        IR_PARTS
    );
    assert_eq!(
        ir_of("auto=aslongas(*[instant]|mygraveyard)aslongas(*[sorcery]|mygraveyard) trample\ntype=Creature"),
        IR_NESTED
    );
}

#[test]
fn what_would_not_do_what_the_card_says_is_refused() {
    for (card, refused) in [
        (
            "auto=foreach(land|myBattlefield){T}:add{G}\ntype=Land",
            "unsupported: `lord(...)`, `foreach(...)` or `aslongas(...)` before a cost (an activated ability that exists while a count holds)",
        ),
        (
            "auto=2/2 && lord(goblin|myBattlefield) haste\ntype=Creature",
            "unsupported: `lord(...)`, `foreach(...)` or `aslongas(...)` of a lasting effect in a later `&&` part of a permanent's own line",
        ),
        (
            "auto=@each my upkeep:foreach(*|myhand)life:1 controller >4\ntype=Artifact",
            "unsupported: criterion of `foreach(...)` (`>n`: n times fewer)",
        ),
        (
            "auto={1}:aslongas(bear|mybattlefield)aslongas(ogre|mybattlefield) draw:1\ntype=Artifact",
            "unsupported: nested `aslongas(...)` of a one-shot effect",
        ),
        (
            "auto=aslongas(bear|mybattlefield)aslongas(ogre|mybattlefield) trample >2\ntype=Creature",
            "unsupported: nested `aslongas(...)` with a criterion (`>n`, `<n`)",
        ),
        (
            "auto={1}:target(creature) 1/1 && lord(goblin) 1/1\ntype=Creature",
            "unsupported: `lord(...)`, `foreach(...)` or `aslongas(...)` in an `&&` part after the line's `target(...)`",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn kjeldoran_war_cry_counts_the_war_cries_in_all_graveyards_until_end_of_turn() {
    // One in each graveyard: the Bears are a 5/5 that a 4 damage Blaze leaves.
    let init = "[PLAYER1]\ninplay:Bears\nhand:War Cry,Blaze\ngraveyard:War Cry\nmanapool:{1}{W}{R}\n[PLAYER2]\ngraveyard:War Cry\n";
    let moves = "War Cry\nBlaze\nBears\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Bears\ngraveyard:War Cry,War Cry,Blaze\n[PLAYER2]\ngraveyard:War Cry\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
    // None: a 3/3, which it kills.
    let init = "[PLAYER1]\ninplay:Bears\nhand:War Cry,Blaze\nmanapool:{1}{W}{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Bears,War Cry,Blaze\n[PLAYER2]\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
    // The next turn, a 2/2 again, which Shock kills.
    let init = "[PLAYER1]\ninplay:Bears\nhand:War Cry\ngraveyard:War Cry\nmanapool:{1}{W}\n[PLAYER2]\nhand:Shock\ninplay:Mountain\n";
    let moves = "War Cry\neot\nnext\nnext\nnext\nMountain\nShock\nBears\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:War Cry,War Cry,Bears\n[PLAYER2]\ninplay:Mountain\ngraveyard:Shock\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn darksteel_forge_keeps_artifacts_from_destruction_while_it_is_out() {
    let init = "[PLAYER1]\ninplay:Forge,Ornithopter\nhand:Shatter\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Forge,Ornithopter\ngraveyard:Shatter\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shatter\nOrnithopter\n", expected), Verdict::Passed);
    // Returned to its owner's hand, it keeps none.
    let init = "[PLAYER1]\ninplay:Forge,Ornithopter\nhand:Shatter,Bounce,Shatter2\nmanapool:{R}{R}{U}\n[PLAYER2]\n";
    let moves = "Shatter\nOrnithopter\nBounce\nForge\nShatter2\nOrnithopter\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Forge\ngraveyard:Shatter,Bounce,Shatter2,Ornithopter\n[PLAYER2]\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn mutilate_gives_minus_one_for_each_swamp() {
    // Two Swamps: the Bears die, the Ogre is a 1/1 that Shock kills.
    let init =
        "[PLAYER1]\ninplay:Swamp,Swamp,Bears\nhand:Mutilate,Shock\nmanapool:{2}{B}{B}{R}\n[PLAYER2]\ninplay:Ogre\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Swamp,Swamp\ngraveyard:Bears,Mutilate,Shock\n[PLAYER2]\ngraveyard:Ogre\n";
    assert_eq!(verdict(init, "Mutilate\nShock\nOgre\n", expected), Verdict::Passed);
    // One: both live.
    let init = "[PLAYER1]\ninplay:Swamp,Bears\nhand:Mutilate\nmanapool:{2}{B}{B}\n[PLAYER2]\ninplay:Ogre\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Swamp,Bears\ngraveyard:Mutilate\n[PLAYER2]\ninplay:Ogre\n";
    assert_eq!(verdict(init, "Mutilate\n", expected), Verdict::Passed);
}

#[test]
fn a_runemark_gives_vigilance_only_beside_a_black_or_green_permanent() {
    // The enchanted Archer (3/3) attacks, then taps to deal 1: with vigilance beside the
    // green Bears, 4 in all; beside the white Page, it is tapped and deals its 3 alone.
    let moves = "Runemark\nArcher\nnext\nnext\nArcher\nchoice 0\nnext\nnext\nnext\nArcher\np2\n";
    let init = "[PLAYER1]\ninplay:Archer,Bears\nhand:Runemark\nmanapool:{2}{W}\n[PLAYER2]\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Archer,Bears,Runemark\n[PLAYER2]\nlife:16\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
    let init = "[PLAYER1]\ninplay:Archer,Page\nhand:Runemark\nmanapool:{2}{W}\n[PLAYER2]\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Archer,Page,Runemark\n[PLAYER2]\nlife:17\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn kamahls_later_part_gives_trample_with_the_pump() {
    // The Bears, a 5/5 with trample, deal 4 past the Page.
    let init = "[PLAYER1]\ninplay:Kamahl,Bears\nmanapool:{2}{G}{G}{G}\n[PLAYER2]\ninplay:Page\n";
    let moves = "Kamahl\nnext\nnext\nBears\nnext\nPage\nnext\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Kamahl,Bears\n[PLAYER2]\ngraveyard:Page\nlife:16\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn squirrel_mob_counts_the_other_squirrels() {
    // Beside a Squirrel, a 3/3 that Shock leaves; alone, a 2/2 it kills.
    let init = "[PLAYER1]\ninplay:Squirrel Mob,Squirrel\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Squirrel Mob,Squirrel\ngraveyard:Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shock\nSquirrel Mob\n", expected), Verdict::Passed);
    let init = "[PLAYER1]\ninplay:Squirrel Mob\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Squirrel Mob,Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shock\nSquirrel Mob\n", expected), Verdict::Passed);
}

#[test]
fn soul_of_ravnica_draws_a_card_for_each_colour_among_its_controllers_permanents() {
    // Blue (itself) and white (the Page): two cards.
    let init = "[PLAYER1]\ninplay:Soul,Page\nlibrary:Swamp,Swamp,Swamp,Swamp\nmanapool:{3}{U}{U}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Soul,Page\nhand:Swamp,Swamp\nlibrary:Swamp,Swamp\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Soul\n", expected), Verdict::Passed);
}

#[test]
fn the_temple_taps_for_two_only_beside_four_other_lands() {
    let init = "[PLAYER1]\ninplay:Temple,Swamp,Swamp,Swamp,Swamp\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Temple,Swamp,Swamp,Swamp,Swamp\nmanapool:{2}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Temple\n", expected), Verdict::Passed);
    let init = "[PLAYER1]\ninplay:Temple,Swamp,Swamp,Swamp\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Temple,Swamp,Swamp,Swamp\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Temple\n", expected), Verdict::Passed);
}
