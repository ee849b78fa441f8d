//! The runner's combat on hand-written cards, as Wagic's engine plays it: a click of a
//! blocker cycles it through the attackers it may block, evasion refuses a block, an
//! attacker with several blockers waits in Wagic's order step, trample and several
//! blockers wait in its damage screen, and the damage is assigned as that screen assigns
//! it by default (each blocker its toughness, 1 with deathtouch, the rest to the first or,
//! with trample, to the player); first strike damage comes first, from either side.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

const CARDS: &str = "[card]\nname=Bears\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ogre\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Page\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Wall\ntype=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Hawk\nabilities=flying\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Spider\nabilities=reach\ntype=Creature\npower=1\ntoughness=3\n[/card]\n\
[card]\nname=Rhino\nabilities=trample\ntype=Creature\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Viper\nabilities=deathtouch,trample\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Knight\nabilities=first strike\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Well\nauto=@each blockers:all(creature[attacking;flying]|battlefield) -flying\ntype=Enchantment\n[/card]\n\
[card]\nname=Troll\nauto=rampage(1/1,1)\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Pikeman\nabilities=flanking\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Lancer\nabilities=flanking\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Follower\nauto=aslongas(creature[attacking]|myBattlefield) mustattack\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Herald\nauto=@combat(blocking) source(this):may life:1 controller\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Chief\nauto=lord(creature[attacking;trample]|myBattlefield) 2/2\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Bander\nabilities=banding\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Archer\nauto={T}:damage:1 target(creature,player)\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Squire\ntype=Creature\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Sling\nauto={T}:damage:1 target(creature[power=1;toughness=1])\ntype=Artifact\n[/card]\n\
[card]\nname=Lookout\nauto=@tapped(this):life:1 controller\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Twin\nabilities=double strike\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Skeleton\nauto={B}:regenerate\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Spear\nauto={T}:damage:1 target(creature[attacking;blocking])\ntype=Artifact\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("combat.txt", CARDS.to_string())]).expect("the cards compile"));
    let text = format!("[INIT]\nCOMBATATTACKERS\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n");
    runner::run(&library, &wagic::testfile::read(&text).expect("a test"))
}

fn skipped(init: &str, moves: &str, expected: &str) -> String {
    match verdict(init, moves, expected) {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_click_moves_a_block_on_through_the_attackers_then_off() {
    let init = "[PLAYER1]\ninplay:Bears,Ogre\n[PLAYER2]\ninplay:Page\n";
    let clicks = |n: usize| format!("Bears\nOgre\nnext\n{}next\nnext\n", "Page\n".repeat(n));
    // One click: the Page blocks the first attacker, the Bears; the Ogre deals 3.
    let first = "COMBATEND\n[PLAYER1]\ninplay:Bears,Ogre\n[PLAYER2]\ngraveyard:Page\nlife:17\n";
    assert_eq!(verdict(init, &clicks(1), first), Verdict::Passed);
    // Two: it blocks the Ogre; the Bears deal 2.
    let second = "COMBATEND\n[PLAYER1]\ninplay:Bears,Ogre\n[PLAYER2]\ngraveyard:Page\nlife:18\n";
    assert_eq!(verdict(init, &clicks(2), second), Verdict::Passed);
    // Three: past the last attacker it blocks nothing; both deal their power.
    let none = "COMBATEND\n[PLAYER1]\ninplay:Bears,Ogre\n[PLAYER2]\ninplay:Page\nlife:15\n";
    assert_eq!(verdict(init, &clicks(3), none), Verdict::Passed);
    // Four: round again to the Bears.
    assert_eq!(verdict(init, &clicks(4), first), Verdict::Passed);
}

#[test]
fn a_creature_that_may_not_block_is_a_click_nothing_reacts_to() {
    // The Page cannot block the flying Hawk: the click does nothing, the Hawk deals 1.
    let unblocked = "COMBATEND\n[PLAYER1]\ninplay:Hawk\n[PLAYER2]\ninplay:Page\nlife:19\n";
    let init = "[PLAYER1]\ninplay:Hawk\n[PLAYER2]\ninplay:Page\n";
    assert_eq!(verdict(init, "Hawk\nnext\nPage\nnext\nnext\n", unblocked), Verdict::Passed);
    // Reach blocks it.
    let blocked = "COMBATEND\n[PLAYER1]\ngraveyard:Hawk\n[PLAYER2]\ninplay:Spider\n";
    let init = "[PLAYER1]\ninplay:Hawk\n[PLAYER2]\ninplay:Spider\n";
    assert_eq!(verdict(init, "Hawk\nnext\nSpider\nnext\nnext\n", blocked), Verdict::Passed);
    // With two attackers, the Page's click passes the Hawk by for the Bears.
    let init = "[PLAYER1]\ninplay:Hawk,Bears\n[PLAYER2]\ninplay:Page\n";
    let bears = "COMBATEND\n[PLAYER1]\ninplay:Hawk,Bears\n[PLAYER2]\ngraveyard:Page\nlife:19\n";
    assert_eq!(verdict(init, "Hawk\nBears\nnext\nPage\nnext\nnext\n", bears), Verdict::Passed);
}

#[test]
fn trample_waits_in_wagics_damage_screen_then_deals_the_rest_to_the_player() {
    let init = "[PLAYER1]\ninplay:Rhino\n[PLAYER2]\ninplay:Page\n";
    // The damage phase begins with the Rhino shown for its assignment: nothing dealt yet.
    let shown = "COMBATDAMAGE\n[PLAYER1]\ninplay:Rhino\n[PLAYER2]\ninplay:Page\n";
    assert_eq!(verdict(init, "Rhino\nnext\nPage\nnext\n", shown), Verdict::Passed);
    // Then 1 to the Page (its toughness), 3 to the player; the step waits once more.
    let dealt = "COMBATDAMAGE\n[PLAYER1]\ninplay:Rhino\n[PLAYER2]\ngraveyard:Page\nlife:17\n";
    assert_eq!(verdict(init, "Rhino\nnext\nPage\nnext\nnext\n", dealt), Verdict::Passed);
    let end = "COMBATEND\n[PLAYER1]\ninplay:Rhino\n[PLAYER2]\ngraveyard:Page\nlife:17\n";
    assert_eq!(verdict(init, "Rhino\nnext\nPage\nnext\nnext\nnext\n", end), Verdict::Passed);
}

#[test]
fn deathtouch_assigns_one_damage_to_a_blocker() {
    // The Viper (3/3, deathtouch, trample) gives the Wall 1 and the player 2.
    let init = "[PLAYER1]\ninplay:Viper\n[PLAYER2]\ninplay:Wall\n";
    let end = "COMBATEND\n[PLAYER1]\ninplay:Viper\n[PLAYER2]\ngraveyard:Wall\nlife:18\n";
    assert_eq!(verdict(init, "Viper\nnext\nWall\nnext\nnext\nnext\n", end), Verdict::Passed);
}

#[test]
fn two_blockers_wait_in_wagics_order_step_where_a_click_reorders_them() {
    // The Ogre (3/3) blocked by the Page then the Wall: the Page takes 1, the Wall 2.
    let init = "[PLAYER1]\ninplay:Ogre\n[PLAYER2]\ninplay:Page,Wall\n";
    let page_first = "COMBATEND\n[PLAYER1]\ninplay:Ogre\n[PLAYER2]\ninplay:Wall\ngraveyard:Page\n";
    let moves = "Ogre\nnext\nPage\nWall\nnext\nnext\nnext\nnext\n";
    assert_eq!(verdict(init, moves, page_first), Verdict::Passed);
    // The order step waits: one `next` fewer leaves combat in its damage phase.
    let early = "COMBATDAMAGE\n[PLAYER1]\ninplay:Ogre\n[PLAYER2]\ninplay:Wall\ngraveyard:Page\n";
    assert_eq!(verdict(init, "Ogre\nnext\nPage\nWall\nnext\nnext\nnext\n", early), Verdict::Passed);
    // A click on the Wall in the order step puts it first: it takes all 3, the Page none.
    let wall_first = "COMBATEND\n[PLAYER1]\ninplay:Ogre\n[PLAYER2]\ninplay:Page,Wall\n";
    let moves = "Ogre\nnext\nPage\nWall\nnext\nWall\nnext\nnext\nnext\n";
    assert_eq!(verdict(init, moves, wall_first), Verdict::Passed);
    // The Page is first already: a click on it swaps it with the second.
    let moves = "Ogre\nnext\nPage\nWall\nnext\nPage\nnext\nnext\nnext\n";
    assert_eq!(verdict(init, moves, wall_first), Verdict::Passed);
}

#[test]
fn a_first_strike_blocker_kills_its_attacker_before_it_strikes() {
    // The Knight deals its 2 in the first strike step: the Bears die and deal nothing.
    let init = "[PLAYER1]\ninplay:Bears\n[PLAYER2]\ninplay:Knight\n";
    let end = "COMBATEND\n[PLAYER1]\ngraveyard:Bears\n[PLAYER2]\ninplay:Knight\n";
    assert_eq!(verdict(init, "Bears\nnext\nKnight\nnext\nnext\n", end), Verdict::Passed);
    // A first striker attacking: the Page dies first and deals nothing back.
    let init = "[PLAYER1]\ninplay:Knight\n[PLAYER2]\ninplay:Page\n";
    let end = "COMBATEND\n[PLAYER1]\ninplay:Knight\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(verdict(init, "Knight\nnext\nPage\nnext\nnext\n", end), Verdict::Passed);
}

#[test]
fn blocks_the_model_does_not_play_are_skipped() {
    // The Well takes flying away, which the runtime's `Revoke` does not do to another
    // card's own ability.
    let init = "[PLAYER1]\ninplay:Hawk,Well\n[PLAYER2]\ninplay:Page\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Well\ngraveyard:Hawk\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(
        skipped(init, "Hawk\nnext\nPage\nnext\nnext\n", expected),
        "a block while a card takes keyword abilities away (`-ability` is not modelled) (Well)"
    );
    // Rampage with two blockers: the front end's trigger would count each.
    let init = "[PLAYER1]\ninplay:Troll\n[PLAYER2]\ninplay:Page,Wall\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Troll\n[PLAYER2]\ninplay:Page,Wall\n";
    assert_eq!(
        skipped(init, "Troll\nnext\nPage\nWall\nnext\nnext\nnext\nnext\n", expected),
        "rampage with several blockers (the front end's rampage counts each) (line 12: `next`)"
    );
    // The Herald's `may` as it blocks: Wagic's triggers step waits for the answer, then
    // goes on to the damage by itself, which the runner does not play.
    let init = "[PLAYER1]\ninplay:Bears\n[PLAYER2]\ninplay:Herald\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Bears\n[PLAYER2]\ngraveyard:Herald\nlife:21\n";
    assert_eq!(
        skipped(init, "Bears\nnext\nHerald\nnext\nchoice 0\nnext\n", expected),
        "a triggered ability asks a question as blockers are chosen (Wagic's triggers step) (line 11: `next`)"
    );
    // Banding.
    let init = "[PLAYER1]\ninplay:Bander\n[PLAYER2]\ninplay:Page\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Bander\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(
        skipped(init, "Bander\nnext\nPage\nnext\nnext\n", expected),
        "a block with banding (its blocks are not modelled) (line 10: `page`)"
    );
}

#[test]
fn a_defending_creature_with_an_ability_opens_wagics_menu_block_first() {
    // The Archer may block or use its `{T}` ability: `choice 0` is the block rule.
    let init = "[PLAYER1]\ninplay:Bears\n[PLAYER2]\ninplay:Archer\n";
    let blocked = "COMBATEND\n[PLAYER1]\ninplay:Bears\n[PLAYER2]\ngraveyard:Archer\n";
    assert_eq!(verdict(init, "Bears\nnext\nArcher\nchoice 0\nnext\nnext\n", blocked), Verdict::Passed);
    // `choice 1` its ability: 1 damage to the attacking player; the Bears are unblocked.
    let shot = "COMBATEND\n[PLAYER1]\ninplay:Bears\nlife:19\n[PLAYER2]\ninplay:Archer\nlife:18\n";
    assert_eq!(verdict(init, "Bears\nnext\nArcher\nchoice 1\np1\nnext\nnext\n", shot), Verdict::Passed);
    // Another move while the menu is open is not modelled.
    assert_eq!(
        skipped(init, "Bears\nnext\nArcher\nnext\nnext\n", blocked),
        "a move other than `choice` while Wagic's menu is open (line 11: `next`)"
    );
}

#[test]
fn an_attack_is_taken_back_by_a_second_click_and_attackers_tap_as_the_step_ends() {
    // Clicked twice, the Bears attack no more: combat ends at the next `next`.
    let init = "[PLAYER1]\ninplay:Bears\n[PLAYER2]\n";
    let none = "COMBATEND\n[PLAYER1]\ninplay:Bears\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Bears\nBears\nnext\n", none), Verdict::Passed);
    // The Lookout taps as the attackers step ends, not as it is clicked.
    let init = "[PLAYER1]\ninplay:Lookout\n[PLAYER2]\n";
    let clicked = "COMBATATTACKERS\n[PLAYER1]\ninplay:Lookout\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Lookout\n", clicked), Verdict::Passed);
    let tapped = "COMBATBLOCKERS\n[PLAYER1]\ninplay:Lookout\nlife:21\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Lookout\nnext\n", tapped), Verdict::Passed);
    // Taken back, it never taps.
    let back = "COMBATEND\n[PLAYER1]\ninplay:Lookout\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Lookout\nLookout\nnext\n", back), Verdict::Passed);
}

#[test]
fn a_spec_s_semicolon_ors_types_and_colours_only() {
    // `creature[power=1;toughness=1]` is a 1/1 (Wagic's `CardDescriptor::match_or` ands
    // power and toughness): of the Squire (1/2) and two Pages, the Pages are the targets.
    let init = "[PLAYER1]\ninplay:Sling,Squire,Page,Page\n[PLAYER2]\n";
    let expected = "COMBATATTACKERS\n[PLAYER1]\ninplay:Sling,Squire,Page\ngraveyard:Page\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Sling\nPage\n", expected), Verdict::Passed);
    // The Squire is no target: its click is ignored (as Wagic's chooser ignores it), the
    // target still awaited.
    let squire = "COMBATATTACKERS\n[PLAYER1]\ninplay:Sling,Squire,Page,Page\n[PLAYER2]\n";
    assert_eq!(
        skipped(init, "Sling\nSquire\n", squire),
        "a question the moves leave unanswered (a spell or ability waits for a target)"
    );
}

#[test]
fn a_regenerated_blocker_leaves_combat() {
    // The Swamp's mana pays the Skeleton's regeneration (`choice 1` of its menu, the block
    // rule being `choice 0`), then it blocks the Twin. The Twin's first strike destroys
    // it; regenerated, it leaves combat (Wagic's `initAttackersDefensers`): the Twin,
    // still blocked, deals no regular damage, and nothing more is dealt.
    let init = "[PLAYER1]\ninplay:Twin\n[PLAYER2]\ninplay:Skeleton,Swamp\n";
    let end = "COMBATEND\n[PLAYER1]\ninplay:Twin\n[PLAYER2]\ninplay:Skeleton,Swamp\n";
    let moves = "Twin\nnext\nSwamp\nSkeleton\nchoice 1\nSkeleton\nnext\nnext\n";
    assert_eq!(verdict(init, moves, end), Verdict::Passed);
}

#[test]
fn the_defending_player_acts_in_the_blockers_step_and_attacking_or_blocking_is_either() {
    // The defending player's Spear shoots the attacking Page
    // (`creature[attacking;blocking]`); the Bears deal their 2.
    let init = "[PLAYER1]\ninplay:Page,Bears,Squire\n[PLAYER2]\ninplay:Spear\n";
    let end = "COMBATEND\n[PLAYER1]\ninplay:Bears,Squire\ngraveyard:Page\n[PLAYER2]\ninplay:Spear\nlife:18\n";
    assert_eq!(verdict(init, "Page\nBears\nnext\nSpear\nPage\nnext\nnext\n", end), Verdict::Passed);
    // The Squire does not attack: it is no target, its click is ignored.
    let squire = "COMBATEND\n[PLAYER1]\ninplay:Page,Bears\ngraveyard:Squire\n[PLAYER2]\ninplay:Spear\n";
    assert_eq!(
        skipped(init, "Page\nBears\nnext\nSpear\nSquire\nnext\n", squire),
        "a phase change while a target is awaited (line 13: `next`)"
    );
}

#[test]
fn flanking_shrinks_its_blockers_without_flanking_as_blockers_are_chosen() {
    // The Page (1/1) blocks the Pikeman: -1/-1, it dies before any damage; combat ends.
    let init = "[PLAYER1]\ninplay:Pikeman\n[PLAYER2]\ninplay:Page\n";
    let end = "COMBATEND\n[PLAYER1]\ninplay:Pikeman\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(verdict(init, "Pikeman\nnext\nPage\nnext\n", end), Verdict::Passed);
    // The Squire (1/2) lives as a 0/1 to take the Pikeman's 1; the Pikeman takes none.
    let init = "[PLAYER1]\ninplay:Pikeman\n[PLAYER2]\ninplay:Squire\n";
    let end = "COMBATEND\n[PLAYER1]\ninplay:Pikeman\n[PLAYER2]\ngraveyard:Squire\n";
    assert_eq!(verdict(init, "Pikeman\nnext\nSquire\nnext\nnext\n", end), Verdict::Passed);
    // A blocker with flanking, the Lancer, is not shrunk: they trade.
    let init = "[PLAYER1]\ninplay:Pikeman\n[PLAYER2]\ninplay:Lancer\n";
    let end = "COMBATEND\n[PLAYER1]\ngraveyard:Pikeman\n[PLAYER2]\ngraveyard:Lancer\n";
    assert_eq!(verdict(init, "Pikeman\nnext\nLancer\nnext\nnext\n", end), Verdict::Passed);
}

#[test]
fn an_attack_changes_what_continuous_effects_see_at_once() {
    // The Bears attack: the Follower's `aslongas(creature[attacking])` gives it
    // `mustattack`, so it attacks too as the step ends (Wagic's Ekundu Cyclops).
    let init = "[PLAYER1]\ninplay:Follower,Bears\n[PLAYER2]\n";
    let both = "COMBATEND\n[PLAYER1]\ninplay:Follower,Bears\n[PLAYER2]\nlife:15\n";
    assert_eq!(verdict(init, "Bears\nnext\nnext\nnext\n", both), Verdict::Passed);
    // The attack taken back, nothing attacks.
    let none = "COMBATEND\n[PLAYER1]\ninplay:Follower,Bears\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Bears\nBears\nnext\n", none), Verdict::Passed);
}

#[test]
fn a_lord_of_attacking_creatures_follows_the_attack() {
    // The Chief pumps attacking creatures with trample (Wagic's Stonebrow): the Rhino,
    // 6/6 once it attacks, kills the Wall (its toughness, 4, assigned first) and tramples 2.
    let init = "[PLAYER1]\ninplay:Chief,Rhino\n[PLAYER2]\ninplay:Wall\n";
    let end = "COMBATEND\n[PLAYER1]\ninplay:Chief,Rhino\n[PLAYER2]\ngraveyard:Wall\nlife:18\n";
    assert_eq!(verdict(init, "Rhino\nnext\nWall\nnext\nnext\nnext\n", end), Verdict::Passed);
}
