//! `fog from(mytgt) oneshot` and `fog to(mytgt) oneshot` of a spell's target or of the
//! target an earlier `&&` part chose (`0/0 target(creature) && fog from(mytgt) oneshot`):
//! Wagic's `mytgt` is the ability's one target, and `fog` is one-shot already. On cards,
//! from their printed text: Fend Off stops the damage its target deals (not the damage
//! dealt to it), Resistance Fighter's and Maze of Ith's abilities likewise, Maze of Ith's
//! the damage dealt to it too.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library), as Wagic writes them.
const CARDS: &str = "\
[card]\nname=Fend Off\ntarget=creature\nauto=0/0 && fog from(mytgt) oneshot\n\
text=Prevent all combat damage that would be dealt by target creature this turn.\n\
mana={1}{W}\ntype=Instant\n[/card]\n\
[card]\nname=Resistance Fighter\nauto={S}:0/0 target(creature) && fog from(mytgt) oneshot\n\
text=Sacrifice Resistance Fighter: Prevent all combat damage target creature would deal this turn.\n\
mana={W}\ntype=Creature\nsubtype=Human Soldier\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Maze of Ith\n\
auto={T}:untap target(creature[attacking]) && fog to(mytgt) oneshot && fog from(mytgt) oneshot\n\
text={T}: Untap target attacking creature. Prevent all combat damage that would be dealt to and dealt by that creature this turn.\n\
type=Land\n[/card]\n\
[card]\nname=Safeguard\n\
auto={2}{W}:name(prevent all combat damage from target creature) donothing target(creature) && fog from(mytgt) oneshot\n\
text={2}{W}: Prevent all combat damage that would be dealt by target creature this turn.\n\
mana={3}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\nsubtype=Giant\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Runeclaw Bear\nmana={1}{G}\ntype=Artifact Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("fog_mytgt.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

/// Runeclaw Bear (2/2) of player 1 attacks and Grizzly Bears (2/2) of player 2 blocks it,
/// after `before` in player 1's first main phase.
const ATTACK: &str = "next\nnext\nRuneclaw Bear\nnext\nGrizzly Bears\nnext\nnext\n";

#[test]
fn a_later_part_prevents_the_damage_of_the_target_the_first_chose() {
    // The spell's target, `oneshot` changing nothing of Wagic's one-shot `fog`.
    assert_eq!(
        ir_of("target=creature\nauto=0/0 && fog from(mytgt) oneshot\ntype=Instant"),
        ["action[0]: - pump ueot; - preventdamage ueot"]
    );
    // The first part's `target(...)`: the later part acts on it (`prevtgt`).
    assert_eq!(
        ir_of("auto={S}:0/0 target(creature) && fog from(mytgt) oneshot\ntype=Creature"),
        ["action[1]: filterSome(Exact(1)) pump ueot; prevtgt preventdamage ueot"]
    );
}

#[test]
fn fend_off_stops_the_damage_its_target_deals_and_not_the_damage_dealt_to_it() {
    let init = "[PLAYER1]\ninplay:Runeclaw Bear\nhand:Fend Off\nmanapool:{1}{W}\n[PLAYER2]\ninplay:Grizzly Bears\n";
    // On the attacker: it dies to the blocker's damage and deals none.
    let expected = "COMBATEND\n[PLAYER1]\ngraveyard:Runeclaw Bear,Fend Off\n[PLAYER2]\ninplay:Grizzly Bears\n";
    assert_eq!(verdict(init, &format!("Fend Off\nRuneclaw Bear\n{ATTACK}"), expected), Verdict::Passed);
    // On the blocker: the attacker lives and the blocker dies.
    let expected =
        "COMBATEND\n[PLAYER1]\ninplay:Runeclaw Bear\ngraveyard:Fend Off\n[PLAYER2]\ngraveyard:Grizzly Bears\n";
    assert_eq!(verdict(init, &format!("Fend Off\nGrizzly Bears\n{ATTACK}"), expected), Verdict::Passed);
}

#[test]
fn resistance_fighter_stops_the_damage_of_the_creature_chosen() {
    let init = "[PLAYER1]\ninplay:Runeclaw Bear,Resistance Fighter\n[PLAYER2]\ninplay:Grizzly Bears\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Runeclaw Bear\ngraveyard:Resistance Fighter\n\
                    [PLAYER2]\ngraveyard:Grizzly Bears\n";
    let moves = format!("Resistance Fighter\nGrizzly Bears\n{ATTACK}");
    assert_eq!(verdict(init, &moves, expected), Verdict::Passed);
    // The same fight without it: both die.
    let init = "[PLAYER1]\ninplay:Runeclaw Bear\n[PLAYER2]\ninplay:Grizzly Bears\n";
    let expected = "COMBATEND\n[PLAYER1]\ngraveyard:Runeclaw Bear\n[PLAYER2]\ngraveyard:Grizzly Bears\n";
    assert_eq!(verdict(init, ATTACK, expected), Verdict::Passed);
}

#[test]
fn safeguard_labelled_doing_nothing_first_stops_the_damage_of_its_target() {
    let init = "[PLAYER1]\ninplay:Runeclaw Bear,Safeguard\nmanapool:{2}{W}\n[PLAYER2]\ninplay:Grizzly Bears\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Runeclaw Bear,Safeguard\n[PLAYER2]\ngraveyard:Grizzly Bears\n";
    assert_eq!(verdict(init, &format!("Safeguard\nGrizzly Bears\n{ATTACK}"), expected), Verdict::Passed);
}

#[test]
fn maze_of_ith_untaps_the_attacker_and_spares_it_and_its_blocker() {
    // Hill Giant (3/3) attacks, the Maze untaps it, Grizzly Bears (2/2) blocks: both live.
    let init = "[PLAYER1]\ninplay:Hill Giant,Maze of Ith\n[PLAYER2]\ninplay:Grizzly Bears\n";
    let moves = "next\nnext\nHill Giant\nMaze of Ith\nHill Giant\nnext\nGrizzly Bears\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Hill Giant,Maze of Ith\n[PLAYER2]\ninplay:Grizzly Bears\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn a_label_naming_the_damage_dealt_by_the_target_alone_refuses_fog_to() {
    // Horn of Deafening: "Prevent all combat damage that would be dealt by target
    // creature", where its `fog to(mytgt)` would prevent the damage dealt to it as well.
    let horn = "auto={2}{T}:name(prevent all combat damage that would be dealt by target creature) donothing \
                target(creature[attacking]) && fog to(mytgt) oneshot && fog from(mytgt) oneshot\ntype=Artifact";
    assert_eq!(
        error_of(horn).as_deref(),
        Some("unsupported: `fog to(...)` under a `name(...)` naming the damage dealt by the target alone")
    );
    // A `mytgt` with no target on its line stays refused.
    assert_eq!(
        error_of("auto={U}:fog to(mytgt) oneshot && fog from(mytgt) oneshot\ntype=Creature").as_deref(),
        Some("unsupported: spec `mytgt` in a filter")
    );
    // A prevention's spec the front end does not read names its term, not the word `from`.
    assert_eq!(
        error_of("auto=preventAllCombatDamage from(creature[dredgeable]) to(this)\ntype=Creature").as_deref(),
        Some("unsupported: spec term `dredgeable`")
    );
    // On a permanent's own line, `oneshot` of a prevention is refused (`oneshot_line.rs`).
    assert_eq!(
        error_of("auto=fog from(other creature) oneshot\ntype=Creature").as_deref(),
        Some("unsupported: `oneshot` of a lasting effect outside `aslongas(...)`")
    );
}
