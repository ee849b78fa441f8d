//! Wagic's own behaviour tests (`../shared/wagic/test`, read in place, never copied) run on
//! the table by `wagic::runner`: none may fail, and the tests that pass never fall below
//! the floor. Each skip has its reason, tallied; a skip is never a pass. Then the runner's
//! own behaviour on hand-written cards and tests: a board that differs fails with its
//! first difference, and what the table does not model is skipped.

use std::collections::BTreeMap;
use std::sync::Arc;

use wagic::runner::{self, Difference, Verdict};
use wagic::table::Library;

use super::board::library;

/// Wagic tests that passed when the floor was last raised: a change may only raise it.
const PASSED_FLOOR: usize = 456;

/// The test files under `dir`, folders searched, sorted.
pub(super) fn test_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn wagic_behaviour_tests_never_fail_and_pass_above_the_floor() {
    let Some(dir) = wagic::data_dir() else { return };
    let Some(library) = library() else { return };
    let (mut passed, mut failed, mut unreadable) = (Vec::new(), Vec::new(), 0);
    let mut skipped: BTreeMap<&'static str, usize> = BTreeMap::new();
    for path in test_files(&dir.join("test")) {
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("a test file")).into_owned();
        let Ok(test) = wagic::testfile::read(&text) else {
            unreadable += 1;
            continue;
        };
        let verdict = match runner::known_wagic_failure(&path) {
            Some(skip) => Verdict::Skipped(skip),
            None => runner::run(&library, &test),
        };
        match verdict {
            Verdict::Passed => passed.push(path),
            Verdict::Failed(difference) => failed.push(format!("{}: {difference}", path.display())),
            Verdict::Skipped(skip) => *skipped.entry(skip.reason).or_default() += 1,
        }
    }
    println!(
        "{} passed, {} failed, {} skipped, {unreadable} not tests",
        passed.len(),
        failed.len(),
        skipped.values().sum::<usize>()
    );
    for (reason, count) in &skipped {
        println!("  {count:>5}  {reason}");
    }
    assert!(failed.is_empty(), "Wagic tests failed on the table:\n{}", failed.join("\n"));
    assert!(
        passed.len() >= PASSED_FLOOR,
        "{} Wagic tests passed, fewer than the floor of {PASSED_FLOOR}",
        passed.len()
    );
}

// ---- the runner's own behaviour, on hand-written cards and tests ----

const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Giant Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Tim\nauto={T}:damage:1 target(creature,player)\nmana={2}{R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Page\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Wall\nabilities=phasing\nmana={1}\ntype=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Cage\nauto=@each opponent upkeep restriction{type(*|opponenthand)~lessthan~2}:damage:2 opponent\nmana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Wight\nabilities=indestructible\nauto=@each my upkeep restriction{type(*|myhand)~morethan~0}:sacrifice\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Knight\nabilities=first strike\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Squire\nabilities=exalted\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Cyclops\nabilities=mustattack\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Paladin\nabilities=protection from black\nmana={1}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Plague\nauto={B}:damage:2 all(creature)\nmana={B}{B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Night Bolt\ntarget=creature,player\nauto=damage:2\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Mite\nabilities=affinityartifacts\nmana={4}\ntype=Artifact Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hydra\nabilities=affinitygreencreatures\nmana={1}{G}{G}{G}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Mox\ntype=Artifact\n[/card]\n\
[card]\nname=Blade\nauto={1}:equip\nauto=2/0\nauto=lifelink\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Bat\nauto={1}:1/0 limit:1\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Rampart\nabilities=defender\nauto={1}:canattack ueot\nmana={1}\ntype=Creature\npower=2\ntoughness=4\n[/card]\n\
[card]\nname=Imp\nauto={0}:1/0\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Mind Leash\ntarget=creature\nalias=1194\nmana={U}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Gnomes\nauto={S}:life:3\nmana={3}\ntype=Artifact Creature\npower=1\ntoughness=3\n[/card]\n\
[card]\nname=Berserker\nauto=rampage(1/1,0)\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Troll\nauto=rampage(1/1,1)\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Ape\nanyzone=type:forest:mybattlefield/type:forest:mybattlefield cdaactive\nmana={G}\ntype=Creature\npower=*\ntoughness=*\n[/card]\n\
[card]\nname=Hellion\nauto=aslongas(*|myHand) double strike <1 oneShot\nmana={R}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Frog\nauto={S}:fog oneshot\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Sentry\nauto={0}:1/0 myUpkeepOnly\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Creeper\nauto=cantbeblockedby(creature[flying])\nmana={R}\ntype=Creature\npower=3\ntoughness=1\n[/card]\n\
[card]\nname=Hawk\nabilities=flying\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Blaze\ntarget=creature,player\nauto=damage:X\nmana={X}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Link\ntarget=creature\nauto=teach(creature) spiritlink\nmana={W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Pinger\nauto={T}:damage:1 target(creature,player)\nauto=@combatdamaged(player) from(this):life:5 controller\nauto=@damagefoeof(player) from(this):life:1 controller\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Harvest\nauto=life:type:*:mygraveyard controller\nauto=damage:-type:forest:mybattlefield opponent\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Wurm Egg\nauto=counter(1/1,X)\nmana={X}{G}\ntype=Creature\npower=0\ntoughness=0\n[/card]\n\
[card]\nname=Might\ntarget=creature\nauto=2/0\nauto={0}:tap\nmana={G}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Glade\ntype=Land\nsubtype=Forest Plains\n[/card]\n\
[card]\nname=Sprite\nauto={W}:1/1\nauto={U}:2/0\nauto={G}:0/2\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Eye\nauto=@movedTo(*[blue]|stack):may life:1 controller\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Drake\nmana={U}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Fireman\nauto=damage:2 target(creature)\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Seeker\nauto=may moveTo(myHand) target(land[basic]|mylibrary)\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Scrying\nauto=moveTo(myHand) target(land|mylibrary)\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Shrink\ntarget=creature\nauto=transforms((,setpower=1,settoughness=1)) ueot\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Whiten\ntarget=creature\nauto=transforms((,white)) ueot\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Purge\nauto=destroy all(creature[white])\nmana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Red Purge\nauto=destroy all(creature[red])\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Zombify\nauto=lord(creature|mybattlefield) transforms((zombie))\nmana={B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Unlife\nauto=destroy all(zombie)\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Hellbent Bolt\nauto=if type(*|myhand)~equalto~0 then damage:3 opponent\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Catch Up\nauto=if type(creature|opponentbattlefield)~morethan~type(creature|mybattlefield) then draw:1 controller\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Treason\ntarget=creature\nauto=haste\nalias=129767\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Assassin\nauto={T}:destroy target(creature[tapped])\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Ranger\nauto=moveTo(myBattlefield) and!(tap)! target(land|mylibrary)\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Artifice\nauto={G}:target(creature) transforms((artifact)) forever\nmana={U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Unmake\ntarget=enchantment\nauto=destroy\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Smash\ntarget=artifact\nauto=destroy\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Recall\ntarget=creature\nauto=moveTo(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Toad\nautohand=__CYCLING__({2})\nauto={0}:1/0\nmana={2}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Vengeance\nauto=destroy all(creature)\nautohand={1}{cycle}:name(cycling) draw:1\nmana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Recruit\nkicker={2}\nauto=kicker counter(1/1,2)\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Insight\nkicker={1}\nauto=kicker draw:1\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Recollector\nauto={B}:ability$!name(return) moveTo(myhand) notatarget(creature|mygraveyard)!$ controller\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Discarder\nauto={B}:ability$!name(discard) target(*|myhand) reject!$ controller\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Lasher\nauto={R}:all(this) 1/1 && all(creature|opponentbattlefield) -1/-1\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";

pub(super) fn own_library() -> Arc<Library> {
    Arc::new(Library::compile(&[("own.txt", CARDS.to_string())]).expect("the cards compile"))
}

pub(super) fn verdict(test: &str) -> Verdict {
    runner::run(&own_library(), &wagic::testfile::read(test).expect("a test"))
}

/// The verdict of the Wagic test `test` on the cards `cards`, a test's own card file named
/// `file`: each test file's `verdict` with its cards.
pub(super) fn verdict_of(file: &str, cards: &str, test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[(file, cards.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

pub(super) fn test(init: &str, moves: &str, expected: &str) -> String {
    format!("[INIT]\nFIRSTMAIN\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n")
}

#[test]
fn a_board_that_differs_fails_with_its_first_difference() {
    let init = "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Grizzly Bears\n";
    let passing = test(
        init,
        "Shock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(&passing), Verdict::Passed);
    // Shock at the player instead: the Bears stay, the player loses 2 life.
    let at_player =
        test(init, "Shock\np2\n", "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ngraveyard:Grizzly Bears\n");
    let Verdict::Failed(difference) = verdict(&at_player) else { panic!("{:?}", verdict(&at_player)) };
    assert_eq!(difference.to_string(), "player 2 life: expected 20, got 18");
    let wrong_phase = passing.replace("[ASSERT]\nFIRSTMAIN", "[ASSERT]\nSECONDMAIN");
    let Verdict::Failed(difference) = verdict(&wrong_phase) else { panic!("{:?}", verdict(&wrong_phase)) };
    assert_eq!(difference.to_string(), "phase: expected secondmain, got firstmain");
    let unpaid = passing.replace("[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n", "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\n");
    let Verdict::Failed(difference) = verdict(&unpaid) else { panic!("{:?}", verdict(&unpaid)) };
    assert_eq!(difference.to_string(), "player 1 manapool: expected {R}, got {0}");
}

#[test]
fn the_only_legal_target_is_still_clicked_and_effects_end_with_the_turn() {
    // Giant Growth's one creature is taken without a question; Wagic's test clicks it.
    let init = "[PLAYER1]\nhand:Giant Growth\ninplay:Grizzly Bears,Forest\n[PLAYER2]\nhand:Shock\ninplay:Mountain\n";
    let moves = "Forest\nGiant Growth\nGrizzly Bears\neot\nnext\nnext\nnext\nMountain\nShock\nGrizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Forest\ngraveyard:Giant Growth,Grizzly Bears\n[PLAYER2]\ninplay:Mountain\ngraveyard:Shock\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn a_click_on_a_tapped_land_does_nothing() {
    // The Forest tapped for {G}: a second click finds no mana ability to use, and Wagic's
    // click untaps no tapped permanent (a third would then tap it again); the pool keeps
    // its one {G}.
    let init = "[PLAYER1]\ninplay:Forest\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Forest\nmanapool:{G}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Forest\nForest\nForest\n", expected)), Verdict::Passed);
}

#[test]
fn an_unblocked_attacker_deals_its_power_to_the_defending_player() {
    // With no attacker, combat goes from the attackers step to its end, as in Wagic.
    let attack = test(
        "[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\n",
        "next\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&attack), Verdict::Passed);
    let no_attack = test(
        "[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\n",
        "next\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&no_attack), Verdict::Passed);
    // The Page entered this turn: it cannot attack, Wagic's attack rule does not take the
    // click, and with no attacker combat ends at the next `next`.
    let sick = test(
        "[PLAYER1]\nhand:Page\nmanapool:{W}\n[PLAYER2]\n",
        "Page\nnext\nnext\nPage\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Page\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&sick), Verdict::Passed);
    // Tim too, but its `{T}` ability is not offered either: Wagic's menu is not modelled.
    let sick = test(
        "[PLAYER1]\nhand:Tim\nmanapool:{2}{R}\n[PLAYER2]\n",
        "Tim\nnext\nnext\nTim\n",
        "COMBATATTACKERS\n[PLAYER1]\ninplay:Tim\n[PLAYER2]\n",
    );
    let Verdict::Skipped(skip) = verdict(&sick) else { panic!("{:?}", verdict(&sick)) };
    assert_eq!(skip.to_string(), "a creature that entered this turn acts (summoning sickness) (line 11: `tim`)");
}

#[test]
fn a_trigger_restriction_is_checked_as_the_trigger_fires() {
    // Cage: at the opponent's upkeep, 2 damage to them when they hold fewer than 2 cards.
    let upkeep = |hand: &str, life: &str| {
        test(
            &format!("[PLAYER1]\ninplay:Cage\n[PLAYER2]\nhand:{hand}\n"),
            "eot\nnext\n",
            &format!("UPKEEP\n[PLAYER1]\ninplay:Cage\n[PLAYER2]\nhand:{hand}\n{life}"),
        )
    };
    assert_eq!(verdict(&upkeep("Shock", "life:18\n")), Verdict::Passed);
    assert_eq!(verdict(&upkeep("Shock,Forest", "")), Verdict::Passed);
    let Verdict::Failed(difference) = verdict(&upkeep("Shock,Forest", "life:18\n")) else { panic!() };
    assert_eq!(difference.to_string(), "player 2 life: expected 18, got 20");
}

#[test]
fn a_sacrificed_card_goes_to_its_owners_graveyard_indestructible_or_not() {
    // Wight: at its controller's upkeep, sacrificed when they hold a card; indestructible
    // does not keep a sacrificed permanent.
    let upkeep = |hand: &str, wight: &str| {
        test(
            &format!("[PLAYER1]\ninplay:Wight\nhand:{hand}\n[PLAYER2]\n"),
            "eot\neot\nnext\n",
            &format!("UPKEEP\n[PLAYER1]\nhand:{hand}\n{wight}[PLAYER2]\n"),
        )
    };
    assert_eq!(verdict(&upkeep("Shock", "graveyard:Wight\n")), Verdict::Passed);
    assert_eq!(verdict(&upkeep("", "inplay:Wight\n")), Verdict::Passed);
}

#[test]
fn first_strike_damage_takes_a_step_of_its_own() {
    // Wagic deals first strike damage, waits for a `next`, then deals the rest and waits
    // again; a step that deals nothing goes on at once.
    let attack = |attackers: &str, nexts: usize, expected: &str| {
        let moves = format!("next\nnext\n{attackers}{}", "next\n".repeat(nexts));
        test("[PLAYER1]\ninplay:Knight,Grizzly Bears\n[PLAYER2]\n", &moves, expected)
    };
    let both = "Knight\nGrizzly Bears\n";
    let in_play = "[PLAYER1]\ninplay:Knight,Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&attack(both, 2, &format!("COMBATDAMAGE\n{in_play}life:18\n"))), Verdict::Passed);
    assert_eq!(verdict(&attack(both, 3, &format!("COMBATDAMAGE\n{in_play}life:16\n"))), Verdict::Passed);
    assert_eq!(verdict(&attack(both, 4, &format!("COMBATEND\n{in_play}life:16\n"))), Verdict::Passed);
    // The Knight alone: the regular step deals nothing, so combat ends with the third `next`.
    assert_eq!(verdict(&attack("Knight\n", 3, &format!("COMBATEND\n{in_play}life:18\n"))), Verdict::Passed);
}

#[test]
fn a_lone_attacker_is_exalted_until_end_of_turn_and_mustattack_attacks() {
    // Turn 1: the Bears attack alone, +1/+1 from the Squire's exalted (3 damage); turn 3:
    // both attack, no exalted, the pump has ended (2 + 1).
    let init = "[PLAYER1]\ninplay:Squire,Grizzly Bears\n[PLAYER2]\n";
    let moves = "next\nnext\nGrizzly Bears\nnext\nnext\nnext\neot\neot\nnext\nnext\nnext\nnext\nnext\n\
                 Grizzly Bears\nSquire\nnext\nnext\nnext\n";
    let exalted = test(init, moves, "COMBATEND\n[PLAYER1]\ninplay:Squire,Grizzly Bears\n[PLAYER2]\nlife:14\n");
    assert_eq!(verdict(&exalted), Verdict::Passed);
    // The Cyclops attacks though nobody clicks it.
    let must = test(
        "[PLAYER1]\ninplay:Cyclops\n[PLAYER2]\n",
        "next\nnext\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Cyclops\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&must), Verdict::Passed);
}

#[test]
fn protection_prevents_damage_and_a_target_of_its_colour() {
    // The Plague (black) deals 2 to each creature: the Paladin (protection from black)
    // takes none.
    let plague = test(
        "[PLAYER1]\ninplay:Plague\nmanapool:{B}\n[PLAYER2]\ninplay:Paladin,Grizzly Bears\n",
        "Plague\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Plague\n[PLAYER2]\ninplay:Paladin\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(&plague), Verdict::Passed);
    // A black spell choosing a target while the Paladin is in play: Wagic ignores a click
    // on the Paladin, the next move names the target (`targeting.rs`).
    let bolt = test(
        "[PLAYER1]\nhand:Night Bolt\nmanapool:{B}\n[PLAYER2]\ninplay:Paladin\n",
        "Night Bolt\nPaladin\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Night Bolt\n[PLAYER2]\ninplay:Paladin\nlife:18\n",
    );
    assert_eq!(verdict(&bolt), Verdict::Passed);
    // A red one: Shock at the Paladin deals its damage.
    let shock = test(
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Paladin\n",
        "Shock\nPaladin\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ngraveyard:Paladin\n",
    );
    assert_eq!(verdict(&shock), Verdict::Passed);
}

#[test]
fn affinity_takes_its_count_off_the_cost() {
    // The Mite costs {4}, {1} less for each artifact: with two Moxes, {2}.
    let mite = |moxes: &str| {
        test(
            &format!("[PLAYER1]\ninplay:{moxes}\nhand:Mite\nmanapool:{{2}}\n[PLAYER2]\n"),
            "Mite\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:{moxes},Mite\n[PLAYER2]\n"),
        )
    };
    assert_eq!(verdict(&mite("Mox,Mox")), Verdict::Passed);
    let Verdict::Skipped(skip) = verdict(&mite("Mox")) else { panic!("{:?}", verdict(&mite("Mox"))) };
    assert_eq!(skip.to_string(), "a spell the mana pool cannot pay for (line 9: `mite`)");
    // The Hydra: {G} less for each green creature, the generic mana still paid.
    let hydra = test(
        "[PLAYER1]\ninplay:Grizzly Bears,Grizzly Bears\nhand:Hydra\nmanapool:{1}{G}\n[PLAYER2]\n",
        "Hydra\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Grizzly Bears,Hydra\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&hydra), Verdict::Passed);
}

#[test]
fn a_blocker_and_its_attacker_deal_each_other_their_power() {
    // The Page (1/1) blocks the Bears (2/2): the Page dies, the Bears live with 1 damage, the
    // defending player takes none; the damage wears off with the turn.
    let block = test(
        "[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ninplay:Page\n",
        "next\nnext\nGrizzly Bears\nnext\nPage\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ngraveyard:Page\n",
    );
    assert_eq!(verdict(&block), Verdict::Passed);
    // Unblocked, the Bears deal their 2 to the player.
    let unblocked = test(
        "[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ninplay:Page\n",
        "next\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ninplay:Page\nlife:18\n",
    );
    assert_eq!(verdict(&unblocked), Verdict::Passed);
    // The Page blocks, then its player (the acting one in Wagic's blockers step) shocks it:
    // the Bears stay blocked and deal no damage, so the damage step goes on to the end of
    // combat at once.
    let blocker_gone = test(
        "[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ninplay:Page,Mountain\nhand:Shock\n",
        "next\nnext\nGrizzly Bears\nnext\nPage\nMountain\nShock\nPage\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ninplay:Mountain\ngraveyard:Page,Shock\n",
    );
    assert_eq!(verdict(&blocker_gone), Verdict::Passed);
    // The attacking player is not the acting one there: its Mountain and Shock do nothing,
    // and its click on the Page is one more of the Page's block rule, which takes it off.
    let not_acting = test(
        "[PLAYER1]\ninplay:Grizzly Bears,Mountain\nhand:Shock\n[PLAYER2]\ninplay:Page\n",
        "next\nnext\nGrizzly Bears\nnext\nPage\nMountain\nShock\nPage\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears,Mountain\nhand:Shock\n[PLAYER2]\ninplay:Page\nlife:18\n",
    );
    assert_eq!(verdict(&not_acting), Verdict::Passed);
    // Outside the blockers step the second player's cards take no click either.
    let out_of_turn = test(
        "[PLAYER1]\n[PLAYER2]\ninplay:Page,Mountain\nhand:Shock\n",
        "Mountain\nShock\nPage\n",
        "FIRSTMAIN\n[PLAYER1]\n[PLAYER2]\ninplay:Page,Mountain\nhand:Shock\n",
    );
    assert_eq!(verdict(&out_of_turn), Verdict::Passed);
}

#[test]
fn an_equipments_static_effects_follow_the_creature_it_is_attached_to() {
    // The Blade on the Bears: 4 damage, lifelink.
    let attack = test(
        "[PLAYER1]\ninplay:Blade,Grizzly Bears\nmanapool:{1}\n[PLAYER2]\n",
        "Blade\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Blade,Grizzly Bears\nlife:24\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&attack), Verdict::Passed);
    // Moved to Tim, it leaves the Bears: Tim 3/1 attacks, the Bears stay 2/2 and are
    // not equipped when they attack the next time.
    let moved = test(
        "[PLAYER1]\ninplay:Blade,Grizzly Bears,Tim\nmanapool:{2}\n[PLAYER2]\n",
        // Tim's `{T}` ability reacts too in the attackers step: Wagic's menu, attack first.
        "Blade\nGrizzly Bears\nBlade\nTim\nnext\nnext\nTim\nchoice 0\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Blade,Grizzly Bears,Tim\nlife:23\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&moved), Verdict::Passed);
    // The equipped creature dies: the Blade stays, attached to nothing.
    let died = test(
        "[PLAYER1]\ninplay:Blade,Grizzly Bears\nhand:Shock\nmanapool:{1}{R}\n[PLAYER2]\n",
        "Blade\nGrizzly Bears\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Blade\ngraveyard:Grizzly Bears,Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&died), Verdict::Passed);
    // Equip is at sorcery speed: in combat Wagic offers it not, and the click on the Bears
    // is one nothing takes; they attack unequipped.
    let in_combat = test(
        "[PLAYER1]\ninplay:Blade,Grizzly Bears\nmanapool:{1}\n[PLAYER2]\n",
        "next\nBlade\nGrizzly Bears\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Blade,Grizzly Bears\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&in_combat), Verdict::Passed);
}

#[test]
fn limit_counts_activations_each_turn_and_canattack_lifts_defender() {
    // The Bat's {1}:1/0 limit:1 once, then it attacks for 2.
    let once = test(
        "[PLAYER1]\ninplay:Bat,Mountain\n[PLAYER2]\n",
        "Mountain\nBat\nnext\nnext\nBat\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Bat,Mountain\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&once), Verdict::Passed);
    // Twice in a turn: the second click does nothing, as in Wagic (no cost is paid).
    let twice = test(
        "[PLAYER1]\ninplay:Bat\nmanapool:{2}\n[PLAYER2]\n",
        "Bat\nBat\nnext\nnext\nBat\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Bat\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&twice), Verdict::Passed);
    // The next turn of its controller it may be activated again.
    let next_turn = test(
        "[PLAYER1]\ninplay:Bat,Mountain\n[PLAYER2]\n",
        "Mountain\nBat\neot\neot\nnext\nnext\nnext\nMountain\nBat\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Bat,Mountain\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&next_turn), Verdict::Passed);
    // The Rampart has defender; `canattack` lets it attack.
    let rampart = test(
        "[PLAYER1]\ninplay:Rampart,Mountain\n[PLAYER2]\n",
        "Mountain\nRampart\nnext\nnext\nRampart\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Rampart,Mountain\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&rampart), Verdict::Passed);
}

#[test]
fn an_unpayable_ability_click_does_nothing_and_a_pump_activated_twice_stacks() {
    // Tim's {T} ability once; the second click, Tim tapped, does nothing in Wagic.
    let tapped = test(
        "[PLAYER1]\ninplay:Tim\n[PLAYER2]\n",
        "Tim\np2\nTim\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Tim\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&tapped), Verdict::Passed);
    // The Imp's {0}:1/0 twice: a 3/1 attacker, as in Wagic; once, a 2/1.
    let twice = test(
        "[PLAYER1]\ninplay:Imp\n[PLAYER2]\n",
        // In the attackers step its `{0}` ability reacts beside the attack: Wagic's menu.
        "Imp\nImp\nnext\nnext\nImp\nchoice 0\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Imp\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&twice), Verdict::Passed);
    let once = twice.replace("Imp\nImp\nnext", "Imp\nnext").replace("life:17", "life:18");
    assert_eq!(verdict(&once), Verdict::Passed);
}

#[test]
fn a_click_with_several_reactions_opens_wagics_menu_and_choice_picks_from_it() {
    let skipped = |test: &str| match verdict(test) {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("{other:?}"),
    };
    // A land of two basic types has both mana abilities: Plains' first (Wagic's rules).
    let land = |moves: &str, pool: &str| {
        test(
            "[PLAYER1]\ninplay:Glade\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Glade\nmanapool:{pool}\n[PLAYER2]\n"),
        )
    };
    assert_eq!(verdict(&land("Glade\nchoice 0\n", "{W}")), Verdict::Passed);
    assert_eq!(verdict(&land("Glade\nchoice 1\n", "{G}")), Verdict::Passed);
    // The menu left open, or cancelled (the entry past the last), taps nothing.
    assert_eq!(verdict(&land("Glade\n", "{0}")), Verdict::Passed);
    assert_eq!(verdict(&land("Glade\nchoice 2\n", "{0}")), Verdict::Passed);
    assert_eq!(
        skipped(&land("Glade\nchoice 3\n", "{0}")),
        "a `choice` past the end of Wagic's menu (line 8: `choice 3`)"
    );
    assert_eq!(
        skipped(&land("Glade\nGlade\n", "{0}")),
        "a move other than `choice` while Wagic's menu is open (line 8: `glade`)"
    );
    // The Sprite's menu lists the abilities the pool can pay ({W}, {U}), not {G}'s.
    let sprite = |moves: &str, pool: &str, life: i32| {
        test(
            "[PLAYER1]\ninplay:Sprite\nmanapool:{W}{U}\n[PLAYER2]\n",
            &format!("{moves}next\nnext\nSprite\nnext\nnext\nnext\n"),
            &format!("COMBATEND\n[PLAYER1]\ninplay:Sprite\nmanapool:{pool}\n[PLAYER2]\nlife:{life}\n"),
        )
    };
    assert_eq!(verdict(&sprite("Sprite\nchoice 1\n", "{0}", 17)), Verdict::Passed);
    assert_eq!(verdict(&sprite("Sprite\nchoice 0\n", "{0}", 18)), Verdict::Passed);
    assert_eq!(verdict(&sprite("Sprite\nchoice 2\n", "{0}", 19)), Verdict::Passed);
    // With {U} alone one ability reacts: the click activates it, with no menu.
    let alone = sprite("Sprite\n", "{0}", 17).replace("manapool:{W}{U}", "manapool:{U}");
    assert_eq!(verdict(&alone), Verdict::Passed);
    // A `choice` with no menu open does nothing, as in Wagic (`menus.rs`).
    let stray = sprite("choice 0\n", "{0}", 19);
    assert_eq!(verdict(&stray), Verdict::Passed);
}

#[test]
fn a_triggered_abilitys_menu_waits_for_the_moves() {
    let skipped = |test: &str| match verdict(test) {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("{other:?}"),
    };
    // The Eye's `may`: its menu lists the ability, then `Cancel`.
    let eye = |moves: &str, life: i32| {
        test(
            "[PLAYER1]\ninplay:Eye\nhand:Drake\nmanapool:{U}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Eye,Drake\nlife:{life}\n[PLAYER2]\n"),
        )
    };
    assert_eq!(verdict(&eye("Drake\nchoice 0\n", 21)), Verdict::Passed);
    assert_eq!(verdict(&eye("Drake\nchoice 1\n", 20)), Verdict::Passed);
    assert_eq!(skipped(&eye("Drake\nchoice 2\n", 20)), "a `choice` past the end of Wagic's menu (line 10: `choice 2`)");
    assert_eq!(skipped(&eye("Drake\n", 20)), "a question the moves leave unanswered (a triggered ability waits)");
    // The Fireman's entering ability has a target: its menu lists it alone (no
    // `Cancel`), then the target is clicked.
    let fireman = |moves: &str| {
        test(
            "[PLAYER1]\nhand:Fireman\ninplay:Grizzly Bears\nmanapool:{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
            moves,
            "FIRSTMAIN\n[PLAYER1]\ninplay:Fireman,Grizzly Bears\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
        )
    };
    let mut opponents_bears = fireman("Fireman\nchoice 0\nGrizzly Bears\n");
    // The first Bears Wagic finds are the first player's: the second player's are named
    // by clicking them where no other card of the name is.
    assert_eq!(
        verdict(&opponents_bears),
        Verdict::Failed(Difference {
            place: "player 1 graveyard".into(),
            expected: "[]".into(),
            actual: "[grizzly bears]".into(),
            notes: Vec::new(),
        })
    );
    opponents_bears = opponents_bears
        .replace(
            "[PLAYER1]\ninplay:Fireman,Grizzly Bears\n[PLAYER2]",
            "[PLAYER1]\ninplay:Fireman\ngraveyard:Grizzly Bears\n[PLAYER2]\ninplay:Grizzly Bears",
        )
        .replace("[PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Grizzly Bears\n", "[PLAYER2]\ninplay:Grizzly Bears\n");
    assert_eq!(verdict(&opponents_bears), Verdict::Passed);
    assert_eq!(
        skipped(&fireman("Fireman\nchoice 1\n")),
        "a `choice` past the end of Wagic's menu (line 11: `choice 1`)"
    );
    assert!(
        skipped(&fireman("Fireman\nGrizzly Bears\n")).starts_with("a triggered or entering ability asks a question")
    );
}

#[test]
fn a_may_whose_only_target_the_runtime_took_still_waits_for_its_click() {
    let skipped = |test: &str| match verdict(test) {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("{other:?}"),
    };
    // The Forest is the only basic land: the runtime takes it; Wagic asks for it and
    // ignores the click on the Glade, which is no legal target.
    let seeker = |moves: &str| {
        test(
            "[PLAYER1]\nhand:Seeker\nlibrary:Glade,Forest\nmanapool:{G}\n[PLAYER2]\n",
            moves,
            "FIRSTMAIN\n[PLAYER1]\nhand:Forest\ninplay:Seeker\nlibrary:Glade\n[PLAYER2]\n",
        )
    };
    assert_eq!(verdict(&seeker("Seeker\nchoice 0\nGlade\nForest\n")), Verdict::Passed);
    assert_eq!(verdict(&seeker("Seeker\nchoice 0\nForest\n")), Verdict::Passed);
    assert_eq!(verdict(&seeker("Seeker\nchoice 0\nchoice 1\nForest\n")), Verdict::Passed);
    assert_eq!(
        skipped(&seeker("Seeker\nchoice 0\nGlade\n")),
        "a question the moves leave unanswered (a triggered ability waits)"
    );
    assert_eq!(
        skipped(&seeker("Seeker\nchoice 0\nnext\n")),
        "a phase change while a target is awaited (line 11: `next`)"
    );
}

#[test]
fn a_spells_target_named_by_its_auto_line_waits_for_wagics_menu() {
    let skipped = |test: &str| match verdict(test) {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("{other:?}"),
    };
    // Wagic wraps the effect in a menu of that one ability: `choice 0`, then the target
    // (asked among two lands, or the only one, which the runtime takes without asking).
    for library in ["Mountain,Forest", "Forest"] {
        let scrying = |moves: &str| {
            let rest = library.replace("Forest", "").trim_matches(',').to_string();
            test(
                &format!("[PLAYER1]\nhand:Scrying\nlibrary:{library}\nmanapool:{{G}}\n[PLAYER2]\n"),
                moves,
                &format!("FIRSTMAIN\n[PLAYER1]\nhand:Forest\nlibrary:{rest}\ngraveyard:Scrying\n[PLAYER2]\n"),
            )
        };
        assert_eq!(verdict(&scrying("Scrying\nchoice 0\nForest\n")), Verdict::Passed, "{library}");
        // While the target waits no menu is open: Wagic's `choice` then does nothing.
        assert_eq!(verdict(&scrying("Scrying\nchoice 0\nchoice 3\nForest\n")), Verdict::Passed, "{library}");
        assert_eq!(
            skipped(&scrying("Scrying\nForest\n")),
            "a move other than `choice` while Wagic's menu is open (line 10: `forest`)"
        );
        assert_eq!(
            skipped(&scrying("Scrying\nchoice 1\nForest\n")),
            "a `choice` past the end of Wagic's menu (line 10: `choice 1`)"
        );
    }
}

#[test]
fn what_the_table_does_not_model_is_skipped_never_passed() {
    let skipped = |test: &str| match verdict(test) {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("{other:?}"),
    };
    // Tim entered this turn: its {T} ability would wait in Wagic.
    let sick = test(
        "[PLAYER1]\nhand:Tim\nmanapool:{2}{R}\n[PLAYER2]\n",
        "Tim\nTim\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Tim\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(skipped(&sick), "a creature that entered this turn acts (summoning sickness) (line 9: `tim`)");
    let phasing = test("[PLAYER1]\ninplay:Wall\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\ninplay:Wall\n[PLAYER2]\n");
    assert_eq!(skipped(&phasing), "a keyword ability the table does not model (Wall: phasing)");
    let by_id = test("[PLAYER1]\nhand:129732\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\n[PLAYER2]\n");
    assert_eq!(skipped(&by_id), "a card given by its Wagic id (pass Wagic's set files: `--sets`) (129732)");
    // Giant Growth's only target is taken without a question, but the test never clicks
    // it: in Wagic the spell was never cast.
    let unclicked = test(
        "[PLAYER1]\nhand:Giant Growth\ninplay:Grizzly Bears,Forest\n[PLAYER2]\n",
        "Forest\nGiant Growth\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Forest\ngraveyard:Giant Growth\n[PLAYER2]\n",
    );
    assert_eq!(skipped(&unclicked), "a question the moves leave unanswered (a spell or ability waits for a target)");
    let unpaid = test(
        "[PLAYER1]\nhand:Shock\n[PLAYER2]\n",
        "Shock\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(skipped(&unpaid), "a spell the mana pool cannot pay for (line 7: `shock`)");
}

#[test]
fn hostile_test_files_never_panic() {
    let library = own_library();
    let sample = test(
        "[PLAYER1]\nhand:Giant Growth,Shock,Tim\ninplay:Grizzly Bears,Forest,*\nmanapool:{R}{G}{2}\nlife:7\n[PLAYER2]\ninplay:Tim,Mountain\n",
        "Forest\nGiant Growth\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nTim\neot\ngoto firstmain\np2\nShock\np1\nTim\n",
        "UNTAP\n[PLAYER1]\ngraveyard:Shock,*\nmanapool:{0}\n[PLAYER2]\nlife:3\n",
    );
    // Every truncation, and the lines in every order they can be rotated to: read, and
    // when it reads, run, without a panic.
    for end in (0..sample.len()).filter(|&end| sample.is_char_boundary(end)) {
        if let Ok(test) = wagic::testfile::read(&sample[..end]) {
            runner::run(&library, &test);
        }
    }
    let lines: Vec<&str> = sample.lines().collect();
    for shift in 0..lines.len() {
        let rotated: Vec<&str> = lines[shift..].iter().chain(&lines[..shift]).copied().collect();
        if let Ok(test) = wagic::testfile::read(&rotated.join("\n")) {
            runner::run(&library, &test);
        }
    }
    // Moves in a random order.
    let moves = [
        "forest",
        "giant growth",
        "grizzly bears",
        "next",
        "eot",
        "tim",
        "p1",
        "p2",
        "shock",
        "mountain",
        "goto cleanup",
    ];
    let mut seed: u32 = 11;
    let mut played = 0;
    for _ in 0..300 {
        let mut text = String::new();
        for _ in 0..4 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            text.push_str(moves[(seed >> 16) as usize % moves.len()]);
            text.push('\n');
        }
        let test = wagic::testfile::read(&sample.replace("Forest\nGiant Growth\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nTim\neot\ngoto firstmain\np2\nShock\np1\nTim\n", &text))
            .expect("reads");
        let verdict = runner::run(&library, &test);
        if let Verdict::Passed | Verdict::Failed(_) = verdict {
            played += 1;
        }
    }
    assert!(played > 0, "no random test was played to its end");
}

#[test]
fn a_card_in_hand_with_cycling_opens_wagics_menu_of_cast_and_cycling() {
    let from_hand = |pool: &str, moves: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Toad\nlibrary:Forest\nmanapool:{pool}\n[PLAYER2]\n"),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    // Both can be paid: the cast rule's entry comes first, cycling second, then Cancel.
    assert_eq!(from_hand("{2}{G}", "Toad\nchoice 0\n", "inplay:Toad\nlibrary:Forest\n"), Verdict::Passed);
    assert_eq!(from_hand("{2}{G}", "Toad\nchoice 1\n", "graveyard:Toad\nhand:Forest\nmanapool:{G}\n"), Verdict::Passed);
    assert_eq!(
        from_hand("{2}{G}", "Toad\nchoice 2\n", "hand:Toad\nlibrary:Forest\nmanapool:{2}{G}\n"),
        Verdict::Passed
    );
    // The cast cannot be paid: cycling is the one entry, done at once.
    assert_eq!(from_hand("{2}", "Toad\n", "graveyard:Toad\nhand:Forest\n"), Verdict::Passed);
}

#[test]
fn cycling_is_offered_from_hand_only_and_a_spell_with_cycling_is_cast_as_its_first_entry() {
    // On the battlefield the Toad's one ability is its own `{0}:1/0`, done at once (cycling
    // is not offered: the card is not in hand).
    let battlefield = test(
        "[PLAYER1]\ninplay:Toad\nlibrary:Forest\nmanapool:{2}\n[PLAYER2]\n",
        "Toad\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Toad\nlibrary:Forest\nmanapool:{2}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&battlefield), Verdict::Passed);
    let sorcery = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\nhand:Vengeance\nlibrary:Forest\ninplay:Drake\nmanapool:{1}{W}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(
        sorcery("Vengeance\nchoice 0\n", "graveyard:Vengeance,Drake\nlibrary:Forest\nmanapool:{1}\n"),
        Verdict::Passed
    );
    assert_eq!(
        sorcery("Vengeance\nchoice 1\n", "graveyard:Vengeance\nhand:Forest\ninplay:Drake\nmanapool:{W}\n"),
        Verdict::Passed
    );
}

#[test]
fn a_card_with_kicker_opens_wagics_menu_and_its_kicker_effects_run_when_kicked_only() {
    // Recruit: with its kicker, two +1/+1 counters as it enters, so Shock's 2 damage
    // leaves it alive; without, it dies.
    let shocked = |pool: &str, moves: &str, recruit: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Recruit,Shock\nmanapool:{pool}\n[PLAYER2]\n"),
            &format!("{moves}Shock\nRecruit\n"),
            &format!("FIRSTMAIN\n[PLAYER1]\n{recruit}[PLAYER2]\n"),
        ))
    };
    // Both can be paid: the cast rule's entry first, the kicker rule's second.
    assert_eq!(shocked("{2}{W}{R}", "Recruit\nchoice 1\n", "inplay:Recruit\ngraveyard:Shock\n"), Verdict::Passed);
    assert_eq!(shocked("{2}{W}{R}", "Recruit\nchoice 0\n", "graveyard:Recruit,Shock\nmanapool:{2}\n"), Verdict::Passed);
    // The kicker cannot be paid: the cast is the one entry, done at once.
    assert_eq!(shocked("{W}{R}", "Recruit\n", "graveyard:Recruit,Shock\n"), Verdict::Passed);
    // A sorcery's kicker effect.
    let insight = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\nhand:Insight\nlibrary:Forest\nmanapool:{1}{U}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Insight\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(insight("Insight\nchoice 1\n", "hand:Forest\n"), Verdict::Passed);
    assert_eq!(insight("Insight\nchoice 0\n", "library:Forest\nmanapool:{1}\n"), Verdict::Passed);
}

#[test]
fn a_later_part_with_its_own_all_acts_on_its_own_cards() {
    // The Lasher gets +1/+1 and the opponent's 1/1 Assassin -1/-1: it dies, and the Lasher
    // attacks for 2 (Wagic splits the line at `&&` before it reads `all(...)`).
    let lashed = test(
        "[PLAYER1]\ninplay:Lasher,Mountain\n[PLAYER2]\ninplay:Assassin\n",
        "Mountain\nLasher\nnext\nnext\nLasher\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Lasher,Mountain\n[PLAYER2]\ngraveyard:Assassin\nlife:18\n",
    );
    assert_eq!(verdict(&lashed), Verdict::Passed);
}

#[test]
fn an_ability_given_to_the_controller_is_the_cards_own_effect() {
    // The Recollector's controller returns the creature card of their choice to their hand.
    let init = "[PLAYER1]\ninplay:Recollector\ngraveyard:Grizzly Bears,Assassin\nmanapool:{B}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Recollector\nhand:Assassin\ngraveyard:Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Recollector\nAssassin\n", expected)), Verdict::Passed);
}

#[test]
fn reject_discards_the_chosen_card_to_its_owners_graveyard() {
    let init = "[PLAYER1]\ninplay:Discarder\nhand:Grizzly Bears,Shock\nmanapool:{B}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Discarder\nhand:Grizzly Bears\ngraveyard:Shock\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Discarder\nShock\n", expected)), Verdict::Passed);
}
