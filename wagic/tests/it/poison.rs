//! Poison (`wagic/src/table/poison.rs`, `play/poison.rs`): infect's damage as -1/-1
//! counters on a creature and poison counters on a player, toxic's poison besides the
//! damage, `alterpoison:n`, `poisonshroud`, `poisoncount:` in Wagic's tests, and a game
//! lost with ten poison counters. Hand-written cards, and Wagic's Putrefax.

use std::sync::Arc;

use wagic::play::{self, End, Options, Outcome};
use wagic::runner::{self, Verdict};
use wagic::table::{Library, P0};

use super::behaviour::test;
use super::board::library;
use super::play::{cards, lives, turns};

const CARDS: &str = "[card]\nname=Blighter\nabilities=infect\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Stinger\nabilities=poisontwotoxic\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Venom\ntarget=player\nauto=alterpoison:3\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Antidote\nauto=alterpoison:-2 controller\nmana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Ward\nabilities=poisonshroud\ntype=Artifact\n[/card]\n\
[card]\nname=Blight Rush\nabilities=infect,haste\nmana={G}\ntype=Creature\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Ox\nmana={2}{G}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Cull\nauto=bury all(creature[toughness<=1])\nmana={0}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn own_library() -> Arc<Library> {
    Arc::new(Library::compile(&[("poison.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&own_library(), &wagic::testfile::read(test).expect("a test"))
}

/// Attacks with `attacker` (player 1's), blocked by player 2's `blocker` when there is
/// one; the test's verdict with `expected` after combat.
fn combat(attacker: &str, blocker: Option<&str>, expected: &str) -> Verdict {
    let (defender, blocks) = match blocker {
        Some(name) => (format!("inplay:{name}\n"), format!("{name}\n")),
        None => (String::new(), String::new()),
    };
    verdict(&test(
        &format!("[PLAYER1]\ninplay:{attacker}\n[PLAYER2]\n{defender}"),
        &format!("next\nnext\n{attacker}\nnext\n{blocks}next\nnext\n"),
        &format!("COMBATEND\n{expected}"),
    ))
}

#[test]
fn infect_damage_is_poison_to_a_player_and_counters_to_a_creature() {
    // Unblocked: two poison counters, no life lost.
    let unblocked = "[PLAYER1]\ninplay:Blighter\n[PLAYER2]\npoisoncount:2\n";
    assert_eq!(combat("Blighter", None, unblocked), Verdict::Passed);
    // Life lost instead would fail at the poison count, Wagic's next comparison.
    let Verdict::Failed(difference) = combat("Blighter", None, "[PLAYER1]\ninplay:Blighter\n[PLAYER2]\nlife:18\n")
    else {
        panic!("infect's damage took life")
    };
    assert_eq!(difference.place, "player 2 life");
    assert_eq!((difference.expected.as_str(), difference.actual.as_str()), ("18", "20"));
    // Blocked by a 2/2: the Bears get two -1/-1 counters and die; the Blighter dies of
    // the Bears' damage.
    let traded = "[PLAYER1]\ngraveyard:Blighter\n[PLAYER2]\ngraveyard:Grizzly Bears\n";
    assert_eq!(combat("Blighter", Some("Grizzly Bears"), traded), Verdict::Passed);
    // Blocked by a 3/3: two -1/-1 counters leave it a 1/1 (Cull buries it), not a 3/3
    // with 2 damage.
    let culled = test(
        "[PLAYER1]\ninplay:Blighter\nhand:Cull\n[PLAYER2]\ninplay:Ox\n",
        "next\nnext\nBlighter\nnext\nOx\nnext\nnext\nCull\n",
        "COMBATEND\n[PLAYER1]\ngraveyard:Blighter,Cull\n[PLAYER2]\ngraveyard:Ox\n",
    );
    assert_eq!(verdict(&culled), Verdict::Passed);
}

#[test]
fn toxic_damage_takes_life_and_gives_poison_besides() {
    let expected = "[PLAYER1]\ninplay:Stinger\n[PLAYER2]\nlife:19\npoisoncount:2\n";
    assert_eq!(combat("Stinger", None, expected), Verdict::Passed);
}

#[test]
fn alterpoison_adds_and_removes_poison_never_below_zero_nor_under_poisonshroud() {
    let venom = |init: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Venom\nmanapool:{{B}}\n[PLAYER2]\n{init}"),
            "Venom\np2\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Venom\n[PLAYER2]\n{expected}"),
        ))
    };
    assert_eq!(venom("poisoncount:4\n", "poisoncount:7\n"), Verdict::Passed);
    assert_eq!(venom("inplay:Ward\n", "inplay:Ward\n"), Verdict::Passed);
    let antidote = |init: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Antidote\nmanapool:{{W}}\n{init}[PLAYER2]\n"),
            "Antidote\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Antidote\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(antidote("poisoncount:3\n", "poisoncount:1\n"), Verdict::Passed);
    assert_eq!(antidote("poisoncount:1\n", ""), Verdict::Passed);
    // An unwritten count is Wagic's 0: a player left with poison fails there.
    let Verdict::Failed(difference) = antidote("poisoncount:5\n", "") else { panic!("poison was compared") };
    assert_eq!(
        (difference.place.as_str(), difference.expected.as_str(), difference.actual.as_str()),
        ("player 1 poisoncount", "0", "3")
    );
}

#[test]
fn a_player_with_ten_poison_counters_loses_the_game() {
    let library = own_library();
    let infect = cards(&[(10, "Forest"), (10, "Blight Rush")]);
    let lands = cards(&[(20, "Forest")]);
    for seed in 0..4 {
        let played = play::play(&library, [&infect, &lands], Options { seed, turn_limit: 40, ..Options::default() });
        let Outcome::Won { winner, reason } = &played.outcome else { panic!("seed {seed}: {:?}", played.outcome) };
        assert_eq!(*winner, P0, "seed {seed}");
        assert_eq!(played.end, End::Poison, "seed {seed}: a sim counts it as poison");
        let poison: i32 = reason
            .strip_prefix("p1 has ")
            .and_then(|rest| rest.strip_suffix(" poison counters"))
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("seed {seed}: {reason}"));
        assert!(poison >= 10, "seed {seed}: {reason}");
        // Infect takes no life; each hit is told with its count, the last with the count
        // that lost.
        let events: Vec<String> = turns(&played).into_iter().flat_map(|(.., events)| events).collect();
        let last = events.iter().rev().find(|text| text.starts_with("p1 gets "));
        assert!(last.is_some_and(|text| text.ends_with(&format!("({poison} in all)"))), "{last:?}");
        // The game ends at the first count of ten or more.
        let totals: Vec<i32> = events
            .iter()
            .filter_map(|text| {
                text.strip_prefix("p1 gets ")?.rsplit_once('(')?.1.strip_suffix(" in all)")?.parse().ok()
            })
            .collect();
        assert!(totals[..totals.len() - 1].iter().all(|total| *total < 10), "seed {seed}: {totals:?}");
        assert!(events.iter().any(|text| text == "Blight Rush deals 4 damage to p1"), "{events:?}");
        assert!(lives(&played).iter().all(|(_, life)| life[1] == 20), "infect takes no life");
    }
}

#[test]
fn putrefax_poisons_a_player_in_wagics_card_files() {
    let Some(library) = library() else { return };
    let attack = test(
        "[PLAYER1]\ninplay:Putrefax\n[PLAYER2]\npoisoncount:4\n",
        "next\nnext\nPutrefax\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Putrefax\n[PLAYER2]\npoisoncount:9\n",
    );
    assert_eq!(runner::run(&library, &wagic::testfile::read(&attack).expect("a test")), Verdict::Passed);
}
