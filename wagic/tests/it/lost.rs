//! The runner on hand-written cards of what a permanent loses or stops matching:
//! `loseabilities`, `losesubtypesof(land)`, and a lord's effect on a creature that no
//! longer matches its spec; each checked by what it does to the board.

use std::sync::Arc;

use wagic::runner::Verdict;
use wagic::table::Library;

use super::behaviour::test;

/// The cards of these tests (their own library, apart from the runner's other cards).
const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Paladin\nmana={1}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Tim\nauto={T}:damage:1 target(creature,player)\nmana={2}{R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Crusader\nauto=lord(creature[white]) 1/1\nmana={W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Whiten\ntarget=creature\nauto=transforms((,white)) ueot\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Blueify\ntarget=creature\nauto=transforms((,blue)) ueot\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Sheepify\ntarget=creature\nauto=ueot loseabilities\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Silence\ntarget=enchantment\nauto=ueot loseabilities\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Dark Presence\ntarget=land\nauto=loseabilities\nauto=losesubtypesof(land)\nauto=transforms((swamp))\n\
mana={B}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Tide Shaper\nauto={T}:ueot loseabilities && losesubtypesof(land) && transforms((island)) target(land)\n\
mana={U}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Unmake\ntarget=enchantment\nauto=destroy\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Cradle\nauto={T}:add{G}{G}\ntype=Land\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Glade\ntype=Land\nsubtype=Forest Plains\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("lost.txt", CARDS, test)
}

#[test]
fn a_lords_effect_follows_what_its_spec_matches_now() {
    // Crusader pumps the white Paladin to 3/3: Shock does not kill it.
    let pumped = test(
        "[PLAYER1]\nhand:Shock\ninplay:Crusader,Paladin\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nPaladin\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Crusader,Paladin\ngraveyard:Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&pumped), Verdict::Passed);
    // Made blue, the Paladin is no longer white: 2/2, Shock kills it.
    let blue = test(
        "[PLAYER1]\nhand:Blueify,Shock\ninplay:Crusader,Paladin\nmanapool:{U}{R}\n[PLAYER2]\n",
        "Blueify\nPaladin\nShock\nPaladin\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Crusader\ngraveyard:Blueify,Shock,Paladin\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&blue), Verdict::Passed);
    // Made white, the green Bears are pumped too: Shock leaves them.
    let white = test(
        "[PLAYER1]\nhand:Whiten,Shock\ninplay:Crusader,Grizzly Bears\nmanapool:{W}{R}\n[PLAYER2]\n",
        "Whiten\nGrizzly Bears\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Crusader,Grizzly Bears\ngraveyard:Whiten,Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&white), Verdict::Passed);
}

#[test]
fn a_creature_that_lost_its_abilities_has_none_to_activate_until_the_effect_ends() {
    // Tim's `{T}` ability is gone: the click does nothing, the opponent keeps 20 life.
    let lost = test(
        "[PLAYER1]\nhand:Sheepify\ninplay:Tim\nmanapool:{U}\n[PLAYER2]\n",
        "Sheepify\nTim\nTim\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Tim\ngraveyard:Sheepify\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(verdict(&lost), Verdict::Passed);
    // No ability started: nothing waits for the player clicked as its target, and the
    // click does nothing (a test expecting the ping fails, saying so).
    let clicked = lost.replace("Tim\nTim\n", "Tim\nTim\np2\n");
    assert_eq!(verdict(&clicked), Verdict::Passed);
    let Verdict::Failed(difference) = verdict(&clicked.replace("life:20", "life:19")) else {
        panic!("{:?}", verdict(&clicked))
    };
    assert_eq!(difference.notes, ["line 12: `p2` clicks a player with nothing waiting: it did nothing"]);
    // The next turn the effect has ended: Tim pings again.
    let back = test(
        "[PLAYER1]\nhand:Sheepify\ninplay:Tim\nmanapool:{U}\n[PLAYER2]\n",
        "Sheepify\nTim\neot\neot\nnext\nnext\nnext\nTim\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Tim\ngraveyard:Sheepify\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&back), Verdict::Passed);
}

#[test]
fn a_lord_that_lost_its_abilities_pumps_nothing() {
    // Crusader silenced: the Paladin is 2/2 again and Shock kills it.
    let silenced = test(
        "[PLAYER1]\nhand:Silence,Shock\ninplay:Crusader,Paladin\nmanapool:{U}{R}\n[PLAYER2]\n",
        "Silence\nCrusader\nShock\nPaladin\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Crusader\ngraveyard:Silence,Shock,Paladin\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&silenced), Verdict::Passed);
}

#[test]
fn a_land_that_lost_its_abilities_and_land_types_taps_for_its_new_type() {
    // A Forest under Dark Presence is a Swamp only: black mana.
    let forest = test(
        "[PLAYER1]\nhand:Dark Presence\ninplay:Forest\nmanapool:{B}\n[PLAYER2]\n",
        "Dark Presence\nForest\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Dark Presence\nmanapool:{B}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&forest), Verdict::Passed);
    // Both its subtypes are gone, not only the first.
    let glade = forest.replace("Forest", "Glade");
    assert_eq!(verdict(&glade), Verdict::Passed);
    // A land with an ability of its own made a Swamp: how Wagic's menu offers the Swamp's
    // mana beside the lost ability is not modelled.
    let cradle = test(
        "[PLAYER1]\nhand:Dark Presence\ninplay:Cradle\nmanapool:{B}\n[PLAYER2]\n",
        "Dark Presence\nCradle\nCradle\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Cradle,Dark Presence\nmanapool:{B}\n[PLAYER2]\n",
    );
    let Verdict::Skipped(skip) = verdict(&cradle) else { panic!("{:?}", verdict(&cradle)) };
    assert!(skip.detail.contains("a land that lost its abilities and has a basic land type"), "{skip:?}");
    // Once the Aura is destroyed the land has its ability back.
    let back = test(
        "[PLAYER1]\nhand:Dark Presence,Unmake\ninplay:Cradle\nmanapool:{B}{W}\n[PLAYER2]\n",
        "Dark Presence\nCradle\nUnmake\nDark Presence\nCradle\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Cradle\ngraveyard:Dark Presence,Unmake\nmanapool:{G}{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&back), Verdict::Passed);
}

#[test]
fn loseabilities_and_losesubtypesof_land_act_on_the_target_or_the_enchanted_permanent() {
    use super::front::error_of;
    use super::front_ir::ir_of;
    // On an Aura: lasting effects on the enchanted land, continuous while it is attached.
    let aura = "target=land\nauto=loseabilities\nauto=losesubtypesof(land)\nauto=transforms((swamp))\n\
                type=Enchantment\nsubtype=Aura";
    assert_eq!(
        ir_of(aura),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            "auto[continuous]: enchanted? loseabilities",
            "auto[continuous]: enchanted? losesubtypesof",
            "auto[continuous]: enchanted? transforms",
        ]
    );
    // On a spell: until end of turn, on its target.
    assert_eq!(ir_of("target=creature\nauto=ueot loseabilities\ntype=Instant"), ["action[0]: - loseabilities ueot"]);
    // Only the land subtypes are listed apart.
    assert_eq!(
        error_of("auto=losesubtypesof(creature) target(creature)\ntype=Sorcery").as_deref(),
        Some("unsupported: `losesubtypesof` of `creature`")
    );
}

#[test]
fn the_parts_of_a_line_share_its_one_target() {
    use super::front::error_of;
    use super::front_ir::ir_of;
    // The first part chooses the land; the others act on the part before's targets.
    let shaper =
        "auto={T}:ueot loseabilities && losesubtypesof(land) && transforms((island)) target(land)\ntype=Creature";
    assert_eq!(
        ir_of(shaper),
        ["action[1]: filterSome(Exact(1)) loseabilities ueot; prevtgt losesubtypesof ueot; prevtgt transforms ueot"]
    );
    // Written before the effect, the target is chosen once too.
    assert_eq!(
        ir_of("auto=target(creature) 2/2 ueot && flying ueot\ntype=Creature"),
        ["auto[]: filterSome(Exact(1)) pump ueot; prevtgt +flying ueot"]
    );
    // Several targets: Wagic resolves the line once for each.
    assert_eq!(
        error_of("auto=tap target(<2>creature|mybattlefield) && life:2\ntype=Creature").as_deref(),
        Some("unsupported: `&&` parts sharing a `target(...)` of several cards")
    );
}

#[test]
fn tide_shapers_land_is_an_island_until_end_of_turn() {
    // Its Forest taps for blue mana this turn.
    let island = test(
        "[PLAYER1]\ninplay:Forest,Tide Shaper\n[PLAYER2]\n",
        "Tide Shaper\nForest\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Tide Shaper\nmanapool:{U}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&island), Verdict::Passed);
    // A Forest again the next turn.
    let forest = test(
        "[PLAYER1]\ninplay:Forest,Tide Shaper\n[PLAYER2]\n",
        "Tide Shaper\nForest\neot\neot\nnext\nnext\nnext\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Tide Shaper\nmanapool:{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&forest), Verdict::Passed);
}

/// A permanent that left and came back is a new object: what it lost is its own again.
#[test]
fn a_permanent_entering_anew_has_its_abilities_again() {
    use vm::runtime::Value;
    use wagic::table::{BATTLEFIELD, HAND, P0, Table};
    let library = Arc::new(Library::compile(&[("lost.txt", CARDS.to_string())]).expect("the cards compile"));
    let mut table = Table::with_library(library);
    let tim = table.try_put("Tim", P0, BATTLEFIELD).expect("tim");
    let sheepify = table.add_card("Sheepify", P0, HAND, -1).expect("the spell");
    table.answers.push(vec![Value::Card(tim)]);
    table.try_cast(sheepify, P0).expect("cast");
    assert!(table.board.lost_abilities(tim));
    // Back to hand it still has lost them; entering the battlefield again it has them.
    table.board.place(tim, P0, HAND, -1);
    table.try_settle().expect("settled");
    assert!(table.board.lost_abilities(tim));
    table.board.place(tim, P0, BATTLEFIELD, -1);
    table.try_settle().expect("settled");
    assert!(!table.board.lost_abilities(tim));
}
